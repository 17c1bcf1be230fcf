"""Tests of the game window (tictactoe.ui.window.launch and its window_* modules), played as a person plays it.

Real Tk windows on a virtual X server, driven by :mod:`tests.windows`: the
run starts ``Xvfb`` on a free display when it is installed (and otherwise
uses ``DISPLAY``, or skips).
Clicks and keys are synthetic events sent to the window; what is checked
is what a person would see -- the tiles drawn on the canvas (each tagged
with its square), the status bar, which menu items and buttons can be
used -- and, once, the pixels of a screenshot.  Without any display, the
exit-2 message is checked in a subprocess.

Set ``WINDOW_SCREENSHOT=docs/window.png`` to save the screenshot of the
game in progress there as well (the picture in docs/window.md and the README).
"""

from __future__ import annotations

import gc
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pytest

from configurations import SearchStats, Side
from configurations.moves import Move
from configurations.rules import Rules
from tests.game.test_clocks import FakeClock
from tests.paths import ROOT
from tests.windows import HAS_TK, TIMEOUT, classic, click, enabled, focused, press, settle, squares, wait_for_window
from tictactoe.game.clocks import TimeControl
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.settings import check_name
from tictactoe.ui.window import launch as window

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.ui.window.app import GameWindow
    from tictactoe.ui.window.dialogs import NewGameDialog

x11_only = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="DISPLAY matters only on X11 systems")
NO_DISPLAY_LINE = (
    "play.py: cannot open a window: no display (DISPLAY is not set);"
    " play in the terminal instead: python play.py 3 3 9\n"
)


# Without a display -------------------------------------------------------------------------------


def environment_without_display() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != "DISPLAY"}


@x11_only
def test_without_a_display_the_window_exits_2_with_one_line() -> None:
    result = subprocess.run(
        [sys.executable, "play.py", "3", "3", "9", "--window"],
        env=environment_without_display(),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    if HAS_TK:
        assert result.stderr == NO_DISPLAY_LINE
    else:
        assert result.stderr.startswith("play.py: cannot open a window: this Python has no tkinter")


@x11_only
def test_window_available_names_the_missing_display(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    expected = "no display (DISPLAY is not set)" if HAS_TK else "this Python has no tkinter (Tk support)"
    assert window.window_available() == expected
    assert window.cannot_open_message(expected, classic()) == (
        f"play.py: cannot open a window: {expected}; play in the terminal instead: python play.py 3 3 9"
    )


@x11_only
@pytest.mark.skipif(not HAS_TK, reason="this Python has no tkinter")
def test_a_display_that_cannot_be_reached_is_named_in_the_line() -> None:
    result = subprocess.run(
        [sys.executable, "play.py", "4", "3", "2", "--o", "human", "--window"],
        env=environment_without_display() | {"DISPLAY": ":31999"},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        'play.py: cannot open a window: couldn\'t connect to display ":31999";'
        " play in the terminal instead: python play.py 4 3 2 --x human --o human\n"
    )


def test_bad_arguments_are_a_usage_error_before_any_window() -> None:
    result = subprocess.run(
        [sys.executable, "play.py", "3", "4", "9", "--window"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == "play.py: error: argument length: must be from 1 to size (3), got 4"


# A display, and windows on it --------------------------------------------------------------------


@pytest.mark.slow
def test_a_window_can_open_on_the_display(display: str) -> None:
    assert os.environ["DISPLAY"] == display
    assert window.window_available() is None


# Playing ------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_new_window_shows_the_empty_board_its_labels_and_whose_turn(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    assert game_window.board.rows() == ["   "] * 3
    assert game_window.board.labels() == ["a", "b", "c", "1", "2", "3"]
    assert game_window.status_text == "X to move (You)"
    assert game_window.message_text == "Click a square, or move with the arrow keys and play with Enter or Space"
    assert game_window.tally_text == "You (X) 0  ·  Computer (O) 0  ·  draws 0"
    assert game_window.root.title() == "k-in-a-row: 3x3, 3 in a row, You (X) against Computer (O)"
    assert enabled(game_window) == {"new", "previous", "quit", "hint"}


def test_each_sides_clock_ticks_and_the_window_ends_the_game_as_the_time_runs_out(
    open_window: Callable[..., GameWindow],
) -> None:
    clock = FakeClock()
    players = Competitor("Ann"), Competitor("Bob")
    session = Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=TimeControl(move=5.0), now=clock)
    game_window = open_window(session)
    bar = game_window.status_bar
    assert (bar.text(bar.clock_x), bar.text(bar.clock_o)) == ("X 0:05 this move", "O 5 s a move")
    clock.wait(3.5)
    settle(game_window, lambda: bar.text(bar.clock_x) == "X 0:02 this move")  # Tk's after ticks
    clock.wait(1.5)  # nobody clicks: the window ends the game itself
    settle(game_window, lambda: session.game.result is not None)
    assert (game_window.status_text, game_window.message_text) == ("O wins (Bob)", "X ran out of time: O wins")
    assert (bar.text(bar.clock_x), bar.text(bar.clock_o)) == ("X 5 s a move", "O 5 s a move")


def test_a_game_without_clocks_shows_none(open_window: Callable[..., GameWindow]) -> None:
    bar = open_window(classic()).status_bar
    assert (bar.text(bar.clock_x), bar.text(bar.clock_o)) == ("", "")


class Ending(NamedTuple):
    """How a game ends, as the window shows it."""

    rows: list[str]
    status: str
    tally: str
    line: list[str]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("clicks", "ending"),
    [
        pytest.param(
            ["a1", "c3", "c1", "c2"],
            Ending(
                ["XOX", " OX", "O X"], "X wins (You)", "You (X) 1  ·  Computer (O) 0  ·  draws 0", ["c1", "c2", "c3"]
            ),
            id="win",
        ),
        pytest.param(
            ["a1", "b1", "a2"],
            Ending(
                ["XXO", "XO ", "O  "],
                "O wins (Computer)",
                "You (X) 0  ·  Computer (O) 1  ·  draws 0",
                ["c1", "b2", "a3"],
            ),
            id="loss",
        ),
        pytest.param(
            ["a1", "b1", "a3", "c2", "c3"],
            Ending(["XXO", "OOX", "XOX"], "Game is a draw", "You (X) 0  ·  Computer (O) 0  ·  draws 1", []),
            id="draw",
        ),
    ],
)
def test_a_game_clicked_through_to_its_end(
    open_window: Callable[..., GameWindow], clicks: list[str], ending: Ending
) -> None:
    game_window = open_window(classic())
    click(game_window, *clicks)
    assert game_window.board.rows() == ending.rows
    assert game_window.status_text == ending.status
    assert game_window.tally_text == ending.tally
    assert list(game_window.board.line_drawn()) == squares(*ending.line)
    assert enabled(game_window) == {"new", "again", "previous", "quit", "undo"}
    assert game_window.message_text == "Ctrl+R plays again, Ctrl+N starts a new game"
    click(game_window, "b3")
    assert game_window.message_text == "The game is over: Ctrl+R plays again, Ctrl+N starts a new game"
    game_window.buttons["again"].invoke()  # the next game, the same two on the same sides
    assert (game_window.session.game.moves, game_window.status_text) == ((), "X to move (You)")
    assert game_window.tally_text == ending.tally


def test_the_last_move_is_highlighted_and_a_taken_square_refused(open_window: Callable[..., GameWindow]) -> None:
    from tictactoe.ui.window.board_view import BOARD_COLOUR, LAST_MOVE_COLOUR

    game_window = open_window(classic())
    click(game_window, "b2")
    assert game_window.session.game.last_move == Move.parse("a3", 3)  # the reference search's reply
    assert game_window.board.fill_of(Move.parse("a3", 3)) == LAST_MOVE_COLOUR
    assert game_window.board.fill_of(Move.parse("b2", 3)) == BOARD_COLOUR
    click(game_window, "a3")
    assert game_window.message_text == "'a3' is already taken: choose an empty square"
    assert game_window.board.rows() == ["   ", " X ", "O  "]


@pytest.mark.slow
def test_undo_and_redo_across_the_end_of_a_game(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    click(game_window, "a1", "c3", "c1", "c2")
    assert game_window.status_text == "X wins (You)"
    press(game_window, "<Control-z>")  # the winning move was the person's: it alone is taken back
    assert game_window.message_text == "Took back c2"
    assert game_window.status_text == "X to move (You)"
    assert (game_window.tally_text, game_window.board.line_drawn()) == ("You (X) 0  ·  Computer (O) 0  ·  draws 0", ())
    assert enabled(game_window) == {"new", "previous", "quit", "undo", "redo", "hint"}
    press(game_window, "<Control-y>")
    assert game_window.status_text == "X wins (You)"
    assert game_window.tally_text == "You (X) 1  ·  Computer (O) 0  ·  draws 0"
    press(game_window, "<Control-z>", "<Control-z>")  # then the computer's reply and the person's move
    assert game_window.message_text == "Took back c1, b1"
    assert game_window.board.rows() == ["X  ", " O ", "O X"]
    press(game_window, "<Control-Shift-Z>")
    assert game_window.message_text == "Played again c1, b1"
    assert enabled(game_window) == {"new", "previous", "quit", "undo", "redo", "hint"}
    press(game_window, "<Control-Shift-Z>")
    assert game_window.status_text == "X wins (You)"
    assert enabled(game_window) == {"new", "again", "previous", "quit", "undo"}


@pytest.mark.slow
def test_a_loss_is_taken_back_with_the_move_before_it(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    click(game_window, "a1", "b1", "a2")
    game_window.buttons["undo"].invoke()
    settle(game_window)
    assert game_window.message_text == "Took back a2, a3"
    assert game_window.board.rows() == ["XXO", " O ", "   "]
    assert game_window.tally_text == "You (X) 0  ·  Computer (O) 0  ·  draws 0"


@pytest.mark.slow
def test_the_keyboard_plays_with_the_arrows_and_enter_or_space(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    assert game_window.controller.cursor == Move(1, 1)  # the cursor starts in the middle
    press(game_window, "<Left>", "<Up>", "<Up>", "<Left>")  # it stops at the edges
    assert game_window.controller.cursor == Move(0, 0)
    assert game_window.canvas.find_withtag("cursor")
    press(game_window, "<Return>")
    assert game_window.board.rows() == ["X  ", " O ", "   "]
    press(game_window, "<Right>", "<Right>", "<space>")
    assert game_window.board.rows() == ["XOX", " O ", "   "]  # c1, and the computer blocks b3... at b1
    press(game_window, "<Down>", "<Down>", "<KP_Enter>")
    assert game_window.board.tile_at(Move(2, 2)) == "X"


def held_at_its_end(session: Session, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Make ``session``'s computer searches wait, once their move is found, until the event returned is set.

    A search that has counted its positions is then still running for as long as the test needs, on any machine.
    """
    gate = threading.Event()
    search = session.computer_move

    def held(stats: SearchStats | None = None) -> Move:
        move = search(stats)
        gate.wait(TIMEOUT)
        return move

    monkeypatch.setattr(session, "computer_move", held)
    return gate


@pytest.mark.slow
def test_while_the_computer_thinks_the_window_counts_and_ignores_the_board(
    open_window: Callable[..., GameWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first move on an empty 7x7 board, four in a row, three levels deep: thousands of positions.
    session = Session(Rules.square(7, 4), PlayerLimits(3), Competitor("Computer", "reference"), Competitor("You"))
    gate = held_at_its_end(session, monkeypatch)
    game_window = open_window(session, settled=False)
    progress = r"[1-9][\d,]* positions tried, \d+\.\d s"
    settle(game_window, lambda: game_window.thinking and re.fullmatch(progress, game_window.message_text) is not None)
    assert game_window.status_text == "X (Computer) is thinking..."
    assert enabled(game_window) == {"new", "previous", "quit"}
    assert not game_window.canvas.find_withtag("cursor")
    x, y = game_window.board.geometry.centre(Move(3, 3))
    for event in ("<Button-1>", "<Control-z>", "<Return>", "<Control-h>"):  # all ignored while it thinks
        focused(game_window).event_generate(event, x=x, y=y)
    assert game_window.thinking
    assert game_window.session.game.moves == ()
    gate.set()
    settle(game_window)  # the search ends with its move
    assert len(game_window.session.game.moves) == 1
    assert game_window.status_text == "O to move (You)"


@pytest.mark.slow
def test_two_computers_play_on_by_themselves(open_window: Callable[..., GameWindow]) -> None:
    session = Session(
        Rules.square(3, 3), PlayerLimits(9), Competitor("One", "reference"), Competitor("Two", "reference")
    )
    game_window = open_window(session, move_delay_ms=20)
    assert game_window.status_text == "Game is a draw"  # perfect play from both sides
    assert all(" " not in row for row in game_window.board.rows())
    assert game_window.tally_text == "One (X) 0  ·  Two (O) 0  ·  draws 1"


def test_a_hint_is_shown_on_the_board(open_window: Callable[..., GameWindow]) -> None:
    from tictactoe.ui.window.board_view import HINT_COLOUR

    game_window = open_window(classic(think=0.2))
    click(game_window, "a1")
    press(game_window, "<Control-h>")
    assert game_window.message_text == "Hint: c1"  # the strong player's drawing move
    assert game_window.board.fill_of(Move.parse("c1", 3)) == HINT_COLOUR
    assert enabled(game_window) == {"new", "previous", "quit", "undo", "hint"}
    assert game_window.session.game.moves == tuple(squares("a1", "b2"))


def test_a_hint_this_version_cannot_give_is_explained(
    open_window: Callable[..., GameWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tictactoe.players import registry

    monkeypatch.setattr(registry, "_CLASSES", (*registry._CLASSES[:2], ("strong", "tictactoe.players.gone", "Gone")))
    game_window = open_window(classic(think=0.2))
    click(game_window, "a1")
    press(game_window, "<Control-h>")
    assert game_window.message_text == "No hint: the strong player is not part of this version of the game"
    assert game_window.session.game.moves == tuple(squares("a1", "b2"))


def test_a_big_board_fills_the_window_and_follows_its_size(open_window: Callable[..., GameWindow]) -> None:
    session = Session(Rules.square(26, 5), PlayerLimits(1), Competitor("Ann"), Competitor("Bob"))
    game_window = open_window(session)
    before = game_window.board.geometry.square
    click(game_window, "z26", "a1")
    game_window.root.geometry("900x900")
    settle(game_window, lambda: game_window.board.geometry.square > before)
    assert game_window.board.tile_at(Move(25, 25)) == "X"
    assert game_window.board.tile_at(Move(0, 0)) == "O"
    labels = game_window.board.labels()
    assert (labels[25], labels[26], labels[-1], len(labels)) == ("z", "1", "26", 52)
    click(game_window, "m13")
    assert game_window.board.tile_at(Move(12, 12)) == "X"


# New games ----------------------------------------------------------------------------------------


def start_from_dialog(game_window: GameWindow, **fields: str) -> NewGameDialog:
    """Open the new-game dialog with Ctrl+N, type ``fields`` into it and press Enter; the dialog."""
    press(game_window, "<Control-n>")
    return fill_dialog(game_window, fields)


def start_from_dialog_at_once(game_window: GameWindow, **fields: str) -> NewGameDialog:
    """As :func:`start_from_dialog`, Ctrl+N pressed at once, while a search runs, without waiting for it."""
    focused(game_window).event_generate("<Control-n>")
    game_window.root.update()
    return fill_dialog(game_window, fields)


def fill_dialog(game_window: GameWindow, fields: dict[str, str]) -> NewGameDialog:
    """Type ``fields`` into the open new-game dialog and press Enter; the dialog."""
    dialog = game_window.dialog
    assert dialog is not None
    for field, text in fields.items():
        dialog.fill(field, text)
    dialog.top.focus_force()
    dialog.top.update()
    dialog.top.event_generate("<Return>")
    settle(game_window)
    return dialog


@pytest.mark.slow
def test_a_new_game_of_the_same_two_keeps_the_tally_and_can_swap_sides(
    open_window: Callable[..., GameWindow],
) -> None:
    from tictactoe.ui.window.form import GameForm

    game_window = open_window(classic())
    session = game_window.session
    click(game_window, "a1", "c3", "c1", "c2")
    press(game_window, "<Control-n>")
    assert game_window.dialog is not None
    assert game_window.dialog.form == GameForm.of(session)
    game_window.dialog.buttons["start"].invoke()
    settle(game_window)
    assert not game_window.dialog.is_open()
    assert (game_window.session, game_window.board.rows()) == (session, ["   "] * 3)
    assert game_window.tally_text == "You (X) 1  ·  Computer (O) 0  ·  draws 0"
    press(game_window, "<Control-n>")
    game_window.dialog.buttons["swap"].invoke()
    assert (game_window.dialog.form.x_kind, game_window.dialog.form.o_name) == ("reference", "You")
    game_window.dialog.buttons["start"].invoke()
    settle(game_window)  # the computer, now X, moves first by itself
    assert [row.count("X") for row in game_window.board.rows()] == [1, 0, 0]
    assert game_window.tally_text == "You (O) 1  ·  Computer (X) 0  ·  draws 0"
    assert game_window.status_text == "O to move (You)"


def test_a_difficulty_chosen_in_the_dialog_plays_the_computer_at_that_level(
    open_window: Callable[..., GameWindow],
) -> None:
    game_window = open_window(classic())
    press(game_window, "<Control-n>")
    assert game_window.dialog is not None
    level_box = game_window.dialog.entries["level"]
    assert (level_box.get(), list(level_box.cget("values"))) == ("custom", ["custom", "easy", "medium", "hard", "best"])
    game_window.dialog.close()
    dialog = start_from_dialog(game_window, level="easy")
    assert not dialog.is_open()
    session = game_window.session
    assert [(side.name, side.kind) for side in session.competitors] == [("You", "human"), ("Easy computer", "weights")]
    assert game_window.tally_text == "You (X) 0  ·  Easy computer (O) 0  ·  draws 0"
    press(game_window, "<Control-n>")
    assert game_window.dialog is not None
    assert game_window.dialog.form.level == "easy"  # the next game is offered at the same level


def test_the_new_game_dialog_refuses_with_one_line_reasons(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    session = game_window.session
    click(game_window, "b2")
    refusals = [
        ({"size": "x"}, "board size must be a whole number from 1 to 26, got 'x'"),
        ({"size": "27"}, "board size must be a whole number from 1 to 26, got '27'"),
        ({"size": "4", "length": "5"}, "in a row must be from 1 to the board size (4), got '5'"),
        ({"size": "4", "length": "3", "levels": "-1"}, "levels must be a whole number, at least 0, got '-1'"),
        ({"levels": "2", "o_kind": "perfect"}, "perfect"),
    ]
    for fields, reason in refusals:
        dialog = start_from_dialog(game_window, **fields)
        assert dialog.is_open()
        assert reason in dialog.error_text
        assert "\n" not in dialog.error_text
    assert (game_window.session, len(game_window.session.game.moves)) == (session, 2)
    dialog.top.event_generate("<Escape>")
    game_window.root.update()
    assert not dialog.is_open()
    assert len(game_window.session.game.moves) == 2


@pytest.mark.slow
def test_a_new_board_and_players_start_a_new_session(open_window: Callable[..., GameWindow]) -> None:
    game_window = open_window(classic())
    click(game_window, "a1", "c3", "c1", "c2")
    dialog = start_from_dialog(game_window, size="4", length="3", levels="2", o_name="Ada", x_name="  ")
    assert not dialog.is_open()
    assert game_window.board.rows() == ["    "] * 4
    assert game_window.tally_text == "You (X) 0  ·  Ada (O) 0  ·  draws 0"
    assert game_window.root.title() == "k-in-a-row: 4x4, 3 in a row, You (X) against Ada (O)"
    assert (game_window.session.rules, game_window.session.limits) == (Rules.square(4, 3), PlayerLimits(2))


@pytest.mark.slow
def test_a_new_game_leaves_the_last_search_unheeded(
    open_window: Callable[..., GameWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(Rules.square(7, 4), PlayerLimits(3), Competitor("Computer", "reference"), Competitor("You"))
    gate = held_at_its_end(session, monkeypatch)
    game_window = open_window(session, settled=False)
    settle(game_window, lambda: game_window.thinking)
    dialog = start_from_dialog_at_once(game_window, size="3", length="3", levels="1")
    assert any(thread.name == "search" for thread in threading.enumerate())  # the old search runs on
    assert not dialog.is_open()
    assert game_window.board.rows() == ["X  ", "   ", "   "]  # the new game's first move, at depth 1
    # The old search runs on to its end, unheeded: the board stays the new game's.
    gate.set()
    settle(game_window, lambda: not any(thread.name == "search" for thread in threading.enumerate()))
    time.sleep(0.1)
    settle(game_window)
    assert game_window.board.rows() == ["X  ", "   ", "   "]
    assert game_window.status_text == "O to move (You)"


# Closing during a search, and a screenshot -----------------------------------------------------------


CLOSES_WHILE_THINKING = textwrap.dedent(
    """
    import sys
    import threading
    import tkinter

    from tictactoe.cli import play as play_program


    class ClosedSoon(tkinter.Tk):
        # Closed by its person 1.5 s after it opens, through the window manager's request.
        def __init__(self):
            super().__init__()
            self.after(1500, self.close)

        def close(self):
            searching = any(thread.name == "search" for thread in threading.enumerate())
            print("searching" if searching else "idle", flush=True)
            self.tk.call(self.protocol("WM_DELETE_WINDOW"))


    tkinter.Tk = ClosedSoon
    sys.exit(play_program.main(["10", "5", "7", "--x", "reference", "--o", "human", "--window"]))
    """
)


@pytest.mark.slow
def test_closing_the_window_during_a_search_ends_the_program_at_once(display: str) -> None:
    # The computer's first move on 10x10, five in a row, seven levels deep, takes several seconds.
    game = subprocess.Popen(
        [sys.executable, "-c", CLOSES_WHILE_THINKING],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert game.stdout is not None
    assert game.stdout.readline() == "searching\n"
    closed = time.monotonic()
    _, errors = game.communicate(timeout=TIMEOUT)
    assert time.monotonic() - closed < 2.0
    assert (game.returncode, errors) == (0, "")


@pytest.mark.slow
def test_ctrl_c_at_the_terminal_closes_the_window(display: str) -> None:
    game = subprocess.Popen(
        [sys.executable, "play.py", "3", "3", "9", "--window"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    wait_for_window("k-in-a-row: 3x3")  # open, and waiting for the person
    game.send_signal(signal.SIGINT)
    out, errors = game.communicate(timeout=TIMEOUT)
    # As at the terminal: no move was played, so no game is kept.
    assert (game.returncode, out, errors) == (130, "", "play.py: interrupted, game abandoned\n")


def test_ctrl_c_in_a_callback_ends_the_main_loop(display: str) -> None:
    # Tkinter reports what a callback raises and goes on: a Ctrl-C caught in a redraw used to be printed and lost.
    root = window.interruptible_root()
    try:
        root.after(0, lambda: signal.raise_signal(signal.SIGINT))
        root.after(TIMEOUT * 1000, root.quit)  # what a lost Ctrl-C leaves: the loop running until then
        with pytest.raises(KeyboardInterrupt):
            root.mainloop()
    finally:
        root.destroy()
        # Freed here, in Tk's thread, as the windows the tests open are: a later test's search thread that
        # collected the root would abort the whole run (Tcl frees its interpreter only from its own thread).
        del root
        gc.collect()


@pytest.mark.slow
def test_a_screenshot_shows_the_grid_and_the_tiles(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    from tests.screenshots import grab, hex_colour, xwd_available
    from tictactoe.ui.window.board_view import BOARD_COLOUR, CURSOR_COLOUR, GRID_COLOUR, LAST_MOVE_COLOUR, TILE_COLOURS

    if not xwd_available():
        pytest.skip("xwd is not installed (Debian: x11-apps)")
    game_window = open_window(classic(7, 4, 3))
    game_window.root.geometry("600x660")  # the toolbar whole, Quit included
    click(game_window, "d4", "e4", "c5")
    press(game_window, "<Down>", "<Down>", "<Right>")  # the cursor, on d7
    root, canvas, geometry = game_window.root, game_window.canvas, game_window.board.geometry
    image = grab(root, above=root.winfo_rooty())  # with the menu bar (Xvfb has no window manager to frame it)
    image.write_png(tmp_path / "window.png")
    if os.environ.get("WINDOW_SCREENSHOT"):
        image.write_png(ROOT / os.environ["WINDOW_SCREENSHOT"])
    moves = game_window.session.game.moves
    for number, move in enumerate(moves):
        left, top, _, bottom = geometry.box(move)
        x, y = geometry.centre(move)
        if number % 2 == 0:  # X: two strokes crossing at the middle
            assert image.at(canvas, x, y) == hex_colour(TILE_COLOURS[Side.X])
        else:  # O: a ring, empty at the middle
            assert image.at(canvas, x, y) != hex_colour(TILE_COLOURS[Side.O])
            ring = [image.at(canvas, x, top + geometry.square // 5 + step) for step in range(-1, 3)]
            assert hex_colour(TILE_COLOURS[Side.O]) in ring
        expected_fill = LAST_MOVE_COLOUR if move == moves[-1] else BOARD_COLOUR
        assert image.at(canvas, left + 3, bottom - 3) == hex_colour(expected_fill)
    for line in range(geometry.size + 1):  # the grid: every line, across and down
        along = geometry.left + line * geometry.square
        middle = geometry.top + geometry.square // 2
        assert hex_colour(GRID_COLOUR) in [image.at(canvas, along + step, middle) for step in (-1, 0, 1)]
        across = geometry.top + line * geometry.square
        assert hex_colour(GRID_COLOUR) in [image.at(canvas, geometry.left + 2, across + step) for step in (-1, 0, 1)]
    cursor = geometry.box(Move.parse("d7", 7))
    assert image.at(canvas, cursor[0] + 3, (cursor[1] + cursor[3]) // 2) == hex_colour(CURSOR_COLOUR)
    assert image.at(canvas, *geometry.centre(Move.parse("d7", 7))) == hex_colour(BOARD_COLOUR)


def test_no_status_text_moves_the_board(open_window: Callable[..., GameWindow]) -> None:
    """A hint, a note or a refusal as long as a person's typo can be wraps in the status; the window keeps its width."""
    game_window = open_window(classic(7, 4, 1))
    root = game_window.root
    root.update()
    width, board_x = root.winfo_width(), game_window.canvas.winfo_rootx()
    for message in ("Hint: d4", "Took back d4, c3", "x" * 300, "a " * 200):
        game_window.controller.message = message
        game_window.show()
        root.update()
        assert (root.winfo_width(), game_window.canvas.winfo_rootx()) == (width, board_x), message


def test_the_state_keeps_to_one_line_whatever_the_names(open_window: Callable[..., GameWindow]) -> None:
    """Beside the tally, a long name once squeezed the state into a column a word wide, down many lines."""
    from tkinter import font

    longest = "Alexandra Konstantinopoulou-Ba"  # the 30 characters a name may have
    assert check_name(longest) == longest
    people = Session(Rules.square(3, 3), PlayerLimits(9), Competitor(longest), Competitor("Medium computer", "human"))
    game_window = open_window(people)
    labels = {"state": game_window.status_bar.state, "tally": game_window.status_bar.tally}
    for clicks, state in (((), f"X to move ({longest})"), (("a1", "a2", "b1", "b2", "c1"), f"X wins ({longest})")):
        click(game_window, *clicks)
        game_window.root.update()
        assert game_window.status_text == state
        for name, label in labels.items():
            line = font.Font(font=label.cget("font")).metrics("linespace")
            assert label.winfo_height() < 2 * line, (name, label.cget("text"))


@pytest.mark.slow
def test_undo_is_not_offered_between_two_computer_players(open_window: Callable[..., GameWindow]) -> None:
    session = Session(
        Rules.square(3, 3), PlayerLimits(1), Competitor("rules", "rules"), Competitor("perfect", "perfect")
    )
    game_window = open_window(session)
    assert game_window.session.game.result is not None  # the two played to the end
    assert "undo" not in enabled(game_window)
    assert "redo" not in enabled(game_window)
    assert "again" in enabled(game_window)


def test_undo_is_not_offered_before_the_person_has_moved(open_window: Callable[..., GameWindow]) -> None:
    session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Computer", "reference"), Competitor("You"))
    game_window = open_window(session)
    assert len(game_window.session.game.moves) == 1  # the computer opened
    assert "undo" not in enabled(game_window)


@pytest.mark.slow
def test_the_strong_player_blocks_an_open_three_in_the_window(open_window: Callable[..., GameWindow]) -> None:
    """The position a window once lost: 10x10, five in a row, X e4, O f6, X f4, O g5, X d4; O must take c4 or g4."""
    opening = squares("e4", "f6", "f4", "g5", "d4")
    session = Session(
        Rules.square(10, 5),
        PlayerLimits(9, think=2.0),
        Competitor("You"),
        Competitor("strong", "strong"),
        opening=opening,
    )
    game_window = open_window(session)
    assert str(game_window.session.game.last_move) in ("c4", "g4")


# Renju --------------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_renju_game_marks_black_s_forbidden_points_and_refuses_one_with_its_reason(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    from tests.screenshots import grab, hex_colour, xwd_available
    from tictactoe.ui.window.board_view import FORBIDDEN_COLOUR

    people = Session(Rules.square(15, 5, variant="renju"), PlayerLimits(0), Competitor("Ada"), Competitor("Bo"))
    game_window = open_window(people)
    game_window.root.geometry("640x700")
    click(game_window, "h6", "a1", "h7", "a2", "f6", "a3", "g7", "o15")
    assert game_window.board.forbidden_drawn() == tuple(squares("h8"))
    click(game_window, "h8")
    assert game_window.session.game.moves[-1] == Move.parse("o15", 15)  # refused: the game as it was
    assert game_window.message_text == "h8 is forbidden for black: double three (h8-h6, h8-f6)"
    click(game_window, "m13")
    assert game_window.board.forbidden_drawn() == ()  # white to move: no point is forbidden to white
    if not xwd_available():
        return
    click(game_window, "b1")
    assert game_window.board.forbidden_drawn() == tuple(squares("h8"))
    root, canvas = game_window.root, game_window.canvas
    image = grab(root, above=root.winfo_rooty())
    image.write_png(tmp_path / "renju.png")
    if os.environ.get("RENJU_SCREENSHOT"):
        image.write_png(ROOT / os.environ["RENJU_SCREENSHOT"])
    x, y = game_window.board.geometry.centre(Move.parse("h8", 15))
    assert hex_colour(FORBIDDEN_COLOUR) in [image.at(canvas, x + step, y + step) for step in (-1, 0, 1)]


# The window's shape ----------------------------------------------------------------------------------------------


def test_the_window_only_draws_and_forwards_in_at_most_25_methods() -> None:
    """GameWindow is the view: the game it plays is its controller's (tests/ui/window/test_controller.py).

    Every def in its class counts, properties included; a 26th says that game flow is creeping back in.
    """
    import ast

    tree = ast.parse((ROOT / "tictactoe" / "ui" / "window" / "app.py").read_text(encoding="utf-8"))
    (view,) = [node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "GameWindow"]
    methods = [node.name for node in view.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    assert "show" in methods
    assert len(methods) <= 25, methods
