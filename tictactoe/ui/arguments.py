"""What a command-line program checks before it starts: the Python running it and its whole-number arguments.

Cheap to import, and readable by any Python 3: ``argparse`` is imported only
when a converter is made (a game that starts at once never needs it), and
nothing here is newer than Python 3.8, so that an older Python reaches
:func:`require_python` and hears what is wrong instead of failing on
syntax or on a missing library function.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

__all__ = ["MINIMUM_PYTHON", "python_problem", "require_python", "whole_number"]

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


def whole_number(low: int, high: int | None = None, *, what: str | None = None) -> Callable[[str], int]:
    """An argparse ``type``: the whole number ``text`` is, from ``low`` to ``high`` (no upper bound when ``None``).

    The text is read as ``int()`` reads it (spaces around it, a sign and
    underscores between digits pass).  Any other text raises
    ``argparse.ArgumentTypeError``, which argparse prints after the
    argument's name before it exits with status 2; the message says what was
    wanted and echoes the text.  A plain number, such as a board size:

    >>> size = whole_number(1, 26)
    >>> size("7")
    7
    >>> size("27")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 26, got '27'
    >>> whole_number(0)("x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number, at least 0, got 'x'

    A number that names one of a numbered series (test 3 of 10) says
    which ``what`` it names, a singular noun whose plural adds an ``s``:

    >>> test = whole_number(1, 10, what="test")
    >>> test("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: there is no test 11; the tests are numbered 1 to 10
    >>> test("3.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '3.5' is not a test number; the tests are numbered 1 to 10
    """
    import argparse  # noqa: PLC0415 -- only a program that parses its arguments with argparse pays for it

    wanted = f"a whole number from {low} to {high}" if high is not None else f"a whole number, at least {low}"
    article = "an" if what is not None and what[:1] in tuple("aeiou") else "a"
    numbered = (
        f"the {what}s are numbered {low} to {high}" if high is not None else f"the {what}s are numbered from {low}"
    )

    def problem(text: str, number: int | None) -> str:
        if what is None:
            return f"must be {wanted}, got {text!r}"
        if number is None:
            return f"{text!r} is not {article} {what} number; {numbered}"
        return f"there is no {what} {number}; {numbered}"

    def convert(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(problem(text, None)) from None
        if number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(problem(text, number))
        return number

    return convert
