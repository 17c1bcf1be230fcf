"""``python -m bench.solver``: solve the empty boards of the solver's targets; print a fixed-width table.

Each solve runs ``python -m tictactoe.solver SIZE LENGTH`` in a fresh
process, as a person would, from a cold start: nothing is kept between
runs (no ``--resume`` file, no table on disk).  Two processor times are
read, each the median over the runs: ``seconds``, the solve's own
(the ``seconds:`` line: the search and the processes of any workers,
without the interpreter's start-up), and ``process s``, every processor
second of the process and the processes it started, start-up included,
from :func:`resource.getrusage` of the children.  A target is judged on
``seconds``, as the solver's targets were set (the start-up alone, about
a tenth of a second, is twice the smallest target); ``process s`` shows
what a person waits for in all.

Then the 7x7 board with five in a row is solved as jobs with ``--workers
1`` and ``--workers 2``: the speed-up is the ratio of their wall-clock
medians, on a machine whose load is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from bench.common import ROOT, compile_game, current_commit

#: The speed-up of two workers over one on 7x7 with five in a row that the solver aims at.
SPEED_UP_TARGET = 1.7


@dataclass(frozen=True)
class Target:
    """An empty board to solve, its known value, the most processor seconds the solve may take, and a goal
    below that when there is one."""

    size: int
    length: int
    value: str
    seconds: float
    goal: float | None = None


TARGETS = (
    Target(4, 4, "draw", 0.05),
    Target(5, 5, "draw", 6.0),
    Target(5, 4, "draw", 2.0),
    Target(6, 4, "X wins", 45.0),
    Target(6, 5, "draw", 600.0),
    Target(7, 5, "draw", 6.0, goal=2.5),
)


@dataclass(frozen=True)
class Run:
    """One solve: the program's ``key: value`` lines, and the processor and wall-clock seconds of its process
    and every process it started."""

    report: dict[str, str]
    processor: float
    wall: float


def solve_in_process(size: int, length: int, *options: str) -> Run:
    """One ``python -m tictactoe.solver SIZE LENGTH [options]`` run in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe.solver", str(size), str(length), *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    processor = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return Run(dict(line.split(": ", 1) for line in result.stdout.splitlines()), processor, wall)


def verdict(value: str, target: Target, seconds: float) -> str:
    """How ``seconds`` compares with the target (and its goal), or what is wrong with ``value``.

    >>> verdict("draw", Target(7, 5, "draw", 6.0, goal=2.5), 3.0)
    'met, goal missed'
    >>> verdict("draw", Target(4, 4, "draw", 0.05), 0.03)
    'met, 2x'
    """
    if value != target.value:
        return "unknown" if value == "unknown" else "WRONG VALUE"
    if seconds > target.seconds:
        return f"missed by {seconds - target.seconds:.2f}s"
    if target.goal is not None:
        return "met, goal met" if seconds <= target.goal else "met, goal missed"
    return f"met, {target.seconds / seconds:,.0f}x" if seconds > 0 else "met"  # 0: under a millisecond


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each target (default 5)")
    parser.add_argument("--no-workers", action="store_true", help="leave out the speed-up of --workers 2")
    args = parser.parse_args(argv)
    compile_game()
    print(f"Python {sys.version.split()[0]}, commit {current_commit()}, {os.cpu_count()} processors")
    print("seconds: the solve's processor time, its workers' included (the targets' measure); process s: the whole")
    print("process's and its children's, start-up included")
    print(f"load average at the start: {_load()}")
    print()
    print(
        f"{'board':>5} {'k':>2} {'value':>7} {'known':>7} {'nodes':>10} {'runs':>4} {'seconds':>9} "
        f"{'process s':>10} {'target':>7} {'goal':>5} {'result':>16}"
    )
    for target in TARGETS:
        runs = [solve_in_process(target.size, target.length) for _ in range(args.runs)]
        seconds = statistics.median(float(run.report["seconds"]) for run in runs)
        process = statistics.median(run.processor for run in runs)
        value = runs[0].report["value"]
        goal = "" if target.goal is None else f"{target.goal:g}"
        print(
            f"{target.size}x{target.size:<3} {target.length:>2} {value:>7} {target.value:>7} "
            f"{int(runs[0].report['nodes']):>10,} {args.runs:>4} {seconds:>9.3f} {process:>10.3f} "
            f"{target.seconds:>7g} {goal:>5} {verdict(value, target, seconds):>16}",
            flush=True,
        )
    if not args.no_workers:
        _speed_up(args.runs)
    print(f"load average at the end: {_load()}")
    return 0


def _speed_up(runs: int) -> None:
    """Print the 7x7 solve with five in a row as jobs on one worker and on two, and the speed-up."""
    print()
    print("7x7, five in a row, as jobs (wall-clock and processor seconds of the whole process, medians):")
    walls = {}
    for workers in (1, 2):
        done = [solve_in_process(7, 5, "--workers", str(workers)) for _ in range(runs)]
        walls[workers] = statistics.median(run.wall for run in done)
        processor = statistics.median(run.processor for run in done)
        print(
            f"  --workers {workers}: {walls[workers]:.2f} s wall, {processor:.2f} s processor, "
            f"value {done[0].report['value']}, {done[0].report['sub-positions']} sub-positions",
            flush=True,
        )
    ratio = walls[1] / walls[2]
    print(f"  speed-up of --workers 2: {ratio:.2f}x (target {SPEED_UP_TARGET}x: {_met(ratio >= SPEED_UP_TARGET)})")


def _met(met: bool) -> str:
    return "met" if met else "missed"


def _load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
