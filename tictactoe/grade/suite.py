"""The tests every submission is graded on, in order.

TestDict's ten tests (docs/dictionary.md), named ``testdict 1`` ...
``testdict 10``; the tests of forced collisions and of removal from a
shared bucket (``collisions-1-bucket``, ``collisions-2-buckets``,
``remove-absent-shared-bucket``); TestPlay's built-in board and play cases
(:func:`tictactoe.harness.play_cases.builtin_cases`), the grader's own
boards (:data:`~tictactoe.grade.board_tests.GRADER_BOARDS`) and the reading
back of a played board (``board-read-back``); the randomized
tests of the run's seed (``random-dictionary``, ``random-boards``); the
``policy`` test; and last, the cases of every ``--cases`` file, named by
their ``id``.  Those are hidden: they run in a process of their own, after
every other test, so that nothing their process does can show in another
test's message.  A case's expected answers never leave the grader.

>>> tests = builtin_suite(seed=1)
>>> [test.name for test in tests[:2]], tests[10].name, tests[-1].name
(['testdict 1', 'testdict 2'], 'collisions-1-bucket', 'policy')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tictactoe.grade.board_tests import GRADER_BOARDS, case_test, read_back_test
from tictactoe.grade.dictionary_tests import dictionary_tests, forced_tests
from tictactoe.grade.policy import policy_test
from tictactoe.grade.random_tests import random_tests
from tictactoe.grade.talk import GradeTest
from tictactoe.harness.play_cases import CaseFileError, builtin_cases, read_case_file

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["SuiteError", "builtin_suite", "suite"]


class SuiteError(ValueError):
    """A ``--cases`` file that cannot be used: unreadable, a bad line, or an id used twice."""


def builtin_suite(seed: int) -> tuple[GradeTest, ...]:
    """The tests every submission gets, the randomized ones made from ``seed``."""
    cases = (*(case_test(case) for case in (*builtin_cases(), *GRADER_BOARDS)), read_back_test())
    return (*dictionary_tests(), *forced_tests(), *cases, *random_tests(seed), policy_test())


def suite(case_files: Sequence[Path], seed: int) -> tuple[GradeTest, ...]:
    """The built-in tests and every case of ``case_files``, hidden; :class:`SuiteError` naming the first bad line."""
    tests = list(builtin_suite(seed))
    names = {test.name for test in tests}
    for path in case_files:
        for item in read_case_file(path):
            if isinstance(item, CaseFileError):
                raise SuiteError(str(item))
            if item.id in names:
                raise SuiteError(f"{path}: the id {item.id!r} names another test too: ids must be unique")
            names.add(item.id)
            tests.append(case_test(item, hidden=True))
    return tuple(tests)
