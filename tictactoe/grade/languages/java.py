"""Java, the course's language, as the grader's plug-in: finding a JDK, compiling the driver and a submission.

:class:`JavaLanguage` is the :class:`~tictactoe.grade.languages.protocol.Language`
of Java.  The driver (``java_driver/*.java`` beside this module, package ``tictactoegrader``)
reaches the submission's classes by reflection only, so it is compiled once
for a whole run, without them, and a submission that lacks a method still
compiles: the tests that need the method fail, the others run.

A submission is compiled in its sandbox (javac is one of its processes),
with ``-proc:none`` (no annotation processor: none of the submission's code
runs while it compiles), an explicit class path (its empty scratch folder,
so that no ``.class`` or ``.jar`` lying anywhere changes the verdict) and
an empty output folder.  Only the graded files and what they use among the
copied ``.java`` files are compiled (``javac -sourcepath`` finds the rest),
so a ``Play.java`` or ``TestDict.java`` handed out with the assignment is
neither needed nor able to break the build.  A submission that lacks the
course's ``DictionaryADT.java`` or ``DictionaryException.java`` gets the
grader's own, in the handout's form (``java_handout/``), and the report says
so.  A submission in a named package (``package a2;``) is laid out in its
package's folder first.

JVM options: a serial collector and the client compiler alone keep one
submission's process on about one core, so that ``--jobs 2`` has two to
share; ``-XX:-UsePerfData`` keeps the JVM from writing its statistics file;
``java.io.tmpdir`` and ``-XX:ErrorFile`` point into the scratch folder.

The ``policy`` test reads the classes the grader compiled
(:func:`~tictactoe.grade.policy.class_uses`), as the JVM sees them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath

from tictactoe.grade.languages.protocol import Build, Missing
from tictactoe.grade.languages.warm_javac import WarmCompiler
from tictactoe.grade.limits import Limits
from tictactoe.grade.policy import java_uses
from tictactoe.grade.sandbox import Completed, Program
from tictactoe.grade.words import JAVA, Words

__all__ = [
    "DRIVER_CLASS",
    "GRADED_FILES",
    "HANDOUT_FILES",
    "INSTALL_HINT",
    "STUDENT_FILES",
    "JavaLanguage",
    "Jdk",
    "Sources",
    "compile_driver",
    "compile_program",
    "compile_result",
    "driver_program",
    "find_jdk",
    "lay_out",
    "supply_handouts",
]

#: The files of a Java submission that are graded, with the course's names.
GRADED_FILES = (
    "Configurations.java",
    "HashDictionary.java",
    "Data.java",
    "DictionaryADT.java",
    "DictionaryException.java",
)
#: The Java files a student writes: a folder holding one of them holds the submission (the handout's alone make none).
STUDENT_FILES = frozenset({"Configurations.java", "HashDictionary.java", "Data.java"})
#: The course's handout files that the grader supplies when a submission lacks them.
HANDOUT_FILES = ("DictionaryADT.java", "DictionaryException.java")
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
#: javac's options beside its paths: no annotation processor (none of the submission's code runs as it compiles).
_JAVAC_OPTIONS = ("-proc:none", "-implicit:class", "-nowarn", "-encoding", "UTF-8")
_PACKAGE = re.compile(r"^\s*package\s+([A-Za-z_][\w.]*)\s*;", re.MULTILINE)
# javac's first error: "File.java:12: error: ';' expected", and the "symbol:" line that may follow it.
_ERROR = re.compile(r"^(?P<where>.+?\.java:\d+): error: (?P<what>.*)$", re.MULTILINE)
_SYMBOL = re.compile(r"^\s*symbol:\s*(?P<symbol>.+)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Jdk:
    """The ``javac`` and ``java`` programs to use, and the JDK's folder (the sandbox lets its processes see it)."""

    javac: str
    java: str
    home: Path


@dataclass(frozen=True, slots=True)
class Sources:
    """A submission's sources laid out for javac: their root, the graded files in it, the package."""

    root: Path
    graded: tuple[str, ...]
    package: str


def find_jdk() -> Jdk | None:
    """``javac`` and ``java`` on the search path (their real files), or None when either is missing."""
    javac, java = shutil.which("javac"), shutil.which("java")
    if not (javac and java):
        return None
    javac, java = os.path.realpath(javac), os.path.realpath(java)
    return Jdk(javac, java, Path(javac).parent.parent)


def compile_driver(jdk: Jdk, into: Path, limits: Limits) -> None:
    """Compile the grader's driver into ``into``; ``RuntimeError`` with javac's output if it fails."""
    sources = resources.files("tictactoe.grade.languages") / "java_driver"
    with resources.as_file(sources) as folder, tempfile.TemporaryDirectory() as empty:
        files = sorted(str(path) for path in Path(folder).glob("*.java"))
        result = subprocess.run(
            [
                jdk.javac,
                *(f"-J{option}" for option in _JVM_OPTIONS),
                "-J-Xmx512m",
                "-cp",
                empty,
                "-proc:none",
                "-d",
                str(into),
                *files,
            ],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=limits.compile_timeout,
            cwd=empty,
            check=False,
        )
    if result.returncode != 0:
        raise RuntimeError(f"the grader's Java driver does not compile: {result.stdout}{result.stderr}")


def supply_handouts(source: Path) -> tuple[str, ...]:
    """The handout files the submission in ``source`` lacks, written there in its package; none when it holds no
    graded file (it cannot compile, and :func:`lay_out` says why)."""
    if not any((source / name).is_file() for name in GRADED_FILES):
        return ()
    package = _package(source)
    supplied = tuple(name for name in HANDOUT_FILES if not (source / name).is_file())
    for name in supplied:
        text = (resources.files("tictactoe.grade.languages") / "java_handout" / name).read_text(encoding="utf-8")
        (source / name).write_text(f"package {package};\n\n{text}" if package else text, encoding="utf-8")
    return supplied


def lay_out(copy: Path, into: Path) -> Sources | str:
    """The copied submission ``copy`` laid out in ``into`` (its package's folders).

    A string, saying why, when it holds none of the graded files.
    """
    package = _package(copy)
    folder = into.joinpath(*package.split(".")) if package else into
    folder.mkdir(parents=True, exist_ok=True)
    for path in copy.iterdir():
        if path.suffix == ".java" and path.is_file():
            shutil.copyfile(path, folder / path.name)
    if not any((folder / name).is_file() for name in GRADED_FILES):
        return "no Java file of the assignment (" + ", ".join(GRADED_FILES) + ")"
    prefix = "/".join(package.split("."))
    graded = tuple(f"{prefix}/{name}" if prefix else name for name in GRADED_FILES if (folder / name).is_file())
    return Sources(into, graded, package)


def compile_program(jdk: Jdk, sources: Sources, classes: Path) -> Program:
    """javac's process: the sources (read-only) compiled into the empty ``classes`` (the one folder it writes)."""

    def command(place: Callable[[str], str], command_fd: int, answer_fd: int) -> list[str]:
        scratch = place("scratch")
        options = [f"-J{option}" for option in _JVM_OPTIONS]
        options += ["-J-Xmx512m", f"-J-Djava.io.tmpdir={scratch}", f"-J-XX:ErrorFile={scratch}/hs_err_pid%p.log"]
        arguments = ["-d", place("out"), "-cp", scratch, "-sourcepath", place("src"), *_JAVAC_OPTIONS]
        return [jdk.javac, *options, *arguments, *(f"{place('src')}/{name}" for name in sources.graded)]

    return Program(command, {"src": sources.root, "out": classes}, frozenset({"out"}), None, *_jdk(jdk))


def compile_result(output: str) -> str:
    """javac's first error as one line, its file named as in the submission, with the symbol it could not find.

    >>> compile_result("/src/HashDictionary.java:5: error: cannot find symbol\\n  x\\n  ^\\n  symbol:   class Datum\\n")
    'HashDictionary.java:5: cannot find symbol: class Datum'
    """
    match = _ERROR.search(output)
    if match is None:
        lines = [line for line in output.splitlines() if line.strip()]
        return "javac failed: " + (lines[0] if lines else "without a message")
    where = match.group("where")
    where = where.split("/src/", 1)[1] if "/src/" in where else Path(where).name
    what = match.group("what")
    following = _ERROR.search(output, match.end())
    symbol = _SYMBOL.search(output, match.end(), following.start() if following else len(output))
    if symbol is not None:
        what += f": {symbol.group('symbol').strip()}"
    return f"{where}: {what}"


def driver_program(jdk: Jdk, driver: Path, seed: Path, package: str, limits: Limits) -> Program:
    """The driver's process: its classes read-only, the submission's (``seed/classes``) copied into the scratch."""

    def command(place: Callable[[str], str], command_fd: int, answer_fd: int) -> list[str]:
        scratch = place("scratch")
        java = [jdk.java, f"-Xmx{limits.heap_megabytes}m", "-Xss8m", *_JVM_OPTIONS]
        java += [f"-Djava.io.tmpdir={scratch}", f"-XX:ErrorFile={scratch}/hs_err_pid%p.log"]
        java += ["-cp", f"{place('grader')}:{scratch}/classes", DRIVER_CLASS]
        return [*java, str(command_fd), str(answer_fd), *([package] if package else [])]

    return Program(command, {"grader": driver}, seed=seed, system=_jdk(jdk)[0], linked=_jdk(jdk)[1])


def _jdk(jdk: Jdk) -> tuple[tuple[Path, ...], tuple[Path, ...]]:
    """The JDK's folder, and those of its folders whose links lead elsewhere (Debian's lead into /etc)."""
    return (jdk.home,), (jdk.home / "conf", jdk.home / "lib")


def _package(source: Path) -> str:
    """The package the graded files declare, from Configurations.java or else HashDictionary.java."""
    for name in GRADED_FILES[:2]:
        path = source / name
        if path.is_file():
            match = _PACKAGE.search(path.read_text(encoding="utf-8", errors="replace"))
            return match.group(1) if match else ""
    return ""


@dataclass(frozen=True, slots=True)
class JavaLanguage:
    """Java, with the JDK found on this machine (None: no submission in Java can be graded here)."""

    jdk: Jdk | None

    @property
    def name(self) -> str:
        return "java"

    @property
    def title(self) -> str:
        return "Java"

    @property
    def words(self) -> Words:
        return JAVA

    @property
    def suffixes(self) -> tuple[str, ...]:
        return (".java",)

    @property
    def files(self) -> str:
        return ", ".join(sorted(STUDENT_FILES, key=GRADED_FILES.index))

    @property
    def absent(self) -> str:
        return "no Java file (Configurations.java, HashDictionary.java, ...)"

    def folders(self, files: Sequence[PurePosixPath]) -> set[PurePosixPath]:
        return {path.parent for path in files if path.name in STUDENT_FILES}

    def enclosed(self, folder: PurePosixPath) -> tuple[PurePosixPath, ...]:
        return ()

    def loose(self, files: Sequence[PurePosixPath]) -> bool:
        return any(path.suffix == ".java" and path.parent == PurePosixPath(".") for path in files)

    def keeps_encoding(self, source: bytes) -> bool:
        return False  # javac is told UTF-8

    def unavailable(self) -> Missing | None:
        return Missing("no Java compiler (javac)", INSTALL_HINT) if self.jdk is None else None

    def supply(self, source: Path) -> list[str]:
        supplied = supply_handouts(source)
        if not supplied:
            return []
        return [f"the grader supplied the course's {' and '.join(supplied)}: the submission lacks them"]

    def compile(self, build: Build) -> Path | str | None:
        """The classes compiled of the submission, in ``build.work / "seed" / "classes"``, or why not."""
        assert self.jdk is not None, "unavailable() says so first"
        sources = lay_out(build.source, build.work / "sources")
        if isinstance(sources, str):
            return sources
        classes = build.work / "seed" / "classes"
        classes.mkdir(parents=True)
        compiled = self._warm(build, sources, classes)
        if compiled is None:  # no warm javac here, or it gave no answer: a javac of the submission's own
            compiled = build.run(compile_program(self.jdk, sources, classes), build.limits.compile_timeout)
        if compiled.timed_out:
            return f"does not compile: javac took more than {build.limits.compile_timeout:g} s"
        if compiled.returncode != 0:
            return f"does not compile: {compile_result(compiled.stderr + compiled.stdout)}"
        return classes

    def start(self, build: Build, compiled: Path | None) -> Program:
        assert self.jdk is not None, "unavailable() says so first"
        assert compiled is not None, "compile() gives the classes"
        return driver_program(self.jdk, self._driver(build), compiled.parent, _package(build.source), build.limits)

    def _driver(self, build: Build) -> Path:
        """The run's compiled driver (the warm compiler's class too)."""
        jdk = self.jdk
        assert jdk is not None, "unavailable() says so first"

        def make(folder: Path) -> None:
            folder.mkdir(mode=0o755)
            compile_driver(jdk, folder, build.limits)
            for path in folder.rglob("*"):
                path.chmod(0o755 if path.is_dir() else 0o644)

        return build.driver(self.name, make)

    def _warm(self, build: Build, sources: Sources, classes: Path) -> Completed | None:
        """The submission compiled by the run's warm javac, in bubblewrap only (and not with a warm compile timeout of
        0); None where it gave no answer."""
        jdk = self.jdk
        if jdk is None or build.sandbox.choice.kind != "bwrap" or build.limits.warm_compile_timeout <= 0:
            return None
        driver = self._driver(build)

        def server(place: Callable[[str], str]) -> list[str]:
            scratch = place("scratch")
            # javac needs tens of MB for a student's files; a submission that needs more gets a javac of its own.
            java = [jdk.java, *_JVM_OPTIONS, "-Xmx256m", f"-Djava.io.tmpdir={scratch}"]
            return [*java, f"-XX:ErrorFile={scratch}/hs_err_pid%p.log", "-cp", place("grader")]

        def make(folder: Path) -> WarmCompiler:
            return WarmCompiler(server, driver, _jdk(jdk), folder, sandbox=build.sandbox, limits=build.limits)

        warm = build.shared("javac", make)
        return warm.compile(sources.root, sources.graded, _JAVAC_OPTIONS, classes)

    def policy(self, source: Path, compiled: Path | None) -> list[str]:
        return java_uses(compiled) if compiled is not None else []
