"""Rectangular boards in the strong search: the squares outside the rectangle are off the board.

A rectangle's squares are numbered row by row (:mod:`tictactoe.solver.geometry`).
Checked against a brute-force model that knows only the rectangle: its
windows, and the value of small rectangles' positions by plain negamax.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations.rules import Rules
from tictactoe.solver.geometry import geometry
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.strong_search import StrongSearch

SETTINGS = settings(deadline=None, max_examples=60, derandomize=True, database=None)
# Small rectangles, as (height, width, length): the model searches each one whole.
SHAPES = [(1, 5, 3), (2, 3, 2), (2, 4, 3), (3, 4, 3), (4, 2, 2), (2, 5, 3), (4, 3, 3), (1, 4, 4)]


def model_windows(height: int, width: int, length: int) -> set[frozenset[tuple[int, int]]]:
    """Every run of ``length`` squares in a row inside the rectangle, as (row, column) pairs."""
    found = set()
    for row in range(height):
        for col in range(width):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(row + d_row * step, col + d_col * step) for step in range(length)]
                if all(0 <= r < height and 0 <= c < width for r, c in run):
                    found.add(frozenset(run))
    return found


@pytest.mark.parametrize(("height", "width", "length"), [*SHAPES, (15, 20, 5), (20, 15, 5), (7, 7, 4)])
def test_the_windows_are_those_inside_the_rectangle_and_the_symmetries_keep_it(
    height: int, width: int, length: int
) -> None:
    shape = geometry(height, width, length)
    windows = {frozenset(divmod(s, width) for s in range(shape.squares) if mask >> s & 1) for mask in shape.windows}
    assert windows == model_windows(height, width, length)
    assert len(shape.windows) == len(windows)
    inside = set(range(height * width))
    assert shape.squares == len(inside)
    assert set(shape.centre_order) == inside
    assert len(shape.symmetries) == (8 if height == width else 4)
    masks = set(shape.windows)
    for images in shape.symmetries:
        assert {images[s] for s in inside} == inside
        assert {sum(1 << images[s] for s in range(shape.squares) if mask >> s & 1) for mask in masks} == masks


def test_a_tile_outside_the_rectangle_is_no_position() -> None:
    with pytest.raises(PositionError, match="outside the board"):
        Position(Rules(2, 3, 2), 1 << 6, 0)  # square 6 would be (2, 0): a third row the 2x3 rectangle lacks


def negamax(height: int, width: int, length: int, mine: frozenset[int], theirs: frozenset[int]) -> int:
    """The value for the player to move (1 a win, 0 a draw, -1 a loss), ``theirs`` having just moved."""
    return _negamax(height, width, length, mine, theirs)


@functools.cache
def _negamax(height: int, width: int, length: int, mine: frozenset[int], theirs: frozenset[int]) -> int:
    windows = [frozenset(r * width + c for r, c in run) for run in model_windows(height, width, length)]
    if any(window <= theirs for window in windows):
        return -1
    empty = [s for s in range(height * width) if s not in mine and s not in theirs]
    if not empty:
        return 0
    return max(-_negamax(height, width, length, theirs, mine | {square}) for square in empty)


@st.composite
def rectangle_positions(draw: st.DrawFn) -> tuple[int, int, int, list[int]]:
    """A shape of :data:`SHAPES` and the squares of a game's first moves on it, ``X`` first."""
    height, width, length = draw(st.sampled_from(SHAPES))
    order = draw(st.permutations(range(height * width)))
    return height, width, length, order[: draw(st.integers(0, height * width - 1))]


@pytest.mark.slow
@SETTINGS
@given(rectangle_positions())
def test_the_strong_search_proves_what_negamax_finds_on_small_rectangles(
    drawn: tuple[int, int, int, list[int]],
) -> None:
    height, width, length, played = drawn
    crosses, noughts = frozenset(played[0::2]), frozenset(played[1::2])
    x_to_move = len(crosses) == len(noughts)
    mine, theirs = (crosses, noughts) if x_to_move else (noughts, crosses)
    windows = [frozenset(r * width + c for r, c in run) for run in model_windows(height, width, length)]
    if any(window <= crosses for window in windows) or any(window <= noughts for window in windows):
        return  # the game ended before these moves were all played
    value = negamax(height, width, length, mine, theirs)
    position = Position(Rules(height, width, length), sum(1 << s for s in crosses), sum(1 << s for s in noughts))
    choice = StrongSearch(Rules(height, width, length)).choose(position, max_plies=99, think=60.0)
    assert choice.outcome is not None
    assert {"win": 1, "draw": 0, "loss": -1}[choice.outcome.value] == value
    assert choice.move.row < height
    assert choice.move.col < width
    square = choice.move.row * width + choice.move.col
    assert square not in mine | theirs
    assert -negamax(height, width, length, theirs, mine | {square}) == value  # the move keeps the value
