"""The strong player's search: the best move it can find on any board within a time budget (docs/players.md).

One call of :meth:`StrongSearch.choose` goes through these steps, each
only when the ones before it did not settle the move; its parts are
modules of their own:

1. The rules (:mod:`tictactoe.solver.strong_root`): a square that
   completes a line wins at once; against two such squares of the
   opponent's the game is lost (one is blocked, the longest loss); against
   one, it is blocked.  Against a square where the opponent would make two
   threats at once (an open three), only the moves that stop it are
   searched below.  On a board searched with beams the first move of an
   empty board is its centre.  These rules hold whatever time the search
   has.
2. A win by continuous fours (:mod:`tictactoe.solver.threats`): a proof,
   played at once on a board searched with beams (below), where the
   iterative deepening's wins are not proofs.  On a small board, searched
   with every move, the deepening still looks for a shorter win first.
   On a board searched with beams, then, the opponent's win by fours as if
   the player passed: only the moves after which its search finds none are
   searched; then, with five or more in a row, a win by fours and open
   threes, which the player believes and plays if it is one of those moves
   (scored ``BELIEVED``).
3. Iterative deepening: negamax with alpha-beta
   (:mod:`tictactoe.solver.strong_tree`, which says what it does below the
   root) searched one ply deeper at a time, the best move of the last
   finished depth tried first in the next, until the depth reaches
   ``max_plies``, the value is proved, or the next depth is not foreseen
   to end in time (:mod:`tictactoe.solver.timing`, which also gives each
   search at the root its share of the budget): its cost is foreseen from
   the growth of the depths before it.  A depth the clock stops still
   counts once its first move, the last depth's best, is searched: a move
   that beat it at the new depth is played.  The root's moves, and the
   moves below it, come in the search's move order
   (:mod:`tictactoe.solver.move_orders`, ``weights`` unless told another);
   on boards over 6x6 only the first ``ROOT_WIDTH`` are searched at the
   root, while no loss is believed within them.  Below the root the wins
   by fours are looked for by the search's setting of them
   (:mod:`tictactoe.solver.tree_threats`, ``off`` unless told another).
4. The chosen move is checked against the opponent's wins by continuous
   fours; if it allows one, the next best move that allows none is played.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from configurations.moves import Move
from configurations.results import MoverScore, Outcome
from tictactoe.solver.analysis import Analysis, analyse
from tictactoe.solver.clock import Deadline, OutOfTime
from tictactoe.solver.geometry import geometry
from tictactoe.solver.move_orders import DEFAULT_ORDER, make_order
from tictactoe.solver.strong_root import (
    find_threats,
    root_moves,
    safe,
    settled_by_rules,
    threat_space,
)
from tictactoe.solver.strong_tree import CLOCK_EVERY, INFINITY, PROVED, WIN, TreeSearch
from tictactoe.solver.timing import MoveClock
from tictactoe.solver.tree_threats import DEFAULT_TREE_THREATS
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from configurations import SearchStats
    from configurations.rules import Rules
    from tictactoe.solver.position import Position
    from tictactoe.solver.strong_root import Settled

__all__ = ["BELIEVED", "DEFAULT_CAPACITY", "PROVED", "ROOT_WIDTH", "WIN", "Decision", "StrongSearch"]

#: The score of a win by fours and threes: believed, not proved.
BELIEVED = PROVED - 1
#: Records kept between moves: about 100 MB on a 26x26 board at most.
DEFAULT_CAPACITY = 200_000
#: Moves searched at the root on boards over 6x6 (below it, :data:`tictactoe.solver.strong_tree.WIDTH`).
ROOT_WIDTH = 16


@dataclass(frozen=True, slots=True)
class Decision:
    """What :meth:`StrongSearch.choose` decided.

    ``move``: the square to play.  ``score``: its worth to the mover
    (above ``PROVED``: a proved win, ``WIN - score`` plies away; below
    ``-PROVED`` a proved loss; else the line-weight estimate).
    ``outcome``: ``"win"``, ``"loss"`` or ``"draw"`` when proved, else
    ``None``.  ``depth``: plies of the last finished iteration (0 when a
    rule settled the move).  ``nodes``: positions visited.  ``seconds``:
    processor time.
    """

    move: Move
    score: MoverScore
    outcome: Outcome | None
    depth: int = field(kw_only=True)
    nodes: int = field(kw_only=True)
    seconds: float = field(kw_only=True)


class StrongSearch:
    """Chooses moves in games played by ``rules``, keeping one table of at most ``capacity`` positions from call
    to call, trying moves in the move ``order`` of that name (:mod:`tictactoe.solver.move_orders`), and looking
    for wins by fours below the root by the setting ``threats`` of that name (:mod:`tictactoe.solver.tree_threats`);
    ``ValueError`` for a name that is none.

    ``patterns``: whether a board searched with beams is scored at the horizon by the patterns on its lines
    (the default, the stronger player) or, as smaller boards of freestyle are, by its windows' values -- the scale
    the review's chances are fitted to (:mod:`tictactoe.game.review.values`).  The patterns count what can still
    win under the rules' variant, the windows' values what could under freestyle: a board of another variant is
    scored by its patterns, unless ``patterns`` is false."""

    __slots__ = ("_iteration_best", "_shape", "_tree", "rules")

    def __init__(
        self,
        rules: Rules,
        *,
        capacity: int = DEFAULT_CAPACITY,
        patterns: bool = True,
        order: str = DEFAULT_ORDER,
        threats: str = DEFAULT_TREE_THREATS,
    ) -> None:
        self.rules = rules
        self._shape = geometry(rules.rows, rules.cols, rules.k)
        move_order = make_order(order, self._shape.squares)
        self._tree = TreeSearch(
            self._shape, rules.variant, capacity=capacity, patterns=patterns, order=move_order, threats=threats
        )
        self._iteration_best: tuple[int, int] | None = None

    @property
    def capacity(self) -> int:
        """The most positions its table holds."""
        return self._tree.capacity

    @property
    def order(self) -> str:
        """The name of the move order it searches with."""
        return self._tree.order.name

    @property
    def threats(self) -> str:
        """The name of its setting of the wins by fours below the root."""
        return self._tree.threats

    @property
    def nodes(self) -> int:
        """Positions visited by the last :meth:`choose`, or by the one under way."""
        return self._tree.nodes

    def choose(self, position: Position, *, max_plies: int, think: float, stats: SearchStats | None = None) -> Decision:
        """The move to play for the player to move in ``position``, searching at most ``max_plies`` plies
        and about ``think`` seconds of wall-clock time.

        ``stats.nodes`` climbs as positions are visited.  ``ValueError``
        for a finished position or one of another board's shape.
        """
        self._check(position)
        started, clock = time.process_time(), time.monotonic()
        board = search_board(position)
        self._tree.begin(board, position.x_tiles, position.o_tiles, stats)
        square, score, outcome, depth = self._decide(MoveClock(clock, think), max(1, max_plies))
        self._tree.report()
        seconds = time.process_time() - started
        return Decision(
            Move(*divmod(square, self.rules.cols)),
            MoverScore(score),
            outcome,
            depth=depth,
            nodes=self._tree.nodes,
            seconds=seconds,
        )

    def analyse(self, position: Position, seconds: float, lines: int = 3) -> Analysis:
        """The ``lines`` best moves of the player to move in ``position``, each searched to the same depth, at
        the deepest depth of each parity that about ``seconds`` of wall-clock time finish, with their values and
        principal variations, and the mover's win by continuous fours if one is found
        (:mod:`tictactoe.solver.analysis`).  ``ValueError`` as :meth:`choose` says."""
        self._check(position)
        clock = time.monotonic()
        self._tree.begin(search_board(position), position.x_tiles, position.o_tiles, None)
        return analyse(self._tree, MoveClock(clock, seconds), lines=max(1, lines))

    def _check(self, position: Position) -> None:
        """``ValueError`` for a finished position or one of other rules than the search's."""
        if position.rules != self.rules:
            mine, theirs = self.rules, position.rules
            raise ValueError(
                f"this search plays {mine.board} with {mine.k} in a row, not {theirs.board} with {theirs.k}"
                if (mine.variant, mine.opening) == (theirs.variant, theirs.opening)
                else f"this search plays {mine}, not {theirs}"
            )
        if position.winner is not None or not position.empty_squares:
            raise ValueError("the game is over: there is no move to make")

    def _decide(self, clock: MoveClock, max_plies: int) -> Settled:
        """``(square, score, outcome, depth)`` of :meth:`choose`: the rules first, then the searches."""
        tree = self._tree
        board = tree.board
        assert board is not None
        settled = settled_by_rules(board, self._shape, tree.width)
        if settled is not None:
            return settled
        theirs = board.threats[1 - board.mover]
        small = tree.width == INFINITY
        line = None if theirs else find_threats(tree, clock.fours, threes=False)
        if line is not None:
            # Nothing wins sooner than 3 plies but a threat, which the rules above took.
            if not small or len(line) <= 3:
                return line[0], WIN - len(line), Outcome.WIN, 0
            max_plies = min(max_plies, len(line) - 2)
        moves = root_moves(tree)
        if not moves:  # no square lies on a live window: nobody can win
            return board.empty_squares()[0], 0, Outcome.DRAW, 0
        if not small:
            win, moves = threat_space(tree, moves, clock, ROOT_WIDTH)
            if win is not None:
                return win, BELIEVED, None, 0
        every_move = small or len(moves) <= ROOT_WIDTH
        kept = len(moves) if every_move else ROOT_WIDTH
        moves, others = moves[:kept], moves[kept:]
        tree.deadline = Deadline(clock.deepening, every=CLOCK_EVERY)
        square, score, outcome, depth = self._deepen(moves, max_plies, clock, others)
        if line is not None and score < WIN - len(line):
            return line[0], WIN - len(line), Outcome.WIN, 0
        if outcome != Outcome.WIN and not every_move:
            outcome = None  # a loss or a draw among some of the moves proves nothing of the others
        if outcome is None:
            tree.deadline = Deadline(clock.whole, every=CLOCK_EVERY)
            square = safe(tree, square, moves)
        return square, score, outcome, depth

    def _deepen(self, moves: list[int], max_plies: int, clock: MoveClock, others: list[int]) -> Settled:
        """Iterative deepening over the root ``moves``: ``(square, score, outcome, depth)`` of the deepest
        finished iteration, or of the best move so far of the depth the deadline stopped, once its first move
        (the last depth's best) is searched.  A depth is begun when ``clock`` says so
        (:meth:`~tictactoe.solver.timing.MoveClock.begin_depth`).  A win believed within the beams is played at
        once; against a loss believed within them the root's ``others``, the moves its beam left out, join
        ``moves`` and the deepening goes on.
        """
        square, score, done = moves[0], 0, 0
        unfinished = False  # whether the move is the best so far of a depth the clock stopped
        spent: list[float] = []
        for depth in range(1, max_plies + 1):
            began = time.monotonic()
            self._tree.inexact = 0
            self._iteration_best = None
            try:
                score, square = self._root(depth, moves)
            except OutOfTime:
                if self._iteration_best is not None and done:
                    # The old best is searched first: a move that beat it at the new depth is the better guess.
                    square, score = self._iteration_best
                    unfinished = True
                break
            done = depth
            spent.append(time.monotonic() - began)
            moves.remove(square)
            moves.insert(0, square)
            if not self._tree.inexact:
                return square, score, _outcome(score), depth
            # A loss the beams believe may hang on a defence they cut off, and a lost game loses nothing by the
            # time spent looking for one: only a proved loss, or a win, ends the deepening early.
            settled = score >= PROVED or (score <= -PROVED and self._tree.width == INFINITY)
            if settled or not clock.begin_depth(spent):
                break
            if score <= -PROVED:
                moves.extend(others)
                others = []
        if not done:
            return moves[0], 0, None, 0
        # A win or a loss found with every move tried is a proof (an estimate never reaches PROVED); with beams,
        # a move of either side may have been cut short.
        # A depth the clock stopped proves a win by the move that wins, never a loss: not every move was searched.
        proved = (score >= PROVED or (score <= -PROVED and not unfinished)) and self._tree.width == INFINITY
        return square, score, (_outcome(score) if proved else None), done

    def _root(self, depth: int, moves: list[int]) -> tuple[int, int]:
        """The best of ``moves`` searched ``depth`` plies deep, and its score."""
        tree = self._tree
        alpha, best, best_move = -INFINITY, -INFINITY, moves[0]
        for move in moves:
            tree.play(move)
            try:
                value = -tree.search(depth - 1, -INFINITY, -alpha, 1)
            finally:
                tree.undo()  # also when time runs out: what follows the deepening reads the root's board
            if value > best:
                best, best_move = value, move
                self._iteration_best = (move, value)
                alpha = max(alpha, value)
        return best, best_move


def _outcome(score: int) -> Outcome:
    """The proved outcome a final score means."""
    return Outcome.WIN if score >= PROVED else Outcome.LOSS if score <= -PROVED else Outcome.DRAW
