"""The strong search's rules at the root and its guards by threats: what settles a move before any deepening,
which root moves are left to the deepening, and the last check of the move it chose.

* :func:`settled_by_rules`: a square that completes a line wins at once;
  against two such squares of the opponent's the game is lost (one is
  blocked, the longest loss); against one, on a board searched with
  beams, it is blocked; there the first move of an empty board is its
  centre.  :func:`answers_to_double_threats`: against a square where the
  opponent would make two threats at once (an open three), only the moves
  that stop it.  These hold whatever time the search has.
* :func:`find_threats`: a win by continuous fours, or by fours and threes
  (:mod:`tictactoe.solver.threats`), of the player or, as if the player
  passed, of the opponent.  :func:`threat_space` guards the root moves of
  a board searched with beams with them (:func:`defences`).
* :func:`safe`: the chosen move checked against the opponent's wins by
  continuous fours.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from configurations.results import Outcome
from tictactoe.solver.clock import Deadline
from tictactoe.solver.geometry import lowest_square, squares_of
from tictactoe.solver.strong_tree import INFINITY, WIN
from tictactoe.solver.threats import ThreatSearch

if TYPE_CHECKING:
    from tictactoe.solver.geometry import Geometry
    from tictactoe.solver.search_board import SearchBoard
    from tictactoe.solver.strong_tree import TreeSearch
    from tictactoe.solver.timing import MoveClock

__all__ = [
    "THREES_FROM_LENGTH",
    "Settled",
    "answers_to_double_threats",
    "defences",
    "find_threats",
    "root_moves",
    "safe",
    "settled_by_rules",
    "threat_space",
]

#: What settles a move: ``(square, score, outcome, depth)``.
Settled = tuple[int, int, Outcome | None, int]
#: Threes are looked for from this length to win: an open three is a threat of five in a row's.
THREES_FROM_LENGTH = 5
_FOURS_NODE_LIMIT = 20_000
_THREES_NODE_LIMIT = 500
# Positions of each search of the opponent's fours after one of the mover's candidate defences.
_GUARD_NODE_LIMIT = 2_000


def settled_by_rules(board: SearchBoard, shape: Geometry, width: int) -> Settled | None:
    """The move the rules settle, whatever the time: a line to complete, a line of the opponent's to
    block (two: the game is lost), the centre of an empty board searched with beams (``width`` below
    ``INFINITY``); else None."""
    mover = board.mover
    mine, theirs = board.threats[mover], board.threats[1 - mover]
    if mine:
        return lowest_square(mine), WIN - 1, Outcome.WIN, 0
    stops = board.stops(1 - mover) if theirs else 0
    if theirs and not stops:
        # Two threats, or one black may not block under renju: whatever is played, the opponent completes one.
        allowed = board.playable(mover, [*squares_of(theirs), *board.empty_squares()], 0)
        return (allowed or squares_of(theirs))[0], 2 - WIN, Outcome.LOSS, 0
    if width == INFINITY:
        return None
    if stops and not stops & (stops - 1):
        return lowest_square(stops), 0, None, 0  # the block is forced: there is nothing to weigh
    if board.empties == board.squares:
        # The first move: a search this short cannot tell the squares near the centre apart, and the
        # centre leaves the most room.
        return shape.centre_order[0], 0, None, 0
    return None


def root_moves(tree: TreeSearch) -> list[int]:
    """The root's moves before any timed search: the blocks of the opponent's threat when it has one, else the
    move order's; only squares on a live window; less those that lose at once to an open three
    (:func:`answers_to_double_threats`).  Empty when no square lies on a live window: nobody can win."""
    board = tree.board
    assert board is not None
    mover = board.mover
    theirs = board.threats[1 - mover]
    moves = board.playable(mover, squares_of(board.stops(1 - mover)) if theirs else tree.order.moves(board))
    if moves and not theirs and board.double_threats(1 - mover):
        moves = answers_to_double_threats(board, moves)
    return moves


def answers_to_double_threats(board: SearchBoard, moves: list[int]) -> list[int]:
    """Of ``moves``, in order, those that do not lose at once to the opponent's square of two threats (an open
    three about to become an open four): after each, the opponent has no such square, or must first answer
    the mover's threat.  All of ``moves`` when none does (the game is lost whatever is played).

    A rule, like the forced block, settled before any timed search: it holds however little time the
    search gets, whichever thread it runs in.
    """
    answers = []
    for move in moves:
        board.play(move)
        opponent = board.mover
        if board.threats[1 - opponent] or not board.double_threats(opponent):
            answers.append(move)
        board.undo()
    return answers or moves


def find_threats(tree: TreeSearch, deadline: float, *, threes: bool, passed: bool = False) -> list[int] | None:
    """A win by continuous fours (and threes, with ``threes``) on ``tree``'s board for the player to move (with
    ``passed``: for the opponent, as if the player to move passed), found by ``deadline``; None if none is.  Its
    positions count among ``tree``'s."""
    assert tree.board is not None
    limit = _THREES_NODE_LIMIT if threes else _FOURS_NODE_LIMIT
    search = ThreatSearch(tree.board, threes=threes, node_limit=limit, deadline=Deadline(deadline), passed=passed)
    line = search.find()
    tree.nodes += search.nodes
    return line


def threat_space(tree: TreeSearch, moves: list[int], clock: MoveClock, width: int) -> tuple[int | None, list[int]]:
    """The threats of both sides at the root of a board searched with beams, the mover's own win by
    fours already ruled out: ``(a move of the mover's believed win or None, the root moves)``.

    A win of the opponent's by fours, as if the mover passed, leaves only the moves after which it has
    none (:func:`defences`, of the first ``width`` moves and those the threats name); then a win of the mover's by
    fours and threes is believed and played if it is one of them.  The opponent's wins by fours and threes as if
    the mover passed are not looked for: a pass is a whole tempo, such a win is found in most positions, and the
    moves its search of 500 positions leaves lost games (in python -m bench.match at --think 0.2, 15x15, 48 games
    against the same search without it: 41.7% with it, 54.2% without).
    """
    board = tree.board
    assert board is not None
    fours = find_threats(tree, clock.guard, threes=False, passed=True)
    if fours is not None:
        moves = defences(tree, moves, fours, deadline=clock.guard, width=width)
    if board.length < THREES_FROM_LENGTH:
        return None, moves
    believed = find_threats(tree, clock.threes, threes=True)
    if believed is not None and believed[0] in moves:
        return believed[0], moves
    return None, moves


def defences(tree: TreeSearch, moves: list[int], line: list[int], *, deadline: float, width: int) -> list[int]:
    """The root moves after which the opponent's win by fours ``line`` no longer
    works, nor any other its search finds, searched by ``deadline``: those proved to stop it, then those
    whose search was cut short; ``moves`` themselves when none does (the game is lost whatever is
    played).  Tried: the first ``width`` moves, the squares of the line, and the mover's fours,
    which the opponent must answer."""
    board = tree.board
    assert board is not None
    candidates = [*moves[:width], *line, *squares_of(board.fours(board.mover))]
    stopping: list[int] = []
    unsure: list[int] = []
    for move in board.playable(board.mover, list(dict.fromkeys(candidates))):
        if time.monotonic() > deadline:
            unsure.append(move)
            continue
        board.play(move)
        try:
            search = ThreatSearch(board, node_limit=_GUARD_NODE_LIMIT, deadline=Deadline(deadline))
            found = search.find()
        finally:
            board.undo()
        tree.nodes += search.nodes
        if found is None:
            (unsure if search.stopped else stopping).append(move)
    return stopping + unsure or moves


def safe(tree: TreeSearch, square: int, moves: list[int]) -> int:
    """``square`` if the opponent has no win by continuous fours after it on ``tree``'s board, else the first of
    ``moves`` after which it has none (``square`` still, when every move allows one or ``tree``'s deadline
    passes).

    A move counts as safe only when the search of the opponent's fours ended: one stopped by the
    deadline or its budget of positions proves nothing, and ``square``, the deepening's choice, is
    then kept rather than a move the deepening judged worse.
    """
    board = tree.board
    assert board is not None
    for move in [square, *(move for move in moves if move != square)]:
        if tree.deadline.passed():
            break
        board.play(move)
        try:
            search = ThreatSearch(board, node_limit=_FOURS_NODE_LIMIT, deadline=tree.deadline)
            threat = search.find()
        finally:
            board.undo()
        tree.nodes += search.nodes
        if threat is None:
            return move if not search.stopped else square
    return square
