"""The seconds a move and the table's size that the manager's limits leave the search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.brain.budget import (
    LATENCY,
    MIN_CAPACITY,
    MIN_THINK,
    MOVES_AHEAD,
    RECORD_BYTES,
    RESERVED_BYTES,
    TURN_SHARE,
    Clock,
    table_capacity,
)
from tictactoe.players.base import DEFAULT_THINK
from tictactoe.solver.strong_search import DEFAULT_CAPACITY


@pytest.mark.parametrize(
    ("clock", "seconds"),
    [
        (Clock(), DEFAULT_THINK),
        (Clock(turn_ms=0), MIN_THINK),
        (Clock(turn_ms=1000), 0.8),
        (Clock(turn_ms=250), 0.2),  # the rating's brain: 80% of its turn, the strong player's 0.2 s
        (Clock(turn_ms=100), 0.05),  # a short turn keeps LATENCY back rather than 20%
        (Clock(turn_ms=30), MIN_THINK),
        (Clock(turn_ms=5000, match_ms=0, left_ms=100), 4.0),  # timeout_match 0: no match limit
        (Clock(turn_ms=5000, match_ms=60_000), 2.398),  # no time_left yet: the whole match is left
        (Clock(turn_ms=5000, match_ms=180_000, left_ms=10_000), 0.398),
        (Clock(turn_ms=5000, match_ms=180_000, left_ms=0), MIN_THINK),
    ],
)
def test_the_search_is_given_a_share_of_the_turn_and_of_the_match(clock: Clock, seconds: float) -> None:
    assert clock.seconds() == pytest.approx(seconds)


@settings(derandomize=True, database=None)
@given(st.integers(1, 10**7), st.integers(0, 10**8), st.integers(0, 10**8))
def test_the_search_never_takes_more_than_the_turn_or_the_match_allows(turn: int, match: int, left: int) -> None:
    seconds = Clock(turn_ms=turn, match_ms=match, left_ms=left).seconds()
    assert seconds >= MIN_THINK
    if seconds > MIN_THINK:
        assert seconds <= min(turn / 1000 * TURN_SHARE, turn / 1000 - LATENCY) + 1e-9
        if match:
            assert seconds <= (left / 1000 - LATENCY) / MOVES_AHEAD + 1e-9
    if turn >= 250:
        assert seconds == pytest.approx(turn / 1000 * TURN_SHARE) or (match and left / 1000 < turn)


def test_the_table_takes_what_max_memory_leaves_beside_the_rest_of_the_process() -> None:
    assert table_capacity(0, squares=400) == DEFAULT_CAPACITY
    assert table_capacity(10**12, squares=400) == DEFAULT_CAPACITY
    assert table_capacity(RESERVED_BYTES, squares=400) == MIN_CAPACITY
    fits = table_capacity(RESERVED_BYTES + 10_000_000, squares=225)
    assert fits == 10_000_000 // (RECORD_BYTES + 57)
