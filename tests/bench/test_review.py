"""Tests of bench.review: the game it reviews is the same every time, a real review timed and stored, its row."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.review import GAME_MOVES, ReviewTiming, review_timing, small_board_lines, table_line, the_game
from configurations import Winner
from configurations.rules import Rules
from tests.records import sample_record
from tictactoe.game.history import History


@pytest.mark.slow
def test_the_game_is_the_same_15x15_game_of_36_moves_every_time() -> None:
    game = the_game()
    assert (game.rules, len(game.moves), game.result) == (Rules.square(15, 5), GAME_MOVES, Winner.O)
    assert the_game() == game


def test_a_review_is_timed_and_stored(tmp_path: Path) -> None:
    with History(tmp_path / "games.sqlite3") as history:
        game_id = history.save(sample_record())
        timing = review_timing(history, game_id, 1.0)
        assert history.get_review(game_id) is not None
    assert (timing.proved, timing.positions) == (10, 10)
    assert 0 < timing.slowest <= timing.wall


def test_a_row_is_the_median_run_a_move_and_the_verdict() -> None:
    runs = [
        ReviewTiming(30.0, 29.0, 1.2, 20, 37),
        ReviewTiming(36.0, 35.0, 1.5, 19, 37),
        ReviewTiming(40.0, 38.0, 1, 9, 37),
    ]
    assert table_line(1.0, 36, runs) == "      1        1.000        0.972        1.500   19/37       met"
    assert table_line(0.5, 36, runs).endswith("  missed")


@pytest.mark.slow
def test_the_small_boards_values_are_counted_against_the_solver_s_proofs() -> None:
    (line,) = small_board_lines(0.02, 0.2, seed=2)
    found = re.fullmatch(
        r"3 random games of 5x5, 4 in a row \(seed 2\), (\d+) positions, each proved by the solver given the time it"
        r" needs: values right \(proved, or believed, with the result proved\) at 0.02 s: (\d+), at 0.2 s: (\d+);"
        r" proved at 0.02 s: (\d+), at 0.2 s: (\d+); proved wrong: 0 and 0",
        line,
    )
    assert found is not None, line
    positions, *counts = map(int, found.groups())
    assert all(count <= positions for count in counts)
    assert int(found[5]) >= int(found[4])  # ten times the time proves no fewer
