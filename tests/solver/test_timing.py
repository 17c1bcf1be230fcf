"""A move's clock: the deadlines of the searches within a move, when the deepening begins a depth, and the
seconds a move is given, which the brain's budget reads from here."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tictactoe.brain.budget import Clock
from tictactoe.players.base import DEFAULT_THINK
from tictactoe.solver.timing import MIN_THINK, MoveClock, move_budget, next_depth_seconds


def test_each_search_ends_by_its_share_of_the_budget() -> None:
    clock = MoveClock(10.0, 2.0)
    assert (clock.fours, clock.guard, clock.threes, clock.deepening, clock.whole) == (10.2, 10.5, 10.7, 11.8, 12.0)


def test_a_depth_is_begun_while_a_tenth_of_its_foreseen_cost_ends_by_85_percent_of_the_budget() -> None:
    now = time.monotonic()
    assert MoveClock(now, 1.0).begin_depth([0.1])  # foreseen 0.4 s: a tenth of it ends well within 0.85 s
    assert not MoveClock(now - 0.84, 1.0).begin_depth([0.1])  # 0.04 s from 0.84 s passes 0.85 s
    assert not MoveClock(now, 1.0).begin_depth([0.1, 0.3, 2.0])  # foreseen 8.9 s: a tenth passes 0.85 s


@pytest.mark.parametrize(
    ("spent", "foreseen"),
    [
        ([0.01], 0.04),  # the first growth foreseen: 4
        ([0.01, 0.012], 0.018),  # a growth of 1.2 is raised to the least, 1.5
        ([0.01, 0.5], 4.0),  # a growth of 50 is bounded by 8
        ([0.0, 0.0], 0.00075),  # a clock's noise: the least a depth costs, times the least growth
    ],
)
def test_the_next_depth_is_foreseen_from_the_growth_of_the_last_bounded(spent: list[float], foreseen: float) -> None:
    assert next_depth_seconds(spent) == pytest.approx(foreseen)


@given(
    st.one_of(st.none(), st.integers(0, 600_000)),
    st.one_of(st.none(), st.integers(0, 3_600_000)),
    st.one_of(st.none(), st.integers(0, 3_600_000)),
)
def test_the_brain_s_seconds_are_the_search_clock_s(turn: int | None, match: int | None, left: int | None) -> None:
    seconds = Clock(turn_ms=turn, match_ms=match, left_ms=left).seconds()
    match_left = None if match == 0 else left / 1000 if left is not None else None if match is None else match / 1000
    assert seconds == move_budget(None if turn is None else turn / 1000, match_left, default=DEFAULT_THINK)
    assert seconds >= MIN_THINK
