"""Tests of :mod:`tictactoe.hashreport.stats`: the report's figures and their fixed-width text."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hashdict import polynomial_hash
from hashdict.hashing import expected_collisions
from tictactoe.hashreport.stats import (
    FOLDED_LENGTH,
    TableStatistics,
    comparison_lines,
    histogram_lines,
    histogram_rows,
    poisson_chain_counts,
    summarize,
    table_statistics,
)

SUMMARY_LABELS = [
    "buckets",
    "records",
    "duplicate keys skipped",
    "load factor",
    "collisions",
    "expected if uniform",
    "collisions / expected",
    "empty buckets",
    "longest chain",
    "mean probes",
]


# ---------------------------------------------------------------- statistics


def test_statistics_of_a_hand_computed_table() -> None:
    stats = summarize([0, 2, 1, 0, 3], collisions=3)
    assert stats == TableStatistics(chain_counts=(2, 1, 1, 1), collisions=3, duplicates=0)
    assert (stats.buckets, stats.records, stats.empty_buckets, stats.longest_chain) == (5, 6, 2, 3)
    assert stats.load_factor == pytest.approx(1.2)
    # 6 - 5 * (1 - 0.8**6) = 6 - 5 * 0.737856
    assert stats.expected_collisions == pytest.approx(2.31072)
    assert stats.collision_ratio == pytest.approx(3 / 2.31072)
    # chains of 2, 1 and 3 records cost 1+2, 1 and 1+2+3 probes
    assert stats.mean_probes == pytest.approx(10 / 6)


def test_statistics_of_an_empty_table() -> None:
    stats = summarize([0, 0, 0], collisions=0)
    assert (stats.records, stats.empty_buckets, stats.longest_chain) == (0, 3, 0)
    assert stats.expected_collisions == 0.0
    assert stats.collision_ratio is None
    assert stats.mean_probes is None
    assert comparison_lines([stats], chain_rows=False)[-4:] == [
        "collisions / expected     n/a",
        "empty buckets               3",
        "longest chain               0",
        "mean probes               n/a",
    ]


def test_a_table_has_buckets() -> None:
    with pytest.raises(ValueError, match="at least one bucket"):
        summarize([], collisions=0)


def test_one_bucket_table_chains_every_key_and_skips_duplicates() -> None:
    stats = table_statistics(["x", "y", "x", "z", "y"], 1)
    assert stats == TableStatistics(chain_counts=(0, 0, 0, 1), collisions=2, duplicates=2)
    assert stats.mean_probes == 2.0
    assert stats.expected_collisions == 2.0
    assert stats.collision_ratio == 1.0


def test_records_stored_first_are_not_counted_but_their_buckets_are() -> None:
    stats = table_statistics(["b", "c"], 1, stored=["a"])
    assert stats == TableStatistics(chain_counts=(0, 0, 0, 1), collisions=2, stored=1, stored_collisions=1)
    assert stats.expected_collisions == 2.0  # both keys collide, in a table of one bucket
    assert stats.collision_ratio == 1.0
    assert table_statistics([], 5, stored=["a"]).stored_collisions == 0


@given(
    keys=st.lists(st.text(max_size=4), max_size=30),
    stored=st.lists(st.text(max_size=4), max_size=5, unique=True),
    size=st.integers(1, 20),
)
def test_stored_collisions_are_what_the_stored_records_add(keys: list[str], stored: list[str], size: int) -> None:
    keys = [key for key in keys if key not in stored]
    with_stored = table_statistics(keys, size, stored)
    alone = table_statistics(keys, size)
    assert with_stored.collisions - alone.collisions == with_stored.stored_collisions
    assert with_stored.records == alone.records + len(stored)
    assert with_stored.stored == len(stored)


@pytest.mark.parametrize(("keys", "stored", "buckets"), [(2, 1, 2), (3, 2, 3), (1, 3, 2), (4, 1, 3)])
def test_expected_collisions_after_stored_records_is_the_mean_over_every_placement(
    keys: int, stored: int, buckets: int
) -> None:
    """The keys' collisions, averaged over every placement of the stored records and then the keys."""
    total = 0
    placements = list(itertools.product(range(buckets), repeat=stored + keys))
    for placement in placements:
        occupied = set(placement[:stored])
        for bucket in placement[stored:]:
            total += bucket in occupied
            occupied.add(bucket)
    stats = summarize([keys + stored] + [0] * (buckets - 1), collisions=0, stored=stored)
    assert math.isclose(stats.expected_collisions, total / len(placements), rel_tol=1e-12)


@given(keys=st.lists(st.text(max_size=6), max_size=40), size=st.integers(1, 30))
def test_statistics_match_a_brute_force_model(keys: list[str], size: int) -> None:
    distinct = list(dict.fromkeys(keys))
    buckets = Counter(polynomial_hash(key, size) for key in distinct)
    model = Counter(buckets[bucket] for bucket in range(size))
    stats = table_statistics(keys, size)
    assert stats.chain_counts == tuple(model[length] for length in range(max(model) + 1))
    assert stats.duplicates == len(keys) - len(distinct)
    assert stats.collisions == len(distinct) - len(buckets)
    assert stats.records == len(distinct)
    assert stats.buckets == size


@pytest.mark.parametrize(("records", "buckets"), list(itertools.product(range(6), range(1, 5))))
def test_expected_collisions_is_the_mean_over_every_placement(records: int, buckets: int) -> None:
    placements = list(itertools.product(range(buckets), repeat=records))
    mean = Fraction(sum(records - len(set(placement)) for placement in placements), len(placements))
    assert math.isclose(expected_collisions(records, buckets), mean, rel_tol=1e-12, abs_tol=1e-12)


def test_expected_collisions_is_precise_for_testdict() -> None:
    exact = 10_000 - 13_441 * (1 - (1 - Fraction(1, 13_441)) ** 10_000)
    assert math.isclose(expected_collisions(10_000, 13_441), exact, rel_tol=1e-12)
    assert round(expected_collisions(10_000, 13_441)) == 2946  # uniform hashing's figure for TestDict's test 7


def test_poisson_counts_follow_the_formula_and_add_up_to_the_table() -> None:
    counts = poisson_chain_counts(300, 400, 40)
    mean = 300 / 400
    for length in range(5):
        assert counts[length] == pytest.approx(400 * math.exp(-mean) * mean**length / math.factorial(length))
    assert sum(counts) == pytest.approx(400)
    assert poisson_chain_counts(0, 7, 1) == (7.0, 0.0)


# ---------------------------------------------------------------------- text


def test_histogram_lines_of_a_tiny_table() -> None:
    assert histogram_lines(summarize([0, 2, 1, 0, 3], collisions=3)) == [
        "length  buckets  uniform",
        "     0        2      1.5  " + "#" * 50,
        "     1        1      1.8  " + "#" * 25,
        "     2        1      1.1  " + "#" * 25,
        "     3        1      0.4  " + "#" * 25,
    ]


def test_histogram_shows_every_non_zero_count_and_the_uniform_tail() -> None:
    assert histogram_lines(summarize([0] * 200 + [1], collisions=0)) == [
        "length  buckets  uniform",
        "     0      200    200.0  " + "#" * 50,
        "     1        1      1.0  #",
    ]
    # A perfect spread: uniform hashing would still expect chains up to 4.
    assert histogram_lines(summarize([1] * 100, collisions=0), bar_width=10) == [
        "length  buckets  uniform",
        "     0        0     36.8",
        "     1      100     36.8  ##########",
        "     2        0     18.4",
        "     3        0      6.1",
        "     4        0      1.5",
    ]


def test_histogram_folds_chains_of_30_or_more_into_one_row() -> None:
    lines = histogram_lines(summarize([10_000], collisions=9_999), bar_width=10)
    assert len(lines) == 1 + FOLDED_LENGTH + 1
    assert lines[:2] == ["length  buckets  uniform", "     0        0      0.0"]
    assert lines[-2:] == ["    29        0      0.0", "  >=30        1      1.0  ##########"]
    # 137 records in 6 buckets: uniform hashing expects 6 * P(Poisson(137 / 6) >= 30) = 0.514 of 30 or more.
    lines = histogram_lines(summarize([0, 31, 45, 29, 30, 2], collisions=0), bar_width=10)
    assert lines[-2:] == ["    29        1      0.2  ###", "  >=30        3      0.5  ##########"]
    assert len(lines) == 1 + FOLDED_LENGTH + 1


def test_histogram_of_a_longest_chain_of_29_needs_no_folded_row() -> None:
    lines = histogram_lines(summarize([29] + [0] * 1000, collisions=28), bar_width=10)
    assert len(lines) == 1 + FOLDED_LENGTH
    assert lines[-1] == "    29        1      0.0  #"


def test_histogram_rows_hold_every_bucket_and_expect_every_bucket() -> None:
    stats = summarize([0, 31, 45, 29, 30, 2], collisions=0)
    rows = histogram_rows(stats)
    assert [length for length, _, _ in rows] == [str(length) for length in range(FOLDED_LENGTH)] + [">=30"]
    assert sum(count for _, count, _ in rows) == stats.buckets
    assert math.fsum(uniform for _, _, uniform in rows) == pytest.approx(stats.buckets)
    assert rows[-1][:2] == (">=30", 3)


def test_comparison_chain_rows_fold_at_30_too() -> None:
    lines = comparison_lines([summarize([40, 0], 39), summarize([1] * 40, 0)])
    assert lines[-2:] == ["chains of length 29          0      0", "chains of length >=30        1      0"]
    assert len(lines) == len(SUMMARY_LABELS) + FOLDED_LENGTH + 1


def test_comparison_lines_show_the_stored_rows_when_a_column_has_stored_records() -> None:
    lines = comparison_lines([table_statistics(["b", "c"], 1, stored=["a"]), summarize([1, 1], 0)], chain_rows=False)
    assert lines[:8] == [
        "buckets                      1      2",
        "records                      3      2",
        "stored before the keys       1      0",
        "duplicate keys skipped       0      0",
        "load factor              3.000  1.000",
        "collisions                   2      0",
        "  due to stored records      1      0",
        "expected if uniform        2.0    0.5",
    ]


def test_comparison_lines_put_sizes_side_by_side_with_chain_rows() -> None:
    lines = comparison_lines([summarize([0, 2, 1, 0, 3], 3), summarize([6], 5)])
    assert [line.split("  ")[0].strip() for line in lines] == SUMMARY_LABELS + [
        f"chains of length {length}" for length in range(7)
    ]
    assert lines[0] == "buckets                     5      1"
    assert lines[-7:] == [
        "chains of length 0          2      0",
        "chains of length 1          1      0",
        "chains of length 2          1      0",
        "chains of length 3          1      0",
        "chains of length 4          0      0",
        "chains of length 5          0      0",
        "chains of length 6          0      1",
    ]
