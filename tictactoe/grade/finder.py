"""Where the assignment's files sit in a student's folder, found wherever they are, and read as the compiler needs.

Students hand in folders as their tools make them: the files at the top,
in ``src/``, in a package folder ``src/a2/``, in a course folder
``2210A/Assignment 2/``, zipped, or zipped on a Mac (``__MACOSX/`` and
``._*`` files beside them).  :func:`find` reads the names of the files
below a submission's folder and returns the one folder that holds the
assignment's own files, wherever it sits, and their language: each
language (:mod:`~tictactoe.grade.languages`) says which folders hold its
files, and this is where a submission's language is chosen, once:

- a **Java** folder holds ``Configurations.java``, ``HashDictionary.java``
  or ``Data.java`` (the files a student writes; the handout's
  ``DictionaryADT.java`` and ``DictionaryException.java`` alone make none);
- a **Python** folder holds a ``configurations`` or ``hashdict`` module
  (``.py``) or package (a folder with ``__init__.py``; the files inside
  such a package make no folder of their own).

Two such folders (``src/`` and a backup) are never chosen between in
silence: the submission is refused, both named.  "No submission here" is
said only when no source file (``.java``, ``.py``: of any language) lies anywhere below.
:func:`locate` does this in the grader's private copy: it first unpacks
the ``.zip`` files there when the assignment's files lie in none of the
folders (:mod:`~tictactoe.grade.archives`), and then reads each source
of the folder found as the compiler must: a UTF-8 byte-order mark is
dropped, and a file that is no UTF-8 is read as Windows-1252 and written
back as UTF-8, each with a note; and a submission of another year's
variant of the assignment is named in a note (:mod:`~tictactoe.grade.yearly`).

>>> found = find(["2210A/Assignment 2/src/a2/HashDictionary.java", "2210A/Assignment 2/src/a2/Configurations.java"])
>>> found.folder, found.language.name
(PurePosixPath('2210A/Assignment 2/src/a2'), 'java')
>>> find(["hashdict/__init__.py", "hashdict/table.py", "configurations.py"]).folder
PurePosixPath('.')
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tictactoe.grade.archives import unpack
from tictactoe.grade.languages.protocol import Language
from tictactoe.grade.languages.registry import registered
from tictactoe.grade.submission import SKIPPED, SubmissionError
from tictactoe.grade.yearly import recognise

__all__ = ["Found", "Located", "files_below", "find", "ignored", "language_of", "locate"]

_UTF8_BOM = b"\xef\xbb\xbf"


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


def find(
    files: Iterable[str | PurePosixPath], override: Language | None = None, languages: Sequence[Language] = ()
) -> Found:
    """The one folder among ``files`` (relative paths) that holds the assignment's files in one of ``languages``
    (every one registered, when none is given), and that language; :class:`SubmissionError` when none or two
    folders do, or when no source file is there at all."""
    known = tuple(languages) or registered()
    paths = [PurePosixPath(path) for path in files]
    holding = {
        folder: found
        for folder, found in _candidates(paths, known).items()
        if override is None or any(language.name == override.name for language in found)
    }
    if len(holding) > 1:
        shown = ", ".join(repr(str(folder)) for folder in sorted(holding))
        raise SubmissionError(
            f"the files of the assignment are in {len(holding)} folders ({shown}): the grader does not choose;"
            " hand in one of them"
        )
    if holding:
        ((folder, found),) = holding.items()
        if override is None and len(found) > 1:
            both = " and ".join(language.title for language in found)
            raise SubmissionError(
                f"{'both ' if len(found) == 2 else ''}{both} files of the assignment are here: choose with --language"
            )
        return Found(folder, override or found[0])
    if override is not None:
        return Found(PurePosixPath("."), override)
    return _loose(paths, known)


def _loose(paths: list[PurePosixPath], languages: Sequence[Language]) -> Found:
    """A submission whose files bear other names, at the top of its folder; else why there is none."""
    for language in languages:
        if language.loose(paths):
            return Found(PurePosixPath("."), language)
    sources = [path for path in paths if any(path.suffix in language.suffixes for language in languages)]
    if sources:
        shown = ", ".join(str(path) for path in sources[:5]) + (", ..." if len(sources) > 5 else "")
        files = "; ".join(language.files for language in languages)
        raise SubmissionError(f"no file of the assignment ({files}) anywhere here, only {shown}")
    raise SubmissionError("no submission here: " + " and ".join(language.absent for language in languages))


def language_of(folder: Path, override: Language | None = None, languages: Sequence[Language] = ()) -> Language:
    """The language of the submission in ``folder``, wherever below it its files sit (:func:`find`)."""
    return find(files_below(folder), override, languages).language


def locate(copy: Path, override: Language | None = None, languages: Sequence[Language] = ()) -> Located:
    """The folder of the grader's ``copy`` of a submission that holds its files, the zips unpacked where they must
    be, its sources made UTF-8; :class:`SubmissionError` as :func:`find` says."""
    known = tuple(languages) or registered()
    _remove_ignored(copy)
    notes: list[str] = []
    files = files_below(copy)
    archives = [path for path in files if path.suffix.lower() == ".zip"]
    if archives:
        candidates = _candidates(files, known).values()
        if any(override is None or any(one.name == override.name for one in found) for found in candidates):
            notes += [
                f"{str(path)!r} was not unpacked: the files of the assignment lie outside it" for path in archives
            ]
        else:
            for path in archives:
                notes.append(unpack(copy / path))
            _remove_ignored(copy)
            files = files_below(copy)
    found = find(files, override, known)
    if found.folder != PurePosixPath("."):
        notes.append(f"the files of the assignment were found in {str(found.folder)!r}")
    folder = copy / found.folder
    sources = [path for path in files if path.suffix in found.language.suffixes and path.is_relative_to(found.folder)]
    for path in sources:
        note = _as_utf8(copy / path, str(path.relative_to(found.folder)), found.language)
        if note is not None:
            notes.append(note)
    variant = recognise(
        {str(path.relative_to(found.folder)): (copy / path).read_text(errors="replace") for path in sources}
    )
    return Located(folder, found.language, (*notes, *([variant] if variant else [])))


def _candidates(paths: list[PurePosixPath], languages: Sequence[Language]) -> dict[PurePosixPath, list[Language]]:
    """Each folder that holds the assignment's own files, with their languages; none inside a part of another
    submission's (a Python package)."""
    found: dict[PurePosixPath, list[Language]] = {}
    for language in languages:
        for folder in language.folders(paths):
            found.setdefault(folder, []).append(language)
    parts = [part for folder, held in found.items() for language in held for part in language.enclosed(folder)]
    return {
        folder: held
        for folder, held in found.items()
        if not any(folder == part or folder.is_relative_to(part) for part in parts)
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


def _as_utf8(path: Path, shown: str, language: Language) -> str | None:
    """Make the source ``path`` UTF-8 without a byte-order mark, as javac and Python read it; a note when it was not."""
    content = path.read_bytes()
    if content.startswith(_UTF8_BOM):
        path.write_bytes(content[len(_UTF8_BOM) :])
        return f"{shown!r} began with a UTF-8 byte-order mark, dropped: javac refuses it"
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        if language.keeps_encoding(content):
            return None  # read in the encoding it declares
        path.write_text(content.decode("cp1252", errors="replace"), encoding="utf-8")
        return f"{shown!r} is not UTF-8: it was read as Windows-1252"
    return None
