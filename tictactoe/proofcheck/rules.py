"""The rules of k-in-a-row as the checker knows them, written here and nowhere else it trusts.

A board has ``rows`` rows of ``cols`` squares, numbered row by row from 0;
a player wins by filling a *window*, ``length`` squares in a row across,
down or along a diagonal.  A set of squares is an int with their bits set.
Nothing here is shared with the solver: a mistake in its rules cannot pass
a proof that its own rules would refuse.

>>> shape = Shape(3, 3, 3)
>>> len(shape.windows), len(shape.images)
(8, 8)
>>> shape.square("c2"), shape.name(5)
(5, 'c2')
"""

from __future__ import annotations

import re

__all__ = ["CODES", "Shape"]

#: A square's digit in a position's key: the key reads the board as a number in base 4, the first square the most
#: significant digit, so that the least key is the least string (``.`` < ``O`` < ``X``).
CODES = {".": 0, "O": 1, "X": 2}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")
_DIGITS = str.maketrans({".": "0", "O": "1", "X": "2"})


class Shape:
    """A board's windows (``windows``: bit masks; ``holding[square]``: the indices of the windows through it,
    as a bit mask), its symmetries (``images[s][square]``: where symmetry ``s`` takes ``square``; eight for a
    square board, the four that do not turn it a quarter for a rectangle) and how a move adds to each image's
    key (``steps``)."""

    __slots__ = ("cols", "holding", "images", "inverses", "length", "rows", "squares", "steps", "windows")

    def __init__(self, rows: int, cols: int, length: int) -> None:
        self.rows, self.cols, self.length, self.squares = rows, cols, length, rows * cols
        found = set()
        for row in range(rows):
            for col in range(cols):
                for down, right in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(row + down * step, col + right * step) for step in range(length)]
                    if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                        found.add(sum(1 << r * cols + c for r, c in cells))
        self.windows = sorted(found)
        self.holding = [0] * self.squares
        for index, window in enumerate(self.windows):
            rest = window
            while rest:
                self.holding[(rest & -rest).bit_length() - 1] |= 1 << index
                rest &= rest - 1
        turns = (False, True) if rows == cols else (False,)
        self.images = [
            tuple(self._image(square, flip_rows, flip_cols, turn) for square in range(self.squares))
            for turn in turns
            for flip_rows in (False, True)
            for flip_cols in (False, True)
        ]
        self.inverses = [tuple(sorted(range(self.squares), key=image.__getitem__)) for image in self.images]
        last = self.squares - 1
        self.steps = {
            symbol: [tuple(code << 2 * (last - image[square]) for image in self.images) for square in range(last + 1)]
            for symbol, code in CODES.items()
            if code
        }

    def _image(self, square: int, flip_rows: bool, flip_cols: bool, turn: bool) -> int:
        row, col = divmod(square, self.cols)
        row = self.rows - 1 - row if flip_rows else row
        col = self.cols - 1 - col if flip_cols else col
        return col * self.cols + row if turn else row * self.cols + col

    def key(self, board: str) -> int:
        """The key of ``board`` (one character a square) as it is written: its digits in base 4."""
        return int(board.translate(_DIGITS), 4)

    def keys(self, x_tiles: int, o_tiles: int) -> tuple[int, ...]:
        """The key of each image of the position, in the order of ``images``."""
        keys = [0] * len(self.images)
        for symbol, tiles in (("X", x_tiles), ("O", o_tiles)):
            for square in range(self.squares):
                if tiles >> square & 1:
                    keys = [key + step for key, step in zip(keys, self.steps[symbol][square], strict=True)]
        return tuple(keys)

    def threats(self, mine: int, theirs: int) -> int:
        """The empty squares that would complete one of the windows of the player holding ``mine``."""
        squares = 0
        for window in self.windows:
            if not window & theirs and (window & mine).bit_count() == self.length - 1:
                squares |= window & ~mine
        return squares

    def has_line(self, tiles: int) -> bool:
        """Whether ``tiles`` fill a window."""
        return any(window & tiles == window for window in self.windows)

    def square(self, name: str) -> int:
        """The square named ``name`` (column letter, row number: ``a1`` is the first); ValueError off the board."""
        parts = _SQUARE.fullmatch(name)
        if parts is None or _LETTERS.index(parts[1]) >= self.cols or int(parts[2]) > self.rows:
            raise ValueError(f"{name!r} is not a square of a board of {self.rows}x{self.cols}")
        return (int(parts[2]) - 1) * self.cols + _LETTERS.index(parts[1])

    def name(self, square: int) -> str:
        """The name of ``square``."""
        row, col = divmod(square, self.cols)
        return f"{_LETTERS[col]}{row + 1}"

    def draw(self, x_tiles: int, o_tiles: int) -> str:
        """The position as one line: its rows apart by ``/``."""
        marks = ["X" if x_tiles >> s & 1 else "O" if o_tiles >> s & 1 else "." for s in range(self.squares)]
        return "/".join("".join(marks[start : start + self.cols]) for start in range(0, self.squares, self.cols))
