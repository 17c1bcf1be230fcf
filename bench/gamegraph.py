"""``python -m bench.gamegraph``: what the 3x3 game graph and the prover cost, as a fixed-width table.

CPU time (``time.process_time``) to build and score the graph, the median
of several builds; the peak of the memory the build allocates, traced
(``tracemalloc``) in a build of its own since tracing slows it; and the CPU
time of the prover's whole table, every player on both sides.  The results
of a full run are kept in ``bench/gamegraph_results.txt``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable

from bench.common import current_commit
from configurations import Side
from tictactoe.gamegraph import build_graph
from tictactoe.players.prover import prove, provers

# The budgets: a build that a person waiting for the first move does not
# notice, in a few tens of megabytes; a table that runs while one waits.
BUILD_SECONDS = 0.3
BUILD_MIB = 30.0
PROVER_SECONDS = 30.0


def cpu_seconds(work: Callable[[], object], runs: int) -> float:
    """The median CPU time of ``runs`` calls of ``work``, each after a full garbage collection."""
    timings = []
    for _ in range(runs):
        gc.collect()
        started = time.process_time()
        work()
        timings.append(time.process_time() - started)
    return statistics.median(timings)


def build_peak_mib() -> float:
    """The most memory a build of the graph holds at once, in MiB, as ``tracemalloc`` counts it."""
    gc.collect()
    tracemalloc.start()
    try:
        build_graph()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def prove_all() -> None:
    """Every proof of the prover's table: each player, both sides."""
    for _, make in provers():
        for side in (Side.X, Side.O):
            prove(make, side)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gamegraph", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    args = parser.parse_args(argv)
    runs, prover_runs = (3, 1) if args.quick else (9, 3)
    build_graph()  # warm-up: the modules' first import and the caches they fill
    build = cpu_seconds(build_graph, runs)
    peak = build_peak_mib()
    table = cpu_seconds(prove_all, prover_runs)
    rows = [
        ("build and score the game graph, CPU s", f"{build:.3f}", f"{BUILD_SECONDS}"),
        ("peak memory of a build, MiB", f"{peak:.1f}", f"{BUILD_MIB:.0f}"),
        ("the prover's whole table, CPU s", f"{table:.2f}", f"{PROVER_SECONDS:.0f}"),
    ]
    print(
        f"Python {sys.version.split()[0]}, commit {current_commit()}, after a warm-up: "
        f"builds a median of {runs} runs, the table of {prover_runs}"
    )
    print()
    print(f"{'measure':<40} {'value':>8} {'budget':>8}")
    for label, value, budget in rows:
        print(f"{label:<40} {value:>8} {budget:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
