"""Tests of tictactoe.solver.certificate: what the solver writes, the checker (which shares no code with it)
accepts, for random positions of square and other boards; and the file's form."""

from __future__ import annotations

import gzip
import json
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Winner
from configurations.rules import Rules
from tests.solver.test_solve import positions, rectangles
from tictactoe.proofcheck import CertificateError, Verdict, check_file, check_lines
from tictactoe.solver.certificate import ProofExtractor, header, write_certificate
from tictactoe.solver.position import Position
from tictactoe.solver.solve import Solver

if TYPE_CHECKING:
    from pathlib import Path

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True, database=None)


def certificate(position: Position) -> tuple[Winner, list[str]]:
    solver = Solver(position)
    value = solver.solve().value
    assert value is not None
    return value, [header(position, value, 0), *ProofExtractor(solver).extract(value)]


def counted(lines: list[str]) -> list[str]:
    """``lines`` with the header's count of records made right."""
    fields = json.loads(lines[0])
    return [json.dumps({**fields, "records": len(lines) - 1}), *lines[1:]]


@pytest.mark.slow
@SETTINGS
@given(st.one_of(positions(most_empty=9), rectangles(most_empty=9)))
def test_the_checker_accepts_the_certificate_of_every_position(position: Position) -> None:
    value, lines = certificate(position)
    if position.winner is not None or not position.empty_squares:  # nothing to prove: the checker says so
        with pytest.raises(CertificateError, match=r"^the header's board is a finished game: "):
            check_lines(counted(lines))
        return
    verdict = check_lines(counted(lines))
    assert (verdict.value, verdict.records) == (value.phrase, len(lines) - 1)
    assert (verdict.rows, verdict.cols, verdict.length) == (position.height, position.width, position.length)
    assert (verdict.board, verdict.mover) == (tuple(position.rows()), position.mover)


@pytest.mark.slow
def test_the_certificates_of_empty_boards_are_valid_and_small() -> None:
    sizes = {}
    for rows, cols, length in [(3, 3, 3), (4, 4, 3), (4, 4, 4), (3, 5, 3), (5, 5, 4), (2, 6, 4)]:
        value, lines = certificate(Position(Rules(rows, cols, length), 0, 0))
        assert check_lines(counted(lines)).value == value.phrase
        sizes[rows, cols, length] = (value, len(lines) - 1)
    assert sizes[3, 3, 3] == (Winner.DRAW, 25)
    assert sizes[4, 4, 3][0] is Winner.X
    assert sizes[5, 5, 4][0] is Winner.DRAW


def test_a_record_is_written_once_for_a_position_and_its_images() -> None:
    _, lines = certificate(Position(Rules(4, 4, 4), 0, 0))
    boards = [line.split(" ")[:2] for line in lines[1:]]
    assert len(boards) == len({tuple(board) for board in boards})
    for _, board in boards:  # each in its least orientation: no mirror of it is less
        rows = [board[start : start + 4] for start in range(0, 16, 4)]
        assert board <= "".join(row[::-1] for row in rows)
        assert board <= "".join(rows[::-1])


def test_the_header_and_the_file(tmp_path: Path) -> None:
    position = Position.from_rows(["X..", ".O.", "..."], length=3)
    value, lines = certificate(position)
    fields = json.loads(lines[0])
    assert {key: fields[key] for key in ("rows", "cols", "length", "board", "value")} == {
        "rows": 3,
        "cols": 3,
        "length": 3,
        "board": ["X..", ".O.", "..."],
        "value": "draw",
    }
    for name, compress in (("plain.txt", False), ("packed.gz", True)):
        write_certificate(tmp_path / name, position, value, lines[1:], compress=compress)
        assert check_file(tmp_path / name) == Verdict("draw", len(lines) - 1, 3, 3, 3, ("X..", ".O.", "..."), "X")
    assert gzip.decompress((tmp_path / "packed.gz").read_bytes()) == (tmp_path / "plain.txt").read_bytes()
