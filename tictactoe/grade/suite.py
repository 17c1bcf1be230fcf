"""The tests every submission is graded on, the command each sends its process, and how an answer is judged.

In order: TestDict's ten tests (docs/dictionary.md), named ``testdict 1`` ...
``testdict 10``; two tests of collisions forced on tables of one and two
buckets (``collisions-1-bucket``, ``collisions-2-buckets``), which TestDict's
upper bound cannot see; TestPlay's built-in board and play cases
(:func:`tictactoe.harness.play_cases.builtin_cases`); and the cases of every
``--cases`` file, named by their ``id``.  A case's expected answers never
leave the grader: its process gets the board and the questions, and the
comparison happens here.

>>> tests = builtin_suite()
>>> tests[0].name, tests[0].command, tests[10].name
('testdict 1', 'testdict 1', 'collisions-1-bucket')
>>> board = next(test for test in tests if test.name == "board-last-row")
>>> board.command
'board 4 3 .............XXX wins_x,eval'
>>> judge(board, "values", "wins_x=false eval=1").message
'on the board ["    ", "    ", "    ", " XXX"] (size 4, length 3): expected wins_x=true eval=0, got wins_x=false eval=1'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe.grade.results import Status, TestResult
from tictactoe.harness.dict_tests import TESTS
from tictactoe.harness.play_cases import Case, CaseFileError, Value, builtin_cases, read_case_file, show_answers

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["GradeTest", "SuiteError", "builtin_suite", "judge", "suite"]


class SuiteError(ValueError):
    """A ``--cases`` file that cannot be used: unreadable, a bad line, or an id used twice."""


@dataclass(frozen=True, slots=True)
class GradeTest:
    """One test: its name, the command line its process gets, and the case it judges (None for a dictionary test).

    ``requires`` names the tests whose set-up it builds on: when one of
    them ended its process or ran out of time, this one cannot run.
    """

    name: str
    command: str
    case: Case | None = None
    requires: tuple[str, ...] = ()


def builtin_suite() -> tuple[GradeTest, ...]:
    """The tests every submission gets: TestDict's ten, the two of forced collisions, the built-in cases."""
    dictionary = tuple(
        GradeTest(f"testdict {test.number}", f"testdict {test.number}", requires=_requirements(test.number))
        for test in TESTS
    )
    buckets = (GradeTest("collisions-1-bucket", "buckets 1"), GradeTest("collisions-2-buckets", "buckets 2"))
    return dictionary + buckets + tuple(_case_test(case) for case in builtin_cases())


def suite(case_files: Sequence[Path]) -> tuple[GradeTest, ...]:
    """The built-in tests and every case of ``case_files``; :class:`SuiteError` naming the first bad line."""
    tests = list(builtin_suite())
    names = {test.name for test in tests}
    for path in case_files:
        for item in read_case_file(path):
            if isinstance(item, CaseFileError):
                raise SuiteError(str(item))
            if item.id in names:
                raise SuiteError(f"{path}: the id {item.id!r} names another test too: ids must be unique")
            names.add(item.id)
            tests.append(_case_test(item))
    return tuple(tests)


def judge(test: GradeTest, status: str, text: str) -> TestResult:
    """The result of ``test`` from its process's answer (``pass``, ``fail``, ``error`` or ``values``)."""
    case = test.case
    if case is None or status != "values":
        kind = {"pass": Status.PASSED, "fail": Status.FAILED}.get(status, Status.ERROR)
        message = text if case is None else f"on the board {where(case)}: {text}"
        return TestResult(test.name, kind, message)
    got = _values(text)
    expected = dict(case.expect)
    actual = {key: got.get(key, "nothing") for key in expected}
    if all(type(actual[key]) is type(value) and actual[key] == value for key, value in expected.items()):
        return TestResult(test.name, Status.PASSED)
    return TestResult(
        test.name,
        Status.FAILED,
        f"on the board {where(case)}: expected {show_answers(expected)}, got {_show(actual)}",
    )


def where(case: Case) -> str:
    """The case's board as a case file writes it, and its numbers: ``["X  ", ...] (size 3, length 3)``."""
    numbers = f"size {case.size}, length {case.length}"
    if case.check == "play":
        numbers += f", max_levels {case.max_levels}"
    return f"{json.dumps(list(case.board))} ({numbers})"


def _requirements(number: int) -> tuple[str, ...]:
    """Every TestDict test whose set-up test ``number`` builds on, directly or not."""
    names: list[str] = []
    for required in TESTS[number - 1].requires:
        names += [*_requirements(required), f"testdict {required}"]
    return tuple(dict.fromkeys(names))


def _case_test(case: Case) -> GradeTest:
    cells = "".join(row.replace(" ", ".") for row in case.board)
    if case.check == "play":
        return GradeTest(case.id, f"play {case.size} {case.length} {case.max_levels} {cells}", case)
    keys = ",".join(key for key, _ in case.expect)
    return GradeTest(case.id, f"board {case.size} {case.length} {cells} {keys}", case)


def _values(text: str) -> dict[str, Value | str]:
    """``key=value`` words as values: ``true``/``false``, integers, anything else kept as its text."""
    values: dict[str, Value | str] = {}
    for word in text.split():
        key, _, value = word.partition("=")
        values[key] = {"true": True, "false": False}.get(value, _integer(value))
    return values


def _integer(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text.replace("\u00a0", " ")


def _show(answers: dict[str, Value | str]) -> str:
    return " ".join(
        f"{key}={json.dumps(value) if not isinstance(value, str) else value}" for key, value in answers.items()
    )
