"""Tests of tictactoe.game.replay: stepping through a recorded game and its text."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Configurations
from configurations.moves import Move
from tests.records import records, sample_record
from tictactoe.game.record import GameRecord, TimedMove
from tictactoe.game.replay import Replay, replay_text

X_WINS = "a1 a2 b1 b2 c1"


def test_a_replay_starts_on_the_empty_board() -> None:
    replay = Replay(sample_record(X_WINS))
    assert (replay.position, replay.at_start, replay.at_end) == (0, True, False)
    assert (replay.last_move, replay.last_player, replay.board.configuration()) == (None, None, " " * 9)
    assert replay.back() is False
    assert replay.position == 0


def test_forward_and_back_show_each_move_and_who_played_it() -> None:
    replay = Replay(sample_record(X_WINS))
    assert replay.forward() is True
    assert (replay.position, replay.last_move, replay.last_player) == (1, TimedMove(Move(0, 0), 0.25), "X")
    assert replay.forward() is True
    assert (replay.last_move, replay.last_player) == (TimedMove(Move(1, 0), 1.75), "O")
    assert replay.board.configuration() == "X  O     "
    assert replay.back() is True
    assert (replay.position, replay.last_player, replay.board.configuration()) == (1, "X", "X        ")


def test_the_ends_are_reached_and_not_passed() -> None:
    replay = Replay(sample_record(X_WINS))
    replay.to_end()
    assert (replay.position, replay.at_end, replay.last_player) == (5, True, "X")
    assert replay.board.wins("X")
    assert replay.forward() is False
    assert replay.position == 5
    replay.to_start()
    assert (replay.position, replay.board.configuration()) == (0, " " * 9)
    replay.go_to(3)
    assert replay.board.configuration() == "XX O     "
    with pytest.raises(IndexError, match=r"^a position of this game is from 0 to 5, got 6$"):
        replay.go_to(6)
    with pytest.raises(IndexError, match=r"^a position of this game is from 0 to 5, got -1$"):
        replay.go_to(-1)
    assert replay.position == 3


@pytest.mark.slow
@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(data=st.data(), record=records())
def test_any_position_shows_the_first_moves_of_the_game(data: st.DataObject, record: GameRecord) -> None:
    position = data.draw(st.integers(0, len(record.moves)))
    replay = Replay(record)
    replay.to_end()
    replay.go_to(position)
    expected = Configurations(record.rules.size, record.rules.k, record.max_levels)
    for ply, timed in enumerate(record.moves[:position]):
        expected.save_play(timed.move.row, timed.move.col, "XO"[ply % 2])
    assert replay.board.configuration() == expected.configuration()


def test_the_rendering_marks_the_last_move() -> None:
    replay = Replay(sample_record(X_WINS))
    assert replay.render() == "Start: X to move\n  a b c\n1 . . .\n2 . . .\n3 . . ."
    replay.go_to(2)
    assert replay.render() == "Move 2: O plays a2\n  a b c\n1 X . .\n2[O]. .\n3 . . ."
    replay.to_end()
    assert replay.render() == "Move 5: X plays c1\n  a b c\n1 X X[X]\n2 O O .\n3 . . ."


def test_the_rendering_of_a_wide_board_marks_the_right_square() -> None:
    replay = Replay(sample_record("a1 a2 b1 b2 c1", size=12, length=3))
    replay.go_to(4)
    assert replay.render().split("\n")[:4] == [
        "Move 4: O plays b2",
        "   a b c d e f g h i j k l",
        " 1 X X . . . . . . . . . .",
        " 2 O[O]. . . . . . . . . .",
    ]


def test_the_text_of_a_replay_holds_every_position_and_the_result() -> None:
    assert replay_text(sample_record("a1 b1 a2", size=2, length=2)) == textwrap.dedent(
        """\
        ada (human) as X against reference (reference) as O
        2x2, 2 in a row, started 2024-05-01 12:30 UTC

        Start: X to move
          a b
        1 . .
        2 . .

        Move 1: X plays a1
          a b
        1[X].
        2 . .

        Move 2: O plays b1
          a b
        1 X[O]
        2 . .

        Move 3: X plays a2
          a b
        1 X O
        2[X].

        X wins"""
    )


def test_a_drawn_game_ends_with_the_draw_line() -> None:
    assert replay_text(sample_record()).endswith(
        "\n\nMove 9: X plays c3\n  a b c\n1 O X X\n2 X X O\n3 O O[X]\n\nGame is a draw"
    )
