"""Tests of tictactoe.game.history: the SQLite file of finished games, its queries and every refusal."""

from __future__ import annotations

import hashlib
import re
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from configurations.rules import Rules, Variant
from tests.records import ADA, REFERENCE, START, records, sample_record
from tictactoe.game import history as history_module
from tictactoe.game.history import APPLICATION_ID, SCHEMA_VERSION, History, HistoryError, default_path
from tictactoe.game.record import Competitor, GameRecord, RecordError


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "history.sqlite3"


@pytest.fixture
def history(path: Path) -> Iterator[History]:
    with History(path, timeout=0.2) as opened:
        yield opened


def refused(path: Path, problem: str) -> AbstractContextManager[pytest.ExceptionInfo[HistoryError]]:
    """Expect exactly the ``HistoryError`` that names ``path`` and ``problem``."""
    return pytest.raises(HistoryError, match=f"^{re.escape(f'{path}: {problem}')}$")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def saved_history(path: Path, *games: GameRecord) -> None:
    with History(path) as history:
        history.save_all(games)


# default_path


def test_default_path_follows_xdg_data_home_on_linux(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", "/data/ada")
    assert default_path() == Path("/data/ada/tictactoe/history.sqlite3")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # invalid by the specification: ignored
    assert default_path() == tmp_path / "home/.local/share/tictactoe/history.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_path() == tmp_path / "home/.local/share/tictactoe/history.sqlite3"


def test_default_path_on_macos_and_windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "/data/ada")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert default_path() == tmp_path / "Library/Application Support/tictactoe/history.sqlite3"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", "/users/ada/AppData/Local")
    assert default_path() == Path("/users/ada/AppData/Local/tictactoe/history.sqlite3")
    monkeypatch.delenv("LOCALAPPDATA")
    assert default_path() == tmp_path / "AppData/Local/tictactoe/history.sqlite3"


def test_the_default_directory_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with History() as history:
        assert history.path == tmp_path / "data/tictactoe/history.sqlite3"
        history.save(sample_record())
    assert history.path.stat().st_size > 0


# Saving and reading


def test_a_saved_game_comes_back_whole(history: History) -> None:
    record = sample_record()
    game_id = history.save(record)
    assert history.get(game_id) == record
    assert history.count() == 1


#: Black's six in a row on 9x9, f1 last: a win in freestyle and caro, none in standard, forbidden in renju.
OVERLINE = "c1 c9 d1 d9 e1 e9 g1 f9 h1 a5 f1"


@pytest.mark.parametrize("variant", [Variant.FREESTYLE, Variant.STANDARD, Variant.CARO])
def test_a_game_keeps_its_rule_in_the_history(history: History, variant: Variant) -> None:
    record = sample_record(OVERLINE, size=9, length=5, variant=variant)
    assert record.result == (None if variant is Variant.STANDARD else "X")
    game_id = history.save(record)
    assert history.get(game_id) == record
    (summary,) = history.list_games()
    assert summary.rules == Rules.square(9, 5, variant=variant)
    assert history.find(record) == game_id
    freestyle = replace(record, rules=Rules.square(9, 5))
    assert history.find(freestyle) == (game_id if variant is Variant.FREESTYLE else None)


def test_a_renju_record_holding_a_forbidden_move_is_refused_naming_it() -> None:
    with pytest.raises(RecordError, match=r"^move 11: f1 is forbidden for black: overline \(c1-h1\)$"):
        sample_record(OVERLINE, size=9, length=5, variant=Variant.RENJU)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(record=records())
def test_any_record_comes_back_identical(history: History, record: GameRecord) -> None:
    assert history.get(history.save(record)) == record


def test_a_new_file_is_marked_as_a_history_of_this_version(history: History, path: Path) -> None:
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,) == (9,)
    connection.close()


def test_an_empty_file_becomes_a_history(path: Path) -> None:
    path.touch()
    saved_history(path, sample_record())
    with History(path) as history:
        assert history.count() == 1


def test_save_all_stores_all_or_nothing(history: History) -> None:
    first, second = sample_record(), sample_record("a1 a2 b1 b2 c1")
    assert history.save_all([first, second]) == [1, 2]
    with pytest.raises(RuntimeError, match=r"^the third game cannot be made$"):
        history.save_all(_two_games_then_a_failure(first))
    assert history.count() == 2


def _two_games_then_a_failure(record: GameRecord) -> Iterator[GameRecord]:
    yield record
    yield record
    raise RuntimeError("the third game cannot be made")


def test_there_is_no_game_of_an_unknown_id(history: History, path: Path) -> None:
    with refused(path, "there is no game 7"):
        history.get(7)


def test_a_game_whose_rows_disagree_is_reported_as_damaged(history: History, path: Path) -> None:
    history.save(sample_record())
    connection = sqlite3.connect(path)
    connection.execute("DELETE FROM moves WHERE ply = 8")
    connection.commit()
    connection.close()
    with refused(path, "game 1 is damaged: it is stored as draw in 9 moves, but its moves make unfinished in 8"):
        history.get(1)


# Listing


@pytest.fixture
def four_games(history: History) -> History:
    alan = Competitor("Alan", "human")
    history.save(sample_record("a1 a2 b1 b2 c1", started=START))  # ada wins, ended first
    history.save(sample_record("a1 a2 b1 b2 c3 c2", x=alan, started=START + timedelta(hours=2)))
    history.save(sample_record(x=REFERENCE, o=ADA, started=START + timedelta(hours=3)))  # a draw, ended last
    history.save(sample_record("a1 a2 b1 b2 c1", x=alan, started=START + timedelta(hours=1)))
    return history


def test_the_list_shows_the_last_game_to_start_first(four_games: History) -> None:
    summaries = four_games.list_games()
    assert [summary.id for summary in summaries] == [3, 2, 4, 1]
    newest = summaries[0]
    assert (newest.x, newest.o, newest.result, newest.rules.size, newest.rules.k, newest.move_count) == (
        REFERENCE,
        ADA,
        "draw",
        3,
        3,
        9,
    )
    assert (newest.started, newest.ended) == (START + timedelta(hours=3), START + timedelta(hours=3, minutes=2))


def test_the_list_goes_by_the_start_it_shows_not_by_the_end(history: History) -> None:
    long_game = replace(sample_record(started=START), ended=START + timedelta(days=1))
    history.save_all([long_game, sample_record(started=START + timedelta(hours=1))])
    assert [summary.id for summary in history.list_games()] == [2, 1]


def test_the_player_filter_folds_case_by_unicode_and_matches_any_part_of_a_name(history: History) -> None:
    zoe = Competitor("Zoe\u0308 \U0001f3b2", "human")  # the accent typed as a combining character
    best = Competitor("Best computer", "strong")
    history.save_all([sample_record(x=zoe), sample_record(o=best), sample_record(x=Competitor("Straße"))])
    assert [summary.id for summary in history.list_games(player="ZO\u00cb \U0001f3b2")] == [1]
    assert [summary.id for summary in history.list_games(player="best")] == [2]
    assert [summary.id for summary in history.list_games(player="COMPUTER")] == [2]
    assert [summary.id for summary in history.list_games(player="strasse")] == [3]
    assert history.count(player="e") == 3


def test_the_list_filters_by_either_player_and_by_result(four_games: History) -> None:
    assert [summary.id for summary in four_games.list_games(player="ada")] == [3, 1]
    assert [summary.id for summary in four_games.list_games(player="ALAN")] == [2, 4]
    assert [summary.id for summary in four_games.list_games(result="X")] == [4, 1]
    assert [summary.id for summary in four_games.list_games(player="reference", result="O")] == [2]
    assert four_games.list_games(player="grace") == []
    assert (four_games.count(player="alan"), four_games.count(result="draw"), four_games.count()) == (2, 1, 4)


def test_the_list_pages_with_limit_and_offset(four_games: History) -> None:
    assert [summary.id for summary in four_games.list_games(limit=2)] == [3, 2]
    assert [summary.id for summary in four_games.list_games(limit=2, offset=2)] == [4, 1]
    assert [summary.id for summary in four_games.list_games(limit=None, offset=3)] == [1]
    assert four_games.list_games(limit=0) == []


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"result": "x"}, "result must be one of X, O, draw, unfinished, got 'x'"),
        ({"limit": -1}, "limit must be at least 0 or None, got -1"),
        ({"offset": -1}, "offset must be at least 0, got -1"),
    ],
)
def test_the_list_refuses_filters_out_of_range(history: History, arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        history.list_games(**arguments)  # type: ignore[arg-type]  # wrong on purpose


def test_the_list_reads_the_games_in_order_from_an_index(history: History, path: Path) -> None:
    connection = sqlite3.connect(path)
    plans = [
        connection.execute(
            f"EXPLAIN QUERY PLAN SELECT id FROM games {where} ORDER BY started DESC, id DESC LIMIT 20"
        ).fetchall()[-1][-1]
        for where in ("", "WHERE result = 'X'")
    ]
    connection.close()
    assert plans == [
        "SCAN games USING COVERING INDEX games_by_start",
        "SEARCH games USING COVERING INDEX games_by_result (result=?)",
    ]


# Migrations


def test_a_later_migration_is_applied_to_an_older_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved_history(path, sample_record())
    later = (*history_module.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT", "UPDATE games SET note = 'old'"))
    monkeypatch.setattr(history_module, "MIGRATIONS", later)
    with History(path) as history:
        assert history.get(1) == sample_record()
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
    assert connection.execute("SELECT note FROM games").fetchall() == [("old",)]
    connection.close()


def test_a_failing_migration_changes_nothing(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saved_history(path, sample_record())
    before = digest(path)
    broken = (*history_module.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT", "UPDATE nowhere SET x = 1"))
    monkeypatch.setattr(history_module, "MIGRATIONS", broken)
    with refused(path, "cannot set up the game history: no such table: nowhere"):
        History(path)
    assert digest(path) == before


def test_every_migration_of_a_new_file_runs_in_one_transaction(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = (*history_module.MIGRATIONS, ("UPDATE nowhere SET x = 1",))
    monkeypatch.setattr(history_module, "MIGRATIONS", broken)
    with refused(path, "cannot set up the game history: no such table: nowhere"):
        History(path)
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT count(*) FROM sqlite_master").fetchone() == (0,)
    assert connection.execute("PRAGMA user_version").fetchone() == (0,)
    connection.close()


# Files that are not ours, or cannot be used: one clear error each, and not a byte changed


def test_a_text_file_is_refused_untouched(path: Path) -> None:
    path.write_text("my notes\n")
    with refused(path, "not an SQLite database, so not a game history (left as it is)"):
        History(path)
    assert path.read_text() == "my notes\n"


def test_another_programs_database_is_refused_untouched(path: Path) -> None:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()
    before = digest(path)
    with refused(path, "an SQLite database of another program, not a game history (left as it is)"):
        History(path)
    assert digest(path) == before


def test_a_history_of_a_newer_schema_is_refused_untouched(path: Path) -> None:
    saved_history(path, sample_record())
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA user_version = 10")
    connection.close()
    before = digest(path)
    with refused(
        path,
        "a game history of schema version 10, newer than this program reads (9): use a newer version of the program",
    ):
        History(path)
    assert digest(path) == before


def test_a_read_only_file_can_be_read_but_not_saved_to(path: Path) -> None:
    saved_history(path, sample_record())
    before = digest(path)
    path.chmod(0o444)
    try:
        with History(path) as history:
            assert history.count() == 1
            with refused(path, "the file is read-only: cannot save games"):
                history.save(sample_record())
            assert history.count() == 1
    finally:
        path.chmod(0o644)
    assert digest(path) == before


def test_an_empty_read_only_file_cannot_become_a_history(path: Path) -> None:
    path.touch(mode=0o444)
    with refused(path, "the file is read-only: cannot set up the game history"):
        History(path)
    assert path.read_bytes() == b""


def test_a_locked_file_is_reported_after_the_timeout(path: Path) -> None:
    saved_history(path, sample_record())
    locker = sqlite3.connect(path, isolation_level=None)
    locked = "the file is locked by another program (waited 0.1 s)"
    try:
        with History(path, timeout=0.1) as history:
            locker.execute("BEGIN EXCLUSIVE")
            assert history.count() == 1  # in the write-ahead log's mode a reader waits for no writer
            started = time.monotonic()
            with refused(path, locked):
                history.save(sample_record())
            assert time.monotonic() - started >= 0.1  # the busy timeout: it waited before giving up
            locker.execute("ROLLBACK")
            assert history.count() == 1
    finally:
        locker.close()


def test_a_history_that_can_be_written_is_in_the_write_ahead_log_s_mode_and_waits_for_a_writer(path: Path) -> None:
    History(path).close()
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # kept in the file
    connection.close()
    with History(path, timeout=7) as history:
        assert history._connection.execute("PRAGMA busy_timeout").fetchone() == (7000,)


def test_an_explicit_path_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "history.sqlite3"
    with refused(path, f"the directory {path.parent} does not exist"):
        History(path)
    assert not path.parent.exists()


def test_a_directory_is_not_a_history(tmp_path: Path) -> None:
    with refused(tmp_path, "not a file"):
        History(tmp_path)


def test_a_damaged_file_is_reported(path: Path) -> None:
    saved_history(path, *[sample_record()] * 200)
    data = bytearray(path.read_bytes())
    data[4096:-4096] = b"\xff" * (len(data) - 8192)  # every page but the first and the last: the tables' b-trees
    path.write_bytes(bytes(data))
    with History(path) as history, refused(path, "the file is damaged: database disk image is malformed"):
        history.get(100)


def test_a_game_with_a_time_that_is_not_a_time_is_reported_as_damaged(history: History, path: Path) -> None:
    history.save(sample_record())
    connection = sqlite3.connect(path)
    connection.execute("UPDATE games SET started = 'yesterday'")
    connection.commit()
    connection.close()
    with refused(path, "game 1 is damaged: Invalid isoformat string: 'yesterday'"):
        history.get(1)
    with refused(path, "game 1 is damaged: Invalid isoformat string: 'yesterday'"):
        history.list_games()


def test_the_menu_s_list_puts_unfinished_games_first_and_the_last_played_is_offered(history: History) -> None:
    later = START + timedelta(hours=1)
    finished_late = history.save(sample_record("a1 a2 b1 b2 c1", started=later))
    left_early = history.save(replace(sample_record("b2 a1", started=START), ended=START + timedelta(minutes=1)))
    left_late = history.save(replace(sample_record("a1", started=START), ended=START + timedelta(minutes=5)))
    assert [game.id for game in history.list_games()] == [finished_late, left_late, left_early]
    assert [game.id for game in history.list_games(unfinished_first=True)] == [left_late, left_early, finished_late]
    last = history.last_unfinished()
    assert last is not None
    assert (last.id, last.move_count) == (left_late, 1)
    history.delete(left_late)
    history.delete(left_early)
    assert history.last_unfinished() is None
    assert history.count() == 1


def test_another_program_s_game_information_is_kept_and_damaged_json_reported(history: History, path: Path) -> None:
    kept = (("C", ("Played online",)), ("EV", ("Club night",)), ("5A", ("hh", "ii")))
    record = replace(sample_record(), properties=kept)
    history.save(record)
    assert history.get(1).properties == kept
    connection = sqlite3.connect(path)
    with connection:
        connection.execute("UPDATE games SET properties = '{\"C\": 1}'")
    connection.close()
    with refused(
        path, """game 1 is damaged: its properties are not a JSON array of [name, [values]] pairs: '{"C": 1}'"""
    ):
        history.get(1)
