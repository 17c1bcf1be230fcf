"""What a search hands back: the play it chose (:class:`PosPlay`), its counters (:class:`SearchStats`),
what it proved of the position for the player to move (:class:`Outcome`), and its scores, each typed by
whose view it takes (:data:`MoverScore`, :data:`XScore`; the contract's :data:`~configurations.Score` is the
computer's).

Their own module, so that the engine and every other search can name
them without importing :mod:`configurations.search`, which imports the engine.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NewType

from configurations.symbols import Score, Side, Winner

__all__ = ["MoverScore", "Outcome", "PosPlay", "SearchStats", "XScore", "score_for_x"]

#: A score from the view of the player to move, as a negamax search gives it: above 0, the mover is ahead.
MoverScore = NewType("MoverScore", int)
#: A score from ``X``'s view, whoever is to move: above 0, ``X`` is ahead.
XScore = NewType("XScore", int)


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

    def winner(self, mover: Side) -> Winner:
        """Who wins, ``mover`` being the player to move.

        >>> Outcome.LOSS.winner(Side.X), Outcome.WIN.winner(Side.X), Outcome.DRAW.winner(Side.O)
        (<Winner.O: 'O'>, <Winner.X: 'X'>, <Winner.DRAW: 'draw'>)
        """
        if self is Outcome.DRAW:
            return Winner.DRAW
        return Winner.of(mover if self is Outcome.WIN else mover.opponent)


def score_for_x(score: MoverScore, mover: Side) -> XScore:
    """``score``, from the view of ``mover`` (the player to move), from ``X``'s view.

    >>> score_for_x(MoverScore(7), Side.X), score_for_x(MoverScore(7), Side.O)
    (7, -7)
    """
    return XScore(score if mover is Side.X else -score)
