"""Tests of tictactoe.hashreport.search_keys and tictactoe.cli.report: the hash report on the boards a search stores.

The keys are checked against the boards the reference search (docs/dictionary.md), written out line by line in
configurations.reference_search, hands to ``add_configuration``: another search than the engine the source
runs, and another way of seeing what it stores than reading the table.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from configurations import Configurations, SearchStats, computer_play
from configurations import reference_search as reference
from configurations.moves import Move
from configurations.search import most_positions
from hashdict import DictionaryADT, HashDictionary, polynomial_hash
from tests.paths import ROOT
from tictactoe.cli import report
from tictactoe.hashreport import search_keys
from tictactoe.hashreport.search_keys import MAX_SEARCH_POSITIONS, search_source, stored_boards

TIMEOUT = 120  # seconds; generous, a hung program fails instead of blocking the run


class RecordingBoard(Configurations):
    """A board that writes down every board the search stores with ``add_configuration``, and its tables."""

    __slots__ = ("added", "tables")

    def __init__(self, board_size: int, length_to_win: int, max_levels: int) -> None:
        super().__init__(board_size, length_to_win, max_levels)
        self.added: list[str] = []
        self.tables: list[HashDictionary] = []

    def create_dictionary(self) -> HashDictionary:
        table = super().create_dictionary()
        self.tables.append(table)
        return table

    def add_configuration(self, table: DictionaryADT, score: int) -> None:
        self.added.append(self.configuration())
        super().add_configuration(table, score)


def reference_boards(size: int, length: int, max_levels: int, row: int, col: int) -> tuple[list[str], int]:
    """What the reference search stores answering X at (row, col), in the order it stores them, and its table size."""
    board = RecordingBoard(size, length, max_levels)
    board.save_play(row, col, "X")
    reference.computer_play(board)
    (table,) = board.tables
    assert sorted(board.added) == sorted(record.configuration for record in table)
    return board.added, table.size


# The centre opening: (size - 1) // 2 down and across.
CASES = [
    pytest.param("3,3,9", (3, 3, 9, 1, 1), id="3x3 to the end"),
    pytest.param("4,3,4", (4, 3, 4, 1, 1), id="4x4 k3, b2"),
    pytest.param("4,4,6,a1", (4, 4, 6, 0, 0), id="4x4 k4, a1"),
    pytest.param("5,4,3,E5", (5, 4, 3, 4, 4), id="5x5 k4, e5"),
    pytest.param("6,4,2", (6, 4, 2, 2, 2), id="6x6 k4, c3"),
]


# ------------------------------------------------------------------ the keys


@pytest.mark.parametrize(("spec", "game"), CASES)
def test_the_keys_are_the_boards_the_search_stores(spec: str, game: tuple[int, int, int, int, int]) -> None:
    expected, buckets = reference_boards(*game)
    source = search_source(spec)
    keys = list(source.keys())
    assert sorted(keys) == sorted(expected)
    assert len(keys) == len(expected) > 0
    assert source.table_size == buckets
    assert source.name == f"search:{spec}"


def test_the_keys_are_what_the_games_own_table_holds() -> None:
    board = RecordingBoard(4, 4, 8)
    board.save_play(1, 1, "X")
    computer_play(board)  # the engine the game runs
    (table,) = board.tables
    boards, buckets = stored_boards(4, 4, 8, Move(1, 1))
    assert boards == [record.configuration for record in table]
    assert buckets == table.size


def test_the_description_says_which_search() -> None:
    expected, buckets = reference_boards(4, 3, 4, 1, 1)
    assert search_source("4,3,4").description == (
        f"the {len(expected)} boards computer_play stores replying to X at b2 on a 4x4 board, 3 in a row,"
        f" 4 levels; a table of {buckets} buckets"
    )


@pytest.mark.slow
def test_every_search_tries_no_more_positions_than_the_bound() -> None:
    for size in (2, 3, 4):
        for length in range(2, size + 1):
            for max_levels in range(size * size + 1):
                board = Configurations(size, length, max_levels)
                board.save_play(0, 0, "X")
                stats = SearchStats()
                computer_play(board, stats=stats)
                assert stats.nodes <= most_positions(size * size - 1, max_levels), (size, length, max_levels)


def expansions(empty_squares: int, max_levels: int) -> int:
    """The tries of every board a search with no cut and no win expands, each once: walked, not counted by formula."""
    tries = empty_squares
    boards: set[tuple[frozenset[int], frozenset[int]]] = {(frozenset(), frozenset())}  # (O's squares, X's), O first
    for tiles in range(1, min(max_levels, empty_squares - 1) + 1):
        boards = {
            (o_squares | {square}, x_squares) if tiles % 2 else (o_squares, x_squares | {square})
            for o_squares, x_squares in boards
            for square in range(empty_squares)
            if square not in o_squares | x_squares
        }
        tries += len(boards) * (empty_squares - tiles)
    return tries


def test_the_bound_counts_every_board_the_search_could_expand() -> None:
    assert most_positions(3, 2) == 3 + 3 * 2 + 6 * 1  # 3 boards of O alone try 2 squares; 6 of O and X try 1
    for empty_squares in range(7):
        for max_levels in range(8):
            assert most_positions(empty_squares, max_levels) == expansions(empty_squares, max_levels)


# -------------------------------------------------------------- the report


def report_lines(spec: str, capsys: pytest.CaptureFixture[str], *options: str) -> list[str]:
    assert report.main([spec, *options]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def figure(lines: list[str], label: str) -> str:
    (line,) = [line for line in lines if line.startswith(f"{label}  ")]
    return line.removeprefix(label).strip()


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "game"), CASES[:3])
def test_the_reports_collisions_match_an_independent_count(
    spec: str, game: tuple[int, int, int, int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    boards, buckets = reference_boards(*game)
    # A collision is a put into a bucket that already holds a key: every key but the first of its bucket.
    collisions = len(boards) - len({polynomial_hash(board, buckets) for board in boards})
    lines = report_lines(f"search:{spec}", capsys)
    assert lines[0].startswith(f"Keys: search:{spec} (the {len(boards)} boards computer_play stores replying to X")
    assert figure(lines, "buckets") == str(buckets)
    assert figure(lines, "records") == str(len(boards))
    assert figure(lines, "collisions") == str(collisions)


def test_size_and_compare_still_choose_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    boards, _ = reference_boards(3, 3, 9, 1, 1)
    lines = report_lines("search:3,3,9", capsys, "--compare", "7", "101")
    assert lines[2].split() == ["buckets", "7", "101"]
    for size, column in ((7, 1), (101, 2)):
        collisions = len(boards) - len({polynomial_hash(board, size) for board in boards})
        assert figure(lines, "collisions").split()[column - 1] == str(collisions)


BAD_SPECS = [
    ("search:", "needs SIZE,LENGTH,MAX_LEVELS[,OPENING], 3 or 4 values separated by commas, got 0"),
    ("search:4,4", "needs SIZE,LENGTH,MAX_LEVELS[,OPENING], 3 or 4 values separated by commas, got 2"),
    ("search:4,4,16,a1,b2", "needs SIZE,LENGTH,MAX_LEVELS[,OPENING], 3 or 4 values separated by commas, got 5"),
    ("search:four,4,16", "SIZE must be a whole number from 1 to 26, got 'four'"),
    ("search:4,x,16", "LENGTH must be a whole number from 1 to 4, got 'x'"),
    ("search:4,4,1.5", "MAX_LEVELS must be a whole number, at least 0, got '1.5'"),
    ("search:0,1,1", "SIZE must be a whole number from 1 to 26, got '0'"),
    ("search:27,3,2", "SIZE must be a whole number from 1 to 26, got '27'"),
    ("search:4,5,2", "LENGTH must be a whole number from 1 to 4, got '5'"),
    ("search:4,4,-1", "MAX_LEVELS must be a whole number, at least 0, got '-1'"),
    ("search:3,1,2", "LENGTH 1: X's opening wins at once, so the computer never replies"),
    ("search:4,4,16,e1", "OPENING: 'e1' is not on this board: columns a-d, rows 1-4"),
    ("search:4,4,16,", "OPENING: cannot read '' as a move: type a column letter then a row number, e.g. b3"),
    (
        "search:6,4,7",
        "the search could try up to 7639259775 positions, more than the 100000000 the report allows:"
        " lower MAX_LEVELS or SIZE",
    ),
]


@pytest.mark.parametrize(("spec", "problem"), BAD_SPECS)
def test_a_bad_search_is_a_usage_error_before_any_search(
    spec: str, problem: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_search(*arguments: object) -> None:
        raise AssertionError(f"searched for {spec!r}: {arguments}")

    monkeypatch.setattr(search_keys, "stored_boards", no_search)
    with pytest.raises(SystemExit) as exit_info:
        report.main([spec])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1] == f"python -m tictactoe.cli.report: error: {spec!r}: {problem}"


def test_the_cap_admits_the_deepest_search_of_a_4x4_board() -> None:
    # 4,4,16 and 5,4,6 run (the benchmark's W4 and W6); 6,4,7 does not.
    assert most_positions(15, 16) <= most_positions(24, 6) <= MAX_SEARCH_POSITIONS < most_positions(35, 7)


def run_program(*arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m tictactoe.cli.report ARGUMENTS`` in a process of its own."""
    command = [sys.executable, "-m", "tictactoe.cli.report", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, check=False)


def test_the_program_runs_the_report_on_a_search() -> None:
    result = run_program("search:3,3,9")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith(
        "Keys: search:3,3,9 (the 577 boards computer_play stores replying to X at b2 on a 3x3 board, 3 in a row,"
        " 9 levels; a table of 2819 buckets)\n\nbuckets                  2819\nrecords                   577\n"
    )


def test_a_bad_search_from_the_program_is_one_line_after_the_usage_and_no_traceback() -> None:
    result = run_program("search:4,x,16")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("usage: python -m tictactoe.cli.report ")
    assert result.stderr.endswith(
        "\npython -m tictactoe.cli.report: error: 'search:4,x,16': LENGTH must be a whole number from 1 to 4, got 'x'\n"
    )
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_the_guides_example_is_what_the_report_prints(capsys: pytest.CaptureFixture[str]) -> None:
    guide = (ROOT / "docs" / "dictionary.md").read_text(encoding="utf-8")
    command = "$ python -m tictactoe.cli.report search:4,4,16\n"
    example = guide.split(command, 1)[1].split("```", 1)[0]
    assert report.main(["search:4,4,16"]) == 0
    assert capsys.readouterr().out == example
