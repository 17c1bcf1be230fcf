"""A game's review as a value: what each position is worth, and the moves that threw away a result.

A review gives every position of a game -- the empty board, then the board
after each move -- a :class:`PositionValue`: proved (the result with both
sides playing perfectly, as the solver finds it) or estimated (the strong
player's score, when the solver ran out of time).  :func:`build_review`
joins those values to the game's moves and marks each move by what it did
to its mover's proved result (:class:`Mark`): won to drawn or drawn to
lost is ``?``, won to lost is ``??``.  A move is marked only when the
values on both sides of it are proved; an estimate never marks a move.

Running the searches is :mod:`tictactoe.game.review.search`'s; the words a person
reads are :mod:`tictactoe.game.review.text`'s.

>>> from configurations.moves import Move
>>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(1, 1)), PositionValue.proved_as(Winner.X, Move(0, 2))
>>> mark(Side.X, draw, x_wins), mark(Side.O, draw, x_wins), mark(Side.O, x_wins, x_wins)
(<Mark.KEPT: ''>, <Mark.MISTAKE: '?'>, <Mark.KEPT: ''>)
>>> mark(Side.O, draw, PositionValue.estimated(1_000, None, Move(0, 0)))  # an estimate: never marked
<Mark.KEPT: ''>
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.results import XScore

if TYPE_CHECKING:
    from configurations.moves import Move
    from tictactoe.game.record import GameRecord

__all__ = ["Mark", "MoveReview", "PositionValue", "Review", "ReviewError", "build_review", "mark"]


class ReviewError(ValueError):
    """Values that cannot be a review of the game given (too many or too few, or a proof that cannot be)."""


class Mark(enum.StrEnum):
    """What a move did to its mover's proved result; each is equal to its sign."""

    #: The result is kept (or not proved on both sides of the move).
    KEPT = ""
    #: Won to drawn, or drawn to lost.
    MISTAKE = "?"
    #: Won to lost.
    BLUNDER = "??"


@dataclass(frozen=True, slots=True)
class PositionValue:
    """What a position is worth.  Build one with :meth:`proved_as` or :meth:`estimated`.

    ``proved``: whether ``winner`` is proved, both sides playing perfectly.
    ``winner``: proved, the result (``X``, ``O`` or a draw); estimated, the
    result the strong player found or believes (a win by threats, say), or
    ``None`` when it only weighed the position.  ``score``: estimated, the
    strong player's score from ``X``'s side (above 0: ``X`` is ahead; 0 when
    proved).  ``best``: a move of the side to move -- proved, one that gets
    ``winner``; estimated, the strong player's choice -- or ``None`` once the
    game is over.
    """

    proved: bool
    winner: Winner | None
    score: XScore
    best: Move | None

    def __post_init__(self) -> None:
        if self.proved and (self.winner is None or self.score != 0):
            raise ReviewError(f"a proved value has a result and no score, got {self.winner!r} and {self.score!r}")

    @classmethod
    def proved_as(cls, winner: Winner, best: Move | None) -> PositionValue:
        """The value proved to be ``winner``, which ``best`` gets (None on a finished board)."""
        return cls(True, winner, XScore(0), best)

    @classmethod
    def estimated(cls, score: XScore, winner: Winner | None, best: Move | None) -> PositionValue:
        """The strong player's estimate: ``score`` from ``X``'s side, the result it expects if any, its move."""
        return cls(False, winner, score, best)


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of a reviewed game: its ``number`` (from 1), who played it, the values around it, its mark.

    ``better``: for a marked move, a move that kept the result (the
    solver's best move of the position before); else None.
    """

    number: int
    side: Side
    move: Move
    before: PositionValue
    after: PositionValue
    mark: Mark
    better: Move | None


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review at ``think`` seconds a position: ``positions[n]`` is the value after ``n`` moves.

    ``moves`` are the game's moves, each with its values and mark; build a
    review with :func:`build_review`, which makes them agree.
    """

    think: float
    positions: tuple[PositionValue, ...]
    moves: tuple[MoveReview, ...]

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        """The moves that threw away a result, in the order played."""
        return tuple(move for move in self.moves if move.mark != Mark.KEPT)

    @property
    def estimated(self) -> int:
        """How many positions are only estimated."""
        return sum(not value.proved for value in self.positions)


def build_review(record: GameRecord, think: float, positions: tuple[PositionValue, ...]) -> Review:
    """The review of ``record`` whose position values are ``positions`` (one more than the moves), marked.

    ``ReviewError`` when there are not as many values as positions, when
    ``think`` is not a number of seconds above 0, when a best move is off
    the board, or when the last position of a finished game is not proved
    to be its result.
    """
    if len(positions) != len(record.moves) + 1:
        raise ReviewError(
            f"a game of {len(record.moves)} moves has {len(record.moves) + 1} positions, got {len(positions)}"
        )
    if not (think > 0 and math.isfinite(think)):
        raise ReviewError(f"think is a number of seconds above 0, got {think!r}")
    if record.result is not None and (positions[-1].winner, positions[-1].proved) != (record.result, True):
        raise ReviewError(f"the game ends in {record.result}, but its last position is valued {positions[-1].winner}")
    for ply, value in enumerate(positions):
        best = value.best
        if best is not None and not (0 <= best.row < record.size and 0 <= best.col < record.size):
            raise ReviewError(f"the best move of position {ply} is off the board: {best!r}")
    moves = []
    for number, timed in enumerate(record.moves, 1):
        side = Side.to_move(number - 1)
        before, after = positions[number - 1], positions[number]
        move_mark = mark(side, before, after)
        better = before.best if move_mark != Mark.KEPT else None
        moves.append(MoveReview(number, side, timed.move, before, after, move_mark, better))
    return Review(float(think), tuple(positions), tuple(moves))


def mark(side: Side, before: PositionValue, after: PositionValue) -> Mark:
    """What ``side``'s move, from a position worth ``before`` to one worth ``after``, did to its result."""
    if not (before.proved and after.proved):
        return Mark.KEPT
    lost = _standing(side, before.winner) - _standing(side, after.winner)
    return Mark.BLUNDER if lost >= 2 else Mark.MISTAKE if lost == 1 else Mark.KEPT


def _standing(side: Side, winner: Winner | None) -> int:
    """2 when ``side`` wins, 1 for a draw, 0 when it loses."""
    return 1 if winner is Winner.DRAW else 2 if winner is not None and winner.side is side else 0
