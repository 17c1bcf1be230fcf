"""The board as the window draws it: squares or a grid that fill the canvas, labels, tiles or stones, and marks.

:class:`BoardGeometry` says where everything goes for a canvas of a given
size (pure arithmetic: which square a point falls in, where a square's
centre is); :class:`BoardView` draws a
:class:`~tictactoe.ui.window.picture.BoardPicture` (what is to be drawn) on
a Tk canvas and reads back what it drew.  Every square and tile carries tags naming its row and column, so
that what a person sees can be checked from the canvas itself.

A board is drawn as squares holding X (blue) and O (red), or, as gomoku
programs draw it, as a grid whose lines run through the squares' middles,
with black stones (X, who plays first) and white ones (O) on the
intersections: a click anywhere in a square plays its intersection, and
the labels sit over the lines.  On a grid the last move carries a red dot
(its number in red, with numbers on), a number is white on black and black
on white, and the winning stones are ringed, so that no number is hidden.

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
    from collections.abc import Sequence

    from tictactoe.ui.window.picture import BoardPicture

__all__ = [
    "BETTER_COLOUR",
    "BOARD_COLOUR",
    "CURSOR_COLOUR",
    "GRID_BOARD_COLOUR",
    "GRID_COLOUR",
    "HINT_COLOUR",
    "LAST_MARK_COLOUR",
    "LAST_MOVE_COLOUR",
    "LINE_COLOUR",
    "NUMBER_COLOURS",
    "STONE_COLOURS",
    "TILE_COLOURS",
    "WIN_COLOUR",
    "BoardGeometry",
    "BoardView",
    "first_canvas_side",
    "star_points",
    "stone_radius",
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
#: A grid's board: the light wood of a gomoku board.
GRID_BOARD_COLOUR = "#e8c98a"
#: The stones on a grid: X, who moves first, black, as black moves first in gomoku; O white.
STONE_COLOURS = {Side.X: "#151515", Side.O: "#fbfbf6"}
STONE_OUTLINE = "#202020"
#: A move's number on a stone: the stone's opposite colour, so that it reads on either.
NUMBER_COLOURS = {Side.X: "#ffffff", Side.O: "#151515"}
#: The last move's dot on a grid (or its number, with numbers on): a red that reads on black and white.
LAST_MARK_COLOUR = "#e8202a"
#: The rings around the stones of the winning line.
WIN_COLOUR = "#e8202a"
# A stone's radius, as a share of a square: a hair's gap between two stones side by side.
_STONE_SHARE = 0.46

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


def star_points(size: int) -> tuple[Move, ...]:
    """The points a grid marks with a dot to help the eye: four near the corners and the centre, as a gomoku
    board has them (d4, l4, h8, d12, l12 on 15x15); none below 9x9.

    >>> [str(point) for point in star_points(15)]
    ['d4', 'l4', 'h8', 'd12', 'l12']
    >>> star_points(7)
    ()
    """
    if size < 9:
        return ()
    near = 3 if size >= 13 else 2
    far = size - 1 - near
    corners = (Move(near, near), Move(near, far), Move(far, near), Move(far, far))
    centre = (Move(size // 2, size // 2),) if size % 2 else ()
    return tuple(sorted((*corners, *centre)))


def stone_radius(geometry: BoardGeometry) -> int:
    """The radius of a stone on a grid whose squares are ``geometry.square`` pixels apart, at least 2."""
    return max(2, round(geometry.square * _STONE_SHARE))


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
        """Clear the canvas and draw ``picture`` as large as the canvas allows: squares with X and O, or a grid
        with stones on its intersections (``picture.grid``)."""
        self.picture = picture
        canvas = self.canvas
        self.geometry = geometry = BoardGeometry.fit(picture.size, canvas.winfo_width(), canvas.winfo_height())
        canvas.delete("all")
        self._draw_labels(geometry)
        self._draw_points(geometry, picture)
        if picture.better is not None:
            self._draw_better(geometry, picture.better)
        for move in picture.forbidden:
            self._draw_forbidden(geometry, move)
        for side in Side:
            for move in picture.start.squares(side):
                self._draw_piece(geometry, move, side, picture.grid)
        for number, move in enumerate(picture.moves):
            self._draw_piece(geometry, move, picture.start.mover(number), picture.grid)
        if picture.line:  # under the numbers, which stay readable
            self._draw_line(geometry, picture.line, picture.grid)
        if picture.numbers:
            for number, move in enumerate(picture.moves):
                self._draw_number(geometry, move, number + 1, picture.start.mover(number), grid=picture.grid)
        if picture.grid and picture.last is not None:
            self._mark_last(geometry, picture)
        if picture.cursor is not None:
            self._draw_cursor(geometry, picture.cursor)

    def draw_moves(self, moves: Sequence[Move], first: Side, *, first_number: int = 1, tag: str = "moves") -> None:
        """Draw ``moves`` over the picture drawn, each numbered, ``first`` playing the first of them, numbered
        ``first_number``: a line of play shown on the game's board, such as a review's best line.

        They are drawn in the board's own way (stones or tiles), each item
        tagged ``tag`` besides its square's tag, so that ``canvas.delete(tag)``
        takes them away again; a redraw of the picture drops them too.
        """
        grid = self.picture is not None and self.picture.grid
        for ply, move in enumerate(moves):
            side = first if ply % 2 == 0 else first.opponent
            self._draw_piece(self.geometry, move, side, grid, extra=(tag,))
            self._draw_number(self.geometry, move, first_number + ply, side, grid=grid, extra=(tag,))

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
        """The squares the winning line is drawn through (on a grid: the stones ringed, in its order), or ``()``."""
        if self.picture is None or not self.canvas.find_withtag("line"):
            return ()
        if not self.picture.grid:
            return self.picture.line
        ringed = {self._square_of(item) for item in self.canvas.find_withtag("line")}
        return tuple(move for move in self.picture.line if move in ringed)

    def last_drawn(self) -> Move | None:
        """The square marked as the last move played (its square's fill, its stone's dot or red number), or None."""
        items = self.canvas.find_withtag("last")
        if not items:
            return None
        tags = self.canvas.gettags(items[0])
        row, col = next(tag for tag in tags if tag.startswith(("tile-", "square-"))).split("-")[1:]
        return Move(int(row), int(col))

    def number_colours(self) -> dict[Move, str]:
        """The colour each move number is written in, by square."""
        coloured = {}
        for item in self.canvas.find_withtag("number"):
            row, col = next(tag for tag in self.canvas.gettags(item) if tag.startswith("tile-")).split("-")[1:]
            options = self.canvas.itemconfigure(item)
            coloured[Move(int(row), int(col))] = str(options["fill"][-1]) if options else ""
        return coloured

    def drawn_above(self, upper: str, lower: str) -> bool:
        """Whether every item tagged ``upper`` is drawn over every item tagged ``lower`` (True when either has none)."""
        order = self.canvas.find_all()
        uppers = [order.index(item) for item in self.canvas.find_withtag(upper)]
        lowers = [order.index(item) for item in self.canvas.find_withtag(lower)]
        return not uppers or not lowers or min(uppers) > max(lowers)

    def _draw_labels(self, geometry: BoardGeometry) -> None:
        """Column letters above the board and row numbers left of it, each over the middle of its line."""
        font = ("TkDefaultFont", -max(8, min(16, int(geometry.band * 0.45))))
        middle = geometry.band // 2
        alongs = [geometry.square * index + geometry.square // 2 for index in range(geometry.size)]
        places = [(geometry.left + along, geometry.top - middle, column_label(i)) for i, along in enumerate(alongs)]
        places += [(geometry.left - middle, geometry.top + along, str(i + 1)) for i, along in enumerate(alongs)]
        for x, y, text in places:
            self.canvas.create_text(x, y, text=text, font=font, fill=LABEL_COLOUR, tags="label")

    def _draw_points(self, geometry: BoardGeometry, picture: BoardPicture) -> None:
        """The board under the pieces: a square for each move, framed, or a grid through the squares' middles.

        Each square is a rectangle tagged with its row and column either way
        (its fill shows the hint, and on squares the last move), so that what
        a person sees can be read back square by square.
        """
        if picture.grid:
            fills, outline = {picture.hint: HINT_COLOUR}, ""
        else:
            fills, outline = {picture.last: LAST_MOVE_COLOUR, picture.hint: HINT_COLOUR}, GRID_COLOUR
        empty = GRID_BOARD_COLOUR if picture.grid else BOARD_COLOUR
        for row in range(picture.size):
            for col in range(picture.size):
                move = Move(row, col)
                tags = ("square", square_tag(move), *(("last",) if move == picture.last and not picture.grid else ()))
                fill = fills.get(move, empty)
                self.canvas.create_rectangle(*geometry.box(move), fill=fill, outline=outline, tags=tags)
        if picture.grid:
            self._draw_grid_lines(geometry)

    def _draw_grid_lines(self, geometry: BoardGeometry) -> None:
        """A line along each row and column through its squares' middles, and the star points of a large board."""
        first = geometry.centre(Move(0, 0))
        last = geometry.centre(Move(geometry.size - 1, geometry.size - 1))
        for index in range(geometry.size):
            x, y = geometry.centre(Move(index, index))
            self.canvas.create_line(x, first[1], x, last[1], fill=GRID_COLOUR, tags="grid")
            self.canvas.create_line(first[0], y, last[0], y, fill=GRID_COLOUR, tags="grid")
        radius = max(2, geometry.square // 12)
        for point in star_points(geometry.size):
            x, y = geometry.centre(point)
            box = (x - radius, y - radius, x + radius, y + radius)
            self.canvas.create_oval(*box, fill=GRID_COLOUR, outline="", tags="star")

    def _draw_piece(
        self, geometry: BoardGeometry, move: Move, side: Side, grid: bool, extra: tuple[str, ...] = ()
    ) -> None:
        """``side``'s stone on ``move``'s point (``grid``), or its X or O in ``move``'s square."""
        tags = ("tile", tile_tag(move), side, *extra)
        if not grid:
            self._draw_tile(geometry, move, side, tags)
            return
        x, y = geometry.centre(move)
        radius = stone_radius(geometry)
        self.canvas.create_oval(
            x - radius,
            y - radius,
            x + radius,
            y + radius,
            fill=STONE_COLOURS[side],
            outline=STONE_OUTLINE,
            width=max(1, geometry.square // 30),
            tags=tags,
        )

    def _draw_tile(self, geometry: BoardGeometry, move: Move, symbol: Side, tags: tuple[str, ...]) -> None:
        left, top, right, bottom = geometry.box(move)
        inset = max(2, geometry.square // 5)
        width = max(2, geometry.square // 9)
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

    def _draw_number(
        self,
        geometry: BoardGeometry,
        move: Move,
        number: int,
        side: Side,
        *,
        grid: bool,
        extra: tuple[str, ...] = (),
    ) -> None:
        """``number`` on the piece on ``move``: on a stone in the stone's opposite colour (white on black, black on
        white); on a tile, on a dark disc, so that it reads on either colour of tile."""
        x, y = geometry.centre(move)
        radius = max(5, geometry.square // 4)
        size = radius * 6 // 5 if number < 100 else radius
        colour = NUMBER_COLOURS[side]
        if grid:
            size = stone_radius(geometry) * (4 if number < 100 else 3) // 5
        else:
            disc = (x - radius, y - radius, x + radius, y + radius)
            tags = ("number-disc", tile_tag(move), *extra)
            self.canvas.create_oval(*disc, fill=LINE_COLOUR, outline="", tags=tags)
            colour = NUMBER_COLOUR
        font = ("TkDefaultFont", -max(7, min(16 if grid else 14, size)), "bold")
        tags = ("number", tile_tag(move), *extra)
        self.canvas.create_text(x, y, text=str(number), fill=colour, font=font, tags=tags)

    def _mark_last(self, geometry: BoardGeometry, picture: BoardPicture) -> None:
        """The last move on a grid: its number in red, or (numbers off) a red dot in its stone's middle."""
        last = picture.last
        assert last is not None  # marked only once a move is played
        if picture.numbers:
            for item in self.canvas.find_withtag("number"):
                if tile_tag(last) in self.canvas.gettags(item):
                    self.canvas.itemconfigure(item, fill=LAST_MARK_COLOUR)
                    self.canvas.addtag_withtag("last", item)
            return
        x, y = geometry.centre(last)
        radius = max(2, geometry.square // 9)
        box = (x - radius, y - radius, x + radius, y + radius)
        self.canvas.create_oval(*box, fill=LAST_MARK_COLOUR, outline="", tags=("last", tile_tag(last)))

    def _draw_forbidden(self, geometry: BoardGeometry, move: Move) -> None:
        """A red cross in the middle half of the square: smaller than a tile, so that it reads as a mark."""
        left, top, right, bottom = geometry.box(move)
        quarter = geometry.square // 4
        width = max(2, geometry.square // 14)
        near_left, near_top, far_right, far_bottom = left + quarter, top + quarter, right - quarter, bottom - quarter
        for stroke in ((near_left, near_top, far_right, far_bottom), (near_left, far_bottom, far_right, near_top)):
            self.canvas.create_line(*stroke, fill=FORBIDDEN_COLOUR, width=width, tags=("forbidden",))

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

    def _draw_line(self, geometry: BoardGeometry, line: tuple[Move, ...], grid: bool) -> None:
        """The winning line: a ring around each of its stones (``grid``), or a stroke from its first square to its
        last, drawn under the move numbers."""
        width = max(2, geometry.square // 10) if grid else max(3, geometry.square // 7)
        if not grid:
            ends = (*geometry.centre(line[0]), *geometry.centre(line[-1]))
            self.canvas.create_line(*ends, fill=LINE_COLOUR, width=width, capstyle="round", tags="line")
            return
        radius = stone_radius(geometry) + width // 2 + 1
        for move in line:
            x, y = geometry.centre(move)
            box = (x - radius, y - radius, x + radius, y + radius)
            self.canvas.create_oval(*box, outline=WIN_COLOUR, width=width, tags=("line", tile_tag(move)))
