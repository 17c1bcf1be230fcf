"""``python -m bench.solver``: solve the empty boards of the solver's targets; print a fixed-width table.

Each solve runs ``python -m tictactoe.solver SIZE LENGTH`` in a fresh
process, as a person would, and reads the processor seconds it reports
for the solve itself (the ``seconds:`` line; the interpreter's start-up is
not in it).  The table gives the median over the runs, the target and by
how much it was met or missed.  The two moonshots get one run each, cut
off by ``--think`` at the moonshot's limit.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from bench.__main__ import ROOT, compile_game, current_commit


@dataclass(frozen=True)
class Target:
    """An empty board to solve, its known value and the most processor seconds the solve may take."""

    size: int
    length: int
    value: str
    seconds: float
    moonshot: bool = False


TARGETS = (
    Target(4, 4, "draw", 0.05),
    Target(5, 5, "draw", 6.0),
    Target(5, 4, "draw", 2.0),
    Target(6, 4, "X wins", 45.0),
    Target(6, 5, "draw", 600.0, moonshot=True),
    Target(7, 5, "draw", 600.0, moonshot=True),
)


def solve_in_process(size: int, length: int, think: float | None = None) -> tuple[dict[str, str], float]:
    """The ``key: value`` lines of one ``python -m tictactoe.solver`` run, and the whole process's seconds."""
    arguments = [str(size), str(length)] + ([] if think is None else ["--think", str(think)])
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe.solver", *arguments], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return dict(line.split(": ", 1) for line in result.stdout.splitlines()), time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="runs of each required target (default 5)")
    parser.add_argument("--no-moonshots", action="store_true", help="leave out 6x6 and 7x7 with five in a row")
    args = parser.parse_args(argv)
    compile_game()
    print(f"Python {sys.version.split()[0]}, commit {current_commit()}, processor seconds of the solve, median")
    print()
    print(
        f"{'board':>5} {'k':>2} {'value':>7} {'known':>7} {'nodes':>10} {'runs':>4} {'seconds':>9} "
        f"{'target':>7} {'result':>16} {'process s':>10}"
    )
    for target in TARGETS:
        if target.moonshot and args.no_moonshots:
            continue
        runs = 1 if target.moonshot else args.runs
        think = target.seconds if target.moonshot else None
        runs_and_times = [solve_in_process(target.size, target.length, think) for _ in range(runs)]
        reports = [report for report, _ in runs_and_times]
        seconds = statistics.median(float(report["seconds"]) for report in reports)
        process = statistics.median(elapsed for _, elapsed in runs_and_times)
        value = reports[0]["value"]
        if value != target.value:
            verdict = "unknown" if value == "unknown" else "WRONG VALUE"
        elif seconds <= target.seconds:
            verdict = f"met, {target.seconds / seconds:,.0f}x" if seconds > 0 else "met"  # 0: under a millisecond
        else:
            verdict = f"missed by {seconds - target.seconds:.2f}s"
        board = f"{target.size}x{target.size}"
        print(
            f"{board:>5} {target.length:>2} {value:>7} {target.value:>7} {int(reports[0]['nodes']):>10,} "
            f"{runs:>4} {seconds:>9.3f} {target.seconds:>7g} {verdict:>16} {process:>10.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
