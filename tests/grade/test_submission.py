"""The copy a submission is graded from: its own folders and files only, whatever happens to them meanwhile."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.grade.helpers import fixture
from tictactoe.grade import submission
from tictactoe.grade.submission import copy_submission

SECRET = "the teacher's hidden cases"


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every entry below ``folder``: a file's bytes, None for a folder."""
    paths = sorted(folder.rglob("*"))
    return {str(path.relative_to(folder)): None if path.is_dir() else path.read_bytes() for path in paths}


def test_the_copy_holds_the_folders_and_files_and_notes_the_rest(tmp_path: Path) -> None:
    alice = tmp_path / "alice"
    shutil.copytree(fixture("python", "correct"), alice)
    (alice / "lib" / "__pycache__").mkdir(parents=True)
    (alice / "lib" / "__pycache__" / "x.pyc").write_bytes(b"compiled")
    (alice / "lib" / "helpers.py").write_text("HELP = 1\n", encoding="utf-8")
    (alice / "lib" / "elsewhere").symlink_to("/etc")
    os.mkfifo(alice / "pipe")
    notes = copy_submission(alice, tmp_path / "copy")
    assert notes == [
        "the FIFO 'pipe' was left out: only folders and files are copied",
        "the link 'lib/elsewhere' was left out: only folders and files are copied",
    ]
    assert tree(tmp_path / "copy") == {
        "configurations.py": (alice / "configurations.py").read_bytes(),
        "hashdict.py": (alice / "hashdict.py").read_bytes(),
        "lib": None,
        "lib/helpers.py": b"HELP = 1\n",
    }


def test_what_is_swapped_for_a_link_or_a_fifo_between_its_check_and_its_copy_gives_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A student's process (or a classmate's, as the same account) swaps a checked file for a link to the teacher's
    cases, a folder for a link to the teacher's folder, a file for a FIFO: the hook between the check of a folder's
    entries and their opening makes the race certain.  Nothing is read through a link, and nothing waits."""
    teacher = tmp_path / "teacher"
    teacher.mkdir()
    (teacher / "hidden.jsonl").write_text(SECRET, encoding="utf-8")
    alice = tmp_path / "alice"
    shutil.copytree(fixture("python", "correct"), alice)
    for name in ("notes.txt", "todo.txt"):
        (alice / name).write_text("mine", encoding="utf-8")
    (alice / "tests").mkdir()
    (alice / "tests" / "test_mine.py").write_text("mine", encoding="utf-8")
    checked = submission._entries

    def swap_after_the_check(folder: int, relative: str, notes: list[str]) -> list[tuple[str, bool]]:
        entries = checked(folder, relative, notes)
        if relative == "":
            (alice / "notes.txt").unlink()
            (alice / "notes.txt").symlink_to(teacher / "hidden.jsonl")
            shutil.rmtree(alice / "tests")
            (alice / "tests").symlink_to(teacher)
            (alice / "todo.txt").unlink()
            os.mkfifo(alice / "todo.txt")
        return entries

    monkeypatch.setattr(submission, "_entries", swap_after_the_check)
    notes = copy_submission(alice, tmp_path / "copy")
    changed = "was left out: it changed while it was copied, and is no longer what it was"
    assert notes == [f"'notes.txt' {changed}", f"'todo.txt' {changed}", f"'tests' {changed}"]
    assert sorted(tree(tmp_path / "copy")) == ["configurations.py", "hashdict.py"]
