"""A ``.zip`` a student handed in, unpacked safely in the grader's copy of the submission.

A zip is data from a stranger: a member may be named ``../../x`` or
``/etc/x`` (a path outside the folder it is unpacked into), be a link, or
hold far more than it weighs (a zip bomb).  :func:`unpack` writes only
regular files and folders, each inside the zip's own new folder, never
through a link, at most :data:`MOST_MEMBERS` of them and
:data:`~tictactoe.grade.submission.MOST_BYTES` in all, counted as they are
written (the sizes a zip declares may lie); what it leaves out, or a zip it
cannot read, is named in the note it returns.  The zip itself is opened
without following a link, and read only if it is a regular file.

A zip a student handed in as a class's entry (``class/alice.zip`` beside
``class/bob/``) is a submission of its own: :func:`unpack_entry` unpacks
it, with the same rules, straight into the grader's private copy, and
refuses it (:class:`~tictactoe.grade.submission.SubmissionError`) when
nothing could be unpacked.
"""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from tictactoe.grade.submission import MOST_BYTES, SubmissionError

__all__ = ["MOST_MEMBERS", "unpack", "unpack_entry"]

#: The most members a zip may hold: a submission has a handful of files, an IDE's project a few dozen.
MOST_MEMBERS = 1000
#: How a zip is opened: never through a link, and without waiting (a FIFO named ``.zip`` waits for a writer).
_ZIP_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def unpack(archive: Path) -> str:
    """Unpack ``archive`` into a new folder beside it, named as it less ``.zip``; the note saying what was done."""
    into = _new_folder(archive)
    return _unpack(archive, into, f" into {into.name!r}")


def unpack_entry(archive: Path, into: Path) -> str:
    """Unpack the zip ``archive``, a class's entry, into the new folder ``into`` (the grader's copy); the note
    saying what was done, or :class:`SubmissionError` when nothing of it could be unpacked."""
    note = _unpack(archive, into, "")
    if not into.is_dir():
        raise SubmissionError(note)
    return note


def _unpack(archive: Path, into: Path, where: str) -> str:
    """Unpack ``archive`` into the new folder ``into``; the note, ``where`` saying where it went."""
    shown = archive.name
    try:
        with _opened(archive) as file, zipfile.ZipFile(file) as opened:
            members = opened.infolist()
            if len(members) > MOST_MEMBERS:
                return f"{shown!r} was not unpacked: it holds {len(members)} files, more than {MOST_MEMBERS}"
            into.mkdir()
            left_out = _members(opened, members, into)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, OSError, EOFError) as error:
        return f"{shown!r} could not be unpacked: {error}"
    except _TooLarge:
        return f"{shown!r} was not unpacked in full: it holds more than the {MOST_BYTES} bytes a submission may"
    if left_out:
        return f"{shown!r} was unpacked{where}, less {', '.join(map(repr, left_out))}: outside it or links"
    return f"{shown!r} was unpacked{where}"


def _opened(archive: Path) -> BinaryIO:
    """The zip ``archive`` opened for reading, if it is a regular file; a link is not followed (:class:`OSError`)."""
    file = os.fdopen(os.open(archive, _ZIP_FLAGS), "rb")
    if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
        file.close()
        raise OSError("it is not a file")
    return file


class _TooLarge(Exception):
    """The members written add up to more than a submission may hold."""


def _members(opened: zipfile.ZipFile, members: list[zipfile.ZipInfo], into: Path) -> list[str]:
    """Write each safe member of ``opened`` below ``into``; the names of those left out."""
    written = 0
    left_out = []
    for member in members:
        parts = _safe_parts(member)
        if parts is None:
            left_out.append(member.filename)
            continue
        if not parts:
            continue
        target = into.joinpath(*parts)
        if member.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.parent.is_symlink() or target.exists():
            left_out.append(member.filename)
            continue
        with opened.open(member) as source, target.open("xb") as copy:
            while chunk := source.read(2**16):
                written += len(chunk)
                if written > MOST_BYTES:
                    raise _TooLarge
                copy.write(chunk)
    return left_out


def _safe_parts(member: zipfile.ZipInfo) -> tuple[str, ...] | None:
    """The parts of the member's path below the folder it is unpacked into; None for a link or a path outside it."""
    if stat.S_ISLNK(member.external_attr >> 16):
        return None
    name = member.filename.replace("\\", "/")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or (path.parts and ":" in path.parts[0]):
        return None
    return tuple(part for part in path.parts if part not in ("", "."))


def _new_folder(archive: Path) -> Path:
    """A name beside ``archive`` that nothing holds yet: its name less ``.zip``, or with ``-unzipped`` added."""
    folder = archive.with_suffix("")
    number = 0
    while folder.exists() or folder.is_symlink():
        number += 1
        folder = archive.with_name(f"{archive.stem}-unzipped{'' if number == 1 else number}")
    return folder
