"""The programs given what a reliability audit gave them: every answer is one clear line and a bounded process.

Each program runs under an address-space limit of 500 MB and a time
limit (:func:`tests.limited.run_limited`), so that a program that reads or
grows without end fails here instead of swapping the machine.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.limited import one_line, run_limited
from tests.paths import ROOT
from tests.records import sample_record
from tictactoe.game.history import History
from tictactoe.game.sgf import to_sgf
from tictactoe.harness.play_cases import MAX_LINE_BYTES


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """A history holding three finished games."""
    path = tmp_path / "games.sqlite3"
    with History(path) as history:
        history.save_all([sample_record(), sample_record("a1 b1 a2 b2 a3"), sample_record("c1 a1 c2 a2 c3")])
    return path


# Input that never ends


def test_case_files_that_never_end_are_refused_at_their_first_long_line(tmp_path: Path) -> None:
    after = tmp_path / "after.jsonl"
    after.write_text(
        '{"id": "b", "check": "board", "size": 1, "length": 1, "board": ["X"], "expect": {"wins_x": true}}\n',
        encoding="utf-8",
    )
    result = run_limited(["testplay.py", "--cases", "/dev/zero", after])
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.splitlines() == [
        f"FAIL /dev/zero:1: malformed case: longer than {MAX_LINE_BYTES} bytes: the rest is not read",
        "ok b",
        "1 passed, 1 failed",
    ]


def test_importing_a_device_or_a_pipe_is_refused_before_it_is_read(tmp_path: Path) -> None:
    result = run_limited(["play.py", "--import", "/dev/zero", "--db", tmp_path / "x.db"])
    assert result.returncode == 1
    assert one_line(result) == "play.py: cannot read /dev/zero: not a regular file"
    fifo = tmp_path / "games.sgf"
    os.mkfifo(fifo)
    result = run_limited(["play.py", "--import", fifo, "--db", tmp_path / "x.db"])  # nobody writes: it would block
    assert one_line(result) == f"play.py: cannot read {fifo}: not a regular file"


def test_an_sgf_file_past_its_limit_is_refused(tmp_path: Path) -> None:
    huge = tmp_path / "huge.sgf"
    with huge.open("wb") as file:
        file.truncate(64 * 2**20 + 1)  # sparse: no disk spent
    result = run_limited(["play.py", "--import", huge, "--db", tmp_path / "x.db"])
    assert result.returncode == 1
    assert one_line(result) == f"play.py: cannot read {huge}: larger than 64 MiB, more than files of games hold"


def test_a_piped_line_that_never_ends_is_cut_and_refused() -> None:
    result = run_limited(["play.py", "3", "3", "9"], stdin="x" * 3_000_000 + "\nquit\n")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[5] == "Your move: " + "x" * 39 + "\u2026"
    assert (
        lines[6] == "cannot read 'xxxxxxxxxxxxxxxxxxx\u2026' as a move: type a column letter then a row number, e.g. b3"
    )
    assert lines[-2:] == ["Your move: quit", "Game abandoned"]


# Work without bound


@pytest.mark.parametrize(
    ("size", "levels"),
    [pytest.param(26, 50, id="26x26 at 50 levels"), pytest.param(26, 12, id="26x26 at 12 levels")],
)
def test_a_case_whose_search_could_run_for_ever_is_refused(tmp_path: Path, size: int, levels: int) -> None:
    rows = ", ".join(['"' + " " * size + '"'] * size)
    cases = tmp_path / "big.jsonl"
    cases.write_text(
        f'{{"id": "big", "check": "play", "size": {size}, "length": 5, "max_levels": {levels}, '
        f'"board": [{rows}], "expect": {{"score": 1}}}}\n',
        encoding="utf-8",
    )
    result = run_limited(["testplay.py", "--cases", cases])
    assert (result.returncode, result.stderr) == (1, "")
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"FAIL {cases}:1: malformed case: the search could try up to ")
    assert first.endswith("positions, more than the 1e+10 a case may: lower 'max_levels' or 'size'")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "problem"),
    [
        (
            1000,
            "the search could try up to 1e+18 positions, more than the 1e+10 a case may: lower 'max_levels' or 'size'",
        ),
        (1100, f"longer than {MAX_LINE_BYTES} bytes: the rest is not read"),
    ],
)
def test_a_case_on_a_board_of_a_million_squares_is_refused(tmp_path: Path, size: int, problem: str) -> None:
    rows = ", ".join(['"' + " " * size + '"'] * size)
    cases = tmp_path / "huge.jsonl"
    cases.write_text(
        f'{{"id": "huge", "check": "play", "size": {size}, "length": 5, "max_levels": 2, "board": [{rows}],'
        ' "expect": {"score": 1}}\n',
        encoding="utf-8",
    )
    result = run_limited(["testplay.py", "--cases", cases])
    assert result.stdout.splitlines()[0] == f"FAIL {cases}:1: malformed case: {problem}"


@pytest.mark.slow
def test_a_search_that_outgrows_its_memory_stops_with_one_line() -> None:
    result = run_limited(["play.py", "26", "26", "9", "--memory", "40"], stdin="m13\n")
    assert result.returncode == 1
    assert one_line(result) == (
        "play.py: the search on this 26x26 board outgrew its memory (40 MiB) at 9 levels: search fewer levels"
        " than 9, or let the strong player move, whose table stays bounded"
    )


@pytest.mark.slow
def test_by_default_the_search_stays_within_half_an_address_space_limit() -> None:
    result = run_limited(["play.py", "26", "26", "9"], stdin="m13\n")  # a quarter of the machine is more than 500 MB
    assert result.returncode == 1
    assert "outgrew its memory (250 MiB) at 9 levels" in one_line(result)


# Numbers too large, dates that are none, closed input


@pytest.mark.slow
@pytest.mark.parametrize(
    "mode", [["--replay", str(10**20)], ["--review", str(10**20)], ["--export", "out.sgf", "--game", str(10**20)]]
)
def test_a_game_id_too_large_for_the_history_is_a_usage_error(games: Path, tmp_path: Path, mode: list[str]) -> None:
    result = (
        run_limited(["play.py", *mode, "--db", games], cwd=tmp_path)
        if False
        else run_limited([ROOT / "play.py", *mode, "--db", games], cwd=tmp_path)
    )
    assert result.returncode == 2
    assert one_line(result).endswith(f"must be a whole number from 1 to {2**63 - 1}, got '{10**20}'")


def test_a_delay_too_long_to_wait_is_a_usage_error() -> None:
    result = run_limited(["play.py", "3", "3", "9", "--x", "rules", "--o", "perfect", "--delay", str(10**20)])
    assert result.returncode == 2
    assert (
        one_line(result)
        == f"play.py: error: argument --delay: must be a number of seconds from 0 to 60, got '{10**20}'"
    )


GAME = ";B[aa];W[bb];B[ab];W[cc];B[ac])\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("root", "problem"),
    [
        (
            "SZ[3]DT[2024-05-01]ML[" + "1" * 21 + "]",
            "game 1: ML[1111111111111111111\u2026] is out of range: at most 18 digits",
        ),
        ("SZ[3]DT[2026-13-45]", "game 1: DT[2026-13-45] is not a date of the calendar"),
        ("SZ[3]DT[0000-01-01]", "game 1: DT[0000-01-01] is not a date of the calendar"),
        (
            "SZ[" + "9" * 5000 + "]DT[2024-05-01]",
            "game 1: SZ[9999999999999999999\u2026]: a board has 1 to 26 rows, one for each letter of its columns",
        ),
        ("SZ[-3]DT[2024-05-01]", "game 1: SZ[-3]: a board has 1 to 26 rows, one for each letter of its columns"),
    ],
    ids=["ML 10**20", "DT month 13", "DT year 0", "SZ 5000 digits", "SZ -3"],
)
def test_sgf_numbers_and_dates_that_cannot_be_are_one_line(tmp_path: Path, root: str, problem: str) -> None:
    path = tmp_path / "bad.sgf"
    path.write_text(f"(;FF[4]GM[4]{root}{GAME}", encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    result = run_limited(["play.py", "--import", path, "--db", db])
    assert result.returncode == 1
    assert one_line(result) == f"play.py: {path}: {problem}"
    with History(db) as history:
        assert history.count() == 0  # nothing of the file is imported


def test_the_graph_s_game_with_its_input_closed_says_so() -> None:
    result = run_limited(["-m", "tictactoe.gamegraph", "play", "--as", "X"], closed_stdin=True)
    assert result.returncode == 1
    assert one_line(result) == "python -m tictactoe.gamegraph play: no standard input to read moves from"


# Answers that were unclear


def test_one_damaged_game_is_named_and_the_others_are_listed_and_exported(games: Path, tmp_path: Path) -> None:
    with sqlite3.connect(games) as connection:
        connection.execute("UPDATE games SET started = 'yesterday' WHERE id = 2")
    connection.close()
    listed = run_limited(["play.py", "--history", "--db", games])
    assert listed.returncode == 1
    assert [line.split()[0] for line in listed.stdout.splitlines()] == ["ID", "3", "1"]
    assert (
        one_line(listed)
        == f"play.py: {games}: game 2 is damaged: Invalid isoformat string: 'yesterday'; it is left out"
    )
    exported = run_limited(["play.py", "--export", tmp_path / "all.sgf", "--db", games])
    assert exported.returncode == 1
    assert exported.stdout == f"Exported 2 games to {tmp_path / 'all.sgf'}\n"
    assert "game 2 is damaged" in one_line(exported)
    assert (tmp_path / "all.sgf").read_text(encoding="utf-8") == to_sgf(
        [sample_record(), sample_record("c1 a1 c2 a2 c3")]
    )


def test_an_empty_db_path_is_a_usage_error() -> None:
    for arguments in (["3", "3", "9"], ["--history"]):
        result = run_limited(["play.py", *arguments, "--db", ""])
        assert result.returncode == 2
        assert one_line(result) == "play.py: error: argument --db: an empty path names no file"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--history", "--game", "1"], "argument --game: goes with --export only"),
        (["--replay", "1", "--player", "a"], "argument --player: goes with --history only"),
        (["--import", "x.sgf", "--result", "X"], "argument --result: goes with --history only"),
        (["--history", "--think", "2"], "argument --think: goes with --review only"),
        (["--replay", "1", "--redo"], "argument --redo: goes with --review only"),
        (["--review", "1", "--think", "0"], "argument --think: must be a number of seconds above 0, got '0'"),
        (["--review", "one"], f"argument --review: must be a whole number from 1 to {2**63 - 1}, got 'one'"),
    ],
)
def test_an_option_of_another_mode_is_a_usage_error(games: Path, arguments: list[str], problem: str) -> None:
    result = run_limited(["play.py", *arguments, "--db", games])
    assert result.returncode == 2
    assert one_line(result) == f"play.py: error: {problem}"


def test_an_export_whose_reader_goes_ends_as_the_other_commands_do(tmp_path: Path) -> None:
    """More than the pipe holds (64 KiB), so that the export writes after ``head`` has gone: status 141."""
    many = tmp_path / "many.sqlite3"
    with History(many) as history:
        history.save_all([sample_record()] * 400)
    command = f'{sys.executable} play.py --export /dev/stdout --db {many} | head -1; echo "${{PIPESTATUS[0]}}"'
    result = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    lines = result.stdout.splitlines()
    assert lines == ["(;FF[4]GM[4]CA[UTF-8]SZ[3]KL[3]ML[9]TH[2.5]", "141"], result.stderr
    assert result.stderr == ""


def test_the_solver_refuses_an_endless_think_as_play_py_does() -> None:
    for program in (["-m", "tictactoe.solver", "3", "3"], ["play.py", "3", "3", "9"]):
        result = run_limited([*program, "--think", "inf"])
        assert result.returncode == 2
        assert one_line(result).endswith("argument --think: must be a number of seconds above 0, got 'inf'")
