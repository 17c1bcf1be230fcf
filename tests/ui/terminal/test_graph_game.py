"""Tests of tictactoe.ui.terminal.graph_game: the game against the 3x3 graph, played through a reader.

The program around it, ``python -m tictactoe.gamegraph play``, is tested
from the outside in tests/test_gamegraph.py.
"""

from __future__ import annotations

import io

import pytest

from tictactoe.gamegraph import game_graph
from tictactoe.ui.terminal.graph_game import HELP, parse_square, play, square_name
from tictactoe.ui.terminal.reader import echoing_reader


def test_a_typed_square_is_its_number_or_its_name() -> None:
    empty = " " * 9
    assert [parse_square(str(square), empty) for square in range(9)] == list(range(9))
    names = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "C3"]
    assert [parse_square(name, empty) for name in names] == list(range(9))
    assert [square_name(square) for square in range(9)] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    with pytest.raises(ValueError, match=r"^'d1' is not on this board: columns a-c, rows 1-3$"):
        parse_square("d1", empty)
    with pytest.raises(ValueError, match=r"^'10' is not on this board: squares are numbered 0 to 8$"):
        parse_square("10", empty)
    with pytest.raises(ValueError, match=r"^cannot read '-1' as a move: type a square's number, 0-8, or its name"):
        parse_square("-1", empty)
    with pytest.raises(ValueError, match=r"^'a1' is already taken: choose an empty square$"):
        parse_square("a1", "X" + " " * 8)


def test_a_piped_game_reads_through_the_interfaces_reader() -> None:
    out = io.StringIO()
    play(game_graph(), echoing_reader(io.StringIO("x\nhelp\nquit\n"), out), out)
    assert out.getvalue() == (
        "Play X or O? X moves first: x\n"
        "You are X; the graph plays O. Type help for how to play.\n"
        f"{game_graph().root.board}\n"
        f"Your move: help\n{HELP}\n"
        "Your move: quit\nGame abandoned\n"
    )


def test_input_that_ends_reaches_the_caller() -> None:
    out = io.StringIO()
    with pytest.raises(EOFError):
        play(game_graph(), echoing_reader(io.StringIO("4\n"), out), out, person="X")
    board = "O|1|2\n-+-+-\n3|X|5\n-+-+-\n6|7|8\n"
    assert out.getvalue().endswith(f"Your move: 4\nO plays a1 (square 0)\n{board}Your move: \n")
