"""Tests of tictactoe.proofcheck.rules: the checker's own windows, symmetries, keys and square names, against
plain models written again here."""

from __future__ import annotations

import random

import pytest

from tests.models import variant_wins
from tictactoe.proofcheck.rules import CODES, Shape


def model_windows(rows: int, cols: int, length: int) -> set[frozenset[int]]:
    found = set()
    for row in range(rows):
        for col in range(cols):
            for down, right in ((0, 1), (1, 0), (1, 1), (1, -1)):
                squares = [(row + down * i, col + right * i) for i in range(length)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in squares):
                    found.add(frozenset(r * cols + c for r, c in squares))
    return found


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 5), (3, 3), (2, 4), (5, 3), (7, 7), (6, 7)])
def test_the_windows_and_symmetries_of_a_board(rows: int, cols: int) -> None:
    for length in range(1, max(rows, cols) + 1):
        shape = Shape(rows, cols, length)
        windows = {frozenset(s for s in range(rows * cols) if w >> s & 1) for w in shape.windows}
        assert windows == model_windows(rows, cols, length)
        assert len(shape.windows) == len(windows)
        assert len(shape.images) == (8 if rows == cols else 4)
        for image, inverse in zip(shape.images, shape.inverses, strict=True):
            assert sorted(image) == list(range(rows * cols))
            assert [inverse[image[s]] for s in range(rows * cols)] == list(range(rows * cols))
            assert {frozenset(image[s] for s in window) for window in windows} == windows
        for square in range(rows * cols):
            assert [i for i, w in enumerate(shape.windows) if w >> square & 1] == [
                i for i in range(len(shape.windows)) if shape.holding[square] >> i & 1
            ]


def test_the_key_of_each_image_reads_the_image_as_a_string() -> None:
    chance = random.Random(18)
    for rows, cols in ((3, 3), (2, 5), (4, 4)):
        shape = Shape(rows, cols, 3)
        for _ in range(20):
            marks = [chance.choice("XO.") for _ in range(rows * cols)]
            x_tiles = sum(1 << s for s, m in enumerate(marks) if m == "X")
            o_tiles = sum(1 << s for s, m in enumerate(marks) if m == "O")
            keys = shape.keys(x_tiles, o_tiles)
            for image, key in zip(shape.images, keys, strict=True):
                drawn = ["."] * (rows * cols)
                for square, mark in enumerate(marks):
                    drawn[image[square]] = mark
                assert key == shape.key("".join(drawn))
                assert key == sum(CODES[m] * 4 ** (rows * cols - 1 - s) for s, m in enumerate(drawn))
            least = min(keys)
            images = ["".join(marks[inverse[s]] for s in range(rows * cols)) for inverse in shape.inverses]
            assert shape.key(min(images)) == least  # the least key is the least string


def test_threats_lines_and_square_names() -> None:
    shape = Shape(3, 4, 3)
    x_tiles = 1 << 0 | 1 << 1  # a1 b1
    assert shape.threats(x_tiles, 0) == 1 << 2  # c1
    assert shape.threats(x_tiles, 1 << 2) == 0
    assert not shape.has_line(x_tiles)
    assert shape.has_line(x_tiles | 1 << 2)
    assert [shape.name(s) for s in (0, 3, 11)] == ["a1", "d1", "d3"]
    assert shape.square("d3") == 11
    for bad in ("e1", "a4", "a0", "A1", "a", "1a", "a01"):
        with pytest.raises(ValueError, match="is not a square of a board of 3x4"):
            shape.square(bad)
    assert shape.draw(x_tiles, 1 << 4) == "XX../O.../...."


def model_exact(marks: list[str], cols: int, length: int, symbol: str) -> bool:
    """Whether ``symbol`` has a run of exactly ``length`` on the board ``marks`` (row by row), from the model's
    runs."""
    rows = ["".join(marks[start : start + cols]) for start in range(0, len(marks), cols)]
    return variant_wins("standard", rows, length, symbol)


@pytest.mark.parametrize(("rows", "cols", "length"), [(1, 7, 3), (4, 4, 3), (5, 5, 4), (3, 6, 2)])
def test_under_standard_a_line_and_a_threat_are_runs_of_exactly_the_length(rows: int, cols: int, length: int) -> None:
    shape, rng = Shape(rows, cols, length, rule="standard"), random.Random(rows * cols + length)
    for _ in range(200):
        marks = [rng.choice("XO..") for _ in range(rows * cols)]
        x_tiles = sum(1 << s for s, mark in enumerate(marks) if mark == "X")
        o_tiles = sum(1 << s for s, mark in enumerate(marks) if mark == "O")
        assert shape.has_line(x_tiles) == model_exact(marks, cols, length, "X")
        if model_exact(marks, cols, length, "X"):
            continue
        threats = 0
        for square in (s for s, mark in enumerate(marks) if mark == "."):
            if model_exact([*marks[:square], "X", *marks[square + 1 :]], cols, length, "X"):
                threats |= 1 << square
        assert shape.threats(x_tiles, o_tiles) == threats


def test_under_standard_a_window_with_the_player_s_tile_at_an_end_is_spoiled() -> None:
    row = Shape(1, 6, 3, rule="standard")  # windows a-c, b-d, c-e, d-f
    assert row.spoiled(1 << 3) == 0b0001  # d1 lies just beyond a-c
    assert row.spoiled(1 << 0 | 1 << 5) == 0b0010 | 0b0100  # a1 just before b-d, f1 just after c-e
    assert Shape(1, 6, 3).spoiled(1 << 3) == 0
    assert row.has_line(0b000111)  # XXX...
    assert not row.has_line(0b001111)  # XXXX..
    assert Shape(1, 6, 3).has_line(0b001111)
