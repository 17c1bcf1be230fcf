"""The argparse ``type`` functions the programs share: whole numbers and seconds, each refused in one wording.

>>> seconds("0.5"), pause("0")
(0.5, 0.0)
>>> seconds("inf")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a number of seconds above 0, got 'inf'
"""

from __future__ import annotations

import argparse
import math
import os.path
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import tictactoe
from configurations.numbers import NumberError, read_whole_number
from configurations.rules import Opening, Rules, RulesError, Variant
from tictactoe.ui.settings import check_name

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "MAX_PAUSE",
    "add_opening_rule",
    "add_rule",
    "add_version",
    "file_path",
    "minutes",
    "pause",
    "program_name",
    "seconds",
    "side_name",
    "whole_number",
]

#: The longest pause ``--delay`` takes: a minute between moves is already a game nobody watches.
MAX_PAUSE = 60.0
# What the installed console commands' names start with (pyproject.toml's [project.scripts]).
_CONSOLE_PREFIX = "tictactoe-"


def program_name(module_form: str, argv0: str | None = None) -> str:
    """The name a program goes by: the installed console command's own (``tictactoe-solver``) when that is what
    ran, else ``module_form`` (``python -m tictactoe.solver``), the way it was run otherwise.

    >>> program_name("python -m tictactoe.solver", "/venv/bin/tictactoe-solver")
    'tictactoe-solver'
    >>> program_name("python -m tictactoe.solver", "/src/tictactoe/solver/__main__.py")
    'python -m tictactoe.solver'
    """
    name = os.path.basename(sys.argv[0] if argv0 is None else argv0)  # not pathlib: a plain game does not load it
    return name if name.startswith(_CONSOLE_PREFIX) else module_form


def add_rule(parser: argparse.ArgumentParser, help_text: str, *, default: Variant | None = Variant.FREESTYLE) -> None:
    """Give ``parser`` the ``--rule`` option: a :class:`~configurations.rules.Variant` by name, ``default`` when not
    given (None: the program tells a rule not given from one given); ``help_text`` says what the rule is for in
    this program."""
    parser.add_argument(
        "--rule",
        choices=[variant.value for variant in Variant],
        default=None if default is None else default.value,
        metavar="RULE",
        help=help_text,
    )


def add_opening_rule(parser: argparse.ArgumentParser, help_text: str) -> None:
    """Give ``parser`` the ``--opening-rule`` option: an :class:`~configurations.rules.Opening` by name, free when
    not given; ``help_text`` says what it does in this program."""
    parser.add_argument(
        "--opening-rule",
        choices=[opening.value for opening in Opening],
        default=Opening.FREE.value,
        metavar="OPENING",
        help=help_text,
    )


def square_rules(parser: argparse.ArgumentParser, args: argparse.Namespace, size: int, length: int) -> Rules:
    """The :class:`~configurations.rules.Rules` of a ``size`` board with ``length`` in a row and the ``--rule``
    and ``--opening-rule`` that :func:`add_rule` and :func:`add_opening_rule` gave ``parser``; rules that cannot
    be played together are the usage error of the option that made them so (renju without five in a row is
    ``--rule``'s, a board too small for the opening's stones ``--opening-rule``'s)."""
    try:
        Rules.square(size, length, variant=args.rule)
    except RulesError as refusal:
        parser.error(f"argument --rule: {refusal}")
    try:
        return Rules.square(size, length, variant=args.rule, opening=args.opening_rule)
    except RulesError as refusal:
        parser.error(f"argument --opening-rule: {refusal}")


def add_version(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--version`` option every program answers: its name and the project's version."""
    parser.add_argument("--version", action="version", version=f"%(prog)s {tictactoe.__version__}")


def whole_number(low: int, high: int | None = None, *, what: str | None = None) -> Callable[[str], int]:
    """An argparse ``type``: the whole number the text is, from ``low`` to ``high`` (no upper bound when ``None``).

    :func:`~configurations.numbers.read_whole_number` reads it; its refusal
    becomes ``argparse.ArgumentTypeError``, which argparse prints after the
    argument's name before it exits with status 2.

    >>> whole_number(1, 26)("27")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number from 1 to 26, got '27'
    """

    def convert(text: str) -> int:
        try:
            return read_whole_number(text, low, high, what=what)
        except NumberError as refusal:
            raise argparse.ArgumentTypeError(str(refusal)) from None

    return convert


def seconds(text: str) -> float:
    """A number of seconds above 0 and finite (``--think``); ``argparse.ArgumentTypeError`` otherwise."""
    value = _number(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, got {text!r}")
    return value


def minutes(text: str) -> float:
    """A number of minutes above 0 and finite (``--game-time``), as seconds; ``argparse.ArgumentTypeError``
    otherwise.

    >>> minutes("1.5")
    90.0
    """
    value = _number(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"must be a number of minutes above 0, got {text!r}")
    return value * 60


def pause(text: str) -> float:
    """A number of seconds from 0 to :data:`MAX_PAUSE` (``--delay``); ``argparse.ArgumentTypeError`` otherwise."""
    value = _number(text)
    if not 0 <= value <= MAX_PAUSE:  # False for NaN too
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to {MAX_PAUSE:g}, got {text!r}")
    return value


def side_name(text: str) -> str:
    """A side's name (``--name-x``): :func:`~tictactoe.ui.settings.check_name`'s rule."""
    try:
        return check_name(text)
    except ValueError as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


def file_path(text: str) -> Path:
    """A file's path (``--db``, ``--export``); ``argparse.ArgumentTypeError`` for an empty one, which names none."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file")
    # Imported here: pathlib costs a game's start-up about 5 ms, and a game without --db names no file.
    from pathlib import Path  # noqa: PLC0415

    return Path(text)


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return math.nan
