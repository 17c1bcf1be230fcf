"""Where submissions are, what language each is in, and the temporary copy its code runs in.

A SUBMISSION argument is one submission when it holds the assignment's
files (any ``.java`` file, or a ``configurations`` or ``hashdict`` module
or package); otherwise it is a class, and each of its folders is a
submission, in the order of their names.  A folder of a class that holds
neither is still graded (every test fails saying so), so that no student
drops out of a gradebook unseen.

The copy leaves out symbolic links (one could lead back into the
original), caches and compiled files, and is refused past
:data:`MOST_BYTES`: nothing the submission's code does in its copy reaches
the original folder.
"""

from __future__ import annotations

import enum
import os
import shutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

__all__ = ["MOST_BYTES", "Language", "SubmissionError", "copy_submission", "detect_language", "expand"]

#: The largest submission copied: sources of the assignment take kilobytes.
MOST_BYTES = 20 * 2**20
_SKIPPED = ("__pycache__", ".git", ".hg", ".svn", ".idea", ".vscode", "*.class", "*.pyc", "*.jar")


class Language(enum.Enum):
    """The language of a submission, as ``--language`` names it."""

    JAVA = "java"
    PYTHON = "python"


class SubmissionError(Exception):
    """A submission that cannot be graded at all; the message says why, for every test."""


def is_submission(folder: Path) -> bool:
    """Whether ``folder`` holds the assignment's files itself (rather than being a class of submissions)."""
    return _has_java(folder) or _has_python(folder)


def expand(paths: Iterable[Path]) -> list[Path]:
    """Each submission path given, with a class folder replaced by its folders (not hidden ones), by name."""
    submissions: list[Path] = []
    for path in paths:
        folders = [] if is_submission(path) else sorted(p for p in path.iterdir() if p.is_dir() and p.name[0] != ".")
        submissions.extend(folders or [path])
    return submissions


def detect_language(folder: Path, override: Language | None = None) -> Language:
    """The submission's language: ``override`` when given, else from its files; :class:`SubmissionError` if neither.

    A folder with both Java and Python files of the assignment needs ``--language``.
    """
    if override is not None:
        return override
    java, python = _has_java(folder), _has_python(folder)
    if java and python:
        raise SubmissionError("both Java and Python files of the assignment are here: choose with --language")
    if java:
        return Language.JAVA
    if python:
        return Language.PYTHON
    raise SubmissionError(
        "no submission here: no Java file (Configurations.java, HashDictionary.java, ...) and no Python module"
        " (configurations, hashdict)"
    )


def copy_submission(folder: Path, into: Path) -> None:
    """Copy the submission in ``folder`` to the new folder ``into``; :class:`SubmissionError` when too large."""
    total = 0
    for root, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if not os.path.islink(os.path.join(root, name))]
        for name in files:
            path = os.path.join(root, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
    if total > MOST_BYTES:
        raise SubmissionError(f"the folder holds {total} bytes, more than the {MOST_BYTES} a submission may")
    shutil.copytree(folder, into, symlinks=True, ignore=_ignored)


def _ignored(folder: str, names: list[str]) -> set[str]:
    """What the copy leaves out of ``folder``: links, caches and compiled files."""
    left_out = shutil.ignore_patterns(*_SKIPPED)(folder, names)
    return left_out | {name for name in names if os.path.islink(os.path.join(folder, name))}


def _has_java(folder: Path) -> bool:
    return any(folder.glob("*.java"))


def _has_python(folder: Path) -> bool:
    return any(
        (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()
        for name in ("configurations", "hashdict")
    )
