"""``python -m bench.strong_depth``: how fast and deep the strong search goes, beside Rapfi, and where its time goes.

On bench.strong's 40 positions of 15x15 (:func:`bench.strong.time_positions`),
each searched afresh at ``--think`` 0.2 and 1 s:

* **strong**: the positions it visits a second of wall clock (its clock is
  the wall's) and the depth of its last finished iteration
  (:class:`~tictactoe.solver.strong_search.Decision`), mean, least and most.
* **Rapfi** (``--rapfi PATH``, its ``config.toml`` and model beside it): the
  same positions, each in a fresh process with ``timeout_turn`` of the same
  milliseconds and one thread, and what it reports of its own search in the
  last ``MESSAGE Speed ... | Depth D-S | ... | Node N | Time T`` line before
  its move: nodes (to the three figures it writes), the depth of its last iteration (``D``) and the deepest
  ply it looked at (``S``).  The two count different things: a strong
  ``node`` is a position the alpha-beta search or its threat searches
  entered, one of Rapfi's a position its search evaluated, with a depth
  that counts the plies its pruning and extensions allow (a Rapfi ply is
  one move, as a strong one is, but Rapfi searches a few candidates deep
  and extends forcing lines, so its depths are not the same measure).
* **The profile** (``--profile``): cProfile over the strong search of the
  first ``PROFILE_POSITIONS`` positions at 1 s, the functions that take
  the most time of their own and the most time with what they call.

``--write`` keeps the tables in ``bench/strong_depth_results.txt``.  The
header gives the machine's load averages: on a busy machine a search's
wall-clock second buys less.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import pstats
import re
import statistics
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

from bench.common import ROOT, current_commit, load_averages
from bench.strong import TIME_BUDGETS, UNLIMITED_LEVELS, time_positions
from configurations.rules import Rules
from tictactoe.solver.geometry import squares_of
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch

PROGRAM = "python -m bench.strong_depth"
RESULTS = ROOT / "bench" / "strong_depth_results.txt"
#: How many positions the profile searches, and how many of its functions each table shows.
PROFILE_POSITIONS = 10
PROFILE_ROWS = 18
#: What the table's columns are, as its results file says.
COLUMNS = (
    "nodes/s: positions a second of wall clock, all nodes over all seconds; nodes/move: the mean a search; depth:\n"
    "the last finished iteration's plies, mean, least-most; deepest: the deepest ply (Rapfi's selective depth;\n"
    "strong's depth again).  strong counts the positions its alpha-beta and threat searches enter, Rapfi the\n"
    "positions its search evaluates, with depths its pruning and extensions stretch: they count different things."
)
#: Rapfi's summary line of a finished search: its depth and selective depth, and its nodes.
_SUMMARY = re.compile(r"Depth (\d+)-(\d+) \|.*\| Node ([\d.]+)([KMG]?) \|")
#: Rapfi writes large counts with a suffix, to three figures (``38K``, ``1.25M``).
_SUFFIXES = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}


@dataclass(frozen=True)
class Searched:
    """One search of one position: the positions visited (as the engine counts them), the depth reached, the
    deepest ply seen (the same as the depth where the engine reports no other) and the wall-clock seconds."""

    nodes: int
    depth: int
    deepest: int
    seconds: float


def search_strong(position: Position, think: float) -> Searched:
    """strong's search of ``position`` afresh at ``think`` seconds."""
    search = StrongSearch(Rules.square(15, 5))
    started = time.perf_counter()
    decision = search.choose(position, max_plies=UNLIMITED_LEVELS, think=think)
    return Searched(decision.nodes, decision.depth, decision.depth, time.perf_counter() - started)


def board_lines(position: Position) -> list[str]:
    """The protocol's ``BOARD`` lines of ``position``: X's and O's stones alternately, X's first (so that the
    player to move placed none last), each marked 1 for the player to move and 2 for the other.

    >>> board_lines(Position.from_rows(["X....", ".O...", "..X..", ".....", "....."], 5))
    ['0,0,2', '1,1,1', '2,2,2']
    """
    cols = position.shape.cols
    x_squares, o_squares = list(squares_of(position.x_tiles)), list(squares_of(position.o_tiles))
    mover_is_x = len(x_squares) == len(o_squares)
    lines = []
    for number in range(len(x_squares) + len(o_squares)):
        is_x = number % 2 == 0
        square = (x_squares if is_x else o_squares)[number // 2]
        lines.append(f"{square % cols},{square // cols},{1 if is_x == mover_is_x else 2}")
    return lines


def search_rapfi(engine: Path, position: Position, think: float) -> Searched:
    """Rapfi's search of ``position`` in a fresh process at ``think`` seconds, as it reports it."""
    commands = ["START 15", "INFO thread_num 1", f"INFO timeout_turn {round(think * 1000)}", "INFO timeout_match 0"]
    commands += ["INFO rule 0", "BOARD", *board_lines(position), "DONE"]
    process = subprocess.Popen(
        [str(engine)], cwd=engine.parent, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(commands[0] + "\n")
    process.stdin.flush()
    while not process.stdout.readline().startswith("OK"):
        pass
    started = time.perf_counter()
    process.stdin.write("\n".join(commands[1:]) + "\n")
    process.stdin.flush()
    summary = None
    while not re.fullmatch(r"\d+,\d+", line := process.stdout.readline().strip()):
        if line == "" and process.poll() is not None:
            raise RuntimeError(f"{engine} ended without a move")
        summary = _SUMMARY.search(line) or summary
    seconds = time.perf_counter() - started
    process.stdin.write("END\n")
    process.stdin.close()
    process.wait(10)
    if summary is None:
        raise RuntimeError(f"{engine} reported no search before its move")
    depth, deepest, nodes, suffix = summary.groups()
    return Searched(round(float(nodes) * _SUFFIXES[suffix]), int(depth), int(deepest), seconds)


def rapfi_about(engine: Path) -> str:
    """What the engine at ``engine`` searches with: the digests of its ``config.toml`` and of the model it names."""
    config = engine.parent / "config.toml"
    model = engine.parent / tomllib.loads(config.read_text(encoding="utf-8"))["model"]["binary_file"]
    return (
        f"rapfi: {engine}, one thread, timeout_turn the same milliseconds\n"
        f"  config.toml sha256 {hashlib.sha256(config.read_bytes()).hexdigest()}\n"
        f"  {model.name} sha256 {hashlib.sha256(model.read_bytes()).hexdigest()}"
    )


def summary_row(engine: str, think: float, searched: list[Searched]) -> str:
    """One line of the table: positions a second (all nodes over all wall-clock seconds), nodes a search, and
    the depth (and the deepest ply) mean, least and most.

    >>> print(summary_row("x", 0.2, [Searched(100, 2, 3, 0.25), Searched(300, 4, 9, 0.25)]))
    x        0.2      800        200    3.0 2-4     6.0 3-9
    """
    rate = sum(one.nodes for one in searched) / sum(one.seconds for one in searched)
    nodes = statistics.mean(one.nodes for one in searched)
    spans = []
    for depths in ([one.depth for one in searched], [one.deepest for one in searched]):
        spans.append(f"{statistics.mean(depths):.1f} {min(depths)}-{max(depths)}")
    return f"{engine:<6} {think:>5g} {rate:>8,.0f} {nodes:>10,.0f} {spans[0]:>10} {spans[1]:>11}"


def profile_table(positions: list[Position], think: float) -> str:
    """cProfile's tables of the strong search of ``positions`` at ``think``: by own time, then by cumulative."""
    profiler = cProfile.Profile()
    profiler.enable()
    for position in positions:
        search_strong(position, think)
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(PROFILE_ROWS)
    stats.sort_stats("cumulative").print_stats(PROFILE_ROWS)
    kept = [line.rstrip() for line in out.getvalue().splitlines() if line.strip() and "Ordered by" not in line]
    return "\n".join(line for line in kept if not line.lstrip().startswith(("List reduced", "Random listing")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROGRAM, description=__doc__.splitlines()[0])
    parser.add_argument("--rapfi", type=Path, metavar="PATH", help="Rapfi's pbrain-rapfi, its config beside it")
    parser.add_argument("--profile", action="store_true", help=f"also profile {PROFILE_POSITIONS} searches at 1 s")
    parser.add_argument("--write", action="store_true", help=f"also write the tables to {RESULTS.relative_to(ROOT)}")
    args = parser.parse_args(argv)
    if args.rapfi is not None and not args.rapfi.is_file():
        parser.error(f"argument --rapfi: no such file: {args.rapfi}")
    positions = time_positions()
    header = f"{'engine':<6} {'think':>5} {'nodes/s':>8} {'nodes/move':>10} {'depth':>10} {'deepest':>11}"
    rows = [header]
    for think in TIME_BUDGETS:
        rows.append(summary_row("strong", think, [search_strong(position, think) for position in positions]))
        if args.rapfi is not None:
            rows.append(summary_row("rapfi", think, [search_rapfi(args.rapfi, one, think) for one in positions]))
    where = f"Python {sys.version.split()[0]}, commit {current_commit()}, {len(positions)} positions of 15x15"
    text = f"{where}\n{rapfi_about(args.rapfi)}\n" if args.rapfi is not None else f"{where}\n"
    text += f"\n{COLUMNS}\n\n" + "\n".join(rows) + "\n"
    if args.profile:
        text += f"\nThe profile of strong at 1 s on the first {PROFILE_POSITIONS} positions:\n\n"
        text += profile_table(positions[:PROFILE_POSITIONS], 1.0) + "\n"
    text += f"\nload average {load_averages()} at the end\n"
    print(text, end="")
    if args.write:
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
