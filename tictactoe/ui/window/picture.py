"""What the board shows, as plain values: the stones, the tiles of the moves, the marks, and how it is drawn.

:class:`BoardPicture` is what the game window and a replay hand to
:class:`~tictactoe.ui.window.board_view.BoardView` to draw; it touches no
Tk, so that the window's controller
(:mod:`~tictactoe.ui.window.controller`) can say what is to be shown
without a display.  The line drawn through a game just won comes from
:attr:`~tictactoe.game.game.Game.winning_line`.

A board is drawn in one of two ways: squares holding X and O, as
tic-tac-toe is drawn on paper, or a grid with black and white stones on its
intersections, as gomoku programs (Piskvork, Yixin) draw five in a row.
:func:`grid_by_default` says which a board gets unless the person chose
(``--grid``, ``--squares``, View ▸ Stones on the grid).

>>> from configurations.rules import Rules
>>> grid_by_default(Rules.square(3, 3)), grid_by_default(Rules.square(7, 4)), grid_by_default(Rules.square(15, 5))
(False, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations.moves import Move
from tictactoe.game.game import EMPTY_START, StartingPosition

if TYPE_CHECKING:
    from configurations.rules import Rules

__all__ = ["GRID_LENGTH", "BoardPicture", "grid_by_default"]

#: The length to win from which a board is drawn as a grid of stones unless asked otherwise: five in a row.
GRID_LENGTH = 5


def grid_by_default(rules: Rules) -> bool:
    """Whether a board by ``rules`` is drawn as a grid with stones on its intersections when nobody chose:
    the games of five (or more) in a row; tic-tac-toe and the small games keep X and O in squares."""
    return rules.k >= GRID_LENGTH


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What the board shows: the stones of ``start`` and the tiles of ``moves`` (the side to move at the start
    made the even-numbered ones), and the marks.

    ``last`` is highlighted, ``hint`` shaded, ``cursor`` outlined, ``better``
    (a review's better move) ringed (None: no such mark), and a line is
    drawn through the squares of ``line``.  With ``numbers``, each move's
    tile carries its number (the stones of the start none).  The empty
    squares of ``forbidden`` (renju's points black may not play) carry a
    red cross.  With ``grid``, the board is a grid with stones on its
    intersections (X black, O white), else squares with X and O in them.
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
    grid: bool = False

    @property
    def last(self) -> Move | None:
        """The move played last, highlighted."""
        return self.moves[-1] if self.moves else None
