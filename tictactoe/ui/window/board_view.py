"""The board as the window draws it: squares that fill the canvas, labels, tiles and marks.

:class:`BoardGeometry` says where everything goes for a canvas of a given
size (pure arithmetic: which square a point falls in, where a square's
centre is); :class:`BoardView` draws a
:class:`~tictactoe.ui.window.picture.BoardPicture` (what is to be drawn) on
a Tk canvas and reads back what it drew.  Every square and tile carries tags naming its row and column, so
that what a person sees can be checked from the canvas itself.

The drawing never reads a board: tiles come from the game's list of moves,
which stays put while a search tries moves on the board in another thread.

>>> geometry = BoardGeometry.fit(3, width=400, height=300)
>>> geometry.square_at(*geometry.centre(Move(2, 1)))
Move(row=2, col=1)
>>> geometry.square_at(0, 0) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations import Side, Symbol, column_label
from configurations.moves import Move

if TYPE_CHECKING:
    import tkinter

    from tictactoe.ui.window.picture import BoardPicture

__all__ = [
    "BETTER_COLOUR",
    "BOARD_COLOUR",
    "CURSOR_COLOUR",
    "GRID_COLOUR",
    "HINT_COLOUR",
    "LAST_MOVE_COLOUR",
    "LINE_COLOUR",
    "TILE_COLOURS",
    "BoardGeometry",
    "BoardView",
    "first_canvas_side",
]

BOARD_COLOUR = "#f3ecd9"
GRID_COLOUR = "#5a5040"
LAST_MOVE_COLOUR = "#ffe08a"
HINT_COLOUR = "#b9e4c3"
CURSOR_COLOUR = "#1b8a7a"
LINE_COLOUR = "#2a2a2a"
#: The dashed frame and the shade of the square of the better move a review names.
BETTER_COLOUR = "#1e9e4a"
BETTER_SHADE = "#cfeed8"
NUMBER_COLOUR = "#ffffff"
LABEL_COLOUR = "#4a4a4a"
#: A point forbidden to black under renju: a red cross, as Yixin marks them.
FORBIDDEN_COLOUR = "#c8102e"
TILE_COLOURS = {Side.X: "#1f5fbf", Side.O: "#c0392b"}

# Room around the board, in pixels, so that the outer grid lines are not cut off.
_PADDING = 8
# The band for the column letters and row numbers: a share of a square, within bounds
# that keep the labels readable on a 26x26 board and modest on a 3x3 one.
_LABEL_SHARE = 0.7
_LABEL_BAND = (14, 36)
_SMALLEST_SQUARE = 4
# A canvas's first size: room for squares of about 56 pixels, within what fits on a small screen.
_CANVAS_SIDE = (360, 640)
_SQUARE_GUESS = 56


def first_canvas_side(size: int) -> int:
    """The side, in pixels, of a new canvas for a ``size``-by-``size`` board (the person may resize it after).

    >>> first_canvas_side(3), first_canvas_side(7), first_canvas_side(26)
    (360, 448, 640)
    """
    low, high = _CANVAS_SIDE
    return min(high, max(low, _SQUARE_GUESS * (size + 1)))


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """Where a ``size``-by-``size`` board sits: its top-left corner (``left``, ``top``) and ``square`` side, in pixels.

    ``band`` is the width of the strip left of and above the board that
    holds the row numbers and column letters.
    """

    size: int
    left: int
    top: int
    square: int
    band: int

    @classmethod
    def fit(cls, size: int, width: int, height: int) -> BoardGeometry:
        """The largest board of square squares, with its labels, centred in ``width`` by ``height`` pixels.

        >>> BoardGeometry.fit(3, 400, 300)
        BoardGeometry(size=3, left=95, top=45, square=82, band=36)
        """
        low, high = _LABEL_BAND
        band = round(min(max(min(width, height) / (size + 1) * _LABEL_SHARE, low), high))
        room = min(width, height) - 2 * _PADDING - band
        square = max(_SMALLEST_SQUARE, room // size)
        drawn = band + size * square
        return cls(size, (width - drawn) // 2 + band, (height - drawn) // 2 + band, square, band)

    def square_at(self, x: float, y: float) -> Move | None:
        """The square under the point (``x``, ``y``), or None off the board."""
        col = int((x - self.left) // self.square)
        row = int((y - self.top) // self.square)
        if 0 <= row < self.size and 0 <= col < self.size:
            return Move(row, col)
        return None

    def box(self, move: Move) -> tuple[int, int, int, int]:
        """The square's corners: left, top, right, bottom."""
        left = self.left + move.col * self.square
        top = self.top + move.row * self.square
        return left, top, left + self.square, top + self.square

    def centre(self, move: Move) -> tuple[int, int]:
        """The pixel at the middle of the square."""
        left, top, _, _ = self.box(move)
        return left + self.square // 2, top + self.square // 2


def square_tag(move: Move) -> str:
    """The tag of the rectangle of ``move``'s square."""
    return f"square-{move.row}-{move.col}"


def tile_tag(move: Move) -> str:
    """The tag of every item drawing the tile on ``move``'s square."""
    return f"tile-{move.row}-{move.col}"


class BoardView:
    """Draws :class:`BoardPicture` s on ``canvas``, filling it, and reads back what is drawn."""

    def __init__(self, canvas: tkinter.Canvas) -> None:
        self.canvas = canvas
        self.picture: BoardPicture | None = None
        self.geometry = BoardGeometry.fit(1, 1, 1)

    def draw(self, picture: BoardPicture) -> None:
        """Clear the canvas and draw ``picture`` as large as the canvas allows."""
        self.picture = picture
        canvas = self.canvas
        self.geometry = geometry = BoardGeometry.fit(picture.size, canvas.winfo_width(), canvas.winfo_height())
        canvas.delete("all")
        self._draw_labels(geometry)
        marks = {picture.last: LAST_MOVE_COLOUR, picture.hint: HINT_COLOUR}
        for row in range(picture.size):
            for col in range(picture.size):
                move = Move(row, col)
                canvas.create_rectangle(
                    *geometry.box(move),
                    fill=marks.get(move, BOARD_COLOUR),
                    outline=GRID_COLOUR,
                    tags=("square", square_tag(move)),
                )
        if picture.better is not None:
            self._draw_better(geometry, picture.better)
        for move in picture.forbidden:
            self._draw_forbidden(geometry, move)
        for side in Side:
            for move in picture.start.squares(side):
                self._draw_tile(geometry, move, side)
        for number, move in enumerate(picture.moves):
            self._draw_tile(geometry, move, picture.start.mover(number))
            if picture.numbers:
                self._draw_number(geometry, move, number + 1)
        for number, move in enumerate(picture.best_line, 1):
            self._draw_line_move(geometry, move, number, picture.start.mover(len(picture.moves) + number - 1))
        if picture.cursor is not None:
            self._draw_cursor(geometry, picture.cursor)
        if picture.line:
            self._draw_line(geometry, picture.line)

    def redraw(self) -> None:
        """Draw the last picture again, to the canvas's present size."""
        if self.picture is not None:
            self.draw(self.picture)

    def square_at(self, x: float, y: float) -> Move | None:
        """The square drawn under the canvas point (``x``, ``y``), or None."""
        return self.geometry.square_at(x, y)

    def tile_at(self, move: Move) -> Symbol:
        """The tile drawn on ``move``'s square: ``"X"``, ``"O"``, or ``" "`` when none is."""
        for item in self.canvas.find_withtag(tile_tag(move)):
            for tag in self.canvas.gettags(item):
                if tag in TILE_COLOURS:
                    return tag
        return " "

    def rows(self) -> list[str]:
        """The tiles drawn, row by row, as a board's configuration string writes them."""
        size = self.picture.size if self.picture is not None else 0
        return ["".join(self.tile_at(Move(row, col)) for col in range(size)) for row in range(size)]

    def labels(self) -> list[str]:
        """The column letters and row numbers drawn, letters first."""
        texts = []
        for item in self.canvas.find_withtag("label"):
            options = self.canvas.itemconfigure(item)
            texts.append(options["text"][-1] if options else "")
        return texts

    def fill_of(self, move: Move) -> str:
        """The colour ``move``'s square is filled with."""
        options = self.canvas.itemconfigure(square_tag(move))
        return options["fill"][-1] if options else ""

    def numbers_drawn(self) -> dict[Move, str]:
        """The move numbers drawn on the tiles, by square."""
        drawn = {}
        for item in self.canvas.find_withtag("number"):
            tags = self.canvas.gettags(item)
            row, col = next(tag for tag in tags if tag.startswith("tile-")).split("-")[1:]
            options = self.canvas.itemconfigure(item)
            drawn[Move(int(row), int(col))] = str(options["text"][-1]) if options else ""
        return drawn

    def best_line_drawn(self) -> tuple[Move, ...]:
        """The squares of the best line's marks, in the order of their numbers."""
        marks = []
        for item in self.canvas.find_withtag("best-line-number"):
            options = self.canvas.itemconfigure(item)
            number = int(str(options["text"][-1])) if options else 0
            x, y = self.canvas.coords(item)
            square = self.geometry.square_at(x, y)
            assert square is not None  # drawn on the board
            marks.append((number, square))
        return tuple(square for _, square in sorted(marks))

    def better_drawn(self) -> Move | None:
        """The square the better move's ring is drawn on, or None."""
        items = self.canvas.find_withtag("better")
        if not items:
            return None
        return self._square_of(items[0])

    def _square_of(self, item: int) -> Move | None:
        left, top, right, bottom = self.canvas.coords(item)
        return self.geometry.square_at((left + right) / 2, (top + bottom) / 2)

    def forbidden_drawn(self) -> tuple[Move, ...]:
        """The squares a forbidden point's cross is drawn on, row by row."""
        found = {self._square_of(item) for item in self.canvas.find_withtag("forbidden")}
        return tuple(sorted(move for move in found if move is not None))

    def line_drawn(self) -> tuple[Move, ...]:
        """The squares the winning line is drawn through, or ``()``."""
        return self.picture.line if self.picture is not None and self.canvas.find_withtag("line") else ()

    def _draw_labels(self, geometry: BoardGeometry) -> None:
        """Column letters above the board and row numbers left of it, each over the middle of its line."""
        font = ("TkDefaultFont", -max(8, min(16, int(geometry.band * 0.45))))
        middle = geometry.band // 2
        alongs = [geometry.square * index + geometry.square // 2 for index in range(geometry.size)]
        places = [(geometry.left + along, geometry.top - middle, column_label(i)) for i, along in enumerate(alongs)]
        places += [(geometry.left - middle, geometry.top + along, str(i + 1)) for i, along in enumerate(alongs)]
        for x, y, text in places:
            self.canvas.create_text(x, y, text=text, font=font, fill=LABEL_COLOUR, tags="label")

    def _draw_tile(self, geometry: BoardGeometry, move: Move, symbol: Side) -> None:
        left, top, right, bottom = geometry.box(move)
        inset = max(2, geometry.square // 5)
        width = max(2, geometry.square // 9)
        tags = ("tile", tile_tag(move), symbol)
        colour = TILE_COLOURS[symbol]
        if symbol == Side.X:
            for x0, x1 in ((left + inset, right - inset), (right - inset, left + inset)):
                self.canvas.create_line(
                    x0, top + inset, x1, bottom - inset, fill=colour, width=width, capstyle="round", tags=tags
                )
        else:
            self.canvas.create_oval(
                left + inset, top + inset, right - inset, bottom - inset, outline=colour, width=width, tags=tags
            )

    def _draw_number(self, geometry: BoardGeometry, move: Move, number: int) -> None:
        """``number`` over the tile on ``move``, on a dark disc so that it reads on either colour of tile."""
        x, y = geometry.centre(move)
        radius = max(5, geometry.square // 4)
        tags = ("number-disc", tile_tag(move))
        self.canvas.create_oval(x - radius, y - radius, x + radius, y + radius, fill=LINE_COLOUR, outline="", tags=tags)
        font = ("TkDefaultFont", -max(7, min(14, radius * 6 // 5 if number < 100 else radius)), "bold")
        self.canvas.create_text(x, y, text=str(number), fill=NUMBER_COLOUR, font=font, tags=("number", tile_tag(move)))

    def _draw_forbidden(self, geometry: BoardGeometry, move: Move) -> None:
        """A red cross in the middle half of the square: smaller than a tile, so that it reads as a mark."""
        left, top, right, bottom = geometry.box(move)
        quarter = geometry.square // 4
        width = max(2, geometry.square // 14)
        near_left, near_top, far_right, far_bottom = left + quarter, top + quarter, right - quarter, bottom - quarter
        for stroke in ((near_left, near_top, far_right, far_bottom), (near_left, far_bottom, far_right, near_top)):
            self.canvas.create_line(*stroke, fill=FORBIDDEN_COLOUR, width=width, tags=("forbidden",))

    def _draw_line_move(self, geometry: BoardGeometry, move: Move, number: int, side: Side) -> None:
        """The ``number``-th move of a review's best line: its number in its mover's colour in a dashed ring,
        lighter than a tile, so that it is not read as a move played."""
        x, y = geometry.centre(move)
        radius = max(5, geometry.square // 3)
        colour = TILE_COLOURS[side]
        self.canvas.create_oval(
            x - radius, y - radius, x + radius, y + radius, outline=colour, dash=(3, 2), width=2, tags="best-line"
        )
        font = ("TkDefaultFont", -max(7, min(14, radius)), "bold")
        self.canvas.create_text(x, y, text=str(number), fill=colour, font=font, tags=("best-line", "best-line-number"))

    def _draw_better(self, geometry: BoardGeometry, move: Move) -> None:
        """A shaded square in a dashed frame: unlike a tile, so that it is not read as a move played."""
        left, top, right, bottom = geometry.box(move)
        width = max(2, geometry.square // 12)
        inset = width // 2 + 1
        self.canvas.create_rectangle(
            left + inset,
            top + inset,
            right - inset,
            bottom - inset,
            fill=BETTER_SHADE,
            outline=BETTER_COLOUR,
            width=width,
            dash=(4, 2),
            tags="better",
        )

    def _draw_cursor(self, geometry: BoardGeometry, move: Move) -> None:
        left, top, right, bottom = geometry.box(move)
        width = max(2, geometry.square // 16)
        inset = width // 2 + 2
        self.canvas.create_rectangle(
            left + inset, top + inset, right - inset, bottom - inset, outline=CURSOR_COLOUR, width=width, tags="cursor"
        )

    def _draw_line(self, geometry: BoardGeometry, line: tuple[Move, ...]) -> None:
        self.canvas.create_line(
            *geometry.centre(line[0]),
            *geometry.centre(line[-1]),
            fill=LINE_COLOUR,
            width=max(3, geometry.square // 7),
            capstyle="round",
            tags="line",
        )
