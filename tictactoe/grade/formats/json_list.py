"""The JSON report (docs/grading.md): a list with one object per submission.

Each object has ``submission`` (the path given), ``language``, ``passed``,
``failed`` and ``tests``, a list of objects with ``name``, ``status``
(``passed``, ``failed`` or ``error``) and ``message``.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> print(json_report([SubmissionResult("bob", "python", (TestResult("testdict 1", Status.ERROR, "boom"),))]))
[
  {
    "submission": "bob",
    "language": "python",
    "passed": 0,
    "failed": 1,
    "tests": [
      {
        "name": "testdict 1",
        "status": "error",
        "message": "boom"
      }
    ]
  }
]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.results import SubmissionResult

__all__ = ["json_report", "submission_object"]


def submission_object(result: SubmissionResult) -> dict[str, object]:
    """One submission as the report's object."""
    return {
        "submission": result.submission,
        "language": result.language,
        "passed": result.passed,
        "failed": result.failed,
        "tests": [{"name": test.name, "status": test.status.value, "message": test.message} for test in result.tests],
    }


def json_report(results: Iterable[SubmissionResult]) -> str:
    """The whole report, indented, without a final newline."""
    return json.dumps([submission_object(result) for result in results], indent=2, ensure_ascii=False)
