"""``python -m bench.solver``: solve the empty boards of the solver's targets; print a fixed-width table.

Each solve runs ``python -m tictactoe.solver SIZE LENGTH`` in a fresh
process, as a person would, from a cold start: nothing is kept between
runs (no ``--resume`` file, no table on disk).  Two processor times are
read, each the median over the runs: ``seconds``, the solve's own
(the ``seconds:`` line: the search and the jobs of any workers,
without the interpreter's start-up), and ``process s``, every processor
second of the process and the processes it started, start-up included,
from :func:`resource.getrusage` of the children.  A target is judged on
``seconds``, as the solver's targets were set (the start-up alone, about
a tenth of a second, is twice the smallest target); ``process s`` shows
what a person waits for in all.

Then 7x7 with five in a row, and 7x7 with four in a row with X's moves
restricted to 5x5, are solved as jobs with ``--workers 1`` and
``--workers 2`` beside the plain solve: the positions the jobs visit
against the plain search's, the wall-clock medians, and the processor
seconds of the coordinating process against its workers' (start-up
included), on a machine whose load is printed beside them.

``--scaling`` instead times a fixed 7x8 position with five in a row, a few
moves in (:data:`SCALING_BOARD`), solved by one process and then as jobs on
each number of workers of ``--workers-list``; the table is printed and
written to ``--output`` (``bench/solver_scaling_results.txt``), so that a
larger machine runs it as one command:

    python -m bench.solver --scaling --workers-list 1,2,4,8,16
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

from bench.common import ROOT, compile_game, current_commit, load_averages

#: The wall-clock time of two workers on 7x7 with five in a row, as a share of one plain search's, aimed at.
TWO_WORKERS_TARGET = 0.6
#: The positions the jobs of 7x7 with five in a row may visit, as a multiple of one plain search's.
JOB_POSITIONS_TARGET = 1.2
#: The position ``--scaling`` solves: 7x8 with five in a row, X on d4 and O on e4 (X to move): a draw that one process
#: proves in about 140,000 positions.
SCALING_BOARD = ("........", "........", "........", "...XO...", "........", "........", "........")
#: The processor time of a solve's coordinating process, as a share of its workers', aimed at.
COORDINATOR_TARGET = 0.1
#: Positions a job of the scaling run may visit before it is split: the solver's own default for jobs without proofs.
SCALING_SPLIT = 1_000


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
    Target(7, 5, "draw", 4.0, goal=2.5),
)


@dataclass(frozen=True)
class Run:
    """One solve: the program's ``key: value`` lines, and the processor and wall-clock seconds of its process
    and every process it started."""

    report: dict[str, str]
    processor: float
    wall: float


# The solver's program run as python -m runs it, then the processor seconds of its own process (the coordinator of
# a solve by jobs) and of the processes it started and waited for (its workers, start-up included), as two more
# "key: value" lines.
_COORDINATED = """
import resource, sys
from tictactoe.cli.solver import main
status = main(sys.argv[1:])
for name, who in (("coordinator", resource.RUSAGE_SELF), ("workers", resource.RUSAGE_CHILDREN)):
    usage = resource.getrusage(who)
    print(f"{name} seconds: {usage.ru_utime + usage.ru_stime:.3f}")
sys.exit(status)
"""


def solve_in_process(size: int | str, length: int, *options: str) -> Run:
    """One ``python -m tictactoe.solver SIZE LENGTH [options]`` run in a fresh process; its report adds
    ``coordinator seconds`` and ``workers seconds`` (see :data:`_COORDINATED`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-c", _COORDINATED, str(size), str(length), *options],
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
    parser = argparse.ArgumentParser(
        prog="python -m bench.solver", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=None, help="runs of each solve (default 5; 3 with --scaling)")
    parser.add_argument("--no-workers", action="store_true", help="leave out the solves as jobs")
    parser.add_argument(
        "--restricted-runs", type=int, default=1, help="runs of each solve of 7x7 with four in a row (default 1)"
    )
    parser.add_argument("--scaling", action="store_true", help="time the 7x8 position on each number of workers")
    parser.add_argument(
        "--workers-list",
        default=None,
        help="the numbers of workers of --scaling, apart by commas (default 1, 2, 4 ... up to the cores)",
    )
    parser.add_argument("--split", type=int, default=SCALING_SPLIT, help="--split of the scaling run's jobs")
    parser.add_argument("--output", default=str(ROOT / "bench" / "solver_scaling_results.txt"), help="--scaling's file")
    args = parser.parse_args(argv)
    compile_game()
    if args.scaling:
        args.runs = 3 if args.runs is None else args.runs
        return _scaling(args)
    args.runs = 5 if args.runs is None else args.runs
    print(f"Python {sys.version.split()[0]}, commit {current_commit()}, {os.cpu_count()} processors")
    print("seconds: the solve's processor time, its workers' included (the targets' measure); process s: the whole")
    print("process's and its children's, start-up included")
    print(f"load average at the start: {load_averages()}")
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
        _jobs(args.runs, args.restricted_runs)
    print(f"load average at the end: {load_averages()}")
    return 0


#: The solves timed as jobs: 7x7 with five in a row, and 7x7 with four in a row with X restricted to 5x5 (its
#: runs apart: one search takes half a minute).
JOB_PROBLEMS = (("7x7, five in a row", 7, 5, ()), ("7x7, four in a row, X in 5x5", 7, 4, ("--restrict", "5x5")))


def _jobs(runs: int, restricted_runs: int) -> None:
    """Print each of :data:`JOB_PROBLEMS` solved plainly and as jobs on one worker and two: positions, wall time,
    and the coordinator's processor time against its workers'."""
    for name, size, length, options in JOB_PROBLEMS:
        count = restricted_runs if options else runs
        print()
        print(f"{name}, plainly and as jobs (medians of {count} runs of the whole process; the load beside each):")
        plain = [solve_in_process(size, length, *options) for _ in range(count)]
        plain_wall = statistics.median(run.wall for run in plain)
        plain_nodes = int(plain[0].report["nodes"])
        print(
            f"  one search:   {plain_wall:6.2f} s wall, {plain_nodes:>7,} positions (load {load_averages()})",
            flush=True,
        )
        for workers in (1, 2):
            done = [solve_in_process(size, length, *options, "--workers", str(workers)) for _ in range(count)]
            _jobs_row(workers, done, plain_wall, plain_nodes)


def _jobs_row(workers: int, done: list[Run], plain_wall: float, plain_nodes: int) -> None:
    wall = statistics.median(run.wall for run in done)
    nodes = statistics.median(int(run.report["nodes"]) for run in done)
    coordinator = statistics.median(float(run.report["coordinator seconds"]) for run in done)
    # One worker runs its jobs in the coordinator's own process: nothing to set apart.
    working = statistics.median(float(run.report["workers seconds"]) for run in done) if workers > 1 else 0.0
    share = f"{coordinator / working:.0%} of the workers' {working:.2f} s" if working else "its jobs included"
    print(
        f"  --workers {workers}:  {wall:6.2f} s wall, {nodes:>7,.0f} positions, {nodes / plain_nodes:.2f}x the "
        f"search's, {wall / plain_wall:.2f}x its wall time, {done[0].report['sub-positions']} sub-positions; "
        f"coordinator {coordinator:.2f} s, {share} (load {load_averages()})",
        flush=True,
    )
    if workers == 2:
        positions_met = _met(nodes / plain_nodes <= JOB_POSITIONS_TARGET)
        wall_met = _met(wall / plain_wall <= TWO_WORKERS_TARGET)
        coordinator_met = _met(coordinator <= COORDINATOR_TARGET * working)
        print(
            f"  targets: positions <= {JOB_POSITIONS_TARGET}x ({positions_met}), "
            f"--workers 2 wall <= {TWO_WORKERS_TARGET}x ({wall_met}), "
            f"coordinator <= {COORDINATOR_TARGET:.0%} of the workers ({coordinator_met})"
        )


def _scaling(args: argparse.Namespace) -> int:
    """Time :data:`SCALING_BOARD` solved by one process and as jobs on each number of workers; print the table and
    write it to ``args.output``."""
    cores = os.cpu_count() or 1
    counts = (
        [int(count) for count in args.workers_list.split(",")]
        if args.workers_list
        else [2**power for power in range(cores.bit_length()) if 2**power <= cores]
    )
    lines = [
        f"Python {sys.version.split()[0]}, commit {current_commit()}, {cores} processors,"
        f" load {load_averages()} at the start",
        f"7x8, five in a row, from {' '.join(SCALING_BOARD)} (X to move); jobs split past {args.split:,} positions",
        "wall: median wall-clock seconds of the whole process; speed-up: the one search's wall over this wall",
        "",
        f"{'workers':>8} {'runs':>4} {'value':>6} {'wall':>8} {'speed-up':>9} {'positions':>11} {'sub-positions':>14} "
        f"{'load':>6}",
    ]
    for line in lines:
        print(line, flush=True)
    board = ["--board", *SCALING_BOARD]
    runs = max(1, args.runs)
    plain = [solve_in_process("7x8", 5, *board) for _ in range(runs)]
    plain_wall = statistics.median(run.wall for run in plain)
    rows = [_scaling_row("search", plain, plain_wall)]
    print(rows[-1], flush=True)
    for count in counts:
        options = [*board, "--workers", str(count), "--split", str(args.split)]
        done = [solve_in_process("7x8", 5, *options) for _ in range(runs)]
        rows.append(_scaling_row(str(count), done, plain_wall))
        print(rows[-1], flush=True)
    with open(args.output, "w", encoding="utf-8") as out:
        out.write("\n".join([*lines, *rows, f"load at the end: {load_averages()}"]) + "\n")
    print(f"load at the end: {load_averages()}; written to {args.output}")
    return 0


def _scaling_row(name: str, runs: list[Run], plain_wall: float) -> str:
    wall = statistics.median(run.wall for run in runs)
    report = runs[0].report
    nodes = statistics.median(int(run.report["nodes"]) for run in runs)
    value = report["value"].replace(" wins", "")
    jobs = report.get("sub-positions", "-")
    return (
        f"{name:>8} {len(runs):>4} {value:>6} {wall:>8.2f} {plain_wall / wall:>8.2f}x {nodes:>11,.0f} {jobs:>14} "
        f"{load_averages().split()[0]:>6}"
    )


def _met(met: bool) -> str:
    return "met" if met else "missed"


if __name__ == "__main__":
    sys.exit(main())
