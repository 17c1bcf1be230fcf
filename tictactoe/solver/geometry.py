"""The shape of a k-in-a-row board, worked out once: its windows, its symmetries, its squares by centrality.

The windows are :func:`configurations.lines.windows`, in their order; here a
set of squares is an int with those squares' bits set, so a window is a bit
mask.  Nothing here knows of tiles or players.

A rectangle of ``height`` rows and ``width`` columns is played in the top
left corner of a square board whose side is the longer of the two: the
squares outside it are off the board.  No window holds one, so no line
can run through one and no search plays one (an empty square on no window
is never a move), and only the symmetries that map the rectangle onto
itself are kept, so that a position and its stored image are always the
same game.
"""

from __future__ import annotations

import functools

from configurations.lines import windows, windows_through

__all__ = ["Geometry", "geometry", "lowest_square", "squares_of"]

# The eight symmetries of the square, each as (mirror columns, mirror rows, swap rows and columns).
_SYMMETRIES = tuple((bool(code & 1), bool(code & 2), bool(code & 4)) for code in range(8))


class Geometry:
    """The windows, symmetries and move order of a ``size`` x ``size`` board with ``length`` in a row to win,
    or of its top left ``height`` x ``width`` rectangle (one side ``size``).

    ``squares``: ``size * size``, the squares numbered (``row * size +
    col``); ``on_board``: those of the rectangle, as a set of squares, and
    ``playable``: how many they are.
    ``windows``: every window, a bit mask of ``length`` squares, each once
    (for ``length`` 1 the four directions give the same one-square window).
    ``windows_through[square]``: the indices of the windows holding
    ``square``, and ``windows_holding[square]`` the same as a bit mask.
    ``symmetries``: the maps of the board onto itself (eight for a square,
    four for a rectangle), each a tuple giving every square's image, the
    identity first; ``inverse_symmetries``, the maps that undo them, in the
    same order.  ``centre_order``: every square of the rectangle, nearest
    its centre first (ties in row-major order).  Build one with
    :func:`geometry`, which keeps them.

    >>> shape = geometry(3, 3)
    >>> len(shape.windows), [bin(window) for window in shape.windows[:2]]
    (8, ['0b111', '0b1001001'])
    >>> shape.windows_through[4]  # the centre: a diagonal, the middle column, the anti-diagonal, the middle row
    (2, 3, 5, 6)
    >>> shape.centre_order
    (4, 1, 3, 5, 7, 0, 2, 6, 8)
    >>> strip = geometry(3, 3, height=1, width=3)  # one row of three: one window, squares 3 to 8 off the board
    >>> [bin(window) for window in strip.windows], strip.playable, strip.centre_order, len(strip.symmetries)
    (['0b111'], 3, (1, 0, 2), 4)
    """

    __slots__ = (
        "centre_order",
        "height",
        "inverse_symmetries",
        "length",
        "on_board",
        "playable",
        "size",
        "squares",
        "symmetries",
        "width",
        "windows",
        "windows_holding",
        "windows_through",
    )

    def __init__(self, size: int, length: int, height: int | None = None, width: int | None = None) -> None:
        height = size if height is None else height
        width = size if width is None else width
        if max(height, width) != size or min(height, width) < 1:
            raise ValueError(f"a {height}x{width} rectangle does not have a {size}x{size} board's longer side")
        if not 1 <= length <= size:
            raise ValueError(f"length must be between 1 and size ({size}), got {length!r}")
        self.size = size
        self.length = length
        self.height = height
        self.width = width
        self.squares = size * size
        inside = [square for square in range(self.squares) if square // size < height and square % size < width]
        self.on_board = sum(1 << square for square in inside)
        self.playable = len(inside)
        masks = (sum(1 << square for square in window.squares) for window in windows(size, length))
        self.windows = tuple(mask for mask in masks if mask & self.on_board == mask)
        if height == width:
            self.windows_through = windows_through(size, length)
        else:
            self.windows_through = tuple(
                tuple(index for index, mask in enumerate(self.windows) if mask >> square & 1)
                for square in range(self.squares)
            )
        self.windows_holding = tuple(sum(1 << index for index in through) for through in self.windows_through)
        # Swapping rows and columns maps a rectangle onto itself only when it is a square.
        kept = _SYMMETRIES if height == width else [flags for flags in _SYMMETRIES if not flags[2]]
        self.symmetries = tuple(_symmetry(size, height, width, flags) for flags in kept)
        self.inverse_symmetries = tuple(
            tuple(images.index(square) for square in range(self.squares)) for images in self.symmetries
        )
        middle_row, middle_col = (height - 1) / 2, (width - 1) / 2
        self.centre_order = tuple(
            sorted(inside, key=lambda square: abs(square // size - middle_row) + abs(square % size - middle_col))
        )

    def __repr__(self) -> str:
        if self.height == self.width:
            return f"geometry({self.size!r}, {self.length!r})"
        return f"geometry({self.size!r}, {self.length!r}, height={self.height!r}, width={self.width!r})"


@functools.lru_cache(maxsize=16)
def geometry(size: int, length: int, height: int | None = None, width: int | None = None) -> Geometry:
    """The :class:`Geometry` of a ``size`` x ``size`` board, or of its top left ``height`` x ``width``
    rectangle, with ``length`` to win, built once per shape."""
    return Geometry(size, length, height, width)


def _symmetry(size: int, height: int, width: int, flags: tuple[bool, bool, bool]) -> tuple[int, ...]:
    """Where each square goes under one symmetry of the ``height`` x ``width`` rectangle, ``flags`` saying
    whether it mirrors the columns, mirrors the rows, swaps rows and columns (only for a square); a square
    off the rectangle stays where it is."""
    mirror_cols, mirror_rows, swap = flags
    images = []
    for square in range(size * size):
        row, col = divmod(square, size)
        if row >= height or col >= width:
            images.append(square)
            continue
        if mirror_cols:
            col = width - 1 - col
        if mirror_rows:
            row = height - 1 - row
        if swap:
            row, col = col, row
        images.append(row * size + col)
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
