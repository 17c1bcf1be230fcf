"""The rating's figures: Wilson's interval against its formula's known values, Elo, and their text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.scores import elo, elo_text, wilson


def test_wilson_gives_the_known_intervals() -> None:
    assert [round(bound, 4) for bound in wilson(45, 48)] == [0.8316, 0.9785]
    assert [round(bound, 4) for bound in wilson(24, 48)] == [0.3639, 0.6361]
    assert [round(bound, 4) for bound in wilson(0, 48)] == [0.0, 0.0741]
    with pytest.raises(ValueError, match="at least one game"):
        wilson(0, 0)


@settings(derandomize=True, database=None)
@given(st.integers(1, 500).flatmap(lambda games: st.tuples(st.integers(0, 2 * games), st.just(games))))
def test_the_interval_holds_the_share_and_narrows_with_more_games(drawn: tuple[int, int]) -> None:
    half_points, games = drawn
    points = half_points / 2
    low, high = wilson(points, games)
    assert 0 <= low <= points / games <= high <= 1
    wider_low, wider_high = wilson(points / 2, games // 2) if games >= 2 else (0.0, 1.0)
    assert high - low <= wider_high - wider_low + 1e-12


def test_elo_is_given_only_where_the_score_is_not_extreme() -> None:
    assert elo(0.5) == 0
    assert round(elo(0.75) or 0) == 191
    assert elo(0.0) is None
    assert elo(1.0) is None
    assert elo_text(24, 48) == "+0 (-97..+97)"
    assert elo_text(47.5, 48) == "+791 (+397..+1185)"
    assert elo_text(0, 48) == "-"
