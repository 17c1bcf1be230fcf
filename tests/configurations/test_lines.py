"""Tests of configurations.lines: the squares of the line that ended a game, against a brute-force search."""

from __future__ import annotations

import itertools
import random

import pytest

from configurations import Configurations, Winner
from configurations.lines import DIRECTIONS, windows, windows_through, winning_line, winning_lines
from configurations.moves import Move
from configurations.rules import Rules
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
        game = Game(Rules.square(size, length))
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


def model_windows(rows: int, cols: int, length: int) -> set[tuple[int, ...]]:
    """Every run of ``length`` squares from some square in some direction, walked square by square."""
    found = set()
    for row in range(rows):
        for col in range(cols):
            for row_step, col_step in DIRECTIONS:
                run = [(row + i * row_step, col + i * col_step) for i in range(length)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in run):
                    found.add(tuple(r * cols + c for r, c in run))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("rows", range(1, 8))
def test_the_windows_of_every_board_up_to_seven_by_seven(rows: int) -> None:
    for cols in range(1, 8):
        for length in range(1, max(rows, cols) + 1):
            every = windows(rows, length, cols=cols)
            assert {window.squares for window in every} == model_windows(rows, cols, length)
            assert len(every) == len(model_windows(rows, cols, length))
            assert [(w.squares[0], w.direction) for w in every] == sorted((w.squares[0], w.direction) for w in every)
            through = windows_through(rows, length, cols=cols)
            for square in range(rows * cols):
                assert through[square] == tuple(i for i, w in enumerate(every) if square in w.squares)
            cells = list(range(rows * cols))
            sliced = {tuple(cells[start:stop:step]) for start, stop, step in winning_lines(rows, length, cols=cols)}
            assert {line[i : i + length] for line in sliced for i in range(len(line) - length + 1)} == (
                model_windows(rows, cols, length)
            )


def test_a_square_board_is_a_board_of_as_many_columns_as_rows() -> None:
    for size in range(1, 8):
        for length in range(1, size + 1):
            assert windows(size, length) == windows(size, length, cols=size)
            assert winning_lines(size, length) == winning_lines(size, length, cols=size)


def test_the_line_through_the_last_move_on_a_rectangle() -> None:
    moves = squares("a2", "a1", "b2", "b1", "c2", "d1", "d2")  # 2 rows of 4, four in a row: X fills row 2
    assert list(winning_line(2, 4, moves, cols=4)) == squares("a2", "b2", "c2", "d2")
    assert winning_line(2, 4, moves[:-1], cols=4) == ()
