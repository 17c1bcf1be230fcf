"""What the grader's tests share: the fixtures' folders, the JDK, and grading a set of fixtures once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tictactoe.grade.grader import Grader
from tictactoe.grade.java import find_jdk
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import SubmissionResult
from tictactoe.grade.sandbox import choice
from tictactoe.grade.suite import builtin_suite

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: Why the Java tests skip, or None when a JDK is there.
NO_JDK = None if shutil.which("javac") and shutil.which("java") else "no Java compiler (javac): the Java tests skip"


def fixture(language: str, name: str) -> Path:
    return FIXTURES / language / name


def need_jdk(language: str) -> None:
    if language == "java" and NO_JDK:
        pytest.skip(NO_JDK)


#: The seed of the randomized tests when fixtures are graded: any would do, one keeps the failures' words fixed.
SEED = 2210


def grade(
    language: str, names: list[str], timeout: float, jobs: int = 2, sandbox: str = "bwrap"
) -> dict[str, SubmissionResult]:
    """The results of the fixtures ``names`` of ``language``, graded on the built-in tests, by name."""
    with Grader(builtin_suite(SEED), Limits(timeout=timeout), find_jdk(), choice(sandbox)) as grader:
        paths = [fixture(language, name) for name in names]
        return {
            path.name: result
            for path, result in zip(paths, grader.grade_all(paths, jobs, lambda done: None), strict=True)
        }
