"""A real ``play.py --db FILE`` game at a real pseudo-terminal, killed between moves and while the computer thinks.

Each game is started with the default handling of SIGINT, SIGHUP and
SIGTERM (:data:`~tests.cli.test_play.DEFAULT_SIGNALS`), whatever this run
inherited, and every wait is bounded.  After SIGHUP and SIGTERM the game
says it is kept, and how to play it on; after any signal, ``kill -9``
included, ``--resume-game`` plays it on with every move played before.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from configurations.moves import Move
from tests.cli.test_play import DEFAULT_SIGNALS, PLAY, TIMEOUT, ended, run_in_terminal
from tests.paths import ROOT
from tictactoe.game.history import History

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals and terminals")]


class Terminal:
    """``play.py args`` on a pseudo-terminal of its own: what it shows, what is typed at it, signals sent to it."""

    def __init__(self, *args: str, controlling: bool = False) -> None:
        self._controller, follower = os.openpty()
        self.process = subprocess.Popen(
            [*(CONTROLLING if controlling else DEFAULT_SIGNALS), str(PLAY), *args],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            cwd=ROOT,
        )
        os.close(follower)
        self.shown = b""

    def wait_for(self, text: bytes, times: int = 1) -> None:
        """Read what the game shows until ``text`` has shown ``times`` times; the test fails after :data:`TIMEOUT`."""
        deadline = time.monotonic() + TIMEOUT
        while self.shown.count(text) < times:
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                self.process.kill()
                raise AssertionError(f"{text!r} did not show; the game showed {self.shown[-500:]!r}")

    def wait_for_prompt(self, times: int = 1) -> None:
        """Wait until the game asks for the ``times``-th move and waits for it: the prompt shown, and the program
        asleep (Linux's ``/proc``; elsewhere a fifth of a second).

        A signal that came after the prompt was written but before the program slept in its wait for a key
        would be handled only at the next key (readline's ``select``), which no test types: a person's signal
        comes later, and a terminal that closes wakes the wait itself.
        """
        self.wait_for(b"Your move: ", times)
        stat = Path(f"/proc/{self.process.pid}/stat")
        if not stat.exists():
            time.sleep(0.2)
            return
        deadline = time.monotonic() + TIMEOUT
        while stat.read_text().rsplit(")", 1)[1].split()[0] != "S":
            if time.monotonic() > deadline:
                raise AssertionError("the game never waited for a move")
            time.sleep(0.01)

    def type(self, line: str) -> None:
        os.write(self._controller, line.encode() + b"\n")

    def end(self, number: int) -> tuple[int, str]:
        """Send signal ``number``; the exit status and everything shown, once the program has ended."""
        self.process.send_signal(number)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline and self._read(deadline - time.monotonic()):
            pass  # what it says as it goes, until the terminal has no writer left
        status = ended(self.process, self.shown)
        os.close(self._controller)
        return status, self.shown.decode().replace("\r\n", "\n")

    def close(self) -> int:
        """Close the terminal, as a person closes its window; the exit status once the program has ended."""
        os.close(self._controller)
        return ended(self.process, self.shown)

    def _read(self, seconds: float) -> bool:
        """Add what the game shows within ``seconds`` to :attr:`shown`; False once the terminal has closed."""
        ready, _, _ = select.select([self._controller], [], [], min(seconds, 1.0))
        if not ready:
            return self.process.poll() is None
        try:
            chunk = os.read(self._controller, 4096)
        except OSError:  # no program holds the terminal any more
            return False
        self.shown += chunk
        return bool(chunk)


#: As :data:`~tests.cli.test_play.DEFAULT_SIGNALS`, in a session of its own whose controlling terminal is its
#: standard input: closing that terminal then hangs up on it -- the system sends SIGHUP -- as closing a window does.
CONTROLLING = (
    sys.executable,
    "-c",
    "import fcntl, os, signal, sys, termios\n"
    "for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM): signal.signal(number, signal.SIG_DFL)\n"
    "os.setsid()\n"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])",
)


def kept_line(reason: str, db: Path) -> str:
    return f"play.py: {reason}; game 1 is kept unfinished: to play on, play.py --resume-game 1 --db {db}\n"


def tic_tac_toe_after_b2(db: Path) -> Terminal:
    """A game of tic-tac-toe kept in ``db``, at a terminal: the person has played b2 and the computer answered."""
    game = Terminal("3", "3", "9", "--db", str(db))
    game.wait_for(b"Your move: ")
    game.type("b2")
    game.wait_for_prompt(2)
    return game


def stored_moves(db: Path) -> list[str]:
    with History(db, create=False) as history:
        return [str(timed.move) for timed in history.get(1).moves]


def computer_replies(shown: str) -> list[str]:
    return [line.split()[-1] for line in shown.splitlines() if line.startswith("Computer plays ")]


ENDINGS = [
    pytest.param(signal.SIGHUP, 129, "the terminal closed", id="SIGHUP"),
    pytest.param(signal.SIGTERM, 143, "terminated", id="SIGTERM"),
    pytest.param(signal.SIGKILL, -signal.SIGKILL, None, id="SIGKILL"),
]


@pytest.mark.parametrize(("number", "status", "reason"), ENDINGS)
def test_a_game_killed_between_moves_resumes_with_every_move(
    tmp_path: Path, number: int, status: int, reason: str | None
) -> None:
    db = tmp_path / "games.sqlite3"
    game = Terminal("5", "4", "2", "--db", str(db))
    for count, move in enumerate(("c3", "b2"), start=1):
        game.wait_for(b"Your move: ", count)
        game.type(move)
    game.wait_for_prompt(3)
    ended_with, shown = game.end(number)
    replies = computer_replies(shown)
    played = ["c3", replies[0], "b2", replies[1]]
    assert ended_with == status
    if reason is not None:
        assert shown.endswith("Your move: \n" + kept_line(reason, db))
    assert stored_moves(db) == played
    resumed, shown = run_in_terminal(["--resume-game", "1", "--db", str(db)], [b"quit\n"])
    assert resumed == 0
    assert shown.endswith(
        f"Your move: quit\nGame 1 is kept unfinished: to play on, play.py --resume-game 1 --db {db}\n"
    )
    board = re.sub(r"\x1b\[\d*m", "", shown).split("\n")[1:7]  # the position resumed, its last move plain
    for ply, stone in enumerate(Move.parse(square, 5) for square in played):
        assert board[1 + stone.row][2 + 2 * stone.col] == "XO"[ply % 2]
    assert stored_moves(db) == played


@pytest.mark.parametrize(("number", "status", "reason"), ENDINGS)
def test_a_game_killed_while_the_computer_thinks_keeps_the_move_it_answers(
    tmp_path: Path, number: int, status: int, reason: str | None
) -> None:
    db = tmp_path / "games.sqlite3"
    game = Terminal("15", "5", "225", "--o", "strong", "--think", "60", "--db", str(db))
    game.wait_for(b"Your move: ")
    game.type("h8")
    game.wait_for(b"thinking...")  # the spinner: the strong player has been searching for half a second
    ended_with, shown = game.end(number)
    assert ended_with == status
    if reason is not None:
        assert shown.endswith(kept_line(reason, db))
        assert "Traceback" not in shown
    assert stored_moves(db) == ["h8"]
    resumed = subprocess.run(
        [*DEFAULT_SIGNALS, str(PLAY), "--resume-game", "1", "--db", str(db), "--think", "0.05"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )
    assert (resumed.returncode, resumed.stderr) == (0, "")
    moves = stored_moves(db)
    assert moves[0] == "h8"
    assert len(moves) == 2  # the computer's answer, played on resuming, kept with it
    assert f"O plays {moves[1]}\n" in resumed.stdout


def test_ctrl_c_says_the_game_is_kept_and_how_to_play_it_on(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = tic_tac_toe_after_b2(db)
    ended_with, shown = game.end(signal.SIGINT)
    assert (ended_with, shown.endswith(kept_line("interrupted", db))) == (130, True)
    assert len(stored_moves(db)) == 2


def test_play_py_with_only_a_db_opens_the_menu_which_offers_the_unfinished_game_first(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = tic_tac_toe_after_b2(db)
    game.end(signal.SIGTERM)
    reply = stored_moves(db)[1]
    status, shown = run_in_terminal(["--db", str(db)], [b"\n", b"quit\n", b"3\n"], prompts=(b"]: ", b"Your move: "))
    assert status == 0
    assert shown.startswith(
        "\n0) Go on with game 1 (unfinished): You (X) against Computer (O), 3x3, 3 in a row, 2 moves\n"
        "1) New game\n2) Previous games\n3) Exit\nChoose [0]: \n"
        "You are X and move first; the computer is O. Type help for how to play.\n"
    )
    assert f"Game 1 is kept unfinished: to play on, play.py --resume-game 1 --db {db}\n" in shown
    assert shown.endswith(
        "\n0) Go on with game 1 (unfinished): You (X) against Computer (O), 3x3, 3 in a row, 2 moves\n"
        "1) New game\n2) Previous games\n3) Exit\nChoose [0]: 3\n"
    )
    assert stored_moves(db) == ["b2", reply]


def test_a_game_whose_terminal_closes_is_kept_with_every_move(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = Terminal("5", "4", "2", "--db", str(db), controlling=True)
    game.wait_for(b"Your move: ")
    game.type("c3")
    game.wait_for_prompt(2)
    reply = computer_replies(game.shown.decode())[0]
    assert game.close() == 129  # the system's SIGHUP, handled: the game kept, with no terminal to say so
    assert stored_moves(db) == ["c3", reply]


def test_a_game_resumed_from_the_menu_keeps_its_new_moves_and_says_how_to_play_it_on(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = tic_tac_toe_after_b2(db)
    game.end(signal.SIGTERM)
    played = stored_moves(db)
    menu = Terminal("--db", str(db))
    menu.wait_for(b"Choose [0]: ")
    menu.type("")  # Enter: go on with the unfinished game
    menu.wait_for(b"Your move: ")
    move = next(square for square in ("a1", "c3") if square not in played)
    menu.type(move)
    menu.wait_for_prompt(2)
    status, shown = menu.end(signal.SIGTERM)
    assert (status, shown.endswith("Your move: \n" + kept_line("terminated", db))) == (143, True)
    moves = stored_moves(db)
    assert moves[:3] == [*played, move]
    assert len(moves) == 4
