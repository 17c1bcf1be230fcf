"""Reviewing a game: each position valued by the solver within the time given, or else by the strong player.

:func:`review_game` takes a :class:`~tictactoe.game.record.GameRecord`,
finished or not, and hands back a
:class:`~tictactoe.game.review.values.Review`.  Each position -- the start,
then the board after each move -- is first given to the solver
(:func:`~tictactoe.solver.solve`) for :data:`SOLVE_SHARE` of ``think``
seconds; a position it proves is valued by that proof and its best move.
One it cannot prove in time is estimated by the strong player's search
(:class:`~tictactoe.solver.StrongSearch`) in the rest of ``think``, or
:data:`ESTIMATE_SECONDS` when that is more.

An estimate must read the same way at every position, or its values jump
from one move to the next as the search's horizon falls after one side's
move or the other's.  So every estimate searches :data:`ESTIMATE_PLIES`
plies -- both sides the same number of moves -- or, when that does not
finish in time, none (the position's own line weights): an even number
either way.  A move the search finds forced (a block of a four) does not
count as a ply, as in the search itself: the position after it is valued
instead.  The scores are turned to ``X``'s side, so that a graph of them
does not swing with the side to move.

A position whose stones do not tell whose turn it is (a start set up with
``O`` to move and as many stones of each) is searched with the colours
exchanged -- the rules do not tell the sides apart but for who moves --
and its value exchanged back.

Nothing here prints: a caller is told the progress through ``progress``
and may ask the review to stop through ``stop``, both called between the
searches.  A search that fails underneath (any exception of the solver or
the strong player's) ends the review with :class:`ReviewFailed`, which
holds the review of the positions valued before it.

>>> from configurations.moves import Move
>>> from tictactoe.game.record import GameRecord, Competitor, TimedMove
>>> ada = Competitor("ada", "human")
>>> moves = tuple(TimedMove(Move.parse(text, 3), 1.0) for text in ("b2", "b1"))  # b1: O loses
>>> from configurations.rules import Rules
>>> review = review_game(GameRecord(ada, ada, Rules.square(3, 3), 9, None, None, None, moves), think=1.0)
>>> [(str(move.side), str(move.move), move.mark.value, str(move.better)) for move in review.moves]
[('X', 'b2', '', 'None'), ('O', 'b1', '?', 'a1')]
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.results import Outcome, XScore
from configurations.rules import Variant
from tictactoe.game.game import Game
from tictactoe.game.review.values import PositionValue, Review, build_review, partial_review
from tictactoe.solver import Position, StrongSearch, solve
from tictactoe.solver.evaluation import evaluate
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.strong_search import BELIEVED

if TYPE_CHECKING:
    from collections.abc import Callable

    from configurations import Configurations
    from configurations.moves import Move
    from configurations.rules import Rules
    from tictactoe.game.record import GameRecord
    from tictactoe.solver.strong_search import Decision

__all__ = [
    "ESTIMATE_PLIES",
    "ESTIMATE_SECONDS",
    "SOLVE_SHARE",
    "PositionValuer",
    "ReviewFailed",
    "ReviewStopped",
    "review_game",
]

#: The share of a position's ``think`` seconds the solver has; the strong player has the rest when it is needed.
SOLVE_SHARE = 0.5
#: The plies every estimate searches: even, so that both sides have as many moves before the horizon.
ESTIMATE_PLIES = 2
#: The least wall-clock seconds an estimate has, whatever ``think`` leaves it: a search of ESTIMATE_PLIES plies
#: takes a tenth of it or less on 26x26 (bench/review_results.txt), so that it ends by itself, at the same depth
#: at every position, rather than cut short at one and not another.
ESTIMATE_SECONDS = 2.0
# Forced moves followed before a position is valued: a run of blocks is short, but a bound keeps it so.
_MOST_FORCED = 20
# The result with the colours exchanged.
_OTHER = {Winner.X: Winner.O, Winner.O: Winner.X, Winner.DRAW: Winner.DRAW}


class ReviewStopped(Exception):
    """The review was asked to stop before its end."""


class ReviewFailed(Exception):
    """A search under the review failed: ``review`` holds the positions valued before it, ``position`` is the one
    that failed (moves made), and the message says what failed, in one line."""

    def __init__(self, message: str, review: Review, position: int) -> None:
        super().__init__(message)
        self.review = review
        self.position = position


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
    once ``stop()`` is true, which is asked before each search;
    :class:`ReviewFailed` when a search fails.  ``ValueError`` unless
    ``think`` is a number of seconds above 0.
    """
    if isinstance(think, bool) or not isinstance(think, int | float) or not (think > 0 and math.isfinite(think)):
        raise ValueError(f"think must be a number of seconds above 0, got {think!r}")
    valuer = PositionValuer(record.rules, think)
    game = Game(record.rules, start=record.start)
    total = len(record.moves) + 1
    values: list[PositionValue] = []
    for ply in range(total):
        if ply:
            game.play(record.moves[ply - 1].move)
        if progress is not None:
            progress(ply, total)
        if stop is not None and stop():
            raise ReviewStopped
        try:
            values.append(valuer.value(game.board, record.mover(ply), game.result))
        except Exception as failure:  # whatever fails below is said in one line; what was valued is kept
            problem = str(failure).splitlines()[0] if str(failure) else "no reason given"
            message = f"the review stopped at position {ply} of {total - 1}: {type(failure).__name__}: {problem}"
            raise ReviewFailed(message, partial_review(record, think, tuple(values)), ply) from failure
    if progress is not None:
        progress(total, total)
    return build_review(record, think, tuple(values))


class PositionValuer:
    """Values positions of games played by ``rules``, at ``think`` seconds each: the solver first, then the strong
    player's search (:meth:`estimate`)."""

    def __init__(self, rules: Rules, think: float) -> None:
        self._think = think
        # Window values: the scale of the scores CHANCES_SCALE was fitted to.
        self._estimator = StrongSearch(rules, patterns=False)

    def value(self, board: Configurations, mover: Side, result: Winner | None) -> PositionValue:
        """What ``board``, ``mover`` to move, is worth: its result once over, else proved or estimated."""
        if result is not None:
            return PositionValue.proved_as(result, None)
        position, exchanged = _searchable(board, mover)
        value = self._proved(position)
        if value is None:
            value = self._estimated(position)
        return _exchanged(value) if exchanged else value

    def estimate(self, board: Configurations, mover: Side) -> PositionValue:
        """The strong player's estimate of ``board``, ``mover`` to move, the game not over: no proof is tried."""
        position, exchanged = _searchable(board, mover)
        value = self._estimated(position)
        return _exchanged(value) if exchanged else value

    def _proved(self, position: Position) -> PositionValue | None:
        if position.rules.variant is not Variant.FREESTYLE:  # the solver proves freestyle only: estimates alone
            return None
        solution = solve(position, self._think * SOLVE_SHARE)
        return None if solution.value is None else PositionValue.proved_as(solution.value, solution.best)

    def _estimated(self, position: Position) -> PositionValue:
        """The strong player's value of ``position`` by :data:`ESTIMATE_PLIES` plies, or none when that does not
        finish in its time; a forced move is followed first."""
        deadline = time.monotonic() + max(self._think * (1 - SOLVE_SHARE), ESTIMATE_SECONDS)
        followed: list[Move] = []
        for _ in range(_MOST_FORCED):
            mover = position.mover
            if position.winner is not None or not position.empty_squares:  # the forced moves ended the game
                return PositionValue.estimated(XScore(0), _result(position), followed[0])
            choice = self._estimator.choose(
                position, max_plies=ESTIMATE_PLIES, think=max(0.0, deadline - time.monotonic())
            )
            if not _forced(choice):
                break
            followed.append(choice.move)
            position = _after(position, choice.move)
        best = followed[0] if followed else choice.move
        outcome = choice.outcome
        if outcome is None and abs(choice.score) >= BELIEVED:
            outcome = Outcome.WIN if choice.score > 0 else Outcome.LOSS  # a win by threats, believed
        if outcome is not None:
            return PositionValue.estimated(XScore(0), outcome.winner(mover), best)
        # Out of time before its depth: the line weights of the position itself, searched no ply.
        score = evaluate(SearchBoard(position)) if choice.depth < ESTIMATE_PLIES else choice.score
        return PositionValue.estimated(XScore(score if mover is Side.X else -score), None, best)


def _forced(choice: Decision) -> bool:
    """Whether the search played ``choice`` as the only move, a block of the opponent's line, weighing nothing.

    The strong search settles that by its rules alone (depth 0) with no
    outcome and a score of 0; a win by threats scores ``BELIEVED``.
    """
    return choice.depth == 0 and choice.outcome is None and choice.score == 0


def _after(position: Position, move: Move) -> Position:
    bit = 1 << (move.row * position.width + move.col)
    x_tiles, o_tiles = position.x_tiles, position.o_tiles
    if position.mover is Side.X:
        x_tiles |= bit
    else:
        o_tiles |= bit
    return Position(position.rules, x_tiles, o_tiles)


def _result(position: Position) -> Winner:
    winner = position.winner
    return Winner.DRAW if winner is None else Winner.of(winner)


def _searchable(board: Configurations, mover: Side) -> tuple[Position, bool]:
    """The position on ``board`` as the searches take it, and whether its colours were exchanged to make it one.

    The searches know whose turn it is by counting the stones (X has as
    many as O, or one more); a game from a position set up may not.
    """
    x_tiles = o_tiles = 0
    for square, symbol in enumerate(board.configuration()):
        if symbol == Side.X:
            x_tiles |= 1 << square
        elif symbol == Side.O:
            o_tiles |= 1 << square
    counted = Side.X if x_tiles.bit_count() == o_tiles.bit_count() else Side.O
    exchanged = counted is not mover
    if exchanged:
        x_tiles, o_tiles = o_tiles, x_tiles
    return Position(board.rules, x_tiles, o_tiles), exchanged


def _exchanged(value: PositionValue) -> PositionValue:
    """``value`` of a position searched with its colours exchanged, as the position itself is worth."""
    winner = None if value.winner is None else _OTHER[value.winner]
    if value.proved:
        assert winner is not None  # a proved value has a result
        return PositionValue.proved_as(winner, value.best)
    return PositionValue.estimated(XScore(-value.score), winner, value.best)
