"""What a person asked to play -- the session and how to run it -- however they asked: command line, menu, window.

>>> from configurations.rules import Rules

>>> from tictactoe.players.registry import PlayerLimits
>>> Settings(Session(Rules.square(3, 3), PlayerLimits(9), *default_competitors("human", "reference"))).window
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from configurations.moves import quoted
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerKind

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["NAME_LENGTH", "Settings", "check_name", "default_competitors", "default_name", "level_name"]


class Settings(NamedTuple):
    """What a game asks for: the session, and how to run it.

    ``delay`` is the pause, in seconds, before each move of a game between
    two computer players, so that it can be watched (None when not asked
    for: none at the terminal, the window's own); ``window`` asks for
    the game in a window (docs/window.md) instead of at the terminal; ``db`` is
    the game history asked for with ``--db`` (None: the default, and only
    at a terminal); ``grid`` draws the window's board as a grid of stones
    (True, ``--grid``) or as squares (False, ``--squares``), None as its
    game is usually drawn.
    """

    session: Session
    delay: float | None = None
    window: bool = False
    db: Path | None = None
    grid: bool | None = None


#: The longest name a side may go by: it is shown in one-line lists and a tally.
NAME_LENGTH = 30


def check_name(text: str) -> str:
    """``text`` as a side's name: one line of printable text, 1 to :data:`NAME_LENGTH` characters.

    ``ValueError`` saying so otherwise, the same refusal wherever a name is typed.

    >>> check_name("Ada")
    'Ada'
    >>> check_name("")
    Traceback (most recent call last):
    ...
    ValueError: a name is 1 to 30 printable characters, got ''
    """
    if not text.strip() or not text.isprintable() or len(text) > NAME_LENGTH:
        raise ValueError(f"a name is 1 to {NAME_LENGTH} printable characters, got {quoted(text)}")
    return text


def default_name(kind: str) -> str:
    """The name a side goes by when none is given, wherever it is shown: ``You`` for a person, ``Computer`` for
    the reference search (the computer of docs/playing.md), else the player's kind.

    >>> default_name("human"), default_name("reference"), default_name("strong")
    ('You', 'Computer', 'strong')
    """
    names: dict[str, str] = {PlayerKind.HUMAN: "You", PlayerKind.REFERENCE: "Computer"}
    return names.get(kind, str(kind))


def level_name(level: str) -> str:
    """The name of the computer's side in a game at ``level`` (``--level``), when none is given.

    >>> level_name("hard")
    'Hard computer'
    """
    return f"{level.capitalize()} computer"


def default_competitors(
    x_kind: str, o_kind: str, x_name: str | None = None, o_name: str | None = None
) -> tuple[Competitor, Competitor]:
    """The two sides, named as asked or else by :func:`default_name`; two sides of one kind are numbered.

    >>> [competitor.name for competitor in default_competitors("human", "reference")]
    ['You', 'Computer']
    >>> [competitor.name for competitor in default_competitors("human", "human")]
    ['Player 1', 'Player 2']
    """
    names = [default_name(x_kind), default_name(o_kind)]
    if names[0] == names[1]:
        names = ["Player 1", "Player 2"] if x_kind == PlayerKind.HUMAN else [f"{names[0]} 1", f"{names[1]} 2"]
    return Competitor(x_name or names[0], x_kind), Competitor(o_name or names[1], o_kind)
