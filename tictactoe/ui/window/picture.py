"""What the board shows, as plain values: the stones, the tiles of the moves and the marks.

:class:`BoardPicture` is what the game window and a replay hand to
:class:`~tictactoe.ui.window.board_view.BoardView` to draw; it touches no
Tk, so that the window's controller
(:mod:`~tictactoe.ui.window.controller`) can say what is to be shown
without a display.  The line drawn through a game just won comes from
:func:`~tictactoe.game.game.winning_squares`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations.moves import Move
from tictactoe.game.game import EMPTY_START, StartingPosition

if TYPE_CHECKING:
    pass

__all__ = ["BoardPicture"]


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What the board shows: the stones of ``start`` and the tiles of ``moves`` (the side to move at the start
    made the even-numbered ones), and the marks.

    ``last`` is highlighted, ``hint`` shaded, ``cursor`` outlined, ``better``
    (a review's better move) ringed (None: no such mark), and a line is
    drawn through the squares of ``line``.  With ``numbers``, each move's
    tile carries its number (the stones of the start none).  The empty
    squares of ``forbidden`` (renju's points black may not play) carry a
    red cross.  ``best_line`` (a review's best line from the position
    shown) is drawn as numbered marks, 1 first, each in its mover's colour.
    """

    size: int
    moves: tuple[Move, ...]
    cursor: Move | None = None
    hint: Move | None = None
    line: tuple[Move, ...] = ()
    start: StartingPosition = EMPTY_START
    numbers: bool = False
    better: Move | None = None
    forbidden: tuple[Move, ...] = ()
    best_line: tuple[Move, ...] = ()

    @property
    def last(self) -> Move | None:
        """The move played last, highlighted."""
        return self.moves[-1] if self.moves else None
