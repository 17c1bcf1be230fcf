"""Tests of the window's game history: finished games saved.

Real windows on a virtual X server (:mod:`tests.windows`), and real SQLite
files under ``tmp_path``, read back with :mod:`sqlite3` itself.  What is
checked is what a person sees: the lines of the list, the board, caption
and buttons of the replay, the status bar's red line when the history
cannot be used -- and, for saving, the rows in the file.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.records import sample_record
from tests.windows import TIMEOUT, classic, click, press, settle
from tictactoe.game.history import APPLICATION_ID, History
from tictactoe.game.session import Competitor, Session
from tictactoe.players.registry import PlayerOptions
from tictactoe.ui.window_saving import WindowHistory

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.ui.window_app import GameWindow

ROOT = Path(__file__).resolve().parent.parent
# The person (X) beats the reference search on 3x3 in four clicks: a1, c3, c1, c2.
WINNING_CLICKS = ("a1", "c3", "c1", "c2")


def stored_games(db: Path) -> list[tuple[object, ...]]:
    """Each game in the file, the first saved first: players, board, result, and its moves as ``a1 b2 ...``."""
    connection = sqlite3.connect(db)
    try:
        games = connection.execute(
            "SELECT id, x_kind, x_name, o_kind, o_name, size, length, result, move_count FROM games ORDER BY id"
        ).fetchall()
        stored = []
        for game_id, *fields in games:
            moves = connection.execute("SELECT row, col FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))
            stored.append((*fields, " ".join(f"{chr(ord('a') + col)}{row + 1}" for row, col in moves)))
        return stored
    finally:
        connection.close()


def moves_text(game_window: GameWindow) -> str:
    return " ".join(map(str, game_window.session.game.moves))


# Saving -----------------------------------------------------------------------------------------


def test_a_finished_window_game_lands_in_the_db_file(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, *WINNING_CLICKS[:3])
    assert stored_games(db) == []  # not before the end
    click(game_window, WINNING_CLICKS[3])
    assert game_window.status_text == "X wins (You)"
    assert stored_games(db) == [("human", "You", "reference", "Computer", 3, 3, "X", 7, moves_text(game_window))]
    assert game_window.history_text == ""


def test_a_game_undone_at_its_end_is_saved_once_for_each_different_end(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, *WINNING_CLICKS)
    won = moves_text(game_window)
    press(game_window, "<Control-z>", "<Control-y>")  # back to the same end
    assert game_window.status_text == "X wins (You)"
    assert [game[-1] for game in stored_games(db)] == [won]
    press(game_window, "<Control-z>")  # the winning c2 taken back; a2 instead lets O complete b1-b3
    click(game_window, "a2")
    assert game_window.status_text == "O wins (Computer)"
    assert [game[-3:] for game in stored_games(db)] == [("X", 7, won), ("O", 8, moves_text(game_window))]


def test_a_game_left_before_its_end_is_not_kept(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, "b2")
    game_window.new_game().buttons["start"].invoke()  # a new game of the same two, the first not finished
    settle(game_window)
    click(game_window, "b2")
    game_window.quit()
    assert stored_games(db) == []


QUITS_AT_THE_END = textwrap.dedent(
    """
    import sys

    from tictactoe.ui import terminal, window_app


    class QuitsAtTheEnd(window_app.GameWindow):
        # Plays without pauses, and closes itself once the game is over, as its person would.
        def __init__(self, root, session, **options):
            super().__init__(root, session, **options | {"move_delay_ms": 0})
            self.root.after(50, self.watch)

        def watch(self):
            if self.session.game.result is None:
                self.root.after(50, self.watch)
            else:
                print(self.status_text, "|", self.history_text, flush=True)
                self.quit()


    window_app.GameWindow = QuitsAtTheEnd
    sys.exit(terminal.main(sys.argv[1:]))
    """
)


@pytest.mark.parametrize("given_db", [True, False], ids=["--db", "default"])
def test_play_py_window_saves_in_db_or_else_the_default_history(display: str, tmp_path: Path, given_db: bool) -> None:
    db = tmp_path / "games.sqlite3"
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}
    arguments = ["3", "3", "9", "--x", "rules", "--o", "perfect", "--window"] + (["--db", str(db)] if given_db else [])
    result = subprocess.run(
        [sys.executable, "-c", QUITS_AT_THE_END, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "Game is a draw | \n", "")
    saved_in = db if given_db else tmp_path / "data" / "tictactoe" / "history.sqlite3"
    [game] = stored_games(saved_in)
    assert game[:-1] == ("rules", "rules", "perfect", "perfect", 3, 3, "draw", 9)
    assert (tmp_path / "data").exists() != given_db  # --db alone is written


def test_the_window_history_saves_a_game_once_it_is_over_and_only_once() -> None:
    session = Session(PlayerOptions(2, 2, 0), Competitor("Ada"), Competitor("Bob"))
    saving = WindowHistory(None)
    try:
        assert saving.history is not None
        before = saving.history.count()
        session.play(session.game.parse("a1"))
        assert not saving.save_finished(session)
        session.play(session.game.parse("b1"))
        session.play(session.game.parse("a2"))
        assert (saving.save_finished(session), saving.save_finished(session)) == (True, False)
        assert saving.history.count() == before + 1
    finally:
        saving.close()


# A history that cannot be used --------------------------------------------------------------------


def not_sqlite(path: Path) -> None:
    path.write_text("my notes\n")


def other_program(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()


def newer_schema(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 99")
    connection.close()


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (not_sqlite, "not an SQLite database, so not a game history (left as it is)"),
        (other_program, "an SQLite database of another program, not a game history (left as it is)"),
        (
            newer_schema,
            "a game history of schema version 99, newer than this program reads (1):"
            " use a newer version of the program",
        ),
    ],
    ids=["not-sqlite", "another-program", "newer-schema"],
)
def test_a_history_that_cannot_be_opened_is_said_and_the_game_goes_on(
    open_window: Callable[..., GameWindow], tmp_path: Path, make: Callable[[Path], None], reason: str
) -> None:
    db = tmp_path / "games.sqlite3"
    make(db)
    before = db.read_bytes()
    game_window = open_window(classic(), db=db)
    line = f"Cannot use the game history, so games are not saved: {db}: {reason}"
    assert game_window.history_text == line
    assert game_window.status_text == "X to move (You)"
    click(game_window, *WINNING_CLICKS)
    assert (game_window.status_text, game_window.history_text) == ("X wins (You)", line)
    assert game_window.tally_text == "You (X) 1  ·  Computer (O) 0  ·  draws 0"
    assert db.read_bytes() == before


def test_a_read_only_history_is_read_and_its_refusal_to_save_said(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record())
    db.chmod(0o444)
    game_window = open_window(classic(), db=db)
    assert game_window.history_text == ""
    click(game_window, *WINNING_CLICKS)
    assert game_window.status_text == "X wins (You)"
    assert game_window.history_text == f"Cannot save the game: {db}: the file is read-only: cannot save games"
    game_window.new_game().buttons["start"].invoke()
    settle(game_window)
    click(game_window, "b2")
    assert game_window.board.rows() == ["   ", " X ", "O  "]  # the next game goes on
    assert len(stored_games(db)) == 1
