"""Whole numbers a person types -- a board size, a search depth, a test's number -- read and refused in one wording.

The terminal's menu, the window's new-game form, the report's key sources
and every program's command line read their numbers here, so that a
refusal reads the same wherever it is met.

>>> read_whole_number("7", 1, 26)
7
>>> read_whole_number("27", 1, 26)
Traceback (most recent call last):
...
configurations.numbers.NumberError: must be a whole number from 1 to 26, got '27'
"""

from __future__ import annotations

__all__ = ["NumberError", "read_whole_number"]


class NumberError(ValueError):
    """Text that is not a whole number in the range asked for; the message says what was wanted and echoes it."""


def read_whole_number(text: str, low: int, high: int | None = None, *, what: str | None = None) -> int:
    """The whole number ``text`` is, from ``low`` to ``high`` (no upper bound when ``None``).

    The text is read as ``int()`` reads it (spaces around it, a sign and
    underscores between digits pass).  :class:`NumberError` otherwise,
    saying what was wanted and echoing the text:

    >>> read_whole_number("x", 0)
    Traceback (most recent call last):
    ...
    configurations.numbers.NumberError: must be a whole number, at least 0, got 'x'

    A number that names one of a numbered series (test 3 of 10) says
    which ``what`` it names, a singular noun whose plural adds an ``s``:

    >>> read_whole_number("11", 1, 10, what="test")
    Traceback (most recent call last):
    ...
    configurations.numbers.NumberError: there is no test 11; the tests are numbered 1 to 10
    >>> read_whole_number("3.5", 1, 10, what="test")
    Traceback (most recent call last):
    ...
    configurations.numbers.NumberError: '3.5' is not a test number; the tests are numbered 1 to 10
    """
    try:
        number: int | None = int(text)
    except ValueError:  # not digits, or more digits than int() reads
        number = None
    if number is not None and number >= low and (high is None or number <= high):
        return number
    raise NumberError(_problem(text, number, low, high, what))


def _problem(text: str, number: int | None, low: int, high: int | None, what: str | None) -> str:
    if what is None:
        wanted = f"a whole number from {low} to {high}" if high is not None else f"a whole number, at least {low}"
        return f"must be {wanted}, got {text!r}"
    numbered = (
        f"the {what}s are numbered {low} to {high}" if high is not None else f"the {what}s are numbered from {low}"
    )
    if number is None:
        article = "an" if what[:1] in tuple("aeiou") else "a"
        return f"{text!r} is not {article} {what} number; {numbered}"
    return f"there is no {what} {number}; {numbered}"
