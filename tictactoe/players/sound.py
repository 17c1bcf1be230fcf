"""The ``sound`` player: the reference search with stored scores trusted only where they decide (docs/players.md).

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["X  ", "   ", "   "], length_to_win=3, max_levels=0)
>>> str(SoundPlayer(9).choose(board, "O"))
'b2'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Configurations, Symbol
from configurations.board import as_computer, require_levels
from configurations.moves import Move
from configurations.symbols import COMPUTER, HUMAN
from tictactoe.players.base import ComputerPlayer, PlayerLimits, free_opening_only
from tictactoe.solver.sound_search import sound_play

if TYPE_CHECKING:
    from configurations import SearchStats
    from configurations.rules import Rules


__all__ = ["SoundPlayer"]


class SoundPlayer(ComputerPlayer):
    """Chooses moves by :func:`~tictactoe.solver.sound_search.sound_play`, ``max_levels`` deep, for either side.

    The search plays ``O``; to play ``X`` it searches a copy of the board
    with every tile's symbol swapped.  At full depth it never loses a game
    it could draw.  It plays every variant (the board's rules say which),
    from a free opening.
    """

    name = "sound"

    def __init__(self, max_levels: int) -> None:
        self._max_levels = require_levels(max_levels)

    @property
    def max_levels(self) -> int:
        """How many levels below its own move the search looks."""
        return self._max_levels

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play by ``rules`` (an opening rule); None for every variant."""
        return free_opening_only(cls.name, rules)

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> SoundPlayer:
        """The player a game asks for: searching ``limits.max_levels`` deep."""
        return cls(limits.max_levels)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The square ``sound_play`` picks for ``mover`` on ``board``; the board is left as it was.

        ``ValueError`` when the game is over (a line on the board, or no
        empty square).
        """
        black = COMPUTER if mover == HUMAN else HUMAN  # X, black, is O on the copy that plays X
        play = sound_play(as_computer(board, mover, self._max_levels), stats=stats, black=black)
        if play.row < 0:
            raise ValueError("the board is full: the game is over")
        return Move(play.row, play.col)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._max_levels!r})"
