"""The graph of a review's values over the game, drawn on a Tk canvas.

One point a position, from the start on the left to the last move on the
right, at the height of X's chances there
(:func:`~tictactoe.game.review.values.chances`): ``X wins`` at the top,
``draw`` in the middle, ``O wins`` at the bottom (:func:`height`).  A
proved value is a filled dot on one of the lines; an estimate is a ring
between them (its chances never reach 0 or 1).  The position after a
marked move is red, and the position the replay shows is a vertical line
with a larger ring.  A review that stopped short is drawn as far as it
went, on the axis of the whole game.
Every item carries tags (``point``, ``ply<N>``, ``proved``, ``estimate``,
``marked``, ``shown``) so that what is drawn can be read back.

>>> from configurations import Winner
>>> from tictactoe.game.review.values import PositionValue
>>> height(PositionValue.proved_as(Winner.X, None)), height(PositionValue.proved_as(Winner.DRAW, None))
(1.0, 0.0)
>>> height(PositionValue.estimated(0, None, None)), round(height(PositionValue.estimated(-734, None, None)), 2)
(0.0, -0.46)
"""

from __future__ import annotations

import tkinter
from typing import TYPE_CHECKING

from tictactoe.game.review.values import chances

if TYPE_CHECKING:
    from tictactoe.game.review.values import PositionValue, Review

__all__ = ["GRAPH_HEIGHT", "GRAPH_WIDTH", "MARK_COLOUR", "POINT_COLOUR", "SHOWN_COLOUR", "ReviewGraph", "height"]

GRAPH_WIDTH = 360
GRAPH_HEIGHT = 150
_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 10, 10, 10  # room for the lines' names on the left
_AXIS_COLOUR = "#b0a890"
POINT_COLOUR = "#1f5fbf"
MARK_COLOUR = "#c0392b"
SHOWN_COLOUR = "#1b8a7a"


def height(value: PositionValue) -> float:
    """Where ``value`` stands from X's side, from -1 (O wins) to 1 (X wins): X's chances, stretched."""
    return 2 * chances(value) - 1


class ReviewGraph:
    """The graph on a canvas of its own inside ``parent``: empty until :meth:`draw` is given a review."""

    def __init__(self, parent: tkinter.Misc) -> None:
        self.canvas = tkinter.Canvas(parent, width=GRAPH_WIDTH, height=GRAPH_HEIGHT, background="white")
        self._review: Review | None = None
        self._position = 0
        self._plies = 1

    def draw(self, review: Review | None, position: int, plies: int | None = None) -> None:
        """Draw ``review`` (None: only the lines), ``position`` moves into the game marked as the current one, on
        an axis of ``plies`` moves (by default the review's)."""
        self._review, self._position = review, position
        self._plies = max(1, (len(review.positions) - 1 if review is not None else 0) if plies is None else plies)
        canvas = self.canvas
        canvas.delete("all")
        for name, level in (("X wins", 1.0), ("draw", 0.0), ("O wins", -1.0)):
            y = self._y(level)
            canvas.create_line(_LEFT, y, GRAPH_WIDTH - _RIGHT, y, fill=_AXIS_COLOUR, dash=(2, 3) if level else ())
            canvas.create_text(_LEFT - 6, y, text=name, anchor="e", fill="#555555", font=("TkDefaultFont", 8))
        if review is None:
            return
        points = [(self._x(ply), self._y(height(value))) for ply, value in enumerate(review.positions)]
        if len(points) > 1:
            canvas.create_line(*(coordinate for point in points for coordinate in point), fill=POINT_COLOUR)
        marked = {move.number for move in review.marked}
        for ply, ((x, y), value) in enumerate(zip(points, review.positions, strict=True)):
            colour = MARK_COLOUR if ply in marked else POINT_COLOUR
            kind = "proved" if value.proved else "estimate"
            tags = ("point", f"ply{ply}", kind, *(("marked",) if ply in marked else ()))
            canvas.create_oval(
                x - 3, y - 3, x + 3, y + 3, outline=colour, fill=colour if value.proved else "white", tags=tags
            )
        self.highlight(position)

    def highlight(self, position: int) -> None:
        """Mark the point ``position`` moves into the game as the one the replay shows."""
        self._position = position
        canvas = self.canvas
        canvas.delete("shown")
        if self._review is None or position >= len(self._review.positions):
            return
        x = self._x(position)
        y = self._y(height(self._review.positions[position]))
        canvas.create_line(x, _TOP, x, GRAPH_HEIGHT - _BOTTOM, fill=SHOWN_COLOUR, tags=("shown",))
        canvas.create_oval(x - 6, y - 6, x + 6, y + 6, outline=SHOWN_COLOUR, width=2, tags=("shown", "ring"))

    # Reading back what is drawn, as a person sees it ----------------------------------------------

    def points(self) -> list[tuple[int, str, bool]]:
        """Each point drawn, from the left: its ply, ``proved`` or ``estimate``, and whether it is marked."""
        canvas = self.canvas
        found = []
        for item in canvas.find_withtag("point"):
            tags = canvas.gettags(item)
            ply = next(int(tag[3:]) for tag in tags if tag.startswith("ply"))
            found.append((ply, "proved" if "proved" in tags else "estimate", "marked" in tags))
        return sorted(found)

    def highlighted(self) -> int | None:
        """The ply of the point the ring is on, or None when none is drawn."""
        canvas = self.canvas
        rings = canvas.find_withtag("ring")
        if not rings:
            return None
        left, _, right, _ = canvas.coords(rings[0])
        centre = (left + right) / 2
        for item in canvas.find_withtag("point"):
            x0, _, x1, _ = canvas.coords(item)
            if abs((x0 + x1) / 2 - centre) < 0.5:
                return next(int(tag[3:]) for tag in canvas.gettags(item) if tag.startswith("ply"))
        return None

    def position_at(self, x: float) -> int | None:
        """The position whose point is nearest to ``x`` across the canvas, or None when no review is drawn."""
        review = self._review
        if review is None:
            return None
        nearest = round((x - _LEFT) * self._plies / (GRAPH_WIDTH - _LEFT - _RIGHT))
        return min(max(nearest, 0), len(review.positions) - 1)

    def _x(self, ply: int) -> float:
        return _LEFT + ply * (GRAPH_WIDTH - _LEFT - _RIGHT) / self._plies

    @staticmethod
    def _y(value: float) -> float:
        return _TOP + (1 - value) / 2 * (GRAPH_HEIGHT - _TOP - _BOTTOM)
