"""Tests of configurations.engine's parts: its win tests against a brute-force scan of the
board, its two ways of holding line bits, its levels, and its memory on huge boards.

The engine asks, once per player's turn, which squares would complete a
line for that player (its "threats"): from a table on boards of up to 16
squares, from shifts of line bits on larger ones.  Both must agree with
trying every square and scanning every row, column and diagonal.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Configurations, PosPlay, SearchStats, bitboard, computer_play
from configurations import reference_search as reference
from configurations.bitboard import LinePositions, LineThreats, placement_bits, threat_table, transpose_matrices
from configurations.engine import _HUMAN_CODE, _ending_scores, _Game, _last_level, _Tally, fast_search
from hashdict import HashDictionary
from tests import models
from tests.paths import ROOT

SETTINGS = settings(deadline=None, max_examples=400, derandomize=True, database=None)


def completes_a_line(size: int, length: int, tiles: set[int], square: int) -> bool:
    """Whether ``tiles`` with a tile on ``square`` hold ``length`` in a row, by the brute-force model."""
    return models.wins(models.rows_of(size, tiles | {square}), length, "X")


@st.composite
def boards(draw: st.DrawFn, sizes: tuple[int, int]) -> tuple[int, int, set[int]]:
    size = draw(st.integers(*sizes))
    length = draw(st.integers(1, size))
    tiles = draw(st.sets(st.integers(0, size * size - 1)))
    return size, length, tiles


@pytest.mark.slow
@SETTINGS
@given(boards(sizes=(1, 4)))
def test_threat_table_names_the_squares_that_complete_a_line(board: tuple[int, int, set[int]]) -> None:
    size, length, tiles = board
    threats = threat_table(size, length)[sum(1 << square for square in tiles)]
    for square in range(size * size):
        assert bool(threats >> square & 1) == completes_a_line(size, length, tiles, square), square
    assert threats >> (size * size) == 0


@pytest.mark.slow
@SETTINGS
@given(boards(sizes=(1, 9)))
def test_line_threats_name_the_squares_that_complete_a_line(board: tuple[int, int, set[int]]) -> None:
    size, length, tiles = board
    place = placement_bits(size, length)
    threats = LineThreats(length)[sum(place[square] for square in tiles)]
    for square in range(size * size):
        assert bool(threats & place[square]) == completes_a_line(size, length, tiles, square), square


@pytest.mark.slow
@SETTINGS
@given(boards(sizes=(3, 9)))
def test_line_positions_make_the_same_bits_as_the_kept_ones(board: tuple[int, int, set[int]]) -> None:
    size, length, tiles = board
    kept, made = placement_bits(size, length), LinePositions(size, length)
    assert len(made) == len(kept) == size * size
    assert [made[square] for square in range(size * size)] == list(kept)
    assert made.combined(iter(tiles)) == sum(kept[square] for square in tiles)


def test_line_positions_need_three_directions_apart() -> None:
    with pytest.raises(ValueError, match="a board of 2x2 has lines whose steps coincide"):
        LinePositions(2, 2)


@pytest.mark.slow
@SETTINGS
@given(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=5))
def test_transpose_matrices_swaps_every_rows_and_columns(matrices: list[int]) -> None:
    packed = sum(matrix << 64 * index for index, matrix in enumerate(matrices))
    transposed = transpose_matrices(packed, len(matrices))
    for index, matrix in enumerate(matrices):
        result = transposed >> 64 * index & (2**64 - 1)
        for row in range(8):
            for col in range(8):
                assert result >> 8 * col + row & 1 == matrix >> 8 * row + col & 1
    assert transposed >> 64 * len(matrices) == 0


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_threat_table_covers_every_mask(size: int) -> None:
    table = threat_table(size, size)
    assert len(table) >= 1 << size * size
    # The whole board bar one square: only that square completes the rows, columns and diagonals it is on.
    everything = (1 << size * size) - 1
    assert table[everything ^ 1] & 1 == 1


@pytest.mark.parametrize(
    ("empty", "max_levels", "settled", "expected"),
    [
        (3, 9, -1, [None, None, 2]),  # searched to the end: the last square's move draws or wins
        (9, 0, -1, [1]),  # the root is the last level: undecided
        (9, 2, -1, [None, None, 1]),
        (9, 2, 3, [None, None, 3]),  # the computer's old line scores every last-level board
        (2, 5, 0, [None, None, None]),  # X's old line: the board fills, and level 2 is the full board
        (1, 0, -1, [2]),  # one square at level 0: max_levels and the full board agree on a draw
    ],
)
def test_ending_scores(empty: int, max_levels: int, settled: int, expected: list[int | None]) -> None:
    assert _ending_scores(empty, max_levels, settled) == expected


@pytest.mark.parametrize(
    ("beta", "threat", "value", "tried"),
    [(-1, True, -1, 1), (0, True, 0, 2), (4, True, 0, 3), (4, False, -1, 3)],
)
def test_last_level_as_its_docstring_works_it_out(beta: int, threat: bool, value: int, tried: int) -> None:
    """X to move on OXX / _O_ / O_X, squares 3, 5 and 7 empty: the column c1-c3 makes 5 X's only threat."""
    game = _Game(Configurations.from_rows(["OXX", " O ", "O X"], 3, 1))
    assert game.empty_squares == [3, 5, 7]
    stats = SearchStats()
    search = _last_level(game, _HUMAN_CODE, 1, _Tally(stats))  # UNDECIDED where X does not win
    mine = game.human_bits if threat else game.human_bits & ~(1 << 8)  # without X on square 8, no threat
    assert search(-4, beta, 1, 0, mine, game.computer_bits, game.empty_squares) == value
    assert stats.nodes == tried


def test_fast_search_works_with_any_table_size() -> None:
    """A table hashed by the mixed form (a Mersenne prime) or of one bucket finds the same as create_dictionary's."""
    configs = Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 5)
    expected_stats = SearchStats()
    expected = fast_search(configs, configs.create_dictionary(), expected_stats)
    for size in (8191, 1):
        stats = SearchStats()
        table = HashDictionary(size)
        assert fast_search(configs, table, stats) == expected
        assert stats == expected_stats
        assert len(table) == stats.lookups - stats.hits
        table._check()


def test_the_table_holds_what_the_reference_stores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same records, key for key and score for score, as the reference's table."""
    tables: list[HashDictionary] = []
    create = Configurations.create_dictionary

    def recording(configs: Configurations) -> HashDictionary:
        tables.append(create(configs))
        return tables[-1]

    monkeypatch.setattr(Configurations, "create_dictionary", recording)
    rows = ["X  ", "   ", " O "]
    computer_play(Configurations.from_rows(rows, 3, 9))
    reference.computer_play(Configurations.from_rows(rows, 3, 9))
    engine_table, reference_table = tables
    engine_table._check()
    assert sorted((r.configuration, r.score) for r in engine_table) == sorted(
        (r.configuration, r.score) for r in reference_table
    )
    assert len(engine_table) > 100


@pytest.mark.parametrize(
    ("rows", "length", "levels"),
    [
        (["X" + " " * 7] + [" " * 8] * 7, 4, 2),
        ([" " * 7] * 3 + ["   X   "] + [" " * 7] * 3, 3, 2),
        (["XO     ", " X     ", "  O    ", "       ", "    X  ", "       ", "O      "], 3, 3),
    ],
)
def test_bits_made_on_demand_search_as_the_kept_ones(
    monkeypatch: pytest.MonkeyPatch, rows: list[str], length: int, levels: int
) -> None:
    """The huge boards' way of holding line bits, forced on small boards, finds what the reference finds."""
    stats = SearchStats()
    expected = reference.computer_play(Configurations.from_rows(rows, length, levels), stats=stats)
    monkeypatch.setattr(bitboard, "CACHED_SQUARES", 0)
    kept = SearchStats()
    assert computer_play(Configurations.from_rows(rows, length, levels), stats=kept) == expected
    assert kept == stats


# A fresh process searches an empty board at level 0 and reports its play and its peak memory.
HUGE_BOARD = textwrap.dedent(
    """\
    import json, sys
    from configurations import Configurations, SearchStats, computer_play
    size, length = int(sys.argv[1]), int(sys.argv[2])
    stats = SearchStats()
    play = computer_play(Configurations(size, length, 0), stats=stats)
    with open("/proc/self/status", encoding="ascii") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    print(json.dumps([play.score, play.row, play.col, stats.nodes, peak // 1024]))
    """
)


def test_the_reference_plays_the_first_square_at_level_0_on_an_empty_board() -> None:
    """What the huge boards below must give, checked with the reference where it is quick."""
    for size, length, score in ((12, 5, 1), (12, 1, 3)):
        stats = SearchStats()
        assert reference.computer_play(Configurations(size, length, 0), stats=stats) == PosPlay(score, 0, 0)
        assert stats.nodes == size * size  # the root never cuts: scores stay below lowest, 4


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory is read from /proc")
@pytest.mark.parametrize(
    ("size", "length", "score", "most_mib"),
    [(300, 5, 1, 60), (1000, 5, 1, 250), (1000, 1, 3, 250)],
)
def test_huge_boards_search_in_memory_proportional_to_the_board(
    size: int, length: int, score: int, most_mib: int
) -> None:
    """Every square is tried, (0, 0) kept: undecided, or a win when one tile is a line."""
    result = subprocess.run(
        [sys.executable, "-c", HUGE_BOARD, str(size), str(length)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    found_score, row, col, nodes, peak_mib = json.loads(result.stdout)
    assert (found_score, row, col, nodes) == (score, 0, 0, size * size)
    assert peak_mib < most_mib


@pytest.mark.slow
def test_a_huge_board_keeps_nothing_after_the_search() -> None:
    """Nothing the size of the board stays cached once computer_play has returned."""
    code = textwrap.dedent(
        """\
        import tracemalloc
        from configurations import Configurations, computer_play
        configs = Configurations(300, 5, 0)
        tracemalloc.start()
        computer_play(configs)
        print(tracemalloc.get_traced_memory()[0] // 1024)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert int(result.stdout) < 1024  # KiB: a 300x300 board is 90 000 squares
