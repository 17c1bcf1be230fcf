"""Python submissions: the process that runs one, the project's own small driver against its modules.

The submission is never imported into the grader: the driver
(:mod:`tictactoe.grade.python_driver`, run as a script) imports it in a
process of its own, started with ``-I -S -B -u``: isolated from the
environment variables and the user's site, without site-packages (so that
this project's own ``hashdict`` cannot stand in for a missing one), without
writing bytecode, and unbuffered, so that what the submission prints before
it fails is there to be shown.  The driver's file lies in a folder of the
grader's that the process sees read-only; the submission's files are copied
into its scratch folder, where it imports them.  A submission may use the
standard library only.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.grade.sandbox import Program

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["DRIVER", "driver_program", "install_driver"]

#: The driver script.
DRIVER = Path(__file__).with_name("python_driver.py")


def install_driver(folder: Path) -> Path:
    """A copy of the driver in ``folder`` (made here, readable by every account); the folder."""
    folder.mkdir(mode=0o755)
    shutil.copyfile(DRIVER, folder / DRIVER.name)
    (folder / DRIVER.name).chmod(0o644)
    return folder


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
