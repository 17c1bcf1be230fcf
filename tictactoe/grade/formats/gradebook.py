"""The gradebook: a CSV file with a row per submission: its path, tests passed and failed, score and best score.

The score adds the weights of the tests passed (:mod:`tictactoe.grade.weights`);
``out_of`` is the score of a submission that passes everything.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> from tictactoe.grade.weights import Weights
>>> result = SubmissionResult("class/ann", "java", (TestResult("a", Status.PASSED), TestResult("b", Status.FAILED)))
>>> print(gradebook([result], Weights({"a": 2.5})), end="")
submission,language,passed,failed,score,out_of
class/ann,java,1,1,2.5,3.5

A submission's path is the name of a student's folder, which the student
chose: its control characters are escaped as in the text report (a line
break cannot start a row of its own, an escape code cannot reach a
terminal that shows the file), and one that opens with ``=``, ``+``,
``-`` or ``@``, which a spreadsheet would run as a formula, is opened
with ``'`` (as OWASP advises against CSV injection).

>>> cell("=1+1"), cell("two\\nlines\\x1b[2J")
("'=1+1", 'two\\\\nlines\\\\x1b[2J')
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from tictactoe.grade.formats.text import escape

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.results import SubmissionResult
    from tictactoe.grade.weights import Weights

__all__ = ["cell", "gradebook"]

#: What a spreadsheet takes for the start of a formula.
_FORMULA_STARTS = ("=", "+", "-", "@")


def gradebook(results: Iterable[SubmissionResult], weights: Weights) -> str:
    """The CSV text, a header and a row per submission, each line ending in a newline."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["submission", "language", "passed", "failed", "score", "out_of"])
    for result in results:
        score = sum(weights.of(test.name) for test in result.tests if test.passed)
        out_of = sum(weights.of(test.name) for test in result.tests)
        writer.writerow(
            [cell(result.submission), cell(result.language), result.passed, result.failed, f"{score:g}", f"{out_of:g}"]
        )
    return out.getvalue()


def cell(text: str) -> str:
    """A cell of text as the gradebook writes it: control characters escaped, a formula's first character quoted."""
    shown = escape(text)
    return f"'{shown}" if shown.startswith(_FORMULA_STARTS) else shown
