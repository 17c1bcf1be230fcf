"""Tests of tictactoe.ui.window.board_view: the geometry (every square is where a click finds it, inside the
canvas), and the board drawn -- squares with X and O for tic-tac-toe, a grid with black and white stones on its
intersections for five in a row, move numbers and the winning line.

The geometry is pure arithmetic; the drawing is tested on real windows on
the run's X display (:mod:`tests.windows`), played by clicks and keys:
what is checked is what the canvas holds -- each item tagged with its
square -- and, once, the pixels of a screenshot.  Set
``GOMOKU_SCREENSHOT=docs/gomoku.png`` to save that screenshot as the guide's
picture.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest
from hypothesis import given
from hypothesis import strategies as st

from configurations import Side
from configurations.moves import Move
from configurations.rules import Rules
from tests.paths import ROOT
from tests.records import sample_record
from tests.ui.window.test_previous import step_keys
from tests.ui.window.test_review_panel import replay_of
from tests.windows import click, press, squares
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.window.board_view import (
    GRID_BOARD_COLOUR,
    GRID_COLOUR,
    LAST_MARK_COLOUR,
    NUMBER_COLOUR,
    NUMBER_COLOURS,
    STONE_COLOURS,
    WIN_COLOUR,
    BoardGeometry,
    tile_tag,
)

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tictactoe.ui.window.app import GameWindow

# Black makes five along row 8, white plays below it: nine moves, X's last one the fifth stone.
FIVE = ("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "g8")


# The geometry -----------------------------------------------------------------------------------------------


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


# The board drawn --------------------------------------------------------------------------------------------


def people(size: int = 15, length: int = 5) -> Session:
    return Session(Rules.square(size, length), PlayerLimits(0), Competitor("Ada"), Competitor("Bo"))


def item_option(game_window: GameWindow, tag: str, option: str) -> list[str]:
    canvas = game_window.canvas
    return [str(canvas.itemcget(item, option)) for item in canvas.find_withtag(tag)]  # type: ignore[no-untyped-call]


def test_five_in_a_row_has_black_and_white_stones_on_the_grid_s_intersections(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(people())
    click(game_window, "h8", "h9")
    board, canvas = game_window.board, game_window.canvas
    geometry = board.geometry
    assert len(canvas.find_withtag("grid")) == 2 * 15  # a line along each row and each column
    for item in canvas.find_withtag("grid"):  # through the squares' middles, where the labels stand
        x0, y0, x1, y1 = canvas.coords(item)
        assert (x0 == x1 and y0 < y1) or (y0 == y1 and x0 < x1)
        along = x0 if x0 == x1 else y0
        assert (along - geometry.left - geometry.square // 2) % geometry.square == 0
    assert len(canvas.find_withtag("star")) == 5  # d4, l4, h8 (under a stone), d12, l12
    for move, side in zip(squares("h8", "h9"), (Side.X, Side.O), strict=True):
        [stone] = canvas.find_withtag(f"tile&&{tile_tag(move)}")
        left, top, right, bottom = canvas.coords(stone)
        assert ((left + right) / 2, (top + bottom) / 2) == geometry.centre(move)
        assert item_option(game_window, str(stone), "fill") == [STONE_COLOURS[side]]
    assert (STONE_COLOURS[Side.X], STONE_COLOURS[Side.O]) == ("#151515", "#fbfbf6")  # black and white
    assert board.rows()[7:9] == [".......X.......".replace(".", " "), ".......O.......".replace(".", " ")]
    assert board.last_drawn() == Move.parse("h9", 15)
    assert item_option(game_window, "last", "fill") == [LAST_MARK_COLOUR]
    assert board.labels()[:3] + board.labels()[15:18] == ["a", "b", "c", "1", "2", "3"]
    assert board.fill_of(Move.parse("a1", 15)) == GRID_BOARD_COLOUR


def test_numbers_read_on_both_colours_and_the_winning_stones_are_ringed_under_them(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(people())
    press(game_window, "<Control-m>")
    click(game_window, *FIVE)
    assert game_window.status_text == "X wins (Ada)"
    board, line = game_window.board, game_window.session.game.winning_line
    assert board.line_drawn() == line == tuple(squares("g8", "h8", "i8", "j8", "k8"))
    assert len(game_window.canvas.find_withtag("line")) == 5  # a ring around each stone, none across a number
    assert board.numbers_drawn() == {move: str(number) for number, move in enumerate(squares(*FIVE), 1)}
    colours = board.number_colours()
    assert {colours[move] for move in squares("h8", "i8", "j8", "k8")} == {NUMBER_COLOURS[Side.X]} == {"#ffffff"}
    assert {colours[move] for move in squares("h9", "i9", "j9", "k9")} == {NUMBER_COLOURS[Side.O]} == {"#151515"}
    assert (colours[Move.parse("g8", 15)], board.last_drawn()) == (LAST_MARK_COLOUR, Move.parse("g8", 15))
    assert item_option(game_window, "line", "outline") == [WIN_COLOUR] * 5
    assert board.drawn_above("number", "line")
    assert board.drawn_above("number", "tile")


def test_on_squares_the_winning_stroke_runs_under_the_numbers(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(people(3, 3))
    press(game_window, "<Control-m>")
    click(game_window, "a1", "b1", "a2", "b2", "a3")
    board = game_window.board
    assert board.line_drawn() == tuple(squares("a1", "a2", "a3"))
    assert board.numbers_drawn()[Move.parse("a2", 3)] == "3"
    assert board.drawn_above("number", "line")
    assert board.drawn_above("number-disc", "line")
    assert item_option(game_window, "number", "fill") == [NUMBER_COLOUR] * 5  # white on a dark disc, as before


def test_tic_tac_toe_keeps_its_squares_and_ctrl_g_or_the_view_menu_puts_stones_on_a_grid(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(people(3, 3))
    click(game_window, "b2")
    canvas = game_window.canvas
    assert (canvas.find_withtag("grid"), game_window.controls.grid_shown.get()) == ((), False)
    assert game_window.board.fill_of(Move.parse("b2", 3)) != GRID_BOARD_COLOUR  # the last move's square, shaded
    press(game_window, "<Control-g>")
    assert (len(canvas.find_withtag("grid")), game_window.controls.grid_shown.get()) == (6, True)
    assert item_option(game_window, f"tile&&{tile_tag(Move.parse('b2', 3))}", "fill") == [STONE_COLOURS[Side.X]]
    menu, index = game_window.menu_entries["grid"]
    assert (menu.entrycget(index, "label"), menu.entrycget(index, "accelerator")) == ("Stones on the grid", "Ctrl+G")
    menu.invoke(index)
    game_window.root.update()
    assert (canvas.find_withtag("grid"), game_window.controls.grid_shown.get()) == ((), False)


def test_a_line_of_moves_is_drawn_numbered_over_the_board_and_taken_away(
    open_window: Callable[..., GameWindow],
) -> None:
    """The primitive a review's best line is drawn with: the moves numbered on, in the board's own way."""
    game_window = open_window(people())
    click(game_window, "h8", "h9", "i8")
    board = game_window.board
    board.draw_moves(squares("j8", "g8"), Side.O, first_number=4, tag="best")
    assert board.numbers_drawn() == {Move.parse("j8", 15): "4", Move.parse("g8", 15): "5"}
    assert board.tile_at(Move.parse("j8", 15)) == "O"
    assert item_option(game_window, f"tile&&{tile_tag(Move.parse('g8', 15))}", "fill")[0] == STONE_COLOURS[Side.X]
    game_window.canvas.delete("best")
    assert (board.numbers_drawn(), board.tile_at(Move.parse("j8", 15))) == ({}, " ")
    assert board.rows()[7] == "       XX      "


def test_a_replay_of_five_in_a_row_is_a_grid_whose_last_position_rings_the_five(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    record = sample_record(" ".join(FIVE), size=15, length=5, x=Competitor("Ada"), o=Competitor("Bo"))
    with History(db) as history:
        game_id = history.save(record)
    replay = replay_of(open_window, db, game_id)
    step_keys(replay, "<End>")
    assert replay.board.picture is not None
    assert replay.board.picture.grid
    assert replay.board.line_drawn() == tuple(squares("g8", "h8", "i8", "j8", "k8"))
    assert replay.board.last_drawn() == Move.parse("g8", 15)
    step_keys(replay, "<Left>")
    assert (replay.board.line_drawn(), replay.board.last_drawn()) == ((), Move.parse("k9", 15))


@pytest.mark.slow
def test_a_screenshot_shows_black_and_white_stones_and_the_ringed_five(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    from tests.screenshots import grab, hex_colour, xwd_available

    if not xwd_available():
        pytest.skip("xwd is not installed (Debian: x11-apps)")
    game_window = open_window(people())
    game_window.root.geometry("640x700")
    press(game_window, "<Control-m>")
    click(game_window, *FIVE)
    root, canvas, geometry = game_window.root, game_window.canvas, game_window.board.geometry
    image = grab(root, above=root.winfo_rooty())
    image.write_png(tmp_path / "gomoku.png")
    if os.environ.get("GOMOKU_SCREENSHOT"):
        image.write_png(ROOT / os.environ["GOMOKU_SCREENSHOT"])
    offset = geometry.square * 3 // 10  # inside the stone, beside its number
    for text, side in (("h8", Side.X), ("h9", Side.O)):
        x, y = geometry.centre(Move.parse(text, 15))
        assert image.at(canvas, x - offset, y) == hex_colour(STONE_COLOURS[side])
    x, y = geometry.centre(Move.parse("h8", 15))
    ring = [image.at(canvas, x, y - geometry.square // 2 + step) for step in range(-2, 3)]
    assert hex_colour(WIN_COLOUR) in ring
    x, y = geometry.centre(Move.parse("c3", 15))
    assert image.at(canvas, x, y) == hex_colour(GRID_COLOUR)  # an empty intersection: the lines cross
    assert image.at(canvas, x + geometry.square // 4, y + geometry.square // 4) == hex_colour(GRID_BOARD_COLOUR)
