"""``python -m bench``: time the search workloads and the dictionary; print fixed-width tables.

``--write`` also writes them to ``bench/results.txt`` (or the path given),
where the results of a full run are kept so that a change shows in the
diff.  Like the game, the bench ends quietly: status 141 when its reader
goes (``| head``), 130 and one line on Ctrl-C.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
import timeit
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bench.common import ROOT, compile_game, current_commit, machine_load
from bench.instructions import instruction_table
from bench.workloads import WORKLOADS, Workload, search_once
from configurations import Configurations
from hashdict import Data, HashDictionary, polynomial_hash
from tictactoe.cli.exits import run
from tictactoe.harness.dict_tests import TABLE_SIZE

RESULTS = ROOT / "bench" / "results.txt"
BULK_SIZE = 1_000_003  # prime: the mixed form (past the vetted sizes)
# The reference search is timed where one run takes at most this long; a run cut off shows "-".
PLAIN_SECONDS = 30.0


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    runs = 3 if args.quick else 9
    tables = [
        f"Python {sys.version.split()[0]}, commit {current_commit()}, medians of {runs} runs after a warm-up; "
        f"{machine_load()}"
    ]
    print(tables[0], flush=True)
    makers: list[tuple[str, Callable[[], str]]] = [
        ("search", lambda: search_table(runs, plain_runs=1 if args.quick else 3)),
        ("scale", lambda: scale_table(runs)),
        ("dictionary", lambda: dictionary_table(runs, bulk=not args.quick)),
        ("instructions", instruction_table),
    ]
    for name, make in makers:
        if args.only in (None, name):
            tables.append(make())
            print(f"\n{tables[-1]}", flush=True)
    if args.write is not None:
        args.write.write_text("\n\n".join(tables) + "\n", encoding="utf-8")
    return 0


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs, and no million-record test")
    parser.add_argument("--only", choices=["search", "scale", "dictionary", "instructions"], help="run one table only")
    parser.add_argument(
        "--write",
        nargs="?",
        const=RESULTS,
        type=Path,
        metavar="PATH",
        help="also write the tables to PATH (bench/results.txt)",
    )
    return parser.parse_args(argv)


def search_table(runs: int, plain_runs: int) -> str:
    """Each workload's search, each run in a fresh process (median), and the whole game process (play.py).

    A fresh process per run keeps one run's freed table, hundreds of
    thousands of small tuples, from slowing the allocator for the next.
    ``plain s`` is the reference search's time (:mod:`configurations.reference_search`,
    median of ``plain_runs``), ``x faster`` what the engine gains on it.
    """
    compile_game()
    rows = [
        f"{'':4} {'board':>7} {'k':>2} {'lvl':>3} {'nodes':>9} {'ref':>4} {'search s':>9} {'us/node':>8} "
        f"{'process s':>10} {'java s':>7} {'x java':>6} {'peak MiB':>9} {'plain s':>8} {'x faster':>9}"
    ]
    for workload in WORKLOADS:
        fresh_search(workload)  # warm-up: the file system's caches
        whole_process_seconds(workload)
        # Searches and whole processes take turns, so that a slow spell of
        # a shared machine slows both columns alike rather than one of them.
        reports, processes = [], []
        for _ in range(runs):
            reports.append(fresh_search(workload))
            processes.append(whole_process_seconds(workload))
        nodes = int(reports[0]["nodes"])
        seconds = statistics.median(report["seconds"] for report in reports)
        plain = plain_seconds(workload, plain_runs)
        process = statistics.median(processes)
        rows.append(
            f"{workload.name:4} {workload.size:>3}x{workload.size:<3} {workload.length:>2} {workload.max_levels:>3} "
            f"{nodes:>9,} {matches_reference(workload, nodes):>4} {seconds:>9.4f} {seconds / nodes * 1e6:>8.3f} "
            f"{process:>10.3f} {optional(workload.java_seconds, '.2f'):>7} "
            f"{optional(None if workload.java_seconds is None else process / workload.java_seconds, '.2f'):>6} "
            f"{max(report['peak_mib'] for report in reports):>9.1f} {optional(plain, '.3f'):>8} "
            f"{optional(None if plain is None else plain / seconds, '.0f'):>9}"
        )
    return "\n".join(rows)


def matches_reference(workload: Workload, nodes: int) -> str:
    """``yes`` or ``NO`` as ``nodes`` is the reference's known count, ``-`` where none is known."""
    if workload.reference_nodes is None:
        return "-"
    return "yes" if nodes == workload.reference_nodes else "NO"


def optional(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def plain_seconds(workload: Workload, runs: int) -> float | None:
    """The median time of the reference search on ``workload``, each run in a fresh process.

    None when a run takes longer than ``PLAIN_SECONDS`` (it is stopped) or
    places a different number of tiles from the engine's known count.
    """
    timings = []
    for _ in range(runs):
        try:
            report = fresh_search(workload, plain=True, timeout=PLAIN_SECONDS)
        except subprocess.TimeoutExpired:
            return None
        if workload.reference_nodes is not None and report["nodes"] != workload.reference_nodes:
            return None
        timings.append(report["seconds"])
    return statistics.median(timings)


def fresh_search(workload: Workload, *, plain: bool = False, timeout: float | None = None) -> dict[str, float]:
    """One search in a fresh process (``python -m bench.workloads``): its nodes, seconds and peak memory.

    ``plain``: the reference search instead of the engine.  ``subprocess.TimeoutExpired`` after ``timeout``.
    """
    result = subprocess.run(
        [sys.executable, "-m", "bench.workloads", workload.name, *(["--plain"] if plain else [])],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=timeout,
    )
    report: dict[str, float] = json.loads(result.stdout)
    return report


def whole_process_seconds(workload: Workload) -> float:
    """The processor seconds of ``python -S play.py`` from start to exit: the person opens, the computer
    replies, the person quits.

    ``-S`` leaves out site-packages, which the game does not use: a
    development environment's ``.pth`` files (an editable install's import
    finder, say) would otherwise add their own start-up to the game's.
    Processor time rather than wall-clock time, so that a busy machine's
    other work does not count: the game runs one thread.
    """
    arguments = [str(workload.size), str(workload.length), str(workload.max_levels)]
    before = os.times()
    subprocess.run(
        [sys.executable, "-S", str(ROOT / "play.py"), *arguments],
        input=f"{workload.opening}\nquit\n",
        capture_output=True,
        text=True,
        check=True,
    )
    after = os.times()
    return after.children_user + after.children_system - before.children_user - before.children_system


def scale_table(runs: int) -> str:
    """How the cost of a node grows with the board: n = 3 .. 12, length 3, max_levels 2, X at a1."""
    rows = [f"{'n':>3} {'nodes':>8} {'search s':>9} {'us/node':>8} {'vs n=4':>7}"]
    per_node: dict[int, float] = {}
    for size in range(3, 13):
        board = Configurations(size, 3, 2)
        board.save_play(0, 0, "X")
        search_once(board)
        timings = [search_once(board) for _ in range(runs)]
        nodes = timings[0][0]
        seconds = statistics.median(t for _, t in timings)
        per_node[size] = seconds / nodes * 1e6
        ratio = f"{per_node[size] / per_node[4]:.2f}" if size >= 4 else "-"
        rows.append(f"{size:>3} {nodes:>8,} {seconds:>9.4f} {per_node[size]:>8.3f} {ratio:>7}")
    return "\n".join(rows)


def dictionary_table(runs: int, *, bulk: bool) -> str:
    """Hashing and lookups at TestDict's size, and a million records put, got and removed."""
    table = HashDictionary(TABLE_SIZE)
    long_key = "XO " * 33 + "X"
    short_key = "XO XO XO "
    for key in (long_key, short_key):
        table.put(Data(key, 1))
    rows = [f"{'operation':<44} {'median':>12}"]
    for label, call in (
        ("polynomial_hash, 100-character key", lambda: polynomial_hash(long_key, TABLE_SIZE)),
        ("get of a present 100-character key", lambda: table.get(long_key)),
        ("get of a present 9-character key", lambda: table.get(short_key)),
    ):
        rows.append(f"{label:<44} {median_ns(call, runs):>9.0f} ns")
    if bulk:
        rows.extend(bulk_rows())
    return "\n".join(rows)


def median_ns(call: Callable[[], object], runs: int) -> float:
    timer = timeit.Timer(call)
    loops, _ = timer.autorange()
    return statistics.median(timer.repeat(repeat=runs, number=loops)) / loops * 1e9


def padded_key(number: int) -> str:
    """A 20-character key: the number's digits, zero-padded, least significant first."""
    return f"{number:020d}"[::-1]


def bulk_rows(count: int = 1_000_000) -> list[str]:
    """Put, get and remove a million 20-character keys; memory per record from tracemalloc."""
    keys = [padded_key(number) for number in range(count)]
    gc.collect()
    table = HashDictionary(BULK_SIZE)
    started = time.perf_counter()
    for score, key in enumerate(keys):
        table.put(Data(key, score % 4))
    put_seconds = time.perf_counter() - started
    started = time.perf_counter()
    found = sum(table.get(key) == score % 4 for score, key in enumerate(keys))
    get_seconds = time.perf_counter() - started
    started = time.perf_counter()
    for key in keys:
        table.remove(key)
    remove_seconds = time.perf_counter() - started
    if found != count or len(table) != 0:
        raise AssertionError(f"bulk test went wrong: {found} of {count} found, {len(table)} left")
    del table, keys
    gc.collect()
    tracemalloc.start()  # the keys are made inside: a record's memory includes its key's
    table = HashDictionary(BULK_SIZE)
    for number in range(count):
        table.put(Data(padded_key(number), 1))
    per_record = tracemalloc.get_traced_memory()[0] / count
    tracemalloc.stop()
    total = put_seconds + get_seconds + remove_seconds
    return [
        f"{f'{count:,} records of 20 characters: put all':<44} {put_seconds:>10.2f} s",
        f"{'... get all':<44} {get_seconds:>10.2f} s",
        f"{'... remove all':<44} {remove_seconds:>10.2f} s",
        f"{'... together':<44} {total:>10.2f} s",
        f"{'... memory per record (table + keys)':<44} {per_record:>8.0f} B",
    ]


if __name__ == "__main__":
    run(main, "python -m bench")
