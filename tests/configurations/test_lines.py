"""Tests of configurations.lines: the squares of the line that ended a game, against a brute-force search."""

from __future__ import annotations

import itertools
import random

import pytest

from configurations import Configurations, Winner
from configurations.lines import winning_line
from configurations.moves import Move
from tictactoe.game.game import Game


def squares(*texts: str) -> list[Move]:
    return [Move.parse(text, 26) for text in texts]


@pytest.mark.parametrize(
    ("size", "length", "moves", "line"),
    [
        pytest.param(3, 3, ["a1", "a2", "b1", "b2", "c1"], ["a1", "b1", "c1"], id="across"),
        pytest.param(3, 3, ["b1", "a1", "c3", "a2", "b2", "a3"], ["a1", "a2", "a3"], id="down, for O"),
        pytest.param(4, 4, ["a1", "a2", "b2", "a3", "c3", "a4", "d4"], ["a1", "b2", "c3", "d4"], id="diagonal"),
        pytest.param(4, 3, ["d1", "a1", "c2", "a2", "b3"], ["d1", "c2", "b3"], id="anti-diagonal"),
        pytest.param(
            5, 3, ["a1", "a5", "b1", "b5", "d1", "d5", "c1"], ["a1", "b1", "c1", "d1"], id="a move that joins two runs"
        ),
        pytest.param(1, 1, ["a1"], ["a1"], id="one square"),
        pytest.param(3, 3, ["a1", "b1", "a2"], [], id="no line yet"),
        pytest.param(3, 3, [], [], id="no moves"),
    ],
)
def test_the_line_through_the_last_move(size: int, length: int, moves: list[str], line: list[str]) -> None:
    assert list(winning_line(size, length, squares(*moves))) == squares(*line)


def test_random_games_agree_with_the_board() -> None:
    """Every line found is the winner's, ``length`` or more in a row, and none is found where nobody won."""
    chance = random.Random(20240611)
    for _ in range(300):
        size = chance.randint(1, 7)
        length = chance.randint(1, size)
        game = Game(size, length)
        empty = [Move(row, col) for row in range(size) for col in range(size)]
        chance.shuffle(empty)
        while game.result is None:
            game.play(empty.pop())
        line = winning_line(size, length, game.moves)
        if game.result == Winner.DRAW:
            assert line == ()
            continue
        assert game.moves[-1] in line
        assert len(line) >= length
        steps = {(b.row - a.row, b.col - a.col) for a, b in itertools.pairwise(line)}
        assert len(steps) <= 1  # one straight line, square after square
        assert steps <= {(0, 1), (1, 0), (1, 1), (1, -1)}
        board = Configurations(size, length, 0)
        for move in line:
            board.save_play(move.row, move.col, game.result)
        assert board.wins(game.result)
        winner_squares = set(game.moves[-1::-2])
        assert set(line) <= winner_squares
