"""Where the assignment's files sit in a student's folder, found wherever they are, and read as the compiler needs.

Students hand in folders as their tools make them: the files at the top,
in ``src/``, in a package folder ``src/a2/``, in a course folder
``2210A/Assignment 2/``, zipped, or zipped on a Mac (``__MACOSX/`` and
``._*`` files beside them).  :func:`find` reads the names of the files
below a submission's folder and returns the one folder that holds the
assignment's own files, wherever it sits:

- a **Java** folder holds ``Configurations.java``, ``HashDictionary.java``
  or ``Data.java`` (the files a student writes; the handout's
  ``DictionaryADT.java`` and ``DictionaryException.java`` alone make none);
- a **Python** folder holds a ``configurations`` or ``hashdict`` module
  (``.py``) or package (a folder with ``__init__.py``; the files inside
  such a package make no folder of their own).

Two such folders (``src/`` and a backup) are never chosen between in
silence: the submission is refused, both named.  "No submission here" is
said only when no source file (``.java`` or ``.py``) lies anywhere below.
:func:`locate` does this in the grader's private copy: it first unpacks
the ``.zip`` files there when the assignment's files lie in none of the
folders (:mod:`~tictactoe.grade.archives`), and then reads each source
of the folder found as the compiler must: a UTF-8 byte-order mark is
dropped, and a file that is no UTF-8 is read as Windows-1252 and written
back as UTF-8, each with a note.

>>> find(["2210A/Assignment 2/src/a2/HashDictionary.java", "2210A/Assignment 2/src/a2/Configurations.java"])
Found(folder=PurePosixPath('2210A/Assignment 2/src/a2'), language=<Language.JAVA: 'java'>)
>>> find(["hashdict/__init__.py", "hashdict/table.py", "configurations.py"]).folder
PurePosixPath('.')
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tictactoe.grade.archives import unpack
from tictactoe.grade.submission import SKIPPED, Language, SubmissionError

__all__ = ["Found", "Located", "detect_language", "files_below", "find", "ignored", "locate"]

#: The Java files a student writes: a folder holding one of them holds the submission.
JAVA_FILES = frozenset({"Configurations.java", "HashDictionary.java", "Data.java"})
#: The Python modules (or packages) of the assignment.
PYTHON_MODULES = frozenset({"configurations", "hashdict"})
_SOURCES = (".java", ".py")
_UTF8_BOM = b"\xef\xbb\xbf"
# PEP 263: a Python file that declares its encoding is read by Python as it says, and left as it is.
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Found:
    """The folder that holds a submission's files (relative to its own folder), and their language."""

    folder: PurePosixPath
    language: Language


@dataclass(frozen=True, slots=True)
class Located:
    """The folder of the copy that holds the submission's files, their language, and what the report notes."""

    folder: Path
    language: Language
    notes: tuple[str, ...]


def ignored(name: str) -> bool:
    """Whether a file or folder named ``name`` is no part of a submission: a Mac's zip debris, caches, compiled."""
    return name == "__MACOSX" or name.startswith("._") or bool(shutil.ignore_patterns(*SKIPPED)("", [name]))


def files_below(folder: Path) -> list[PurePosixPath]:
    """The regular files below ``folder``, relative to it, by name; links are never followed, ignored names skipped."""
    found = []
    for root, folders, files in os.walk(folder):  # a link to a folder is listed among folders, never entered
        folders[:] = sorted(name for name in folders if not ignored(name))
        relative = PurePosixPath(os.path.relpath(root, folder))
        found += [relative / name for name in sorted(files) if not ignored(name)]
    return [path for path in found if not (folder / path).is_symlink()]


def find(files: Iterable[str | PurePosixPath], override: Language | None = None) -> Found:
    """The one folder among ``files`` (relative paths) that holds the assignment's files; :class:`SubmissionError`
    when none or two do, or when no source file is there at all."""
    paths = [PurePosixPath(path) for path in files]
    holding = {folder: languages for folder, languages in _candidates(paths).items() if override in (None, *languages)}
    if len(holding) > 1:
        shown = ", ".join(repr(str(folder)) for folder in sorted(holding))
        raise SubmissionError(
            f"the files of the assignment are in {len(holding)} folders ({shown}): the grader does not choose;"
            " hand in one of them"
        )
    if holding:
        ((folder, languages),) = holding.items()
        if override is None and len(languages) > 1:
            raise SubmissionError("both Java and Python files of the assignment are here: choose with --language")
        return Found(folder, override or next(iter(languages)))
    if override is not None:
        return Found(PurePosixPath("."), override)
    sources = [path for path in paths if path.suffix in _SOURCES]
    if any(path.suffix == ".java" and path.parent == PurePosixPath(".") for path in sources):
        return Found(PurePosixPath("."), Language.JAVA)  # a Java submission whose files bear other names
    if sources:
        shown = ", ".join(str(path) for path in sources[:5]) + (", ..." if len(sources) > 5 else "")
        raise SubmissionError(
            f"no file of the assignment (Configurations.java, HashDictionary.java, Data.java; configurations,"
            f" hashdict) anywhere here, only {shown}"
        )
    raise SubmissionError(
        "no submission here: no Java file (Configurations.java, HashDictionary.java, ...) and no Python module"
        " (configurations, hashdict)"
    )


def detect_language(folder: Path, override: Language | None = None) -> Language:
    """The language of the submission in ``folder``, wherever below it its files sit (:func:`find`)."""
    return find(files_below(folder), override).language


def locate(copy: Path, override: Language | None = None) -> Located:
    """The folder of the grader's ``copy`` of a submission that holds its files, the zips unpacked where they must
    be, its sources made UTF-8; :class:`SubmissionError` as :func:`find` says."""
    _remove_ignored(copy)
    notes: list[str] = []
    files = files_below(copy)
    archives = [path for path in files if path.suffix.lower() == ".zip"]
    if archives:
        if any(override in (None, *languages) for languages in _candidates(files).values()):
            notes += [
                f"{str(path)!r} was not unpacked: the files of the assignment lie outside it" for path in archives
            ]
        else:
            for path in archives:
                notes.append(unpack(copy / path))
            _remove_ignored(copy)
            files = files_below(copy)
    found = find(files, override)
    if found.folder != PurePosixPath("."):
        notes.append(f"the files of the assignment were found in {str(found.folder)!r}")
    folder = copy / found.folder
    for path in files:
        if path.suffix in _SOURCES and (copy / path).is_relative_to(folder):
            note = _as_utf8(copy / path, str(path.relative_to(found.folder)))
            if note is not None:
                notes.append(note)
    return Located(folder, found.language, tuple(notes))


def _candidates(paths: list[PurePosixPath]) -> dict[PurePosixPath, set[Language]]:
    """Each folder that holds the assignment's own files, with their languages; none inside a Python package."""
    found: dict[PurePosixPath, set[Language]] = {}
    for path in paths:
        if path.name in JAVA_FILES:
            found.setdefault(path.parent, set()).add(Language.JAVA)
        elif path.suffix == ".py" and path.stem in PYTHON_MODULES:
            found.setdefault(path.parent, set()).add(Language.PYTHON)
        elif path.name == "__init__.py" and path.parent.name in PYTHON_MODULES:
            found.setdefault(path.parent.parent, set()).add(Language.PYTHON)
    python = [folder for folder, languages in found.items() if Language.PYTHON in languages]
    packages = [folder / name for folder in python for name in PYTHON_MODULES]
    return {
        folder: languages
        for folder, languages in found.items()
        if not any(folder == package or folder.is_relative_to(package) for package in packages)
    }


def _remove_ignored(copy: Path) -> None:
    """Remove the Mac's zip debris (``__MACOSX/``, ``._*``) from the grader's copy, so that nothing compiles it."""
    for root, folders, files in os.walk(copy):
        for name in [*folders, *files]:
            if name == "__MACOSX" or name.startswith("._"):
                path = Path(root) / name
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
        folders[:] = [name for name in folders if name != "__MACOSX" and not name.startswith("._")]


def _as_utf8(path: Path, shown: str) -> str | None:
    """Make the source ``path`` UTF-8 without a byte-order mark, as javac and Python read it; a note when it was not."""
    content = path.read_bytes()
    if content.startswith(_UTF8_BOM):
        path.write_bytes(content[len(_UTF8_BOM) :])
        return f"{shown!r} began with a UTF-8 byte-order mark, dropped: javac refuses it"
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        if path.suffix == ".py" and _CODING.search(b"\n".join(content.splitlines()[:2])):
            return None  # Python reads it in the encoding it declares
        path.write_text(content.decode("cp1252", errors="replace"), encoding="utf-8")
        return f"{shown!r} is not UTF-8: it was read as Windows-1252"
    return None
