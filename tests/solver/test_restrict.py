"""Tests of restricted solves (``--restrict``): X's moves limited to a centred region, O's not.  Only X's wins are
believed, and each is one of the game's; the region's symmetries alone are used; restricted answers serve no
unrestricted solve."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Winner
from configurations.rules import Rules
from tests.solver.test_solve import positions
from tictactoe.cli.solver import check_answer
from tictactoe.proofcheck import check_lines
from tictactoe.solver.certificate import ProofExtractor, header
from tictactoe.solver.geometry import Region
from tictactoe.solver.jobs.answers import AnswerStore
from tictactoe.solver.jobs.coordinator import JobSolve
from tictactoe.solver.jobs.job import Job, warm_table
from tictactoe.solver.jobs.runners import InProcess
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, WON
from tictactoe.solver.solve import Solver, solve

if TYPE_CHECKING:
    from pathlib import Path

SETTINGS = settings(deadline=None, max_examples=150, derandomize=True, database=None)


@st.composite
def restricted(draw: st.DrawFn) -> tuple[Position, Region]:
    """A position of :func:`positions` and a region that can be centred on its board."""
    position = draw(positions(most_empty=10))
    rows = draw(st.sampled_from(range(position.height % 2 or 2, position.height + 1, 2)))
    cols = draw(st.sampled_from(range(position.width % 2 or 2, position.width + 1, 2)))
    return position, Region(rows, cols, position.height, position.width)


@pytest.mark.slow
@SETTINGS
@given(restricted())
def test_a_win_for_x_with_its_moves_restricted_is_a_win_in_the_game_with_a_valid_certificate(
    case: tuple[Position, Region],
) -> None:
    position, region = case
    solver = Solver(position, region=region, keep_pairings=True)
    value = solver.solve().value
    if value is not Winner.X or position.winner is not None:
        return
    assert solve(position).value is Winner.X
    records = ProofExtractor(solver).extract(value)
    assert check_lines([header(position, value, len(records)), *records]).value == "X wins"


def test_a_region_that_does_not_fit_or_cannot_be_centred_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be centred on a board of 6x7: it leaves 1 row"):
        Region(5, 5, 6, 7)
    with pytest.raises(ValueError, match="it leaves 3 columns, which cannot be split evenly"):
        Region(2, 2, 4, 5)
    with pytest.raises(ValueError, match="does not fit a board of 3x3"):
        Region(5, 1, 3, 3)


def test_a_square_board_keeps_only_the_symmetries_of_a_region_that_is_not_square() -> None:
    position = Position(Rules.square(4, 3), 0, 0)
    assert Solver(position, region=Region(2, 4, 4, 4)).board.symmetries == 4
    assert Solver(position, region=Region(2, 2, 4, 4)).board.symmetries == 8
    solver = Solver(position, region=Region(2, 4, 4, 4), keep_pairings=True)
    value = solver.solve().value
    assert value is Winner.X
    records = ProofExtractor(solver).extract(value)
    boards = [record.split(" ")[:2] for record in records]
    assert len(boards) == len({tuple(board) for board in boards})  # a position and its transpose: one record
    assert check_lines([header(position, value, len(records)), *records]).value == "X wins"


def test_a_restricted_solve_that_finds_no_win_for_x_says_nothing() -> None:
    solve_by_jobs = JobSolve(Position(Rules.square(5, 4), 0, 0), InProcess(), restrict=(3, 3), split=200)
    list(solve_by_jobs)
    assert solve_by_jobs.solution is not None
    assert solve_by_jobs.solution.value is None  # 5x5 with four in a row is a draw, which X's region cannot show


def test_restricted_proof_jobs_prove_x_s_wins_alone_and_are_kept_and_read_back(tmp_path: Path) -> None:
    # 5x5 with four in a row is a draw: each job whose answer was not a win for X once asked its search for O's
    # strategy, which must answer X's moves outside the region too, and ended in "no move reaches 0".
    warned: list[str] = []
    solutions = []
    for _ in range(2):
        store = AnswerStore(tmp_path / "answers.db", check=check_answer, warn=warned.append)
        solve_by_jobs = JobSolve(
            Position(Rules.square(5, 4), 0, 0), InProcess(), proof=True, store=store, restrict=(3, 3)
        )
        list(solve_by_jobs)
        store.close()
        assert solve_by_jobs.solution is not None
        solutions.append(solve_by_jobs.solution)
    assert [solution.value for solution in solutions] == [None, None]
    assert solutions[1].resumed == solutions[1].jobs > 0  # each answer read back, none refused
    assert warned == []


def test_restricted_answers_serve_no_unrestricted_solve(tmp_path: Path) -> None:
    position = Position(Rules.square(4, 3), 0, 0)
    store = AnswerStore(tmp_path / "answers.db", check=lambda job, answer: None)
    restricted = JobSolve(position, InProcess(), store=store, restrict=(2, 4))
    list(restricted)
    assert restricted.solution is not None
    assert restricted.solution.value is Winner.X
    assert len(store) > 0
    plain = JobSolve(position, InProcess(), store=store)
    list(plain)
    assert plain.solution is not None
    assert plain.solution.resumed == 0
    store.close()
    assert warm_table(4, 4, 3, 64, (2, 4)) is not warm_table(4, 4, 3, 64)


class Recording(InProcess):
    """Runs each job here at once, keeping each one, and says it has two workers: the walks list jobs ahead as for
    a pool, after guesses."""

    capacity = 2

    def __init__(self) -> None:
        self.jobs: list[Job] = []

    def submit(self, job: Job) -> object:
        self.jobs.append(job)
        return super().submit(job)


def test_a_restricted_solve_by_jobs_asks_only_whether_x_wins() -> None:
    # The root searched for its value itself asked 6x6's first moves for their exact values, and its guesses of a
    # draw listed the jobs of X's other moves: two workers visited 2.8 times the positions of one search.
    runner = Recording()
    solve_by_jobs = JobSolve(Position(Rules.square(4, 3), 0, 0), runner, restrict=(2, 4), split=20)
    list(solve_by_jobs)
    assert solve_by_jobs.solution is not None
    assert solve_by_jobs.solution.value is Winner.X
    windows = {
        (job.alpha, job.beta) if job.x_tiles.bit_count() == job.o_tiles.bit_count() else (-job.beta, -job.alpha)
        for job in runner.jobs
    }
    assert windows == {(DRAWN, WON)}  # for X: X wins, or not


@pytest.mark.parametrize("proof", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_x_blocks_o_s_line_outside_its_region_in_a_solve_by_jobs_too(proof: bool) -> None:
    # Further down, O makes lines of three that X must block outside the 3x3 region: kept in the region, X lost
    # there in the jobs' tree, and the solve split finely said nothing where one search finds X's win.
    position = Position(Rules(5, 5, 4), 1 << 17, 1 << 13)
    assert Solver(position, region=Region(3, 3, 5, 5)).solve().value is Winner.X
    solve_by_jobs = JobSolve(position, InProcess(), restrict=(3, 3), split=5, proof=proof)
    list(solve_by_jobs)
    assert solve_by_jobs.solution is not None
    assert solve_by_jobs.solution.value is Winner.X
    if proof:
        records = solve_by_jobs.solution.records
        assert records is not None
        assert check_lines([header(position, Winner.X, len(records)), *records]).value == "X wins"
