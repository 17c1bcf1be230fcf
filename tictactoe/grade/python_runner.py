"""Python submissions: the process that runs one, the project's own small driver against its modules.

The submission is never imported into the grader: the driver
(:mod:`tictactoe.grade.python_driver`, run as a script by its path) imports
it in a process of its own, started with ``-I -S -B -u``: isolated from the
grader's environment variables and user site, without site-packages (so
that this project's own ``hashdict`` cannot stand in for a missing one),
without writing bytecode, and unbuffered, so that what the submission
prints before it fails is there to be shown.  A submission may use the standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.grade.limits import Limits, limited

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["DRIVER", "driver_command"]

#: The driver script.
DRIVER = Path(__file__).with_name("python_driver.py")


def driver_command(folder: Path, limits: Limits) -> Callable[[int, int], list[str]]:
    """The driver's process for the submission copied to ``folder``, given its command and answer pipes.

    >>> command = driver_command(Path("/tmp/s"), Limits())
    >>> command(5, 6)[-8:-4], command(5, 6)[-3:]
    (['-I', '-S', '-B', '-u'], ['5', '6', '/tmp/s'])
    """

    def command(command_fd: int, answer_fd: int) -> list[str]:
        python = [sys.executable, "-I", "-S", "-B", "-u", str(DRIVER), str(command_fd), str(answer_fd), str(folder)]
        return limited(python, limits.address_megabytes)

    return command
