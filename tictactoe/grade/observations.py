"""What a submission's process reports: raw observations, read from its JSON and never taken for a verdict.

The drivers (``python_driver.py``, ``java/GraderDriver.java``) answer each
operation with one JSON object; :func:`read_observations` turns a whole
answer into :class:`Returned`, :class:`Values`, :class:`Threw`,
:class:`Fault` or :class:`Skipped`, and refuses (:class:`Unreadable`) what
no driver writes, so that whatever a submission's code puts on the pipe is
at worst an observation of the wrong kind, which fails the test.

>>> read_observations('[{"v": 1}, {"v": {"o": "1.0"}}, {"x": "KeyError", "m": "k", "at": "", "c": "get"}]', 3)
[Returned(value=1), Returned(value=Opaque(text='1.0')), Threw(kind='KeyError', message='k', where='', call='get')]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TypeAlias

__all__ = [
    "Fault",
    "Observation",
    "Opaque",
    "Returned",
    "Skipped",
    "Threw",
    "Unreadable",
    "Values",
    "read_observations",
    "shown_value",
]

#: The longest text kept of an observation (the drivers cut theirs at 2 000 characters).
MOST_CHARACTERS = 2000


@dataclass(frozen=True, slots=True)
class Opaque:
    """A returned value that is not a bool, an int, None or a string: its ``repr`` (``toString`` in Java)."""

    text: str


@dataclass(frozen=True, slots=True)
class Returned:
    """The call returned ``value``: a bool, an int, None, a str, an :class:`Opaque`, or a play's dict of them."""

    value: object


@dataclass(frozen=True, slots=True)
class Threw:
    """The submission's code raised ``kind`` (a class's simple name) with ``message``, at ``where``, in ``call``."""

    kind: str
    message: str
    where: str
    call: str

    def describe(self) -> str:
        """``Kind: message (at where)``, as a message shows it."""
        text = f"{self.kind}: {self.message}" if self.message else self.kind
        return f"{text} (at {self.where})" if self.where else text


@dataclass(frozen=True, slots=True)
class Fault:
    """The operation could not be done: a class, a method or a module is missing, or an answer unusable."""

    text: str


@dataclass(frozen=True, slots=True)
class Skipped:
    """The operation was not tried, because what it needs could not be set up."""

    text: str


Stop: TypeAlias = Threw | Fault


@dataclass(frozen=True, slots=True)
class Values:
    """A bulk operation's values, one a key, up to ``stop`` when one raised or could not be done."""

    values: tuple[object, ...]
    stop: Stop | None = None


Observation: TypeAlias = Returned | Values | Threw | Fault | Skipped


class Unreadable(ValueError):
    """An answer that no driver writes: the submission's code wrote it, or broke the driver."""


def read_observations(text: str, count: int) -> list[Observation]:
    """The ``count`` observations of one answer line; :class:`Unreadable` when it is anything else."""
    try:
        raw = json.loads(text)
    except ValueError:
        raise Unreadable("an answer that is not JSON") from None
    if not isinstance(raw, list) or len(raw) != count:
        raise Unreadable(f"an answer that is not a list of {count} observations")
    return [_observation(item) for item in raw]


def shown_value(value: object) -> str:
    """A value as a message shows it: Python's repr for plain values, the text of an :class:`Opaque`."""
    return value.text if isinstance(value, Opaque) else repr(value)


def _observation(raw: object) -> Observation:
    if not isinstance(raw, dict):
        raise Unreadable("an observation that is not an object")
    if "vs" in raw:
        values = raw["vs"]
        if not isinstance(values, list):
            raise Unreadable("bulk values that are not a list")
        stop = _stop(raw) if ("x" in raw or "fault" in raw) else None
        return Values(tuple(_value(value) for value in values), stop)
    if "v" in raw:
        return Returned(_value(raw["v"], answers=True))
    if "skip" in raw:
        return Skipped(_text(raw["skip"]))
    return _stop(raw)


def _stop(raw: dict[str, object]) -> Stop:
    if "fault" in raw:
        return Fault(_text(raw["fault"]))
    if "x" in raw:
        return Threw(_text(raw["x"]), _text(raw.get("m", "")), _text(raw.get("at", "")), _text(raw.get("c", "")))
    raise Unreadable("an observation of no known kind")


def _value(raw: object, answers: bool = False) -> object:
    if raw is None or type(raw) in (bool, int):
        return raw
    if isinstance(raw, str):
        return _text(raw)
    if isinstance(raw, dict) and set(raw) == {"o"}:
        return Opaque(_text(raw["o"]))
    if answers and isinstance(raw, dict):  # a play's score, row, col and nodes
        return {_text(key): _value(value) for key, value in raw.items()}
    raise Unreadable("a value of no known kind")


def _text(raw: object) -> str:
    """A text of the submission's, cut short, a lone surrogate written as its escape (no file or terminal takes it)."""
    if not isinstance(raw, str):
        raise Unreadable("a text that is not a string")
    text = raw if len(raw) <= MOST_CHARACTERS else raw[:MOST_CHARACTERS] + "..."
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
