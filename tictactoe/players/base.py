"""What every player offers: choose the move of the side to move.

A player is anything with a ``name`` and a ``choose`` method.  The board it
is shown is a :class:`~configurations.Configurations` holding the game so
far; ``mover`` is the symbol it plays for (``"X"`` moves first, so ``X``
is to move when both have as many tiles).  A player is made for one game's
options by its class's ``from_options(options)`` (see
:mod:`tictactoe.players.registry`).  It returns an empty square and
leaves the board as it found it.  The session and the interfaces never
know which kind of player they drive.
"""

from __future__ import annotations

from typing import Protocol

from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move

__all__ = ["Player", "UnsupportedBoardError"]


class UnsupportedBoardError(ValueError):
    """A player was asked to play a board it cannot play (``perfect`` on 4x4, say); the message says why."""


class Player(Protocol):
    """Chooses moves for one side."""

    @property
    def name(self) -> str:
        """The name the player goes by on the command line (``reference``, ``strong``, ...)."""
        ...

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """An empty square of ``board`` for ``mover`` to play; the board is left as it was found.

        A player that searches adds the positions it tries to ``stats.nodes``
        as it goes, so that an interface can show them climbing.
        """
        ...
