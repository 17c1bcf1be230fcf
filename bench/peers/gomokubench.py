"""``gomokubench``'s "hard" search (PyPI ``gomokubench`` 0.1.10) as a player.

Its search (``libs.ai.get_best_move``) runs on its ``BoardState``: stone
values ``BLACK = 1`` (moves first, as ``X``) and ``WHITE = -1``, ``color``
the colour of the last stone, ``last_move`` the last move (its reply to the
first move reads it), and the side to maximise is ``BLACK``, as its own game
session sets them.  Five or more in a row win.  The "hard" level searches 3
plies among the 12 squares it rates highest, which takes it about a second a
move on 10x10 and several on 15x15; on boards larger than ``HARD_SQUARES``
it plays at "standard" (2 plies among 10), so that a rating fits in an
hour.  Its first move is drawn with
numpy's global random numbers, seeded here from the game's seed and the
move number so that a game can be played again.
"""

from __future__ import annotations

import numpy as np
from libs import piece
from libs.ai import get_best_move, resolve_ai_settings
from libs.board import BoardState

from configurations import Configurations, SearchStats, Side, Symbol
from configurations.moves import Move
from tictactoe.players.base import UnsupportedBoardError

__all__ = ["HARD_SQUARES", "BenchPeer", "make"]

_LENGTH = 5
#: The largest board (in squares) played at level "hard"; larger ones at "standard".
HARD_SQUARES = 100


class BenchPeer:
    """gomokubench's search at ``level`` (``hard`` or ``standard``)."""

    name = "gomokubench"

    def __init__(self, seed: int, level: str) -> None:
        self._seed = seed
        self._settings = resolve_ai_settings(level=level)
        self._last: Move | None = None

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The search's move for ``mover`` on ``board``, set up as its own game session would hold it."""
        size = board.board_size
        colour = piece.BLACK if mover == Side.X else piece.WHITE
        values = np.full((size, size), piece.EMPTY)
        stones = 0
        for square, symbol in enumerate(board.configuration()):
            if symbol != " ":
                values[divmod(square, size)] = piece.BLACK if symbol == Side.X else piece.WHITE
                stones += 1
        state = BoardState(size=size, values=values, color=-colour)
        state.last_move = _last_move(board, colour)
        np.random.seed((self._seed * 1000 + stones) % 2**32)
        move, _ = get_best_move(
            state,
            self._settings["depth"],
            colour == piece.BLACK,
            candidate_count=self._settings["candidate_count"],
            random_top_n=self._settings["random_top_n"],
        )
        return Move(int(move[0]), int(move[1]))


def _last_move(board: Configurations, colour: int) -> tuple[int, int] | None:
    """A stone of the opponent's: the last move, when the opponent has one stone (all the search reads it for)."""
    size = board.board_size
    theirs = Side.O if colour == piece.BLACK else Side.X
    for square, symbol in enumerate(board.configuration()):
        if symbol == theirs:
            return divmod(square, size)
    return None


def make(size: int, length: int, seed: int) -> BenchPeer:
    """The search for any board with five in a row, its first move drawn from ``seed``."""
    if length != _LENGTH:
        raise UnsupportedBoardError(f"gomokubench plays only five in a row, not {length}")
    return BenchPeer(seed, "hard" if size * size <= HARD_SQUARES else "standard")
