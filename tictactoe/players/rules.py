"""The ``rules`` player (docs/players.md): fixed tic-tac-toe rules tried in order, no search.

:data:`RULES` is the whole player: one row per rule of docs/players.md, in its
order, each naming what to do and finding the square it applies to (None
when it does not).  The first rule that finds a square plays it, and
:meth:`RulesPlayer.explain` says which rule that was.  Squares are numbered
0-8 row by row from the top left::

    0|1|2      corners 0, 2, 6, 8
    -+-+-      edges   1, 3, 5, 7
    3|4|5      centre  4
    -+-+-
    6|7|8

Where a rule leaves the choice open ("take a corner", "take an edge"), it
takes the first free one in that order.  Rules 4 to 8 look at the
opponent's tiles on the board, not at the order they were played in.

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["X  ", " O ", "  X"], 3, 0)
>>> RulesPlayer().explain(board, "O")
'rule 4, against two opposite corners, take an edge: b1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.moves import Move
from configurations.rules import Rules
from configurations.symbols import EMPTY, opponent
from tictactoe.players.base import TIC_TAC_TOE, ComputerPlayer, PlayerLimits, tic_tac_toe_only

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Final

    from configurations import Configurations, SearchStats, Symbol

__all__ = ["RULES", "Rule", "RulesPlayer", "Sight"]

_SIZE = 3
CENTRE: Final = 4
CORNERS: Final = (0, 2, 6, 8)
EDGES: Final = (1, 3, 5, 7)
_LINES: Final = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
# Two opposite corners, and the two other corners.
_OPPOSITE_CORNERS: Final = ((0, 8, (2, 6)), (2, 6, (0, 8)))
# An edge, a corner on the far side of the board from it, and the corner next to the edge away from that one.
_EDGE_FAR_CORNER_REPLY: Final = (
    (1, 6, 2), (1, 8, 0),  # top edge; corners of the bottom row
    (3, 2, 6), (3, 8, 0),  # left edge; corners of the right column
    (5, 0, 8), (5, 6, 2),  # right edge; corners of the left column
    (7, 0, 8), (7, 2, 6),  # bottom edge; corners of the top row
)  # fmt: skip
# Two edges that meet at a corner, and that corner.
_ADJACENT_EDGES: Final = ((1, 3, 0), (1, 5, 2), (3, 7, 6), (5, 7, 8))


class Sight:
    """The board as the side to move sees it, with the questions the rules ask of it.

    Each method named after a rule returns the square that rule takes, or
    None when the rule does not apply.
    """

    __slots__ = ("me", "squares", "them")

    def __init__(self, squares: str, me: Symbol) -> None:
        self.squares = squares
        self.me = me
        self.them = opponent(me)

    def free(self, *squares: int) -> bool:
        """Whether every one of ``squares`` is empty."""
        return all(self.squares[square] == EMPTY for square in squares)

    def theirs(self, *squares: int) -> bool:
        """Whether the opponent holds every one of ``squares``."""
        return all(self.squares[square] == self.them for square in squares)

    def first_free(self, squares: Iterable[int]) -> int | None:
        """The first of ``squares`` that is empty, or None."""
        return next((square for square in squares if self.squares[square] == EMPTY), None)

    def completing(self, symbol: Symbol) -> int | None:
        """The first empty square that would give ``symbol`` three in a row, or None."""
        for square in range(_SIZE * _SIZE):
            if self.squares[square] != EMPTY:
                continue
            for line in _LINES:
                if square in line and all(self.squares[other] == symbol for other in line if other != square):
                    return square
        return None

    def winning_square(self) -> int | None:
        return self.completing(self.me)

    def blocking_square(self) -> int | None:
        return self.completing(self.them)

    def free_centre(self) -> int | None:
        return self.first_free([CENTRE])

    def edge_against_opposite_corners(self) -> int | None:
        for corner, opposite, others in _OPPOSITE_CORNERS:
            if self.theirs(corner, opposite) and self.free(*others):
                return self.first_free(EDGES)
        return None

    def corner_by_edge(self) -> int | None:
        for edge, far_corner, reply in _EDGE_FAR_CORNER_REPLY:
            if self.theirs(edge, far_corner) and self.free(reply):
                return reply
        return None

    def corner_against_corner(self) -> int | None:
        return self.first_free(CORNERS) if any(self.theirs(corner) for corner in CORNERS) else None

    def corner_between_edges(self) -> int | None:
        for edge, other_edge, corner in _ADJACENT_EDGES:
            if self.theirs(edge, other_edge) and self.free(corner):
                return corner
        return None

    def edge_against_edge(self) -> int | None:
        return self.first_free(EDGES) if any(self.theirs(edge) for edge in EDGES) else None

    def any_square(self) -> int | None:
        return self.first_free(range(_SIZE * _SIZE))


class Rule:
    """One row of the rule table: what the rule does, and how it finds its square (None: it does not apply)."""

    __slots__ = ("find", "name")

    def __init__(self, name: str, find: Callable[[Sight], int | None]) -> None:
        self.name = name
        self.find = find

    def __repr__(self) -> str:
        return f"<{type(self).__qualname__} {self.name!r}>"


#: The rules of docs/players.md, in order: the first that finds a square plays it.
RULES: Final = (
    # A line of mine holds two of my tiles and an empty square.
    Rule("win now", Sight.winning_square),
    # A line of the opponent's holds two of its tiles and an empty square.
    Rule("block the opponent's win", Sight.blocking_square),
    # The centre is empty: it lies on four lines, more than any other square.
    Rule("take the centre", Sight.free_centre),
    # The opponent holds a1 and c3 (or c1 and a3), the other two corners empty: a corner would let it fork.
    Rule("against two opposite corners, take an edge", Sight.edge_against_opposite_corners),
    # The opponent holds an edge and a corner on the far side of the board: the corner near both is its fork.
    Rule("against an edge and a far corner, take the corner by the edge away from it", Sight.corner_by_edge),
    # The opponent holds a corner.
    Rule("against a corner, take a corner", Sight.corner_against_corner),
    # The opponent holds two edges that meet at an empty corner, where it would fork.
    Rule("against two adjacent edges, take the corner between them", Sight.corner_between_edges),
    # The opponent holds an edge.
    Rule("against an edge, take an edge", Sight.edge_against_edge),
    # Nothing above applies.
    Rule("take the first free square", Sight.any_square),
)


class RulesPlayer(ComputerPlayer):
    """Plays the first rule of :data:`RULES` that applies; the same board always gets the same move."""

    name = "rules"

    __slots__ = ()

    def __init__(self, rules: Rules = TIC_TAC_TOE) -> None:
        """A rules player for a game by ``rules``.

        ``UnsupportedBoardError`` unless that is 3x3 freestyle with 3 in a row.
        """
        self.require_rules(rules)

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> RulesPlayer:
        """The player a game by ``rules`` asks for (``UnsupportedBoardError`` where it cannot play)."""
        return cls(rules)

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play a game by ``rules``; None when it can.

        >>> RulesPlayer.supports(Rules.square(3, 2))
        'rules plays only 3x3 with 3 in a row, the game its rules are for, not 3x3 with 2 in a row'
        """
        return tic_tac_toe_only(cls.name, "the game its rules are for", rules)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The square of the first rule that applies to ``board`` for ``mover``; the board is only read.

        ``UnsupportedBoardError`` for a board that is not 3x3 with 3 in a
        row, ``ValueError`` for a full one.  Runtime complexity: O(1).
        """
        return self.decide(board, mover)[1]

    def explain(self, board: Configurations, mover: Symbol) -> str:
        """Which rule picks the move for ``mover``, and the move: ``rule 3, take the centre: b2``."""
        number, move = self.decide(board, mover)
        return f"rule {number}, {RULES[number - 1].name}: {move}"

    def decide(self, board: Configurations, mover: Symbol) -> tuple[int, Move]:
        """The number (from 1) of the first rule that applies, and the move it makes."""
        self.require_rules(board.rules)
        sight = Sight(board.configuration(), mover)
        for number, rule in enumerate(RULES, start=1):
            square = rule.find(sight)
            if square is not None:
                row, col = divmod(square, _SIZE)
                return number, Move(row, col)
        raise ValueError("the board is full: there is no move to make")
