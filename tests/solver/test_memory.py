"""Tests of tictactoe.solver.memory: the solver's table never holds more than its capacity, keeps the costliest
positions when it must let some go, and a solve with a small table still proves the same values."""

from __future__ import annotations

import resource
import subprocess
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.paths import ROOT
from tests.solver.test_solve import positions
from tictactoe.solver.jobs.job import Job, run_job
from tictactoe.solver.memory import CostTable, capacity_for, cost_level
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON, Bound, pack, unpack
from tictactoe.solver.solve import OverBudget, Solver, solve

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True, database=None)


@SETTINGS
@given(st.integers(1, 40), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 12)), max_size=300))
def test_the_table_never_outgrows_its_capacity_and_lets_the_cheapest_go(
    capacity: int, stores: list[tuple[int, int]]
) -> None:
    table = CostTable(capacity)
    model: dict[str, int] = {}  # what a table without a bound would hold
    for number, level in stores:
        key = f"position {number}"
        before = [held for held in model if table.get(held) >= 0]
        record = pack(DRAWN, Bound.EXACT, depth=level)
        table.store(key, record, present=table.get(key) >= 0)
        model[key] = record
        assert len(table) <= capacity
        assert table.get(key) == record  # what was just stored is there
        kept = [held for held in model if table.get(held) >= 0]
        assert all(table.get(held) == model[held] for held in kept)  # nothing held is changed
        gone = [unpack(model[held])[2] for held in before if held not in kept]
        if gone:  # a full table: at least half let go, each no costlier than any kept
            assert len(gone) >= len(before) // 2
            assert all(max(gone) < unpack(model[held])[2] for held in kept if held != key)


def test_a_full_table_lets_at_least_half_go_the_cheapest_first() -> None:
    table = CostTable(8)
    for number in range(8):
        table.store(f"p{number}", pack(DRAWN, Bound.EXACT, depth=number), present=False)
    table.store("new", pack(DRAWN, Bound.EXACT, depth=0), present=False)
    assert [key for key in (f"p{number}" for number in range(8)) if table.get(key) >= 0] == ["p4", "p5", "p6", "p7"]
    assert (len(table), table.evicted) == (5, 4)
    assert [unpack(record)[2] for _, record in table.items()] == [7, 6, 5, 4, 0]


def test_cost_levels_and_capacities() -> None:
    assert [cost_level(positions) for positions in (0, 1, 2, 3, 4, 1023, 1024)] == [0, 1, 2, 2, 3, 10, 11]
    assert capacity_for(0, 49) == 1_000  # the least a table is given
    assert capacity_for(1024, 49) > 2 * capacity_for(1024, 49, tables=2) - 2


@pytest.mark.slow
@settings(SETTINGS, max_examples=60)
@given(positions(most_empty=12))
def test_a_solve_with_a_table_of_a_few_hundred_positions_proves_the_same(position: Position) -> None:
    table = CostTable(300)
    small = Solver(position, table=table).solve()
    assert small.value == solve(position).value
    assert len(table) <= 300


@pytest.mark.slow
def test_a_7x8_search_keeps_its_table_within_its_capacity() -> None:
    position = Position.from_rows(
        ["........", "........", "...X....", "...O....", "........", "........", "........"], 5, cols=8
    )
    table = CostTable(1_000)
    solver = Solver(position, table=table)
    # A budget of positions, not of time: a loaded machine gets no fewer of them.
    with pytest.raises(OverBudget):
        solver.bounds(LOST - 1, WON + 1, budget=10_000)
    assert len(table) <= 1_000
    assert table.evicted > 1_000


DRIVER = """
import sys
from bench.workloads import peak_memory_kib
from tictactoe.cli.solver import main
main(sys.argv[1:])
print("peak KiB:", peak_memory_kib())
"""


@pytest.mark.slow
def test_memory_bounds_a_7x8_solve_s_whole_process() -> None:
    # 1 MiB of table (about 7,000 positions), within a process that takes about 40 MiB before it searches.  --think
    # is wall-clock time: 40 s visit about 90,000 positions on a machine alone and 40,000 on one whose two
    # processors are held by three other processes, so that the floor below holds on a loaded machine too.
    command = [sys.executable, "-c", DRIVER, "7x8", "5", "--workers", "1", "--memory", "1", "--think", "40"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    lines = result.stdout.splitlines()
    assert lines[0] == "value: unknown"
    nodes = int(lines[2].removeprefix("nodes: "))
    assert nodes > 20_000  # enough positions to fill the table more than once
    assert int(lines[-1].removeprefix("peak KiB: ")) < 60 * 1024


def test_a_job_counts_its_own_processor_time_not_its_process_s() -> None:
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            sum(range(1000))

    started = resource.getrusage(resource.RUSAGE_SELF)
    burner = threading.Thread(target=busy)
    burner.start()
    try:
        answer = run_job(Job(5, 5, 4, 0, 0, -WON, WON, proof=False))
    finally:
        stop.set()
        burner.join()
    ended = resource.getrusage(resource.RUSAGE_SELF)
    process = ended.ru_utime + ended.ru_stime - started.ru_utime - started.ru_stime
    assert answer.seconds > 0
    assert answer.seconds < process  # the busy thread's time is the process's, not the job's
