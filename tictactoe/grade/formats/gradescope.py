"""Gradescope's ``results.json`` for one submission: a score, and a test per test with its own score.

Each test scores its weight when it passed and 0 otherwise, out of its
weight (:mod:`tictactoe.grade.weights`); the total is the sum.  The format
is Gradescope's autograder specification: ``score``, ``output`` and
``tests``, each test with ``name``, ``score``, ``max_score``, ``status``
(``passed`` or ``failed``) and ``output``.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> from tictactoe.grade.weights import Weights
>>> result = SubmissionResult("s", "java", (TestResult("a", Status.PASSED), TestResult("b", Status.ERROR, "boom")))
>>> print(gradescope_report(result, Weights({"b": 2.0})))
{
  "score": 1.0,
  "output": "1 passed, 1 failed",
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
      "output": "boom"
    }
  ]
}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.grade.results import SubmissionResult
    from tictactoe.grade.weights import Weights

__all__ = ["gradescope_report"]


def gradescope_report(result: SubmissionResult, weights: Weights) -> str:
    """``results.json`` for ``result``, indented, without a final newline."""
    tests = [
        {
            "name": test.name,
            "score": weights.of(test.name) if test.passed else 0.0,
            "max_score": weights.of(test.name),
            "status": "passed" if test.passed else "failed",
            "output": test.message,
        }
        for test in result.tests
    ]
    document = {
        "score": sum(weights.of(test.name) for test in result.tests if test.passed),
        "output": f"{result.passed} passed, {result.failed} failed",
        "tests": tests,
    }
    return json.dumps(document, indent=2, ensure_ascii=False)
