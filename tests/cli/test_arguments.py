"""Tests of tictactoe.cli.arguments: the one whole-number converter and the Python version check."""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import ROOT
from tictactoe.cli.arguments import whole_number
from tictactoe.cli.python_version import MINIMUM_PYTHON, python_problem, require_python


@pytest.mark.parametrize(
    ("low", "high", "text", "number"),
    [(1, 26, "1", 1), (1, 26, "26", 26), (0, None, "0", 0), (0, None, "10_000", 10_000), (1, 10, " +7 ", 7)],
)
def test_whole_number_returns_the_number(low: int, high: int | None, text: str, number: int) -> None:
    assert whole_number(low, high)(text) == number


@pytest.mark.parametrize(
    ("low", "high", "text", "message"),
    [
        (1, 26, "0", "must be a whole number from 1 to 26, got '0'"),
        (1, 26, "27", "must be a whole number from 1 to 26, got '27'"),
        (1, 26, "three", "must be a whole number from 1 to 26, got 'three'"),
        (1, 26, "3.5", "must be a whole number from 1 to 26, got '3.5'"),
        (1, 26, "", "must be a whole number from 1 to 26, got ''"),
        (0, None, "-1", "must be a whole number, at least 0, got '-1'"),
        (0, None, "x", "must be a whole number, at least 0, got 'x'"),
    ],
)
def test_plain_number_messages_give_the_range_and_echo_the_text(
    low: int, high: int | None, text: str, message: str
) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as error:
        whole_number(low, high)(text)
    assert str(error.value) == message


@pytest.mark.parametrize(
    ("what", "high", "text", "message"),
    [
        ("test", 10, "x", "'x' is not a test number; the tests are numbered 1 to 10"),
        ("test", 10, "3.5", "'3.5' is not a test number; the tests are numbered 1 to 10"),
        ("test", 10, "0", "there is no test 0; the tests are numbered 1 to 10"),
        ("test", 10, "11", "there is no test 11; the tests are numbered 1 to 10"),
        ("test", 10, "-3", "there is no test -3; the tests are numbered 1 to 10"),
        ("item", None, "i", "'i' is not an item number; the items are numbered from 1"),
        ("item", None, "0", "there is no item 0; the items are numbered from 1"),
    ],
)
def test_numbers_that_name_something_say_what_they_name(what: str, high: int | None, text: str, message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as error:
        whole_number(1, high, what=what)(text)
    assert str(error.value) == message


def test_argparse_shows_the_message_after_the_argument_name(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="program")
    parser.add_argument("size", type=whole_number(1, 26))
    with pytest.raises(SystemExit) as exited:
        parser.parse_args(["27"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "program: error: argument size: must be a whole number from 1 to 26, got '27'"
    )


def test_the_python_check_imports_nothing_that_an_older_python_could_fail_on() -> None:
    code = (
        "import sys; before = set(sys.modules); import tictactoe.cli.python_version; "
        "print(sorted(name for name in set(sys.modules) - before if name.startswith('tictactoe')))"
    )
    result = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout == "['tictactoe', 'tictactoe.cli', 'tictactoe.cli.python_version']\n"


# ------------------------------------------------------------ the Python version


@pytest.mark.parametrize(
    ("version", "problem"),
    [
        ((3, 10, 12, "final", 0), "testdict.py: needs Python 3.11 or newer, this is 3.10.12"),
        ((3, 8, 0), "testdict.py: needs Python 3.11 or newer, this is 3.8.0"),
        ((2, 7, 18, "final", 0), "testdict.py: needs Python 3.11 or newer, this is 2.7.18"),
        ((3, 11, 0, "final", 0), None),
        ((3, 13, 1), None),
        ((4, 0, 0), None),
    ],
)
def test_python_problem_names_both_versions(version: tuple[int | str, ...], problem: str | None) -> None:
    assert python_problem("testdict.py", version) == problem  # type: ignore[arg-type]  # like sys.version_info


def test_the_minimum_is_the_one_pyproject_declares() -> None:
    declared = '">=' + ".".join(map(str, MINIMUM_PYTHON)) + '"'
    assert f"requires-python = {declared}" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_this_python_is_recent_enough() -> None:
    assert python_problem("program") is None
    require_python("program")


def test_require_python_refuses_an_older_python_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "version_info", (3, 10, 12, "final", 0))
    with pytest.raises(SystemExit) as exited:
        require_python("testplay.py")
    assert exited.value.code == 2
    assert capsys.readouterr() == ("", "testplay.py: needs Python 3.11 or newer, this is 3.10.12\n")


SHELLS = ("play.py", "testdict.py", "testplay.py")


def read_before_the_check(root: Path, shell: str) -> list[Path]:
    """Every file of the project that Python reads when it runs ``shell`` up to its ``require_python`` call.

    The shell's own imports above the call, then, for each module, its
    packages' ``__init__.py`` files and the module, and what each of those
    imports at run time (``if TYPE_CHECKING:`` blocks are not run), outside
    the standard library.
    """
    tree = ast.parse((root / shell).read_text(encoding="utf-8"))
    first: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.Expr) and "require_python" in ast.unparse(statement):
            break
        first += _imported(statement)
    seen: list[Path] = [root / shell]
    waiting = list(first)
    while waiting:
        for path in _files_of(root, waiting.pop()):
            if path not in seen:
                seen.append(path)
                module_tree = ast.parse(path.read_text(encoding="utf-8"))
                waiting += [name for statement in module_tree.body for name in _imported(statement)]
    return seen


def _imported(statement: ast.stmt) -> list[str]:
    """The modules a top-level statement imports when it runs (an ``if TYPE_CHECKING:`` block imports none)."""
    if isinstance(statement, ast.Import):
        return [alias.name for alias in statement.names]
    if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
        return [statement.module] + [f"{statement.module}.{alias.name}" for alias in statement.names]
    return []


def _files_of(root: Path, module: str) -> list[Path]:
    """The project's files that importing ``module`` runs: each package's ``__init__.py``, then the module."""
    parts = module.split(".")
    files = []
    for depth in range(1, len(parts) + 1):
        base = root.joinpath(*parts[:depth])
        for candidate in (base / "__init__.py", base.with_suffix(".py")):
            if candidate.is_file():
                files.append(candidate)
    return files


def older_syntax_problems(root: Path) -> list[str]:
    """For each file an older Python reads before a shell's check, why it would not parse as Python 3.8."""
    problems = []
    for path in {path for shell in SHELLS for path in read_before_the_check(root, shell)}:
        try:
            ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=(3, 8))
        except SyntaxError as error:
            problems.append(f"{path.relative_to(root)}:{error.lineno}: {error.msg}")
    return sorted(problems)


def test_the_check_is_reached_through_the_version_module_alone() -> None:
    assert sorted(str(path.relative_to(ROOT)) for path in read_before_the_check(ROOT, "play.py")) == [
        "play.py",
        "tictactoe/__init__.py",
        "tictactoe/cli/__init__.py",
        "tictactoe/cli/python_version.py",
    ]


def test_what_an_older_python_reads_first_is_older_python_syntax() -> None:
    """The shells and everything they import before the check must parse as Python 3.8."""
    assert older_syntax_problems(ROOT) == []


def test_newer_syntax_before_the_check_is_found(tmp_path: Path) -> None:
    """A ``match`` statement in the version module, which every shell imports first, is caught."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "tests", "bench", "docs", "__pycache__"))
    module = copy / "tictactoe" / "cli" / "python_version.py"
    last_line = len(module.read_text(encoding="utf-8").splitlines()) + 4  # the match statement's last line
    with module.open("a", encoding="utf-8") as appended:
        appended.write("\nmatch sys.argv:\n    case _:\n        pass\n")
    assert older_syntax_problems(copy) == [
        f"tictactoe/cli/python_version.py:{last_line}: Pattern matching is only supported in Python 3.10 and greater"
    ]
