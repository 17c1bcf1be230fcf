"""Tests of configurations.engine's win tests against a brute-force scan of the board.

The engine asks, once per player's turn, which squares would complete a
line for that player (its "threats"): from a table on boards of up to 16
squares, from shifts of line bits on larger ones.  Both must agree with
trying every square and scanning every row, column and diagonal.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Configurations, SearchStats
from configurations.engine import _LineThreats, _placement_bits, _threat_table, _transpose_matrices, fast_search
from hashdict import HashDictionary

SETTINGS = settings(deadline=None, max_examples=400, derandomize=True, database=None)
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def has_run(size: int, length: int, squares: set[int]) -> bool:
    """Whether ``squares`` hold ``length`` in a row in some direction: every start, every direction."""
    for row in range(size):
        for col in range(size):
            for row_step, col_step in DIRECTIONS:
                run = [(row + step * row_step, col + step * col_step) for step in range(length)]
                if all(0 <= r < size and 0 <= c < size and r * size + c in squares for r, c in run):
                    return True
    return False


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, int]) -> tuple[int, int, set[int]]:
    size = draw(st.integers(*sizes))
    length = draw(st.integers(1, size))
    tiles = draw(st.sets(st.integers(0, size * size - 1)))
    return size, length, tiles


@SETTINGS
@given(boards(sizes=(1, 4)))
def test_threat_table_names_the_squares_that_complete_a_line(board: tuple[int, int, set[int]]) -> None:
    size, length, tiles = board
    threats = _threat_table(size, length)[sum(1 << square for square in tiles)]
    for square in range(size * size):
        assert bool(threats >> square & 1) == has_run(size, length, tiles | {square}), square
    assert threats >> (size * size) == 0


@SETTINGS
@given(boards(sizes=(1, 9)))
def test_line_threats_name_the_squares_that_complete_a_line(board: tuple[int, int, set[int]]) -> None:
    size, length, tiles = board
    place = _placement_bits(size, length)
    threats = _LineThreats(length)[sum(place[square] for square in tiles)]
    for square in range(size * size):
        assert bool(threats & place[square]) == has_run(size, length, tiles | {square}), square


@SETTINGS
@given(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=5))
def test_transpose_matrices_swaps_every_rows_and_columns(matrices: list[int]) -> None:
    packed = sum(matrix << 64 * index for index, matrix in enumerate(matrices))
    transposed = _transpose_matrices(packed, len(matrices))
    for index, matrix in enumerate(matrices):
        result = transposed >> 64 * index & (2**64 - 1)
        for row in range(8):
            for col in range(8):
                assert result >> 8 * col + row & 1 == matrix >> 8 * row + col & 1
    assert transposed >> 64 * len(matrices) == 0


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_threat_table_covers_every_mask(size: int) -> None:
    table = _threat_table(size, size)
    assert len(table) >= 1 << size * size
    # The whole board bar one square: only that square completes the rows, columns and diagonals it is on.
    everything = (1 << size * size) - 1
    assert table[everything ^ 1] & 1 == 1


def test_fast_search_refuses_a_table_it_cannot_hash_incrementally() -> None:
    configs = Configurations(3, 3, 2)
    table = HashDictionary(8191)  # a Mersenne prime: hashed by the mixed form
    with pytest.raises(ValueError, match="the engine needs a table hashed by the direct form") as raised:
        fast_search(configs, table, SearchStats())
    assert str(raised.value) == (
        "the engine needs a table hashed by the direct form, as <HashDictionary size=8191 records=0> is not"
    )
