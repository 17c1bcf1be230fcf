"""Wins by continuous threats: moves that each leave the opponent only a few replies, until a move leaves
two squares that would complete a line.

A *threat* is a window of ``length`` squares with all but one the
attacker's and the last empty; a *four* (as five in a row names it) is a
move that makes one.  The defender must block a four's square, unless it
can complete a line of its own first, which the search checks: one reply
to try.  A move that makes two threats at once wins.

* **Fours only** ("victory by continuous fours", VCF): every reply the
  defender has is tried, so a line found is a proof.
* **Fours and threes** ("victory by continuous threats", VCT): a *three*
  is a move after which the attacker has a square that would make two
  threats at once -- in five in a row, an open three about to become an
  open four.  The defender's replies tried are the squares of the
  attacker's windows a tile short of a threat, and its own fours: a reply
  elsewhere leaves the attacker its double threat.  That is the rule of
  the game for an open three, but not a proof for every shape, and the
  attacker's threes are looked for only among its most promising squares,
  so a win found this way is one the strong player believes, not a proof.

The squares that make a four are the attacker's
:meth:`~tictactoe.solver.search_board.SearchBoard.fours`; those that make two
threats (:meth:`~tictactoe.solver.search_board.SearchBoard.double_threats`) come
first.  The search deepens one attacking move at a time, so the first win
it finds is a shortest one; positions found not to win within so many
attacking moves are remembered (in a :class:`~hashdict.HashDictionary`,
under the board's symmetry key), since threats played in another order
often meet again.

Under a variant the board counts only the threats the variant does
(:mod:`tictactoe.solver.variant_board`), and under renju neither side's
moves include a point forbidden for black: a black four that only a
forbidden point completes is none, and where white's four can only be
blocked on a point forbidden for black, white wins there (the line then
ends with the square white completes, black's reply being any other).

>>> from tictactoe.solver.search_board import SearchBoard
>>> from tictactoe.solver.position import Position
>>> board = SearchBoard(Position.from_rows(
...     [".......", ".XX.X..", "...X...", ".......", "...O...", "..OO...", ".O....."], length=5))
>>> board.mover  # X: no four on the board, but fours to make
0
>>> line = ThreatSearch(board).find()
>>> [divmod(square, 7) for square in line]  # X plays (1, 3): two threats at once, (1, 0) and (1, 5)
[(1, 3), (1, 0), (1, 5)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hashdict import Data, HashDictionary, table_size_for
from tictactoe.solver.clock import Deadline
from tictactoe.solver.depth import make_room
from tictactoe.solver.geometry import lowest_square, squares_of
from tictactoe.solver.search_board import CROSS

if TYPE_CHECKING:
    from tictactoe.solver.search_board import SearchBoard

__all__ = ["THREE_CANDIDATES", "ThreatSearch"]

#: How many of the heaviest squares (by line weight) are tried as the attacker's threes.
THREE_CANDIDATES = 16
# Buckets of the table of positions that do not win: a prime, vetted size of the hash.
_FAILED_BUCKETS = 30593


class ThreatSearch:
    """A search of the mover's wins by continuous threats on ``board`` -- fours only, or fours and
    threes with ``threes`` -- within ``node_limit`` positions and before ``deadline``, its table of positions
    that do not win sized for ``table_records`` of them (by default, for thousands).  :meth:`find` leaves the
    board as it found it."""

    __slots__ = (
        "_board",
        "_cut",
        "_deadline",
        "_failed",
        "_masks",
        "_node_limit",
        "_passed",
        "_threes",
        "_through",
        "nodes",
        "stopped",
    )

    def __init__(
        self,
        board: SearchBoard,
        *,
        threes: bool = False,
        node_limit: int = 20_000,
        deadline: Deadline | None = None,
        passed: bool = False,
        table_records: int | None = None,
    ) -> None:
        self._board = board
        self._passed = passed
        make_room(board.squares)  # an attacking move and a reply a level of recursion
        self._threes = threes
        shape = board.shape
        self._masks, self._through = shape.windows, shape.windows_through
        self._node_limit = node_limit
        self._deadline = Deadline() if deadline is None else deadline
        # Positions that do not win within so many more attacking moves (their score): a deeper
        # search of the same position may still win, a shallower one never.
        # A search of a few dozen positions, as the strong search's tree runs (``table_records``), sets up a table
        # its size: the empty buckets of the full one cost as much as a position of the tree.
        self._failed = HashDictionary(_FAILED_BUCKETS if table_records is None else table_size_for(table_records))
        self._cut = False  # whether the last deepening stopped a line for want of attacking moves
        self.nodes = 0
        #: Whether a search ran out of positions or time before it was done: a None from :meth:`find` is
        #: then no answer, where otherwise it says there is no such win.
        self.stopped = False

    def find(self) -> list[int] | None:
        """The moves of a win for the mover (with ``passed``: for the other player, as if the mover passed),
        each of the defender's replies the one that holds out longest, to the move that completes a line; None
        when there is none, or none was found within the limits."""
        board = self._board
        if not self._passed:
            return self._deepen()
        # A pass: the opponent moves on the same tiles.  Only the player to move changes, and play and undo read
        # it afresh at each move, so turning it for the search and back leaves the board as it was.
        board.mover = 1 - board.mover
        try:
            return self._deepen()
        finally:
            board.mover = 1 - board.mover

    def _deepen(self) -> list[int] | None:
        """:meth:`find` for the player to move, one attacking move deeper at a time."""
        board = self._board
        for attacks in range(1, board.empties // 2 + 2):
            self._cut = False
            line = self._attack(attacks)
            if line is not None:
                return line
            if not self._cut or self.nodes >= self._node_limit or self._deadline.passed():
                break  # every line ended before the limit, or out of budget
        return None

    def _attack(self, attacks: int) -> list[int] | None:
        """A win with at most ``attacks`` more attacking moves for the mover (the attacker)."""
        board = self._board
        attacker, defender = board.mover, 1 - board.mover
        mine = board.threats[attacker]
        if mine:
            return [lowest_square(mine)]
        if not attacks:
            self._cut = True
            return None
        if self._out_of_budget():
            return None
        key = board.key()[0]
        failed = self._failed.get(key)  # nothing below stores this key: every move adds a tile
        if failed >= attacks:
            return None
        theirs = board.threats[defender]
        if theirs:
            # When the defender threatens, the attacker must block, which goes on only if the block attacks too.
            candidates = squares_of(board.stops(defender))
        else:
            doubles = board.double_threats(attacker)
            candidates = self._attacking_squares(doubles)  # black's forbidden points are left out as they come
            if attacks == 1 and not doubles:
                # The last attacking move wins only by making two threats at once, and no square does: a four or a
                # three is answered and leaves nothing to attack with.  Each is counted as tried, as trying it
                # would count it, so the budget ends where it did; the deepening goes on if there was one.
                self.nodes += len(candidates)
                self._cut = self._cut or bool(candidates)
                candidates = []
        for square in candidates:
            line = self._try(square, attacks)
            if line is not None:
                return line
        if self.stopped:
            return None  # a line cut short by the budget proves nothing: nothing is remembered
        if failed >= 0:
            self._failed.remove(key)
        self._failed.put(Data(key, attacks))
        return None

    def _try(self, square: int, attacks: int) -> list[int] | None:
        """The rest of a win that starts with the attacker playing ``square``, if it attacks and wins."""
        board = self._board
        attacker, defender = board.mover, 1 - board.mover
        self.nodes += 1  # a position too, and the one that costs: the budget counts both
        if attacker == CROSS and board.forbidden(square):
            return None  # judged only when tried: a line found sooner leaves the other squares unjudged
        board.play(square)
        try:
            threats = board.threats[attacker]
            if board.threats[defender]:
                return None  # the defender completes a line first
            stops = board.stops(attacker) if threats else 0
            if threats and not stops:
                return [square, *self._finish(threats)]  # no one stone stops the threats
            if threats:
                replies = squares_of(stops)
            elif self._threes and board.double_threats(attacker):
                replies = board.playable(defender, squares_of(board.fours(attacker) | board.fours(defender)))
            else:
                return None  # neither a four nor a three: the defender would have a free move
            return self._every_reply_loses(square, replies, attacks)
        finally:
            board.undo()

    def _finish(self, threats: int) -> list[int]:
        """The end of a win where no stone of the defender's (to move) stops the attacker's ``threats``: a reply on
        one of them and the square the attacker completes after it; where the defender may play none of them (black
        under renju), only the square the attacker completes."""
        board = self._board
        attacker = 1 - board.mover
        blocks = board.playable(board.mover, squares_of(threats), 0)
        if not blocks:
            return [lowest_square(threats)]
        board.play(blocks[0])
        try:
            return [blocks[0], lowest_square(board.threats[attacker])]
        finally:
            board.undo()

    def _every_reply_loses(self, square: int, replies: list[int], attacks: int) -> list[int] | None:
        """``[square, reply, ...]`` with the reply that holds out longest, if each of ``replies`` loses."""
        board = self._board
        longest: list[int] | None = None
        for reply in replies:
            board.play(reply)
            try:
                line = self._attack(attacks - 1)
            finally:
                board.undo()
            if line is None:
                return None
            if longest is None or len(line) + 1 > len(longest):
                longest = [reply, *line]
        return None if longest is None else [square, *longest]

    def _attacking_squares(self, doubles: int) -> list[int]:
        """The squares where the mover attacks: those making two threats (``doubles``), then other fours, then
        threes."""
        board = self._board
        attacker = board.mover
        fours = board.fours(attacker)
        squares = squares_of(doubles) + squares_of(fours & ~doubles)
        if self._threes:
            partners = self._partners()
            squares += [
                square
                for square in board.ordered_moves()[:THREE_CANDIDATES]
                if not fours >> square & 1 and self._is_three(square, partners)
            ]
        return squares

    def _partners(self) -> list[int]:
        """For each square, the squares a tile of the mover's there would threaten (as a set of squares)."""
        board = self._board
        partners = [0] * board.squares
        for first, second in board.near_pairs(board.mover):
            partners[first.bit_length() - 1] |= second
            partners[second.bit_length() - 1] |= first
        return partners

    def _is_three(self, square: int, partners: list[int]) -> bool:
        """Whether the mover's tile on ``square``, which makes no four, leaves it a square that would make
        two threats: a square of a window the tile brings a tile short of a threat, whose partners
        (:meth:`_partners`, with those of the new windows) are two or more.

        Read off the windows through ``square``, without playing it.
        """
        board = self._board
        mine, theirs = board.tiles[board.mover], board.tiles[1 - board.mover]
        wanted = board.length - 3
        empty = ~(mine | theirs) & ~(1 << square)
        added: list[int] = []  # (square's bit, partner's bit) pairs of the new windows, flattened
        for window in self._through[square]:
            mask = self._masks[window]
            if mask & theirs or (mask & mine).bit_count() != wanted:
                continue
            both = mask & empty
            first = both & -both
            for bit, partner in ((first, both ^ first), (both ^ first, first)):
                index = bit.bit_length() - 1
                if partners[index] & ~partner:
                    return True
                added += (bit, partner)
        # Two new windows through the same square with different partners.
        for index in range(0, len(added), 2):
            for other in range(index + 2, len(added), 2):
                if added[index] == added[other] and added[index + 1] != added[other + 1]:
                    return True
        return False

    def _out_of_budget(self) -> bool:
        self.nodes += 1
        if self.nodes >= self._node_limit or self._deadline.tick():
            self.stopped = True
        return self.stopped
