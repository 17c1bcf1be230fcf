"""``python -m bench.grade``: the grader's speed on Java submissions, against its targets, in its sandbox.

One Java submission graded on TestDict, the built-in cases and 300 cases
more (target: at most 5 s); a class of 20 Java submissions graded with
``--jobs 1`` (target: at most 25 s), in bubblewrap and unconfined
(``--sandbox none``), alternately in the same run (target: the sandbox at
most 1.3 times as slow); and the class with ``--jobs 2`` beside, in the
sandbox.  Wall time, because a grader's user waits for the clock, and
processor time of the grader and all its processes, which a busy machine
does not change; the median of ``--repeat`` runs (3 by default), each run
of a figure alternating with the others so that a change in the
machine's load touches them alike.  ``--write`` writes the
table to ``bench/grade_results.txt``, with the commit measured and the
machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, current_commit, load_averages
from configurations import Configurations, SearchStats, computer_play
from tictactoe.grade import cgroups
from tictactoe.grade.grader import Grader
from tictactoe.grade.java import find_jdk
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import SandboxError, choice
from tictactoe.grade.suite import suite
from tictactoe.harness.play_cases import Case

SUBMISSION = ROOT / "tests" / "grade" / "fixtures" / "java" / "correct"
RESULTS = Path(__file__).with_name("grade_results.txt")
EXTRA_CASES = 300
CLASS_SIZE = 20
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


def graded_seconds(paths: list[Path], cases: list[Path], jobs: int, sandbox: str) -> tuple[float, float, int, int]:
    """Wall and processor seconds to grade ``paths`` (the Java driver compiled too, as in every run), tests and
    failures counted."""
    start, cpu = time.perf_counter(), processor_seconds()
    with Grader(suite(cases, SEED), Limits(), find_jdk(), choice(sandbox)) as grader:
        grader.sandbox.check()
        results = list(grader.grade_all(paths, jobs, lambda done: None))
    seconds, cpu = time.perf_counter() - start, processor_seconds() - cpu
    return seconds, cpu, sum(len(result.tests) for result in results), sum(result.failed for result in results)


def measure(work: Path, repeat: int) -> dict[str, list[float]]:
    """Each figure's wall seconds, ``repeat`` times, the figures taken in turn; failures found as a figure."""
    case_file = work / "bench.jsonl"
    write_cases(random_cases(EXTRA_CASES), case_file)
    members = [work / f"student-{number:02}" for number in range(CLASS_SIZE)]
    for member in members:
        shutil.copytree(SUBMISSION, member)
    names = ("one", "bwrap", "none", "jobs 2")
    runs: dict[str, list[float]] = {key: [] for name in names for key in (name, f"{name} cpu")}
    runs |= {"tests": [], "failures": []}
    for _ in range(repeat):
        figures = {
            "one": ([SUBMISSION], [case_file], 1, "bwrap"),
            "bwrap": (members, [], 1, "bwrap"),
            "none": (members, [], 1, "none"),
            "jobs 2": (members, [], 2, "bwrap"),
        }
        for name, (paths, cases, jobs, sandbox) in figures.items():
            seconds, cpu, tests, failures = graded_seconds(paths, cases, jobs, sandbox)
            runs[name].append(seconds)
            runs[f"{name} cpu"].append(cpu)
            runs["tests"].append(tests)
            runs["failures"].append(failures)
    return runs


def table(runs: dict[str, list[float]], repeat: int) -> str:
    wall = {name: statistics.median(runs[name]) for name in ("one", "bwrap", "none", "jobs 2")}
    cpu = {name: statistics.median(runs[f"{name} cpu"]) for name in ("one", "bwrap", "none", "jobs 2")}
    load = load_averages().split()[0]
    rows = [
        (f"one Java submission, 336+ tests ({EXTRA_CASES} added cases), bwrap", "one", "<= 5"),
        (f"a class of {CLASS_SIZE} Java submissions, --jobs 1, bwrap", "bwrap", "<= 25"),
        (f"a class of {CLASS_SIZE} Java submissions, --jobs 1, --sandbox none", "none", ""),
        (f"a class of {CLASS_SIZE} Java submissions, --jobs 2, bwrap", "jobs 2", ""),
    ]
    lines = [
        f"bench.grade: median of {repeat}, wall seconds (what a teacher waits) and processor seconds (all processes)",
        f"measured at commit {current_commit()}, {os.cpu_count()} processors, load {load} when done",
        f"{'what':<62} {'wall':>8} {'cpu':>8}  target (wall)",
        *(f"{text:<62} {wall[name]:8.2f} {cpu[name]:8.2f}  {target}".rstrip() for text, name, target in rows),
        f"{'the sandbox against none, wall and processor time':<62} {wall['bwrap'] / wall['none']:7.2f}x"
        f" {cpu['bwrap'] / cpu['none']:7.2f}x  <= 1.3x",
        f"{'speed-up of --jobs 2, wall':<62} {wall['bwrap'] / wall['jobs 2']:7.2f}x",
        f"failures (must be 0): {int(sum(runs['failures']))} of {int(sum(runs['tests']))} tests",
    ]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.grade", description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"write the table to {RESULTS.name}")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each figure (default: 3)")
    args = parser.parse_args()
    if find_jdk() is None:
        print("bench.grade: no Java compiler (javac): install one, e.g. apt-get install default-jdk-headless")
        return 2
    global CLOCK  # noqa: PLW0603  # one clock for the whole run, made once the bench runs
    CLOCK = Clock()
    with tempfile.TemporaryDirectory() as folder:
        try:
            runs = measure(Path(folder), args.repeat)
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
