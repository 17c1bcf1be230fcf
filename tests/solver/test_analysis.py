"""Tests of the strong search's analysis: its candidates each searched to one depth and valued exactly, their
lines, the win by fours it finds, and depths that grow with the time."""

from __future__ import annotations

import pytest

from configurations import Side, Winner
from configurations.moves import Move
from configurations.results import Outcome
from configurations.rules import Rules
from tictactoe.solver.analysis import Analysis
from tictactoe.solver.position import Position
from tictactoe.solver.solve import solve
from tictactoe.solver.strong_search import StrongSearch

# Plenty for a 3x3 or 4x4 search to end by itself.
PLENTY = 30.0


def after(position: Position, move: Move) -> Position:
    bit = 1 << (move.row * position.width + move.col)
    if position.mover is Side.X:
        return Position(position.rules, position.x_tiles | bit, position.o_tiles)
    return Position(position.rules, position.x_tiles, position.o_tiles | bit)


@pytest.mark.parametrize(
    "rows",
    [
        ["X..", ".O.", "..."],  # a draw: every candidate keeps it
        ["X.O", "...", "..."],  # X wins: the candidates are X's winning moves
        ["XO.", ".X.", "..O"],  # O to move
        ["X...", ".O..", "....", "...."],
    ],
)
def test_each_candidate_s_value_is_the_solver_s_value_of_the_position_after_it(rows: list[str]) -> None:
    position = Position.from_rows(rows, length=3)
    analysis = StrongSearch(position.rules).analyse(position, PLENTY)
    assert analysis.deepest.proved
    assert 1 <= len(analysis.lines) <= 3
    assert len({line.move for line in analysis.lines}) == len(analysis.lines)
    for line in analysis.lines:
        assert line.depth == analysis.depth
        assert line.moves[0] == line.move
        proved = solve(after(position, line.move)).value
        outcome = line.outcome or Outcome.DRAW
        assert outcome.winner(position.mover) == proved


def test_the_candidates_are_the_best_moves_not_the_move_order_s_first() -> None:
    """X to move on 3x3 with a1 against O's c1: a3 and c3 and a2 win, the other moves do not -- and every
    candidate kept is one of the winning ones, each valued as a win."""
    position = Position.from_rows(["X.O", "...", "..."], length=3)
    analysis = StrongSearch(position.rules).analyse(position, PLENTY)
    winning = {
        move
        for move in (Move(row, col) for row in range(3) for col in range(3))
        if not (position.x_tiles | position.o_tiles) >> (move.row * 3 + move.col) & 1
        and solve(after(position, move)).value == Winner.X
    }
    assert len(winning) >= 3
    assert {line.move for line in analysis.lines} <= winning
    assert all(line.outcome is Outcome.WIN for line in analysis.lines)


def test_a_line_follows_the_search_s_replies_to_the_win() -> None:
    """15x15: X's open three h8 i8 j8 against O's scattered stones; X's best line makes the open four and
    completes five whatever O does."""
    rows = ["." * 15 for _ in range(15)]
    rows[7] = "." * 7 + "XXX" + "." * 5
    rows[0] = "OO" + "." * 12 + "O"
    position = Position.from_rows(rows, length=5)
    analysis = StrongSearch(position.rules).analyse(position, 2.0)
    best = analysis.best
    assert best.outcome is Outcome.WIN or best.value > 0
    assert str(best.move) in ("g8", "k8")
    assert len(best.moves) >= 3  # the four, a block, the five
    assert analysis.fours is not None  # an open four is a win by fours
    assert str(analysis.fours[0]) in ("g8", "k8")


def test_more_time_searches_deeper_on_15x15() -> None:
    rows = ["." * 15 for _ in range(15)]
    rows[7] = "." * 7 + "XO" + "." * 6
    rows[8] = "." * 8 + "X" + "." * 6
    position = Position.from_rows(rows, length=5)
    short: Analysis = StrongSearch(position.rules, patterns=False).analyse(position, 0.02)
    long = StrongSearch(position.rules, patterns=False).analyse(position, 0.5)
    assert long.depth > short.depth
    assert len(long.lines) == 3
    assert {line.depth for line in long.lines} == {long.depth}
    assert [depth.depth for depth in long.depths] == [long.depth - 1, long.depth]
    assert long.of_parity(long.depth % 2) is long.deepest
    assert long.of_parity(1 - long.depth % 2) is long.depths[0]


def test_a_finished_game_is_refused_in_one_line() -> None:
    position = Position.from_rows(["XXX", "OO.", "..."], length=3)
    with pytest.raises(ValueError, match=r"^the game is over: there is no move to make$"):
        StrongSearch(Rules.square(3, 3)).analyse(position, 1.0)
