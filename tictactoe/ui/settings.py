"""What a person asked to play -- the session and how to run it -- however they asked: command line, menu, window.

>>> from tictactoe.players.registry import PlayerOptions
>>> Settings(Session(PlayerOptions(3, 3, 9), *default_competitors("human", "reference"))).window
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe.game.session import Competitor, Session

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["Settings", "default_competitors"]


@dataclass(slots=True)
class Settings:
    """What a game asks for: the session, and how to run it.

    ``delay`` is the pause, in seconds, before each move of a game between
    two computer players, so that it can be watched (None when not asked
    for: none at the terminal, the window's own); ``window`` asks for
    the game in a window (SPEC §11) instead of at the terminal; ``db`` is
    the game history asked for with ``--db`` (None: the default, and only
    at a terminal).
    """

    session: Session
    delay: float | None = None
    window: bool = False
    db: Path | None = None


def default_competitors(
    x_kind: str, o_kind: str, x_name: str | None = None, o_name: str | None = None
) -> tuple[Competitor, Competitor]:
    """The two sides, named as asked or else "You" (a lone person), "Player 1" and "Player 2", or the kind.

    >>> [competitor.name for competitor in default_competitors("human", "strong")]
    ['You', 'strong']
    """
    people = (x_kind, o_kind).count("human")

    def default(kind: str, number: int) -> str:
        if kind != "human":
            return kind
        return "You" if people == 1 else f"Player {number}"

    return Competitor(x_name or default(x_kind, 1), x_kind), Competitor(o_name or default(o_kind, 2), o_kind)
