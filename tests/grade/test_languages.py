"""Languages as plug-ins: no language named outside its own module, and a third one, registered here, graded.

The grader chooses a submission's language once (the finder asks each
language which folders hold its files) and from then on only asks that
language: to supply its handout files, to compile, to start its driver, to
read its policy.  The toy language below lives in this test alone: its
files are ``configurations.toy`` and ``hashdict.toy`` (Python, under other
names), its "compiler" copies them to ``.py`` files, and its driver is a
Python script, the grader's own Python driver.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

from tests.grade.helpers import SEED, fixture, need_jdk
from tictactoe.grade.grader import Grader
from tictactoe.grade.languages import registry
from tictactoe.grade.languages.protocol import Build, Language, Missing
from tictactoe.grade.languages.python import driver_program, install_driver
from tictactoe.grade.limits import Limits
from tictactoe.grade.policy import python_file_uses
from tictactoe.grade.sandbox import Program, choice
from tictactoe.grade.submission import expand
from tictactoe.grade.suite import builtin_suite
from tictactoe.grade.words import PYTHON, Words

ROOT = Path(__file__).resolve().parents[2]
GRADE = ROOT / "tictactoe" / "grade"
#: The plug-ins: the only modules that may compare a name, a suffix or the words of a language.
PLUG_INS = {GRADE / "languages" / name for name in ("java.py", "python.py", "python_driver.py")}
#: Modules outside the grade package that choose by language: the program's command line.
BESIDE = (ROOT / "tictactoe" / "cli" / "grade.py",)


def language_strings() -> set[str]:
    """Every name and source suffix of the languages the grader comes with, lower case."""
    names = {language.name for language in registry.registered()}
    return names | {suffix for language in registry.registered() for suffix in language.suffixes}


def _strings(node: ast.AST) -> Iterator[str]:
    """The strings ``node`` is, or holds (a tuple, list or set of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from _strings(element)


def _named(node: ast.AST) -> str | None:
    """The name ``node`` reads when it is a language's own constant (``JAVA``, ``Language.PYTHON``)."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
    return name if name is not None and name.lower() in {language.name for language in registry.registered()} else None


def language_comparisons(source: str, known: set[str]) -> list[tuple[int, str]]:
    """``(line, what)`` for each comparison (or ``match`` case) of ``source`` against a language's name or suffix."""
    found = []
    for node in ast.walk(ast.parse(source)):
        operands: list[ast.AST] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            operands = [node.value]
        for operand in operands:
            named = [text for text in _strings(operand) if text.lower() in known]
            if (constant := _named(operand)) is not None:
                named.append(constant)
            found += [(getattr(node, "lineno", 0), text) for text in named]
    return found


def test_the_check_finds_the_comparisons_it_forbids() -> None:
    source = (
        'if language == "python":\n    pass\n'
        'ok = suffix in (".java", ".md")\n'
        "same = words is JAVA\n"
        'match kind:\n    case "java":\n        pass\n'
        'fine = name == "javac"\n'
    )
    assert language_comparisons(source, language_strings()) == [(1, "python"), (3, ".java"), (4, "JAVA"), (6, "java")]


def test_no_language_is_compared_by_name_outside_its_plug_in() -> None:
    known = language_strings()
    modules = [path for path in GRADE.rglob("*.py") if path not in PLUG_INS] + list(BESIDE)
    found = [
        f"{path.relative_to(ROOT)}:{line}: compares {text!r}"
        for path in sorted(modules)
        for line, text in language_comparisons(path.read_text(encoding="utf-8"), known)
    ]
    assert found == []


@dataclass(frozen=True, slots=True)
class Toy:
    """A third language: ``configurations.toy`` and ``hashdict.toy``, Python under other names."""

    @property
    def name(self) -> str:
        return "toy"

    @property
    def title(self) -> str:
        return "Toy"

    @property
    def words(self) -> Words:
        return PYTHON

    @property
    def suffixes(self) -> tuple[str, ...]:
        return (".toy",)

    @property
    def files(self) -> str:
        return "configurations.toy, hashdict.toy"

    @property
    def absent(self) -> str:
        return "no toy file"

    def folders(self, files: Sequence[PurePosixPath]) -> set[PurePosixPath]:
        return {path.parent for path in files if path.name in ("configurations.toy", "hashdict.toy")}

    def enclosed(self, folder: PurePosixPath) -> tuple[PurePosixPath, ...]:
        return ()

    def loose(self, files: Sequence[PurePosixPath]) -> bool:
        return False

    def keeps_encoding(self, source: bytes) -> bool:
        return False

    def unavailable(self) -> Missing | None:
        return None

    def supply(self, source: Path) -> list[str]:
        if (source / "hashdict.toy").is_file():
            return []
        shutil.copyfile(fixture("python", "correct") / "hashdict.py", source / "hashdict.toy")
        return ["the grader supplied the toy hashdict.toy"]

    def compile(self, build: Build) -> Path | str | None:
        compiled = build.work / "toy-compiled"
        compiled.mkdir()
        for path in build.source.glob("*.toy"):
            shutil.copyfile(path, compiled / f"{path.stem}.py")
        return compiled

    def start(self, build: Build, compiled: Path | None) -> Program:
        assert compiled is not None
        return driver_program(build.python, build.driver(self.name, install_driver), compiled)

    def policy(self, source: Path, compiled: Path | None) -> list[str]:
        assert compiled is not None
        return [f"toy: {use}" for use in python_file_uses(compiled)]


@pytest.fixture
def toy() -> Iterator[Language]:
    language = Toy()
    registry.register(language)
    yield language
    registry.unregister(language)


def toy_submission(source: Path, into: Path) -> Path:
    """A Python fixture written in the toy language: its modules renamed ``.toy``."""
    into.mkdir(parents=True)
    for path in source.glob("*.py"):
        shutil.copyfile(path, into / f"{path.stem}.toy")
    return into


def test_a_language_of_the_same_name_is_not_registered_twice(toy: Language) -> None:
    with pytest.raises(ValueError, match="a language named 'toy' is known already"):
        registry.register(Toy())
    assert [language.name for language in registry.registered()] == ["java", "python", "toy"]


@pytest.mark.slow
def test_a_third_language_registered_from_the_tests_is_graded_end_to_end(toy: Language, tmp_path: Path) -> None:
    """A class of four: two toy submissions (one faulty, one without its hashdict, which the toy supplies), a Java
    and a Python one; each graded in its own language, the faulty toy one failing what its Python original fails."""
    need_jdk("java")
    group = tmp_path / "class"
    toy_submission(fixture("python", "correct"), group / "alice")
    toy_submission(fixture("python", "wins-exactly-k"), group / "bob")
    toy_submission(fixture("python", "correct"), group / "carol")
    (group / "carol" / "hashdict.toy").unlink()
    shutil.copytree(fixture("java", "correct"), group / "dave")
    shutil.copytree(fixture("python", "wins-exactly-k"), group / "erin")
    submissions = expand([group])
    assert [path.name for path in submissions] == ["alice", "bob", "carol", "dave", "erin"]
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        alice, bob, carol, dave, erin = grader.grade_all(submissions, 2, lambda done: None)
    assert [result.language for result in (alice, bob, carol, dave, erin)] == ["toy", "toy", "toy", "java", "python"]
    assert alice.all_passed, alice
    assert carol.all_passed, carol
    assert carol.notes == ("the grader supplied the toy hashdict.toy",)
    assert dave.all_passed, dave
    assert bob.failed > 0
    failed = [(test.name, test.message) for test in bob.tests if test.status.value != "passed"]
    assert failed == [(test.name, test.message) for test in erin.tests if test.status.value != "passed"]


@pytest.mark.slow
def test_the_toy_language_reads_its_own_policy(toy: Language, tmp_path: Path) -> None:
    need_jdk("python")
    student = toy_submission(fixture("python", "correct"), tmp_path / "alice")
    (student / "hashdict.toy").write_text(
        (student / "hashdict.toy").read_text(encoding="utf-8") + "\nCACHE = {}\n", encoding="utf-8"
    )
    policy = [test for test in builtin_suite(SEED) if test.name == "policy"]
    with Grader(policy, Limits(), choice("bwrap")) as grader:
        (result,) = grader.grade_all([student], 1, lambda done: None)
    assert result.language == "toy"
    lines = len((student / "hashdict.toy").read_text(encoding="utf-8").splitlines())
    assert result.tests[0].message == (
        "the course forbids Java's hash tables and hashCode() and Python's dict and set for the table:"
        f" toy: hashdict.py:{lines}: a dict"
    )
