"""Tests of python -m tictactoe.solver as a person runs it: boards that are not square, lower-case tiles, and
what it says to a command line meant for play.py."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest

from tests.limited import one_line, run_limited
from tests.paths import ROOT

if TYPE_CHECKING:
    from pathlib import Path

SOLVER = ["-m", "tictactoe.solver"]


def solve_lines(*arguments: str) -> list[str]:
    """The lines a successful run prints, with the node count and the processor time blanked."""
    result = run_limited([*SOLVER, *arguments])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return [re.sub(r"^(nodes|seconds): .*", r"\1: ...", line) for line in result.stdout.splitlines()]


@pytest.mark.slow
def test_a_board_of_rows_by_columns_is_solved() -> None:
    assert solve_lines("3x4", "3") == ["value: X wins", "best: b2", "nodes: ...", "seconds: ..."]
    assert solve_lines("4X3", "3")[0] == "value: X wins"
    assert solve_lines("2x5", "4")[0] == "value: draw"


def test_a_rectangle_reads_its_rows_of_columns() -> None:
    lines = solve_lines("2x3", "3", "--board", "XX.", "OO.")
    assert lines[:2] == ["value: X wins", "best: c1"]


@pytest.mark.slow
def test_lower_case_tiles_are_read_as_upper_case_ones() -> None:
    lower, upper = ("xx.", "oo.", "..."), ("XX.", "OO.", "...")
    assert solve_lines("3", "3", "--board", *lower) == solve_lines("3", "3", "--board", *upper)
    assert solve_lines("3", "3", "--board", "x..", ".o.", "x..")[-1] == "to move: O"


@pytest.mark.slow
def test_whose_move_it_is_comes_last_on_a_board_given() -> None:
    assert solve_lines("3", "3", "--board", "X..", "...", "...")[-1] == "to move: O"
    assert solve_lines("3", "3", "--board", "...", "...", "...")[-1] == "to move: X"
    assert solve_lines("3", "3")[-1].startswith("seconds: ")  # the empty board: X moves first, as always


@pytest.mark.slow
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["4", "4", "4"],
            "unexpected '4' after SIZE and LENGTH: the solver searches to the end of the game, so it takes no "
            "max_levels as play.py does (try: python -m tictactoe.solver 4 4)",
        ),
        (["7x6", "5", "9"], "(try: python -m tictactoe.solver 7x6 5)"),
        (["seven", "3"], "argument SIZE: invalid int value: 'seven' (SIZE is a number, or ROWSxCOLS such as 7x6)"),
        (["7x", "3"], "argument SIZE: invalid int value: '7x'"),
        (["27x3", "3"], "ROWS must be between 1 and 26, got 27"),
        (["3x0", "1"], "COLS must be between 1 and 26, got 0"),
        (["3x2", "4"], "LENGTH must be between 1 and the larger side (3), got 4"),
        (["3x2", "3", "--board", "X..", "..."], "--board needs 3 rows for a board of 3x2, got 2"),
        (["2x3", "3", "--board", "X..", ".."], "--board: row 2 is '..': a board of 2x3 needs 3 squares in each, got 2"),
        (["3", "3", "--board", "xx.", "...", "..."], "--board: X has 2 tiles and O 0"),
        (["3", "3", "--board", "...", ".z.", "..."], "--board: row 2 is '.z.': 'z' is not a square"),
        (["3", "3", "--board", "XXX", "OO.", "..."], "--board: the game is over: X has a line"),
        (["3", "3", "--board", "XOX", "XOO", "OXX"], "--board: the game is over: the board is full"),
        (
            ["3", "3", "--board", "XXX", "OO.", "..O"],
            "--board: X has a line and O moved after it: the game stops at the line",
        ),
        (["3x5", "2", "--board", "XX.XX", "O.O.O", "....."], "--board: X's lines have no square in common"),
        (["6x7", "4", "--restrict", "5x5"], "--restrict: a region of 5x5 cannot be centred on a board of 6x7"),
        (["4", "3", "--restrict", "5x5"], "--restrict: a region of 5x5 does not fit a board of 4x4"),
        (
            ["5", "5", "--rule", "renju"],
            "error: --rule renju: the solver proves freestyle and standard only, not renju",
        ),
        (["5", "4", "--rule", "caro"], "error: --rule caro: the solver proves freestyle and standard only, not caro"),
        (["5", "4", "--rule", "gomoku"], "argument --rule: invalid choice: 'gomoku'"),
        (["4", "3", "--rule", "standard", "--board", "XXX.", "OO..", "....", "...."], "the game is over: X has a line"),
    ],
)
def test_a_command_line_it_cannot_use_is_one_line_and_status_2(arguments: list[str], message: str) -> None:
    result = run_limited([*SOLVER, *arguments])
    assert result.returncode == 2
    assert result.stdout == ""
    assert message in one_line(result)


def test_an_overline_on_the_board_is_no_line_under_standard() -> None:
    board = ["XXXX", "OO..", "....", "O..."]  # three in a row: X's four wins freestyle, not standard
    assert solve_lines("4", "3", "--rule", "standard", "--board", *board) == [
        "value: O wins",
        "best: c2",
        "nodes: ...",
        "seconds: ...",
        "to move: O",
    ]
    refused = run_limited([*SOLVER, "4", "3", "--board", *board])
    assert (refused.returncode, one_line(refused)) == (
        2,
        "python -m tictactoe.solver: error: --board: the game is over: X has a line",
    )


@pytest.mark.slow
def test_a_26x26_board_with_five_in_a_row_is_searched_as_deep_as_its_squares() -> None:
    # 676 plies deep at most: more frames than Python's default limit, which stopped 26x26 with a RecursionError.
    lines = solve_lines("26", "5", "--think", "0.5")
    assert lines[0] == "value: unknown"
    assert lines[1].startswith("best: ")


@pytest.mark.slow
def test_a_restricted_solve_proves_a_win_for_x_and_says_so_in_its_certificate(tmp_path: Path) -> None:
    assert solve_lines("4", "3", "--restrict", "2x4", "--proof", str(tmp_path / "win.txt"))[:2] == [
        "value: X wins",
        "best: b2",
    ]
    first = json.loads((tmp_path / "win.txt").read_text(encoding="ascii").splitlines()[0])
    assert (first["value"], first["restrict"]) == ("X wins", "2x4")
    checked = run_limited(["-m", "tictactoe.proofcheck", tmp_path / "win.txt"])
    assert checked.stdout.splitlines()[:2] == ["proof: valid", "value: X wins"]
    assert solve_lines("5", "4", "--restrict", "3x3")[0] == "value: unknown"  # a draw: not X's win


@pytest.mark.slow
def test_a_certificate_is_the_same_whatever_memory_while_no_table_fills(tmp_path: Path) -> None:
    # 6x6, four in a row: about 27,000 positions, which 64 MiB holds and 4 GiB too: the same bytes.  1 MiB holds
    # 7,000: the table lets positions go, and the search, and the strategy it writes, go another way -- a valid
    # certificate of the same value, the same for the same --memory.
    certificates: dict[str, list[bytes]] = {}
    for memory in ("64", "4096", "1", "1"):
        path = tmp_path / f"{memory}.txt"
        assert solve_lines("6", "4", "--memory", memory, "--proof", str(path))[0] == "value: X wins"
        certificates.setdefault(memory, []).append(path.read_bytes())
    assert certificates["64"] == certificates["4096"]
    assert certificates["1"][0] == certificates["1"][1]
    checked = run_limited(["-m", "tictactoe.proofcheck", tmp_path / "1.txt"])
    assert checked.stdout.splitlines()[:2] == ["proof: valid", "value: X wins"]


def test_a_documented_command_whose_certificate_is_named_by_digest_pins_memory() -> None:
    # The default --memory is half the machine's: without --memory the same command writes other bytes on a
    # machine whose table fills (docs/proofs.md, "Memory").
    guide = (ROOT / "docs" / "proofs.md").read_text(encoding="utf-8")
    for digest in re.finditer(r"sha256 [0-9a-f]{64}", guide):
        commands = re.findall(r"^python -m tictactoe\.solver .*--proof .*$", guide[: digest.start()], re.MULTILINE)
        assert commands, digest[0]
        assert "--memory " in commands[-1], commands[-1]
