"""The symbols on a board, the sides that play them, who won, and the scores the search gives a board.

The assignment's contract names the sides after who plays them in its
game (``HUMAN`` is ``"X"``, ``COMPUTER`` is ``"O"``) and scores a board for
the computer; :class:`~configurations.Configurations`, the reference search
and the classic conversation speak so.  Everything else names a side by its
letter, :class:`Side`, and a finished game's result by :class:`Winner`.
Both are equal to their text, so that either can go where a symbol goes.

>>> from configurations.symbols import COMPUTER, HUMAN, opponent
>>> opponent(COMPUTER) == HUMAN, Side.X == HUMAN, Side.X.opponent
(True, True, <Side.O: 'O'>)
>>> HUMAN_WINS < UNDECIDED < DRAW < COMPUTER_WINS
True
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Final, TypeAlias

__all__ = [
    "COMPUTER",
    "COMPUTER_WINS",
    "DRAW",
    "EMPTY",
    "HUMAN",
    "HUMAN_WINS",
    "SYMBOLS",
    "UNDECIDED",
    "Score",
    "Side",
    "Symbol",
    "Winner",
    "opponent",
    "require_player",
]

#: What a square holds: ``HUMAN``, ``COMPUTER`` or ``EMPTY``.
Symbol: TypeAlias = str
#: The value of a board for the computer: one of the four scores below.
Score: TypeAlias = int

HUMAN: Final[Symbol] = "X"
COMPUTER: Final[Symbol] = "O"
EMPTY: Final[Symbol] = " "
#: Every symbol a square may hold, in the order error messages list them.
SYMBOLS: Final[tuple[Symbol, ...]] = (HUMAN, COMPUTER, EMPTY)

# Ordered from the computer's point of view, so that the computer maximises
# and the person minimises one number.
HUMAN_WINS: Final[Score] = 0
UNDECIDED: Final[Score] = 1
DRAW: Final[Score] = 2
COMPUTER_WINS: Final[Score] = 3


class Side(enum.StrEnum):
    """A side of the game, named by its symbol: ``X`` moves first, ``O`` second.

    Equal to its letter, so that it goes wherever a player's symbol does
    (``save_play(row, col, Side.X)``).

    >>> Side("O") is Side.O, Side.X.opponent, Side.O.opponent
    (True, <Side.O: 'O'>, <Side.X: 'X'>)
    """

    X = HUMAN
    O = COMPUTER  # noqa: E741 -- the player's own letter

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.O if self is Side.X else Side.X

    @classmethod
    def to_move(cls, played: int) -> Side:
        """The side to move once ``played`` moves have been made: ``X`` moves first.

        >>> Side.to_move(0), Side.to_move(3)
        (<Side.X: 'X'>, <Side.O: 'O'>)
        """
        return cls.O if played % 2 else cls.X


class Winner(enum.StrEnum):
    """Who won a finished game, or a position's value with both sides playing perfectly: ``X``, ``O``, or
    nobody, a draw.

    Each is equal to its text (``"X"``, ``"O"``, ``"draw"``), the way games
    are written in the history, in lists and in SGF's private properties.
    :attr:`phrase` is how a value is said (``X wins``), as the solver
    prints it and a certificate's header writes it.

    >>> Winner(HUMAN) is Winner.X, Winner.DRAW == "draw", Winner.of(Side.O)
    (True, True, <Winner.O: 'O'>)
    >>> Winner.X.phrase, Winner.DRAW.phrase, Winner.from_phrase("O wins")
    ('X wins', 'draw', <Winner.O: 'O'>)
    """

    X = HUMAN
    O = COMPUTER  # noqa: E741 -- the player's own letter
    DRAW = "draw"

    @classmethod
    def of(cls, side: Side) -> Winner:
        """The win of ``side``."""
        return cls(side.value)

    @property
    def side(self) -> Side | None:
        """The side that won; ``None`` for a draw."""
        return None if self is Winner.DRAW else Side(self.value)

    @property
    def phrase(self) -> str:
        """``X wins``, ``O wins`` or ``draw``."""
        return "draw" if self is Winner.DRAW else f"{self.value} wins"

    @classmethod
    def from_phrase(cls, text: str) -> Winner:
        """The winner that :attr:`phrase` writes as ``text``; ``ValueError`` for any other text."""
        for winner in cls:
            if winner.phrase == text:
                return winner
        raise ValueError(f"a value is 'X wins', 'O wins' or 'draw', got {text!r}")


def require_player(symbol: object) -> Symbol:
    """``symbol`` itself if it is a player's symbol (``"X"`` or ``"O"``).

    ``ValueError`` for anything else, the empty square included.
    Runtime complexity: O(1).

    >>> require_player("O")
    'O'
    >>> require_player(" ")
    Traceback (most recent call last):
    ...
    ValueError: a player is 'X' or 'O', got ' '
    """
    if isinstance(symbol, str) and symbol in (HUMAN, COMPUTER):
        return symbol
    raise ValueError(f"a player is {HUMAN!r} or {COMPUTER!r}, got {symbol!r}")


def opponent(symbol: Symbol) -> Symbol:
    """The other player's symbol: ``"O"`` for ``"X"`` and ``"X"`` for ``"O"``.

    ``ValueError`` for anything else.  Runtime complexity: O(1).

    >>> opponent("X"), opponent("O")
    ('O', 'X')
    """
    return COMPUTER if require_player(symbol) == HUMAN else HUMAN
