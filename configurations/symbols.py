"""The symbols on a board and the scores the search gives a board.

>>> from configurations.symbols import COMPUTER, HUMAN, opponent
>>> opponent(COMPUTER) == HUMAN
True
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


class Winner(enum.StrEnum):
    """Who won a finished game: ``X``, ``O``, or nobody, a draw.

    Each is equal to its text (``"X"``, ``"O"``, ``"draw"``), the way games
    are written in the history, in lists and in SGF's private properties.

    >>> Winner(HUMAN) is Winner.X, Winner.DRAW == "draw"
    (True, True)
    """

    X = HUMAN
    O = COMPUTER  # noqa: E741 -- the player's own letter
    DRAW = "draw"


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
