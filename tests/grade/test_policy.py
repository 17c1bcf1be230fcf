"""The course's policy, read as the compiler and the JVM read the code: every file, every spelling, no false alarm.

Java is judged on the classes javac makes (``fixtures/policy/java/``, one class a case); Python on every ``.py``
file (``fixtures/policy/python/``).  Each case names what must be reported, with its line, or that nothing must.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.grade.helpers import FIXTURES, NO_JDK, fixture, missing, need_jdk
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.policy import class_uses, policy_test, python_uses
from tictactoe.grade.sandbox import choice

POLICY = FIXTURES / "policy"
JAVA_CASES = {
    "UnicodeEscape": [
        "UnicodeEscape.java:3: java.util.HashMap",
        "UnicodeEscape.java: java.util.Map (the type of table)",
    ],
    "OwnHashCode": [],
    "MethodReference": ["MethodReference.java:5: java.lang.String.hashCode()"],
    "Reflection": [
        "Reflection.java:4: reflection (java.lang.Class.forName)",
        "Reflection.java:4: reflection (java.lang.Class.getDeclaredConstructor)",
        "Reflection.java:4: reflection (java.lang.reflect.Constructor.newInstance)",
    ],
    "Handles": [
        "Handles.java:7: a method handle (java.lang.invoke.MethodHandles.lookup)",
        "Handles.java:7: a method handle (java.lang.invoke.MethodType.methodType)",
        "Handles.java:7: a method handle (java.lang.invoke.MethodHandles.Lookup.findVirtual)",
        "Handles.java:8: a method handle (java.lang.invoke.MethodHandle.invoke)",
    ],
    "Allowed": [],
    "Hashes": [
        "Hashes.java:4: java.lang.System.identityHashCode()",
        "Hashes.java:4: java.lang.Object.hashCode()",
        "Hashes.java:4: java.lang.String.hashCode()",
    ],
    "Tables": [
        "Tables.java:6: java.util.TreeMap",
        "Tables.java:9: java.util.Set.of",
        "Tables.java:9: java.util.Set.contains",
        "Tables.java:9: java.util.HashSet.contains",
        "Tables.java: java.util.TreeMap (the type of sorted)",
        "Tables.java: java.util.HashSet (the type of seen)",
    ],
}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Java cases, compiled once."""
    missing(NO_JDK)
    classes = tmp_path_factory.mktemp("policy-classes")
    sources = sorted(str(path) for path in (POLICY / "java").glob("*.java"))
    subprocess.run(["javac", "-encoding", "UTF-8", "-d", str(classes), *sources], check=True, capture_output=True)
    return classes


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(JAVA_CASES))
def test_each_java_use_is_reported_with_its_line_as_the_jvm_sees_it(case: str, compiled: Path) -> None:
    assert sorted(JAVA_CASES) == sorted(path.stem for path in (POLICY / "java").glob("*.java"))
    assert class_uses((compiled / f"{case}.class").read_bytes()) == JAVA_CASES[case]


def test_a_file_that_is_no_class_is_reported_not_trusted() -> None:
    assert class_uses(b"\xca\xfe\xba\xbe\x00") == ["a class file the grader cannot read: the class file is cut short"]
    assert class_uses(b"PK\x03\x04") == [
        "a class file the grader cannot read: no class file: its magic number is not CAFEBABE"
    ]


def test_every_python_form_is_reported_with_its_line() -> None:
    source = (POLICY / "python" / "every_form.py").read_text(encoding="utf-8")
    assert python_uses(source, "every_form.py") == [
        "every_form.py:3: import importlib",
        "every_form.py:4: from collections import Counter, defaultdict",
        "every_form.py:5: from functools import cache, lru_cache",
        "every_form.py:8: dict",
        "every_form.py:12: dict.fromkeys()",
        "every_form.py:13: Counter()",
        "every_form.py:14: defaultdict()",
        "every_form.py:15: collections.OrderedDict()",
        "every_form.py:18: lru_cache()",
        "every_form.py:23: cache",
        "every_form.py:29: getattr()",
        "every_form.py:29: setattr()",
        "every_form.py:30: __import__()",
        "every_form.py:30: eval()",
        "every_form.py:30: exec()",
        "every_form.py:30: globals()",
        "every_form.py:30: record.__dict__",
        "every_form.py:30: vars()",
        "every_form.py:33: importlib.import_module()",
    ]


def test_a_helper_function_named_set_and_methods_named_set_are_the_student_s_own() -> None:
    source = (POLICY / "python" / "helper_named_set.py").read_text(encoding="utf-8")
    assert python_uses(source, "helper_named_set.py") == []


def policy_message(tmp_path: Path, language: str, submission: Path) -> str:
    with Grader([policy_test()], Limits(), choice("bwrap")) as grader:
        (result,) = grader.grade_all([submission], 1, lambda done: None)
    assert result.language == language
    return result.tests[0].message


@pytest.mark.slow
def test_every_file_of_a_python_submission_is_read(tmp_path: Path) -> None:
    submission = tmp_path / "alice"
    shutil.copytree(fixture("python", "correct"), submission)
    (submission / "helpers").mkdir()
    (submission / "helpers" / "store.py").write_text("RECORDS = {}\n", encoding="utf-8")
    assert policy_message(tmp_path, "python", submission).endswith(": helpers/store.py:1: a dict")


@pytest.mark.slow
def test_the_student_s_own_play_and_dictionary_exception_are_read_once_compiled(tmp_path: Path) -> None:
    """The files named as the course's handout are the student's when the student hands them in: what the graded
    files use of them is compiled, and read."""
    need_jdk("java")
    submission = tmp_path / "alice"
    shutil.copytree(fixture("java", "correct"), submission)
    (submission / "Play.java").write_text(
        "public class Play {\n    static java.util.HashMap<String, Integer> memo = new java.util.HashMap<>();\n}\n",
        encoding="utf-8",
    )
    table = submission / "HashDictionary.java"
    text = table.read_text(encoding="utf-8")
    table.write_text(text.replace("public int numRecords() {", "public int numRecords() {\n        Play.memo.size();"))
    exception = submission / "DictionaryException.java"
    text = exception.read_text(encoding="utf-8")
    assert "super(" in text
    exception.write_text(text.replace("super(", 'super("" + "".hashCode() + ', 1), encoding="utf-8")
    message = policy_message(tmp_path, "java", submission)
    assert "DictionaryException.java:" in message
    assert ": java.lang.String.hashCode()" in message
    assert "Play.java:2: java.util.HashMap" in message
