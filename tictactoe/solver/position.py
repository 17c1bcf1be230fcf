"""A position to solve: the board's shape and each player's tiles, checked to be one the game can reach.

>>> position = Position.from_rows(["X..", ".O.", "..."], length=3)
>>> position.mover, position.winner, position.empty_squares
('X', None, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import COMPUTER, HUMAN, Configurations, Symbol
from tictactoe.solver.geometry import geometry

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tictactoe.solver.geometry import Geometry

__all__ = ["EMPTY_ROW_MARK", "Position", "PositionError"]

#: How an empty square is written in a row given to :meth:`Position.from_rows`.
EMPTY_ROW_MARK = "."


class PositionError(ValueError):
    """A board that is no position of the game (a row of the wrong length, an unknown symbol,
    impossible tile counts, two winners); the message says what is wrong."""


class Position:
    """A k-in-a-row board: ``size``, ``length`` to win, and the squares of ``X`` and of ``O`` as bit masks.

    Square ``row * size + col`` is bit ``row * size + col``.  ``X`` moves
    first, so ``X`` is to move when both have as many tiles.  Every way of
    building one -- the constructor, :meth:`from_rows`,
    :meth:`from_configurations` -- checks that the game can reach it
    (``PositionError`` otherwise).  Equal to a position with the same
    shape and tiles.
    """

    __slots__ = ("height", "length", "o_tiles", "size", "width", "x_tiles")

    def __init__(
        self, size: int, length: int, x_tiles: int, o_tiles: int, *, height: int | None = None, width: int | None = None
    ) -> None:
        if not 1 <= length <= size:
            raise PositionError(f"the length to win must be between 1 and the size ({size}), got {length}")
        self.size = size
        self.length = length
        #: The rows and columns of the board: ``size`` each, or a rectangle in the top left corner
        #: of the square, one of them ``size`` (see :mod:`tictactoe.solver.geometry`).
        self.height = size if height is None else height
        self.width = size if width is None else width
        if max(self.height, self.width) != size or min(self.height, self.width) < 1:
            raise PositionError(f"a {self.height}x{self.width} board does not have {size} as its longer side")
        if x_tiles & o_tiles or (x_tiles | o_tiles) & ~self.shape.on_board:
            raise PositionError("the tiles overlap or lie outside the board")
        self.x_tiles = x_tiles
        self.o_tiles = o_tiles
        x_count, o_count = x_tiles.bit_count(), o_tiles.bit_count()
        if not o_count <= x_count <= o_count + 1:
            raise PositionError(
                f"X has {x_count} tiles and O {o_count}: X moves first, so X has as many as O or one more"
            )
        if self._has_line(x_tiles) and self._has_line(o_tiles):
            raise PositionError("both X and O have a line: the game stops at the first")

    @property
    def shape(self) -> Geometry:
        """The board's windows, symmetries and move order."""
        return geometry(self.size, self.length, self.height, self.width)

    @classmethod
    def from_rows(cls, rows: Sequence[str], length: int) -> Position:
        """The position drawn by ``rows``: one string per row, ``X``, ``O`` or ``.`` for each square.

        >>> Position.from_rows(["XO", "."], length=2)
        Traceback (most recent call last):
        ...
        tictactoe.solver.position.PositionError: row 2 is '.': a board of 2 rows needs 2 squares in each, got 1
        """
        size = len(rows)
        if size == 0:
            raise PositionError("a board needs at least one row")
        x_tiles = o_tiles = 0
        for row_index, row in enumerate(rows):
            if len(row) != size:
                raise PositionError(
                    f"row {row_index + 1} is {row!r}: a board of {size} rows needs {size} squares in each, "
                    f"got {len(row)}"
                )
            for col, symbol in enumerate(row):
                bit = 1 << row_index * size + col
                if symbol == HUMAN:
                    x_tiles |= bit
                elif symbol == COMPUTER:
                    o_tiles |= bit
                elif symbol != EMPTY_ROW_MARK:
                    raise PositionError(
                        f"row {row_index + 1} is {row!r}: {symbol!r} is not a square; "
                        f"use X, O, or {EMPTY_ROW_MARK} for an empty one"
                    )
        return cls(size, length, x_tiles, o_tiles)

    @classmethod
    def from_configurations(cls, configs: Configurations) -> Position:
        """The position on ``configs`` (whose empty squares hold ``" "``)."""
        board = configs.configuration()
        x_tiles = o_tiles = 0
        for square, symbol in enumerate(board):
            if symbol == HUMAN:
                x_tiles |= 1 << square
            elif symbol == COMPUTER:
                o_tiles |= 1 << square
        return cls(configs.board_size, configs.length_to_win, x_tiles, o_tiles)

    @property
    def mover(self) -> Symbol:
        """Whose turn it is: ``X`` when both have as many tiles, else ``O``."""
        return HUMAN if self.x_tiles.bit_count() == self.o_tiles.bit_count() else COMPUTER

    @property
    def winner(self) -> Symbol | None:
        """The player with ``length`` tiles in a line, if either has them."""
        if self._has_line(self.x_tiles):
            return HUMAN
        if self._has_line(self.o_tiles):
            return COMPUTER
        return None

    @property
    def empty_squares(self) -> int:
        """How many squares hold no tile."""
        return self.height * self.width - (self.x_tiles | self.o_tiles).bit_count()

    def rows(self) -> list[str]:
        """The board as :meth:`from_rows` reads it.

        >>> Position.from_rows(["X.", ".O"], length=2).rows()
        ['X.', '.O']
        """
        marks = []
        for square in sorted(self.shape.centre_order):  # the rectangle's squares, row by row
            if self.x_tiles >> square & 1:
                marks.append(HUMAN)
            elif self.o_tiles >> square & 1:
                marks.append(COMPUTER)
            else:
                marks.append(EMPTY_ROW_MARK)
        return ["".join(marks[start : start + self.width]) for start in range(0, len(marks), self.width)]

    def __repr__(self) -> str:
        if self.height != self.width:
            return (
                f"{type(self).__name__}({self.size!r}, {self.length!r}, {self.x_tiles!r}, {self.o_tiles!r}, "
                f"height={self.height!r}, width={self.width!r})"
            )
        return f"{type(self).__name__}.from_rows({self.rows()!r}, length={self.length!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.size, self.length, self.height, self.width, self.x_tiles, self.o_tiles) == (
            other.size,
            other.length,
            other.height,
            other.width,
            other.x_tiles,
            other.o_tiles,
        )

    __hash__ = None  # type: ignore[assignment]  # its fields can be reassigned, so it is not hashable

    def _has_line(self, tiles: int) -> bool:
        return any(window & tiles == window for window in self.shape.windows)
