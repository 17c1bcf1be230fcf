"""``python -m bench.grade``: the grader's speed on Java submissions, against its two targets.

One Java submission graded on TestDict, the built-in cases and 300 cases
more (wall time: at most 15 s); and a class of 20 Java submissions graded
with ``--jobs 1`` and ``--jobs 2`` (wall time: ``--jobs 2`` at least 1.7x as
fast).  Wall time, because a grader's user waits for the clock, and the
work is in child processes that the grader's own processor time does not
count.  ``--write`` writes the table to ``bench/grade_results.txt``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from configurations import Configurations, SearchStats, computer_play
from tictactoe.grade.grader import Grader
from tictactoe.grade.java import find_jdk
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import Choice
from tictactoe.grade.suite import suite
from tictactoe.harness.play_cases import Case

ROOT = Path(__file__).resolve().parents[1]
SUBMISSION = ROOT / "tests" / "grade" / "fixtures" / "java" / "correct"
RESULTS = Path(__file__).with_name("grade_results.txt")
EXTRA_CASES = 300
CLASS_SIZE = 20


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


def graded_seconds(paths: list[Path], cases: list[Path], jobs: int) -> tuple[float, int, int]:
    """Wall seconds to grade ``paths``, with the tests and failures counted."""
    jdk = find_jdk()
    start = time.perf_counter()
    with Grader(suite(cases, seed=2210), Limits(), jdk, Choice("bwrap")) as grader:
        results = list(grader.grade_all(paths, jobs, lambda done: None))
    seconds = time.perf_counter() - start
    return seconds, sum(len(result.tests) for result in results), sum(result.failed for result in results)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.grade", description=__doc__)
    parser.add_argument("--write", action="store_true", help=f"write the table to {RESULTS.name}")
    args = parser.parse_args()
    if find_jdk() is None:
        print("bench.grade: no Java compiler (javac): install one, e.g. apt-get install default-jdk-headless")
        return 2
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        case_file = work / "bench.jsonl"
        write_cases(random_cases(EXTRA_CASES), case_file)
        one, tests, failures = graded_seconds([SUBMISSION], [case_file], 1)
        members = [work / f"student-{number:02}" for number in range(CLASS_SIZE)]
        for member in members:
            shutil.copytree(SUBMISSION, member)
        serial, class_tests, class_failures = graded_seconds(members, [], 1)
        parallel, _, _ = graded_seconds(members, [], 2)
    lines = [
        "bench.grade: wall seconds (the grader waits for its Java processes)",
        f"{'what':<58} {'seconds':>8}  target",
        f"{f'one Java submission, {tests} tests ({EXTRA_CASES} added cases)':<58} {one:8.2f}  <= 15",
        f"{'a class of ' + str(CLASS_SIZE) + ' Java submissions, --jobs 1':<58} {serial:8.2f}",
        f"{'a class of ' + str(CLASS_SIZE) + ' Java submissions, --jobs 2':<58} {parallel:8.2f}",
        f"{'speed-up of --jobs 2':<58} {serial / parallel:7.2f}x  >= 1.7x",
        f"failures (must be 0): {failures + class_failures} of {tests + class_tests} tests",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.write:
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
