"""The shape of a k-in-a-row board, worked out once: its windows, its symmetries, its squares by centrality.

The windows are :func:`configurations.lines.windows`, in their order; here a
set of squares is an int with those squares' bits set, so a window is a bit
mask.  Nothing here knows of tiles or players.
"""

from __future__ import annotations

import functools

from configurations.lines import windows, windows_through

__all__ = ["Geometry", "Region", "geometry", "lowest_square", "squares_of"]

# The eight symmetries of the square, each as (mirror columns, mirror rows, swap rows and columns); a board that
# is not square keeps the first four, which do not swap.
_SYMMETRIES = tuple((bool(code & 1), bool(code & 2), bool(code & 4)) for code in range(8))
_RECTANGLE_SYMMETRIES = 4


class Geometry:
    """The windows, symmetries and move order of a board of ``rows`` x ``cols`` squares with ``length`` in a row
    to win.

    ``windows``: every window, a bit mask of ``length`` squares, each once
    (for ``length`` 1 the four directions give the same one-square window).
    ``windows_through[square]``: the indices of the windows holding
    ``square``, and ``windows_holding[square]`` the same as a bit mask.
    ``symmetries``: the maps of the board onto itself -- eight for a
    square, four for a rectangle (the mirrors and the half turn) -- each a
    tuple giving every square's image, the identity first;
    ``inverse_symmetries``, the maps that undo them, in the same order.
    ``centre_order``: every square, nearest the centre first (ties in
    row-major order).  Build one with :func:`geometry`, which keeps them.

    >>> shape = geometry(3, 3, 3)
    >>> len(shape.windows), [bin(window) for window in shape.windows[:2]]
    (8, ['0b111', '0b1001001'])
    >>> shape.windows_through[4]  # the centre: a diagonal, the middle column, the anti-diagonal, the middle row
    (2, 3, 5, 6)
    >>> shape.centre_order
    (4, 1, 3, 5, 7, 0, 2, 6, 8)
    >>> len(geometry(3, 4, 3).symmetries)
    4
    """

    __slots__ = (
        "centre_order",
        "cols",
        "inverse_symmetries",
        "length",
        "rows",
        "squares",
        "symmetries",
        "windows",
        "windows_holding",
        "windows_through",
    )

    def __init__(self, rows: int, cols: int, length: int) -> None:
        if not 1 <= length <= max(rows, cols):
            raise ValueError(f"length must be between 1 and the larger side ({max(rows, cols)}), got {length!r}")
        self.rows = rows
        self.cols = cols
        self.length = length
        self.squares = rows * cols
        every = windows(rows, length, cols=cols)
        self.windows = tuple(sum(1 << square for square in window.squares) for window in every)
        self.windows_through = windows_through(rows, length, cols=cols)
        self.windows_holding = tuple(sum(1 << index for index in through) for through in self.windows_through)
        kept = _SYMMETRIES if rows == cols else _SYMMETRIES[:_RECTANGLE_SYMMETRIES]
        self.symmetries = tuple(_symmetry(rows, cols, *flags) for flags in kept)
        self.inverse_symmetries = tuple(
            tuple(images.index(square) for square in range(self.squares)) for images in self.symmetries
        )
        middle_row, middle_col = (rows - 1) / 2, (cols - 1) / 2
        self.centre_order = tuple(
            sorted(
                range(self.squares),
                key=lambda square: abs(square // cols - middle_row) + abs(square % cols - middle_col),
            )
        )

    def __repr__(self) -> str:
        return f"geometry({self.rows!r}, {self.cols!r}, {self.length!r})"


@functools.lru_cache(maxsize=16)
def geometry(rows: int, cols: int, length: int) -> Geometry:
    """The :class:`Geometry` of a board of ``rows`` rows of ``cols`` squares with ``length`` to win, built once
    per shape; its arguments are the constructor's, in the same order."""
    return Geometry(rows, cols, length)


def _symmetry(rows: int, cols: int, mirror_cols: bool, mirror_rows: bool, swap: bool) -> tuple[int, ...]:
    """Where each square goes under one symmetry of the board (``swap`` only on a square one)."""
    images = []
    for square in range(rows * cols):
        row, col = divmod(square, cols)
        if mirror_cols:
            col = cols - 1 - col
        if mirror_rows:
            row = rows - 1 - row
        if swap:
            row, col = col, row
        images.append(row * cols + col)
    return tuple(images)


def lowest_square(squares: int) -> int:
    """The lowest-numbered square of a non-empty set of squares.

    >>> lowest_square(0b10100)
    2
    """
    return (squares & -squares).bit_length() - 1


def squares_of(squares: int) -> list[int]:
    """The squares of a set, lowest first.

    >>> squares_of(0b10100)
    [2, 4]
    """
    found = []
    while squares:
        low = squares & -squares
        squares ^= low
        found.append(low.bit_length() - 1)
    return found


class Region:
    """A centred region of ``rows`` x ``cols`` squares on a board of ``board_rows`` x ``board_cols``: the squares
    a restricted solve lets X choose from (docs/proofs.md).  ``squares``: its squares as a set; ``symmetries``:
    how many of the board's symmetries (the first ones of :attr:`Geometry.symmetries`) map it onto itself -- all
    of them, but the quarter turns of a square board when the region is not square.  ``ValueError`` for a
    region larger than the board, or one that cannot be centred (an odd number of rows or columns around it).

    >>> Region(5, 5, 7, 7).squares == sum(1 << row * 7 + col for row in range(1, 6) for col in range(1, 6))
    True
    >>> Region(3, 5, 7, 7).symmetries, Region(5, 5, 7, 7).symmetries
    (4, 8)
    >>> Region(5, 5, 6, 7)
    Traceback (most recent call last):
    ...
    ValueError: a region of 5x5 cannot be centred on a board of 6x7: it leaves 1 row, which cannot be split evenly
    """

    __slots__ = ("cols", "rows", "squares", "symmetries")

    def __init__(self, rows: int, cols: int, board_rows: int, board_cols: int) -> None:
        if not (1 <= rows <= board_rows and 1 <= cols <= board_cols):
            raise ValueError(f"a region of {rows}x{cols} does not fit a board of {board_rows}x{board_cols}")
        for name, left in (("row", board_rows - rows), ("column", board_cols - cols)):
            if left % 2:
                raise ValueError(
                    f"a region of {rows}x{cols} cannot be centred on a board of {board_rows}x{board_cols}: "
                    f"it leaves {left} {name}{'' if left == 1 else 's'}, which cannot be split evenly"
                )
        self.rows, self.cols = rows, cols
        top, left_col = (board_rows - rows) // 2, (board_cols - cols) // 2
        self.squares = sum(1 << (top + row) * board_cols + left_col + col for row in range(rows) for col in range(cols))
        self.symmetries = 8 if board_rows == board_cols and rows == cols else _RECTANGLE_SYMMETRIES

    def __repr__(self) -> str:
        return f"Region({self.rows}x{self.cols})"
