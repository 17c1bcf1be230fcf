"""The code's shape: no long functions outside the tests, and imports that run one way (no cycles, no upward import)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# A function longer than this, from its def line to its last, is to be split into named parts.
MOST_LINES = 60
# Long functions that are not this module's to split, named "path::function"; each is on its way out.


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


# The layers, lowest first (the README's Development section): a module may import its own package and the layers
# below it, never a layer above or another package of its own layer.  The graders and the benchmarks sit above
# them all, so nothing may import them; the shells (play.py, testdict.py, testplay.py) are in no layer.
LAYERS = (
    ("hashdict",),
    ("configurations",),
    ("tictactoe.solver", "tictactoe.gamegraph"),
    ("tictactoe.players",),
    ("tictactoe.game",),
    ("tictactoe.ui",),
    ("tictactoe.harness", "bench"),
)


def package_of(module: str) -> tuple[int, str] | None:
    """``(layer, package)``: where ``module`` sits in :data:`LAYERS` and the package it is part of; None outside."""
    for layer, packages in enumerate(LAYERS):
        for package in packages:
            if module == package or module.startswith(f"{package}."):
                return layer, package
    return None


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import ``"a -> b"`` of a module of a layer from a higher layer or another package of its own layer.

    A package's ``__main__`` is a program, not part of its library: nothing imports it, and like ``play.py``
    it may hand over to the interfaces above.
    """
    found = []
    for module, imported in sorted(graph.items()):
        home = package_of(module)
        if home is None or module.endswith(".__main__"):
            continue
        for name in sorted(imported):
            target = package_of(name)
            if target is not None and target != home and target[0] >= home[0]:
                found.append(f"{module} -> {name}")
    return found


def test_no_function_outside_the_tests_is_longer_than_60_lines() -> None:
    too_long = {
        f"{path.relative_to(ROOT).as_posix()}::{name}": lines
        for path in project_files()
        for name, lines in function_lengths(path.read_text(encoding="utf-8"))
        if lines > MOST_LINES
    }
    assert too_long == {}


def test_no_import_cycles() -> None:
    graph = import_graph()
    assert "configurations.engine" in graph["configurations.search"]  # the graph sees real imports
    assert "configurations.results" not in graph["configurations.engine"]  # ... but not TYPE_CHECKING ones
    assert find_cycle(graph) is None


def test_imports_run_down_the_layers() -> None:
    graph = import_graph()
    assert "tictactoe.ui.graph_commands" in graph["tictactoe.gamegraph.__main__"]  # a program, allowed to
    assert upward_imports(graph) == []


def test_upward_imports_are_found() -> None:
    graph = {
        "hashdict.report": {"hashdict.exits", "configurations"},
        "tictactoe.solver.search": {"tictactoe.gamegraph", "hashdict"},
        "tictactoe.solver.__main__": {"tictactoe.ui.exits"},
        "tictactoe.ui.menu": {"tictactoe.ui.reader", "tictactoe.game.session", "bench.workloads"},
        "play": {"tictactoe.ui.terminal"},
    }
    assert upward_imports(graph) == [
        "hashdict.report -> configurations",
        "tictactoe.solver.search -> tictactoe.gamegraph",
        "tictactoe.ui.menu -> bench.workloads",
    ]


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
