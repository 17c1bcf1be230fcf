"""What a search hands back: the play it chose (:class:`PosPlay`), its counters (:class:`SearchStats`),
and what it proved of the position for the player to move (:class:`Outcome`).

Their own module, so that the engine and every other search can name
them without importing :mod:`configurations.search`, which imports the engine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from configurations.symbols import Score

__all__ = ["Outcome", "PosPlay", "SearchStats"]


@dataclass(frozen=True, slots=True)
class PosPlay:
    """A play and its score: the square ``(row, col)`` and what it is worth.

    Immutable; equal to another ``PosPlay`` with the same score, row and column.

    >>> PosPlay(3, 1, 2)
    PosPlay(score=3, row=1, col=2)
    """

    #: What the play is worth to the computer.
    score: Score
    #: The square's row, from 0.
    row: int
    #: The square's column, from 0.
    col: int


@dataclass(slots=True)
class SearchStats:
    """Counters a search adds to; every one starts at 0.

    ``nodes``: trial moves made (one per tile the search placed).
    ``lookups``: boards looked up in the transposition table.
    ``hits``: lookups that found the board's score there.

    Equal to another ``SearchStats`` with the same counts.

    >>> SearchStats()
    SearchStats(nodes=0, lookups=0, hits=0)
    """

    nodes: int = 0
    lookups: int = 0
    hits: int = 0


class Outcome(enum.StrEnum):
    """What a search proved the position is worth to the player to move, both sides playing perfectly.

    Each is equal to its text: ``"win"``, ``"draw"``, ``"loss"``.
    """

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
