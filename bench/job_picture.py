"""``python -m bench.job_picture SIZE LENGTH [--board ROW ...] [--workers N] [--restrict RxC] [--proof] [--think S]``:
a picture of one solve by jobs.

The solve runs in this process's pool of ``--workers`` processes, as
``python -m tictactoe.solver SIZE LENGTH --workers N`` runs it (SIZE is
``7`` or ``7x8``; ``--board``: the position, one row each, as the solver
reads it, else the empty board; ``--proof``: its jobs write proofs, with
their default budget; ``--think``: it stops after that many seconds); then each
job the tree kept an answer of is counted by its depth (the tiles on
the board it starts from): how many jobs, how many of them split, their processor
seconds in all, the median and the longest one, and a bar of each depth's
share of all the jobs' seconds.  Printed with the coordinator's and the
workers' processor time and the load the run was taken under.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from bench.common import current_commit, load_averages
from configurations.rules import Rules
from tictactoe.solver.jobs.coordinator import JobSolve
from tictactoe.solver.jobs.runners import LocalPool
from tictactoe.solver.position import Position

# The width of the bar of a depth that took every job's seconds.
_BAR = 40


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.job_picture", description=__doc__)
    parser.add_argument("size", help="N or ROWSxCOLS")
    parser.add_argument("length", type=int)
    parser.add_argument("--board", nargs="+", metavar="ROW", help="the position, one ROW per row (default: empty)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--restrict", default=None, help="ROWSxCOLS of the region X's moves are restricted to")
    parser.add_argument("--proof", action="store_true", help="jobs that write proofs")
    parser.add_argument("--think", type=float, default=None, help="seconds the solve may take")
    args = parser.parse_args(argv)
    rows, _, cols = args.size.partition("x")
    restrict = None
    if args.restrict is not None:
        region_rows, region_cols = (int(part) for part in args.restrict.split("x"))
        restrict = (region_rows, region_cols)
    height, width = int(rows), int(cols or rows)
    position = (
        Position(Rules(height, width, args.length), 0, 0)
        if args.board is None
        else Position.from_rows(args.board, args.length, cols=width)
    )
    runner = LocalPool(args.workers)
    began, load = time.monotonic(), load_averages()
    solve = JobSolve(position, runner, restrict=restrict, proof=args.proof, think=args.think)
    try:
        for _ in solve:
            pass
    finally:
        runner.close()
    wall = time.monotonic() - began
    assert solve.solution is not None
    asked = f"--workers {args.workers}" + (" --proof" if args.proof else "") + f", commit {current_commit()}"
    start = "" if args.board is None else f" from {' '.join(args.board)}"
    print(f"{position.height}x{position.width}, {args.length} in a row{start}, {asked}")
    value = "unknown (out of time)" if solve.solution.value is None else solve.solution.value
    print(f"value: {value}; {solve.share_proved():.2%} of the root's search proved; {wall:.2f} s wall")
    print(f"load at the start {load}, at the end {load_averages()}")
    coordinator = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(
        f"processor seconds: coordinator {coordinator.ru_utime + coordinator.ru_stime:.2f} (start-up included), "
        f"workers {workers.ru_utime + workers.ru_stime:.2f}"
    )
    _picture(solve)
    return 0


def _picture(solve: JobSolve) -> None:
    """The jobs of ``solve`` by depth (see the module's docstring)."""
    answered = solve.answered()
    depths: dict[int, list[tuple[float, bool]]] = {}
    for node, answer in answered:
        depth = (node.x_tiles | node.o_tiles).bit_count()  # the tiles on its board, the root's included
        depths.setdefault(depth, []).append((answer.seconds, answer.split))
    total = sum(seconds for jobs in depths.values() for seconds, _ in jobs) or 1.0
    print("depth   jobs  split   seconds  median s  longest s  share of the jobs' seconds")
    for depth in sorted(depths):
        seconds = [spent for spent, _ in depths[depth]]
        splits = sum(split for _, split in depths[depth])
        bar = "#" * round(_BAR * sum(seconds) / total)
        print(
            f"{depth:5} {len(seconds):6} {splits:6} {sum(seconds):9.2f} {statistics.median(seconds):9.3f} "
            f"{max(seconds):10.3f}  {bar}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
