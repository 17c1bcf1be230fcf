"""Tests of tictactoe.ui.terminal.graph_game: the side the person takes and the game it sets up.

The game itself is the main game's conversation; the program around it,
``python -m tictactoe.gamegraph play``, is tested from the outside in
tests/gamegraph/test_graph.py.
"""

from __future__ import annotations

import io

import pytest

from configurations.rules import Rules
from tictactoe.ui.terminal.graph_game import SIDE_PROMPT, choose_side, graph_settings
from tictactoe.ui.terminal.reader import echoing_reader


@pytest.mark.parametrize(("typed", "side"), [("x", "X"), ("X", "X"), (" o ", "O"), ("O", "O"), ("QUIT", None)])
def test_a_side_is_x_or_o_in_either_case_or_quit(typed: str, side: str | None) -> None:
    out = io.StringIO()
    assert choose_side(echoing_reader(io.StringIO(f"{typed}\n"), out), out) == side
    assert out.getvalue() == f"{SIDE_PROMPT}{typed}\n"


def test_anything_else_is_asked_again_with_the_reason_and_an_empty_line_silently() -> None:
    out = io.StringIO()
    assert choose_side(echoing_reader(io.StringIO("\nxo\n3\nx\n"), out), out) == "X"
    assert out.getvalue() == (
        f"{SIDE_PROMPT}\n"
        f"{SIDE_PROMPT}xo\nType X or O (or quit), not 'xo'\n"
        f"{SIDE_PROMPT}3\nType X or O (or quit), not '3'\n"
        f"{SIDE_PROMPT}x\n"
    )


def test_input_that_ends_reaches_the_caller() -> None:
    out = io.StringIO()
    with pytest.raises(EOFError):
        choose_side(echoing_reader(io.StringIO("z\n"), out), out)


@pytest.mark.parametrize(("person", "x", "o"), [("X", "human", "perfect"), ("O", "perfect", "human")])
def test_the_graph_plays_perfect_on_3x3_the_other_side_from_the_person(person: str, x: str, o: str) -> None:
    session = graph_settings(person).session
    assert [side.kind for side in session.competitors] == [x, o]
    assert [side.name for side in session.competitors] == [
        {"human": "You", "perfect": "perfect"}[x],
        {"human": "You", "perfect": "perfect"}[o],
    ]
    assert session.rules == Rules.square(3, 3)
