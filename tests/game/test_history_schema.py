"""Tests of the history's schema version 4 on a real file of version 3: every game and review kept as it was.

``fixtures/history-schema-3.sqlite3`` was written by ``play.py`` of schema
version 3 itself, before starting positions, declared results and moves of
unknown time: a draw of ``rules`` against the reference search, two games
left unfinished (one by ``Zoë 🎲``), a 7x7 game of ``strong`` against
``weights``, and an undated game imported from SGF and reviewed.  Each is
compared, column by column, with the rows the file held before it was
brought up to date.
"""

from __future__ import annotations

import shutil
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from configurations import Winner
from tictactoe.game.game import EMPTY_START
from tictactoe.game.history import History

FIXTURE = Path(__file__).parent / "fixtures" / "history-schema-3.sqlite3"


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    copy = tmp_path / "old.sqlite3"
    shutil.copyfile(FIXTURE, copy)
    return copy


def rows(path: Path, query: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


def test_a_file_of_schema_version_3_opens_with_every_game_and_review(old_file: Path) -> None:
    assert rows(old_file, "PRAGMA user_version") == [(3,)]
    games = rows(old_file, "SELECT * FROM games ORDER BY id")
    moves = rows(old_file, "SELECT game_id, row, col, ms FROM moves ORDER BY game_id, ply")
    positions = rows(old_file, "SELECT ply, proved, winner, score, best_row, best_col FROM review_positions")
    assert [game[0] for game in games] == [1, 2, 3, 4, 5]
    with History(old_file) as history:
        for (
            game_id,
            x_kind,
            x_name,
            o_kind,
            o_name,
            size,
            length,
            levels,
            think,
            result,
            started,
            ended,
            count,
        ) in games:
            record = history.get(int(game_id))  # type: ignore[call-overload]  # the rows of a real file
            assert (record.x.kind, record.x.name, record.o.kind, record.o.name) == (x_kind, x_name, o_kind, o_name)
            assert (record.rules.size, record.rules.k, record.max_levels, record.think) == (size, length, levels, think)
            assert record.result == (None if result is None else Winner(str(result)))
            assert record.started == (None if started is None else datetime.fromisoformat(str(started)))
            assert record.ended == (None if ended is None else datetime.fromisoformat(str(ended)))
            assert [
                (game_id, timed.move.row, timed.move.col, round((timed.seconds or 0) * 1000)) for timed in record.moves
            ] == [move for move in moves if move[0] == game_id]
            assert len(record.moves) == count
            assert (record.start, record.declared_result) == (EMPTY_START, None)
        review = history.get_review(5)
        assert review is not None
        assert [
            (ply, int(value.proved), value.winner, value.score, *(value.best or (None, None)))
            for ply, value in enumerate(review.positions)
        ] == positions
        assert [summary.id for summary in history.list_games()] == [4, 3, 2, 1, 5]  # by start; undated last
    assert rows(old_file, "PRAGMA user_version") == [(9,)]
    assert rows(old_file, "PRAGMA foreign_key_check") == []
    assert rows(old_file, "PRAGMA integrity_check") == [("ok",)]
