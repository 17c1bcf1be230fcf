"""Grading: a class of submissions in parallel, each in a jail of its own, and always a result for each.

:class:`Grader` holds what a run shares: the tests, the limits, the
sandbox, the languages (:mod:`~tictactoe.grade.languages`) and their
drivers (each made once a run).  :meth:`Grader.grade` copies one
submission into a jail (:mod:`~tictactoe.grade.sandbox`), finds its files
and so its language, once (:mod:`~tictactoe.grade.finder`), has that
language supply the handout files it lacks, compile it there and start
its driver, and runs its tests (:mod:`~tictactoe.grade.runner`); it always returns a
:class:`~tictactoe.grade.results.SubmissionResult`: a submission that
cannot be copied, compiled or imported has every test reported with the
reason.  :meth:`Grader.interrupt` (Ctrl-C, SIGTERM) ends every wait at
once: each jail ends its processes and removes its folder, and the grader
its own.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from tictactoe.grade.archives import unpack_entry
from tictactoe.grade.channel import Child, Interrupted
from tictactoe.grade.finder import locate
from tictactoe.grade.languages.protocol import Build, Closable, Language
from tictactoe.grade.languages.registry import registered
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import Status, SubmissionResult, TestResult
from tictactoe.grade.runner import GradingSession, run_tests
from tictactoe.grade.sandbox import Jail, Program, Sandbox, SandboxChoice
from tictactoe.grade.submission import (
    SubmissionError,
    copy_submission,
    is_archive,
    name_of,
    refused_link,
    same_as,
)
from tictactoe.grade.talk import GradeTest

__all__ = ["Grader"]

_Made = TypeVar("_Made", bound=Closable)


class Grader:
    """Grades submissions on ``tests`` within ``limits``; use it as a context manager (it owns a temporary folder).

    A submission is in one of ``languages`` (every one registered, when none is given), or in ``language`` when
    given (``--language``).
    """

    def __init__(
        self,
        tests: Sequence[GradeTest],
        limits: Limits,
        sandbox: SandboxChoice,
        language: Language | None = None,
        languages: Sequence[Language] = (),
    ) -> None:
        self.tests = tuple(tests)
        self.limits = limits
        self.language = language
        self.languages = tuple(languages) or registered()
        self.stop = threading.Event()
        self._folder = Path(tempfile.mkdtemp(prefix="tictactoe-grade-"))
        self.sandbox = Sandbox(sandbox, limits, self._folder, self.stop)
        self._drivers: dict[str, Path] = {}
        self._made: dict[str, Closable] = {}
        self._closing = contextlib.ExitStack()
        self._lock = threading.Lock()
        self._numbers = itertools.count(1)

    def __enter__(self) -> Grader:
        return self

    def __exit__(self, *exception: object) -> None:
        self.stop.set()
        self._closing.close()
        shutil.rmtree(self._folder, ignore_errors=True)

    def interrupt(self) -> None:
        """Stop grading: every wait ends at once, and every process of every submission is ended."""
        self.stop.set()

    def grade_all(
        self, submissions: Sequence[Path], jobs: int, done: Callable[[int], None]
    ) -> Iterator[SubmissionResult]:
        """Grade ``submissions`` on ``jobs`` threads, yielding results in their order; ``done(n)`` as each ends.

        A submission whose files are byte for byte those of others is graded all the same, with a note naming them.
        Where no control group holds each submission's processes, they are graded one at a time
        (:attr:`~tictactoe.grade.sandbox.Sandbox.serial`), whatever ``jobs`` says.
        """
        if self.sandbox.serial:
            jobs = 1
        finished = 0
        twins = same_as(submissions)

        def grade(path: Path) -> SubmissionResult:
            nonlocal finished
            result = self.grade(path)
            if path in twins:
                note = f"same as {', '.join(map(str, twins[path]))}: the same files, byte for byte"
                result = dataclasses.replace(result, notes=(*result.notes, note))
            with self._lock:
                finished += 1
                done(finished)
            return result

        pool = ThreadPoolExecutor(max_workers=jobs)
        try:
            yield from pool.map(grade, submissions)
        except BaseException:  # interrupted, or the caller stopped early: the submissions being graded stop too
            self.stop.set()
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def grade(self, path: Path) -> SubmissionResult:
        """Grade the submission in ``path``, named as given; whatever goes wrong is reported, test by test."""
        if self.stop.is_set():
            raise Interrupted
        try:
            return self._grade(path)
        except (Interrupted, KeyboardInterrupt):
            raise
        except Exception as error:  # a fault of the grader's own or of the machine: no submission is left out for it
            reason = f"the grader failed on this submission: {type(error).__name__}: {error}"
            return self._all(name_of(path), self.language.name if self.language else "unknown", reason)

    def _grade(self, path: Path) -> SubmissionResult:
        name = name_of(path)
        link = refused_link(path)
        if link is not None:
            return self._all(name, "unknown", link, (link,))
        unknown = self.language.name if self.language else "unknown"
        with self.sandbox.jail(self._folder / f"submission-{next(self._numbers)}") as jail:
            try:
                entry = jail.work / "entry"
                notes = [unpack_entry(path, entry)] if is_archive(path) else copy_submission(path, entry)
                located = locate(jail.work / "entry", self.language, self.languages)
            except (SubmissionError, OSError) as error:
                return self._all(name, unknown, str(error))
            language = located.language
            notes += located.notes
            try:
                located.folder.rename(jail.work / "src")
                prepared = self._prepare(language, jail, notes)
            except (SubmissionError, OSError) as error:
                return self._all(name, language.name, str(error))
            if isinstance(prepared, str):
                return self._all(name, language.name, prepared, notes)
            program, compiled = prepared
            session = GradingSession(
                self.tests,
                self.limits,
                language,
                lambda: Child(jail.launch(program), self.limits.output_bytes),
                jail.cpu_seconds,
                self.stop,
                jail.work / "src",
                compiled,
            )
            results = tuple(run_tests(session))
            return SubmissionResult(name, language.name, results, tuple(notes + jail.notes()))

    def _prepare(self, language: Language, jail: Jail, notes: list[str]) -> tuple[Program, Path | None] | str:
        """The submission's driver process and what was compiled, or why it cannot run (it does not compile);
        notes added to ``notes``."""
        missing = language.unavailable()
        if missing is not None:
            return f"{missing.what}: {missing.how}"
        build = Build(jail.work / "src", jail.work, jail.run, self._driver, self._shared, self.limits, self.sandbox)
        notes += language.supply(build.source)
        compiled = language.compile(build)
        if isinstance(compiled, str):
            return compiled
        try:
            return language.start(build, compiled), compiled
        except (RuntimeError, OSError, subprocess.SubprocessError) as error:  # the grader's own driver failed
            return str(error)

    def _driver(self, name: str, make: Callable[[Path], None]) -> Path:
        """The folder of a language's driver, made by ``make`` on first use: readable by every account."""
        with self._lock:
            if name not in self._drivers:
                folder = self._folder / f"driver-{name}"
                make(folder)
                self._drivers[name] = folder
            return self._drivers[name]

    def _shared(self, name: str, make: Callable[[Path], _Made]) -> _Made:
        """What every submission shares under ``name`` (a warm compiler), made by ``make`` on first use in a folder
        of the grader's, closed as the grader ends."""
        with self._lock:
            if name not in self._made:
                folder = self._folder / f"shared-{name}"
                self._made[name] = make(folder)
                self._closing.callback(self._made[name].close)
            made: _Made = self._made[name]  # type: ignore[assignment]  # made by make() under this name
            return made

    def _all(self, submission: str, language: str, reason: str, notes: Sequence[str] = ()) -> SubmissionResult:
        tests = tuple(TestResult(test.name, Status.ERROR, reason) for test in self.tests)
        return SubmissionResult(submission, language, tests, tuple(notes))
