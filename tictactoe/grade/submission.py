"""Where submissions are, and the temporary copy their code runs in.

A SUBMISSION argument is one submission when it holds the assignment's
files itself, in any language (:mod:`~tictactoe.grade.languages`: any
``.java`` file, or a ``configurations`` or ``hashdict`` module or
package); otherwise it is a class, and each of its folders is a
submission, in the order of their names, its files found wherever they
sit below it (:mod:`~tictactoe.grade.finder`).  A folder of a class that holds
neither is still graded (every test fails saying so), so that no student
drops out of a gradebook unseen; a link in a class is refused the same
way, never followed.  A ``.zip`` file of a class is a submission too, the
zip a student handed in, named as it less ``.zip``
(:func:`is_archive`, :func:`name_of`; it is unpacked, not copied:
:mod:`~tictactoe.grade.archives`); a Mac's debris (``__MACOSX/``,
``._*``) is none.

The copy holds only folders and regular files (a link, a FIFO, a socket
or a device is left out, with a note in the report), no caches and no
compiled files, and is refused past :data:`MOST_BYTES`: nothing the
submission's code does in its copy reaches the original folder.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from tictactoe.grade.languages.registry import registered

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from tictactoe.grade.languages.protocol import Language

__all__ = [
    "MOST_BYTES",
    "SKIPPED",
    "SubmissionError",
    "copy_submission",
    "expand",
    "is_archive",
    "name_of",
    "refused_link",
    "same_as",
]

#: The largest submission copied: sources of the assignment take kilobytes.
MOST_BYTES = 20 * 2**20
#: What a copy leaves out, silently: caches, version control, editors' folders, compiled files.
SKIPPED = ("__pycache__", ".git", ".hg", ".svn", ".idea", ".vscode", "*.class", "*.pyc", "*.jar")
#: How a folder of the submission is opened: never through a link, and only if it is a folder.
_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
#: How a file is opened: never through a link, and without waiting (a FIFO put in its place waits for a writer).
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


class SubmissionError(Exception):
    """A submission that cannot be graded at all; the message says why, for every test."""


def is_submission(folder: Path, languages: Sequence[Language]) -> bool:
    """Whether ``folder`` holds the assignment's files itself, in one of ``languages`` (rather than being a class
    of submissions): its files and those of its folders (a Python package) are read, no deeper."""
    files = [PurePosixPath(path.name) for path in folder.iterdir() if not path.is_dir()]
    for inner in folder.iterdir():
        if inner.is_dir() and not inner.is_symlink():
            files += [PurePosixPath(inner.name, path.name) for path in inner.iterdir() if not path.is_dir()]
    top = PurePosixPath(".")
    return any(top in language.folders(files) or language.loose(files) for language in languages)


def expand(paths: Iterable[Path], classes: bool = True, languages: Sequence[Language] = ()) -> list[Path]:
    """Each submission path given, with a class folder replaced by its entries (not hidden ones), by name.

    A folder is one submission when the assignment's files sit in it
    itself; otherwise it is a class (with ``classes`` False, as for
    Gradescope's one student, every path is one submission), in one of
    ``languages`` (every one registered, when none is given).  Below a
    class's entry, the files are found wherever they sit
    (:mod:`~tictactoe.grade.finder`), but a class is never taken for one
    student.  A class's entries are its folders and its links, wherever a link
    leads: a link is listed so that it is refused (:func:`refused_link`),
    never followed to a folder outside the class (the teacher's, another
    student's), and never left out unseen.
    """
    known = tuple(languages) or registered()
    submissions: list[Path] = []
    for path in paths:
        one = not classes or is_submission(path, known)
        entries = [] if one else sorted(entry for entry in path.iterdir() if _class_entry(entry))
        submissions.extend(entries or [path])
    return submissions


def refused_link(path: Path) -> str | None:
    """Why the submission ``path`` is refused when it is a link, else None."""
    if path.is_symlink():
        return (
            "a link, refused: the grader never follows one, since it may lead anywhere (another student's folder,"
            " the teacher's files): grade the folder itself"
        )
    return None


def _class_entry(path: Path) -> bool:
    visible = path.name[0] != "." and path.name != "__MACOSX"
    return visible and (path.is_symlink() or path.is_dir() or is_archive(path))


def is_archive(path: Path) -> bool:
    """Whether the submission ``path`` is a zip handed in as it is (a regular ``.zip`` file, not a link)."""
    return path.suffix.lower() == ".zip" and not path.is_symlink() and path.is_file()


def name_of(path: Path) -> str:
    """How the submission ``path`` is named in reports: as given, a zip less ``.zip`` unless that names another."""
    if is_archive(path) and not os.path.lexists(path.with_suffix("")):
        return str(path.with_suffix(""))
    return str(path)


def same_as(folders: Sequence[Path]) -> dict[Path, list[Path]]:
    """For each of ``folders`` whose files are those of others, byte for byte, those others, in order.

    Only what the copy would hold counts (names and bytes of the regular
    files, not caches); a link, a folder without files, and one past
    :data:`MOST_BYTES` are like no other.
    """
    groups: dict[str, list[Path]] = {}
    for folder in dict.fromkeys(folders):
        digest = _digest(folder)
        if digest is not None:
            groups.setdefault(digest, []).append(folder)
    return {
        folder: [other for other in group if other != folder]
        for group in groups.values()
        if len(group) > 1
        for folder in group
    }


def _digest(folder: Path) -> str | None:
    """A digest of the names and bytes of the files the copy of ``folder`` would hold; None as :func:`same_as` says."""
    if folder.is_symlink() or not folder.is_dir():
        return None
    digest = hashlib.sha256()
    total = files_seen = 0
    for root, folders, files in os.walk(folder):  # links to folders are not followed
        skipped = shutil.ignore_patterns(*SKIPPED)(root, folders + files)
        folders[:] = sorted(name for name in folders if name not in skipped)
        for name in sorted(name for name in files if name not in skipped):
            path = os.path.join(root, name)
            try:
                content = _regular_bytes(path)
            except OSError:
                continue
            if content is None:
                continue
            total += len(content)
            if total > MOST_BYTES:
                return None
            relative = os.path.relpath(path, folder).encode("utf-8", "surrogateescape")
            digest.update(b"%d:%s%d:" % (len(relative), relative, len(content)) + content)
            files_seen += 1
    return digest.hexdigest() if files_seen else None


def _regular_bytes(path: str) -> bytes | None:
    """The bytes of the regular file ``path``, None when it is anything else (a link is not followed)."""
    descriptor = os.open(path, _FILE_FLAGS)
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return None
        return file.read(MOST_BYTES + 1)


def copy_submission(folder: Path, into: Path) -> list[str]:
    """Copy the submission in ``folder`` to the new folder ``into``; the notes of what was left out and why.

    Only folders and regular files are copied: a link (it could lead back
    into the original, or anywhere), a FIFO (reading it would wait
    forever), a socket or a device is left out with a note, as are caches
    and compiled files, silently.  :class:`SubmissionError` when the files
    add up to more than :data:`MOST_BYTES`.

    Each entry is opened relative to its folder, already open, never by
    its path, and without following a link (``O_NOFOLLOW``; a folder with
    ``O_DIRECTORY``), and is copied from what was opened: a file or folder
    swapped for a link between its check and its copy is left out with a
    note, and nothing is read through the link.
    """
    copy = _Copy()
    top = os.open(folder, _FOLDER_FLAGS)
    try:
        into.mkdir()
        copy.folder(top, "", into)
    finally:
        os.close(top)
    return copy.notes


class _Copy:
    """One submission's copy under way: the notes of what was left out, and the bytes copied so far."""

    def __init__(self) -> None:
        self.notes: list[str] = []
        self.copied = 0

    def folder(self, source: int, relative: str, into: Path) -> None:
        """Copy what the open folder ``source`` (``relative`` in the submission) holds into ``into``, folders last."""
        entries = _entries(source, relative, self.notes)
        for name, is_folder in entries:
            if not is_folder:
                self.file(source, name, into / name, os.path.join(relative, name))
        for name, is_folder in entries:
            if is_folder:
                try:
                    child = os.open(name, _FOLDER_FLAGS, dir_fd=source)
                except OSError:  # no longer a folder: a link now (ELOOP), or anything else (ENOTDIR)
                    self.notes.append(_changed(os.path.join(relative, name)))
                    continue
                try:
                    (into / name).mkdir()
                    self.folder(child, os.path.join(relative, name), into / name)
                finally:
                    os.close(child)

    def file(self, folder: int, name: str, target: Path, relative: str) -> None:
        """Copy the file ``name`` of the open ``folder`` to ``target`` from the file opened; a note if it is no file."""
        try:
            descriptor = os.open(name, _FILE_FLAGS, dir_fd=folder)
        except OSError:  # a link now (ELOOP), or gone
            self.notes.append(_changed(relative))
            return
        with os.fdopen(descriptor, "rb") as source:
            if not stat.S_ISREG(os.fstat(source.fileno()).st_mode):
                self.notes.append(_changed(relative))
                return
            with target.open("xb") as copy:
                while chunk := source.read(2**16):
                    self.copied += len(chunk)
                    if self.copied > MOST_BYTES:
                        raise SubmissionError(f"the folder holds more than the {MOST_BYTES} bytes a submission may")
                    copy.write(chunk)


def _entries(folder: int, relative: str, notes: list[str]) -> list[tuple[str, bool]]:
    """The names in the open ``folder`` that are copied, each with whether it is a folder; a note for each odd one.

    Caches and compiled files are left out silently; what is neither a
    folder nor a regular file, with a note.
    """
    names = sorted(os.listdir(folder))
    skipped = shutil.ignore_patterns(*SKIPPED)(relative, names)
    kept = []
    for name in names:
        if name in skipped:
            continue
        mode = os.lstat(name, dir_fd=folder).st_mode
        if stat.S_ISDIR(mode) or stat.S_ISREG(mode):
            kept.append((name, stat.S_ISDIR(mode)))
            continue
        kind = (
            "link"
            if stat.S_ISLNK(mode)
            else "FIFO"
            if stat.S_ISFIFO(mode)
            else "socket"
            if stat.S_ISSOCK(mode)
            else "device"
        )
        notes.append(f"the {kind} {os.path.join(relative, name)!r} was left out: only folders and files are copied")
    return kept


def _changed(relative: str) -> str:
    return f"{relative!r} was left out: it changed while it was copied, and is no longer what it was"
