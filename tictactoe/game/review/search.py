"""Reviewing a game: each position valued by the solver within the time given, or else by the strong player.

:func:`review_game` takes a :class:`~tictactoe.game.record.GameRecord`,
finished or not, and hands back a
:class:`~tictactoe.game.review.values.Review`.  Each position -- the start,
then the board after each move -- is first given to the solver
(:func:`~tictactoe.solver.solve`) for :data:`SOLVE_SHARE` of ``think``
seconds; a position it proves is valued by that proof and its best move.
Every position is then analysed by the strong player's search
(:meth:`~tictactoe.solver.StrongSearch.analyse`) in the rest of ``think``
-- the value of one the solver could not prove, the lines of every one:
deeper the more time it has, its :data:`LINES` best moves each searched to
the same depth, with their lines, and a win by continuous fours of the
side to move when it finds one (a proof).

An estimate must read the same way at every position, or its values jump
from one move to the next as the search's horizon falls after one side's
move or the other's.  So every estimate of a review is read at one depth
parity (:func:`review_parity`): the parity of the deepest depth most of its
positions finished, each position at its deepest depth of that parity.  The
parity is chosen once every position is analysed, from how deep they went:
more time, deeper values, at the same parity throughout.  A position whose
search finished no depth of that parity is valued by its own line weights,
no ply searched.  The scores are turned to ``X``'s side, so that a graph of
them does not swing with the side to move.

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
>>> review_parity([]), review_parity([PositionValue.proved_as(Winner.DRAW, None)])
(0, 0)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.results import Outcome, XScore
from configurations.rules import Variant
from tictactoe.game.game import Game
from tictactoe.game.review.values import Candidate, PositionValue, Review, build_review, partial_review
from tictactoe.solver import Position, StrongSearch, solve
from tictactoe.solver.evaluation import evaluate
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.strong_search import BELIEVED

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from configurations import Configurations
    from configurations.moves import Move
    from configurations.rules import Rules
    from tictactoe.game.record import GameRecord
    from tictactoe.solver.analysis import Analysis, Depth, Line

__all__ = [
    "LINES",
    "SOLVE_SHARE",
    "Analysed",
    "PositionValuer",
    "ReviewFailed",
    "ReviewStopped",
    "review_game",
    "review_parity",
]

#: The share of a position's ``think`` seconds the solver has; the strong player has the rest when it is needed.
SOLVE_SHARE = 0.5
#: The best moves of each position the strong player's search keeps exact, each with its line.
LINES = 3
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
    values: list[PositionValue | Analysed] = []
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
            raise ReviewFailed(message, partial_review(record, think, _settled(values)), ply) from failure
    if progress is not None:
        progress(total, total)
    return build_review(record, think, _settled(values))


def review_parity(values: Sequence[PositionValue | Analysed]) -> int:
    """The depth parity a review reads its estimates at (0: even, 1: odd): that of the deepest depth most of its
    analysed positions finished, not counting those the search proved; even when as many are of each."""
    depths = [value.analysis.depth for value in values if isinstance(value, Analysed) and not value.proved]
    odd = sum(depth % 2 for depth in depths)
    return int(odd > len(depths) - odd)


def _settled(values: Sequence[PositionValue | Analysed]) -> tuple[PositionValue, ...]:
    """``values`` with each analysed position valued at the review's parity."""
    parity = review_parity(values)
    return tuple(value if isinstance(value, PositionValue) else value.value(parity) for value in values)


@dataclass(frozen=True, slots=True)
class Analysed:
    """A position the strong player's search analysed: ``position`` (its colours exchanged when ``exchanged``,
    to be searched) and its ``analysis``, to be valued at the review's parity (:meth:`value`)."""

    position: Position
    analysis: Analysis
    exchanged: bool

    @property
    def proved(self) -> bool:
        """Whether the search proved the position's value, whatever the depth: a win by fours, or a proof."""
        return self.analysis.fours is not None or self.analysis.deepest.proved

    def value(self, parity: int) -> PositionValue:
        """The position's value read at its deepest depth of ``parity``: proved by a win by fours, or a search
        that met no horizon; else estimated, by the position's own line weights when no depth of ``parity``
        finished."""
        mover = self.position.mover
        fours = self.analysis.fours
        depth = self.analysis.of_parity(parity)
        if depth is None or depth.depth == 0:
            score = evaluate(SearchBoard(self.position))
            best = self.analysis.lines[0].move
            value = PositionValue.estimated(XScore(score if mover is Side.X else -score), None, best, fours=fours)
        else:
            value = _value_at(mover, depth, fours)
        return _exchanged(value) if self.exchanged else value


def _value_at(mover: Side, depth: Depth, fours: tuple[Move, ...] | None) -> PositionValue:
    """The value of a position, ``mover`` to move, whose search finished ``depth`` (and found ``fours``)."""
    lines = tuple(_candidate(mover, line, proved=depth.proved) for line in depth.lines)
    best = lines[0]
    if fours is not None:
        return PositionValue.proved_as(Winner.of(mover), fours[0], depth=depth.depth, lines=lines, fours=fours)
    if depth.proved and best.winner is not None:
        return PositionValue.proved_as(best.winner, best.move, depth=depth.depth, lines=lines)
    if depth.proved:  # a proof that nobody wins
        return PositionValue.proved_as(Winner.DRAW, best.move, depth=depth.depth, lines=lines)
    return PositionValue.estimated(best.score, best.winner, best.move, depth=depth.depth, lines=lines)


def _candidate(mover: Side, line: Line, *, proved: bool) -> Candidate:
    """``line``, of a position ``mover`` is to move in, as a review's candidate: its value from ``X``'s side
    (``proved``: by a search that met no horizon, where a value that is no win is a draw)."""
    outcome = line.outcome or (Outcome.DRAW if proved else None)
    if outcome is None and abs(line.value) >= BELIEVED:
        outcome = Outcome.WIN if line.value > 0 else Outcome.LOSS  # a win the beams believe
    if outcome is not None:
        return Candidate(line.moves, XScore(0), outcome.winner(mover))
    return Candidate(line.moves, XScore(line.value if mover is Side.X else -line.value), None)


class PositionValuer:
    """Values positions of games played by ``rules``, at ``think`` seconds each: the solver first, then the strong
    player's analysis."""

    def __init__(self, rules: Rules, think: float) -> None:
        self._think = think
        self._deadline = 0.0  # when the position being valued has had its time
        # Window values: the scale of the scores CHANCES_SCALE was fitted to.
        self._estimator = StrongSearch(rules, patterns=False)

    def value(self, board: Configurations, mover: Side, result: Winner | None) -> PositionValue | Analysed:
        """What ``board``, ``mover`` to move, is worth: its result once over, else proved, else analysed (to be
        read at the review's parity)."""
        if result is not None:
            return PositionValue.proved_as(result, None)
        position, exchanged = _searchable(board, mover)
        self._deadline = time.monotonic() + self._think
        value = self._proved(position)
        analysed = self._analysed(position, exchanged)
        if value is None:
            return analysed
        # Proved: the search still gives its lines and any win by fours, in the time the proof left.
        found = analysed.value(analysed.analysis.depth % 2)
        value = _exchanged(value) if exchanged else value
        return replace(value, depth=found.depth, lines=found.lines, fours=found.fours)

    def estimate(self, board: Configurations, mover: Side) -> PositionValue:
        """The strong player's estimate of ``board``, ``mover`` to move, the game not over, at the parity of its
        deepest finished depth: no proof is tried."""
        position, exchanged = _searchable(board, mover)
        self._deadline = time.monotonic() + self._think * (1 - SOLVE_SHARE)
        analysed = self._analysed(position, exchanged)
        return analysed.value(analysed.analysis.depth % 2)

    def _proved(self, position: Position) -> PositionValue | None:
        if position.rules.variant is not Variant.FREESTYLE:  # the solver proves freestyle only: estimates alone
            return None
        solution = solve(position, self._think * SOLVE_SHARE)
        return None if solution.value is None else PositionValue.proved_as(solution.value, solution.best)

    def _analysed(self, position: Position, exchanged: bool) -> Analysed:
        """``position`` analysed by the strong player's search in the rest of the position's time."""
        # At least a part of its share, should the solver have run over its own.
        seconds = max(self._deadline - time.monotonic(), self._think * (1 - SOLVE_SHARE) / 2)
        analysis = self._estimator.analyse(position, seconds, LINES)
        return Analysed(position, analysis, exchanged)


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
    lines = tuple(
        Candidate(line.moves, XScore(-line.score), None if line.winner is None else _OTHER[line.winner])
        for line in value.lines
    )
    if value.proved:
        assert winner is not None  # a proved value has a result
        return PositionValue.proved_as(winner, value.best, depth=value.depth, lines=lines, fours=value.fours)
    return PositionValue.estimated(
        XScore(-value.score), winner, value.best, depth=value.depth, lines=lines, fours=value.fours
    )
