"""Tests of tictactoe.solver.jobs (coordinator, tree, runners, answers): a solve by jobs, split as deep as its budget
makes it, agrees with one search, and gives the same value, move and certificate whatever runs its jobs, however
many at once and whatever order their answers come in; a resume file's answers are checked before they are used."""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import time
import tracemalloc
import zlib
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings

from configurations.rules import Rules
from tests.solver.test_solve import positions
from tictactoe.cli.solver import check_answer
from tictactoe.proofcheck import check_lines
from tictactoe.solver.certificate import Goal, header
from tictactoe.solver.jobs import coordinator as coordinator_module
from tictactoe.solver.jobs import job as job_module
from tictactoe.solver.jobs.answers import AnswerStore, StoreError, _digest
from tictactoe.solver.jobs.coordinator import MOST_TRIES, JobLost, JobSolution, JobSolve
from tictactoe.solver.jobs.job import Job, JobAnswer, run_job, strategies
from tictactoe.solver.jobs.runners import InProcess, LocalPool
from tictactoe.solver.jobs.tree import JobTree
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON
from tictactoe.solver.solve import Solver, solve

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.solver.jobs.runners import Runner

SETTINGS = settings(deadline=None, max_examples=100, derandomize=True, database=None)


def solved(position: Position, runner: Runner, **options: object) -> JobSolution:
    solve_by_jobs = JobSolve(position, runner, **options)  # type: ignore[arg-type]
    for progress in solve_by_jobs:
        assert progress.proved >= 0
        assert progress.left >= 0
    runner.close()
    assert solve_by_jobs.solution is not None
    return solve_by_jobs.solution


def certificate(position: Position, solution: JobSolution) -> list[str]:
    assert solution.value is not None
    assert solution.records is not None
    return [header(position, solution.value, len(solution.records)), *solution.records]


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=9))
def test_a_solve_by_jobs_split_deep_agrees_with_one_search_and_proves_it(position: Position) -> None:
    solution = solved(position, InProcess(), proof=True, split=100)
    expected = solve(position)
    assert expected.value is not None
    assert solution.value == expected.value
    if position.winner is None and position.empty_squares:  # a finished game is no certificate's start
        assert check_lines(certificate(position, solution)).value == expected.value.phrase


class Shuffled:
    """A runner of ``capacity`` workers that answers in an order of its own: it runs each job when it is handed
    it, and hands the answers back one at a time, picked at random among those ready."""

    def __init__(self, seed: int, capacity: int) -> None:
        self.capacity = capacity
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

    def share(self, records: list[tuple[str, int]]) -> None:
        pass


@pytest.mark.slow
@pytest.mark.parametrize(
    ("position", "split"),
    [
        (Position(Rules.square(4, 3), 0, 0), 5),
        (Position(Rules.square(5, 4), 0, 0), 300),
        (Position(Rules(3, 4, 3), 0, 0), 5),
        (Position(Rules(4, 6, 4), 0, 0), 100),
        (Position.from_rows(["......", "..X...", "...O..", "......", "......", "......"], length=5), 20),
    ],
    ids=repr,
)
def test_the_same_value_move_and_certificate_at_1_2_and_4_workers_in_any_order(position: Position, split: int) -> None:
    first = solved(position, InProcess(), proof=True, split=split)
    assert first.split > 0  # the budget splits jobs below the first moves
    lines = certificate(position, first)
    assert check_lines(lines).value == lines[0].split('"value": "')[1].split('"')[0]
    for seed, workers in enumerate([1, 2, 4, 2, 4]):
        again = solved(position, Shuffled(seed, workers), proof=True, split=split)
        assert (again.value, again.best, again.records, again.jobs) == (
            first.value,
            first.best,
            first.records,
            first.jobs,
        )
    pooled = solved(position, LocalPool(2), proof=True, split=split)
    assert (pooled.value, pooled.best, pooled.records) == (first.value, first.best, first.records)


def test_strategies_for_each_bound() -> None:
    assert strategies(0, WON, WON) == [(0, Goal.WIN)]
    assert strategies(1, LOST, DRAWN) == [(0, Goal.BLOCK)]
    assert strategies(1, LOST, LOST) == [(0, Goal.WIN)]
    assert strategies(0, LOST, WON) == []


def test_a_solve_out_of_time_is_unknown_with_the_first_move() -> None:
    solution = solved(Position(Rules.square(9, 5), 0, 0), InProcess(), think=0.3)
    assert solution.value is None
    assert str(solution.best) == "e5"


def test_a_job_past_its_budget_answers_split_and_its_children_answer_it() -> None:
    job = Job(5, 5, 4, 1 << 12, 0, -WON, -LOST + 1, proof=False, budget=50)  # O to move after X's c3
    answer = run_job(job)
    assert (answer.known, answer.split) == (False, True)
    assert answer.nodes == 51
    solution = solved(Position(Rules.square(5, 4), 0, 0), InProcess(), split=50)
    assert solution.value is not None
    assert solution.value.phrase == "draw"
    assert solution.split > 0
    assert solution.jobs > 6  # more than the first moves


def test_a_split_job_names_the_line_it_was_deep_in_and_the_first_position_on_it_splits_too() -> None:
    job = Job(5, 5, 4, 1 << 12, 0, -WON, -LOST + 1, proof=True, budget=100)  # O to move after X's c3
    answer = run_job(job)
    assert answer.split
    assert answer.hot  # its first move's search took more than half the budget, unfinished
    assert len(set(answer.hot)) == len(answer.hot)
    assert not any(1 << move & (1 << 12) for move in answer.hot)
    # The child on the line, asked as the search asked it, would only run past the budget again.
    child = Job(5, 5, 4, 1 << 12, 1 << answer.hot[0], LOST - 1, WON, proof=True, budget=100)
    assert run_job(child).split


@pytest.mark.slow
def test_a_line_a_split_answer_names_is_split_at_once_and_the_certificate_still_holds() -> None:
    position = Position(Rules.square(5, 4), 0, 0)
    solution = solved(position, InProcess(), proof=True, split=100)
    # With each position of such a line asked as a job first, 56 jobs split and 11,510 positions were visited.
    assert solution.split <= 30
    assert solution.nodes < 10_000
    lines = certificate(position, solution)
    assert check_lines(lines).value == "draw"


def test_a_kept_split_answer_keeps_the_line_it_names(tmp_path: Path) -> None:
    store = AnswerStore(tmp_path / "answers.db")
    try:
        store.put("a job", JobAnswer(LOST, WON, 301, 0.5, None, known=False, split=True, hot=(12, 7, 3)))
        store.put("another", JobAnswer(LOST, WON, 301, 0.5, None, known=False, split=True))
        kept_line, kept_none = store.get("a job"), store.get("another")
    finally:
        store.close()
    assert kept_line is not None
    assert kept_none is not None
    assert (kept_line.split, kept_line.hot, kept_none.hot) == (True, (12, 7, 3), ())


@pytest.mark.slow
def test_value_jobs_share_their_process_s_table_and_visit_about_what_one_search_does() -> None:
    alone = solve(Position(Rules.square(6, 5), 0, 0))
    jobs = solved(Position(Rules.square(6, 5), 0, 0), InProcess())
    assert jobs.value == alone.value
    assert jobs.nodes <= 1.2 * alone.nodes


def test_value_jobs_mend_pairings_from_the_jobs_before_them_and_a_proof_job_from_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hints_given: list[object] = []

    def spy(position: Position, **options: object) -> Solver:
        hints_given.append(options["hints"])
        return Solver(position, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(job_module, "Solver", spy)
    monkeypatch.setattr(job_module, "_warm", [])
    for square, proof in ((12, False), (6, False), (7, True)):  # after X's centre, after X's b2, after X's c2
        run_job(Job(5, 5, 4, 1 << square, 0, LOST - 1, WON + 1, proof=proof))
    first, second, proving = hints_given
    assert first is second
    assert isinstance(first, list)
    assert any(hint is not None for hints in first for hint in hints)  # the first job's pairings, for the next
    assert proving is None  # a search with hints of its own: its records must not depend on the jobs before it


@pytest.mark.slow
def test_value_jobs_on_7x7_visit_no_more_than_one_search_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # With hints of their own each job's pairings were searched afresh until its search went deep: 1.37 times
    # the positions.
    monkeypatch.setattr(job_module, "_warm", [])  # a table and hints of no earlier test's
    alone = solve(Position(Rules.square(7, 5), 0, 0))
    jobs = solved(Position(Rules.square(7, 5), 0, 0), InProcess())
    assert jobs.value == alone.value
    assert jobs.nodes <= 1.1 * alone.nodes


def kept(tmp_path: Path, position: Position, **options: object) -> tuple[JobSolution, list[str]]:
    """A solve by jobs with a resume file in ``tmp_path`` (its answers checked by the checker's rules), and the
    lines it warned of."""
    warned: list[str] = []
    store = AnswerStore(tmp_path / "answers.db", check=check_answer, warn=warned.append)
    try:
        return solved(position, InProcess(), store=store, **options), warned
    finally:
        store.close()


@pytest.mark.slow
def test_answers_are_kept_checked_and_read_back_with_or_without_a_proof(tmp_path: Path) -> None:
    position = Position(Rules.square(5, 4), 0, 0)
    first, warned = kept(tmp_path, position, proof=True, split=400)
    assert (first.resumed, warned) == (0, [])
    again, warned = kept(tmp_path, position, proof=True, split=400)
    assert (again.resumed, again.nodes, again.records, warned) == (again.jobs, 0, first.records, [])
    without, warned = kept(tmp_path, position, split=400)
    assert (without.value, without.best, without.nodes, without.records, warned) == (
        first.value,
        first.best,
        0,
        None,
        [],
    )


def edit(db: Path, change: str) -> str:
    """Apply the SQL ``change`` to the rows of ``db`` and compute every row's digest again, as whoever edits the
    file can; the key of the first row changed."""
    with sqlite3.connect(db) as connection:
        before = dict(
            connection.execute("SELECT job, low || high || coalesce(hex(proof), 'none') FROM answers").fetchall()
        )
        connection.execute(change)
        rows = connection.execute("SELECT job, low, high, nodes, seconds, split, proof FROM answers").fetchall()
        for row in rows:
            connection.execute("UPDATE answers SET digest = ? WHERE job = ?", (_digest(row), row[0]))
        after = dict(
            connection.execute("SELECT job, low || high || coalesce(hex(proof), 'none') FROM answers").fetchall()
        )
    return str(next(key for key in sorted(before) if before[key] != after[key]))


@pytest.mark.slow
def test_a_row_edited_to_lie_is_refused_in_one_line_and_solved_again(tmp_path: Path) -> None:
    position = Position(Rules.square(5, 4), 0, 0)
    first, _ = kept(tmp_path, position, proof=True)
    # The first move's answer, a draw, edited to say that X wins (with its digest made right again).
    changed = edit(tmp_path / "answers.db", "UPDATE answers SET low = 1, high = 1 WHERE low = 0 AND high = 0")
    again, warned = kept(tmp_path, position, proof=True)
    assert len(warned) == 1
    refusal = f"the answer kept for {changed} is refused: its proof is invalid: record [0-9]+: .+; it is solved again"
    assert re.fullmatch(
        re.escape(refusal).replace(re.escape("[0-9]+"), "[0-9]+").replace(re.escape(".+"), ".+"), warned[0]
    )
    assert (again.value, again.best, again.records) == (first.value, first.best, first.records)
    assert again.resumed == again.jobs - 1
    assert again.nodes > 0


@pytest.mark.slow
def test_a_damaged_row_or_one_without_a_proof_is_refused(tmp_path: Path) -> None:
    position = Position(Rules.square(4, 4), 0, 0)
    kept(tmp_path, position, proof=True)
    with sqlite3.connect(tmp_path / "answers.db") as connection:
        connection.execute(
            "UPDATE answers SET nodes = nodes + 1 WHERE rowid = (SELECT min(rowid) FROM answers)"
        )  # digest left as it was
    _, warned = kept(tmp_path, position, proof=True)
    assert len(warned) == 1
    assert warned[0].endswith("is refused: the row is damaged (its digest does not match); it is solved again")
    edit(tmp_path / "answers.db", "UPDATE answers SET proof = NULL WHERE rowid = (SELECT min(rowid) FROM answers)")
    _, warned = kept(tmp_path, position, proof=True)
    assert [line.split(" is refused: ")[1] for line in warned] == ["it has no proof to check; it is solved again"]
    edit(
        tmp_path / "answers.db",
        f"UPDATE answers SET proof = x'{zlib.compress(b'1;2').hex()}' WHERE rowid = (SELECT min(rowid) FROM answers)",
    )
    _, warned = kept(tmp_path, position, proof=True)
    assert len(warned) == 1
    assert "its proof cannot be read" in warned[0]


@pytest.mark.slow
def test_a_row_whose_proof_would_inflate_past_its_bound_is_refused_without_being_inflated(tmp_path: Path) -> None:
    position = Position(Rules.square(4, 4), 0, 0)
    first, _ = kept(tmp_path, position, proof=True)
    # 256 MiB of zeros packed into 250 kB: inflated whole as the row was read, at every resume of the file.
    packer = zlib.compressobj(9)
    bomb = b"".join(packer.compress(bytes(1 << 24)) for _ in range(16)) + packer.flush()
    assert len(bomb) < 300_000
    changed = edit(
        tmp_path / "answers.db",
        f"UPDATE answers SET proof = x'{bomb.hex()}' WHERE rowid = (SELECT min(rowid) FROM answers)",
    )
    tracemalloc.start()
    try:
        again, warned = kept(tmp_path, position, proof=True)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert warned == [
        f"the answer kept for {changed} is refused: its proof cannot be read (it inflates past 64 MiB); "
        "it is solved again"
    ]
    assert peak < 100 * 2**20
    assert (again.value, again.records, again.resumed) == (first.value, first.records, again.jobs - 1)
    _, warned = kept(tmp_path, position, proof=True)  # the row was dropped, and its answer kept again
    assert warned == []


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
    busy = [slot.process.pid for slot in pool._slots if handle in slot.handles]
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


@pytest.mark.slow
def test_a_worker_holds_its_next_job_and_a_lost_one_loses_both() -> None:
    pool = LocalPool(2)
    whole = Job(7, 7, 5, 0, 0, LOST - 1, WON + 1, proof=False)  # the whole of 7x7: many seconds each
    handles = [pool.submit(whole) for _ in range(3)]
    # Each idle worker is sent a job first; then the first worker its next, before the one it runs ends.
    assert [slot.handles for slot in pool._slots] == [[handles[0], handles[2]], [handles[1]]]
    time.sleep(0.5)
    os.kill(pool._slots[0].process.pid, signal.SIGKILL)  # type: ignore[arg-type]
    lost = [handles[0], handles[2]]
    assert pool.wait(lost, 10) == lost  # both at once, as the worker is found dead
    assert (pool.result(handles[0]), pool.result(handles[2])) == (None, None)
    pool.close()


def test_a_walk_lists_no_more_jobs_than_asked_the_first_ones_of_the_whole_list() -> None:
    rows = ["........", "........", "........", "...XO...", "........", "........", "........"]
    tree = JobTree(Position.from_rows(rows, 5, cols=8))
    everything = tree.walk(guesses=True)
    assert len(everything.wanted) == 30  # one job for each of X's moves up to the board's symmetry
    assert not everything.full
    first = tree.walk(guesses=True, most=5)
    assert first.full
    assert [ask.key for ask in first.wanted] == [ask.key for ask in everything.wanted[:5]]
    assert first.low is None
    assert first.high is None


def test_a_pool_hands_back_every_answer_already_in_at_once() -> None:
    pool = LocalPool(4)
    handles = [pool.submit(Job(3, 3, 3, 1 << square, 0, LOST - 1, WON + 1, proof=False)) for square in (0, 1, 4)]
    handles.append(pool.submit(Job(3, 3, 3, 0, 0, LOST - 1, WON + 1, proof=False)))
    deadline = time.monotonic() + 30
    while pool._answers.qsize() < len(handles) and time.monotonic() < deadline:  # the workers' answers, not a wait
        time.sleep(0.01)
    try:
        assert sorted(pool.wait(handles, 10)) == handles  # type: ignore[type-var]
    finally:
        pool.close()


class Losing(InProcess):
    """A runner whose workers are all lost: every job answers None."""

    def __init__(self) -> None:
        self.tries = 0

    def submit(self, job: Job) -> object:
        self.tries += 1
        return self

    def result(self, handle: object) -> JobAnswer | None:
        return None


def test_a_job_lost_again_and_again_ends_the_solve_with_a_clear_message() -> None:
    runner = Losing()
    with pytest.raises(JobLost, match=f"lost its worker {MOST_TRIES} times"):
        solved(Position(Rules.square(4, 4), 0, 0), runner)
    assert runner.tries == MOST_TRIES


class Busy(InProcess):
    """Runs each job here at once, but says it has two workers: the walks list jobs ahead as for a pool."""

    capacity = 2


def test_a_walk_visits_the_positions_still_waiting_not_the_whole_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    visits = [0]
    search = JobTree._search

    def counted(tree: JobTree, *arguments: object, **options: object) -> object:
        visits[0] += 1
        return search(tree, *arguments, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(JobTree, "_search", counted)
    monkeypatch.setattr(job_module, "_warm", [])  # a table of no earlier test's: the same jobs every time
    monkeypatch.setattr(coordinator_module, "WALK_INTERVAL", 0.0)  # a walk after every answer, whatever the clock
    solve_by_jobs = JobSolve(Position(Rules.square(5, 4), 0, 0), Busy(), split=50)
    per_answer, before = [], 0
    for _ in solve_by_jobs:
        per_answer.append(visits[0] - before)
        before = visits[0]
    assert solve_by_jobs.solution is not None
    assert solve_by_jobs.solution.jobs > 700
    # Walking the whole tree again for each answer, the last half of the solve's walks visited up to 859 positions
    # each (157 in its first quarter), 83,551 in all.
    assert max(per_answer[len(per_answer) // 2 :]) <= 100
    assert sum(per_answer) < 10_000


def test_answers_that_come_between_two_walks_wait_for_the_next_while_the_workers_have_jobs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    walks = [0]
    walk = JobTree.walk

    def counted(tree: JobTree, **options: bool | int | None) -> object:
        walks[0] += 1
        return walk(tree, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(JobTree, "walk", counted)
    monkeypatch.setattr(coordinator_module, "WALK_INTERVAL", 3600.0)  # never due by the clock in this test
    position = Position(Rules(4, 5, 4), 0, 0)
    solve_by_jobs = JobSolve(position, Busy(), split=5)
    list(solve_by_jobs)
    assert solve_by_jobs.solution is not None
    # Walked only when the last walk's jobs were all handed out and too few ran: the value is still the search's.
    assert solve_by_jobs.solution.value == solve(position).value
    answers = len(solve_by_jobs.answered())
    assert answers > 100
    assert walks[0] < answers / 4  # 41 walks after every answer; 12 here


def test_the_progress_says_what_share_of_the_root_s_search_is_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(job_module, "_warm", [])
    solve_by_jobs = JobSolve(Position(Rules(4, 5, 4), 0, 0), Busy(), split=5, share_every=0.0)  # every answer
    shares = [progress.share for progress in solve_by_jobs]
    assert shares[0] < 0.01
    assert all(0 <= share < 1 for share in shares)
    assert shares == sorted(shares)  # each answer settles more of the search, here
    assert shares[-1] > 0.5
    assert solve_by_jobs._tree.share_proved() == 1.0


def test_a_solve_names_every_answer_it_was_given_with_its_position() -> None:
    solve_by_jobs = JobSolve(Position(Rules(4, 5, 4), 0, 0), Busy(), split=5)
    list(solve_by_jobs)
    assert solve_by_jobs.solution is not None
    answered = solve_by_jobs.answered()
    assert len(answered) >= solve_by_jobs.solution.jobs > 5
    assert sum(answer.nodes for _, answer in answered) == solve_by_jobs.solution.nodes
    assert all((node.x_tiles | node.o_tiles).bit_count() >= 1 for node, _ in answered)  # never the empty root
