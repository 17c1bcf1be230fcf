"""``python -m bench.engines``: the sound search against the reference on the workloads; a fixed-width table.

For each workload of :mod:`bench.workloads` both searches choose the
computer's reply; the table gives their scores and squares (which agree
wherever the reference's stored cut-short scores did not mislead it), the
tiles each placed, and the processor seconds (median of ``--runs``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from bench.common import current_commit
from bench.workloads import WORKLOADS, Workload
from configurations import Configurations, PosPlay, SearchStats, computer_play
from tictactoe.solver.sound_search import sound_play

Search = Callable[..., PosPlay]


def run(search: Search, workload: Workload, runs: int) -> tuple[PosPlay, int, float]:
    """The play, the tiles placed and the median seconds of ``runs`` searches of ``workload``."""
    timings = []
    for _ in range(runs):
        board: Configurations = workload.board()
        stats = SearchStats()
        started = time.process_time()
        play = search(board, stats=stats)
        timings.append(time.process_time() - started)
    return play, stats.nodes, statistics.median(timings)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.engines", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="searches of each workload by each engine (default 5)")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, commit {current_commit()}, processor seconds, median of {args.runs}")
    print()
    print(
        f"{'':4} {'board':>7} {'k':>2} {'lvl':>3} {'reference':>10} {'sound':>10} {'sound/ref':>9} "
        f"{'same play':>9} {'ref s':>7} {'sound s':>8}"
    )
    for workload in WORKLOADS:
        reference, reference_nodes, reference_seconds = run(computer_play, workload, args.runs)
        sound, sound_nodes, sound_seconds = run(sound_play, workload, args.runs)
        board = f"{workload.size}x{workload.size}"
        print(
            f"{workload.name:4} {board:>7} {workload.length:>2} {workload.max_levels:>3} {reference_nodes:>10,} "
            f"{sound_nodes:>10,} {sound_nodes / reference_nodes:>9.3f} {'yes' if sound == reference else 'NO':>9} "
            f"{reference_seconds:>7.3f} {sound_seconds:>8.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
