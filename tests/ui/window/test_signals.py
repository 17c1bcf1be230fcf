"""Tests of the window ended by a signal: SIGHUP and SIGTERM end it as at the terminal, the game kept, and a game
killed by any signal resumes with every move.

Each test runs ``play.py --window --db FILE`` in a real process on the
run's X display (:mod:`tests.windows`), whose window clicks its moves itself
as its person would -- the only hook is a window that clicks the squares
it is handed on the command line, then says so on standard output and waits
-- and sends the process a real signal.  The history is a real SQLite file,
and the game is resumed from it by the command the last line names.
"""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import textwrap
import threading
from typing import TYPE_CHECKING

import pytest

from tests.paths import ROOT
from tests.windows import TIMEOUT
from tictactoe.game.history import History

if TYPE_CHECKING:
    from pathlib import Path

CLICKS_THEN_WAITS = textwrap.dedent(
    """
    import sys

    from configurations.moves import Move
    from tictactoe.cli import play as play_program
    from tictactoe.ui.window import app as window_app


    class ClicksThenWaits(window_app.GameWindow):
        # Says the moves on the board when it opens, clicks the squares of sys.argv[1] one by one, says so, and
        # waits for its end.
        def __init__(self, root, session, **options):
            super().__init__(root, session, **options)
            print("on the board:", *self.session.game.moves, flush=True)
            self.clicks = [text for text in sys.argv[1].split(",") if text]
            self.root.after(100, self.click_next)

        def click_next(self):
            if not self.clicks:
                print("played:", *self.session.game.moves, flush=True)
                return
            self.root.update()  # drawn to the window's size, so that the square is where a person sees it
            x, y = self.board.geometry.centre(Move.parse(self.clicks.pop(0), self.session.rules.size))
            self.canvas.event_generate("<Button-1>", x=x, y=y)
            self.root.after(20, self.click_next)


    window_app.GameWindow = ClicksThenWaits
    sys.exit(play_program.main(sys.argv[2:]))
    """
)
PEOPLE = ["15", "5", "1", "--x", "human", "--o", "human", "--window"]
STOPPING = {signal.SIGHUP: "the terminal closed", signal.SIGTERM: "terminated"}


def default_stopping_signals() -> None:
    """In the child: SIGHUP and SIGTERM handled as by default, even when this run ignores them (``nohup``), for the
    program keeps a signal it was started ignoring ignored."""
    for number in STOPPING:
        signal.signal(number, signal.SIG_DFL)


class Played:
    """A ``play.py`` window that has clicked its moves: its process, and what it said it has on the board."""

    def __init__(self, clicks: str, arguments: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", CLICKS_THEN_WAITS, clicks, *arguments],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=default_stopping_signals,  # noqa: PLW1509 -- only signal calls, safe after a fork
        )
        assert self.process.stdout is not None
        hung = threading.Timer(TIMEOUT, self.process.kill)  # a window that never says so ends the reading
        hung.start()
        try:
            #: The moves on the board when the window opened.
            self.before = self.process.stdout.readline()
            #: The moves on the board once it had clicked.
            self.after = self.process.stdout.readline()
        finally:
            hung.cancel()

    def end(self, number: int) -> tuple[int, str, str]:
        """Send signal ``number``; the status, the rest of standard output and standard error."""
        self.process.send_signal(number)
        try:
            out, err = self.process.communicate(timeout=TIMEOUT)
        finally:
            self.process.kill()
        return self.process.returncode, out, err


def kept_moves(db: Path, game_id: int) -> list[str]:
    with History(db, create=False) as history:
        return [str(timed.move) for timed in history.get(game_id).moves]


@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM, signal.SIGKILL], ids=["HUP", "TERM", "KILL"])
def test_a_window_ended_by_a_signal_keeps_its_game_which_resumes_with_every_move(
    display: str, tmp_path: Path, number: signal.Signals
) -> None:
    db = tmp_path / "games.sqlite3"
    window = Played("h8,h9,i8", [*PEOPLE, "--db", str(db)])
    assert (window.before, window.after) == ("on the board:\n", "played: h8 h9 i8\n")
    status, out, err = window.end(number)
    resume = f"play.py --resume-game 1 --db {shlex.quote(str(db))}"
    if number == signal.SIGKILL:
        assert (status, out, err) == (-signal.SIGKILL, "", "")  # no word, and yet every move on disk
    else:
        said = f"play.py: {STOPPING[number]}; game 1 is kept unfinished: to play on, {resume}\n"
        assert (status, out, err) == (128 + number, "", said)
    assert kept_moves(db, 1) == ["h8", "h9", "i8"]

    resumed = Played("g7", [*shlex.split(resume)[1:], "--window"])
    assert (resumed.before, resumed.after) == ("on the board: h8 h9 i8\n", "played: h8 h9 i8 g7\n")
    status, out, err = resumed.end(signal.SIGTERM)
    said = f"play.py: terminated; game 1 is kept unfinished: to play on, {resume}\n"
    assert (status, out, err) == (143, "", said)
    assert kept_moves(db, 1) == ["h8", "h9", "i8", "g7"]


@pytest.mark.slow
def test_a_window_ended_before_any_move_keeps_nothing_and_says_so(display: str, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    window = Played("", [*PEOPLE, "--db", str(db)])
    assert window.after == "played:\n"
    assert window.end(signal.SIGHUP) == (129, "", "play.py: the terminal closed, game abandoned\n")
    with History(db, create=False) as history:
        assert history.count() == 0


@pytest.mark.slow
def test_a_window_ended_while_the_computer_thinks_keeps_the_person_s_moves(display: str, tmp_path: Path) -> None:
    # The computer's answer on 10x10, five in a row, seven moves ahead, takes several seconds: the signal comes first.
    db = tmp_path / "games.sqlite3"
    window = Played("e5", ["10", "5", "7", "--window", "--db", str(db)])
    assert window.after == "played: e5\n"
    status, out, err = window.end(signal.SIGTERM)
    resume = f"play.py --resume-game 1 --db {shlex.quote(str(db))}"
    assert (status, out, err) == (143, "", f"play.py: terminated; game 1 is kept unfinished: to play on, {resume}\n")
    assert kept_moves(db, 1) == ["e5"]
