"""The history benchmark's pieces: its random games are legal, finished and repeatable, and its table prints."""

from __future__ import annotations

import random
import re

import pytest

from bench.history import finished_moves, main, random_record
from configurations.moves import Move
from configurations.rules import Rules


def test_finished_moves_stop_at_the_end_of_the_game() -> None:
    assert finished_moves(Rules.square(3, 3), [0, 3, 1, 4, 2, 5, 6, 7, 8]) == [
        Move(0, 0),
        Move(1, 0),
        Move(0, 1),
        Move(1, 1),
        Move(0, 2),
    ]
    with pytest.raises(ValueError, match=r"^the game on a 3x3 board did not end: 2 squares given$"):
        finished_moves(Rules.square(3, 3), [0, 1])


def test_random_games_are_the_same_for_the_same_seed() -> None:
    first = [random_record(random.Random(5)) for _ in range(3)]
    assert first == [random_record(random.Random(5)) for _ in range(3)]
    assert random_record(random.Random(5)) != random_record(random.Random(6))
    games = [random_record(random.Random(seed)) for seed in range(40)]
    assert all(3 <= game.rules.size <= 12 and 3 <= game.rules.k <= 5 for game in games)
    assert {"X", "O"} <= {game.result for game in games}
    assert all(game.x.kind not in ("perfect", "rules") for game in games if game.rules.size > 3)


@pytest.mark.slow
def test_the_benchmark_prints_its_table_and_keeps_its_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "300", "--runs", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"History of 300 games \([0-9,]+ moves, seed 1\), Python .*, SQLite .*, commit .*", lines[0])
    assert lines[1] == "wall time, median of 3 runs after a warm-up"
    assert lines[3].split() == ["operation", "median", "ms", "limit"]
    assert re.fullmatch(r"list the newest 20 +[0-9.]+ +50 ms", lines[4])
    assert re.fullmatch(r"file size +[0-9.]+ MB +10 MB", lines[-1])
    assert len(lines) == 13
