"""Tests of tictactoe.game.review and its values: every 3x3 review against the game graph, estimates never marked.

The game graph (:mod:`tictactoe.gamegraph`) holds the exact value of every
3x3 position, so a review of any 3x3 game can be checked position by
position, and each mark recomputed from the graph's scores alone.
"""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.history import finished_moves
from configurations import COMPUTER, HUMAN, Winner, opponent
from configurations.moves import Move
from configurations.results import XScore
from tests.records import ADA, REFERENCE, sample_record
from tictactoe.game.record import GameRecord, TimedMove
from tictactoe.game.review import ReviewStopped, review_game
from tictactoe.game.review_values import Mark, PositionValue, ReviewError, build_review, mark
from tictactoe.gamegraph.graph import board_hash, build_graph

GRAPH = build_graph()
# A 3x3 position is proved in milliseconds: this much time is never what stops the solver.
THINK = 10.0
WINNER_OF_SCORE = {1: Winner.X, 0: Winner.DRAW, -1: Winner.O}


def graph_score(moves: tuple[Move, ...]) -> int:
    """The game graph's score of the 3x3 position after ``moves``: 1 X wins, 0 a draw, -1 O wins."""
    squares = [" "] * 9
    for ply, move in enumerate(moves):
        squares[move.row * 3 + move.col] = HUMAN if ply % 2 == 0 else COMPUTER
    return GRAPH.node(board_hash(squares)).score


@st.composite
def tic_tac_toe_games(draw: st.DrawFn) -> GameRecord:
    """A 3x3 game played on random squares: to its end, or left after a random number of moves."""
    moves = finished_moves(3, 3, draw(st.permutations(range(9))))
    played = draw(st.integers(0, len(moves)))
    return GameRecord(ADA, REFERENCE, 3, 3, 9, None, None, None, tuple(TimedMove(move, 0.0) for move in moves[:played]))


@pytest.mark.slow
@settings(derandomize=True, database=None, max_examples=150, deadline=None)
@given(tic_tac_toe_games())
def test_every_value_and_mark_of_a_3x3_review_is_the_game_graph_s(record: GameRecord) -> None:
    review = review_game(record, THINK)
    moves = tuple(timed.move for timed in record.moves)
    scores = [graph_score(moves[:ply]) for ply in range(len(moves) + 1)]
    assert [(value.proved, value.winner) for value in review.positions] == [
        (True, WINNER_OF_SCORE[score]) for score in scores
    ]
    for ply, value in enumerate(review.positions):  # each best move gets the value it claims
        if value.best is not None:
            assert graph_score((*moves[:ply], value.best)) == scores[ply]
    assert [move.move for move in review.moves] == list(moves)
    for move in review.moves:
        # What the mover lost, from its own side: 2 is a win turned into a loss.
        sign = 1 if move.side == HUMAN else -1
        lost = sign * (scores[move.number - 1] - scores[move.number])
        assert move.mark == {2: Mark.BLUNDER, 1: Mark.MISTAKE}.get(lost, Mark.KEPT)
        if move.mark == Mark.KEPT:
            assert move.better is None
        else:
            assert move.better is not None
            assert graph_score((*moves[: move.number - 1], move.better)) == scores[move.number - 1]


def test_a_known_game_s_marks_each_name_the_move_that_kept_the_result() -> None:
    review = review_game(sample_record("b2 b1 a1 c3 c1 a3 a2"), THINK)
    assert [(move.number, str(move.move), move.mark, str(move.better)) for move in review.marked] == [
        (2, "b1", Mark.MISTAKE, "a1"),
        (5, "c1", Mark.MISTAKE, "a3"),
        (7, "a2", Mark.MISTAKE, "b3"),
    ]
    assert review.think == THINK
    assert review.estimated == 0


def test_a_move_from_a_won_position_to_a_lost_one_is_marked_twice() -> None:
    # X (a1 b1) wins at c1, and O (a2 b2) would win at c2: X's c3 leaves O its win.
    blunder = review_game(sample_record("a1 a2 b1 b2 c3"), THINK).moves[-1]
    assert (str(blunder.move), blunder.mark, str(blunder.better)) == ("c3", Mark.BLUNDER, "c1")
    assert (blunder.before.winner, blunder.after.winner) == (Winner.X, Winner.O)


def test_estimates_are_never_marked() -> None:
    """15x15: X makes an open three (h8 i8 j8) which O ignores; X's k8 then makes an open four, a proved win.

    In a few milliseconds the solver cannot prove the positions before O's
    moves, so they are estimated, and O's moves are not marked -- although
    the position after O's a3 is proved lost for O.
    """
    review = review_game(sample_record("h8 a1 i8 a2 j8 a3 k8 a4", size=15, length=5), 0.002)
    assert review.marked == ()
    # A move after which its mover is proved lost, from a position the solver could not prove: never marked.
    baited = [
        move.number
        for move in review.moves
        if not move.before.proved and move.after.proved and move.after.winner == opponent(move.side)
    ]
    assert baited == [6]
    assert review.estimated > 0
    assert all(value.score == 0 for value in review.positions if value.proved)


def test_the_mark_of_a_move_needs_proofs_on_both_sides() -> None:
    won, lost = PositionValue.proved_as(Winner.X, Move(0, 0)), PositionValue.proved_as(Winner.O, Move(0, 1))
    assert mark(HUMAN, won, lost) == Mark.BLUNDER
    for believed in (
        PositionValue.estimated(XScore(10**12), Winner.X, Move(0, 0)),
        PositionValue.estimated(XScore(900), None, None),
    ):
        assert mark(HUMAN, believed, lost) == Mark.KEPT
        assert mark(HUMAN, won, PositionValue.estimated(XScore(-(10**12)), Winner.O, None)) == Mark.KEPT


def test_progress_is_told_each_position_and_stop_ends_the_review() -> None:
    told: list[tuple[int, int]] = []
    review_game(sample_record("b2 a1 c1"), THINK, progress=lambda done, total: told.append((done, total)))
    assert told == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    stop = threading.Event()

    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            stop.set()

    with pytest.raises(ReviewStopped):
        review_game(sample_record("b2 a1 c1"), THINK, progress=stop_after_two, stop=stop.is_set)


@pytest.mark.parametrize("think", [0, -1.0, float("inf"), float("nan"), True])
def test_a_think_that_is_no_time_is_refused(think: float) -> None:
    with pytest.raises(ValueError, match=r"^think must be a number of seconds above 0, got "):
        review_game(sample_record("b2"), think)


def test_values_that_cannot_be_the_game_s_review_are_refused() -> None:
    record = sample_record("b2 a1")
    draw = PositionValue.proved_as(Winner.DRAW, Move(1, 1))
    with pytest.raises(ReviewError, match=r"^a game of 2 moves has 3 positions, got 2$"):
        build_review(record, 1.0, (draw, draw))
    with pytest.raises(ReviewError, match=r"^the best move of position 1 is off the board: Move\(row=3, col=0\)$"):
        build_review(record, 1.0, (draw, PositionValue.proved_as(Winner.DRAW, Move(3, 0)), draw))
    finished = sample_record("a1 a2 b1 b2 c1")
    with pytest.raises(ReviewError, match=r"^the game ends in X, but its last position is valued draw$"):
        build_review(finished, 1.0, (draw,) * 6)
    with pytest.raises(ReviewError, match=r"^a proved value has a result and no score"):
        PositionValue(True, None, XScore(0), None)


@pytest.mark.slow
def test_a_review_of_a_26x26_game_of_five_in_a_row_values_every_position() -> None:
    # The solver searches as deep as the board has squares (676 here): deeper than Python's default stack.
    record = sample_record("m13 n14 m14 n13", size=26, length=5)
    review = review_game(record, 0.4)
    assert len(review.positions) == 5
    assert all(value.best is not None for value in review.positions)
