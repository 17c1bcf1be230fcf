"""What the grader's tests share: the fixtures' folders, the JDK and the sandbox, and grading a set of fixtures once
in a test run, however many workers run it.

Where the JDK, bubblewrap or a control group for the limits is missing, the
tests that need it skip, saying why; with ``CI=true`` they fail instead, so
that continuous integration never passes by skipping the grader.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import pytest

from tictactoe.grade import cgroups
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import SubmissionResult
from tictactoe.grade.sandbox import choice
from tictactoe.grade.suite import builtin_suite
from tictactoe.grade.talk import GradeTest

T = TypeVar("T")

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: Why the Java tests skip, or None when a JDK is there.
NO_JDK = None if shutil.which("javac") and shutil.which("java") else "no Java compiler (javac): the Java tests skip"
#: Why the tests of the default sandbox skip, or None when bubblewrap is there.
NO_BWRAP = (
    None if shutil.which("bwrap") else "no bubblewrap (bwrap): the sandbox's tests skip (apt-get install bubblewrap)"
)
#: Why the tests of the limits skip, or None when this user can make control groups.
NO_CGROUPS = (
    None
    if cgroups.find() is not None
    else "no control group to make (cgroup v2, or v1's memory, pids and cpuacct, writable): the limits' tests skip"
)
IN_CI = os.environ.get("CI") == "true"
#: The seed of the randomized tests when fixtures are graded: any would do, one keeps the failures' words fixed.
SEED = 2210

# The unprivileged account of the tests' --sandbox user:NAME runs, one for each worker of a parallel run
# (pytest-xdist names them gw0, gw1, ...): the grader ends every process of its account after each submission
# (kill -1 as the account), which would end a submission graded beside it under the same account.
ACCOUNT = "-".join(filter(None, ["tictactoe-grade-test", os.environ.get("PYTEST_XDIST_WORKER")]))


def missing(reason: str | None) -> None:
    """Skip the test for ``reason``; in CI fail it: what CI needs is installed by .ci/run."""
    if reason is not None:
        if IN_CI:
            pytest.fail(f"CI=true: {reason}")
        pytest.skip(reason)


def fixture(language: str, name: str) -> Path:
    return FIXTURES / language / name


def need_jdk(language: str) -> None:
    missing(NO_JDK if language == "java" else None)
    missing(NO_BWRAP)


def grade(
    language: str,
    names: list[str],
    timeout: float,
    jobs: int = 2,
    sandbox: str = "bwrap",
    *,
    tests: Sequence[GradeTest] | None = None,
) -> dict[str, SubmissionResult]:
    """The results of the fixtures ``names`` of ``language``, graded on ``tests`` (the built-in ones), by name."""
    suite = builtin_suite(SEED) if tests is None else tests
    with Grader(suite, Limits(timeout=timeout), choice(sandbox)) as grader:
        paths = [fixture(language, name) for name in names]
        return {
            path.name: result
            for path, result in zip(paths, grader.grade_all(paths, jobs, lambda done: None), strict=True)
        }


def grading_account() -> str:
    """:data:`ACCOUNT`, made when missing (the tests that use it run as root)."""
    if subprocess.run(["id", "-u", ACCOUNT], capture_output=True, check=False).returncode != 0:
        command = ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", ACCOUNT]
        made = subprocess.run(command, capture_output=True, text=True, check=False)
        assert made.returncode in (0, 9), made.stderr  # 9: it exists, made meanwhile by another run of the tests
    return ACCOUNT


def made_once(folder: Path, name: str, make: Callable[[], T]) -> T:
    """What ``make`` returns, made once in ``folder``, the test run's folder that all its workers share
    (``run_folder``): the first worker to ask makes it and leaves it there, pickled; the others wait for it under a
    lock and read it.  A class of submissions takes minutes to grade, and the tests that read its reports are
    spread over every worker.
    """
    path = folder / f"{name}.pickle"
    with (folder / f"{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            made: T = pickle.loads(path.read_bytes())
            return made
        made = make()
        path.write_bytes(pickle.dumps(made))
        return made
