"""``gomoku-terminal``'s "hard" AI (PyPI ``gomoku-terminal`` 1.0.2) as a player.

Its AI (``gomoku.ai.GomokuAI``) is asked for a move on its own ``Board``,
which holds a 20x20 grid by a class constant; a subclass sets the side to
the rating's board.  ``BLACK`` moves first, as ``X`` does.  Five or more in
a row win there too.  The "hard" level takes a win, blocks a four, then
searches 2 or 3 plies (3 once 10 stones are down) among the 20 squares it
rates highest near the stones; it draws no random numbers.
"""

from __future__ import annotations

from gomoku.ai import GomokuAI
from gomoku.board import Board

from configurations import Configurations, SearchStats, Side, Symbol
from configurations.moves import Move
from tictactoe.players.base import UnsupportedBoardError

__all__ = ["TerminalPeer", "make"]

_LENGTH = 5


class TerminalPeer:
    """gomoku-terminal's AI at level ``hard``."""

    name = "gomoku-terminal"

    def __init__(self, size: int) -> None:
        self._board_class = type("RatedBoard", (Board,), {"SIZE": size})
        self._ai = GomokuAI("hard")

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The AI's move for ``mover`` on ``board``, set up on a board of its own."""
        peer_board = self._board_class()
        size = board.board_size
        for square, symbol in enumerate(board.configuration()):
            if symbol != " ":
                peer_board.place_stone(*divmod(square, size), Board.BLACK if symbol == Side.X else Board.WHITE)
        row, col = self._ai.get_move(peer_board, Board.BLACK if mover == Side.X else Board.WHITE)
        return Move(int(row), int(col))


def make(size: int, length: int, seed: int) -> TerminalPeer:
    """The AI for a ``size`` board; it plays only five in a row, and draws no random numbers (``seed`` unused)."""
    if length != _LENGTH:
        raise UnsupportedBoardError(f"gomoku-terminal plays only five in a row, not {length}")
    return TerminalPeer(size)
