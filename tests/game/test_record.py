"""Tests of tictactoe.game.record: a finished game as a value, checked by playing it through."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone

import pytest

from configurations.moves import Move
from configurations.rules import Rules
from tests.records import START, sample_record
from tictactoe.game.game import Game
from tictactoe.game.record import Competitor, GameRecord, RecordError, TimedMove


def test_the_result_is_what_the_moves_make_it() -> None:
    assert sample_record().result == "draw"
    assert sample_record("a1 a2 b1 b2 c1").result == "X"
    assert sample_record("a1 a2 b1 b2 c3 c2").result == "O"
    assert sample_record("a1", size=1, length=1).result == "X"


def test_a_record_is_an_immutable_value() -> None:
    record = sample_record()
    assert record == sample_record()
    assert record != sample_record(x=Competitor("alan", "human"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.rules = Rules.square(4, 3)  # type: ignore[misc]  # the point: it is read-only


def test_from_game_takes_the_board_and_the_moves_of_a_finished_game() -> None:
    game = Game(Rules.square(3, 3), max_levels=6)
    for text in ("a1", "a2", "b1", "b2", "c1"):
        game.play(game.parse(text))
    record = GameRecord.from_game(
        game,
        x=Competitor("ada", "human"),
        o=Competitor("strong", "strong"),
        think=1.0,
        started=START,
        ended=START,
        seconds=[1, 2, 3, 4, 5],
    )
    assert (record.rules, record.max_levels, record.think, record.result) == (Rules.square(3, 3), 6, 1.0, "X")
    assert record.moves[1] == TimedMove(Move(1, 0), 2.0)


def test_from_game_records_a_game_in_play_as_unfinished_and_refuses_times_that_do_not_match() -> None:
    game = Game(Rules.square(3, 3))
    game.play(Move(0, 0))
    x, o = Competitor("ada", "human"), Competitor("rules", "rules")
    record = GameRecord.from_game(game, x=x, o=o, think=None, started=START, ended=START, seconds=[1.0])
    assert (record.result, record.finished, record.moves) == (None, False, (TimedMove(Move(0, 0), 1.0),))
    game = Game(Rules.square(1, 1))
    game.play(Move(0, 0))
    with pytest.raises(RecordError, match=r"^1 moves were played but 2 times were given$"):
        GameRecord.from_game(game, x=x, o=o, think=None, started=START, ended=START, seconds=[1.0, 2.0])


@pytest.mark.parametrize(
    ("texts", "message", "move_number"),
    [
        ("a1 a1", "move 2: a1 is already taken", 2),
        ("a1 a2 b1 b2 c1 c2", "move 6: c2 comes after the end of the game", 6),
    ],
)
def test_moves_that_no_game_has_are_refused_with_the_move_number(
    texts: str, message: str, move_number: int | None
) -> None:
    with pytest.raises(RecordError, match=f"^{message}$") as caught:
        sample_record(texts)
    assert caught.value.move_number == move_number


def test_a_move_off_the_board_is_refused() -> None:
    record = sample_record("a1 a2 b1 b2 c1")
    off = (*record.moves[:2], TimedMove(Move(-1, 0), 0.0), *record.moves[3:])
    with pytest.raises(RecordError, match=r"^move 3: Move\(row=-1, col=0\) is off the 3x3 board$"):
        dataclasses.replace(record, moves=off)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"rules": Rules(3, 4, 3)}, "a board of 3x4 is not square"),
        ({"max_levels": -1}, "max_levels must be at least 0, got -1"),
        ({"think": 0.0}, "think is a number of seconds above 0, or None, got 0.0"),
        ({"think": float("inf")}, "think is a number of seconds above 0, or None, got inf"),
        ({"started": datetime(2024, 5, 1)}, "started must be a timezone-aware time, got 2024-05-01T00:00:00"),
        (
            {"ended": datetime(2024, 5, 1, tzinfo=timezone(timedelta(hours=2)))},
            r"ended must be in UTC, got 2024-05-01T00:00:00\+02:00",
        ),
        (
            {"ended": START - timedelta(seconds=1)},
            r"the game ended \(2024-05-01T12:30:14.250000\+00:00\)"
            r" before it started \(2024-05-01T12:30:15.250000\+00:00\)",
        ),
    ],
)
def test_settings_and_times_out_of_range_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=f"^{message}$"):
        dataclasses.replace(sample_record("a1 a2 b1 b2 c1"), **changes)  # type: ignore[arg-type]  # wrong on purpose


def test_times_are_kept_in_utc_to_the_millisecond() -> None:
    record = sample_record("a1 a2 b1 b2 c1", started=datetime(2024, 5, 1, tzinfo=timezone(timedelta(0))))
    assert record.started is not None
    assert record.started.tzinfo is UTC
    assert TimedMove(Move(0, 0), 1.23449).seconds == 1.234
    assert TimedMove(Move(0, 0), 3).seconds == 3.0


@pytest.mark.parametrize("seconds", [-0.001, float("nan"), float("inf"), 1e9])
def test_a_move_time_out_of_range_is_refused(seconds: float) -> None:
    with pytest.raises(RecordError, match=r"^a move takes from 0 to 1e\+09 seconds, got "):
        TimedMove(Move(0, 0), seconds)


@pytest.mark.parametrize(
    ("kind", "name", "message"),
    [
        ("Human", "ada", "a player kind is a lower-case word such as 'human', got 'Human'"),
        ("", "ada", "a player kind is a lower-case word such as 'human', got ''"),
        ("human", "", "a player name is one line of printable text, got ''"),
        ("human", "ada\nlovelace", r"a player name is one line of printable text, got 'ada\\nlovelace'"),
    ],
)
def test_player_kinds_and_names_are_checked(kind: str, name: str, message: str) -> None:
    with pytest.raises(RecordError, match=f"^{message}$"):
        Competitor(name, kind)


def test_an_unfinished_game_with_unknown_times_is_a_record() -> None:
    moves = tuple(TimedMove(Move.parse(text, 3), 0.0) for text in ("a1", "a2", "b1"))
    record = GameRecord(
        Competitor("ada", "human"), Competitor("rules", "rules"), Rules.square(3, 3), 0, None, None, None, moves
    )
    assert (record.result, record.finished, record.started, record.ended) == (None, False, None, None)
