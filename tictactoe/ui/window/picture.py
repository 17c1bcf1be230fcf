"""What the board shows, as plain values: the stones, the tiles of the moves and the marks.

:class:`BoardPicture` is what the game window and a replay hand to
:class:`~tictactoe.ui.window.board_view.BoardView` to draw; it touches no
Tk, so that the window's controller
(:mod:`~tictactoe.ui.window.controller`) can say what is to be shown
without a display.  :func:`winning_squares` finds the line to draw through
a game just won.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations.lines import winning_line
from configurations.moves import Move
from tictactoe.game.game import EMPTY_START, StartingPosition

if TYPE_CHECKING:
    from collections.abc import Sequence

    from configurations.rules import Rules

__all__ = ["BoardPicture", "winning_squares"]


def winning_squares(rules: Rules, start: StartingPosition, moves: Sequence[Move]) -> tuple[Move, ...]:
    """The squares of the line the last of ``moves``, played from ``start``, made; ``()`` when it made none.

    :func:`~configurations.lines.winning_line` reads the mover's stones as
    every other move back from the last; from a position set up they are
    not, so it is handed the mover's stones that way, each twice.

    >>> from configurations import Side
    >>> start = StartingPosition(frozenset({Move(0, 0), Move(0, 1)}), frozenset({Move(1, 0)}), Side.X)
    >>> from configurations.rules import Rules
    >>> [str(square) for square in winning_squares(Rules.square(3, 3), start, [Move(0, 2)])]
    ['a1', 'b1', 'c1']
    """
    if not moves:
        return ()
    last = moves[-1]
    mover = start.mover(len(moves) - 1)
    mine = [*start.squares(mover), *(move for ply, move in enumerate(moves[:-1]) if start.mover(ply) is mover)]
    stones = [*itertools.chain.from_iterable((stone, stone) for stone in mine), last]
    return winning_line(rules.rows, rules.k, stones, cols=rules.cols)


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What the board shows: the stones of ``start`` and the tiles of ``moves`` (the side to move at the start
    made the even-numbered ones), and the marks.

    ``last`` is highlighted, ``hint`` shaded, ``cursor`` outlined, ``better``
    (a review's better move) ringed (None: no such mark), and a line is
    drawn through the squares of ``line``.  With ``numbers``, each move's
    tile carries its number (the stones of the start none).  The empty
    squares of ``forbidden`` (renju's points black may not play) carry a
    red cross.
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

    @property
    def last(self) -> Move | None:
        """The move played last, highlighted."""
        return self.moves[-1] if self.moves else None
