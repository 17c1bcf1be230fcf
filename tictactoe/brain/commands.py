"""The lines of the Gomoku AI protocol (Piskvork's, Gomocup's), read into commands.

A manager sends one command a line: ``START 15``, ``TURN 7,8``, ``INFO
timeout_turn 5000``...; between ``BOARD`` and ``DONE`` each line is a stone,
``X,Y,FIELD``, and between ``SWAP2BOARD`` and ``DONE`` (Gomocup's command for
the swap2 opening) a stone already placed, ``X,Y``.  :func:`parse` reads one
line (``in_board`` and ``in_swap2`` say whether it comes between the two)
and returns the command as a value; a line it cannot
read raises :class:`UnknownCommandError` (no such command: the brain answers
``UNKNOWN``) or :class:`CommandError` (a known command with arguments it
cannot take: ``ERROR``).  Commands and ``INFO`` keys are read in any case, as
the protocol allows; coordinates are zero-based, ``X`` the column.

>>> parse("TURN 10,11")
Turn(point=Point(x=10, y=11))
>>> parse("rectstart 20,15")
Start(width=20, height=15)
>>> parse("INFO TIMEOUT_TURN 5000")
Info(key='timeout_turn', value='5000')
>>> parse("3,4,1", in_board=True)
Stone(point=Point(x=3, y=4), field=1)
>>> parse("7,7", in_swap2=True)
Placed(point=Point(x=7, y=7))
>>> parse("TURN 10")
Traceback (most recent call last):
...
tictactoe.brain.commands.CommandError: TURN needs X,Y: two whole numbers from 0, got '10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "About",
    "Begin",
    "BoardStart",
    "Command",
    "CommandError",
    "Done",
    "End",
    "Info",
    "Placed",
    "Point",
    "Restart",
    "Start",
    "Stone",
    "Swap2Board",
    "Takeback",
    "Turn",
    "UnknownCommandError",
    "parse",
]

# Whole numbers of at most this many digits: enough for any board, any clock, any memory, and bounded.
_DIGITS = 12
_NUMBER = rf"\s*(\d{{1,{_DIGITS}}})\s*"
_PAIR = re.compile(rf"{_NUMBER},{_NUMBER}")
_TRIPLE = re.compile(rf"{_NUMBER},{_NUMBER},{_NUMBER}")
_INFO = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s+(.*)")


class CommandError(ValueError):
    """A known command whose arguments cannot be read; the message says what it needs."""


class UnknownCommandError(ValueError):
    """A line that is no command of the protocol."""


@dataclass(frozen=True, slots=True)
class Point:
    """A square: ``x`` the column, ``y`` the row, both from 0."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Start:
    """``START N`` (a square board) or ``RECTSTART W,H``: a new game on an empty board."""

    width: int
    height: int


@dataclass(frozen=True, slots=True)
class Begin:
    """``BEGIN``: the brain opens the game on the empty board."""


@dataclass(frozen=True, slots=True)
class Turn:
    """``TURN X,Y``: the opponent played ``point``; the brain replies with its move."""

    point: Point


@dataclass(frozen=True, slots=True)
class BoardStart:
    """``BOARD``: the stones of a new position follow, one a line, up to ``DONE``."""


@dataclass(frozen=True, slots=True)
class Stone:
    """``X,Y,FIELD`` between ``BOARD`` and ``DONE``: 1 the brain's own stone, 2 the opponent's, 3 a stone of
    the continuous game (which this brain does not play)."""

    point: Point
    field: int


@dataclass(frozen=True, slots=True)
class Swap2Board:
    """``SWAP2BOARD``: the stones of a swap2 opening placed so far follow, one a line, up to ``DONE``; the brain
    then places the first three, or chooses (and may place two more)."""


@dataclass(frozen=True, slots=True)
class Placed:
    """``X,Y`` between ``SWAP2BOARD`` and ``DONE``: a stone of the opening, black and white in turn from black."""

    point: Point


@dataclass(frozen=True, slots=True)
class Done:
    """``DONE``: the position is complete; the brain replies with its move."""


@dataclass(frozen=True, slots=True)
class Info:
    """``INFO KEY VALUE``: a setting, its key in lower case."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class Restart:
    """``RESTART``: a new game on an empty board of the same size."""


@dataclass(frozen=True, slots=True)
class Takeback:
    """``TAKEBACK X,Y``: the stone on ``point`` is taken off the board."""

    point: Point


@dataclass(frozen=True, slots=True)
class About:
    """``ABOUT``: the brain says its name and version."""


@dataclass(frozen=True, slots=True)
class End:
    """``END``: the brain stops, without a reply."""


Command: TypeAlias = (
    Start | Begin | Turn | BoardStart | Stone | Swap2Board | Placed | Done | Info | Restart | Takeback | About | End
)

# The commands that take no argument, by name.
_BARE: dict[str, Command] = {
    "BEGIN": Begin(),
    "BOARD": BoardStart(),
    "SWAP2BOARD": Swap2Board(),
    "RESTART": Restart(),
    "ABOUT": About(),
    "END": End(),
}


def parse(line: str, *, in_board: bool = False, in_swap2: bool = False) -> Command:
    """The command ``line`` holds (its line ending already gone).

    ``in_board``: the line comes between ``BOARD`` and ``DONE``, where a
    stone or ``DONE`` is expected; ``in_swap2`` the same between
    ``SWAP2BOARD`` and ``DONE``.  :class:`UnknownCommandError` or
    :class:`CommandError` when the line cannot be read.
    """
    text = line.strip()
    if in_board:
        return _board_line(text)
    if in_swap2:
        return _swap2_line(text)
    name, _, rest = text.partition(" ")
    name, rest = name.upper(), rest.strip()
    if name in _BARE:
        if rest:
            raise CommandError(f"{name} takes nothing after it, got {rest!r}")
        return _BARE[name]
    if name == "START":
        if not re.fullmatch(_NUMBER, rest):
            raise CommandError(f"START needs the board's size, a whole number, got {rest!r}")
        return Start(int(rest), int(rest))
    if name == "RECTSTART":
        width, height = _pair(name, "W,H", rest)
        return Start(width, height)
    if name == "TURN":
        return Turn(Point(*_pair(name, "X,Y", rest)))
    if name == "TAKEBACK":
        return Takeback(Point(*_pair(name, "X,Y", rest)))
    if name == "INFO":
        found = _INFO.fullmatch(rest)
        if found is None:
            raise CommandError(f"INFO needs a key and a value, got {rest!r}")
        return Info(found[1].lower(), found[2].strip())
    if name == "DONE":
        raise CommandError("DONE without BOARD")
    raise UnknownCommandError(f"{_shown(text)} is no command of the protocol")


def _board_line(text: str) -> Stone | Done:
    """A line between ``BOARD`` and ``DONE``."""
    if text.upper() == "DONE":
        return Done()
    found = _TRIPLE.fullmatch(text)
    if found is None:
        raise CommandError(f"a stone of BOARD is X,Y,FIELD: three whole numbers, got {_shown(text)}")
    return Stone(Point(int(found[1]), int(found[2])), int(found[3]))


def _swap2_line(text: str) -> Placed | Done:
    """A line between ``SWAP2BOARD`` and ``DONE``."""
    if text.upper() == "DONE":
        return Done()
    return Placed(Point(*_pair("a stone of SWAP2BOARD", "X,Y", text)))


def _pair(name: str, shape: str, text: str) -> tuple[int, int]:
    """The two whole numbers ``text`` holds as ``A,B``; :class:`CommandError` naming ``shape`` otherwise."""
    found = _PAIR.fullmatch(text)
    if found is None:
        raise CommandError(f"{name} needs {shape}: two whole numbers from 0, got {text!r}")
    return int(found[1]), int(found[2])


def _shown(text: str) -> str:
    """``text`` quoted, cut short when it is long: a reply is one short line."""
    return repr(text if len(text) <= 40 else text[:40] + "...")
