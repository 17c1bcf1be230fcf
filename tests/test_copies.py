"""Constants copied where their home cannot be imported are held equal to it.

The grader's drivers run alone beside a student's code (Python with ``-I
-S``, where the student's own ``hashdict`` takes the project's name; Java
in its own JVM), so they carry their own copies of TestDict's figures,
which live in :mod:`tictactoe.harness.dict_tests`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

import pytest

from tests.paths import ROOT
from tictactoe.harness import dict_tests

FIGURES = ("TABLE_SIZE", "BULK_COUNT", "COLLISION_LIMIT")


def python_copies() -> dict[str, object]:
    """The driver's module-level constants, read from its source (importing it would run it as a driver)."""
    tree = ast.parse((ROOT / "tictactoe" / "grade" / "python_driver.py").read_text(encoding="utf-8"))
    return {
        target.id: ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id in FIGURES
    }


def java_copies() -> dict[str, object]:
    source = (ROOT / "tictactoe" / "grade" / "java" / "DictTests.java").read_text(encoding="utf-8")
    return {
        name: int(value) for name, value in re.findall(r"static final int (\w+) = (\d+);", source) if name in FIGURES
    }


@pytest.mark.parametrize("copies", [python_copies, java_copies], ids=["python driver", "java driver"])
def test_the_drivers_figures_are_testdicts(copies: Callable[[], dict[str, object]]) -> None:
    assert copies() == {name: getattr(dict_tests, name) for name in FIGURES}


def test_the_python_driver_makes_test_7s_keys_as_testdict_does() -> None:
    namespace: dict[str, object] = {}
    tree = ast.parse((ROOT / "tictactoe" / "grade" / "python_driver.py").read_text(encoding="utf-8"))
    (function,) = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "bulk_key"]
    exec(compile(ast.Module([function], []), "python_driver.py", "exec"), namespace)
    copy = namespace["bulk_key"]
    assert callable(copy)
    assert [copy(number) for number in (0, 7, 1234, 9999)] == [dict_tests.bulk_key(n) for n in (0, 7, 1234, 9999)]
