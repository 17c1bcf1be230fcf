"""What a program checks before anything else: that the Python running it is recent enough.

The shells (``play.py``, ``testdict.py``, ``testplay.py``) import this
module first, so it is readable by any Python 3: nothing here is newer
than Python 3.8, and it imports only :mod:`sys`, so that an older Python
reaches :func:`require_python` and hears what is wrong instead of failing
on syntax or on a missing library function.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["MINIMUM_PYTHON", "python_problem", "require_python"]

#: The oldest Python the project runs on (``requires-python`` in pyproject.toml).
MINIMUM_PYTHON = (3, 11)
EXIT_USAGE = 2  # argparse's status for a command line that cannot run


def python_problem(program: str, version: Sequence[int] | None = None) -> str | None:
    """The line refusing a Python older than :data:`MINIMUM_PYTHON`, or ``None`` when ``version`` will do.

    ``version`` defaults to the running Python's ``sys.version_info``.

    >>> python_problem("testdict.py", (3, 10, 12, "final", 0))
    'testdict.py: needs Python 3.11 or newer, this is 3.10.12'
    >>> python_problem("testdict.py", (3, 11, 0)) is None
    True
    """
    running = tuple(sys.version_info if version is None else version)
    if running[:2] >= MINIMUM_PYTHON:
        return None
    needed = ".".join(map(str, MINIMUM_PYTHON))
    return "{}: needs Python {} or newer, this is {}".format(program, needed, ".".join(map(str, running[:3])))


def require_python(program: str) -> None:
    """Return when this Python is recent enough; else print why to stderr and exit with status 2.

    A shell calls it before importing anything that needs Python 3.11, so
    that an older Python says so in one line instead of failing later with
    a traceback or, worse, with wrong results.
    """
    problem = python_problem(program)
    if problem is not None:
        print(problem, file=sys.stderr)
        raise SystemExit(EXIT_USAGE)
