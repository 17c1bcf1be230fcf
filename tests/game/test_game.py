"""Tests of tictactoe.game.game: turns, results, refusals, undo and redo."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Winner
from configurations.moves import InvalidMoveError, Move, OccupiedSquareError, OffBoardMoveError
from configurations.rules import Rules
from tictactoe.game.game import Game, GameOverError


def play_all(game: Game, *texts: str) -> None:
    for text in texts:
        game.play(game.parse(text))


def test_x_moves_first_and_the_players_take_turns() -> None:
    game = Game(Rules.square(3, 3))
    assert (game.to_move, game.moves, game.last_move, game.result) == ("X", (), None, None)
    play_all(game, "b2")
    assert (game.to_move, game.last_move) == ("O", Move(1, 1))
    play_all(game, "a1")
    assert game.to_move == "X"
    assert game.board.configuration() == "O   X    "


@pytest.mark.parametrize(
    ("texts", "result"),
    [
        (("a1", "a2", "b1", "b2", "c1"), "X"),
        (("a1", "a2", "b1", "b2", "c3", "c2"), "O"),
        (("b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"), Winner.DRAW),
        (("a1",), "X"),  # a 1x1 board, below
    ],
)
def test_a_game_ends_with_a_line_or_a_full_board(texts: tuple[str, ...], result: str) -> None:
    game = Game(Rules.square(1, 1)) if texts == ("a1",) else Game(Rules.square(3, 3))
    play_all(game, *texts[:-1])
    before_last: tuple[object, ...] = (game.result, game.to_move)
    play_all(game, texts[-1])
    assert before_last[0] is None
    assert (game.result, game.to_move) == (result, None)


def test_a_win_on_the_last_square_is_a_win_not_a_draw() -> None:
    game = Game(Rules.square(3, 3))
    play_all(game, "a1", "b1", "c1", "a2", "b2", "c2", "b3", "a3", "c3")
    assert game.result == "X"


def test_refusals_leave_the_game_unchanged() -> None:
    game = Game(Rules.square(3, 3))
    play_all(game, "b2")
    with pytest.raises(OccupiedSquareError, match=r"^'b2' is already taken: choose an empty square$"):
        game.parse("b2")
    with pytest.raises(OccupiedSquareError, match=r"^'b2' is already taken"):
        game.play(Move(1, 1))
    with pytest.raises(OffBoardMoveError, match=r"^'d4' is not on this board: columns a-c, rows 1-3$"):
        game.play(Move(3, 3))
    with pytest.raises(InvalidMoveError):
        game.parse("centre")
    assert (game.moves, game.to_move) == ((Move(1, 1),), "O")


def test_no_move_after_the_end() -> None:
    game = Game(Rules.square(2, 2))
    play_all(game, "a1", "b1", "a2")
    assert game.result == "X"
    with pytest.raises(GameOverError, match=r"^the game is over: 'b2' cannot be played$"):
        game.parse("b2")


def test_undo_takes_back_the_end_and_redo_plays_it_again() -> None:
    game = Game(Rules.square(2, 2))
    play_all(game, "a1", "b1", "a2")
    assert game.undo() == Move(1, 0)
    assert (game.result, game.to_move, game.can_redo) == (None, "X", True)
    assert game.redo() == Move(1, 0)
    assert (game.result, game.can_redo) == ("X", False)


def test_a_new_move_forgets_the_moves_taken_back() -> None:
    game = Game(Rules.square(3, 3))
    play_all(game, "a1", "b1")
    game.undo()
    game.play(Move(2, 2))
    assert not game.can_redo
    with pytest.raises(IndexError, match="no move to play again"):
        game.redo()


def test_nothing_to_undo_on_a_new_game() -> None:
    game = Game(Rules.square(3, 3))
    assert not game.can_undo
    with pytest.raises(IndexError, match="no move to take back"):
        game.undo()


@pytest.mark.slow
@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.integers(1, 5).flatmap(lambda size: st.tuples(st.just(size), st.integers(1, size), st.randoms())))
def test_undo_all_then_redo_all_gives_back_the_same_game(game_shape: tuple[int, int, object]) -> None:
    size, length, rng = game_shape
    game = Game(Rules.square(size, length))
    while game.result is None:
        empty = [Move(row, col) for row in range(size) for col in range(size) if game.board.square_is_empty(row, col)]
        game.play(rng.choice(empty))  # type: ignore[attr-defined]
    final = (game.board.configuration(), game.moves, game.result)
    taken_back = [game.undo() for _ in range(len(final[1]))]
    emptied: tuple[object, ...] = (game.board.configuration(), game.result, game.to_move)
    assert emptied == (" " * size * size, None, "X")
    assert taken_back == list(reversed(final[1]))
    for _ in taken_back:
        game.redo()
    assert (game.board.configuration(), game.moves, game.result) == final
