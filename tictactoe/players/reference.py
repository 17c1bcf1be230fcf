"""The ``reference`` player (SPEC §7): the move :func:`~configurations.computer_play` makes, for either side.

The reference search always plays ``O``.  To move for ``O`` the player
hands it a copy of the board with the player's own ``max_levels``; to move
for ``X`` it hands it a copy with every ``X`` and ``O`` swapped, so that
the search, playing ``O``, plays ``X``'s tiles.  Swapping the symbols
swaps the search's view of who is who and nothing else, so ``X`` gets the
very move the search would make for ``O`` in the mirrored position.

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["OO ", "XX ", "   "], 3, 0)
>>> str(ReferencePlayer(0).choose(board, "X")), str(ReferencePlayer(0).choose(board, "O"))
('c2', 'c1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import EMPTY, Configurations, computer_play, opponent
from configurations.board import require_levels
from configurations.moves import Move

if TYPE_CHECKING:
    from configurations import SearchStats, Symbol
    from tictactoe.players.base import ComputerPlayer, PlayerOptions

from tictactoe.players.base import ComputerPlayer

__all__ = ["ReferencePlayer"]

# The side the reference search always plays.
_SEARCH_SIDE = "O"


class ReferencePlayer(ComputerPlayer):
    """Plays what the reference search of SPEC §3 plays, searching ``max_levels`` deep."""

    name = "reference"

    __slots__ = ("_max_levels",)

    def __init__(self, max_levels: int) -> None:
        """A reference player searching ``max_levels`` levels; ``ValueError`` when that is negative."""
        self._max_levels = require_levels(max_levels)

    @classmethod
    def from_options(cls, options: PlayerOptions) -> ReferencePlayer:
        """The player a game with ``options`` asks for: searching ``options.max_levels`` deep."""
        return cls(options.max_levels)

    @property
    def max_levels(self) -> int:
        """How many levels below its move the search looks (read-only)."""
        return self._max_levels

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """``computer_play``'s square on a copy of ``board`` in which ``mover`` plays ``O``; ``board`` is only read.

        ``stats.nodes`` counts the search's trial moves as it goes.

        ``ValueError`` when the board has no empty square.
        """
        copy = Configurations(board.board_size, board.length_to_win, self._max_levels)
        swap = mover != _SEARCH_SIDE
        size = board.board_size
        for square, symbol in enumerate(board.configuration()):
            if symbol != EMPTY:
                copy.save_play(square // size, square % size, opponent(symbol) if swap else symbol)
        play = computer_play(copy, stats=stats)
        if play.row < 0:
            raise ValueError("the board is full: there is no move to make")
        return Move(play.row, play.col)

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({self._max_levels!r})"
