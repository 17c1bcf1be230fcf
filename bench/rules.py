"""``python -m bench.rules``: how long renju's forbidden points take, on the 40 positions of ``bench.strong``.

The positions are :func:`bench.strong.time_positions`' (15x15, from the
6th to the 30th ply of seeded games, no move settled), each read as a
renju game: its stones in the order black, white, black, ...  Three calls
are timed on each, in processor microseconds, the median of ``--runs``
calls a position:

* ``forbidden_points(moves, rules)``: what a game asks before black moves,
  the moves replayed and checked, then every point judged;
* ``renju_fouls(board)``: every point judged, on a board already built;
* ``renju_foul(board, point)``: one point, at every empty point of the
  position (the window's hover, or a person's move refused).

The table gives, over the 40 positions, the median and the largest of
those medians; ``--write`` keeps it in ``bench/rules_results.txt``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from bench.common import ROOT, current_commit, machine_load
from bench.strong import time_positions
from configurations.moves import Move
from configurations.rules import Rules, Variant, forbidden_points
from configurations.variants import renju_foul, renju_fouls
from tictactoe.solver.position import Position

RESULTS = ROOT / "bench" / "rules_results.txt"
RENJU = Rules.square(15, 5, variant=Variant.RENJU)


def moves_of(position: Position) -> list[Move]:
    """The stones of ``position`` as a game's moves: black's and white's taken in turn, each in board order."""
    width, squares = position.width, range(position.height * position.width)
    black = [Move(*divmod(square, width)) for square in squares if position.x_tiles >> square & 1]
    white = [Move(*divmod(square, width)) for square in squares if position.o_tiles >> square & 1]
    moves = [move for pair in zip(black, white, strict=False) for move in pair]
    return moves + black[len(white) :]


def board_of(position: Position) -> str:
    """``position`` as a configuration string."""
    return "".join(position.rows()).replace(".", " ")


def median_microseconds(call: Callable[[], object], runs: int) -> float:
    """The median processor microseconds of ``runs`` calls of ``call``."""
    times = []
    for _ in range(runs):
        started = time.process_time()
        call()
        times.append((time.process_time() - started) * 1e6)
    return statistics.median(times)


def measure(positions: Sequence[Position], runs: int) -> list[tuple[str, list[float]]]:
    """For each timed call, its median microseconds on each position."""
    timed = [timed_calls(position, runs) for position in positions]
    names = ("forbidden_points(moves, rules)", "renju_fouls(board)", "renju_foul(board, point), a point")
    return [(name, [figures[index] for figures in timed]) for index, name in enumerate(names)]


def timed_calls(position: Position, runs: int) -> tuple[float, float, float]:
    """The median microseconds of each timed call on ``position``; one point's is the mean over its points."""
    moves, board = moves_of(position), board_of(position)
    points = [Move(*divmod(index, 15)) for index, square in enumerate(board) if square == " "]
    every_point = median_microseconds(lambda: [renju_foul(board, 15, 15, point) for point in points], runs)
    return (
        median_microseconds(lambda: forbidden_points(moves, RENJU), runs),
        median_microseconds(lambda: renju_fouls(board, 15, 15), runs),
        every_point / len(points),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.rules", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=25, help="timed calls a position (default 25)")
    parser.add_argument("--write", action="store_true", help=f"also write the table to {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    positions = time_positions()
    forbidden = sum(len(forbidden_points(moves_of(position), RENJU)) for position in positions)
    timed = measure(positions, args.runs)
    width = max(len(name) for name, _ in timed)
    lines = [
        f"Renju's forbidden points, Python {sys.version.split()[0]}, commit {current_commit()}, {machine_load()}",
        f"the {len(positions)} positions of bench.strong as renju games, {forbidden} forbidden points among them;",
        f"processor microseconds a call, the median of {args.runs} calls a position",
        "",
        f"{'call':<{width}}  {'median':>8}  {'largest':>8}",
    ]
    lines += [f"{name:<{width}}  {statistics.median(figures):>8.1f}  {max(figures):>8.1f}" for name, figures in timed]
    text = "\n".join(lines)
    print(text)
    if args.write:
        RESULTS.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
