"""A game's review as a value: what each position is worth, and the moves that threw away a result or lost ground.

A review gives every position of a game -- the start, then the board
after each move -- a :class:`PositionValue`: proved (the result with both
sides playing perfectly, as the solver finds it) or estimated (the strong
player's score, when the solver ran out of time).  :func:`build_review`
joins those values to the game's moves and marks each move by what it did
to its mover (:class:`Mark`):

* where both values are proved, by the result it threw away: won to drawn
  or drawn to lost is ``?``, won to lost is ``??``;
* where either is an estimate, by how far it dropped the mover's chances
  (:func:`chances`: the expected score, a win 1, a draw 1/2, from a score by
  :data:`CHANCES_SCALE`) past :data:`THRESHOLDS`: ``?!``, ``?`` or ``??``,
  marked as an estimate's (:attr:`MoveReview.estimated`).

Either way the mark names a better move: the best move found in the
position before.  The scale and the thresholds are fitted from self-play
(``python -m bench.review --fit``; docs/review.md).

Running the searches is :mod:`tictactoe.game.review.search`'s; the words a person
reads are :mod:`tictactoe.game.review.text`'s.

>>> from configurations.moves import Move
>>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(1, 1)), PositionValue.proved_as(Winner.X, Move(0, 2))
>>> mark(Side.X, draw, x_wins), mark(Side.O, draw, x_wins), mark(Side.O, x_wins, x_wins)
((<Mark.KEPT: ''>, False), (<Mark.MISTAKE: '?'>, False), (<Mark.KEPT: ''>, False))
>>> mark(Side.O, draw, PositionValue.estimated(1_500, None, Move(0, 0)))  # O's chances from 1/2 to about 0.11
(<Mark.BLUNDER: '??'>, True)
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.results import XScore

if TYPE_CHECKING:
    from configurations.moves import Move
    from tictactoe.game.record import GameRecord

__all__ = [
    "CHANCES_SCALE",
    "ESTIMATED_WIN",
    "THRESHOLDS",
    "Candidate",
    "Mark",
    "MoveReview",
    "PositionValue",
    "Review",
    "ReviewError",
    "build_review",
    "chances",
    "mark",
    "partial_review",
]

#: How a score of the strong player's turns into X's chances: ``1 / (1 + exp(-score / CHANCES_SCALE))``.
#: Fitted, by the likelihood of the results, to the 1360 positions with a score of 40 self-play games of the
#: strong player on 15x15, each estimated as a review at 1 s a position reads it, searched as deep as half a second
#: allows (``python -m bench.review --fit 40``, bench/review_results.txt: 734; 640 when every estimate searched
#: two plies).
CHANCES_SCALE = 734.0
#: X's chances in a position the strong player believes X wins without a proof (a win by threats; O's: 1 less):
#: how often such positions were won in the same self-play (348 of 371, 93.8%).
ESTIMATED_WIN = 0.94
#: The least drop of the mover's chances, by an estimate, that marks a move ``?!``, ``?`` and ``??``: the first
#: just above what 95% of the self-play's moves lost (0.093), the others twice and three times it, the spacing
#: of lichess's inaccuracy, mistake and blunder.
THRESHOLDS = ((0.30, "??"), (0.20, "?"), (0.10, "?!"))


class ReviewError(ValueError):
    """Values that cannot be a review of the game given (too many or too few, or a proof that cannot be)."""


class Mark(enum.StrEnum):
    """What a move did to its mover; each is equal to its sign."""

    #: Nothing lost: the proved result kept, or the chances not dropped past the first threshold.
    KEPT = ""
    #: By an estimate only: the chances dropped past the first threshold.
    INACCURACY = "?!"
    #: Won to drawn, or drawn to lost; or by an estimate, the chances dropped past the second threshold.
    MISTAKE = "?"
    #: Won to lost; or by an estimate, the chances dropped past the third.
    BLUNDER = "??"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One of the best moves found in a position, searched as deep as the position: ``moves``, its line (the
    move first, then the replies the search expects); ``score``, its estimate from ``X``'s side (0 with a
    result); ``winner``, the result the search found or believes after it, or None."""

    moves: tuple[Move, ...]
    score: XScore
    winner: Winner | None

    @property
    def move(self) -> Move:
        """The candidate move itself."""
        return self.moves[0]

    @property
    def value(self) -> PositionValue:
        """The candidate's value as an estimated position's, its move the best."""
        return PositionValue.estimated(self.score, self.winner, self.move)


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
    game is over.  ``depth``: the plies the strong player searched (0 when it
    did not, or searched none); ``lines``: its best moves at that depth, the
    best first, each with its line and value (none when it did not search);
    ``fours``: the win by continuous fours of the side to move it found (the
    moves of both sides), or None.
    """

    proved: bool
    winner: Winner | None
    score: XScore
    best: Move | None
    depth: int = field(default=0, kw_only=True)
    lines: tuple[Candidate, ...] = field(default=(), kw_only=True)
    fours: tuple[Move, ...] | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        if self.proved and (self.winner is None or self.score != 0):
            raise ReviewError(f"a proved value has a result and no score, got {self.winner!r} and {self.score!r}")

    @classmethod
    def proved_as(
        cls,
        winner: Winner,
        best: Move | None,
        *,
        depth: int = 0,
        lines: tuple[Candidate, ...] = (),
        fours: tuple[Move, ...] | None = None,
    ) -> PositionValue:
        """The value proved to be ``winner``, which ``best`` gets (None on a finished board); the ``depth``,
        ``lines`` and ``fours`` of the strong player's search that proved it, if it was one."""
        return cls(True, winner, XScore(0), best, depth=depth, lines=lines, fours=fours)

    @classmethod
    def estimated(
        cls,
        score: XScore,
        winner: Winner | None,
        best: Move | None,
        *,
        depth: int = 0,
        lines: tuple[Candidate, ...] = (),
        fours: tuple[Move, ...] | None = None,
    ) -> PositionValue:
        """The strong player's estimate: ``score`` from ``X``'s side, the result it expects if any, its move;
        its ``depth``, ``lines`` and ``fours``."""
        return cls(False, winner, score, best, depth=depth, lines=lines, fours=fours)


def chances(value: PositionValue) -> float:
    """X's chances in a position worth ``value``, from 0 to 1: its expected score, a win 1 and a draw 1/2.

    >>> from configurations.moves import Move
    >>> chances(PositionValue.proved_as(Winner.DRAW, None)), chances(PositionValue.estimated(0, None, None))
    (0.5, 0.5)
    >>> round(chances(PositionValue.estimated(734, None, None)), 3)
    0.731
    >>> round(chances(PositionValue.estimated(-9, Winner.O, None)), 3)  # believed, not proved
    0.06
    """
    if value.winner is not None:
        worth = {Winner.X: 1.0, Winner.DRAW: 0.5, Winner.O: 0.0}[value.winner]
        return worth if value.proved else 0.5 + (worth - 0.5) * (2 * ESTIMATED_WIN - 1)
    return 1 / (1 + math.exp(-max(-700.0, min(700.0, value.score / CHANCES_SCALE))))


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One move of a reviewed game: its ``number`` (from 1), who played it, the values around it, its mark.

    ``estimated``: the mark is an estimate's (a value around the move is
    not proved).  ``better``: for a marked move, the best move found in the
    position before it (proved: one that kept the result); else None.
    """

    number: int
    side: Side
    move: Move
    before: PositionValue
    after: PositionValue
    mark: Mark
    better: Move | None
    estimated: bool = False

    @property
    def mark_text(self) -> str:
        """The mark as shown: ``?`` or ``??`` proved, ``~?!``, ``~?`` or ``~??`` by an estimate, empty when kept."""
        return f"~{self.mark}" if self.estimated and self.mark != Mark.KEPT else str(self.mark)

    @property
    def chances(self) -> tuple[float, float]:
        """The mover's chances before the move and after it."""
        before, after = chances(self.before), chances(self.after)
        return (before, after) if self.side is Side.X else (1 - before, 1 - after)


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review at ``think`` seconds a position: ``positions[n]`` is the value after ``n`` moves.

    ``moves`` are the game's moves, each with its values and mark; build a
    review with :func:`build_review`, which makes them agree.  A review that
    stopped short (:func:`partial_review`) has fewer positions than the game.
    """

    think: float
    positions: tuple[PositionValue, ...]
    moves: tuple[MoveReview, ...]

    @property
    def marked(self) -> tuple[MoveReview, ...]:
        """The moves marked, in the order played."""
        return tuple(move for move in self.moves if move.mark != Mark.KEPT)

    @property
    def estimated(self) -> int:
        """How many positions are only estimated."""
        return sum(not value.proved for value in self.positions)

    def best_line(self, position: int) -> tuple[Move, ...]:
        """The line the review shows from the position after ``position`` moves: its win by fours when one was
        found, else its best candidate's line; empty when it has neither (or there is no such position)."""
        if not 0 <= position < len(self.positions):
            return ()
        value = self.positions[position]
        if value.fours is not None:
            return value.fours
        return value.lines[0].moves if value.lines else ()


def build_review(record: GameRecord, think: float, positions: tuple[PositionValue, ...]) -> Review:
    """The review of ``record`` whose position values are ``positions`` (one more than the moves), marked.

    ``ReviewError`` when there are not as many values as positions, when
    ``think`` is not a number of seconds above 0, when a best move is off
    the board, or when the last position of a game its moves ended is not
    proved to be its result.
    """
    if len(positions) != len(record.moves) + 1:
        raise ReviewError(
            f"a game of {len(record.moves)} moves has {len(record.moves) + 1} positions, got {len(positions)}"
        )
    result = record.board_result
    if result is not None and (positions[-1].winner, positions[-1].proved) != (result, True):
        raise ReviewError(f"the game ends in {result}, but its last position is valued {positions[-1].winner}")
    return partial_review(record, think, positions)


def partial_review(record: GameRecord, think: float, positions: tuple[PositionValue, ...]) -> Review:
    """The review of the first ``len(positions)`` positions of ``record``: its moves between them, marked.

    ``ReviewError`` as :func:`build_review` says, but for the number of positions, at most one more than the moves.
    """
    if not (think > 0 and math.isfinite(think)):
        raise ReviewError(f"think is a number of seconds above 0, got {think!r}")
    if len(positions) > len(record.moves) + 1:
        raise ReviewError(f"a game of {len(record.moves)} moves has {len(record.moves) + 1} positions, got more")
    for ply, value in enumerate(positions):
        best = value.best
        if best is not None and not _on_board(best, record):
            raise ReviewError(f"the best move of position {ply} is off the board: {best!r}")
        found = [*(move for line in value.lines for move in line.moves), *(value.fours or ())]
        if not all(_on_board(move, record) for move in found):
            raise ReviewError(f"a line of position {ply} goes off the board")
    moves = []
    for number, timed in enumerate(record.moves[: max(0, len(positions) - 1)], 1):
        side = record.mover(number - 1)
        before, after = positions[number - 1], positions[number]
        move_mark, estimated = mark(side, before, after)
        better = before.best if move_mark != Mark.KEPT and before.best != timed.move else None
        if better is None:
            move_mark = Mark.KEPT  # the best move found was played: nothing better to name
        moves.append(MoveReview(number, side, timed.move, before, after, move_mark, better, estimated))
    return Review(float(think), tuple(positions), tuple(moves))


def _on_board(move: Move, record: GameRecord) -> bool:
    return 0 <= move.row < record.rules.rows and 0 <= move.col < record.rules.cols


def mark(side: Side, before: PositionValue, after: PositionValue) -> tuple[Mark, bool]:
    """What ``side``'s move, from a position worth ``before`` to one worth ``after``, did to it; and whether the
    mark is an estimate's (either value is not proved)."""
    if before.proved and after.proved:
        lost = _standing(side, before.winner) - _standing(side, after.winner)
        return (Mark.BLUNDER if lost >= 2 else Mark.MISTAKE if lost == 1 else Mark.KEPT), False
    was, now = chances(before), chances(after)
    drop = was - now if side is Side.X else now - was
    sign = next((sign for least, sign in THRESHOLDS if drop >= least), "")
    return Mark(sign), True


def _standing(side: Side, winner: Winner | None) -> int:
    """2 when ``side`` wins, 1 for a draw, 0 when it loses."""
    return 1 if winner is Winner.DRAW else 2 if winner is not None and winner.side is side else 0
