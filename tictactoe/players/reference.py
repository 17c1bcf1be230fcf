"""``reference``: the assignment's own search (SPEC §3), for either side.

:func:`~configurations.computer_play` always searches for ``"O"``; to play
``"X"``, the player hands it a copy of the board with the tiles swapped, so
that its ``"O"`` is this player's ``X``.

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["OO ", "X  ", "X  "], length_to_win=3, max_levels=2)
>>> ReferencePlayer(2).choose(board, "X")
Move(row=0, col=2)
"""

from __future__ import annotations

from configurations import COMPUTER, HUMAN, Configurations, Symbol, computer_play
from configurations.moves import Move

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from configurations import SearchStats
    from tictactoe.players.registry import PlayerOptions

__all__ = ["ReferencePlayer", "searched_as_o"]

_SWAPPED = str.maketrans({HUMAN: COMPUTER, COMPUTER: HUMAN})


class ReferencePlayer:
    """The reference search to ``max_levels`` levels."""

    __slots__ = ("_max_levels",)

    def __init__(self, max_levels: int) -> None:
        self._max_levels = max_levels

    @classmethod
    def from_options(cls, options: PlayerOptions) -> ReferencePlayer:
        """The player a game with ``options`` asks for: searching ``options.max_levels`` deep."""
        return cls(options.max_levels)

    @property
    def name(self) -> str:
        """``"reference"``."""
        return "reference"

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The reference search's square for ``mover``; ``stats.nodes`` counts its trial moves."""
        found = computer_play(searched_as_o(board, mover, self._max_levels), stats=stats)
        return Move(found.row, found.col)


def searched_as_o(board: Configurations, mover: Symbol, max_levels: int) -> Configurations:
    """A copy of ``board`` searched to ``max_levels``, with the tiles swapped when ``mover`` is ``"X"``.

    The reference search always moves ``"O"``; on the copy, ``"O"`` is ``mover``.
    """
    rows = [row.translate(_SWAPPED) if mover == HUMAN else row for row in _rows(board)]
    return Configurations.from_rows(rows, board.length_to_win, max_levels)


def _rows(board: Configurations) -> list[str]:
    squares, size = board.configuration(), board.board_size
    return [squares[start : start + size] for start in range(0, size * size, size)]
