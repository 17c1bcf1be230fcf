"""Tests of tictactoe.game.review: every 3x3 review against the game graph, and the marks of estimates.

The game graph (:mod:`tictactoe.gamegraph`) holds the exact value of every
3x3 position, so a review of any 3x3 game can be checked position by
position, and each mark recomputed from the graph's scores alone.
"""

from __future__ import annotations

import itertools
import math
import threading
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.history import finished_moves
from bench.review import the_game
from configurations import COMPUTER, HUMAN, Side, Winner
from configurations.moves import Move
from configurations.results import XScore
from configurations.rules import Rules
from tests.records import ADA, REFERENCE, sample_record
from tictactoe.game.record import GameRecord, StartingPosition, TimedMove
from tictactoe.game.review import search
from tictactoe.game.review.search import ReviewFailed, ReviewStopped, review_game
from tictactoe.game.review.values import (
    CHANCES_SCALE,
    THRESHOLDS,
    Mark,
    PositionValue,
    ReviewError,
    build_review,
    chances,
    mark,
    partial_review,
)
from tictactoe.gamegraph.graph import board_hash, build_graph
from tictactoe.solver import Position, Solution, solve

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
    moves = finished_moves(Rules.square(3, 3), draw(st.permutations(range(9))))
    played = draw(st.integers(0, len(moves)))
    return GameRecord(
        ADA, REFERENCE, Rules.square(3, 3), 9, None, None, None, tuple(TimedMove(move, 0.0) for move in moves[:played])
    )


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


@pytest.mark.parametrize("think", [0.002, 0.1])
def test_an_open_three_ignored_on_15x15_is_marked_as_an_estimate_s_mistake_at_that_move(think: float) -> None:
    """15x15: X makes an open three (h8 i8 j8) which O ignores with a3; X's k8 then makes an open four.

    Within ``think`` the solver cannot prove the position before O's a3, so
    the mark is an estimate's: O's chances drop from a game still to play
    to a lost one, past the mistake's threshold, and the better move named
    blocks the three.
    """
    review = review_game(sample_record("h8 a1 i8 a2 j8 a3 k8 a4", size=15, length=5), think)
    blunder = review.moves[5]
    assert (blunder.number, str(blunder.move), blunder.estimated) == (6, "a3", True)
    assert not blunder.before.proved
    assert blunder.mark in (Mark.MISTAKE, Mark.BLUNDER)
    assert blunder.mark_text in ("~?", "~??")
    assert str(blunder.better) in ("g8", "k8")
    assert blunder.chances[1] < 0.1  # O is lost after it, proved or believed
    assert [move.number for move in review.marked if move.mark in (Mark.MISTAKE, Mark.BLUNDER)] == [6]
    assert all(value.score == 0 for value in review.positions if value.proved)


def test_a_proved_mark_needs_proofs_on_both_sides_and_an_estimate_s_a_drop_past_a_threshold() -> None:
    won, lost = PositionValue.proved_as(Winner.X, Move(0, 0)), PositionValue.proved_as(Winner.O, Move(0, 1))
    assert mark(Side.X, won, lost) == (Mark.BLUNDER, False)
    believed_won = PositionValue.estimated(XScore(10**12), Winner.X, Move(0, 0))
    assert mark(Side.X, believed_won, lost) == (Mark.BLUNDER, True)  # 0.95 to 0
    assert mark(Side.X, won, PositionValue.estimated(XScore(-(10**12)), Winner.O, None)) == (Mark.BLUNDER, True)
    even = PositionValue.estimated(XScore(0), None, None)
    for least, sign in THRESHOLDS:
        score = XScore(round(-CHANCES_SCALE * math.log(1 / (0.5 - least - 0.001) - 1)))  # X's chances 1/2 - least
        assert chances(PositionValue.estimated(score, None, None)) < 0.5 - least
        assert mark(Side.X, even, PositionValue.estimated(score, None, None)) == (Mark(sign), True)
        assert mark(Side.O, even, PositionValue.estimated(score, None, None)) == (Mark.KEPT, True)  # O gained
    assert mark(Side.X, even, PositionValue.estimated(XScore(-1), None, None)) == (Mark.KEPT, True)


def test_a_mark_names_the_better_move_only_when_another_was_found() -> None:
    even = PositionValue.estimated(XScore(0), None, Move(0, 0))
    lost = PositionValue.estimated(XScore(-(10**12)), Winner.O, None)
    record = sample_record("a1", size=15, length=5)  # the best move found was played: nothing to name, no mark
    assert partial_review(record, 1.0, (even, lost)).moves[0].mark == Mark.KEPT
    played_elsewhere = sample_record("b1", size=15, length=5)
    (move,) = partial_review(played_elsewhere, 1.0, (even, lost)).moves
    assert (move.mark, move.better, move.mark_text) == (Mark.BLUNDER, Move(0, 0), "~??")


@pytest.mark.slow
def test_a_quiet_game_s_chances_change_little_from_one_position_to_the_next() -> None:
    """The first 20 moves of bench.review's 15x15 game, the strong player against itself, before any threat."""
    quiet = the_game()
    record = replace(quiet, moves=quiet.moves[:20])
    review = review_game(record, 0.3)  # enough for a few plies at every position, even on a busy machine
    assert review.estimated == 21
    changes = [abs(chances(after) - chances(before)) for before, after in itertools.pairwise(review.positions)]
    assert max(changes) < 0.15


def test_a_search_failing_underneath_ends_the_review_in_one_line_keeping_what_it_had(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solved: list[Position] = []

    def failing_solve(position: Position, seconds: float) -> Solution:
        if len(solved) == 3:
            raise RecursionError("maximum recursion depth exceeded\nwhile calling a Python object")
        solved.append(position)
        return solve(position, seconds)

    monkeypatch.setattr(search, "solve", failing_solve)
    record = sample_record("b2 b1 a1 c3 c1")
    with pytest.raises(ReviewFailed) as failed:
        review_game(record, THINK)
    assert str(failed.value) == (
        "the review stopped at position 3 of 5: RecursionError: maximum recursion depth exceeded"
    )
    assert failed.value.position == 3
    kept = failed.value.review
    assert [value.winner for value in kept.positions] == [Winner.DRAW, Winner.DRAW, Winner.X]
    assert [(move.number, move.mark) for move in kept.moves] == [(1, Mark.KEPT), (2, Mark.MISTAKE)]


def test_a_position_set_up_with_o_to_move_and_as_many_stones_is_valued_for_o() -> None:
    """X a1 b1 and O a2 b2, O to move: O wins at c2 (the stones alone would say X moves, and wins at c1)."""
    start = StartingPosition(frozenset({Move(0, 0), Move(0, 1)}), frozenset({Move(1, 0), Move(1, 1)}), Side.O)
    record = GameRecord(ADA, REFERENCE, Rules.square(3, 3), 9, None, None, None, (TimedMove(Move(2, 2), None),), start)
    review = review_game(record, THINK)
    assert [(value.proved, value.winner, value.best) for value in review.positions] == [
        (True, Winner.O, Move(1, 2)),
        (True, Winner.X, Move(0, 2)),
    ]
    (move,) = review.moves
    assert (move.side, move.mark, move.better) == (Side.O, Mark.BLUNDER, Move(1, 2))


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


@pytest.mark.slow
def test_more_time_reads_every_estimate_deeper_at_one_parity() -> None:
    """15x15, a quiet opening: at ten times the time the positions are searched deeper, and within each review
    every estimate is read at depths of one parity."""
    record = sample_record("h8 i9 i8 g8", size=15, length=5)
    short, long = review_game(record, 0.15), review_game(record, 1.5)
    for review in (short, long):
        assert all(not value.proved and value.lines for value in review.positions)
        assert len({value.depth % 2 for value in review.positions}) == 1
    pairs = [(before.depth, after.depth) for before, after in zip(short.positions, long.positions, strict=True)]
    # Most positions, not all: the clock of a busy machine may cut one search short.
    assert sum(after > before for before, after in pairs) >= 4, pairs


def test_a_review_s_parity_is_that_of_most_positions_deepest_depth() -> None:
    from tictactoe.game.review.search import Analysed, review_parity
    from tictactoe.solver.analysis import Analysis, Depth

    def analysed(*depths: int, proved: bool = False) -> Analysed:
        finished = tuple(Depth(depth, (), proved=proved) for depth in depths)
        return Analysed(Position.from_rows(["..."] * 3, length=3), Analysis(finished, None, 0, 0.0), False)

    odd, even = analysed(4, 5), analysed(5, 6)
    assert review_parity([odd, odd, even]) == 1
    assert review_parity([odd, even, even, PositionValue.proved_as(Winner.DRAW, None)]) == 0
    assert review_parity([odd, even]) == 0  # as many of each: even
    assert review_parity([analysed(2, 3, proved=True), even]) == 0  # a proof counts for no parity
