"""The rules of a game as one value: the board, the length to win, the variant and the opening rule.

Every layer that plays, searches, stores, reads, writes or shows a game
takes a :class:`Rules` rather than a size and a length apart, so that a new
rule is one value the whole project asks, not a branch in every caller.
The assignment's own ``Configurations(board_size, length_to_win,
max_levels)`` keeps its signature: it is freestyle on a square board, and
:attr:`Configurations.rules <configurations.board.Configurations.rules>`
says so as a ``Rules``.

>>> rules = Rules.square(15, 5)
>>> rules
Rules(rows=15, cols=15, k=5)
>>> str(rules), rules.is_square, rules.squares
('15x15, 5 in a row', True, 225)
>>> str(Rules(7, 6, 4, Variant.STANDARD))
'7x6, exactly 4 in a row'
>>> Rules.square(15, 5, variant="renju", opening="swap2")
Rules(rows=15, cols=15, k=5, variant=Variant.RENJU, opening=Opening.SWAP2)
>>> Rules.square(9, 4, variant="renju")
Traceback (most recent call last):
...
configurations.rules.RulesError: renju is played with 5 in a row, not 4

Black's forbidden points under renju, after a game's moves (:func:`forbidden_points`):

>>> forbidden_points(["h7", "a1", "h6", "a2", "g7", "a3", "f6", "o15"], Rules.square(15, 5, variant="renju"))
frozenset({'h8'})
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from configurations.drawing import column_label
from configurations.lines import DIRECTIONS
from configurations.moves import MAX_BOARD_SIZE, Move, MoveError, OffBoardMoveError
from configurations.symbols import COMPUTER, EMPTY, HUMAN
from configurations.variants import Variant, renju_fouls, wins_through
from hashdict import require_int

__all__ = ["Opening", "OpeningChoice", "Rules", "RulesError", "Variant", "forbidden_points"]


class RulesError(ValueError):
    """Rules that cannot be played together (renju on a board too small for it, say); the message says why."""


class Opening(enum.StrEnum):
    """How the first stones of a game are placed, as Gomocup plays them; each is equal to its name."""

    #: The players take turns from the first move.
    FREE = "free"
    #: The first player places three stones (two black, one white); the second chooses a colour.
    SWAP = "swap"
    #: As swap, or the second player places two more stones and lets the first choose.
    SWAP2 = "swap2"


class OpeningChoice(enum.StrEnum):
    """What the player choosing under a swap opening may answer; each is equal to the words a person types."""

    #: Take white (``O``): the other player keeps black.
    WHITE = "white"
    #: Take black (``X``): the other player plays white.
    BLACK = "black"
    #: Swap2 only, and only the second player: place two more stones (white, then black) and let the first choose.
    TWO_MORE = "two more"


_E = TypeVar("_E", bound=enum.StrEnum)

#: The stones an opening rule places before anyone chooses a colour: swap2's five at most.
_OPENING_STONES = {Opening.FREE: 0, Opening.SWAP: 3, Opening.SWAP2: 5}
#: Renju is five in a row.
RENJU_LENGTH = 5


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of one game: ``rows`` x ``cols`` squares, ``k`` in a row, the ``variant`` and the ``opening``.

    Frozen and hashable; equal to another ``Rules`` with the same five.
    :class:`RulesError` (a ``ValueError``) for rules that cannot be played:
    a side outside 1 to 26, ``k`` outside 1 to the longer side, renju
    without five in a row, an opening whose stones the board cannot hold.
    ``TypeError`` for a number that is not an ``int``.
    """

    rows: int
    cols: int
    k: int
    variant: Variant = Variant.FREESTYLE
    opening: Opening = Opening.FREE

    def __post_init__(self) -> None:
        for name in ("rows", "cols", "k"):
            require_int(name, getattr(self, name))
        object.__setattr__(self, "variant", _member(Variant, self.variant, "variant"))
        object.__setattr__(self, "opening", _member(Opening, self.opening, "opening rule"))
        for name, count in (("rows", self.rows), ("cols", self.cols)):
            if not 1 <= count <= MAX_BOARD_SIZE:
                raise RulesError(f"{name} must be between 1 and {MAX_BOARD_SIZE}, got {count!r}")
        longest = max(self.rows, self.cols)
        if not 1 <= self.k <= longest:
            side = "the size" if self.is_square else "the larger side"
            raise RulesError(f"the length to win must be between 1 and {side} ({longest}), got {self.k!r}")
        if self.variant is Variant.RENJU and self.k != RENJU_LENGTH:
            raise RulesError(f"renju is played with {RENJU_LENGTH} in a row, not {self.k}")
        if _OPENING_STONES[self.opening] >= self.squares:
            raise RulesError(f"a {self.rows}x{self.cols} board cannot hold the stones of a {self.opening} opening")

    @classmethod
    def square(
        cls, size: int, k: int, *, variant: Variant | str = Variant.FREESTYLE, opening: Opening | str = Opening.FREE
    ) -> Rules:
        """The rules of a ``size`` x ``size`` board with ``k`` in a row (freestyle, free opening unless given)."""
        return cls(size, size, k, _member(Variant, variant, "variant"), _member(Opening, opening, "opening rule"))

    @property
    def is_square(self) -> bool:
        """Whether the board has as many rows as columns."""
        return self.rows == self.cols

    @property
    def size(self) -> int:
        """The side of a square board; ``RulesError`` for a board that is not square."""
        if not self.is_square:
            raise RulesError(f"a board of {self.rows}x{self.cols} is not square")
        return self.rows

    @property
    def squares(self) -> int:
        """How many squares the board has."""
        return self.rows * self.cols

    @property
    def board(self) -> str:
        """The board's shape as the command line writes it: ``15x15``."""
        return f"{self.rows}x{self.cols}"

    def __str__(self) -> str:
        """The rules in a few words: ``15x15, 5 in a row``; the variant and opening when they are not the usual."""
        exactly = "exactly " if self.variant is Variant.STANDARD else ""
        words = [f"{self.board}, {exactly}{self.k} in a row"]
        if self.variant not in (Variant.FREESTYLE, Variant.STANDARD):
            words.append(str(self.variant))
        if self.opening is not Opening.FREE:
            words.append(f"{self.opening} opening")
        return ", ".join(words)

    def __repr__(self) -> str:
        shown = [f"rows={self.rows!r}", f"cols={self.cols!r}", f"k={self.k!r}"]
        if self.variant is not Variant.FREESTYLE:
            shown.append(f"variant=Variant.{self.variant.name}")
        if self.opening is not Opening.FREE:
            shown.append(f"opening=Opening.{self.opening.name}")
        return f"{type(self).__name__}({', '.join(shown)})"


def _member(kind: type[_E], value: object, what: str) -> _E:
    """``value`` as a member of ``kind`` (a member, or its name as text); ``RulesError`` naming the choices."""
    for member in kind:
        if member == value:  # a StrEnum member is equal to its name
            return member
    choices = ", ".join(member.value for member in kind)
    raise RulesError(f"there is no {what} {value!r}: choose from {choices}")


def forbidden_points(moves: Sequence[str | Move], rules: Rules) -> frozenset[str]:
    """Black's forbidden points after ``moves``, under ``rules``: empty for every variant but renju.

    ``moves`` are a game's squares in the order they were played, black
    (``X``) first, each as ``play.py`` writes it (column letter, then row
    number: ``"h8"``) or as a :class:`~configurations.moves.Move`; the
    points come back written so.  ``ValueError`` naming the move for a
    square that is not one, is off the board or was taken before, and for a
    game already won by the variant's rule (by the last move, or with moves
    after the win); ``TypeError`` for a move that is neither.  Whether black's
    own moves were forbidden is not asked: that is the game's refusal to
    make.  Runtime complexity: O(len(moves)) lines read, then
    :func:`~configurations.variants.renju_fouls`.

    >>> renju = Rules.square(15, 5, variant="renju")
    >>> forbidden_points(["h8", "h8"], renju)
    Traceback (most recent call last):
    ...
    ValueError: move 2, 'h8', is on a square taken by move 1
    >>> forbidden_points(["h8", "a1", "h7", "a2", "h6", "a3", "h5", "a4", "h4"], renju)
    Traceback (most recent call last):
    ...
    ValueError: the game is over: move 9, 'h4', won it for X
    """
    if isinstance(moves, str):
        raise TypeError(f"moves must be a sequence of squares, not one str: {moves!r}")
    board = [EMPTY] * rules.squares
    taken_by = [0] * rules.squares  # the number of the move that took each square
    won_by = 0
    for number, move in enumerate(moves, 1):
        square = _square(move, number, rules)
        if won_by:
            raise ValueError(f"the game is over: move {won_by} won it, and move {number}, {move!r}, comes after it")
        index = square.row * rules.cols + square.col
        if taken_by[index]:
            raise ValueError(f"move {number}, {move!r}, is on a square taken by move {taken_by[index]}")
        board[index] = HUMAN if number % 2 else COMPUTER
        taken_by[index] = number
        # Every variant wins with k in a row at least: a shorter run spares reading the lines, which halves the
        # time bench.rules measures (158 to 87 µs).
        if _longest_run(board, rules, square) >= rules.k and wins_through(rules, "".join(board), square):
            won_by = number
    if won_by:
        raise ValueError(f"the game is over: move {won_by}, {moves[won_by - 1]!r}, won it for {board[index]}")
    if rules.variant is not Variant.RENJU:
        return frozenset()
    return frozenset(str(point.point) for point in renju_fouls("".join(board), rules.rows, rules.cols))


def _longest_run(board: list[str], rules: Rules, square: Move) -> int:
    """The longest run through ``square`` of the stones of the player whose stone is on it."""
    symbol, longest = board[square.row * rules.cols + square.col], 0
    for row_step, col_step in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            row, col = square.row + sign * row_step, square.col + sign * col_step
            while 0 <= row < rules.rows and 0 <= col < rules.cols and board[row * rules.cols + col] == symbol:
                run += 1
                row, col = row + sign * row_step, col + sign * col_step
        longest = max(longest, run)
    return longest


def _square(move: object, number: int, rules: Rules) -> Move:
    """The square that ``move``, the ``number``-th of a game under ``rules``, names; ``ValueError`` naming it
    when it names none of the board's, ``TypeError`` when it is neither a ``str`` nor a ``Move``."""
    if isinstance(move, str):
        try:
            square = Move.parse(move, MAX_BOARD_SIZE)
        except OffBoardMoveError:
            square = Move(MAX_BOARD_SIZE, 0)  # off every board: refused below with this board's extent
        except MoveError as error:
            raise ValueError(f"move {number}: {error}") from None
    elif isinstance(move, Move):
        square = move
    else:
        raise TypeError(f"move {number} must be a square such as 'h8' or a Move, got {move!r}")
    if not (0 <= square.row < rules.rows and 0 <= square.col < rules.cols):
        raise ValueError(
            f"move {number}, {move!r}, is not on the {rules.board} board: "
            f"columns a-{column_label(rules.cols - 1)}, rows 1-{rules.rows}"
        )
    return square
