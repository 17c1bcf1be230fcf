"""Setting up a position in the window by clicking, to play a new game on from it.

:class:`PositionSetup` is the position being made: each click on a square
turns it from empty to ``X``, from ``X`` to ``O`` and from ``O`` back to
empty, and the side to move is chosen apart.  The window's controller
(:mod:`~tictactoe.ui.window.controller`) keeps one while a position is set
up, and its setup bar (:mod:`~tictactoe.ui.window.controls`) shows who
moves, Clear, Play from here and Cancel.  The window draws the position and
starts the game; a position that cannot start one (a line already made) is
refused in one line when asked to.  Nothing here touches Tk.

>>> from configurations.moves import Move
>>> setup = PositionSetup(3)
>>> setup.click(Move(1, 1)); setup.click(Move(0, 0)); setup.click(Move(0, 0))
>>> setup.toggle_mover()
>>> str(setup.position())
'X b2; O a1; O to move'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Side
from tictactoe.game.game import StartingPosition

if TYPE_CHECKING:
    from configurations.moves import Move

__all__ = ["SETUP_NOTE", "PositionSetup"]

#: What the window's note says while a position is set up.
SETUP_NOTE = "Click a square for X, again for O, again to empty it; then Play from here"


class PositionSetup:
    """A position on a ``size`` board being set up: the stones of each side, and who moves."""

    def __init__(self, size: int, start: StartingPosition | None = None) -> None:
        self.size = size
        self._stones: dict[Move, Side] = {}
        self.to_move = Side.X
        if start is not None:
            self._stones = {move: side for side in Side for move in start.squares(side)}
            self.to_move = start.to_move

    def click(self, move: Move) -> None:
        """Turn the square from empty to X, X to O, O to empty."""
        side = self._stones.get(move)
        if side is None:
            self._stones[move] = Side.X
        elif side is Side.X:
            self._stones[move] = Side.O
        else:
            del self._stones[move]

    def toggle_mover(self) -> None:
        """Let the other side move first."""
        self.to_move = self.to_move.opponent

    def clear(self) -> None:
        """Take every stone off."""
        self._stones.clear()

    def position(self) -> StartingPosition:
        """The position as set up now."""
        x, o = (frozenset(move for move, owner in self._stones.items() if owner is side) for side in Side)
        return StartingPosition(x, o, self.to_move)
