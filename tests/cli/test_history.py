"""Tests of tictactoe.cli.history: the history modes of play.py that a new user tripped on."""

from __future__ import annotations

import io
import os
import sqlite3
from pathlib import Path

import pytest

from configurations.moves import Move
from tests.records import START, sample_record
from tictactoe.cli import play as play_program
from tictactoe.game.history import MIGRATIONS, History
from tictactoe.game.sgf import to_sgf


def run_main(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play_program.main(list(args), stdin=io.StringIO(""), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with History(path) as history:
        history.save_all([sample_record(), sample_record("a1 b1 a2 b2 a3")])
    return path


def test_an_export_does_not_replace_a_file_unless_forced(games: Path, tmp_path: Path) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("my notes\n", encoding="utf-8")
    assert run_main("--export", str(keep), "--db", str(games)) == (
        1,
        "",
        f"play.py: {keep} exists already: give --force to replace it\n",
    )
    assert keep.read_text(encoding="utf-8") == "my notes\n"
    assert run_main("--export", str(keep), "--db", str(games), "--force") == (0, f"Exported 2 games to {keep}\n", "")
    assert keep.read_text(encoding="utf-8") == to_sgf([sample_record(), sample_record("a1 b1 a2 b2 a3")])


def test_force_goes_with_export_only(games: Path) -> None:
    status, _, err = run_main("--history", "--force", "--db", str(games))
    assert (status, err.splitlines()[-1]) == (2, "play.py: error: argument --force: goes with --export only")


def test_importing_a_file_twice_skips_the_games_already_stored(games: Path, tmp_path: Path) -> None:
    sgf = tmp_path / "games.sgf"
    assert run_main("--export", str(sgf), "--db", str(games))[0] == 0
    copy = tmp_path / "copy.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(copy)) == (0, f"Imported 2 games into {copy}\n", "")
    assert run_main("--import", str(sgf), "--db", str(copy)) == (
        0,
        f"Imported 0 games into {copy}, skipped 2 already stored\n",
        "",
    )
    with History(copy) as history:
        assert history.count() == 2


def test_a_game_twice_in_one_file_is_stored_once(tmp_path: Path) -> None:
    sgf = tmp_path / "twice.sgf"
    sgf.write_text(to_sgf([sample_record(), sample_record(), sample_record("a1 b1 a2 b2 a3")]), encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(db)) == (
        0,
        f"Imported 2 games into {db}, skipped 1 already stored\n",
        "",
    )


def test_games_alike_but_for_a_known_date_are_both_kept(tmp_path: Path) -> None:
    first = sample_record()
    later = sample_record(started=START.replace(year=START.year + 1))
    with History(tmp_path / "games.sqlite3") as history:
        assert history.save_new([first, later]) == ([1, 2], 0)
        assert history.find(later) == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any directory, so nothing is refused")
def test_an_unwritable_directory_says_why(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    db = locked / "games.sqlite3"
    status, _, err = run_main("--import", str(tmp_path / "none.sgf"), "--db", str(db))
    assert (status, err) == (
        1,
        f"play.py: cannot use the game history: {db}: cannot create the file: the directory {locked} is not writable\n",
    )


def test_a_history_made_by_the_first_schema_is_upgraded_and_keeps_its_games(tmp_path: Path) -> None:
    """A file of schema version 1, with a game in it as the program wrote them before there were unfinished games."""
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        connection.execute(statement)
    connection.execute(
        "INSERT INTO games VALUES (1, 'human', 'Ada', 'reference', 'reference', 2, 2, 2, NULL, 'X',"
        " '2026-11-22T04:40:00.000000+00:00', '2026-11-22T04:40:09.000000+00:00', 3)"
    )
    connection.executemany("INSERT INTO moves VALUES (1, ?, ?, ?, ?)", [(0, 0, 0, 1500), (1, 0, 1, 0), (2, 1, 1, 2000)])
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    status, out, err = run_main("--history", "--db", str(path))
    assert (status, err) == (0, "")
    assert out.splitlines()[1].split() == ["1", "2026-11-22", "04:40", "Ada", "reference", "X", "2x2", "2", "3"]
    with History(path) as history:
        history.save(sample_record("a1 b1"))  # unfinished: what version 1 could not hold
        assert history.get(2).result is None
        assert [timed.move for timed in history.get(1).moves] == [Move(0, 0), Move(0, 1), Move(1, 1)]
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone() == (2,)
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    connection.close()


def test_a_game_quit_before_its_end_is_kept_and_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    out, err = io.StringIO(), io.StringIO()
    status = play_program.main(
        ["3", "3", "9", "--db", str(db)], stdin=io.StringIO("b2\nquit\n"), stdout=out, stderr=err
    )
    assert (status, err.getvalue()) == (0, "")
    status, listing, _ = run_main("--history", "--db", str(db))
    assert listing.splitlines()[1].split()[-4:] == ["unfinished", "3x3", "3", "2"]
    out = io.StringIO()
    status = play_program.main(
        ["--resume-game", "1", "--db", str(db)], stdin=io.StringIO("a1\nc3\nc1\nc2\n"), stdout=out, stderr=err
    )
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[1:5] == ["  a b c", "1 . . .", "2 . X .", "3 O . ."]  # where it was left
    assert out.getvalue().splitlines()[-1] in ("Human wins", "Computer wins", "Game is a draw")
    with History(db) as history:
        (summary,) = history.list_games()
        assert (summary.id, summary.result is not None) == (1, True)  # the same game, finished now


def test_a_piped_game_whose_input_ends_is_kept_when_asked_to_save(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    status = play_program.main(
        ["3", "3", "9", "--db", str(db)], stdin=io.StringIO("b2\n"), stdout=io.StringIO(), stderr=io.StringIO()
    )
    assert status == 1  # the input ended before the game did
    with History(db) as history:
        assert [game.result for game in history.list_games()] == [None]


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--resume-game", "1"], "cannot resume game 1: the game is over: there is nothing to resume"),
        (["--resume-game", "5"], "cannot resume game 5: {db}: there is no game 5"),
    ],
)
def test_a_game_that_cannot_be_resumed_says_why(games: Path, arguments: list[str], problem: str) -> None:
    assert run_main(*arguments, "--db", str(games)) == (1, "", f"play.py: {problem.format(db=games)}\n")
