"""Tests of python -m tictactoe.proofcheck and of the solver's --proof, run as a person runs them."""

from __future__ import annotations

import gzip
import json
from typing import TYPE_CHECKING

import pytest

from tests.limited import one_line, run_limited
from tests.proofcheck.test_checker import draw_3x3

if TYPE_CHECKING:
    from pathlib import Path

CHECK = ["-m", "tictactoe.proofcheck"]
SOLVE = ["-m", "tictactoe.solver"]


VALID_3X3 = "proof: valid\nvalue: draw\nboard: 3x3\nlength: 3\nrule: freestyle\nto move: X\nposition:\n" + "  ...\n" * 3


def test_a_valid_certificate_says_so_its_value_and_what_it_is_proved_of(tmp_path: Path) -> None:
    path = tmp_path / "draw.txt"
    path.write_text("\n".join(draw_3x3()) + "\n", encoding="ascii")
    result = run_limited([*CHECK, path])
    assert (result.returncode, result.stdout, result.stderr) == (0, VALID_3X3, "")


@pytest.mark.slow
def test_a_certificate_of_a_position_a_few_moves_in_shows_that_position(tmp_path: Path) -> None:
    # 8x8 with five in a row and no record: X to move holds four in a row, and completes it.  The header names no
    # rule, as none did before there was another: freestyle's.
    board = ["........", "..XXXX..", "........", "...OOO..", "........", "........", "....O...", "........"]
    fields = {"format": "k-in-a-row proof", "version": 1, "rows": 8, "cols": 8, "length": 5}
    path = tmp_path / "four.txt"
    path.write_text(json.dumps({**fields, "board": board, "value": "X wins", "records": 0}) + "\n", encoding="ascii")
    result = run_limited([*CHECK, path])
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "proof: valid",
        "value: X wins",
        "board: 8x8",
        "length: 5",
        "rule: freestyle",
        "to move: X",
        "position:",
        *(f"  {row}" for row in board),
    ]


def test_more_records_than_the_budget_are_refused_before_any_is_read(tmp_path: Path) -> None:
    path = tmp_path / "draw.txt"
    path.write_text("\n".join(draw_3x3()) + "\n", encoding="ascii")
    result = run_limited([*CHECK, path, "--most-records", "28"])
    assert result.stdout == "proof: invalid: the header counts 29 records, more than the 28 allowed\n"
    assert run_limited([*CHECK, path, "--most-records", "29"]).stdout == VALID_3X3


@pytest.mark.slow
@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the first line is not the header of a k-in-a-row proof"),
        (("\n".join(draw_3x3()[:-3]) + "\n").encode(), "the file ends after 26 of the 29 records it counts"),
        (("\n".join(draw_3x3(value="X wins")) + "\n").encode(), "a pairs leaf shows only that O cannot win"),
        (gzip.compress(("\n".join(draw_3x3()) + "\n").encode())[:-12], "the compressed file is cut short or damaged"),
        (b"\x1f\x8bnot gzip at all", "cannot read"),
        (bytes(range(256)), "the file is not text of the certificate's alphabet"),
        (b"[" * 1000 + b"]" * 1000 + b"\n", "the header nests its values deeper than a header does"),
    ],
)
def test_a_file_that_proves_nothing_is_one_line_and_status_1(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "bad"
    path.write_bytes(content)
    result = run_limited([*CHECK, path])
    assert result.returncode == 1
    assert result.stderr == ""
    assert result.stdout.startswith("proof: invalid: ")
    assert reason in result.stdout
    assert result.stdout.count("\n") == 1


def test_a_missing_file_or_a_directory_is_refused_without_a_traceback(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.gz", tmp_path):
        result = run_limited([*CHECK, path])
        assert result.returncode == 1
        assert result.stdout.startswith(f"proof: invalid: cannot read {path}: ")
    result = run_limited([*CHECK])
    assert result.returncode == 2
    assert "the following arguments are required: FILE" in one_line(result)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["proof.txt", "proof.gz"])
def test_the_solver_writes_a_certificate_the_checker_accepts(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    solved = run_limited([*SOLVE, "4x3", "3", "--board", "X..", "...", "...", ".O.", "--proof", path])
    assert solved.returncode == 0, solved.stderr
    assert solved.stdout.startswith("value: X wins\n")
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")
    checked = run_limited([*CHECK, path])
    assert checked.returncode == 0
    lines = ["proof: valid", "value: X wins", "board: 4x3", "length: 3", "rule: freestyle", "to move: X"]
    assert checked.stdout.splitlines()[:6] == lines
    assert not list(tmp_path.glob(".*partial"))


@pytest.mark.slow
def test_a_standard_certificate_names_its_rule_and_a_freestyle_one_never_passes_for_one(tmp_path: Path) -> None:
    # O to move wins under freestyle with an overline of five when X has blocked the four, under standard draws.
    board = [".X...", ".X...", "XO.OX", "OO..O", "X...X"]
    standard, freestyle = tmp_path / "standard.txt", tmp_path / "freestyle.txt"
    for path, rule in ((standard, "standard"), (freestyle, "freestyle")):
        solved = run_limited([*SOLVE, "5", "4", "--board", *board, "--rule", rule, "--proof", path])
        assert solved.returncode == 0, solved.stderr
    checked = run_limited([*CHECK, standard, "--rule", "standard"])
    assert (checked.returncode, checked.stdout.splitlines()[:6]) == (
        0,
        ["proof: valid", "value: draw", "board: 5x5", "length: 4", "rule: standard", "to move: O"],
    )
    assert run_limited([*CHECK, freestyle]).stdout.splitlines()[1:5:3] == ["value: O wins", "rule: freestyle"]
    relabelled = tmp_path / "relabelled.txt"
    text = freestyle.read_text(encoding="ascii")
    relabelled.write_text(text.replace('"rule": "freestyle"', '"rule": "standard"', 1), encoding="ascii")
    for arguments, reason in (
        ([relabelled], "no record of O's move in .X.../.X.../XO.OX/OO.OO/X..XX"),
        ([freestyle, "--rule", "standard"], "the certificate proves its value under freestyle, not under standard"),
        ([standard, "--rule", "freestyle"], "the certificate proves its value under standard, not under freestyle"),
    ):
        result = run_limited([*CHECK, *arguments])
        assert (result.returncode, result.stdout, result.stderr) == (1, f"proof: invalid: {reason}\n", "")


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        ('"rule": "renju"', "the header's rule is 'renju', not one of freestyle, standard"),
        ('"rule": 5', "the header's rule is 5, not one of freestyle, standard"),
    ],
)
def test_a_header_naming_a_rule_the_checker_does_not_know_is_invalid(tmp_path: Path, header: str, reason: str) -> None:
    path = tmp_path / "ruled.txt"
    lines = draw_3x3()
    path.write_text("\n".join([lines[0].replace('"length": 3', f'"length": 3, {header}'), *lines[1:]]) + "\n")
    result = run_limited([*CHECK, path])
    assert (result.returncode, result.stdout) == (1, f"proof: invalid: {reason}\n")


@pytest.mark.parametrize("rule", ["renju", "caro"])
def test_renju_and_caro_are_refused_in_one_line(tmp_path: Path, rule: str) -> None:
    result = run_limited([*CHECK, tmp_path / "any.txt", "--rule", rule])
    assert (result.returncode, result.stdout) == (2, "")
    assert one_line(result) == (
        f"python -m tictactoe.proofcheck: error: --rule {rule}: a certificate proves a value under freestyle or "
        f"standard, not {rule}"
    )


@pytest.mark.slow
def test_no_certificate_when_the_value_is_unknown_or_the_file_cannot_be_written(tmp_path: Path) -> None:
    unknown = run_limited([*SOLVE, "9", "5", "--think", "0.2", "--proof", tmp_path / "p"])
    assert unknown.returncode == 1
    assert unknown.stdout.startswith("value: unknown\n")
    assert unknown.stderr == "python -m tictactoe.solver: no certificate written: the value is unknown\n"
    assert not (tmp_path / "p").exists()
    nowhere = run_limited([*SOLVE, "3", "3", "--proof", tmp_path / "missing" / "p"])
    assert nowhere.returncode == 2
    assert "--proof: " in one_line(nowhere)
    assert "is no directory to write 'p' in" in one_line(nowhere)
    (tmp_path / "taken").mkdir()
    unwritable = run_limited([*SOLVE, "3", "3", "--proof", tmp_path / "taken"])
    assert unwritable.returncode == 1
    assert unwritable.stdout.startswith("value: draw\n")
    written = f"python -m tictactoe.solver: cannot write the certificate '{tmp_path}/taken'"
    assert one_line(unwritable).startswith(written)
