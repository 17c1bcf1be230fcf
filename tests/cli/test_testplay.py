"""Tests of testplay.py (run as a program) and of tictactoe.harness.play_cases, which it runs."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tictactoe.harness.play_cases
from configurations import Configurations, PosPlay, SearchStats
from tests.paths import ROOT, SAMPLE_CASES
from tictactoe.cli.testplay import report
from tictactoe.harness.play_cases import (
    Case,
    CaseFileError,
    CaseResult,
    builtin_results,
    parse_case,
    read_case_file,
    run_case,
)

needs_sample = pytest.mark.skipif(not SAMPLE_CASES.is_file(), reason=f"{SAMPLE_CASES} is not there")

# One valid case of each kind, as a case file writes them.
PLAY = {
    "id": "p1",
    "check": "play",
    "size": 5,
    "length": 4,
    "max_levels": 1,
    "board": ["   X ", " XO X", "     ", "X O O", "     "],
    "expect": {"score": 1, "row": 0, "col": 0, "nodes": 52},
}
BOARD = {
    "id": "b1",
    "check": "board",
    "size": 3,
    "length": 3,
    "board": ["XOX", "XOO", "OXX"],
    "expect": {"wins_x": False, "wins_o": False, "is_draw": True, "eval": 2},
}


def run_testplay(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "testplay.py"), *map(str, arguments)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def write_cases(path: Path, *lines: object) -> Path:
    """A case file: dicts are written as JSON, strings as they are."""
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    return path


def changed(case: dict[str, object], **fields: object) -> dict[str, object]:
    return {**case, **fields}


def without(case: dict[str, object], key: str) -> dict[str, object]:
    return {name: value for name, value in case.items() if name != key}


# ---------------------------------------------------------------- the program


def test_builtin_tests_all_pass() -> None:
    result = run_testplay()
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout
    assert result.stderr == ""
    assert lines[-1] == f"{len(lines) - 1} passed, 0 failed"
    assert len(lines) > 40
    assert all(re.fullmatch(r"ok [a-z0-9-]+", line) for line in lines[:-1]), lines
    ids = [line.removeprefix("ok ") for line in lines[:-1]]
    assert len(set(ids)) == len(ids)
    for method in ("new-board", "create-dictionary", "table-store", "save-play", "square-is-empty", "wins", "is-draw"):
        assert any(case_id.startswith(method) for case_id in ids), method
    assert "eval-draw" in ids
    assert "play-4x4-corner" in ids


@needs_sample
def test_sample_case_file_passes() -> None:
    ids = [json.loads(line)["id"] for line in SAMPLE_CASES.read_text().splitlines() if line.strip()]
    result = run_testplay("--cases", SAMPLE_CASES)
    assert result.returncode == 0
    assert result.stderr == ""
    assert result.stdout.splitlines() == [f"ok {case_id}" for case_id in ids] + [f"{len(ids)} passed, 0 failed"]


def test_failing_cases_say_what_was_expected_and_got(tmp_path: Path) -> None:
    cases = write_cases(
        tmp_path / "wrong.jsonl",
        changed(PLAY, id="wrong-nodes", expect={"score": 1, "nodes": 53}),
        changed(PLAY, id="right-subset", expect={"row": 0, "col": 0}),
        changed(BOARD, id="wrong-board", expect={"is_draw": False, "eval": 1}),
        changed(BOARD, id="no-expectations", expect={}),
    )
    result = run_testplay("--cases", cases)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "FAIL wrong-nodes: expected score=1 nodes=53, got score=1 nodes=52",
        "ok right-subset",
        "FAIL wrong-board: expected is_draw=false eval=1, got is_draw=true eval=2",
        "ok no-expectations",
        "2 passed, 2 failed",
    ]


def test_malformed_lines_are_reported_by_file_and_line(tmp_path: Path) -> None:
    cases = write_cases(
        tmp_path / "bad.jsonl",
        BOARD,
        '{"id": "x", "check": "board",',
        "",
        without(PLAY, "expect"),
        changed(PLAY, size="5"),
        changed(BOARD, board=["XOX", "XO", "OXX"]),
        changed(BOARD, check="moves"),
        changed(PLAY, id="still-runs"),
    )
    result = run_testplay("--cases", cases)
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "ok b1",
        f"FAIL {cases}:2: malformed case: bad JSON: Expecting property name enclosed in double quotes at column 30",
        f"FAIL {cases}:4: malformed case: missing key 'expect'",
        f"FAIL {cases}:5: malformed case: 'size' must be an integer of at least 1, got \"5\"",
        f"FAIL {cases}:6: malformed case: 'board' row 2 must have 3 squares, got \"XO\"",
        f'FAIL {cases}:7: malformed case: unknown check "moves": expected "play" or "board"',
        "ok still-runs",
        "2 passed, 5 failed",
    ]


def test_a_missing_file_is_reported_and_the_others_still_run(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    good = write_cases(tmp_path / "good.jsonl", BOARD)
    result = run_testplay("--cases", missing, good)
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        f"FAIL {missing}: cannot read the file: No such file or directory",
        "ok b1",
        "1 passed, 1 failed",
    ]


def test_several_files_run_in_order(tmp_path: Path) -> None:
    first = write_cases(tmp_path / "a.jsonl", changed(BOARD, id="a1"), changed(BOARD, id="a2"))
    second = write_cases(tmp_path / "b.jsonl", changed(PLAY, id="b1"))
    result = run_testplay("--cases", first, second)
    assert (result.returncode, result.stdout) == (0, "ok a1\nok a2\nok b1\n3 passed, 0 failed\n")


def test_repeated_cases_options_run_every_file_in_order(tmp_path: Path) -> None:
    first = write_cases(tmp_path / "a.jsonl", changed(BOARD, id="a1"))
    second = write_cases(tmp_path / "b.jsonl", changed(PLAY, id="b1"))
    third = write_cases(tmp_path / "c.jsonl", changed(BOARD, id="c1"))
    result = run_testplay("--cases", first, "--cases", second, third)
    assert (result.returncode, result.stdout) == (0, "ok a1\nok b1\nok c1\n3 passed, 0 failed\n")


@pytest.mark.parametrize("lines", [[], ["", "   "]], ids=["no-lines", "blank-lines"])
def test_a_file_without_cases_fails_and_the_others_still_run(tmp_path: Path, lines: list[str]) -> None:
    empty = write_cases(tmp_path / "empty.jsonl", *lines)
    good = write_cases(tmp_path / "good.jsonl", BOARD)
    result = run_testplay("--cases", empty, good)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"FAIL {empty}: no cases in the file", "ok b1", "1 passed, 1 failed"]


def test_only_files_without_cases_fail(tmp_path: Path) -> None:
    result = run_testplay("--cases", write_cases(tmp_path / "empty.jsonl"))
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout == f"FAIL {tmp_path / 'empty.jsonl'}: no cases in the file\n0 passed, 1 failed\n"


def test_a_line_nested_too_deeply_is_a_malformed_case_and_the_next_lines_run(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    inside = json.dumps(changed(BOARD, id="deep-board")).replace('["XOX", "XOO", "OXX"]', deep)
    cases = write_cases(tmp_path / "deep.jsonl", deep, inside, changed(BOARD, id="after"))
    result = run_testplay("--cases", cases)
    assert (result.returncode, result.stderr) == (1, "")
    assert result.stdout.splitlines() == [
        f"FAIL {cases}:1: malformed case: nested too deeply",
        f"FAIL {cases}:2: malformed case: nested too deeply",
        "ok after",
        "1 passed, 2 failed",
    ]


def test_an_older_python_is_refused_in_one_line() -> None:
    code = (
        "import runpy, sys\n"
        "sys.version_info = (3, 10, 4, 'final', 0)\n"
        "runpy.run_path('testplay.py', run_name='__main__')"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False, timeout=60
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "testplay.py: needs Python 3.11 or newer, this is 3.10.4\n"


def test_help_describes_the_options() -> None:
    result = run_testplay("--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: testplay.py [-h] [--version] [--cases FILE [FILE ...]]")
    assert "JSON Lines" in result.stdout


@pytest.mark.parametrize("arguments", [["--cases"], ["--bogus"], ["cases.jsonl"]])
def test_bad_command_lines_exit_with_status_2(arguments: list[str]) -> None:
    result = run_testplay(*arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("usage: testplay.py")
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- parse_case


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[1, 2]", "a case must be a JSON object, got [1, 2]"),
        ('"play"', 'a case must be a JSON object, got "play"'),
        ("{", "bad JSON: Expecting property name enclosed in double quotes at column 2"),
        ("{} {}", "bad JSON: Extra data at column 4"),
        (json.dumps(without(BOARD, "id")), "missing key 'id'"),
        (json.dumps(without(BOARD, "check")), "missing key 'check'"),
        (json.dumps(without(BOARD, "size")), "missing key 'size'"),
        (json.dumps(without(BOARD, "length")), "missing key 'length'"),
        (json.dumps(without(BOARD, "board")), "missing key 'board'"),
        (json.dumps(without(PLAY, "max_levels")), "missing key 'max_levels'"),
        (json.dumps(changed(BOARD, id="")), "'id' must be a non-empty string without surrounding spaces, got \"\""),
        (json.dumps(changed(BOARD, id=7)), "'id' must be a non-empty string without surrounding spaces, got 7"),
        (json.dumps(changed(BOARD, check="Play")), 'unknown check "Play": expected "play" or "board"'),
        (json.dumps(changed(BOARD, check=None)), 'unknown check null: expected "play" or "board"'),
        (json.dumps(changed(BOARD, size=0)), "'size' must be an integer of at least 1, got 0"),
        (json.dumps(changed(BOARD, size=3.0)), "'size' must be an integer of at least 1, got 3.0"),
        (json.dumps(changed(BOARD, size=True)), "'size' must be an integer of at least 1, got true"),
        (json.dumps(changed(BOARD, length=0)), "'length' must be an integer of at least 1, got 0"),
        (json.dumps(changed(BOARD, length=4)), "'length' must be at most 'size' (3), got 4"),
        (json.dumps(changed(PLAY, max_levels=-1)), "'max_levels' must be an integer of at least 0, got -1"),
        (json.dumps(changed(BOARD, max_levels="2")), "'max_levels' must be an integer of at least 0, got \"2\""),
        (
            json.dumps(changed(BOARD, board="XOXXOOOXX")),
            "'board' must be a list of 3 strings (the size), got \"XOXXOOOXX\"",
        ),
        (
            json.dumps(changed(BOARD, board=["XOX", "XOO"])),
            '\'board\' must be a list of 3 strings (the size), got ["XOX", "XOO"]',
        ),
        (
            json.dumps(changed(BOARD, board=["XOX", "XOO", 5])),
            '\'board\' must be a list of 3 strings (the size), got ["XOX", "XOO", 5]',
        ),
        (json.dumps(changed(BOARD, board=["XOX", "XOOX", "OXX"])), "'board' row 2 must have 3 squares, got \"XOOX\""),
        (
            json.dumps(changed(BOARD, board=["XOX", "XoO", "OXX"])),
            "'board' row 2 holds \"o\": squares are X, O or a space",
        ),
        (
            json.dumps(changed(BOARD, board=["XOX", "XO.", "OXX"])),
            "'board' row 2 holds \".\": squares are X, O or a space",
        ),
        (json.dumps(changed(BOARD, expect=[2])), "'expect' must be a JSON object, got [2]"),
        (
            json.dumps(changed(BOARD, expect={"score": 2})),
            'unknown key "score" in \'expect\' of a board case: expected "wins_x", "wins_o", "is_draw", "eval"',
        ),
        (
            json.dumps(changed(PLAY, expect={"eval": 2})),
            'unknown key "eval" in \'expect\' of a play case: expected "score", "row", "col", "nodes"',
        ),
        (json.dumps(changed(PLAY, expect={"nodes": "52"})), '\'expect\' "nodes" must be an integer, got "52"'),
        (json.dumps(changed(PLAY, expect={"score": True})), "'expect' \"score\" must be an integer, got true"),
        (json.dumps(changed(BOARD, expect={"is_draw": 1})), "'expect' \"is_draw\" must be true or false, got 1"),
    ],
)
def test_parse_case_names_the_problem(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(problem)}$"):
        parse_case(text)


def test_parse_case_reads_every_field() -> None:
    rows = ("   X ", " XO X", "     ", "X O O", "     ")
    expect = (("score", 1), ("row", 0), ("col", 0), ("nodes", 52))
    assert parse_case(json.dumps(PLAY)) == Case("p1", "play", 5, 4, 1, rows, expect)
    board_case = parse_case(json.dumps(changed(BOARD, note="extra keys are ignored")))
    assert (board_case.check, board_case.max_levels, board_case.board) == ("board", 0, ("XOX", "XOO", "OXX"))
    assert board_case.expect == (("wins_x", False), ("wins_o", False), ("is_draw", True), ("eval", 2))


@pytest.mark.parametrize("depth", [100_000, 5_000])
def test_parse_case_refuses_json_nested_too_deeply(depth: int) -> None:
    nested = "[" * depth + "]" * depth
    with pytest.raises(ValueError, match=r"^nested too deeply$"):
        parse_case(nested)
    with pytest.raises(ValueError, match=r"^nested too deeply$"):
        parse_case('{"id": "x", "check": "board", "size": 1, "length": 1, "board": ' + nested + ', "expect": {}}')


def test_long_values_are_cut_short_in_messages() -> None:
    with pytest.raises(ValueError, match=r'^\'id\' must be .*, got \["xxxxx.*\.\.\.$') as error:
        parse_case(json.dumps(changed(BOARD, id=["x" * 200])))
    assert len(str(error.value)) < 150


# ---------------------------------------------------------------- read_case_file


def test_read_case_file_counts_lines_from_1_and_skips_blank_ones(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"\n" + json.dumps(BOARD).encode() + b"\n\xff\xfe\n  \n{}\n")
    items = list(read_case_file(path))
    assert isinstance(items[0], Case)
    assert [str(item) for item in items[1:]] == [
        f"{path}:3: the line is not UTF-8 text",
        f"{path}:5: missing key 'id'",
    ]


def test_read_case_file_accepts_a_byte_order_mark_and_crlf_lines(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(BOARD).encode() + b"\r\n" + json.dumps(PLAY).encode() + b"\r\n")
    assert [item.id for item in read_case_file(path) if isinstance(item, Case)] == ["b1", "p1"]


def test_read_case_file_of_a_directory(tmp_path: Path) -> None:
    (item,) = read_case_file(tmp_path)
    assert isinstance(item, CaseFileError)
    assert item.location == str(tmp_path)
    assert item.problem == "cannot read the file: Is a directory"


# ---------------------------------------------------------------- run_case and report


def test_run_case_passes_and_fails() -> None:
    assert run_case(parse_case(json.dumps(PLAY))) == CaseResult("p1", None)
    wrong = parse_case(json.dumps(changed(PLAY, expect={"row": 1, "col": 0})))
    assert run_case(wrong) == CaseResult("p1", "expected row=1 col=0, got row=0 col=0")


def test_run_case_fails_a_search_that_changes_the_board(monkeypatch: pytest.MonkeyPatch) -> None:
    def sloppy(configs: Configurations, *, stats: SearchStats | None = None) -> PosPlay:
        configs.save_play(4, 4, "O")
        return PosPlay(1, 0, 0)

    monkeypatch.setattr(tictactoe.harness.play_cases, "computer_play", sloppy)
    result = run_case(parse_case(json.dumps(PLAY)))
    assert result.failure is not None
    assert result.failure.startswith("expected the board left as '   X  XO X     X O O     ', got '")


def test_run_case_reports_a_crash_as_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def crashing(configs: Configurations, *, stats: SearchStats | None = None) -> PosPlay:
        raise RuntimeError("out of cheese")

    monkeypatch.setattr(tictactoe.harness.play_cases, "computer_play", crashing)
    assert run_case(parse_case(json.dumps(PLAY))).line() == (
        "FAIL p1: expected score=1 row=0 col=0 nodes=52, got RuntimeError: out of cheese"
    )
    no_expectations = parse_case(json.dumps(changed(PLAY, expect={})))
    assert run_case(no_expectations).failure == "expected no error, got RuntimeError: out of cheese"


def test_builtin_results_catch_a_broken_method(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Configurations, "is_draw", lambda configs: False)
    failures = [result.line() for result in builtin_results() if not result.passed]
    assert "FAIL is-draw-full: expected True, got False" in failures
    assert (
        "FAIL board-draw: expected wins_x=false wins_o=false is_draw=true eval=2,"
        " got wins_x=false wins_o=false is_draw=false eval=2"
    ) in failures


def test_report_prints_each_line_and_the_tally(capsys: pytest.CaptureFixture[str]) -> None:
    status = report([CaseResult("a", None), CaseResult("b", "expected 1, got 2"), CaseResult("c", None)])
    assert status == 1
    assert capsys.readouterr().out == "ok a\nFAIL b: expected 1, got 2\nok c\n2 passed, 1 failed\n"


def test_report_of_nothing_does_not_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert report([]) == 1
    assert capsys.readouterr().out == "0 passed, 0 failed\n"
