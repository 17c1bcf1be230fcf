"""Every ``console`` block of the guides in ``docs/`` runs as written and prints what it shows.

A block's lines starting with ``$ `` are commands, run with bash in a fresh
temporary folder holding links to the checkout's top-level files and
folders; the lines after a command, up to the next, are its output
(standard output and error together).  ``[...]`` in a line matches any
text, and a line that is exactly ``[...]`` matches any number of lines.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.paths import ROOT

DOCS = sorted((ROOT / "docs").glob("*.md"))
_BLOCK = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def console_commands(text: str) -> list[tuple[str, list[str]]]:
    """Each command of the text's console blocks, with the lines it should print."""
    commands: list[tuple[str, list[str]]] = []
    for block in _BLOCK.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                commands.append((line[2:], []))
            elif commands:
                commands[-1][1].append(line)
    return commands


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` lines fit the ``expected`` ones, with their ``[...]`` wildcards."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head == "[...]":
        return any(matches(rest, actual[start:]) for start in range(len(actual) + 1))
    pattern = "^" + ".*".join(re.escape(part) for part in head.split("[...]")) + "$"
    return bool(actual) and re.match(pattern, actual[0]) is not None and matches(rest, actual[1:])


@pytest.mark.parametrize("guide", DOCS, ids=[path.name for path in DOCS])
def test_console_blocks_print_what_they_show(guide: Path, tmp_path: Path) -> None:
    for entry in ROOT.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    for command, expected in console_commands(guide.read_text(encoding="utf-8")):
        result = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=300,
            env={**os.environ, "COLUMNS": "80"},
            check=False,
        )
        assert matches(expected, result.stdout.splitlines()), f"$ {command}\n{result.stdout}"


def test_the_matcher_knows_its_wildcards() -> None:
    assert matches(["a", "[...]", "z"], ["a", "b", "c", "z"])
    assert matches(["seconds: [...]"], ["seconds: 0.1"])
    assert not matches(["a"], ["a", "b"])
    assert console_commands("```console\n$ echo hi\nhi\n```\n") == [("echo hi", ["hi"])]
