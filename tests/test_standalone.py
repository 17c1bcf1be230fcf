"""The checkout stands alone: nothing in it reads, or sends a reader to, anything outside the repository."""

from __future__ import annotations

import os
import re
from pathlib import Path

from tests.paths import ROOT

# Written in two pieces, so that this file does not match itself.
_OUTSIDE = re.compile("|".join([r"\.\./" + "shared", "SP" + r"EC (§|section)", "parent / " + '"shared"']))
_TEXT_SUFFIXES = frozenset({".py", ".md", ".java", ".toml", ".txt", ".cfg", ".sh", ".jsonl", ""})
_SKIPPED_PARTS = frozenset({"__pycache__", "fixtures", "build"})


def project_texts(root: Path) -> list[Path]:
    """The checkout's text files: code, guides, configuration, data (not caches, environments or fixtures,
    which are other people's submissions)."""
    texts = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [
            name for name in subfolders if name not in _SKIPPED_PARTS and (name == ".ci" or not name.startswith("."))
        ]
        texts += [Path(folder, name) for name in files if Path(name).suffix in _TEXT_SUFFIXES]
    return sorted(texts)


def outside_references(root: Path) -> list[str]:
    """``path:line`` of every line that points outside the repository."""
    found = []
    for path in project_texts(root):
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if _OUTSIDE.search(line):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_nothing_points_outside_the_repository() -> None:
    assert outside_references(ROOT) == []


def test_a_pointer_outside_is_found(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("As " + "SP" + "EC §4 says.\nFine.\n", encoding="utf-8")
    (tmp_path / "paths.py").write_text("CASES = ROOT.parent / " + '"shared"' + ' / "cases"\n', encoding="utf-8")
    assert outside_references(tmp_path) == ["docs/guide.md:1", "paths.py:1"]


def test_the_sample_cases_are_in_the_repository() -> None:
    assert (ROOT / "tests" / "data" / "sample.jsonl").read_text(encoding="utf-8").count('"check"') == 24
