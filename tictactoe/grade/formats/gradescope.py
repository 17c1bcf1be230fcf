"""Gradescope's ``results.json`` for one submission: a score, and a test per test with its own score.

Each test scores its weight when it passed and 0 otherwise, out of its
weight (:mod:`tictactoe.grade.weights`); the total is the sum.  The format
is Gradescope's autograder specification: ``score``, ``output`` and
``tests``, each test with ``name``, ``score``, ``max_score``, ``status``
(``passed`` or ``failed``) and ``output``.  A hidden test (a case of a
``--cases`` file) also has a ``visibility``, ``after_published`` unless
the teacher chooses another (``--gradescope-visibility``), so that its
board and expected answers stay from the student until then.  The
``output`` says the counts, the run's seed, the warning of an unconfined
run, the limits in force, and the submission's notes.

>>> from tictactoe.grade.formats.run import RunInfo
>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> from tictactoe.grade.weights import Weights
>>> result = SubmissionResult("s", "java", (TestResult("a", Status.PASSED), TestResult("b", Status.ERROR, "boom")))
>>> print(gradescope_report(result, Weights({"b": 2.0}), RunInfo(7, "bwrap"), frozenset({"b"})))
{
  "score": 1.0,
  "output": "1 passed, 1 failed\\nRandom tests from seed 7 (--seed 7 repeats them)",
  "tests": [
    {
      "name": "a",
      "score": 1.0,
      "max_score": 1.0,
      "status": "passed",
      "output": ""
    },
    {
      "name": "b",
      "score": 0.0,
      "max_score": 2.0,
      "status": "failed",
      "output": "boom",
      "visibility": "after_published"
    }
  ]
}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Collection

    from tictactoe.grade.formats.run import RunInfo
    from tictactoe.grade.results import SubmissionResult
    from tictactoe.grade.weights import Weights

__all__ = ["VISIBILITIES", "gradescope_report"]

#: Gradescope's visibilities; the first is the default of hidden tests.
VISIBILITIES = ("after_published", "after_due_date", "hidden", "visible")


def gradescope_report(
    result: SubmissionResult,
    weights: Weights,
    run: RunInfo,
    hidden: Collection[str] = (),
    visibility: str = VISIBILITIES[0],
) -> str:
    """``results.json`` for ``result``, indented, without a final newline; ``hidden`` names the hidden tests."""
    tests: list[dict[str, object]] = []
    for test in result.tests:
        entry: dict[str, object] = {
            "name": test.name,
            "score": weights.of(test.name) if test.passed else 0.0,
            "max_score": weights.of(test.name),
            "status": "passed" if test.passed else "failed",
            "output": test.message,
        }
        if test.name in hidden:
            entry["visibility"] = visibility
        tests.append(entry)
    lines = [
        f"{result.passed} passed, {result.failed} failed",
        *run.lines(),
        *(f"Note: {note}" for note in result.notes),
    ]
    document = {
        "score": sum(weights.of(test.name) for test in result.tests if test.passed),
        "output": "\n".join(lines),
        "tests": tests,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)
