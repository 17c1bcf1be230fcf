"""``python -m bench.strong_nps CHECKOUT [CHECKOUT ...]``: the strong search's positions a second in checkouts.

Each checkout (a folder holding the project at some commit: ``git worktree
add --detach /tmp/eng-X COMMIT``) searches bench.strong's 40 positions to
the same fixed depth, in a process of its own with only that checkout on
its path, so that two commits are timed on the same work: their node counts
must agree where the search did not change.  The checkouts take turns,
``--runs`` rounds, and each one's median is printed.

A checkout from before the rules were one value builds its search from the
board's two numbers (``StrongSearch(15, 5)``), a later one from a ``Rules``:
the child tries the later form first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from bench.common import current_commit, machine_load
from bench.strong import time_positions

# What a checkout runs: its own search on the positions given as rows, to the depth given; prints nodes and seconds.
_CHILD = """
import json, sys, time
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch
try:
    from configurations.rules import Rules
    make = lambda: StrongSearch(Rules.square(15, 5))
except ImportError:
    make = lambda: StrongSearch(15, 5)
nodes = seconds = 0
for rows in json.loads(sys.stdin.read()):
    search = make()
    started = time.process_time()
    nodes += search.choose(Position.from_rows(rows, 5), max_plies=int(sys.argv[1]), think=600).nodes
    seconds += time.process_time() - started
print(nodes, seconds)
"""


def search_in(checkout: Path, positions: str, plies: int) -> tuple[int, float]:
    """The nodes and processor seconds of ``checkout``'s search of ``positions`` (JSON rows) to ``plies``."""
    done = subprocess.run(
        [sys.executable, "-S", "-c", _CHILD, str(plies)],
        input=positions,
        capture_output=True,
        text=True,
        cwd=checkout,
        check=True,
    )
    nodes, seconds = done.stdout.split()
    return int(nodes), float(seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strong_nps", description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", nargs="+", type=Path, metavar="CHECKOUT")
    parser.add_argument("--plies", type=int, default=4, help="the depth every position is searched to (4)")
    parser.add_argument("--runs", type=int, default=3, help="rounds, the checkouts taking turns (3)")
    args = parser.parse_args(argv)
    positions = json.dumps([position.rows() for position in time_positions()])
    print(f"commit {current_commit()}, {len(json.loads(positions))} positions to {args.plies} plies; {machine_load()}")
    rates: dict[Path, list[float]] = {checkout: [] for checkout in args.checkouts}
    counts: dict[Path, int] = {}
    for _ in range(args.runs):
        for checkout in args.checkouts:
            nodes, seconds = search_in(checkout, positions, args.plies)
            counts[checkout] = nodes
            rates[checkout].append(nodes / seconds)
    first = statistics.median(rates[args.checkouts[0]])
    for checkout in args.checkouts:
        rate = statistics.median(rates[checkout])
        print(f"{checkout}: {counts[checkout]:,} nodes, {rate:,.0f} a second (median), {rate / first:.3f} of the first")
    return 0


if __name__ == "__main__":
    sys.exit(main())
