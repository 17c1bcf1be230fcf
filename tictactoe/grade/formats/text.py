"""The text report (docs/grading.md): per submission a line naming it, a line per test, then ``N passed, M failed``.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> print(text_report(SubmissionResult("alice", "java", (TestResult("testdict 1", Status.PASSED),
...       TestResult("testdict 2", Status.FAILED, "put of an existing key did not raise DictionaryException")))),
...       end="")
alice (java)
   Test testdict 1 succeeded
***Test testdict 2 failed: put of an existing key did not raise DictionaryException
1 passed, 1 failed
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.grade.results import SubmissionResult

__all__ = ["text_report"]


def text_report(result: SubmissionResult) -> str:
    """The lines of one submission, each ending in a newline."""
    lines = [f"{result.submission} ({result.language})"]
    for test in result.tests:
        if test.passed:
            lines.append(f"   Test {test.name} succeeded")
        else:
            lines.append(f"***Test {test.name} failed: {test.message}")
    lines.append(f"{result.passed} passed, {result.failed} failed")
    return "\n".join(lines) + "\n"
