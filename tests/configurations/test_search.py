"""Tests of configurations.search: computer_play against configurations.reference_search (the reference search of
docs/dictionary.md, line for line) on thousands of random positions, and on known positions."""

from __future__ import annotations

import gc
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    EMPTY,
    HUMAN,
    UNDECIDED,
    Configurations,
    PosPlay,
    SearchStats,
    computer_play,
)
from configurations import reference_search as reference
from hashdict import HashDictionary
from tests import models
from tests.paths import SAMPLE_CASES

# Random positions are kept to searches the reference finishes quickly: at most
# this many nodes even if alpha-beta and the table cut nothing.  With the
# cuts, real searches are far smaller (hundreds of nodes).
NODE_BOUND = 20000
SETTINGS = settings(deadline=None, max_examples=300, derandomize=True, database=None)
# The comparisons with the reference: thousands of positions between them.
ORACLE_SETTINGS = settings(SETTINGS, max_examples=1500)


def node_bound(empty: int, max_levels: int) -> int:
    """Trial moves of a search without cuts: every ordering of up to max_levels + 1 tiles."""
    total, orderings = 0, 1
    for placed in range(min(empty, max_levels + 1)):
        orderings *= empty - placed
        total += orderings
    return total


def most_empty_squares(max_levels: int) -> int:
    """The most empty squares a search of ``max_levels`` may have and stay within NODE_BOUND."""
    empty = 1
    while node_bound(empty + 1, max_levels) <= NODE_BOUND:
        empty += 1
    return empty


def deepest_levels(empty: int, wanted: int) -> int:
    """The largest max_levels up to ``wanted`` whose search stays within NODE_BOUND (at least 0)."""
    levels = wanted
    while levels > 0 and node_bound(empty, levels) > NODE_BOUND:
        levels -= 1
    return levels


def search_both(rows: list[str], length: int, levels: int) -> tuple[PosPlay, SearchStats, PosPlay, SearchStats]:
    """computer_play and the reference on the same position; checks the engine leaves the board as it was."""
    configs = Configurations.from_rows(rows, length, levels)
    before = configs.configuration()
    stats = SearchStats()
    play = computer_play(configs, stats=stats)
    assert configs.configuration() == before
    expected_stats = SearchStats()
    expected = reference.computer_play(Configurations.from_rows(rows, length, levels), stats=expected_stats)
    return play, stats, expected, expected_stats


def assert_same_as_reference(rows: list[str], length: int, levels: int) -> None:
    play, stats, expected, expected_stats = search_both(rows, length, levels)
    assert play == expected, (rows, length, levels)
    assert stats == expected_stats, (rows, length, levels)


@st.composite
def positions_to_play(draw: st.DrawFn) -> tuple[list[str], int, int]:
    """A board the game can reach with the computer to move: one more X than O, nobody has a line.

    Tiles go down X, O, X, ... on random squares that do not complete a line
    for their player, until the drawn number of tiles; if a player has no
    such square left, the board stops at the last X.
    """
    size = draw(st.integers(2, 7))  # on a 1x1 board, or with length 1, the first X wins
    length = draw(st.integers(2, size))
    wanted_levels = draw(st.integers(0, 4))
    # Enough tiles that a search of the wanted depth stays within NODE_BOUND, if the board allows it.
    most_pairs = (size * size - 2) // 2
    fewest_tiles = size * size - most_empty_squares(wanted_levels)
    tiles = draw(st.integers(min(max(fewest_tiles, 0) // 2, most_pairs), most_pairs)) * 2 + 1
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    configs = Configurations(size, length, 0)
    placed: list[tuple[int, int]] = []
    symbol = HUMAN
    while len(placed) < tiles:
        squares = [(row, col) for row in range(size) for col in range(size) if configs.square_is_empty(row, col)]
        rng.shuffle(squares)
        for row, col in squares:
            configs.save_play(row, col, symbol)
            if not configs.wins(symbol):
                placed.append((row, col))
                break
            configs.save_play(row, col, EMPTY)
        else:
            if symbol == HUMAN:  # the X tiles must stay one ahead: take back the last O
                configs.save_play(*placed.pop(), EMPTY)
            break
        symbol = COMPUTER if symbol == HUMAN else HUMAN
    board = configs.configuration()
    levels = deepest_levels(board.count(EMPTY), wanted_levels)  # lower only if the tiles would not fit
    return [board[row * size : (row + 1) * size] for row in range(size)], length, levels


@st.composite
def any_positions(draw: st.DrawFn) -> tuple[list[str], int, int]:
    """Any board of size 1-7 (lines already made, any tile counts), any length to win."""
    size = draw(st.integers(1, 7))
    length = draw(st.integers(1, size))
    levels = draw(st.integers(0, 4))
    empty = draw(st.integers(0, min(size * size, most_empty_squares(levels))))
    squares = draw(st.lists(st.sampled_from("XO"), min_size=size * size, max_size=size * size))
    for square in draw(st.permutations(range(size * size)))[:empty]:
        squares[square] = EMPTY
    return ["".join(squares[row * size : (row + 1) * size]) for row in range(size)], length, levels


@pytest.mark.slow
@ORACLE_SETTINGS
@given(positions_to_play())
def test_computer_play_matches_the_reference_on_reachable_positions(position: tuple[list[str], int, int]) -> None:
    rows, length, levels = position
    text = "".join(rows)
    assert text.count(HUMAN) == text.count(COMPUTER) + 1
    assert not models.wins(rows, length, HUMAN)
    assert not models.wins(rows, length, COMPUTER)
    assert_same_as_reference(rows, length, levels)


@pytest.mark.slow
@ORACLE_SETTINGS
@given(any_positions())
def test_computer_play_matches_the_reference_on_any_board(position: tuple[list[str], int, int]) -> None:
    assert_same_as_reference(*position)


def opening(size: int, square: int) -> list[str]:
    """An empty board but for one X on ``square`` (counted row by row)."""
    board = [EMPTY] * (size * size)
    board[square] = HUMAN
    return ["".join(board[row * size : (row + 1) * size]) for row in range(size)]


@pytest.mark.parametrize("square", range(9))
def test_tic_tac_toe_openings_searched_to_the_end_are_draws(square: int) -> None:
    """Deep searches, where the table answers hundreds of lookups."""
    rows = opening(3, square)
    play, stats, expected, expected_stats = search_both(rows, 3, 8)
    assert play.score == DRAW  # tic-tac-toe with best play
    assert stats.hits > 100
    assert play == expected
    assert stats == expected_stats


@pytest.mark.slow
@pytest.mark.parametrize("square", range(16))
def test_4x4_openings_three_levels_deep(square: int) -> None:
    assert_same_as_reference(opening(4, square), 3, 3)


@pytest.mark.parametrize("size", range(1, 8))
def test_every_size_and_length_on_an_empty_board(size: int) -> None:
    for length in range(1, size + 1):
        levels = deepest_levels(size * size, 4)
        assert_same_as_reference([" " * size] * size, length, levels)


def test_the_reference_finds_what_it_should() -> None:
    """The reference itself, on positions simple enough to know by hand."""
    assert reference.computer_play(Configurations.from_rows(["XX ", "OO ", "X  "], 3, 4)).score == COMPUTER_WINS
    assert reference.computer_play(Configurations.from_rows(["XX ", "O  ", "   "], 3, 1)) == PosPlay(UNDECIDED, 0, 2)
    stats = SearchStats()
    assert reference.computer_play(Configurations.from_rows(["XOX", "XOO", "OXX"], 3, 2), stats=stats) == PosPlay(
        -1, -1, -1
    )
    assert stats == SearchStats()


def sample_play_cases() -> list[dict[str, Any]]:
    cases = [json.loads(line) for line in SAMPLE_CASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [case for case in cases if case["check"] == "play"]


@pytest.mark.parametrize("case", sample_play_cases(), ids=lambda case: str(case["id"]))
def test_sample_cases(case: dict[str, Any]) -> None:
    configs = Configurations.from_rows(case["board"], case["length"], case["max_levels"])
    stats = SearchStats()
    play = computer_play(configs, stats=stats)
    expect = case["expect"]
    assert (play.score, play.row, play.col) == (expect["score"], expect["row"], expect["col"])
    assert stats.nodes == expect["nodes"]


def test_spec_example_4x4_corner() -> None:
    """The case file format's first example, written out here as well as in tests/data/sample.jsonl."""
    stats = SearchStats()
    play = computer_play(Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 6), stats=stats)
    assert (play, stats.nodes) == (PosPlay(1, 1, 1), 12138)


@pytest.mark.parametrize(
    ("rows", "length", "levels", "expected", "nodes"),
    [
        (["XX ", "OO ", "X  "], 3, 4, PosPlay(COMPUTER_WINS, 1, 2), None),  # win now
        (["XX ", "O  ", "   "], 3, 1, PosPlay(UNDECIDED, 0, 2), None),  # block now, or lose
        ([" "], 1, 0, PosPlay(COMPUTER_WINS, 0, 0), 1),
        (["XOX", "XOO", "OXX"], 3, 5, PosPlay(-1, -1, -1), 0),  # no square left
        (["XO", "  "], 2, 0, PosPlay(COMPUTER_WINS, 1, 0), 2),  # the root never cuts: both squares are tried
        # X's line is on the board: O's move fills it without a line, and X's search of the full board keeps its 4.
        (["XX", "X "], 2, 1, PosPlay(4, 1, 1), 1),
    ],
)
def test_known_positions(rows: list[str], length: int, levels: int, expected: PosPlay, nodes: int | None) -> None:
    stats = SearchStats()
    assert computer_play(Configurations.from_rows(rows, length, levels), stats=stats) == expected
    if nodes is not None:
        assert stats.nodes == nodes


def test_stats_accumulate_and_are_optional() -> None:
    configs = Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 2)
    stats = SearchStats()
    first = computer_play(configs, stats=stats)
    once = stats.nodes
    assert once > 0
    assert computer_play(configs, stats=stats) == first  # a fresh table: the same search again
    assert stats.nodes == 2 * once
    assert computer_play(configs) == first


def test_each_call_has_a_fresh_table_from_create_dictionary(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[HashDictionary] = []
    create = Configurations.create_dictionary

    def recording(configs: Configurations) -> HashDictionary:
        tables.append(create(configs))
        return tables[-1]

    monkeypatch.setattr(Configurations, "create_dictionary", recording)
    configs = Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 3)
    stats = SearchStats()
    computer_play(configs, stats=stats)
    computer_play(configs)
    assert len(tables) == 2
    assert tables[0] is not tables[1]
    # Every lookup that missed stored the board's score once.
    assert tables[0].num_records() == stats.lookups - stats.hits > 0
    assert tables[1].num_records() == tables[0].num_records()


class InterruptingStats(SearchStats):
    """Counters that raise KeyboardInterrupt, as Ctrl-C would, once the search has placed 50 tiles."""

    __slots__ = ()

    def __setattr__(self, name: str, value: int) -> None:
        super().__setattr__(name, value)
        if name == "nodes" and value >= 50:
            raise KeyboardInterrupt


def test_board_and_garbage_collection_are_restored_when_the_search_is_interrupted() -> None:
    configs = Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 4)
    stats = InterruptingStats()
    assert gc.isenabled()
    with pytest.raises(KeyboardInterrupt):
        computer_play(configs, stats=stats)
    assert 50 <= stats.nodes < 1079
    assert configs.configuration() == "X" + " " * 15
    assert gc.isenabled()


def test_search_stats_grow_while_the_search_runs() -> None:
    seen: list[int] = []

    class Watched(SearchStats):
        __slots__ = ()

        def __setattr__(self, name: str, value: int) -> None:
            if name == "nodes":
                seen.append(value)
            super().__setattr__(name, value)

    computer_play(Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 6), stats=Watched())
    assert len(seen) > 100
    assert seen == sorted(seen)
    assert seen[-1] == 12138


def test_computer_play_takes_a_board() -> None:
    with pytest.raises(TypeError, match=r"^configs must be a Configurations, not str: 'X  '$"):
        computer_play("X  ")  # type: ignore[arg-type]


def test_pos_play_is_immutable_and_search_stats_start_at_zero() -> None:
    play = PosPlay(3, 1, 2)
    with pytest.raises(AttributeError):
        play.score = 0  # type: ignore[misc]
    assert play == PosPlay(score=3, row=1, col=2)
    assert SearchStats() == SearchStats(nodes=0, lookups=0, hits=0)
    assert repr(SearchStats(nodes=5)) == "SearchStats(nodes=5, lookups=0, hits=0)"
    assert SearchStats(nodes=5) != SearchStats()  # equality reads every counter
    with pytest.raises(TypeError, match="unhashable"):
        hash(SearchStats())  # counters change, so a SearchStats keys nothing


@pytest.mark.slow
def test_a_search_leaves_nothing_for_the_cyclic_collector() -> None:
    """Its table is freed by reference counting as soon as computer_play returns."""
    configs = Configurations.from_rows(["X   ", "    ", "    ", "    "], 3, 6)
    gc.collect()
    gc.disable()  # so that nothing collects behind the test's back
    try:
        computer_play(configs)
        assert not gc.isenabled()  # the search left the collector as it found it
        unreachable = gc.collect()
    finally:
        gc.enable()
    assert unreachable == 0
