"""Tests of playing on from a position in the window: from a replay, from a position set up by clicking, and the
moves' numbers on their tiles.

Real windows on a virtual X server (:mod:`tests.windows`), real history
files, and a screenshot read back pixel by pixel.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING

import pytest

from configurations import Side
from configurations.moves import Move
from configurations.rules import Rules
from tests.records import sample_record
from tests.screenshots import grab, hex_colour, xwd_available
from tests.ui.window.test_previous import open_previous, step_keys
from tests.ui.window.test_review_panel import click_row, panel_of, replay_of
from tests.windows import TIMEOUT, classic, click, press, settle, squares
from tictactoe.game.game import StartingPosition
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.review.search import review_game
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.window.board_view import LINE_COLOUR, NUMBER_COLOUR
from tictactoe.ui.window.setup import SETUP_NOTE

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from configurations.search import SearchStats
    from tictactoe.ui.window.app import GameWindow


def position(x: str, o: str, to_move: Side) -> StartingPosition:
    return StartingPosition(frozenset(squares(*x.split())), frozenset(squares(*o.split())), to_move)


def test_a_new_game_is_played_on_from_a_replayed_position_and_saved_with_it(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record())  # b2 a1 c1 a3 a2 c2 b1 b3 c3: a draw
    game_window = open_window(classic(), db=db)
    previous = open_previous(game_window)
    previous.select(1)
    replay = previous.replay_selected()
    assert replay is not None
    step_keys(replay, "<End>")
    assert not replay.is_enabled("play")  # the game is over there
    step_keys(replay, "<Left>", "<Left>", "<Left>")
    replay.buttons["play"].invoke()
    dialog = game_window.dialog
    assert dialog is not None
    assert dialog.start_text == "From: X c1 a2 b2; O a1 c2 a3; X to move"
    assert [str(dialog.entries[field].cget("state")) for field in ("size", "length")] == ["disabled", "disabled"]
    dialog.fill("o_kind", "human")
    dialog.fill("o_name", "Bo")
    dialog.start()
    settle(game_window)
    assert not dialog.is_open()
    assert game_window.board.rows() == ["O X", "XXO", "O  "]
    assert game_window.status_text == "X to move (You)"
    click(game_window, "b1", "b3", "c3")  # X, then O blocks the column b, and X fills the board: a draw
    assert game_window.status_text == "Game is a draw"
    with History(db) as history:
        played = history.get(2)
    assert str(played.start) == "X c1 a2 b2; O a1 c2 a3; X to move"
    assert [str(timed.move) for timed in played.moves] == ["b1", "b3", "c3"]
    assert (played.x.name, played.o.name) == ("You", "Bo")


def test_a_position_set_up_by_clicking_starts_a_game_with_any_players(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(classic())
    click(game_window, "a1")  # the game under way, the computer's b2 played: the setup starts from there
    menu, index = game_window.menu_entries["setup"]
    menu.invoke(index)
    game_window.root.update()
    assert (game_window.status_text, game_window.message_text) == ("Setting up a position: X to move", SETUP_NOTE)
    assert game_window.board.rows() == ["X  ", " O ", "   "]
    enabled = {name for name in game_window.menu_entries if game_window.is_enabled(name)}
    assert not {"undo", "redo", "hint", "again", "setup"} & enabled
    # a1: X to O to empty; b2: O to empty to X; c3 X; a3 X to O.
    click(game_window, "a1", "a1", "b2", "b2", "c3", "a3", "a3")
    assert game_window.board.rows() == ["   ", " X ", "O X"]
    game_window.setup_bar.buttons["mover"].invoke()
    assert game_window.status_text == "Setting up a position: O to move"
    game_window.setup_bar.buttons["play"].invoke()
    dialog = game_window.dialog
    assert dialog is not None
    assert dialog.start_text == "From: X b2 c3; O a3; O to move"
    dialog.fill("level", "hard")
    dialog.start()
    settle(game_window)
    session = game_window.session
    assert session.game.start == position("b2 c3", "a3", Side.O)
    assert (session.x.kind, session.o.kind) == ("human", "strong")  # the level's player takes the computer's side
    assert session.game.moves == (Move(0, 0),)  # O, the computer, moved first: it blocks X's diagonal at a1
    assert game_window.board.rows() == ["O  ", " X ", "O X"]


def test_a_position_that_cannot_start_a_game_is_refused_in_the_dialog(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(classic())
    menu, index = game_window.menu_entries["setup"]
    menu.invoke(index)
    click(game_window, "a1", "b1", "c1")
    game_window.setup_bar.buttons["play"].invoke()
    dialog = game_window.dialog
    assert dialog is not None
    dialog.top.update()
    size = (dialog.top.winfo_width(), dialog.top.winfo_height())
    dialog.start()
    dialog.top.update()
    assert dialog.error_text == "the starting position is over already: X has a line"
    assert (dialog.top.winfo_width(), dialog.top.winfo_height()) == size  # the dialog keeps its size
    dialog.close()
    game_window.setup_bar.buttons["cancel"].invoke()
    assert game_window.status_text == "X to move (You)"
    assert game_window.board.rows() == ["   ", "   ", "   "]


def test_move_numbers_are_written_on_the_tiles_when_asked(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    start = position("a1", "b1", Side.X)
    people = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Ada"), Competitor("Bo"), start=start)
    game_window = open_window(people)
    click(game_window, "b2", "c3")
    assert game_window.board.numbers_drawn() == {}
    press(game_window, "<Control-m>")
    assert game_window.board.numbers_drawn() == {Move(1, 1): "1", Move(2, 2): "2"}  # not the stones set up
    menu, index = game_window.menu_entries["numbers"]
    assert menu.entrycget(index, "label") == "Move numbers"
    if not xwd_available():
        pytest.skip("xwd is not installed (Debian: x11-apps)")
    image = grab(game_window.root)
    image.write_png(tmp_path / "numbers.png")
    canvas, geometry = game_window.canvas, game_window.board.geometry
    x, y = geometry.centre(Move(1, 1))
    disc = [image.at(canvas, x + step, y + geometry.square // 5) for step in range(-3, 4)]
    assert hex_colour(LINE_COLOUR) in disc
    text = [image.at(canvas, x + dx, y + dy) for dx in range(-4, 5) for dy in range(-5, 6)]
    assert hex_colour(NUMBER_COLOUR) in text
    press(game_window, "<Control-m>")
    assert game_window.board.numbers_drawn() == {}


def test_the_replay_numbers_the_moves_shown_and_not_the_stones_set_up(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    record = replace(sample_record("b2 c3 a3"), start=position("a1", "b1", Side.X))
    with History(db) as history:
        history.save(record)
    replay = replay_of(open_window, db, 1)
    step_keys(replay, "<Right>", "<Right>")
    assert replay.board.numbers_drawn() == {}
    replay.toggle_numbers()
    assert replay.numbers
    assert replay.board.numbers_drawn() == {Move(1, 1): "1", Move(2, 2): "2"}
    step_keys(replay, "<End>")  # the numbers stay on from one position to the next
    assert replay.board.numbers_drawn() == {Move(1, 1): "1", Move(2, 2): "2", Move(2, 0): "3"}
    step_keys(replay, "<Home>")
    assert (replay.board.numbers_drawn(), replay.board.rows()) == ({}, ["XO ", "   ", "   "])
    replay.buttons["numbers"].invoke()  # a click on the button, as a person turns them off
    step_keys(replay, "<End>")
    assert (replay.numbers, replay.board.numbers_drawn()) == (False, {})


def test_a_position_clicked_in_the_review_is_the_one_played_on_from(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    record = sample_record("a1 a2 b1 b2 c3")
    with History(db) as history:
        history.save(record)
        history.save_review(1, review_game(record, 0.1))
    game_window = open_window(classic(), db=db)
    previous = open_previous(game_window)
    previous.select(1)
    replay = previous.replay_selected()
    assert replay is not None
    click_row(panel_of(replay), 3)
    assert replay.caption_text == "Move 3: X plays b1"
    replay.buttons["play"].invoke()
    dialog = game_window.dialog
    assert dialog is not None
    assert dialog.start_text == "From: X a1 b1; O a2; O to move"


def test_a_game_won_from_a_set_up_position_draws_its_line_through_the_stones_set_up(
    open_window: Callable[..., GameWindow],
) -> None:
    start = position("a1 b1", "a2 b2", Side.X)
    people = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Ada"), Competitor("Bo"), start=start)
    game_window = open_window(people)
    assert game_window.board.rows() == ["XX ", "OO ", "   "]
    click(game_window, "c1")
    assert game_window.status_text == "X wins (Ada)"
    assert game_window.board.line_drawn() == tuple(squares("a1", "b1", "c1"))


def test_the_setup_bar_clears_the_board_and_says_who_moves(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    menu, index = game_window.menu_entries["setup"]
    menu.invoke(index)
    bar = game_window.setup_bar.buttons
    assert str(bar["mover"].cget("text")) == "X to move"
    click(game_window, "a1", "b2", "b2")
    assert game_window.board.rows() == ["X  ", " O ", "   "]
    bar["clear"].invoke()
    assert game_window.board.rows() == ["   ", "   ", "   "]
    click(game_window, "a1")
    assert not game_window.session.game.moves  # a click in the setup plays no move
    bar["mover"].invoke()
    assert (str(bar["mover"].cget("text")), game_window.status_text) == (
        "O to move",
        "Setting up a position: O to move",
    )


def test_a_position_whose_stones_do_not_say_whose_turn_is_refused_against_a_computer(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(classic())
    menu, index = game_window.menu_entries["setup"]
    menu.invoke(index)
    click(game_window, "a1")  # X has one stone more than O, and X is to move
    game_window.setup_bar.buttons["play"].invoke()
    dialog = game_window.dialog
    assert dialog is not None
    dialog.start()
    dialog.top.update()
    assert dialog.error_text == (
        "a computer player cannot play from this position (X a1; X to move): it takes X to move when X has as many"
        " stones as O, and O when X has one more (here X 1, O 0)"
    )
    dialog.fill("o_kind", "human")  # between two people any side may move
    dialog.start()
    settle(game_window)
    assert not dialog.is_open()
    assert game_window.status_text == "X to move (You)"
    assert game_window.board.rows() == ["X  ", "   ", "   "]


def test_a_search_under_way_when_the_setup_starts_plays_no_move_in_it(
    open_window: Callable[..., GameWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Computer", "reference"), Competitor("You"))
    gate, returned = threading.Event(), threading.Event()
    search = session.computer_move

    def held(stats: SearchStats | None = None) -> Move:  # the search, held at its end until the test lets it go
        move = search(stats)
        gate.wait(TIMEOUT)
        returned.set()
        return move

    monkeypatch.setattr(session, "computer_move", held)
    game_window = open_window(session, settled=False)
    settle(game_window, lambda: game_window.thinking)
    menu, index = game_window.menu_entries["setup"]
    menu.invoke(index)
    gate.set()
    settle(game_window, returned.is_set)
    game_window.root.update()
    assert (game_window.thinking, session.game.moves) == (False, ())  # the move found is not played
    assert game_window.status_text == "Setting up a position: X to move"
    assert game_window.board.rows() == ["   ", "   ", "   "]
    game_window.setup_bar.buttons["cancel"].invoke()  # back to the game: the computer searches again, and moves
    settle(game_window)
    assert len(session.game.moves) == 1
    assert game_window.status_text == "O to move (You)"
