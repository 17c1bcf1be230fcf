"""Wins by continuous threats: a line of moves, each leaving one square that would complete a line, that
the opponent can only answer by blocking, until a move leaves two such squares.

In five in a row these are *fours* ("victory by continuous fours", VCF).
A *four* here is any move after which its player holds a *threat*: a
window of ``length`` squares with all but one its own and the last
empty.  The opponent must block that square or lose -- unless it can
complete a line of its own first, which the search checks -- so at each
of the opponent's turns there is only one move to try, and a found line is
a proof: it wins whatever the opponent does.

The squares that make a four are those the board keeps as the attacker's
:meth:`~tictactoe.solver.board.SearchBoard.fours`; one that makes two
threats at once (:meth:`~tictactoe.solver.board.SearchBoard.double_threats`)
wins on the spot, so those are tried first.  Positions found not to win
are remembered (in a :class:`~hashdict.HashDictionary`, under the board's
symmetry key), since fours played in another order often meet again.

>>> from tictactoe.solver.board import SearchBoard
>>> from tictactoe.solver.position import Position
>>> board = SearchBoard(Position.from_rows(
...     [".......", ".XX.X..", "...X...", ".......", "...O...", "..OO...", ".O....."], length=5))
>>> board.mover  # X: no four on the board, but fours to make
0
>>> line = FourSearch(board).find()
>>> [divmod(square, 7) for square in line]  # X plays (1, 3): two threats at once, (1, 0) and (1, 5)
[(1, 3), (1, 0), (1, 5)]
"""

from __future__ import annotations

import time

from hashdict import Data, HashDictionary

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from tictactoe.solver.board import SearchBoard

__all__ = ["FourSearch"]

# Buckets of the table of positions that do not win: a prime, vetted size of the hash.
_FAILED_BUCKETS = 30593
# Positions between looks at the clock.
_CLOCK_INTERVAL = 32


class FourSearch:
    """A search of the mover's wins by continuous fours on ``board``, within ``node_limit`` positions and
    before ``deadline`` (a :func:`time.monotonic` time).  :meth:`find` leaves the board as it found it."""

    __slots__ = ("_board", "_cut", "_deadline", "_failed", "_node_limit", "nodes")

    def __init__(self, board: SearchBoard, *, node_limit: int = 20_000, deadline: float = float("inf")) -> None:
        self._board = board
        self._node_limit = node_limit
        self._deadline = deadline
        # Positions that do not win within so many more fours (their score): a deeper
        # search of the same position may still win, a shallower one never.
        self._failed = HashDictionary(_FAILED_BUCKETS)
        self._cut = False  # whether the last deepening stopped a line for want of fours
        self.nodes = 0

    def find(self) -> list[int] | None:
        """The moves of a win by continuous fours for the mover, the opponent's forced blocks between them,
        to the move that completes a line; None when there is none, or none was found within the limits.

        The search deepens one four at a time, so that the first line it
        finds is a shortest one.
        """
        board = self._board
        most = board.empties // 2 + 1
        for fours in range(1, most + 1):
            self._cut = False
            line = self._attack(fours)
            if line is not None:
                return line
            if not self._cut or self.nodes >= self._node_limit or time.monotonic() > self._deadline:
                break  # every line ended before the limit of fours, or out of budget
        return None

    def _attack(self, fours: int) -> list[int] | None:
        """A win with at most ``fours`` more fours for the mover (the attacker), as :meth:`find` gives it."""
        board = self._board
        attacker, defender = board.mover, 1 - board.mover
        mine = board.threats[attacker]
        if mine:
            return [_lowest(mine)]
        if not fours:
            self._cut = True
            return None
        if self._out_of_budget():
            return None
        key = board.key()[0]
        if self._failed.get(key) >= fours:
            return None
        theirs = board.threats[defender]
        # When the defender threatens, the attacker must block, which goes on only if the block is a four too.
        candidates = ([] if theirs & (theirs - 1) else [_lowest(theirs)]) if theirs else self._four_squares()
        for square in candidates:
            line = self._try_four(square, fours)
            if line is not None:
                return line
        if self._failed.get(key) >= 0:
            self._failed.remove(key)
        self._failed.put(Data(key, fours))
        return None

    def _try_four(self, square: int, fours: int) -> list[int] | None:
        """The rest of a win that starts with the attacker playing ``square``, if it is a four that wins."""
        board = self._board
        attacker = board.mover
        board.play(square)
        try:
            threats = board.threats[attacker]
            if not threats or board.threats[1 - attacker]:
                return None  # not a four, or the defender completes a line first
            if threats & (threats - 1):
                block = _lowest(threats)  # two threats: one block cannot stop both
                return [square, block, _lowest(threats ^ (1 << block))]
            block = _lowest(threats)
            board.play(block)
            try:
                line = self._attack(fours - 1)
            finally:
                board.undo()
            return None if line is None else [square, block, *line]
        finally:
            board.undo()

    def _four_squares(self) -> list[int]:
        """The empty squares where the mover makes a four, those that make two threats first."""
        board = self._board
        doubles = board.double_threats(board.mover)
        return _squares(doubles) + _squares(board.fours(board.mover) & ~doubles)

    def _out_of_budget(self) -> bool:
        self.nodes += 1
        if self.nodes >= self._node_limit:
            return True
        return not self.nodes % _CLOCK_INTERVAL and time.monotonic() > self._deadline


def _lowest(squares: int) -> int:
    """The lowest-numbered square of a non-empty set."""
    return (squares & -squares).bit_length() - 1


def _squares(squares: int) -> list[int]:
    """The squares of a set, lowest first."""
    found = []
    while squares:
        low = squares & -squares
        squares ^= low
        found.append(low.bit_length() - 1)
    return found
