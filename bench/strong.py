"""``python -m bench.strong``: the strong player's targets, each against its budget, as a fixed-width table.

* **Against the reference search**: ``strong`` and ``reference`` at the
  same ``max_levels`` (2, then 3) on 10x10 with five in a row, 24 games
  from seeded openings, both colours (:func:`bench.match.play_match`):
  the share of the points ``strong`` takes, and its mean processor
  seconds a move at depth 2.
* **Against itself one level shallower**: ``strong`` at ``d + 1`` against
  ``strong`` at ``d`` on 15x15 with five in a row.
* **The clock and memory**: a whole game of ``strong`` against itself at
  ``--think 1``, with no depth limit, on 15x15 and on 26x26, each in a
  fresh process: the longest and the mean move (processor seconds, and
  wall-clock seconds, which the player's clock keeps) and the process's
  peak resident memory.
* **The time it uses**: the wall-clock seconds ``strong`` takes a move at
  ``--think`` 0.2 and 1 on a fixed set of ``TIME_POSITIONS`` positions of
  15x15 where no move is proved (:func:`time_positions`), each searched
  afresh: the mean as a share of the budget (at least ``LEAST_MEAN_USE``),
  the 99th percentile (at most ``MOST_P99_USE``) and the longest (at most
  ``MOST_USE``).  ``--time-use`` measures only these.
* **The speed under each rule**: the positions a second ``strong``
  searches on the same ``TIME_POSITIONS`` positions played as games of
  each variant (freestyle, standard, renju, caro), each searched afresh
  to ``SPEED_PLIES`` plies: standard's and renju's at least
  ``LEAST_SPEED_SHARE`` of freestyle's.  Each position is searched under
  every variant in turn, ``SPEED_ROUNDS`` times, so that a busy machine
  slows them alike.  ``--speed`` measures only these, and ``--rule NAME``
  only that variant beside freestyle.

``--quick`` plays 8 games a match and leaves out 26x26; ``--write``
writes the table to ``bench/strong_results.txt``, where the results of a
full run are kept (with ``--time-use``: to
``bench/strong_time_use_results.txt``; with ``--speed``, to
``bench/strong_speed_results.txt``).  The search's clock is the wall's,
so the header gives the machine's load average, and the time rows the
processor's share of the wall-clock time the search took.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.common import ROOT, compile_game, current_commit, load_averages
from bench.match import Contestant, openings, play_match, progress_on
from bench.workloads import peak_memory_kib
from configurations import Side
from configurations.rules import Rules, Variant
from tictactoe.cli.exits import run
from tictactoe.game.game import Game
from tictactoe.players.strong import StrongPlayer
from tictactoe.players.weights import WeightsPlayer
from tictactoe.solver.position import Position
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.strong_search import StrongSearch
from tictactoe.solver.threats import ThreatSearch

PROGRAM = "python -m bench.strong"
RESULTS = ROOT / "bench" / "strong_results.txt"
#: Where ``--time-use --write`` writes its table: the full run's stays in RESULTS.
TIME_USE_RESULTS = ROOT / "bench" / "strong_time_use_results.txt"
#: Where ``--speed --write`` writes its table.
SPEED_RESULTS = ROOT / "bench" / "strong_speed_results.txt"
#: The speed under each rule: plies searched, rounds (each position under every variant in turn), and the least
#: share of freestyle's positions a second that standard and renju keep (caro's is shown, with no target).
SPEED_PLIES = 3
SPEED_ROUNDS = 3
LEAST_SPEED_SHARE = 0.7
SPEED_TARGETS = (Variant.STANDARD, Variant.RENJU)
#: The ``--think`` of the clock's games, and how long a move may take with it: a second, and 0.1 s
#: over it plus 50 ms for the slowest one.
THINK = 1.0
MOST_MOVE_SECONDS = THINK * 1.1 + 0.05
MOST_MEAN_SECONDS = THINK
MOST_PEAK_MIB = 500.0
#: The depth limit of the clock's games: more than a second ever reaches, so the clock decides.
UNLIMITED_LEVELS = 40
#: The time used: how many positions, at which budgets, and the bounds of the share of the budget used.
TIME_POSITIONS = 40
TIME_BUDGETS = (0.2, 1.0)
LEAST_MEAN_USE = 0.70
MOST_P99_USE = 1.05
MOST_USE = 1.25


@dataclass(frozen=True)
class Row:
    """One line of the table: what was measured, the figure, the budget, and whether it was kept."""

    measure: str
    figure: str
    target: str
    met: bool


def match_rows(games: int, progress: Callable[[int, int], None]) -> list[Row]:
    """The matches: strong against the reference at levels 2 and 3, and strong against itself a level apart."""
    rows = []
    for levels in (2, 3):
        result = play_match(
            Contestant("strong", levels), Contestant("reference", levels), rules=Rules.square(10, 5), games=games,
            progress=progress,
        )  # fmt: skip
        share = result.share(0)
        rows.append(Row(f"strong vs reference, 10x10 k5, levels {levels}", f"{share:.1%}", ">= 95%", share >= 0.95))
        if levels == 2:
            mean = statistics.mean(result.move_seconds(0))
            rows.append(Row("... strong's mean s/move at levels 2", f"{mean:.4f}", "<= 0.010", mean <= 0.010))
    for deeper in (2, 3, 4):
        result = play_match(
            Contestant("strong", deeper), Contestant("strong", deeper - 1), rules=Rules.square(15, 5), games=games,
            progress=progress,
        )  # fmt: skip
        share = result.share(0)
        label = f"strong {deeper} vs strong {deeper - 1}, 15x15 k5"
        rows.append(Row(label, f"{share:.1%}", ">= 65%", share >= 0.65))
    return rows


def clock_game(size: int, think: float = THINK) -> dict[str, object]:
    """A whole game of strong against strong at ``think`` seconds a move on ``size`` x ``size``, five in a
    row: each move's processor and wall-clock seconds, the result, and this process's peak memory."""
    game = Game(Rules.square(size, 5))
    players = {side: StrongPlayer(UNLIMITED_LEVELS, think) for side in Side}
    cpu: list[float] = []
    wall: list[float] = []
    while (mover := game.to_move) is not None:
        started, clock = time.process_time(), time.monotonic()
        move = players[mover].choose(game.board, mover)
        cpu.append(time.process_time() - started)
        wall.append(time.monotonic() - clock)
        game.play(move)
    return {"cpu": cpu, "wall": wall, "result": game.result, "peak_mib": peak_memory_kib() / 1024}


def clock_rows(size: int) -> list[Row]:
    """The clock's and the memory's lines for a game on ``size`` x ``size``, played in a fresh process."""
    output = subprocess.run(
        [sys.executable, "-m", "bench.strong", "--clock-game", str(size)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    game = json.loads(output)
    cpu, wall, peak = game["cpu"], game["wall"], game["peak_mib"]
    board = f"{size}x{size} k5, --think {THINK:g}, {len(cpu)} moves"
    return [
        Row(f"{board}: longest move s", f"{max(cpu):.3f} ({max(wall):.3f} wall)", f"<= {MOST_MOVE_SECONDS:.2f}",
            max(cpu) <= MOST_MOVE_SECONDS),
        Row("... mean move s", f"{statistics.mean(cpu):.3f} ({statistics.mean(wall):.3f} wall)",
            f"<= {MOST_MEAN_SECONDS:.2f}", statistics.mean(cpu) <= MOST_MEAN_SECONDS),
        Row("... peak memory MiB", f"{peak:.0f}", f"<= {MOST_PEAK_MIB:.0f}", peak <= MOST_PEAK_MIB),
    ]  # fmt: skip


def time_positions(count: int = TIME_POSITIONS, seed: int = 1) -> list[Position]:
    """``count`` positions of 15x15, five in a row, where no move is proved: from games of two seeded
    ``weights`` players after :func:`bench.match.openings`, one in three plies from the 6th to the 30th,
    kept where neither side has a threat or a square of two threats and the player to move has no win by
    fours nor one the fours-and-threes search finds (which would settle the move before any deepening)."""
    found: list[Position] = []
    for number, opening in enumerate(openings(15, 5, 2, count, seed)):
        game = Game(Rules.square(15, 5))
        for move in opening:
            game.play(move)
        players = {side: WeightsPlayer(seed * 1000 + number * 2 + index) for index, side in enumerate(Side)}
        while (mover := game.to_move) is not None and len(game.moves) <= 30:
            if len(game.moves) >= 6 and len(game.moves) % 3 == 0:
                position = Position.from_configurations(game.board)
                if _unsettled(position):
                    found.append(position)
                    if len(found) == count:
                        return found
            game.play(players[mover].choose(game.board, mover))
    return found


def _unsettled(position: Position) -> bool:
    """Whether no rule and no threat search settles the move of ``position`` before the deepening."""
    board = SearchBoard(position)
    if board.threats[0] or board.threats[1] or board.double_threats(0) or board.double_threats(1):
        return False
    return ThreatSearch(board).find() is None and ThreatSearch(board, threes=True, node_limit=500).find() is None


def time_use(think: float, positions: list[Position]) -> list[tuple[float, float]]:
    """The wall-clock and the processor seconds ``strong`` takes at ``think`` on each of ``positions``, each
    searched afresh (the search made first: a game makes it once)."""
    used = []
    for position in positions:
        search = StrongSearch(Rules.square(15, 5))
        started, cpu = time.perf_counter(), time.process_time()
        search.choose(position, max_plies=UNLIMITED_LEVELS, think=think)
        used.append((time.perf_counter() - started, time.process_time() - cpu))
    return used


def time_rows(positions: list[Position]) -> list[Row]:
    """The share of the budget used, mean, 99th percentile and most, at each of ``TIME_BUDGETS``; and the
    processor's share of the wall-clock time, which a busy machine lowers (the search's clock is the wall's)."""
    rows = []
    for think in TIME_BUDGETS:
        used = time_use(think, positions)
        shares = sorted(wall / think for wall, _ in used)
        mean = statistics.mean(shares)
        p99 = shares[min(len(shares) - 1, math.ceil(0.99 * len(shares)) - 1)]
        processor = sum(cpu for _, cpu in used) / sum(wall for wall, _ in used)
        label = f"15x15 k5, --think {think:g}, {len(shares)} positions: mean share of budget used"
        rows += [
            Row(label, f"{mean:.1%}", f">= {LEAST_MEAN_USE:.0%}", mean >= LEAST_MEAN_USE),  # 69.6% is no 70%
            Row("... 99th percentile", f"{p99:.0%}", f"<= {MOST_P99_USE:.0%}", p99 <= MOST_P99_USE),
            Row("... longest", f"{shares[-1]:.0%}", f"<= {MOST_USE:.0%}", shares[-1] <= MOST_USE),
            Row("... processor seconds per wall-clock second", f"{processor:.0%}", "-", True),
        ]
    return rows


def search_speed(variant: Variant, position: Position) -> tuple[int, float]:
    """The positions ``strong`` visits searching ``position`` played under ``variant`` afresh to ``SPEED_PLIES``
    plies, and the processor seconds it takes."""
    rules = Rules.square(15, 5, variant=variant)
    search = StrongSearch(rules)
    started = time.process_time()
    choice = search.choose(Position(rules, position.x_tiles, position.o_tiles), max_plies=SPEED_PLIES, think=1e6)
    return choice.nodes, time.process_time() - started


def speed_rows(positions: list[Position], variants: list[Variant]) -> list[Row]:
    """The positions a second under each of ``variants`` (freestyle first) over ``SPEED_ROUNDS`` rounds, each
    position searched under every variant in turn, so that a machine's load weighs on them alike; standard's and
    renju's against freestyle's."""
    nodes, seconds = dict.fromkeys(variants, 0), dict.fromkeys(variants, 0.0)
    for _ in range(SPEED_ROUNDS):
        for position in positions:
            for variant in variants:
                visited, spent = search_speed(variant, position)
                nodes[variant] += visited
                seconds[variant] += spent
    speed = {variant: nodes[variant] / seconds[variant] for variant in variants}
    label = f"15x15 k5, {len(positions)} positions, {SPEED_PLIES} plies: positions a second"
    rows = [Row(f"{label}, freestyle", f"{speed[Variant.FREESTYLE]:,.0f}", "-", True)]
    for variant in variants[1:]:
        share = speed[variant] / speed[Variant.FREESTYLE]
        target = f">= {LEAST_SPEED_SHARE:.0%}" if variant in SPEED_TARGETS else "-"
        met = share >= LEAST_SPEED_SHARE or variant not in SPEED_TARGETS
        rows.append(Row(f"... {variant} ({speed[variant]:,.0f}), share of freestyle's", f"{share:.0%}", target, met))
    return rows


def format_table(rows: list[Row]) -> str:
    """The rows as a fixed-width table.

    >>> print(format_table([Row("a measure", "1.0", "<= 2", True), Row("another", "3", ">= 4", False)]))
    measure    figure  target  met
    a measure     1.0    <= 2  yes
    another         3    >= 4  MISSED
    """
    width = max(len("measure"), *(len(row.measure) for row in rows))
    figure = max(len("figure"), *(len(row.figure) for row in rows))
    target = max(len("target"), *(len(row.target) for row in rows))
    lines = [f"{'measure':<{width}}  {'figure':>{figure}}  {'target':>{target}}  met"]
    lines += [
        f"{row.measure:<{width}}  {row.figure:>{figure}}  {row.target:>{target}}  {'yes' if row.met else 'MISSED'}"
        for row in rows
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure, print the table (and write it with ``--write``); 0, or 1 when a target was missed."""
    parser = argparse.ArgumentParser(prog=PROGRAM, description="The strong player's targets, measured.")
    parser.add_argument("--quick", action="store_true", help="8 games a match, and no 26x26 game")
    parser.add_argument(
        "--write",
        action="store_true",
        help=f"also write the table to {RESULTS.relative_to(ROOT)} ({TIME_USE_RESULTS.name} with --time-use, "
        f"{SPEED_RESULTS.name} with --speed)",
    )
    parser.add_argument("--time-use", action="store_true", help="only the time used on the fixed positions")
    parser.add_argument("--speed", action="store_true", help="only the positions a second under each rule")
    parser.add_argument(
        "--rule",
        choices=[str(variant) for variant in Variant if variant is not Variant.FREESTYLE],
        help="with --speed: only this rule beside freestyle",
    )
    parser.add_argument("--clock-game", type=int, metavar="SIZE", help=argparse.SUPPRESS)  # the fresh process's part
    args = parser.parse_args(argv)
    if args.rule is not None and not args.speed:
        parser.error("--rule goes with --speed")
    if args.clock_game is not None:
        print(json.dumps(clock_game(args.clock_game)))
        return 0
    rows, what, results = _measure(args)
    load = load_averages()
    header = f"Python {sys.version.split()[0]}, commit {current_commit()}{what}, load average {load} at the end"
    text = f"{header}\n\n{format_table(rows)}\n"
    print(text, end="")
    if args.write:
        results.write_text(text, encoding="utf-8")
    return 0 if all(row.met for row in rows) else 1


def _measure(args: argparse.Namespace) -> tuple[list[Row], str, Path]:
    """The rows the options ask for, what the header says of them, and the file ``--write`` writes them to."""
    if args.speed:
        variants = [Variant.FREESTYLE, *([Variant(args.rule)] if args.rule else SPEED_TARGETS), Variant.CARO]
        variants = list(dict.fromkeys(variants))
        return speed_rows(time_positions(), variants), f", {SPEED_ROUNDS} rounds", SPEED_RESULTS
    compile_game()
    rows = []
    if not args.time_use:
        with progress_on(sys.stderr) as progress:
            rows += match_rows(8 if args.quick else 24, progress)
        for size in (15,) if args.quick else (15, 26):
            rows += clock_rows(size)
    rows += time_rows(time_positions())
    games = "" if args.time_use else f", {8 if args.quick else 24} games a match"
    return rows, games, TIME_USE_RESULTS if args.time_use else RESULTS


if __name__ == "__main__":
    run(main, PROGRAM)
