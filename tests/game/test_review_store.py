"""Tests of reviews in the history: kept and read back whole, replaced, dropped with a game played on, and the
file of schema version 2 -- as the program wrote it before reviews -- brought up to date.

``fixtures/history-schema-2.sqlite3`` was written by ``play.py`` of schema
version 2 itself (three 3x3 games: a draw of ``rules`` against the
reference search, a game left after four moves, a game X won), so the
upgrade is tested on a real file, not on one made for the test.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from configurations import Winner
from tests.records import sample_record
from tictactoe.game.history import DamagedGame, DamagedGameError, History, HistoryError
from tictactoe.game.review.search import review_game

FIXTURE = Path(__file__).parent / "fixtures" / "history-schema-2.sqlite3"


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, copy)
    return copy


def pragma(path: Path, name: str) -> object:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(f"PRAGMA {name}").fetchall()
    finally:
        connection.close()


def test_a_file_of_schema_version_2_is_upgraded_and_keeps_its_games(old_file: Path) -> None:
    assert pragma(old_file, "user_version") == [(2,)]
    with History(old_file) as history:
        games = [(game.id, game.x.name, game.result, game.move_count) for game in history.list_games()]
        assert sorted(games) == [(1, "Rules", "draw", 9), (2, "Ada", None, 4), (3, "Ada", "X", 7)]
        record = history.get(2)
        assert history.get_review(2, record) is None
        review = review_game(record, 5.0)
        history.save_review(2, review)
        assert history.get_review(2) == review
    assert pragma(old_file, "user_version") == [(9,)]
    assert pragma(old_file, "foreign_key_check") == []
    assert pragma(old_file, "integrity_check") == [("ok",)]


def test_a_file_newer_than_reviews_is_refused_and_left_untouched(old_file: Path) -> None:
    with History(old_file):
        pass
    connection = sqlite3.connect(old_file)
    connection.execute("PRAGMA user_version = 10")
    connection.close()
    before = hashlib.sha256(old_file.read_bytes()).hexdigest()
    message = (
        f"{old_file}: a game history of schema version 10, newer than this program reads (9):"
        " use a newer version of the program"
    )
    with pytest.raises(HistoryError, match=f"^{re.escape(message)}$"):
        History(old_file)
    assert hashlib.sha256(old_file.read_bytes()).hexdigest() == before


@pytest.mark.slow
def test_a_review_with_estimates_is_read_back_as_it_was_kept(tmp_path: Path) -> None:
    record = sample_record("h8 a1 i8 a2 j8 a3 k8", size=15, length=5)
    review = review_game(record, 0.002)
    assert review.estimated > 0
    with History(tmp_path / "games.sqlite3") as history:
        game_id = history.save(record)
        history.save_review(game_id, review)
        assert history.get_review(game_id) == review
        again = review_game(record, 0.004)
        history.save_review(game_id, again)  # in place of the first
        assert history.get_review(game_id) == again
        assert history.reviewed_records() == [(record, again)]


def test_a_game_played_on_loses_the_review_of_what_it_was(tmp_path: Path) -> None:
    left = sample_record("b2 b1")
    with History(tmp_path / "games.sqlite3") as history:
        game_id = history.save(left)
        history.save_review(game_id, review_game(left, 5.0))
        played_on = sample_record("b2 b1 a1 c3 c1")
        history.replace(game_id, played_on)
        assert history.get_review(game_id) is None
        review = review_game(played_on, 5.0)
        history.save_review(game_id, review)
        assert history.get_review(game_id) == review


def test_a_review_is_kept_only_for_a_game_there_with_its_positions(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    record = sample_record("b2 b1")
    review = review_game(record, 5.0)
    with History(path) as history:
        with pytest.raises(HistoryError, match=f"^{re.escape(str(path))}: there is no game 1$"):
            history.save_review(1, review)
        game_id = history.save(sample_record("b2"))
        with pytest.raises(HistoryError, match=r": game 1 has 2 positions, its review 3$"):
            history.save_review(game_id, review)
        with pytest.raises(HistoryError, match=r": there is no game 7$"):
            history.get_review(7)


def test_a_damaged_review_is_named_and_its_game_still_exported(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    record = sample_record("b2 b1")
    with History(path) as history:
        history.save_all([sample_record(), record])
        history.save_review(2, review_game(record, 5.0))
    with sqlite3.connect(path) as connection:
        connection.execute("DELETE FROM review_positions WHERE ply = 1")
    connection.close()
    with History(path) as history:
        with pytest.raises(
            DamagedGameError, match=r": game 2 is damaged: its review: the value of position 1 is missing$"
        ):
            history.get_review(2)
        damaged: list[DamagedGame] = []
        assert history.reviewed_records(damaged) == [(sample_record(), None), (record, None)]
        assert [str(game) for game in damaged] == ["game 2 is damaged: its review: the value of position 1 is missing"]


def test_a_review_s_values_are_stored_one_row_a_position(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    record = sample_record("b2 b1")
    with History(path) as history:
        history.save(record)
        history.save_review(1, review_game(record, 5.0))
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("SELECT game_id, think FROM reviews").fetchall() == [(1, 5.0)]
        rows = connection.execute("SELECT * FROM review_positions ORDER BY ply").fetchall()
        lines = connection.execute("SELECT * FROM review_lines ORDER BY ply, rank").fetchall()
    finally:
        connection.close()
    assert rows == [
        (1, 0, 1, str(Winner.DRAW), 0, 1, 1, 3, None),  # X's best first move: the centre, a proof 3 plies deep
        (1, 1, 1, "draw", 0, 0, 0, 2, None),  # O's: a corner
        (1, 2, 1, "X", 0, 0, 0, 1, "0,0 2,2 1,0 1,2 2,0"),  # X wins by fours: a1, O's c3, a2, O's c2, a3
    ]
    assert lines[:3] == [
        (1, 0, 0, 0, "draw", "1,1 0,0 0,2 2,0 1,0 1,2"),
        (1, 0, 1, 0, "draw", "0,0 1,1 0,2 0,1 2,1"),
        (1, 0, 2, 0, "draw", "0,2 1,1 0,0 0,1 2,1"),
    ]
    assert lines[-1][:5] == (1, 2, 2, 0, "X")


@pytest.mark.slow
def test_a_review_s_depths_lines_and_win_by_fours_are_kept_and_read_back(tmp_path: Path) -> None:
    """15x15: the positions are analysed by the strong player; after j8 X's open three is a win by fours."""
    path = tmp_path / "games.sqlite3"
    record = sample_record("h8 a1 i8 a2 j8 a3", size=15, length=5)
    review = review_game(record, 0.5)
    assert all(value.depth > 0 and value.lines for value in review.positions[:5] if not value.proved)
    assert review.positions[-1].fours is not None
    with History(path) as history:
        history.save(record)
        history.save_review(1, review)
        assert history.get_review(1) == review
    connection = sqlite3.connect(path)
    try:
        (fours,) = connection.execute("SELECT fours FROM review_positions WHERE ply = 6").fetchone()
        count = connection.execute("SELECT count(*) FROM review_lines").fetchone()[0]
        connection.execute("UPDATE review_lines SET moves = 'h8' WHERE ply = 0 AND rank = 0")
        connection.commit()
    finally:
        connection.close()
    assert fours == " ".join(f"{move.row},{move.col}" for move in review.positions[-1].fours)
    assert count == sum(len(value.lines) for value in review.positions)
    with (
        History(path) as history,
        pytest.raises(DamagedGameError, match=r": game 1 is damaged: its review: 'h8' is not a move$"),
    ):
        history.get_review(1)
