"""What a language of submissions is to the grader: one protocol, and what a language is given to build one.

The grader knows no language by name: it asks each :class:`Language`
which folders among a submission's files hold the assignment's own files
(:mod:`~tictactoe.grade.finder` chooses one language a submission, once),
and then asks the one chosen, in order, to supply the course's handout
files the submission lacks, to compile it (in its jail, through
:attr:`Build.run`), to start its driver (the process the tests ask), and,
for the ``policy`` test, to read what the course forbids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Protocol, TypeVar

from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import Completed, Program, Sandbox
from tictactoe.grade.words import Words

__all__ = ["Build", "Closable", "Language", "Missing", "Shared"]


class Closable(Protocol):
    """What a run shares and ends when it ends: a warm compiler."""

    def close(self) -> None:
        """End it, and every process it started."""


_Made = TypeVar("_Made", bound=Closable)


class Shared(Protocol):
    """``shared(name, make)``: what every submission of a run shares under ``name``, made by ``make(folder)`` (a new
    folder of the grader's) the first time it is asked for, and closed when the run ends."""

    def __call__(self, name: str, make: Callable[[Path], _Made]) -> _Made:
        """The one made under ``name``."""


@dataclass(frozen=True, slots=True)
class Missing:
    """What this machine lacks to grade a language (``no Java compiler (javac)``), and how to get it."""

    what: str
    how: str


@dataclass(frozen=True, slots=True)
class Build:
    """What a language is given to compile one submission and start its driver.

    ``source`` holds the submission's files, copied into its jail (sources
    made UTF-8); ``work`` is a folder of the jail's for what the language
    makes of them; ``run(program, seconds)`` runs a program (a compiler) in
    the jail to its end, out of time after ``seconds`` on the clock;
    ``driver(name, make)`` is the run's folder of a driver shared by every
    submission, made by ``make(folder)`` the first time it is asked for,
    readable by every account; ``shared`` is what the run shares beside
    (:class:`Shared`: a warm compiler); ``sandbox`` is the run's, and
    ``python`` the Python it runs.
    """

    source: Path
    work: Path
    run: Callable[[Program, float], Completed]
    driver: Callable[[str, Callable[[Path], None]], Path]
    shared: Shared
    limits: Limits
    sandbox: Sandbox

    @property
    def python(self) -> str:
        """The Python that runs a Python driver here."""
        return self.sandbox.python()


class Language(Protocol):
    """One language a submission may be written in: how to find its files, compile, start and read it."""

    @property
    def name(self) -> str:
        """How ``--language`` and the reports name it: ``java``."""

    @property
    def title(self) -> str:
        """How a sentence names it: ``Java``."""

    @property
    def words(self) -> Words:
        """The words of its messages: ``numRecords()``, ``threw``, ``null``."""

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The suffixes of its source files: ``(".java",)``."""

    @property
    def files(self) -> str:
        """The assignment's files in it, as a message lists them: ``Configurations.java, HashDictionary.java``."""

    @property
    def absent(self) -> str:
        """What "no submission here" says is missing: ``no Java file (Configurations.java, ...)``."""

    def folders(self, files: Sequence[PurePosixPath]) -> set[PurePosixPath]:
        """The folders among ``files`` (relative paths) that hold the assignment's own files in this language."""

    def enclosed(self, folder: PurePosixPath) -> tuple[PurePosixPath, ...]:
        """The folders below ``folder`` (one of :meth:`folders`) that are parts of the same submission (a
        Python package), where no other submission is looked for."""

    def loose(self, files: Sequence[PurePosixPath]) -> bool:
        """Whether ``files`` are a submission in this language under other names, at the top of its folder."""

    def keeps_encoding(self, source: bytes) -> bool:
        """Whether a source that is no UTF-8 declares the encoding it is read in, and is left as it is."""

    def unavailable(self) -> Missing | None:
        """What this machine lacks to grade a submission in this language (its compiler), or None."""

    def supply(self, source: Path) -> list[str]:
        """Add to the submission's files in ``source`` the course's handout files it lacks; a note for each."""

    def compile(self, build: Build) -> Path | str | None:
        """Compile the submission: the folder of what was compiled (None where nothing is), or why it cannot run."""

    def start(self, build: Build, compiled: Path | None) -> Program:
        """The process of the driver that performs what the tests ask of the submission."""

    def policy(self, source: Path, compiled: Path | None) -> list[str]:
        """``File:LINE: what`` for each use of what the course forbids, read without running the code."""
