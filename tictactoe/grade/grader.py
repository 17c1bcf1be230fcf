"""Grading: one submission's tests run in its process, and a class of submissions graded in parallel.

:class:`Grader` holds what a run shares: the tests, the limits, the JDK and
the driver compiled once for every Java submission.  :meth:`Grader.grade`
grades one submission in a temporary directory of its own and always
returns a :class:`~tictactoe.grade.results.SubmissionResult`: a submission
that cannot be copied, compiled or imported has every test reported with
the reason.  Its process answers test after test; when it ends or runs out
of time, the test is reported so, a new process is started for the next
test, and the TestDict tests that build on the lost one are reported as
not set up.  After :data:`MOST_TIMEOUTS` tests that ran out of time, the
remaining tests are not run, so that a submission that loops everywhere
costs minutes, not hours.
"""

from __future__ import annotations

import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tictactoe.grade import java, python_runner
from tictactoe.grade.channel import Answer, Child, Ended, Reply, TimedOut
from tictactoe.grade.limits import Limits, child_environment
from tictactoe.grade.results import Status, SubmissionResult, TestResult
from tictactoe.grade.submission import Language, SubmissionError, copy_submission, detect_language
from tictactoe.grade.suite import GradeTest, judge, where

__all__ = ["MOST_TIMEOUTS", "Grader"]

#: Tests of one submission that may run out of time before the rest are not run.
MOST_TIMEOUTS = 3


@dataclass(frozen=True, slots=True)
class _Run:
    """How to start a submission's process, and the words for its language."""

    command: Callable[[int, int], Sequence[str]]
    folder: Path
    exit_hint: str


class Grader:
    """Grades submissions on ``tests`` within ``limits``; use it as a context manager (it owns a temporary folder)."""

    def __init__(
        self, tests: Sequence[GradeTest], limits: Limits, jdk: java.Jdk | None, language: Language | None = None
    ) -> None:
        self.tests = tuple(tests)
        self.limits = limits
        self.jdk = jdk
        self.language = language
        self._folder = tempfile.TemporaryDirectory(prefix="tictactoe-grade-")
        self._driver: Path | None = None
        self._lock = threading.Lock()

    def __enter__(self) -> Grader:
        return self

    def __exit__(self, *exception: object) -> None:
        self._folder.cleanup()

    def grade_all(
        self, submissions: Sequence[Path], jobs: int, done: Callable[[int], None]
    ) -> Iterator[SubmissionResult]:
        """Grade ``submissions`` on ``jobs`` threads, yielding results in their order; ``done(n)`` as each ends."""
        finished = 0

        def grade(path: Path) -> SubmissionResult:
            nonlocal finished
            result = self.grade(path)
            with self._lock:
                finished += 1
                done(finished)
            return result

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(grade, submissions)

    def grade(self, path: Path) -> SubmissionResult:
        """Grade the submission in ``path``, named as given."""
        try:
            language = detect_language(path, self.language)
        except SubmissionError as error:
            return self._all(str(path), "unknown", str(error))
        with tempfile.TemporaryDirectory(prefix="submission-", dir=self._folder.name) as scratch:
            work = Path(scratch)
            try:
                copy_submission(path, work / "src")
                run = self._prepare(language, work)
            except (SubmissionError, OSError) as error:
                return self._all(str(path), language.value, str(error))
            if isinstance(run, str):
                return self._all(str(path), language.value, run)
            return SubmissionResult(str(path), language.value, tuple(self._run(run)))

    def _prepare(self, language: Language, work: Path) -> _Run | str:
        """How to run the copied submission, or why it cannot run (it does not compile)."""
        if language is Language.PYTHON:
            command = python_runner.driver_command(work / "src", self.limits)
            return _Run(command, work / "src", "does the code call sys.exit or os._exit?")
        if self.jdk is None:
            return f"no Java compiler: {java.INSTALL_HINT}"
        classes = work / "classes"
        classes.mkdir()
        compiled = java.compile_submission(self.jdk, work / "src", classes, self.limits)
        if compiled.error is not None:
            return f"does not compile: {compiled.error}"
        try:
            driver = self._java_driver()
        except (RuntimeError, OSError, subprocess.SubprocessError) as error:
            return str(error)
        command = java.driver_command(self.jdk, [driver, classes], compiled.package, self.limits)
        return _Run(command, work / "src", "does the code call System.exit?")

    def _java_driver(self) -> Path:
        """The driver's classes, compiled on first use."""
        with self._lock:
            if self._driver is None:
                assert self.jdk is not None
                folder = Path(self._folder.name) / "driver"
                folder.mkdir()
                java.compile_driver(self.jdk, folder, self.limits)
                self._driver = folder
            return self._driver

    def _run(self, run: _Run) -> Iterator[TestResult]:
        child: Child | None = None
        lost: dict[str, str] = {}  # tests whose process ended or ran out of time, and how
        timeouts = 0
        try:
            for test in self.tests:
                blocked = next((f"{name} {lost[name]}" for name in test.requires if name in lost), None)
                if blocked is not None:
                    yield TestResult(test.name, Status.ERROR, f"could not set up: {blocked}")
                    continue
                if timeouts >= MOST_TIMEOUTS:
                    yield TestResult(test.name, Status.ERROR, f"not run: {timeouts} tests already ran out of time")
                    continue
                if child is None:
                    child = Child(run.command, run.folder, child_environment(run.folder), self.limits.output_bytes)
                    started = child.start(self.limits.start_timeout)
                    if not (isinstance(started, Answer) and started.status == "ready"):
                        child.stop()
                        child = None
                        yield TestResult(test.name, Status.ERROR, _lost(started, run, "the process did not start"))
                        continue
                reply = child.ask(test.command, self.limits.timeout)
                if isinstance(reply, Answer):
                    yield _with_output(judge(test, reply.status, reply.text), reply.output)
                    continue
                child = None
                timeouts += isinstance(reply, TimedOut)
                lost[test.name] = "ran out of time" if isinstance(reply, TimedOut) else "ended the process"
                message = _lost(reply, run, "")
                yield TestResult(test.name, Status.ERROR, message if test.case is None else f"{_on(test)}: {message}")
        finally:
            if child is not None:
                child.stop()

    def _all(self, submission: str, language: str, reason: str) -> SubmissionResult:
        return SubmissionResult(
            submission, language, tuple(TestResult(t.name, Status.ERROR, reason) for t in self.tests)
        )


def _lost(reply: Reply, run: _Run, context: str) -> str:
    """Why no answer came: out of time, or the process ended (with a hint at the likely cause)."""
    if isinstance(reply, TimedOut):
        return f"no answer within {reply.seconds:g} s (the time limit of a test){reply.output}"
    if isinstance(reply, Ended):
        prefix = f"{context}: " if context else ""
        return (
            f"{prefix}the process ended with status {reply.returncode} during the test: {run.exit_hint}{reply.output}"
        )
    return f"{context}: it answered {reply.status!r} instead of ready"


def _on(test: GradeTest) -> str:
    assert test.case is not None
    return f"on the board {where(test.case)}"


def _with_output(result: TestResult, output: str) -> TestResult:
    """A failed test's message with what the code printed during it; a passed test's as it is."""
    if result.passed or not output:
        return result
    return TestResult(result.name, result.status, result.message + output)
