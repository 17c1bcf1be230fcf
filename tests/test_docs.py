"""Every ``console`` block of the README and of the guides in ``docs/`` runs as written and prints what it shows.

A block's lines starting with ``$ `` are commands, run with bash in a fresh
temporary folder holding links to the checkout's top-level files and
folders; the lines after a command, up to the next, are its output
(standard output and error together).  ``[...]`` in a line matches any
text, and a line that is exactly ``[...]`` matches any number of lines.
What cannot be reproduced (typing at a terminal, a long run, a window) is
shown in ``text`` blocks, which are not run; every fenced block names its
kind, so that a transcript cannot slip out of the checks unnoticed.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.paths import ROOT

GUIDES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: The commands of every console block in GUIDES. A guide that gains or loses a command changes it too, so that
#: a change of format that the parser no longer reads fails here rather than checking nothing.
CHECKED_COMMANDS = 161
#: The kinds a fenced block may name: ``console`` blocks are run, the others only shown.
FENCE_KINDS = frozenset({"console", "text", "python"})
_BLOCK = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_FENCE = re.compile(r"^```(.*)$", re.MULTILINE)


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


@pytest.mark.slow
@pytest.mark.parametrize("guide", GUIDES, ids=[path.name for path in GUIDES])
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


def test_the_guides_show_the_number_of_commands_the_checks_run() -> None:
    counted = sum(len(console_commands(guide.read_text(encoding="utf-8"))) for guide in GUIDES)
    assert counted == CHECKED_COMMANDS


@pytest.mark.parametrize("guide", GUIDES, ids=[path.name for path in GUIDES])
def test_every_fenced_block_names_its_kind_and_every_console_block_runs_something(guide: Path) -> None:
    text = guide.read_text(encoding="utf-8")
    openings = _FENCE.findall(text)[0::2]
    assert [kind for kind in openings if kind not in FENCE_KINDS] == []
    assert all("\n$ " in "\n" + block for block in _BLOCK.findall(text))


def test_the_matcher_knows_its_wildcards() -> None:
    assert matches(["a", "[...]", "z"], ["a", "b", "c", "z"])
    assert matches(["seconds: [...]"], ["seconds: 0.1"])
    assert not matches(["a"], ["a", "b"])
    assert console_commands("```console\n$ echo hi\nhi\n```\n") == [("echo hi", ["hi"])]
