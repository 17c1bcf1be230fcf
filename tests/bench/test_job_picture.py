"""The picture of a solve by jobs: from the empty board or from a position given row by row, as the solver reads
one, its jobs counted by the tiles on their boards."""

from __future__ import annotations

import pytest

from bench.job_picture import main

HEADER = "depth   jobs  split   seconds  median s  longest s  share of the jobs' seconds"


def picture(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    return capsys.readouterr().out.splitlines()


def depths(lines: list[str]) -> list[int]:
    """The depths of the picture's rows, after its header."""
    return [int(line.split()[0]) for line in lines[lines.index(HEADER) + 1 :]]


def test_a_position_given_row_by_row_is_solved_from_there(capsys: pytest.CaptureFixture[str]) -> None:
    lines = picture(capsys, "4", "3", "--board", "X...", ".O..", "....", "....", "--workers", "1")
    assert lines[0].startswith("4x4, 3 in a row from X... .O.. .... ...., --workers 1, commit ")
    # X to move with a tile already on each side: X completes three in a row first.
    assert lines[1].startswith("value: X; 100.00% of the root's search proved; ")
    assert depths(lines)[0] == 3  # the first jobs are the positions after X's next move


def test_the_empty_board_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    lines = picture(capsys, "3", "3", "--workers", "1")
    assert lines[0].startswith("3x3, 3 in a row, --workers 1, commit ")
    assert lines[1].startswith("value: draw; 100.00% of the root's search proved; ")
    assert depths(lines)[0] == 1
