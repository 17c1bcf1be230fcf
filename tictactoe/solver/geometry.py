"""The shape of a k-in-a-row board, worked out once: its windows, its symmetries, its squares by centrality.

The windows are :func:`configurations.lines.windows`, in their order; here a
set of squares is an int with those squares' bits set, so a window is a bit
mask.  Nothing here knows of tiles or players.
"""

from __future__ import annotations

import functools

from configurations.lines import windows, windows_through

__all__ = ["Geometry", "geometry", "lowest_square", "squares_of"]

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

    >>> shape = geometry(3, 3)
    >>> len(shape.windows), [bin(window) for window in shape.windows[:2]]
    (8, ['0b111', '0b1001001'])
    >>> shape.windows_through[4]  # the centre: a diagonal, the middle column, the anti-diagonal, the middle row
    (2, 3, 5, 6)
    >>> shape.centre_order
    (4, 1, 3, 5, 7, 0, 2, 6, 8)
    >>> len(geometry(3, 3, cols=4).symmetries)
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
        if self.rows == self.cols:
            return f"geometry({self.rows!r}, {self.length!r})"
        return f"geometry({self.rows!r}, {self.length!r}, cols={self.cols!r})"


@functools.lru_cache(maxsize=16)
def geometry(rows: int, length: int, *, cols: int | None = None) -> Geometry:
    """The :class:`Geometry` of a board of ``rows`` rows of ``cols`` squares (default: a square) with ``length``
    to win, built once per shape."""
    return Geometry(rows, rows if cols is None else cols, length)


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
