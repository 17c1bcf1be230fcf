"""The rules of k-in-a-row as the checker knows them, written here and nowhere else it trusts.

A board has ``rows`` rows of ``cols`` squares, numbered row by row from 0;
a player wins by filling a *window*, ``length`` squares in a row across,
down or along a diagonal -- under the rule ``standard`` only a window whose
two *ends* (the squares just beyond it on its line) are not the player's
too: exactly ``length`` in a row wins, an overline does not.  A window with
one of the player's tiles at an end is then no window the player can win
with: its run can only grow.  A set of squares is an int with their bits
set.  Nothing here is shared with the solver: a mistake in its rules cannot
pass a proof that its own rules would refuse.

>>> shape = Shape(3, 3, 3)
>>> len(shape.windows), len(shape.images)
(8, 8)
>>> shape.square("c2"), shape.name(5)
(5, 'c2')
>>> row = Shape(1, 5, 3, rule="standard")
>>> row.threats(0b01011, 0), Shape(1, 5, 3).threats(0b01011, 0)  # c1 makes four in a row: no win under standard
(0, 4)
"""

from __future__ import annotations

import re

__all__ = ["CODES", "RULES", "Shape", "squares_in"]

#: The rules a certificate may name: in ``standard`` exactly ``length`` in a row wins, in ``freestyle`` as many or
#: more.
RULES = ("freestyle", "standard")

#: A square's digit in a position's key: the key reads the board as a number in base 4, the first square the most
#: significant digit, so that the least key is the least string (``.`` < ``O`` < ``X``).
CODES = {".": 0, "O": 1, "X": 2}
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")
_DIGITS = str.maketrans({".": "0", "O": "1", "X": "2"})


class Shape:
    """A board's windows (``windows``: bit masks; ``holding[square]``: the indices of the windows through it,
    as a bit mask; under ``rule`` standard, ``ending[square]``: the indices of the windows it is an end of), its
    symmetries (``images[s][square]``: where symmetry ``s`` takes ``square``; eight for a
    square board, the four that do not turn it a quarter for a rectangle) and how a move adds to each image's
    key (``steps``)."""

    __slots__ = (
        "cols",
        "ending",
        "ends",
        "holding",
        "images",
        "inverses",
        "length",
        "rows",
        "rule",
        "squares",
        "steps",
        "windows",
    )

    def __init__(self, rows: int, cols: int, length: int, *, rule: str = "freestyle") -> None:
        self.rows, self.cols, self.length, self.squares = rows, cols, length, rows * cols
        self.rule = rule
        found: dict[int, int] = {}  # each window -> its ends, under standard (none with one square: see _ends)
        for row in range(rows):
            for col in range(cols):
                for down, right in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(row + down * step, col + right * step) for step in range(length)]
                    if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                        window = sum(1 << r * cols + c for r, c in cells)
                        found[window] = self._ends(row, col, down, right) if rule == "standard" else 0
        self.windows = sorted(found)
        self.ends = [found[window] for window in self.windows]
        self.holding = [0] * self.squares
        self.ending = [0] * self.squares
        for index, window in enumerate(self.windows):
            for square in squares_in(window):
                self.holding[square] |= 1 << index
            for square in squares_in(self.ends[index]):
                self.ending[square] |= 1 << index
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

    def _ends(self, row: int, col: int, down: int, right: int) -> int:
        """The squares on the board just beyond the two ends of the window of ``length`` from ``(row, col)`` along
        ``(down, right)``.  None for a window of one square, which lies on four lines: a first tile is a line of
        one along each, so on every board a game reaches, one tile of a player's is a win under either rule."""
        if self.length == 1:
            return 0
        ends = 0
        for r, c in ((row - down, col - right), (row + down * self.length, col + right * self.length)):
            if 0 <= r < self.rows and 0 <= c < self.cols:
                ends |= 1 << r * self.cols + c
        return ends

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
        """The empty squares where the player holding ``mine`` would complete a line that wins."""
        squares = 0
        for window, ends in zip(self.windows, self.ends, strict=True):
            if not window & theirs and not ends & mine and (window & mine).bit_count() == self.length - 1:
                squares |= window & ~mine
        return squares

    def lines(self, tiles: int) -> list[int]:
        """The windows ``tiles`` fill and win with (under standard, neither end of it theirs too)."""
        return [
            window
            for window, ends in zip(self.windows, self.ends, strict=True)
            if window & tiles == window and not ends & tiles
        ]

    def has_line(self, tiles: int) -> bool:
        """Whether ``tiles`` fill a window that wins."""
        return bool(self.lines(tiles))

    def spoiled(self, tiles: int) -> int:
        """The windows (bit ``i`` for ``windows[i]``) that the player holding ``tiles`` can no longer win with for
        a tile of its own at an end (none but under standard)."""
        found = 0
        for square in squares_in(tiles):
            found |= self.ending[square]
        return found

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


def squares_in(tiles: int) -> list[int]:
    """The squares of the set ``tiles``, in order (the checker's own, apart from the solver's)."""
    found = []
    while tiles:
        low = tiles & -tiles
        found.append(low.bit_length() - 1)
        tiles ^= low
    return found
