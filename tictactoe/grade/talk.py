"""What a test is, and what it has to work with: the submission's process to ask, and the words of its language.

A :class:`GradeTest` runs with a :class:`Talk`: it sends operations with
:meth:`Talk.ask` and judges the observations that come back, in the
grader's process.  It returns a note when it passes, and raises
:class:`Failed` (the code answered wrongly) or :class:`Broke` (the code
raised, or lacks what the test needs); :class:`Lost` (the process ended,
ran out of time, or answered what no driver writes) comes from
:meth:`Talk.ask` itself, and the grader starts a new process for the next
test.  What a test keeps in the process between tests (TestDict's shared
table) it keeps in :meth:`Talk.state`, which a new process starts afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from tictactoe.grade.channel import Answer, Child, Deadline, Ended, Garbled, TimedOut
from tictactoe.grade.observations import Observation

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.grade.languages.protocol import Language
    from tictactoe.grade.words import Words
    from tictactoe.harness.play_cases import Case

__all__ = ["Broke", "Failed", "GradeTest", "Lost", "Talk"]

_T = TypeVar("_T")


class Failed(Exception):
    """The submission's code answered, wrongly; the message says how."""


class Broke(Exception):
    """The submission's code raised, or lacks a class or method the test needs; the message says which."""


class Lost(Exception):
    """The process gave no answer: it ended, ran out of time, or wrote what no driver writes."""

    def __init__(self, reply: Ended | TimedOut | Garbled) -> None:
        super().__init__(type(reply).__name__)
        self.reply = reply


@dataclass(frozen=True, slots=True)
class GradeTest:
    """One test: its name, and ``run(talk)``, which returns a note when it passes.

    ``case`` is the board or play case it judges, if any; ``requires``
    names the tests whose set-up it builds on (when one of them lost its
    process, this one cannot run); ``hidden`` tests run in a process of
    their own after every other test; ``process`` is False for a test that
    reads the submission's files and runs none of its code.
    """

    name: str
    run: Callable[[Talk], str]
    case: Case | None = None
    requires: tuple[str, ...] = ()
    hidden: bool = False
    process: bool = True


class Talk:
    """A test's means: the process, the deadline of the test, the words of the language, the copied sources, the
    classes the grader compiled of them (Java's; None for Python), and the submission's language (which reads the
    policy; None where no test needs it)."""

    def __init__(
        self,
        child: Child | None,
        deadline: Deadline,
        words: Words,
        source: Path,
        states: dict[str, object],
        *,
        compiled: Path | None = None,
        language: Language | None = None,
    ) -> None:
        self.child = child
        self.deadline = deadline
        self.words = words
        self.source = source
        self.compiled = compiled
        self.language = language
        self._states = states

    def ask(self, operations: Sequence[Sequence[object]]) -> list[Observation]:
        """Send ``operations`` to the process; one observation each, or :class:`Lost`."""
        assert self.child is not None, "a test that runs no code asks nothing"
        reply = self.child.ask(operations, self.deadline)
        if not isinstance(reply, Answer):
            raise Lost(reply)
        return reply.observations

    def state(self, key: str, make: Callable[[], _T]) -> _T:
        """What tests keep in this process under ``key``, made by ``make`` the first time."""
        if key not in self._states:
            self._states[key] = make()
        return self._states[key]  # type: ignore[return-value]  # made by make() under this key
