"""The renju benchmark's pieces: a position read as a game, and its table."""

from __future__ import annotations

import re

import pytest

from bench.rules import RENJU, board_of, main, moves_of
from configurations.moves import Move
from configurations.rules import forbidden_points
from tictactoe.solver.position import Position


def test_a_position_is_read_as_a_game_black_first() -> None:
    position = Position.from_rows(["X.O", ".X.", "..."], length=3)  # white to move: black has one more
    assert moves_of(position) == [Move(0, 0), Move(0, 2), Move(1, 1)]
    assert board_of(position) == "X O X    "
    assert moves_of(Position.from_rows(["XO.", "...", ".OX"], length=3)) == [
        Move(0, 0),
        Move(0, 1),
        Move(2, 2),
        Move(2, 1),
    ]


def test_a_position_read_as_a_game_has_its_forbidden_points() -> None:
    rows = ["." * 15] * 5 + [
        ".....X.X.......",
        "......XX.......",
        *["." * 15] * 6,
        "O..............",
        "O.O.O..........",
    ]
    assert forbidden_points(moves_of(Position.from_rows(rows, length=5)), RENJU) == frozenset({"h8"})


@pytest.mark.slow
def test_the_table_prints(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--runs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("the 40 positions of bench.strong as renju games, ")
    assert [line.split()[0] for line in lines[5:]] == [
        "forbidden_points(moves,",
        "renju_fouls(board)",
        "renju_foul(board,",
    ]
    assert all(re.search(r"  \d+\.\d  +\d+\.\d$", line) for line in lines[5:])
