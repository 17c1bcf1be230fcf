"""Game clocks: a time a move and a time a game for each side, how they read, and how a record keeps them.

A :class:`TimeControl` is the rule both sides play by (``play.py --move-time
SECONDS --game-time MINUTES``, docs/players.md): each move within ``move``
seconds, and each side's moves of a game within ``game`` seconds in all,
either or both.  The :class:`~tictactoe.game.session.Session` keeps the
clocks -- what each side has used is the sum of its moves' times, which
the history keeps move by move, so that a resumed game goes on with what
was left -- and ends a game on time when a move comes after its side's
time ran out.

A record keeps the rule in SGF's own properties: ``TM``, the time a game
for each side in seconds, and ``OT``, the overtime, which SGF leaves to
the program's words: here ``30 s a move``.

>>> control = TimeControl(move=30.0, game=300.0)
>>> control.properties()
(('TM', ('300',)), ('OT', ('30 s a move',)))
>>> TimeControl.from_properties(control.properties()) == control
True
>>> clock_text(299.2), clock_text(0.0), clock_text(3725.0)
('5:00', '0:00', '1:02:05')

A game lost on time ends with :func:`flag_line` before the usual result
lines, at the terminal and in the window alike (docs/playing.md).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from configurations import Side

__all__ = ["TimeControl", "clock_text", "flag_line"]

# OT's words for a time a move.
_A_MOVE = " s a move"
_OT = re.compile(r"([0-9]+(?:\.[0-9]+)?) s a move")
_TM = re.compile(r"[0-9]+(?:\.[0-9]+)?")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The clocks' rule: ``move``, the most seconds one move may take, and ``game``, the most seconds a side's
    moves of a game may take in all; None where there is no such limit.  ``ValueError`` for a limit that is no
    number of seconds above 0, or for neither limit."""

    move: float | None = None
    game: float | None = None

    def __post_init__(self) -> None:
        if self.move is None and self.game is None:
            raise ValueError("a time control limits a move, a game or both")
        for name, value in (("move", self.move), ("game", self.game)):
            if value is not None and not (value > 0 and math.isfinite(value)):
                raise ValueError(f"the time a {name} is a number of seconds above 0, got {value!r}")

    def properties(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The SGF properties that say this rule: ``TM`` (seconds a game) and ``OT`` (``30 s a move``)."""
        kept: list[tuple[str, tuple[str, ...]]] = []
        if self.game is not None:
            kept.append(("TM", (f"{self.game:g}",)))
        if self.move is not None:
            kept.append(("OT", (f"{self.move:g}{_A_MOVE}",)))
        return tuple(kept)

    @classmethod
    def from_properties(cls, properties: Sequence[tuple[str, Sequence[str]]]) -> TimeControl | None:
        """The rule a record's properties say (:meth:`properties`), or None where they set no clock this
        program keeps (another program's ``OT`` words, say, limit nothing here).

        >>> TimeControl.from_properties([("TM", ("600",)), ("OT", ("5x30 byo-yomi",))])
        TimeControl(move=None, game=600.0)
        >>> TimeControl.from_properties([("C", ("a comment",))]) is None
        True
        """
        found = dict(properties)
        game = _read(_TM, found.get("TM", ()))
        move = _read(_OT, found.get("OT", ()))
        if move is None and game is None:
            return None
        return cls(move, game)

    def describe(self) -> str:
        """The rule in words, as the guide and the game's first lines give it.

        >>> TimeControl(move=30.0).describe(), TimeControl(game=300.0).describe()
        ('30 s a move', '5:00 a game')
        >>> TimeControl(move=0.5, game=90.0).describe()
        '1:30 a game, 0.5 s a move'
        """
        parts = [] if self.game is None else [f"{clock_text(self.game)} a game"]
        if self.move is not None:
            parts.append(f"{self.move:g}{_A_MOVE}")
        return ", ".join(parts)


def clock_text(seconds: float) -> str:
    """What a clock reads with ``seconds`` left: minutes and seconds (hours too from an hour), the seconds
    rounded up, so that it reads ``0:00`` only once the time has run out."""
    whole = max(0, math.ceil(round(seconds, 6)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def flag_line(side: Side) -> str:
    """The line that says ``side``'s time ran out, before the usual result lines (exact: docs/playing.md).

    >>> from configurations import Side
    >>> flag_line(Side.X)
    'X ran out of time: O wins'
    """
    return f"{side} ran out of time: {side.opponent} wins"


def _read(pattern: re.Pattern[str], values: Sequence[str]) -> float | None:
    """The number of seconds the one value of a property gives in ``pattern``'s words, or None."""
    if len(values) != 1:
        return None
    match = pattern.fullmatch(values[0].strip())
    if match is None:
        return None
    number = float(match.group(1) if pattern.groups else match.group(0))
    return number if number > 0 else None
