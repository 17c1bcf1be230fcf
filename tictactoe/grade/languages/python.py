"""Python as the grader's plug-in: the process that runs a submission, the project's own small driver against it.

:class:`PythonLanguage` is the :class:`~tictactoe.grade.languages.protocol.Language`
of Python.  The submission is never imported into the grader: the driver
(:mod:`tictactoe.grade.languages.python_driver`, run as a script) imports it in a
process of its own, started with ``-I -S -B -u``: isolated from the
environment variables and the user's site, without site-packages (so that
this project's own ``hashdict`` cannot stand in for a missing one), without
writing bytecode, and unbuffered, so that what the submission prints before
it fails is there to be shown.  The driver's file lies in a folder of the
grader's that the process sees read-only; the submission's files are copied
into its scratch folder, where it imports them.  A submission may use the
standard library only.  Nothing is compiled, and the ``policy`` test reads
every ``.py`` file (:func:`~tictactoe.grade.policy.python_file_uses`).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tictactoe.grade.languages.protocol import Build, Missing
from tictactoe.grade.policy import python_file_uses
from tictactoe.grade.sandbox import Program
from tictactoe.grade.words import PYTHON, Words

__all__ = ["DRIVER", "MODULES", "PythonLanguage", "driver_program", "install_driver"]

#: The driver script.
DRIVER = Path(__file__).with_name("python_driver.py")
#: The Python modules (or packages) of the assignment.
MODULES = ("configurations", "hashdict")
# PEP 263: a Python file that declares its encoding is read by Python as it says, and left as it is.
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+", re.MULTILINE)


def install_driver(folder: Path) -> None:
    """A copy of the driver in ``folder`` (made here, readable by every account)."""
    folder.mkdir(mode=0o755)
    shutil.copyfile(DRIVER, folder / DRIVER.name)
    (folder / DRIVER.name).chmod(0o644)


def driver_program(python: str, driver: Path, seed: Path) -> Program:
    """The driver's process for the submission copied to ``seed``, run by ``python`` (a real file, not a link).

    >>> program = driver_program("/opt/python/bin/python3", Path("/g/driver"), Path("/g/src"))
    >>> program.command(lambda name: "/" + name, 5, 6)
    ['/opt/python/bin/python3', '-I', '-S', '-B', '-u', '/grader/python_driver.py', '5', '6', '/scratch']
    """

    def command(place: Callable[[str], str], command_fd: int, answer_fd: int) -> list[str]:
        script = f"{place('grader')}/{DRIVER.name}"
        return [python, "-I", "-S", "-B", "-u", script, str(command_fd), str(answer_fd), place("scratch")]

    return Program(command, {"grader": driver}, seed=seed, system=(Path(python).parent.parent,))


@dataclass(frozen=True, slots=True)
class PythonLanguage:
    """Python: the modules ``configurations`` and ``hashdict``, each a file or a package."""

    @property
    def name(self) -> str:
        return "python"

    @property
    def title(self) -> str:
        return "Python"

    @property
    def words(self) -> Words:
        return PYTHON

    @property
    def suffixes(self) -> tuple[str, ...]:
        return (".py",)

    @property
    def files(self) -> str:
        return ", ".join(MODULES)

    @property
    def absent(self) -> str:
        return f"no Python module ({', '.join(MODULES)})"

    def folders(self, files: Sequence[PurePosixPath]) -> set[PurePosixPath]:
        found = {path.parent for path in files if path.suffix == ".py" and path.stem in MODULES}
        return found | {
            path.parent.parent for path in files if path.name == "__init__.py" and path.parent.name in MODULES
        }

    def enclosed(self, folder: PurePosixPath) -> tuple[PurePosixPath, ...]:
        return tuple(folder / name for name in MODULES)

    def loose(self, files: Sequence[PurePosixPath]) -> bool:
        return False

    def keeps_encoding(self, source: bytes) -> bool:
        return bool(_CODING.search(b"\n".join(source.splitlines()[:2])))

    def unavailable(self) -> Missing | None:
        return None

    def supply(self, source: Path) -> list[str]:
        return []  # the course hands out no Python file

    def compile(self, build: Build) -> Path | str | None:
        return None  # the driver imports the sources as they are

    def start(self, build: Build, compiled: Path | None) -> Program:
        return driver_program(build.python, build.driver(self.name, install_driver), build.source)

    def policy(self, source: Path, compiled: Path | None) -> list[str]:
        return python_file_uses(source)
