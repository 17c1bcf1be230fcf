"""The warm javac a class shares: the verdicts of a javac a submission, each student's sources alone on its paths,
and a compile bomb that costs its classmates nothing.

Every test grades the same class twice: with the warm compiler, and with
``warm_compile_timeout=0`` (a javac of each submission's own, as the
``user:`` and ``none`` sandboxes always compile), and finds the same
verdicts, word for word.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.grade.helpers import SEED, fixture, need_jdk
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import SubmissionResult
from tictactoe.grade.sandbox import choice
from tictactoe.grade.suite import builtin_suite

#: Doubled 26 times, the constant is a billion characters long: javac folds it, and runs out of memory doing so.
BOMB = "\n".join(
    ['    static final String A0 = "0123456789abcdef";']
    + [f"    static final String A{number} = A{number - 1} + A{number - 1};" for number in range(1, 27)]
)


def compile_bomb(into: Path) -> Path:
    """The correct Java fixture whose ``Data.java`` (a file that is graded, so compiled) holds :data:`BOMB`."""
    shutil.copytree(fixture("java", "correct"), into)
    data = into / "Data.java"
    text = data.read_text(encoding="utf-8").rstrip()
    data.write_text(text[: -len("}")] + BOMB + "\n}\n", encoding="utf-8")
    return into


def verdicts(paths: list[Path], warm: bool) -> list[list[tuple[str, str, str]]]:
    """Each submission's tests, status and message, graded ``--jobs 2`` in bubblewrap, with or without the warm
    javac."""
    limits = Limits() if warm else Limits(warm_compile_timeout=0)
    with Grader(builtin_suite(SEED), limits, choice("bwrap")) as grader:
        results: list[SubmissionResult] = list(grader.grade_all(paths, 2, lambda done: None))
    return [[(test.name, test.status.value, test.message) for test in result.tests] for result in results]


@pytest.mark.slow
def test_a_compile_bomb_beside_honest_classmates_leaves_every_verdict_as_a_javac_of_its_own_gives_it(
    tmp_path: Path,
) -> None:
    need_jdk("java")
    group = [
        compile_bomb(tmp_path / "bomb"),
        fixture("java", "correct"),
        fixture("java", "does-not-compile"),
        fixture("java", "lacks-handout"),
        fixture("java", "wins-exactly-k"),
    ]
    warm = verdicts(group, warm=True)
    assert warm == verdicts(group, warm=False)
    bomb, correct, broken, *_ = warm
    assert all(status == "error" and message.startswith("does not compile: ") for _, status, message in bomb)
    assert all(status == "passed" for _, status, _ in correct)
    assert broken[0][2] == "does not compile: HashDictionary.java:37: ';' expected"


@pytest.mark.slow
def test_a_student_s_compile_sees_no_classmate_s_sources_or_classes(tmp_path: Path) -> None:
    """Alice's folder holds a class Helper; Bob's code uses one and has none: graded after Alice, by the same warm
    javac, Bob's does not compile, as it would not alone."""
    need_jdk("java")
    alice = shutil.copytree(fixture("java", "correct"), tmp_path / "alice")
    (alice / "Helper.java").write_text("public class Helper { static int one() { return 1; } }\n", encoding="utf-8")
    data = alice / "Data.java"
    data.write_text(data.read_text(encoding="utf-8").replace("return score;", "return score * Helper.one();"))
    bob = shutil.copytree(fixture("java", "correct"), tmp_path / "bob")
    data = bob / "Data.java"
    data.write_text(data.read_text(encoding="utf-8").replace("return score;", "return score * Helper.one();"))
    warm = verdicts([alice, bob], warm=True)
    assert warm == verdicts([alice, bob], warm=False)
    assert all(status == "passed" for _, status, _ in warm[0])
    assert {message for _, _, message in warm[1]} == {
        "does not compile: Data.java:16: cannot find symbol: variable Helper"
    }
