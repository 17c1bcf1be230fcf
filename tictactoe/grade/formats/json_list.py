"""The JSON report (docs/grading.md): a list with one object per submission.

Each object has ``submission`` (the path given), ``language``, ``passed``,
``failed`` and ``tests``, a list of objects with ``name``, ``status``
(``passed``, ``failed`` or ``error``) and ``message``; and the run's
``seed`` and ``sandbox``, the submission's ``notes``, a ``warning``
when the code ran unconfined, and the ``limits`` it ran under (what they
do not bound too).

>>> from tictactoe.grade.formats.run import RunInfo
>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> result = SubmissionResult("bob", "python", (TestResult("testdict 1", Status.ERROR, "boom"),))
>>> print(json_report([result], RunInfo(7, "bwrap")))
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
    ],
    "notes": [],
    "seed": 7,
    "sandbox": "bwrap"
  }
]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.formats.run import RunInfo
    from tictactoe.grade.results import SubmissionResult

__all__ = ["json_report", "submission_object"]


def submission_object(result: SubmissionResult, run: RunInfo) -> dict[str, object]:
    """One submission as the report's object."""
    warning = {"warning": run.warning} if run.warning else {}
    return {
        "submission": result.submission,
        "language": result.language,
        "passed": result.passed,
        "failed": result.failed,
        "tests": [{"name": test.name, "status": test.status.value, "message": test.message} for test in result.tests],
        "notes": list(result.notes),
        "seed": run.seed,
        "sandbox": run.sandbox,
        **warning,
        **({"limits": run.limits} if run.limits else {}),
    }


def json_report(results: Iterable[SubmissionResult], run: RunInfo) -> str:
    """The whole report, indented, without a final newline."""
    return json.dumps([submission_object(result, run) for result in results], indent=2, ensure_ascii=False)
