"""The ``perfect`` player (docs/players.md): the 3x3 game graph's best move, so it never loses.

It plays only 3x3 tic-tac-toe, the one game the graph holds.  The graph is
built the first time a perfect player is made (a few hundredths of a
second) and shared by every perfect player after.

>>> from configurations import Configurations
>>> player = PerfectPlayer()
>>> str(player.choose(Configurations.from_rows(["XX ", "OO ", "   "], 3, 0), "X"))
'c1'
>>> PerfectPlayer(Rules.square(4, 3))
Traceback (most recent call last):
...
tictactoe.players.base.UnsupportedBoardError: perfect plays only 3x3 with 3 in a row, the game its graph \
holds, not 4x4 with 3 in a row
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.gamegraph import GAME_OVER, board_hash, game_graph
from tictactoe.players.base import TIC_TAC_TOE, ComputerPlayer, PlayerLimits, tic_tac_toe_only

if TYPE_CHECKING:
    from configurations import Configurations, SearchStats, Symbol

__all__ = ["PerfectPlayer"]

_SIZE = 3


class PerfectPlayer(ComputerPlayer):
    """Plays the graph's best move: the best-scored child for the side to move, the first on ties."""

    name = "perfect"

    __slots__ = ("_graph",)

    def __init__(self, rules: Rules = TIC_TAC_TOE) -> None:
        """A perfect player for a game by ``rules``.

        ``UnsupportedBoardError`` unless that is 3x3 freestyle with 3 in a row.
        """
        self.require_rules(rules)
        self._graph = game_graph()

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> PerfectPlayer:
        """The player a game by ``rules`` asks for (``UnsupportedBoardError`` where it cannot play)."""
        return cls(rules)

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play a game by ``rules``; None when it can.

        >>> PerfectPlayer.supports(Rules.square(3, 3)) is None
        True
        """
        return tic_tac_toe_only(cls.name, "the game its graph holds", rules)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The graph's best move for ``mover`` on ``board``; the board is only read.

        ``UnsupportedBoardError`` for a board that is not 3x3 with 3 in a
        row, ``UnreachablePositionError`` for a position no game reaches,
        ``ValueError`` when it is not ``mover``'s turn or the game is over.
        Runtime complexity: O(1).
        """
        self.require_rules(board.rules)
        node = self._graph.node(board_hash(board.configuration()))
        if node.turn != mover:
            turn = "the game is over" if node.turn == GAME_OVER else f"it is {node.turn}'s turn"
            raise ValueError(f"perfect cannot move for {mover!r}: {turn}")
        row, col = divmod(self._graph.best_move(node.hash), _SIZE)
        return Move(row, col)
