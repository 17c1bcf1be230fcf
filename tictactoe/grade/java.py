"""Java submissions: finding a JDK, compiling the grader's driver and a submission, and the process's command.

The driver (``java/*.java`` beside this module, package ``tictactoegrader``)
reaches the submission's classes by reflection only, so it is compiled once
for a whole run, without them, and a submission that lacks a method still
compiles: the tests that need the method fail, the others run.  Only the
graded files and what they use are compiled (``javac -sourcepath`` finds
the rest), so a ``Play.java`` or ``TestDict.java`` handed out with the
assignment is neither needed nor able to break the build.  A submission in
a named package (``package a2;``) is laid out in its package's folder first.

JVM options: a serial collector and the client compiler alone keep one
submission's process on about one core, so that ``--jobs 2`` has two to
share; ``-XX:-UsePerfData`` keeps the JVM from writing its statistics file
in ``/tmp``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.grade.limits import Limits, child_environment, limited

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = [
    "DRIVER_CLASS",
    "GRADED_FILES",
    "INSTALL_HINT",
    "CompileResult",
    "Jdk",
    "compile_driver",
    "compile_submission",
    "driver_command",
    "find_jdk",
]

#: The files of a Java submission that are graded, with the course's names.
GRADED_FILES = (
    "Configurations.java",
    "HashDictionary.java",
    "Data.java",
    "DictionaryADT.java",
    "DictionaryException.java",
)
#: The driver's main class.
DRIVER_CLASS = "tictactoegrader.GraderDriver"
#: What to do without a Java compiler.
INSTALL_HINT = "install one, for example with: apt-get install default-jdk-headless"
_JVM_OPTIONS = (
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    # One compiler thread: a class graded two at a time keeps a core each (bench.grade: 17.0 s, 11.7 s with --jobs 2).
    "-XX:CICompilerCount=1",
    "-XX:-UsePerfData",
    # What a JVM reserves beside its heap, bounded so that it starts under the address-space limit:
    "-XX:ReservedCodeCacheSize=64m",
    "-XX:CompressedClassSpaceSize=64m",
    "-XX:MaxMetaspaceSize=128m",
)
_PACKAGE = re.compile(r"^\s*package\s+([A-Za-z_][\w.]*)\s*;", re.MULTILINE)
# javac's first error: "File.java:12: error: ';' expected"
_ERROR = re.compile(r"^(?P<where>.+?\.java:\d+): error: (?P<what>.*)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Jdk:
    """The ``javac`` and ``java`` programs to use."""

    javac: str
    java: str


@dataclass(frozen=True, slots=True)
class CompileResult:
    """A compiled submission: its package (``''`` for none), or the compiler's first error."""

    package: str
    error: str | None = None


def find_jdk() -> Jdk | None:
    """``javac`` and ``java`` on the search path, or None when either is missing."""
    javac, java = shutil.which("javac"), shutil.which("java")
    return Jdk(javac, java) if javac and java else None


def compile_driver(jdk: Jdk, into: Path, limits: Limits) -> None:
    """Compile the grader's driver into ``into``; ``RuntimeError`` with javac's output if it fails."""
    sources = resources.files("tictactoe.grade") / "java"
    with resources.as_file(sources) as folder:
        files = sorted(str(path) for path in Path(folder).glob("*.java"))
        result = _javac(jdk, ["-d", str(into), *files], into, limits)
    if result.returncode != 0:
        raise RuntimeError(f"the grader's Java driver does not compile: {result.stdout}{result.stderr}")


def compile_submission(jdk: Jdk, source: Path, classes: Path, limits: Limits) -> CompileResult:
    """Compile the submission whose ``.java`` files lie in ``source`` into ``classes``.

    ``source`` is the copy, which this may rearrange into package folders.
    """
    package = _package(source)
    root = source
    if package:
        root = source.parent / "sources"
        folder = root.joinpath(*package.split("."))
        folder.mkdir(parents=True)
        for path in source.glob("*.java"):
            shutil.copy2(path, folder / path.name)
        source = folder
    graded = [str(source / name) for name in GRADED_FILES if (source / name).is_file()]
    if not graded:
        return CompileResult(package, "no Java file of the assignment (" + ", ".join(GRADED_FILES) + ")")
    arguments = ["-d", str(classes), "-sourcepath", str(root), "-implicit:class", "-nowarn", "-encoding", "UTF-8"]
    result = _javac(jdk, [*arguments, *graded], classes, limits)
    if result.returncode == 0:
        return CompileResult(package)
    return CompileResult(package, _first_error(result.stderr + result.stdout, root))


def driver_command(
    jdk: Jdk, classpath: Sequence[Path], package: str, limits: Limits
) -> Callable[[int, int], list[str]]:
    """The driver's process for a compiled submission, given the numbers of its command and answer pipes."""
    java = [jdk.java, f"-Xmx{limits.heap_megabytes}m", "-Xss8m", *_JVM_OPTIONS, "-cp", ":".join(map(str, classpath))]

    def command(command_fd: int, answer_fd: int) -> list[str]:
        arguments = [DRIVER_CLASS, str(command_fd), str(answer_fd), *([package] if package else [])]
        return limited([*java, *arguments], limits.address_megabytes)

    return command


def _javac(jdk: Jdk, arguments: list[str], home: Path, limits: Limits) -> subprocess.CompletedProcess[str]:
    options = [f"-J{option}" for option in _JVM_OPTIONS]
    return subprocess.run(
        limited([jdk.javac, *options, "-J-Xmx512m", *arguments], limits.address_megabytes),
        capture_output=True,
        text=True,
        errors="replace",
        timeout=limits.start_timeout,
        env=child_environment(home),
        check=False,
    )


def _package(source: Path) -> str:
    """The package the graded files declare, from Configurations.java or else HashDictionary.java."""
    for name in GRADED_FILES[:2]:
        path = source / name
        if path.is_file():
            match = _PACKAGE.search(path.read_text(encoding="utf-8", errors="replace"))
            return match.group(1) if match else ""
    return ""


def _first_error(output: str, root: Path) -> str:
    """javac's first error as one line, its file named relative to the submission: ``HashDictionary.java:12: ...``."""
    match = _ERROR.search(output)
    if match is None:
        lines = [line for line in output.splitlines() if line.strip()]
        return "javac failed: " + (lines[0] if lines else "without a message")
    where = match.group("where")
    with_root = str(root) + "/"
    where = where.split(with_root, 1)[-1] if with_root in where else Path(where).name
    return f"{where}: {match.group('what')}"
