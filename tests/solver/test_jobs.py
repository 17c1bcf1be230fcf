"""Tests of tictactoe.solver.jobs, runners and answers: a solve by jobs agrees with one search, and gives the
same value, move and certificate whatever runs its jobs and whatever order their answers come in."""

from __future__ import annotations

import os
import random
import signal
import time
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings

from tests.solver.test_solve import positions
from tictactoe.proofcheck import check_lines
from tictactoe.solver.answers import AnswerStore, StoreError
from tictactoe.solver.certificate import Goal, header
from tictactoe.solver.job import Job, JobAnswer, run_job, strategies
from tictactoe.solver.jobs import JobSolution, JobSolve
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON
from tictactoe.solver.runners import InProcess, LocalPool
from tictactoe.solver.solve import solve

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.solver.runners import Runner

SETTINGS = settings(deadline=None, max_examples=100, derandomize=True, database=None)
VALUES = {WON: "wins", DRAWN: "draw", LOST: "loses"}


def solved(position: Position, runner: Runner, **options: object) -> JobSolution:
    solve_by_jobs = JobSolve(position, runner, **options)  # type: ignore[arg-type]
    progress = list(solve_by_jobs)
    runner.close()
    assert solve_by_jobs.solution is not None
    if progress:
        assert progress[-1].proved + progress[-1].left == len(solve_by_jobs._children)
    return solve_by_jobs.solution


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=9))
def test_a_solve_by_jobs_agrees_with_one_search_and_proves_it(position: Position) -> None:
    solution = solved(position, InProcess(), proof=True)
    expected = solve(position)
    assert expected.value is not None
    assert solution.value == expected.value
    assert solution.records is not None
    lines = [header(position, expected.value, len(solution.records)), *solution.records]
    if position.winner is None and position.empty_squares:  # a finished game is no certificate's start
        assert check_lines(lines).value == expected.value.phrase


class Shuffled:
    """A runner that answers its jobs in an order of its own: runs them all at once, hands them back shuffled."""

    capacity = 3

    def __init__(self, seed: int) -> None:
        self._chance = random.Random(seed)
        self._ready: list[object] = []

    def submit(self, job: Job) -> object:
        handle = [run_job(job)]
        self._ready.append(handle)
        return handle

    def wait(self, handles: list[object], timeout: float) -> list[object]:
        ready = [handle for handle in handles if any(handle is other for other in self._ready)]
        self._chance.shuffle(ready)
        return ready[:1]

    def result(self, handle: object) -> JobAnswer | None:
        self._ready = [other for other in self._ready if other is not handle]
        return handle[0]  # type: ignore[index,no-any-return]

    def cancel(self, handle: object) -> None:
        self._ready = [other for other in self._ready if other is not handle]

    def close(self) -> None:
        pass


@pytest.mark.slow
@pytest.mark.parametrize(
    "position",
    [Position(4, 4, 0, 0), Position(5, 4, 0, 0), Position(3, 3, 0, 0, cols=4), Position(4, 3, 0, 0, cols=6)],
    ids=repr,
)
def test_the_same_value_move_and_certificate_whatever_runs_the_jobs(position: Position) -> None:
    first = solved(position, InProcess(), proof=True)
    for runner in (LocalPool(2), LocalPool(3), Shuffled(1), Shuffled(2)):
        solution = solved(position, runner, proof=True)
        assert (solution.value, solution.best, solution.records) == (first.value, first.best, first.records)


def test_strategies_for_each_bound() -> None:
    assert strategies(0, WON, WON) == [(0, Goal.WIN)]
    assert strategies(1, LOST, DRAWN) == [(0, Goal.BLOCK)]
    assert strategies(1, LOST, LOST) == [(0, Goal.WIN)]
    assert strategies(0, LOST, WON) == []


def test_a_solve_out_of_time_is_unknown_with_the_first_move() -> None:
    solution = solved(Position(9, 5, 0, 0), InProcess(), think=0.3)
    assert solution.value is None
    assert str(solution.best) == "e5"


@pytest.mark.slow
def test_answers_are_kept_and_read_back(tmp_path: Path) -> None:
    position = Position(5, 4, 0, 0)
    store = AnswerStore(tmp_path / "answers.db")
    first = solved(position, InProcess(), store=store, proof=True)
    assert first.resumed == 0
    assert len(store) == first.jobs
    store.close()
    store = AnswerStore(tmp_path / "answers.db")
    again = solved(position, InProcess(), store=store, proof=True)
    assert (again.resumed, again.nodes, again.records) == (first.jobs, 0, first.records)
    store.close()


def test_a_file_that_is_no_store_is_refused(tmp_path: Path) -> None:
    (tmp_path / "text").write_text("not a database\n" * 100, encoding="ascii")
    with pytest.raises(StoreError, match="text"):
        AnswerStore(tmp_path / "text")


@pytest.mark.slow
def test_a_lost_worker_s_job_is_run_again() -> None:
    pool = LocalPool(2)
    job = Job(7, 7, 5, 0, 0, LOST - 1, WON + 1, proof=False)  # the whole of 7x7: many seconds
    handle = pool.submit(job)
    time.sleep(0.5)
    busy = [slot.process.pid for slot in pool._slots if slot.handle == handle]
    assert busy
    os.kill(busy[0], signal.SIGKILL)  # type: ignore[arg-type]
    assert pool.wait([handle], 10) == [handle]
    assert pool.result(handle) is None
    small = Job(3, 3, 3, 0, 0, LOST - 1, WON + 1, proof=False)
    again = pool.submit(small)
    assert pool.wait([again], 30) == [again]
    answer = pool.result(again)
    pool.close()
    assert answer is not None
    assert (answer.low, answer.high) == (DRAWN, DRAWN)
