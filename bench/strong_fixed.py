"""``python -m bench.strong_fixed``: the strong search's move, score and positions at a fixed depth, with no clock.

bench.strong's 40 positions of 15x15 (:func:`bench.strong.time_positions`)
are each searched afresh to ``--plies`` plies (``PLIES``) with no time
limit, so that what the search finds depends on the position, the depth
and the search's own parts alone, never on the machine; ``--order NAME``
searches in another move order (:mod:`tictactoe.solver.move_orders`).  The table gives
each position's move, score, depth reached and positions visited.
``--write`` records them, with the positions themselves, in
``tests/data/strong_fixed.json``: tests/solver/test_strong_fixed.py
searches the same positions again and expects the same figures, so that a
change meant to leave the search's play as it is (a module split, the
speed of a part) proves it does.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from bench.common import ROOT
from bench.strong import time_positions
from tictactoe.solver.move_orders import DEFAULT_ORDER, ORDER_NAMES
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch

#: Where ``--write`` records the figures.
RECORD = ROOT / "tests" / "data" / "strong_fixed.json"
#: The depth every position is searched to: the one ``python -m bench.strong_nps`` times.
PLIES = 4
#: Five in a row on 15x15, as the positions are.
LENGTH = 5


def search_fixed(rows: list[str], plies: int, order: str = DEFAULT_ORDER) -> dict[str, Any]:
    """The move (as row and column), score, depth and positions of a fresh search of ``rows`` to ``plies`` in the
    move ``order``."""
    position = Position.from_rows(rows, LENGTH)
    decision = StrongSearch(position.rules, order=order).choose(position, max_plies=plies, think=math.inf)
    return {
        "rows": rows,
        "move": [decision.move.row, decision.move.col],
        "score": int(decision.score),
        "depth": decision.depth,
        "nodes": decision.nodes,
    }


def record(plies: int, order: str = DEFAULT_ORDER) -> list[dict[str, Any]]:
    """Every position's figures at ``plies`` in the move ``order``, as ``--write`` keeps them."""
    return [search_fixed(position.rows(), plies, order) for position in time_positions()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strong_fixed", description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=PLIES, help=f"the depth every position is searched to ({PLIES})")
    parser.add_argument("--order", choices=ORDER_NAMES, default=DEFAULT_ORDER, help="the move order (weights)")
    parser.add_argument("--write", action="store_true", help=f"record the figures in {RECORD.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    if args.write and args.order != DEFAULT_ORDER:
        parser.error(f"argument --write: the record is of the default order, {DEFAULT_ORDER}")
    positions = record(args.plies, args.order)
    print(f"{'#':>2} {'move':>8} {'score':>7} {'depth':>5} {'nodes':>7}")
    for number, found in enumerate(positions, 1):
        move = str(found["move"])
        print(f"{number:>2} {move:>8} {found['score']:>7} {found['depth']:>5} {found['nodes']:>7}")
    print(f"{sum(found['nodes'] for found in positions):,} positions in all")
    if args.write:
        RECORD.write_text(_as_lines(args.plies, positions), encoding="utf-8")
    return 0


def _as_lines(plies: int, positions: list[dict[str, Any]]) -> str:
    """The record as JSON with a line for each position, so that a change to one shows as one line."""
    lines = ",\n  ".join(json.dumps(found) for found in positions)
    return f'{{"plies": {plies}, "positions": [\n  {lines}\n]}}\n'


if __name__ == "__main__":
    sys.exit(main())
