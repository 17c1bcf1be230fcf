"""The ``reference`` player (docs/players.md): the move :func:`~configurations.computer_play` makes, for either side.

The reference search always plays ``O``: the player hands it the board as
its side sees it (:func:`~configurations.board.as_computer`), with the
player's own ``max_levels``, so that ``X`` gets the very move the search
would make for ``O`` in the mirrored position.

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["OO ", "XX ", "   "], 3, 0)
>>> str(ReferencePlayer(0).choose(board, "X")), str(ReferencePlayer(0).choose(board, "O"))
('c2', 'c1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Configurations, computer_play
from configurations.board import as_computer, require_levels
from configurations.moves import Move
from tictactoe.players.base import ComputerPlayer, PlayerLimits

if TYPE_CHECKING:
    from configurations import SearchStats, Symbol
    from configurations.rules import Rules


__all__ = ["ReferencePlayer"]


class ReferencePlayer(ComputerPlayer):
    """Plays what the reference search (docs/dictionary.md) plays, searching ``max_levels`` deep."""

    name = "reference"

    __slots__ = ("_max_levels", "_memory")

    def __init__(self, max_levels: int, memory: int | None = None) -> None:
        """A reference player searching ``max_levels`` levels; ``ValueError`` when that is negative.

        Its table may take ``memory`` bytes (``None``: the search's default, see
        :func:`~configurations.search.computer_play`).
        """
        self._max_levels = require_levels(max_levels)
        self._memory = memory

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> ReferencePlayer:
        """The player a game asks for: searching ``limits.max_levels`` deep, its table within ``limits.memory``."""
        return cls(limits.max_levels, limits.memory)

    @property
    def max_levels(self) -> int:
        """How many levels below its move the search looks (read-only)."""
        return self._max_levels

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """``computer_play``'s square on a copy of ``board`` in which ``mover`` plays ``O``; ``board`` is only read.

        ``stats.nodes`` counts the search's trial moves as it goes.

        ``ValueError`` when the board has no empty square.
        """
        play = computer_play(as_computer(board, mover, self._max_levels), stats=stats, memory=self._memory)
        if play.row < 0:
            raise ValueError("the board is full: there is no move to make")
        return Move(play.row, play.col)

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({self._max_levels!r})"
