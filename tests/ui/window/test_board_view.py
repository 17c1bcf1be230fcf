"""Tests of tictactoe.ui.window.board_view's geometry: every square is where a click finds it, inside the canvas."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from configurations.moves import Move
from tictactoe.ui.window.board_view import BoardGeometry


@given(size=st.integers(1, 26), width=st.integers(120, 2000), height=st.integers(120, 2000))
def test_each_square_is_found_at_its_centre_and_the_board_fits(size: int, width: int, height: int) -> None:
    geometry = BoardGeometry.fit(size, width, height)
    for move in (Move(0, 0), Move(size - 1, size - 1), Move(size // 2, size - 1)):
        assert geometry.square_at(*geometry.centre(move)) == move
        left, top, right, bottom = geometry.box(move)
        assert geometry.square_at(left, top) == move
        assert geometry.square_at(right - 1, bottom - 1) == move
    assert geometry.left - geometry.band >= 0
    assert geometry.top - geometry.band >= 0
    assert geometry.left + size * geometry.square < width
    assert geometry.top + size * geometry.square < height
    assert geometry.square_at(geometry.left - 1, geometry.top) is None
    assert geometry.square_at(geometry.left, geometry.top + size * geometry.square) is None


@given(size=st.integers(1, 26), width=st.integers(120, 1000), grown=st.integers(1, 400))
def test_a_larger_canvas_never_draws_smaller_squares(size: int, width: int, grown: int) -> None:
    assert BoardGeometry.fit(size, width + grown, width + grown).square >= BoardGeometry.fit(size, width, width).square
