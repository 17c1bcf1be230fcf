"""What grading found: each test's :class:`TestResult` and each submission's :class:`SubmissionResult`.

>>> result = SubmissionResult("alice", "java", (TestResult("testdict 1", Status.PASSED),
...                                            TestResult("testdict 2", Status.FAILED, "did not raise")))
>>> result.passed, result.failed, result.all_passed
(1, 1, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Status", "SubmissionResult", "TestResult"]


class Status(enum.Enum):
    """How a test ended: the submission's answer was right, wrong, or its code failed to answer.

    ``ERROR`` covers code that threw, lacks a method, does not compile, ran
    out of time or memory, or ended its process.
    """

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"


@dataclass(frozen=True, slots=True)
class TestResult:
    """One test of one submission: its name, how it ended and why (a passed test may carry a note)."""

    name: str
    status: Status
    message: str = ""

    @property
    def passed(self) -> bool:
        """Whether the test passed."""
        return self.status is Status.PASSED


@dataclass(frozen=True, slots=True)
class SubmissionResult:
    """Every test of one submission, in the order they ran; ``submission`` is the path as given.

    ``notes`` say what the grader did beyond the tests: handout files it
    supplied, files it left out of the copy, limits the code ran into.
    """

    submission: str
    language: str
    tests: tuple[TestResult, ...]
    notes: tuple[str, ...] = ()

    @property
    def passed(self) -> int:
        """How many tests passed."""
        return sum(test.passed for test in self.tests)

    @property
    def failed(self) -> int:
        """How many tests did not pass (failed or error)."""
        return len(self.tests) - self.passed

    @property
    def all_passed(self) -> bool:
        """Whether there were tests and every one passed."""
        return bool(self.tests) and self.failed == 0
