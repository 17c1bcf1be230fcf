"""``python -m bench.sgf``: reading SGF takes time in proportion to the file, not to its square.

The games are :func:`bench.history.random_record`'s, from a seeded
generator.  For each count, the collection is written once with
:func:`~tictactoe.game.sgf.to_sgf` and read back with
:func:`~tictactoe.game.sgf.parse_sgf`; the table gives the median
processor seconds of a read and the microseconds a game.  Linear reading
keeps the time a game about the same at every count: the last column is
the time a game against the smallest count's.  The exit status is 1 when
it grows past :data:`GROWTH_LIMIT`.  ``--write`` keeps the table in
``bench/sgf_results.txt``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from bench.common import ROOT, current_commit
from bench.history import random_record
from tictactoe.game.sgf import parse_sgf, to_sgf

#: The most the time a game may grow from the smallest count to the largest: linear reading stays near 1.
GROWTH_LIMIT = 2.0
COUNTS = (2_000, 20_000)
RESULTS = ROOT / "bench" / "sgf_results.txt"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.sgf", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="timed reads of each collection (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the random games (default 1)")
    parser.add_argument("--write", action="store_true", help=f"also write the table to {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    games = [random_record(rng) for _ in range(max(COUNTS))]
    lines = [
        f"SGF reading, Python {sys.version.split()[0]}, commit {current_commit()}, seed {args.seed}",
        f"processor seconds, median of {args.runs} reads",
        "",
        f"{'games':>8} {'MB':>7} {'read s':>8} {'us/game':>8} {'x first':>8}",
    ]
    first = None
    growth = 1.0
    for count in COUNTS:
        data = to_sgf(games[:count]).encode("utf-8")
        seconds = statistics.median(_read_seconds(data) for _ in range(args.runs))
        per_game = seconds / count * 1e6
        first = first or per_game
        growth = per_game / first
        lines.append(f"{count:>8,} {len(data) / 1e6:>7.1f} {seconds:>8.3f} {per_game:>8.1f} {growth:>8.2f}")
    text = "\n".join(lines)
    print(text)
    if args.write:
        RESULTS.write_text(text + "\n", encoding="utf-8")
    return 0 if growth <= GROWTH_LIMIT else 1


def _read_seconds(data: bytes) -> float:
    started = time.process_time()
    parse_sgf(data)
    return time.process_time() - started


if __name__ == "__main__":
    sys.exit(main())
