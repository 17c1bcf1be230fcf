"""A position analysed rather than played: its best lines, each searched to the same depth, and its win by fours.

:meth:`~tictactoe.solver.strong_search.StrongSearch.analyse` hands the
strong search's tree (:mod:`tictactoe.solver.strong_tree`) to
:func:`analyse`, which deepens one ply at a time over the root's moves as
the strong search does, but keeps the ``lines`` best moves exact rather than
the best one alone: each root move is searched with a window whose lower
edge is the ``lines``-th best value found so far at that depth (a *root
window per move*), so that a move which beats it gets its exact value, and
one that does not is shown to be no better.  The candidates of an
:class:`Analysis` are then the best moves of one finished depth, each with
its exact value at that depth and its principal variation, read from the
table the search leaves behind.

An analysis keeps the deepest finished depth of each parity
(:meth:`Analysis.of_parity`), so that a caller valuing many positions (a
game's review) can read them all at one parity -- each with as many moves
of each side before the horizon, or each with one more of the mover's --
and choose which once it knows how deep they went.

A win by continuous fours of the player to move (:mod:`tictactoe.solver.threats`,
a proof: every reply is tried) is looked for first and given as
:attr:`Analysis.fours`.

>>> from configurations.rules import Rules
>>> from tictactoe.solver.position import Position
>>> from tictactoe.solver.strong_search import StrongSearch
>>> position = Position.from_rows(["X.O", "...", "..."], length=3)  # X to move, O in the next corner
>>> analysis = StrongSearch(Rules.square(3, 3)).analyse(position, 1.0)
>>> for line in analysis.lines:
...     print(line.depth, line.outcome, " ".join(map(str, line.moves)))
1 win a3 a2 c3 b2 b3
1 win c3 b2 a3 a2 b3
1 win a2 a3 b2 c2 c3
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations.moves import Move
from configurations.results import MoverScore, Outcome
from tictactoe.solver.clock import Deadline, OutOfTime
from tictactoe.solver.geometry import lowest_square, squares_of
from tictactoe.solver.strong_root import find_threats, root_moves
from tictactoe.solver.strong_tree import CLOCK_EVERY, INFINITY, PROVED, WIN

if TYPE_CHECKING:
    from tictactoe.solver.strong_tree import TreeSearch
    from tictactoe.solver.timing import MoveClock

__all__ = ["LINE_PLIES", "ROOT_MOVES", "Analysis", "Depth", "Line", "analyse"]

#: Root moves searched on boards searched with beams (every move on the small ones).
ROOT_MOVES = 16
#: Moves a principal variation shows past its depth at most (the forced moves the search followed past it).
LINE_PLIES = 4
# A candidate as an iteration finds it: its value, the depth, its principal variation of squares.
_Found = tuple[int, int, list[int]]


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate of an analysis: the root ``move``, its ``value`` to the player to move (above
    ``PROVED``: a proved win, ``WIN - value`` plies away; below ``-PROVED`` a proved loss; else the estimate)
    searched ``depth`` plies deep, and its principal variation ``moves``, ``move`` first."""

    move: Move
    value: MoverScore
    depth: int
    moves: tuple[Move, ...]

    @property
    def outcome(self) -> Outcome | None:
        """The result the value proves, or None for an estimate (or a win or loss the beams believe)."""
        if self.value >= PROVED:
            return Outcome.WIN
        return Outcome.LOSS if self.value <= -PROVED else None


@dataclass(frozen=True, slots=True)
class Depth:
    """The candidates of one finished ``depth``, the best first, and whether their values are ``proved`` (every
    move searched, no horizon met)."""

    depth: int
    lines: tuple[Line, ...]
    proved: bool


@dataclass(frozen=True, slots=True)
class Analysis:
    """What :func:`analyse` found: ``depths``, the deepest finished depth of each parity, the deeper last (a
    depth 0 of the move order's first moves, valued 0, when none finished); ``fours``, the mover's win by
    continuous fours, or None; ``nodes`` and ``seconds`` (wall clock) spent."""

    depths: tuple[Depth, ...]
    fours: tuple[Move, ...] | None
    nodes: int
    seconds: float

    @property
    def deepest(self) -> Depth:
        """The deepest depth finished."""
        return self.depths[-1]

    @property
    def best(self) -> Line:
        """The best candidate of the deepest depth finished."""
        return self.deepest.lines[0]

    @property
    def lines(self) -> tuple[Line, ...]:
        """The candidates of the deepest depth finished, the best first."""
        return self.deepest.lines

    @property
    def depth(self) -> int:
        """The deepest depth finished."""
        return self.deepest.depth

    def of_parity(self, parity: int) -> Depth | None:
        """The deepest depth finished whose remainder by 2 is ``parity``: a proof whatever its parity, since a
        deeper search would find the same; None when none of that parity finished."""
        if self.deepest.proved:
            return self.deepest
        return next((depth for depth in reversed(self.depths) if depth.depth % 2 == parity), None)


def analyse(tree: TreeSearch, clock: MoveClock, *, lines: int) -> Analysis:
    """The analysis of ``tree``'s board (begun by the caller) by ``clock``'s deadlines: the ``lines`` best root
    moves of each depth, deeper one ply at a time while the clock foresees the next depth ends in time."""
    board = tree.board
    assert board is not None
    fours = _fours(tree, clock)
    moves = _root_moves(tree)
    tree.deadline = Deadline(clock.deepening, every=CLOCK_EVERY)
    width = board.cols

    def line(value: int, depth: int, squares: list[int]) -> Line:
        return Line(Move(*divmod(squares[0], width)), MoverScore(value), depth, tuple(_moves(squares, width)))

    finished = [Depth(0, tuple(line(0, 0, [square]) for square in moves[:lines]), proved=False)]
    if board.threats[board.mover]:  # a line to complete: the search below the root plays on past a won game
        finished.append(Depth(1, (line(WIN - 1, 1, moves),), proved=True))
        moves = []
    spent: list[float] = []
    for depth in range(1, 1 + (board.empties if moves else 0)):
        began = time.monotonic()
        try:
            found, proved = _iteration(tree, moves, depth, lines)
        except OutOfTime:
            break
        spent.append(time.monotonic() - began)
        finished = [*finished[-1:], Depth(depth, tuple(line(*found_line) for found_line in found), proved)]
        order = [squares[0] for _, _, squares in found]
        moves = order + [square for square in moves if square not in order]
        # A win or loss the beams believe may hang on a move they cut off: only one found with every move tried
        # ends the deepening early, where the strong search plays it at once.
        settled = proved or (abs(found[0][0]) >= PROVED and tree.width == INFINITY)
        if settled or not clock.begin_depth(spent):
            break
    return Analysis(
        depths=tuple(finished),
        fours=None if fours is None else tuple(_moves(fours, width)),
        nodes=tree.nodes,
        seconds=time.monotonic() - clock.started,
    )


def _moves(squares: list[int], width: int) -> list[Move]:
    return [Move(*divmod(square, width)) for square in squares]


def _fours(tree: TreeSearch, clock: MoveClock) -> list[int] | None:
    """The mover's win by continuous fours on ``tree``'s board, found by ``clock``'s share for it, or None."""
    board = tree.board
    assert board is not None
    if board.threats[1 - board.mover]:
        return None  # the opponent's threat first: a four that does not block it is no win
    return find_threats(tree, clock.fours, threes=False)


def _root_moves(tree: TreeSearch) -> list[int]:
    """The root's moves, as the strong search chooses them (:func:`~tictactoe.solver.strong_root.root_moves`;
    the square that completes a line when there is one, and the first empty square when no square lies on a live
    window), the first :data:`ROOT_MOVES` on a board searched with beams."""
    board = tree.board
    assert board is not None
    if board.threats[board.mover]:
        return squares_of(board.threats[board.mover])[:1]
    moves = root_moves(tree) or board.empty_squares()[:1]
    return moves if tree.width == INFINITY else moves[:ROOT_MOVES]


def _iteration(tree: TreeSearch, moves: list[int], depth: int, lines: int) -> tuple[list[_Found], bool]:
    """The root ``moves`` searched ``depth`` plies deep, the ``lines`` best kept exact, best first, each as
    ``(value, depth, line)``; and whether they are proved.  Each move is searched with a window above the
    ``lines``-th best value so far, so that one which beats it gets its exact value."""
    kept: list[_Found] = []
    tree.inexact = 0
    for square in moves:
        floor = kept[-1][0] if len(kept) >= lines else -INFINITY
        tree.play(square)
        try:
            value = -tree.search(depth - 1, -INFINITY, -floor, 1)
            line = [square, *_principal(tree, depth - 1 + LINE_PLIES)] if value > floor else []
        finally:
            tree.undo()  # also when time runs out: the caller reads the root's board
        if value > floor:
            kept.append((value, depth, line))
            kept.sort(key=lambda found: -found[0])
            del kept[lines:]
    return kept, not tree.inexact


def _principal(tree: TreeSearch, most: int) -> list[int]:
    """The principal variation from ``tree``'s board: the best moves its table holds, one after another, at most
    ``most``, a block of the opponent's threat where one is needed; a winning square ends it.  The board is left
    as it was."""
    board = tree.board
    assert board is not None
    line: list[int] = []
    played = 0
    try:
        while len(line) < most and board.empties:
            if board.threats[board.mover]:
                line.append(squares_of(board.threats[board.mover])[0])  # the win: nothing follows it
                break
            theirs = board.threats[1 - board.mover]
            if theirs:  # a block, forced (or one of two, the game lost): the table may not hold it
                square = lowest_square(board.stops(1 - board.mover) or theirs)
            elif board.double_threats(board.mover):  # two threats at once win: the search stores no move for it
                square = lowest_square(board.double_threats(board.mover))
            else:
                square = tree.stored_move()
            if square < 0 or (board.tiles[0] | board.tiles[1]) >> square & 1:
                break
            line.append(square)
            tree.play(square)
            played += 1
    finally:
        for _ in range(played):
            tree.undo()
    return line
