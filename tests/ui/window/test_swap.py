"""Tests of a swap2 opening in the game window, played as a person plays it: stones clicked, a colour chosen.

Real windows on a virtual X server (:mod:`tests.windows`), the strong
player taking the computer's part, and real SQLite files for the games
saved.  Set ``SWAP_SCREENSHOT=docs/swap.png`` to save the screenshot of the
colour choice dialog there as well (the picture in docs/window.md).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import pytest

from configurations.moves import Move
from configurations.rules import Rules
from tests.paths import ROOT
from tests.windows import click, press, settle, squares
from tictactoe.cli.play import parse_settings
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tictactoe.ui.window.app import GameWindow
    from tictactoe.ui.window.choice_dialog import ChoiceDialog


def swap2(size: int, length: int, first: Competitor, second: Competitor) -> Session:
    """A swap2 game, ``first`` placing the first stones and ``second`` choosing, the computer thinking briefly."""
    return Session(Rules.square(size, length, opening="swap2"), PlayerLimits(2, 0.3, seed=1), first, second)


def open_choice(game_window: GameWindow) -> ChoiceDialog:
    choice = game_window.choice
    assert choice is not None
    assert choice.is_open()
    return choice


def empty_squares(game_window: GameWindow, count: int) -> list[str]:
    """The first ``count`` empty squares, row by row."""
    taken = set(game_window.session.game.moves)
    size = game_window.session.rules.size
    empty = [Move(row, col) for row in range(size) for col in range(size) if Move(row, col) not in taken]
    return [str(move) for move in empty[:count]]


def test_play_py_opens_a_swap_game_in_the_window() -> None:
    settings = parse_settings(["7", "4", "1", "--opening-rule", "swap2", "--o", "strong", "--window"])
    assert (settings.window, str(settings.session.rules)) == (True, "7x7, 4 in a row, swap2 opening")


@pytest.mark.slow
def test_the_person_chooses_two_more_in_the_dialog_and_the_computer_a_colour(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    from tests.screenshots import grab, xwd_available

    db = tmp_path / "games.sqlite3"
    game_window = open_window(swap2(9, 5, Competitor("Computer", "strong"), Competitor("You")), db=db)
    game_window.root.geometry("600x660")
    assert len(game_window.session.game.moves) == 3  # the computer's three stones, black, white, black
    assert game_window.status_text == "To choose: white, black or two more (You)"
    assert game_window.tally_text == "Computer 0  ·  You 0  ·  draws 0"
    choice = open_choice(game_window)
    assert str(choice.question.cget("text")) == (
        "Stones 1 to 3 are placed (by Computer). Choose (You): white, black or two more.\n"
        "White plays stone 4; two more: you place stones 4 and 5 (white, black), then Computer chooses."
    )
    assert {name: str(button.cget("text")) for name, button in choice.buttons.items()} == {
        "white": "White",
        "black": "Black",
        "two more": "Two more",
    }
    if xwd_available():
        root = game_window.root
        image = grab(root, above=root.winfo_rooty())  # the dialog over the board
        image.write_png(tmp_path / "swap.png")
        if os.environ.get("SWAP_SCREENSHOT"):
            image.write_png(ROOT / os.environ["SWAP_SCREENSHOT"])
    choice.buttons["two more"].invoke()
    settle(game_window)
    assert not choice.is_open()
    assert (game_window.status_text, game_window.message_text) == (
        "Stone 4 (white) to place (You)",
        "You chose two more",
    )
    click(game_window, *empty_squares(game_window, 1))
    assert game_window.status_text == "Stone 5 (black) to place (You)"
    click(game_window, *empty_squares(game_window, 1))  # and the computer chooses a colour
    session = game_window.session
    assert session.opening_play.settled
    assert game_window.choice is None
    black, white = session.x.name, session.o.name
    symbols = ("X", "O") if black == "Computer" else ("O", "X")
    assert game_window.tally_text == f"Computer ({symbols[0]}) 0  ·  You ({symbols[1]}) 0  ·  draws 0"
    assert game_window.root.title() == f"k-in-a-row: 9x9, 5 in a row, swap2 opening, {black} (X) against {white} (O)"
    chosen = "black" if black == "Computer" else "white"
    assert game_window.message_text == f"Computer chose {chosen}: X (black) is {black} and O (white) is {white}"
    if black == "Computer":  # white, the person, plays the sixth move (else the computer has played it)
        assert game_window.status_text == "O to move (You)"
        click(game_window, *empty_squares(game_window, 1))
    assert game_window.status_text == f"{symbols[1]} to move (You)"  # after the computer's answer
    game_window.quit()
    with History(db) as history:
        record = history.get(1)
    assert (record.x.name, record.o.name, len(record.moves)) == (black, white, 7 if black == "Computer" else 6)
    assert record.opening_text() == (
        f"swap2: Computer placed 3 stones; You chose two more and placed 2 stones; Computer chose {chosen}"
    )


@pytest.mark.slow
def test_the_person_places_the_stones_undoes_one_and_the_computer_chooses(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(swap2(5, 3, Competitor("You"), Competitor("Computer", "strong")), db=db)
    assert game_window.status_text == "Stone 1 (black) to place (You)"
    assert game_window.root.title() == "k-in-a-row: 5x5, 3 in a row, swap2 opening, You against Computer"
    click(game_window, "c3", "a1")
    assert game_window.status_text == "Stone 3 (black) to place (You)"
    assert game_window.is_enabled("undo")
    assert not game_window.is_enabled("hint")
    press(game_window, "<Control-z>")
    assert (game_window.message_text, game_window.status_text) == ("Took back a1", "Stone 2 (white) to place (You)")
    assert game_window.board.rows() == ["     ", "     ", "  X  ", "     ", "     "]
    click(game_window, "e5", "b3")  # black's open two, white to move: black wins, and the computer sees it
    assert game_window.choice is None  # the computer chose: no dialog
    assert game_window.message_text == "Computer chose black: X (black) is Computer and O (white) is You"
    assert game_window.status_text == "O to move (You)"
    assert game_window.tally_text == "You (O) 0  ·  Computer (X) 0  ·  draws 0"
    assert not game_window.is_enabled("undo")  # the colours were chosen on the stones: they stay
    click(game_window, "a3")
    assert game_window.status_text == "X wins (Computer)"
    assert list(game_window.board.line_drawn()) == squares("b3", "c3", "d3")
    with History(db) as history:
        record = history.get(1)
    assert [str(timed.move) for timed in record.moves] == ["c3", "e5", "b3", "a3", "d3"]
    assert (record.x.name, record.o.name) == ("Computer", "You")
    assert record.opening_text() == "swap2: You placed 3 stones; Computer chose black"


def test_the_new_game_dialog_keeps_the_opening_rule_and_offers_the_others(
    open_window: Callable[..., GameWindow],
) -> None:
    from tictactoe.game.game import EMPTY_START

    game_window = open_window(swap2(7, 4, Competitor("You"), Competitor("Computer", "strong")))
    click(game_window, "d4")
    press(game_window, "<Control-n>")
    dialog = game_window.dialog
    assert dialog is not None
    rule, opening = dialog.entries["rule"], dialog.entries["opening"]
    assert (rule.get(), list(rule.cget("values"))) == ("freestyle", ["freestyle", "standard", "renju", "caro"])
    assert (opening.get(), list(opening.cget("values"))) == ("swap2", ["free", "swap", "swap2"])
    dialog.buttons["start"].invoke()
    settle(game_window)
    assert game_window.session.game.moves == ()
    assert game_window.status_text == "Stone 1 (black) to place (You)"
    # A game from a position has no opening to place: the dialog offers none, nor another rule for its stones.
    from_position = game_window.play_from(EMPTY_START, Rules.square(7, 4, variant="caro"))
    fixed = {field: (entry.get(), str(entry.cget("state"))) for field, entry in from_position.entries.items()}
    assert (fixed["rule"], fixed["opening"]) == (("caro", "disabled"), ("free", "disabled"))


@pytest.mark.slow
def test_while_a_choice_is_due_the_window_can_start_another_game(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(swap2(5, 3, Competitor("Computer", "strong"), Competitor("You")))
    choice = open_choice(game_window)
    press(game_window, "<Control-n>")
    dialog = game_window.dialog
    assert dialog is not None
    dialog.fill("opening", "free")
    dialog.buttons["start"].invoke()
    settle(game_window)
    assert not choice.is_open()
    assert game_window.choice is None
    assert str(game_window.session.rules) == "5x5, 3 in a row"
    assert game_window.status_text == "O to move (You)"  # the computer, X, has opened
