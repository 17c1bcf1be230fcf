"""One submission's tests, run in order in its process: a new process after each that is lost, hidden ones apart.

The process answers test after test; when it ends, runs out of time or
answers what no driver writes, the test is reported so and a new process
is started for the next test, so that one slow dictionary test does not
cost the board and play cases; the TestDict tests that build on the lost
one are reported as not set up.  A process whose start (Python's imports,
Java's static initializers) does not end within a test's time counts as a
timeout, and every later test is reported with it at once.  The hidden
tests (``--cases``) run last, in a process of their own.  The whole
submission has :attr:`~tictactoe.grade.limits.Limits.submission_timeout`
seconds on the wall clock; the tests left when it runs out are not run.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.grade.board_tests import where
from tictactoe.grade.channel import Child, Deadline, Ended, Garbled, Interrupted, Ready, TimedOut
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import Status, TestResult
from tictactoe.grade.talk import Broke, Failed, GradeTest, Lost, Talk
from tictactoe.grade.words import Words

if TYPE_CHECKING:
    from tictactoe.grade.languages.protocol import Language

__all__ = ["GradingSession", "lost_message", "run_tests"]


@dataclass(frozen=True, slots=True)
class GradingSession:
    """What one submission's tests need: its language, how to start its process, the clocks, its copied sources,
    and what was compiled of them (Java's classes)."""

    tests: Sequence[GradeTest]
    limits: Limits
    language: Language
    start: Callable[[], Child]
    cpu: Callable[[], float | None]
    stop: threading.Event
    source: Path
    compiled: Path | None = None


def lost_message(reply: Ended | TimedOut | Garbled, words: Words, limits: Limits) -> str:
    """Why no answer came, with what the process printed."""
    if isinstance(reply, TimedOut):
        if reply.why == "cpu":
            why = f"no answer within {reply.seconds:g} s of processor time (the time limit of a test)"
        elif reply.why == "wall":
            why = f"no answer within {3 * reply.seconds:g} s on the clock (three times the time limit of a test)"
        elif reply.why == "budget":
            why = f"not finished when the submission's {limits.submission_timeout:g} s ran out (--submission-timeout)"
        else:
            why = f"no answer within {reply.seconds:g} s (the time limit of a test)"
        return why + reply.output
    if isinstance(reply, Ended):
        return f"the process ended with status {reply.returncode} during the test: {words.exit_hint}{reply.output}"
    return f"the process answered what the grader's driver never writes ({reply.problem}){reply.output}"


class _Runner:
    """The state of one submission's run: its process, the tests lost with it, a start that never ends."""

    def __init__(self, session: GradingSession) -> None:
        self.session = session
        self.child: Child | None = None
        self.states: dict[str, object] = {}
        self.lost: dict[str, str] = {}
        self.load_failure: str | None = None
        self.hidden = False
        self.budget_end = time.monotonic() + session.limits.submission_timeout

    def run(self, test: GradeTest) -> TestResult:
        session = self.session
        if session.stop.is_set():
            raise Interrupted
        if time.monotonic() >= self.budget_end:
            limit = session.limits.submission_timeout
            return _error(test, f"not run: the submission's {limit:g} s ran out (--submission-timeout)")
        if test.hidden and not self.hidden:
            self.hidden = True  # the hidden cases get a process of their own, after every other test
            self._forget()
        blocked = next((f"{name} {self.lost[name]}" for name in test.requires if name in self.lost), None)
        if blocked is not None:
            return TestResult(test.name, Status.ERROR, f"could not set up: {blocked}")
        deadline = Deadline(session.limits.timeout, session.cpu, session.stop, self.budget_end).start()
        if not test.process:
            return self._judge(test, self._talk(None, deadline))
        if self.load_failure is not None:
            return _error(test, self.load_failure)
        if self.child is None and (failure := self._start(deadline)) is not None:
            return _error(test, failure)
        return self._judge(test, self._talk(self.child, deadline))

    def close(self) -> None:
        self._forget()

    def _talk(self, child: Child | None, deadline: Deadline) -> Talk:
        session = self.session
        words = session.language.words
        return Talk(
            child, deadline, words, session.source, self.states, compiled=session.compiled, language=session.language
        )

    def _start(self, deadline: Deadline) -> str | None:
        """Start a process; why it did not, or None."""
        session = self.session
        child = session.start()
        started = child.start(deadline)
        if isinstance(started, Ready) and not started.load_error:
            self.child = child
            return None
        child.stop()
        if isinstance(started, Ready):
            self.load_failure = started.load_error
            return started.load_error
        message = lost_message(started, session.language.words, session.limits)
        if isinstance(started, TimedOut) and started.why != "budget":
            loop = session.language.words.loading
            self.load_failure = f"the submission's code did not finish loading, {message} (does {loop} loop?)"
            return self.load_failure
        return f"the process did not start: {message}"

    def _judge(self, test: GradeTest, talk: Talk) -> TestResult:
        try:
            note = test.run(talk)
        except (Failed, Broke) as failure:
            status = Status.FAILED if isinstance(failure, Failed) else Status.ERROR
            output = self.child.take_output() if self.child is not None else ""
            return TestResult(test.name, status, str(failure) + output)
        except Lost as lost:
            self._forget()
            self.lost[test.name] = "ran out of time" if isinstance(lost.reply, TimedOut) else "ended the process"
            message = lost_message(lost.reply, self.session.language.words, self.session.limits)
            return _error(test, message)
        if self.child is not None:
            self.child.take_output()  # what a passed test printed is not shown
        return TestResult(test.name, Status.PASSED, note)

    def _forget(self) -> None:
        """Stop the process, if any; a new one starts afresh."""
        if self.child is not None:
            self.child.stop()
        self.child = None
        self.states = {}


def run_tests(session: GradingSession) -> Iterator[TestResult]:
    """Each test's result, in order."""
    runner = _Runner(session)
    try:
        for test in session.tests:
            yield runner.run(test)
    finally:
        runner.close()


def _error(test: GradeTest, message: str) -> TestResult:
    """An error of ``test``; a case's message opened by its board."""
    if test.case is not None:
        message = f"on the board {where(test.case)}: {message}"
    return TestResult(test.name, Status.ERROR, message)
