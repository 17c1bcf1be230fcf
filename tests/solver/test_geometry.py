"""Tests of boards that are not square: their geometry, positions and search board, against the plain model of
tests.solver.test_solve."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Winner
from configurations.rules import Rules
from tests.solver.test_solve import MOST_EMPTY, brute_force, lines_of, rectangles
from tictactoe.solver.blocking import breaker_wins_by_pairing, breaker_wins_by_potential
from tictactoe.solver.geometry import geometry
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.search_board import CROSS, SearchBoard
from tictactoe.solver.solve import solve

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True, database=None)


def test_a_rectangle_has_its_windows_and_four_symmetries() -> None:
    for rows in range(1, 7):
        for cols in range(1, 7):
            for length in range(1, max(rows, cols) + 1):
                shape = geometry(rows, cols, length)
                squares = rows * cols
                model = {sum(1 << s for s in line) for line in lines_of(rows, length, cols)}
                assert sorted(shape.windows) == sorted(model)
                assert len(shape.windows) == len(model)  # each once
                assert len(shape.symmetries) == (8 if rows == cols else 4)
                for images, inverse in zip(shape.symmetries, shape.inverse_symmetries, strict=True):
                    assert sorted(images) == list(range(squares))
                    assert [inverse[image] for image in images] == list(range(squares))
                    assert {sum(1 << images[s] for s in range(squares) if w >> s & 1) for w in model} == model
                middle = ((rows - 1) / 2, (cols - 1) / 2)
                distances = [abs(s // cols - middle[0]) + abs(s % cols - middle[1]) for s in shape.centre_order]
                assert distances == sorted(distances)


def test_a_square_board_keeps_its_windows_in_their_order() -> None:
    for size in range(1, 9):
        for length in range(1, size + 1):
            assert geometry(size, size, length).windows == geometry(size, size, length).windows


def test_a_rectangle_position_reads_and_draws_its_rows() -> None:
    position = Position.from_rows(["X.O", "..X"], length=3, cols=3)
    assert (position.height, position.width, position.mover, position.empty_squares) == (2, 3, "O", 3)
    assert position.rows() == ["X.O", "..X"]
    assert repr(position) == "Position.from_rows(['X.O', '..X'], length=3, cols=3)"
    assert eval(repr(position), {"Position": Position}) == position
    assert position != Position.from_rows(["X.", ".O", ".X"], length=3, cols=2)
    with pytest.raises(PositionError, match="a board of 2x3 is not square"):
        _ = position.size


@pytest.mark.parametrize(
    ("rows", "cols", "length", "message"),
    [
        (["X..", ".."], 3, 2, r"row 2 is '\.\.': a board of 2x3 needs 3 squares in each, got 2"),
        (["X..", "..."], 3, 4, r"between 1 and the larger side \(3\), got 4"),
    ],
)
def test_a_rectangle_the_game_cannot_have_is_refused(rows: list[str], cols: int, length: int, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_rows(rows, length, cols=cols)


def test_a_line_longer_than_the_short_side_runs_only_along_the_long_one() -> None:
    # Two rows of five, four to win: two windows in each row, and O answers each of X's tiles in its row.
    assert solve(Position(Rules(2, 5, 4), 0, 0)).value is Winner.DRAW
    assert solve(Position(Rules(1, 5, 3), 0, 0)).value is Winner.DRAW
    assert solve(Position(Rules(3, 4, 3), 0, 0)).value is Winner.X


@SETTINGS
@given(rectangles(most_empty=16), st.data())
def test_play_and_undo_on_a_rectangle_keep_the_board_as_a_fresh_count_finds_it(
    position: Position, data: st.DataObject
) -> None:
    board = SearchBoard(position)
    history = []
    while position.winner is None and not board.threats[board.mover] and board.empties and data.draw(st.booleans()):
        history.append((board.tiles, board.threats, board.potential, board.values, board.key()))
        board.play(data.draw(st.sampled_from(board.empty_squares())))
        fresh = SearchBoard(Position(Rules(position.height, position.width, position.length), *board.tiles))
        assert (board.tiles, board.threats, board.potential, board.values, board.key()) == (
            fresh.tiles,
            fresh.threats,
            fresh.potential,
            fresh.values,
            fresh.key(),
        )
        assert board.ordered_moves() == fresh.ordered_moves()
    while history:
        board.undo()
        assert (board.tiles, board.threats, board.potential, board.values, board.key()) == history.pop()


@pytest.mark.slow
@SETTINGS
@given(rectangles(most_empty=MOST_EMPTY))
def test_the_blocking_proofs_on_a_rectangle_never_deny_a_win_that_exists(position: Position) -> None:
    if position.winner is not None:
        return
    board = SearchBoard(position)
    mover = "X" if board.mover == CROSS else "O"
    lines = lines_of(position.height, position.length, position.width)
    value = brute_force(list("".join(position.rows())), lines, mover)
    if breaker_wins_by_potential(board.potential[board.mover], position.length, maker_to_move=True):
        assert value <= 0
    holding = geometry(position.height, position.width, position.length).windows_holding
    if breaker_wins_by_pairing(board.live_windows(board.mover), breaker_to_move=False, holding=holding):
        assert value <= 0
    if breaker_wins_by_pairing(board.live_windows(1 - board.mover), breaker_to_move=True, holding=holding):
        assert value >= 0
