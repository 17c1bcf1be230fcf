"""The protocol's lines read into commands: every command, any case, and each kind of bad line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.brain.commands import (
    About,
    Begin,
    BoardStart,
    CommandError,
    Done,
    End,
    Info,
    Point,
    Restart,
    Start,
    Stone,
    Takeback,
    Turn,
    UnknownCommandError,
    parse,
)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("START 15", Start(15, 15)),
        ("RECTSTART 20,15", Start(20, 15)),
        ("BEGIN", Begin()),
        ("TURN 10,11", Turn(Point(10, 11))),
        ("TURN 10 , 11", Turn(Point(10, 11))),
        ("BOARD", BoardStart()),
        ("INFO timeout_turn 5000", Info("timeout_turn", "5000")),
        ("INFO folder C:\\brains\\x", Info("folder", "C:\\brains\\x")),
        ("INFO evaluate 3,4", Info("evaluate", "3,4")),
        ("RESTART", Restart()),
        ("TAKEBACK 0,0", Takeback(Point(0, 0))),
        ("ABOUT", About()),
        ("END", End()),
        ("end", End()),
        ("  turn 1,2\t", Turn(Point(1, 2))),
        ("INFO MAX_MEMORY 1000", Info("max_memory", "1000")),
    ],
)
def test_every_command_is_read(line: str, command: object) -> None:
    assert parse(line) == command


def test_between_board_and_done_a_line_is_a_stone_or_done() -> None:
    assert parse("3,4,1", in_board=True) == Stone(Point(3, 4), 1)
    assert parse(" 3 , 4 , 2 ", in_board=True) == Stone(Point(3, 4), 2)
    assert parse("done", in_board=True) == Done()
    with pytest.raises(CommandError, match=r"^a stone of BOARD is X,Y,FIELD: three whole numbers, got 'TURN 1,1'$"):
        parse("TURN 1,1", in_board=True)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("START", "START needs the board's size, a whole number, got ''"),
        ("START -5", "START needs the board's size, a whole number, got '-5'"),
        ("RECTSTART 20", "RECTSTART needs W,H: two whole numbers from 0, got '20'"),
        ("TURN a,b", "TURN needs X,Y: two whole numbers from 0, got 'a,b'"),
        ("TURN 1,2,3", "TURN needs X,Y: two whole numbers from 0, got '1,2,3'"),
        ("TURN 1234567890123,1", "TURN needs X,Y: two whole numbers from 0, got '1234567890123,1'"),
        ("TAKEBACK", "TAKEBACK needs X,Y: two whole numbers from 0, got ''"),
        ("BEGIN now", "BEGIN takes nothing after it, got 'now'"),
        ("INFO timeout_turn", "INFO needs a key and a value, got 'timeout_turn'"),
        ("DONE", "DONE without BOARD"),
    ],
)
def test_a_known_command_with_bad_arguments_is_an_error(line: str, message: str) -> None:
    with pytest.raises(CommandError) as raised:
        parse(line)
    assert str(raised.value) == message


def test_a_line_that_is_no_command_is_unknown_and_a_long_one_is_cut_short_in_the_reason() -> None:
    with pytest.raises(UnknownCommandError, match=r"^'PLAY 1,1' is no command of the protocol$"):
        parse("PLAY 1,1")
    with pytest.raises(UnknownCommandError) as raised:
        parse("x" * 500)
    assert str(raised.value) == f"{'x' * 40 + '...'!r} is no command of the protocol"


@settings(derandomize=True, database=None)
@given(st.text(max_size=60), st.booleans())
def test_any_line_is_read_or_refused_with_one_of_the_two_errors(line: str, in_board: bool) -> None:
    refusal = ""
    try:
        parse(line, in_board=in_board)
    except (CommandError, UnknownCommandError) as refused:
        refusal = str(refused)
    assert "\n" not in refusal
