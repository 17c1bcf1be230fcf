"""Reviewing a game: each position valued by the solver within the time given, or else by the strong player.

:func:`review_game` takes a :class:`~tictactoe.game.record.GameRecord`,
finished or not, and hands back a
:class:`~tictactoe.game.review.values.Review`.  Each position -- the empty
board, then the board after each move -- is first given to the solver
(:func:`~tictactoe.solver.solve`) for :data:`SOLVE_SHARE` of ``think``
seconds; a position it proves is valued by that proof and its best move.
One it cannot prove in time is estimated by the ``strong`` player in the
rest of ``think``: its score from ``X``'s side, the result it found or
believes if any, and its move.  Nothing here prints: a caller is told the
progress through ``progress`` and may ask the review to stop through
``stop``, both called between the searches.

>>> from configurations.moves import Move
>>> from tictactoe.game.record import GameRecord, Competitor, TimedMove
>>> ada = Competitor("ada", "human")
>>> moves = tuple(TimedMove(Move.parse(text, 3), 1.0) for text in ("b2", "b1"))  # b1: O loses
>>> review = review_game(GameRecord(ada, ada, 3, 3, 9, None, None, None, moves), think=1.0)
>>> [(str(move.side), str(move.move), move.mark.value, str(move.better)) for move in review.moves]
[('X', 'b2', '', 'None'), ('O', 'b1', '?', 'a1')]
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from configurations import Configurations
from configurations.results import Outcome, score_for_x
from tictactoe.game.game import Game
from tictactoe.game.review.values import PositionValue, Review, build_review
from tictactoe.players.strong import StrongPlayer
from tictactoe.solver import Position, solve
from tictactoe.solver.strong_search import BELIEVED

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.game.record import GameRecord

__all__ = ["ESTIMATE_LEVELS", "SOLVE_SHARE", "ReviewStopped", "review_game"]

#: The share of a position's ``think`` seconds the solver has; the strong player has the rest when it is needed.
SOLVE_SHARE = 0.5
#: The strong player's depth limit: more plies than its clock ever lets it reach, so that the clock decides.
ESTIMATE_LEVELS = 40


class ReviewStopped(Exception):
    """The review was asked to stop before its end."""


def review_game(
    record: GameRecord,
    think: float,
    *,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Review:
    """The review of ``record`` at about ``think`` seconds of wall-clock time a position.

    ``progress(done, total)`` is told how many of the ``total`` positions
    are valued, before each and once at the end.  :class:`ReviewStopped`
    once ``stop()`` is true, which is asked before each search.
    ``ValueError`` unless ``think`` is a number of seconds above 0.
    """
    if isinstance(think, bool) or not isinstance(think, int | float) or not (think > 0 and math.isfinite(think)):
        raise ValueError(f"think must be a number of seconds above 0, got {think!r}")
    estimator = StrongPlayer(ESTIMATE_LEVELS, think * (1 - SOLVE_SHARE))
    game = Game(record.size, record.length)
    total = len(record.moves) + 1
    values = []
    for ply in range(total):
        if ply:
            game.play(record.moves[ply - 1].move)
        if progress is not None:
            progress(ply, total)
        values.append(_value(game.board, think, estimator, stop))
    if progress is not None:
        progress(total, total)
    return build_review(record, think, tuple(values))


def _value(
    board: Configurations, think: float, estimator: StrongPlayer, stop: Callable[[], bool] | None
) -> PositionValue:
    """What ``board`` is worth: proved by the solver in its share of ``think``, or else the strong player's estimate."""
    _check(stop)
    position = Position.from_configurations(board)
    solution = solve(position, think * SOLVE_SHARE)
    if solution.value is not None:
        return PositionValue.proved_as(solution.value, solution.best)
    _check(stop)
    mover = position.mover
    move = estimator.choose(board, mover)
    choice = estimator.last_choice
    assert choice is not None  # set by every choose
    outcome = choice.outcome
    if outcome is None and abs(choice.score) >= BELIEVED:
        outcome = Outcome.WIN if choice.score > 0 else Outcome.LOSS  # a win by threats, believed
    expected = None if outcome is None else outcome.winner(mover)
    return PositionValue.estimated(score_for_x(choice.score, mover), expected, move)


def _check(stop: Callable[[], bool] | None) -> None:
    if stop is not None and stop():
        raise ReviewStopped
