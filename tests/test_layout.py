"""The code's shape: no long functions outside the tests, and imports that run one way (no cycles, none upward)."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# import-linter's command, lint-imports, run by the Python that runs the tests.
LINT_IMPORTS = [
    sys.executable,
    "-c",
    "from importlinter.cli import lint_imports_command; lint_imports_command()",
    "--no-cache",
]
# A function longer than this, from its def line to its last, is to be split into named parts.
MOST_LINES = 60


def project_files() -> Iterator[Path]:
    """Every Python file of the project outside tests/ (and outside caches and virtual environments)."""
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] not in ("tests", "build") and not any(
            part.startswith(".") or part == "__pycache__" for part in parts
        ):
            yield path


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def function_lengths(source: str) -> Iterator[tuple[str, int]]:
    """``(name, lines)`` of every function and method, nested ones included, from its def line to its last."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            yield node.name, node.end_lineno - node.lineno + 1


def runtime_imports(source: str, module: str, modules: set[str]) -> set[str]:
    """The project modules ``module`` imports when it runs: inside functions too, but not for type checkers only."""
    package = module if module in {name.rpartition(".")[0] for name in modules} else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: counted from the module's package
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:  # "from package import submodule" imports the submodule
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return {name for name in found if name in modules and name != module}


def import_graph() -> dict[str, set[str]]:
    sources = {module_name(path): path.read_text(encoding="utf-8") for path in project_files()}
    modules = set(sources)
    return {module: runtime_imports(source, module, modules) for module, source in sources.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it (first repeated last), or None: a depth-first search."""
    state: dict[str, str] = {}  # "open" while on the current path, "done" once every import below is seen

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = "open"
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                return [*path[path.index(imported) :], imported]
            if imported not in state and (cycle := visit(imported, [*path, imported])):
                return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module, [module])):
            return cycle
    return None


@pytest.mark.slow
def test_no_function_outside_the_tests_is_longer_than_60_lines() -> None:
    too_long = {
        f"{path.relative_to(ROOT).as_posix()}::{name}": lines
        for path in project_files()
        for name, lines in function_lengths(path.read_text(encoding="utf-8"))
        if lines > MOST_LINES
    }
    assert too_long == {}


@pytest.mark.slow
def test_no_import_cycles() -> None:
    graph = import_graph()
    assert "configurations.engine" in graph["configurations.search"]  # the graph sees real imports
    assert find_cycle(graph) is None


def test_imports_run_down_the_floors_as_pyproject_toml_orders_them() -> None:
    """The contracts of ``[tool.importlinter]`` hold: ``lint-imports`` checks them as CI runs it."""
    result = subprocess.run(LINT_IMPORTS, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken." in result.stdout


def test_an_import_up_a_floor_is_caught(tmp_path: Path) -> None:
    """The same checker, on two packages of a floor each, the lower importing the upper: the contract breaks."""
    for package, source in (("upper", ""), ("lower", "import upper\n")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(source, encoding="utf-8")
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_packages =\n    upper\n    lower\n\n"
        "[importlinter:contract:floors]\nname = Floors\ntype = layers\nlayers =\n    upper\n    lower\n",
        encoding="utf-8",
    )
    result = subprocess.run(
        LINT_IMPORTS,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "lower -> upper" in result.stdout


@pytest.mark.parametrize(
    ("graph", "cycle"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b"}, "b": {"b"}}, ["b", "b"]),
        ({"a": {"c"}, "b": {"c"}, "c": set()}, None),  # two ways to one module is not a cycle
    ],
)
def test_find_cycle(graph: dict[str, set[str]], cycle: list[str] | None) -> None:
    assert find_cycle(graph) == cycle


def test_the_checks_see_what_they_look_for() -> None:
    source = "def short():\n    pass\n\ndef long():\n" + "    x = 1\n" * 70
    assert dict(function_lengths(source)) == {"short": 2, "long": 71}
    modules = {"pkg", "pkg.a", "pkg.b", "other"}
    source = (
        "import other\nfrom pkg import b\nif TYPE_CHECKING:\n    from pkg import a\ndef f():\n    from . import a\n"
    )
    assert runtime_imports(source, "pkg.b", modules) == {"other", "pkg.a"}


# The package map: each package's docstring names every module and subpackage it holds, so a newcomer reading it
# finds them all, and a module added without a word there fails here.


def unnamed_modules(package: Path) -> list[str]:
    """The modules and subpackages of ``package`` (a folder with ``__init__.py``) its docstring does not name."""
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    parts = [path.stem for path in package.glob("*.py") if path.stem not in ("__init__", "__main__")]
    parts += [path.name for path in package.iterdir() if (path / "__init__.py").is_file()]
    words = set(re.findall(r"\w+", docstring))
    return sorted(part for part in parts if part not in words)


def project_packages() -> Iterator[Path]:
    for top in ("hashdict", "configurations", "tictactoe"):
        for init in sorted((ROOT / top).rglob("__init__.py")):
            if "__pycache__" not in init.parts:
                yield init.parent


def test_every_package_s_docstring_names_each_of_its_modules() -> None:
    missing = {str(package.relative_to(ROOT)): unnamed_modules(package) for package in project_packages()}
    assert {package: names for package, names in missing.items() if names} == {}


def test_a_module_the_docstring_does_not_name_is_found(tmp_path: Path) -> None:
    package = tmp_path / "things"
    (package / "inner").mkdir(parents=True)
    (package / "inner" / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text('"""Things: the board (board)."""\n', encoding="utf-8")
    for name in ("board", "clock", "__main__"):
        (package / f"{name}.py").write_text("", encoding="utf-8")
    assert unnamed_modules(package) == ["clock", "inner"]
