"""The gradebook: a CSV file with a row per submission: its path, tests passed and failed, score and best score.

The score adds the weights of the tests passed (:mod:`tictactoe.grade.weights`);
``out_of`` is the score of a submission that passes everything.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> from tictactoe.grade.weights import Weights
>>> result = SubmissionResult("class/ann", "java", (TestResult("a", Status.PASSED), TestResult("b", Status.FAILED)))
>>> print(gradebook([result], Weights({"a": 2.5})), end="")
submission,language,passed,failed,score,out_of
class/ann,java,1,1,2.5,3.5
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.results import SubmissionResult
    from tictactoe.grade.weights import Weights

__all__ = ["gradebook"]


def gradebook(results: Iterable[SubmissionResult], weights: Weights) -> str:
    """The CSV text, a header and a row per submission, each line ending in a newline."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["submission", "language", "passed", "failed", "score", "out_of"])
    for result in results:
        score = sum(weights.of(test.name) for test in result.tests if test.passed)
        out_of = sum(weights.of(test.name) for test in result.tests)
        writer.writerow([result.submission, result.language, result.passed, result.failed, f"{score:g}", f"{out_of:g}"])
    return out.getvalue()
