"""``python -m bench.grade``: the grader's speed on Java submissions, against its targets, in its sandbox.

One Java submission graded on TestDict, the built-in cases and 300 cases
more (target: at most 5 processor seconds); a class of 20 distinct Java
submissions, the project's own correct and faulty fixtures
(:data:`CLASS`), graded with ``--jobs 1`` (target: at most 25 processor
seconds) and with ``--jobs 2`` (target: at most 1.1 times the processor
time of ``--jobs 1``; its wall time against ``--jobs 1`` is reported), all
in bubblewrap; ``--none`` adds the class unconfined (``--sandbox none``).
Processor time of the grader and every process it starts (a control group
of the bench's own counts those a sandbox reaps itself), which a busy
machine changes less than the clock, and wall time, because a grader's user
waits for the clock; the median of ``--repeat`` runs (3 by default), each
run of a figure alternating with the others so that a change in the
machine's load touches them alike, and beside each figure the median of the
1-minute load average at the end of its runs.  ``--write`` writes the table
to ``bench/grade_results.txt``, with the commit measured.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, current_commit
from configurations import Configurations, SearchStats, computer_play
from tictactoe.grade import cgroups
from tictactoe.grade.grader import Grader
from tictactoe.grade.languages.java import find_jdk
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import SandboxError, choice
from tictactoe.grade.suite import suite
from tictactoe.harness.play_cases import Case

FIXTURES = ROOT / "tests" / "grade" / "fixtures" / "java"
SUBMISSION = FIXTURES / "correct"
#: The class: 20 distinct Java fixtures, correct and faulty, each graded as a student's (those that spend their
#: whole time limit looping or sleeping are left out: they measure the limits, not the grader).
CLASS = (
    "answers-from-a-model",
    "collisions-off-by-one",
    "correct",
    "does-not-compile",
    "draw-ignores-wins",
    "eval-x-first",
    "get-zero-absent",
    "lacks-handout",
    "lacks-method",
    "prints-passed",
    "put-duplicate",
    "remove-keeps-record",
    "save-play-stores-nothing",
    "throws",
    "unknown-symbol",
    "wins-counts-tiles",
    "wins-diagonal-off-by-one",
    "wins-exactly-k",
    "wins-first-rows-only",
    "wins-no-anti-diagonal",
)
RESULTS = Path(__file__).with_name("grade_results.txt")
EXTRA_CASES = 300
SEED = 2210


def random_cases(count: int, seed: int = 2210) -> list[Case]:
    """``count`` play cases on random 4x4 and 5x5 boards, answered by the project's own search."""
    chance = random.Random(seed)
    cases = []
    for number in range(count):
        size = chance.choice((4, 5))
        squares = [" "] * (size * size)
        for index, symbol in enumerate("XOXO"[: chance.randint(1, 4)]):
            squares[chance.randrange(size * size)] = symbol if index < size * size else " "
        rows = ["".join(squares[row * size : (row + 1) * size]) for row in range(size)]
        levels = 3 if size == 4 else 2
        stats = SearchStats()
        play = computer_play(Configurations.from_rows(rows, 3, levels), stats=stats)
        expect = (("score", play.score), ("row", play.row), ("col", play.col), ("nodes", stats.nodes))
        cases.append(Case(f"bench-{number}", "play", size, 3, levels, tuple(rows), expect))
    return cases


def write_cases(cases: list[Case], path: Path) -> None:
    """The cases as a case file (the format of docs/dictionary.md)."""
    lines = [
        json.dumps(
            {
                "id": case.id,
                "check": case.check,
                "size": case.size,
                "length": case.length,
                "max_levels": case.max_levels,
                "board": list(case.board),
                "expect": dict(case.expect),
            }
        )
        for case in cases
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class Clock:
    """Processor seconds of this process and of every process it starts, sandboxed or not.

    Where it can, the bench moves itself into a control group of its own, in
    which the grader makes each submission's: its processor time then counts
    every process, those that a sandbox reaps itself too.  Elsewhere it counts
    this process and the children it waited for.
    """

    def __init__(self) -> None:
        hierarchy = cgroups.find()
        self.group = hierarchy.make(2**40, 4096) if hierarchy is not None else None
        self._origins = [folder.parent for folder in self.group.folders] if self.group is not None else []
        for folder in self.group.folders if self.group is not None else ():
            (folder / "cgroup.procs").write_text(str(os.getpid()))

    def seconds(self) -> float:
        if self.group is not None and (used := self.group.cpu_seconds()) is not None:
            return used
        usage = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
        return sum(part.ru_utime + part.ru_stime for part in usage)

    def close(self) -> None:
        for origin in self._origins:
            (origin / "cgroup.procs").write_text(str(os.getpid()))
        if self.group is not None:
            self.group.close()


CLOCK: Clock | None = None


def processor_seconds() -> float:
    """Processor seconds so far, by the bench's :class:`Clock`."""
    assert CLOCK is not None
    return CLOCK.seconds()


def graded_seconds(paths: list[Path], cases: list[Path], jobs: int, sandbox: str) -> tuple[float, float, int]:
    """Wall and processor seconds to grade ``paths`` (the Java driver compiled too, as in every run), tests
    counted."""
    start, cpu = time.perf_counter(), processor_seconds()
    with Grader(suite(cases, SEED), Limits(), choice(sandbox)) as grader:
        grader.sandbox.check()
        results = list(grader.grade_all(paths, jobs, lambda done: None))
    seconds, cpu = time.perf_counter() - start, processor_seconds() - cpu
    return seconds, cpu, sum(len(result.tests) for result in results)


def one_minute_load() -> float:
    """The 1-minute load average now, or NaN where the system keeps none."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return math.nan


def measure(work: Path, repeat: int, unconfined: bool) -> dict[str, list[float]]:
    """Each figure's wall and processor seconds and the load after it, ``repeat`` times, the figures in turn."""
    case_file = work / "bench.jsonl"
    write_cases(random_cases(EXTRA_CASES), case_file)
    members = [FIXTURES / name for name in CLASS]
    figures = {
        "one": ([SUBMISSION], [case_file], 1, "bwrap"),
        "jobs 1": (members, [], 1, "bwrap"),
        "jobs 2": (members, [], 2, "bwrap"),
    }
    if unconfined:
        figures["none"] = (members, [], 1, "none")
    runs: dict[str, list[float]] = {f"{name} {what}": [] for name in figures for what in ("wall", "cpu", "load")}
    runs["tests"] = []
    for _ in range(repeat):
        for name, (paths, cases, jobs, sandbox) in figures.items():
            seconds, cpu, tests = graded_seconds(paths, cases, jobs, sandbox)
            runs[f"{name} wall"].append(seconds)
            runs[f"{name} cpu"].append(cpu)
            runs[f"{name} load"].append(one_minute_load())
            runs["tests"].append(tests)
    return runs


def table(runs: dict[str, list[float]], repeat: int) -> str:
    """The figures' medians against their targets, each with the load it was measured under."""
    median = {key: statistics.median(values) for key, values in runs.items() if key != "tests"}
    rows = [
        (f"one Java submission, {EXTRA_CASES} added cases, bwrap", "one", "<= 5"),
        (f"a class of {len(CLASS)} Java submissions, --jobs 1, bwrap", "jobs 1", "<= 25"),
        (f"a class of {len(CLASS)} Java submissions, --jobs 2, bwrap", "jobs 2", ""),
        (f"a class of {len(CLASS)} Java submissions, --jobs 1, --sandbox none", "none", ""),
    ]
    lines = [
        f"bench.grade: median of {repeat}, processor seconds (all processes), wall seconds, 1-minute load after",
        f"measured at commit {current_commit()}, {os.cpu_count()} processors",
        f"{'what':<58} {'cpu':>7} {'wall':>7} {'load':>5}  target (cpu)",
        *(
            f"{text:<58} {median[f'{name} cpu']:7.2f} {median[f'{name} wall']:7.2f} {median[f'{name} load']:5.2f}"
            f"  {target}".rstrip()
            for text, name, target in rows
            if f"{name} cpu" in median
        ),
        f"{'--jobs 2 against --jobs 1, processor time':<58} {median['jobs 2 cpu'] / median['jobs 1 cpu']:6.2f}x"
        f" {'':>7} {'':>5}  <= 1.1x",
        f"{'--jobs 1 against --jobs 2, wall time (speed-up)':<58} {median['jobs 1 wall'] / median['jobs 2 wall']:6.2f}x"
        f" {'':>7} {median['jobs 2 load']:5.2f}",
        f"tests graded in all: {int(sum(runs['tests']))}",
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.grade", description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"write the table to {RESULTS.name}")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (default: 3)")
    parser.add_argument("--none", action="store_true", help="also grade the class unconfined (--sandbox none)")
    args = parser.parse_args()
    if find_jdk() is None:
        print("bench.grade: no Java compiler (javac): install one, e.g. apt-get install default-jdk-headless")
        return 2
    global CLOCK  # noqa: PLW0603  # one clock for the whole run, made once the bench runs
    CLOCK = Clock()
    with tempfile.TemporaryDirectory() as folder:
        try:
            runs = measure(Path(folder), args.repeat, args.none)
        except SandboxError as error:
            print(f"bench.grade: {error}")
            return 2
        finally:
            CLOCK.close()
    text = table(runs, args.repeat)
    print(text, end="")
    if args.write:
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
