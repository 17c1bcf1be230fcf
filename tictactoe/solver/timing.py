"""How a move's time is spent: the seconds a move is given from a match's limits, the deadlines of the searches
within it, and when the strong search's iterative deepening begins another depth.

The brain (:mod:`tictactoe.brain.budget`) turns the manager's limits into
the seconds of one move with :func:`move_budget`; the strong search
(:mod:`tictactoe.solver.strong_search`) spends them with a
:class:`MoveClock`: each search at the root ends by its share of the
budget, counted from the start of the move -- the player's own win by
fours (``FOURS_SHARE``); the opponent's, as if the player passed, with the
moves that stop it (``GUARD_SHARE``); the player's own win by fours and
threes (``THREES_SHARE``); the iterative deepening (``DEEPENING_SHARE``).
The last check of the move chosen against the opponent's fours ends with
the whole budget.

>>> clock = MoveClock(100.0, 1.0)
>>> clock.fours, clock.guard, clock.threes, clock.deepening, clock.whole
(100.1, 100.25, 100.35, 100.9, 101.0)
>>> move_budget(5.0, None, default=1.0), move_budget(None, 20.0, default=1.0), move_budget(0.0, None, default=1.0)
(4.0, 0.798, 0.01)
"""

from __future__ import annotations

import math
import time

__all__ = [
    "DEEPENING_SHARE",
    "FOURS_SHARE",
    "GUARD_SHARE",
    "HOPE",
    "LATENCY",
    "MIN_THINK",
    "MOVES_AHEAD",
    "NEXT_DEPTH_END_SHARE",
    "THREES_SHARE",
    "TURN_SHARE",
    "MoveClock",
    "move_budget",
    "next_depth_seconds",
]

#: The share of a turn's limit a move is given.
TURN_SHARE = 0.8
#: Seconds kept back from every limit for what is not the search: reading, replying, the search's
#: overrun past its own deadline (it looks at the clock every few positions), Python's pauses.
LATENCY = 0.05
#: The least a search is given, when the limits leave less (or ask for a move "as fast as possible").
MIN_THINK = 0.01
#: A match clock is spread over this many moves, whatever is left.
MOVES_AHEAD = 25

#: The shares of the budget by which each search at the root ends, from the start of the move.
FOURS_SHARE = 0.1
GUARD_SHARE = 0.25
THREES_SHARE = 0.35
DEEPENING_SHARE = 0.9
# A new depth is begun when HOPE times its foreseen cost (next_depth_seconds, from the depths before it) ends
# by this share of the budget.  The foresight overstates the cost by a half on average, and a depth the deadline
# stops is not lost: its best move so far is played and its positions stay in the table for the next move.
# Measured by python -m bench.strong --time-use (40 positions, 15x15): at a HOPE of 1 the player used 53% of a
# 1 s budget on average; at 0.4, 69% (72% at 0.2 s); at 0.25, 75% (79% at 0.2 s), on two cores under a load of 3.
# With the narrower beams (WIDTH 10) a depth's cost grows by more, and at 0.25 the player used 70% of 1 s (77% of
# 0.2 s); at 0.15, 72% (83%); at 0.1, 73% (87%), on the machine alone.  At 1 s most of what is left is the moves
# whose deepening ends on a believed win, which it plays at once.
NEXT_DEPTH_END_SHARE = 0.85
HOPE = 0.1
# The growth in cost from one depth to the next, foreseen before two depths are known, and its bounds.
_FIRST_GROWTH = 4.0
_LEAST_GROWTH = 1.5
_MOST_GROWTH = 8.0
# The least time a finished depth is taken to have cost, so that growth is not foreseen from a clock's noise.
_LEAST_DEPTH_SECONDS = 0.0005


def move_budget(turn: float | None, match_left: float | None, *, default: float) -> float:
    """The seconds a move is given: ``default`` with no ``turn`` limit, ``MIN_THINK`` for a turn of 0 ("as fast
    as possible"), else ``TURN_SHARE`` of the turn and never more than the turn less ``LATENCY``; with
    ``match_left`` seconds of a match's clock, also at most ``1 / MOVES_AHEAD`` of what is left after
    ``LATENCY``, so that what is left shrinks by a share a move and never runs out."""
    if turn is None:
        budget = default
    elif turn == 0:
        budget = MIN_THINK
    else:
        budget = min(turn * TURN_SHARE, turn - LATENCY)
    if match_left is not None:
        budget = min(budget, (match_left - LATENCY) / MOVES_AHEAD)
    return max(round(budget, 6), MIN_THINK)


class MoveClock:
    """The deadlines of one move begun at ``started`` on :func:`time.monotonic`'s clock with ``think`` seconds,
    each a time on that clock, and whether the deepening begins another depth."""

    __slots__ = ("started", "think")

    def __init__(self, started: float, think: float) -> None:
        self.started = started
        self.think = think

    def by(self, share: float) -> float:
        """The time by which ``share`` of the budget is spent."""
        return self.started + self.think * share

    @property
    def fours(self) -> float:
        """When the search of the player's own win by fours ends."""
        return self.by(FOURS_SHARE)

    @property
    def guard(self) -> float:
        """When the search of the opponent's win by fours, and of the moves that stop it, ends."""
        return self.by(GUARD_SHARE)

    @property
    def threes(self) -> float:
        """When the search of the player's own win by fours and threes ends."""
        return self.by(THREES_SHARE)

    @property
    def deepening(self) -> float:
        """When the iterative deepening stops, in the middle of a depth if it must."""
        return self.by(DEEPENING_SHARE)

    @property
    def whole(self) -> float:
        """When the whole budget is spent."""
        return self.started + self.think

    def begin_depth(self, spent: list[float]) -> bool:
        """Whether the deepening begins the next depth after depths that took ``spent`` seconds (in order):
        whether ``HOPE`` times its foreseen cost ends by ``NEXT_DEPTH_END_SHARE`` of the budget."""
        return not time.monotonic() + HOPE * next_depth_seconds(spent) > self.by(NEXT_DEPTH_END_SHARE)


def next_depth_seconds(spent: list[float]) -> float:
    """The seconds the next depth is foreseen to take, from the seconds of the depths before it (``spent``, in
    order): the last one's times the growth of the last two steps (odd and even depths cost differently, so a
    step of each), bounded.

    >>> next_depth_seconds([0.002]), round(next_depth_seconds([0.002, 0.007, 0.048]), 3)
    (0.008, 0.235)
    """
    last = max(spent[-1], _LEAST_DEPTH_SECONDS)
    if len(spent) >= 3:
        growth = math.sqrt(last / max(spent[-3], _LEAST_DEPTH_SECONDS))
    elif len(spent) == 2:
        growth = last / max(spent[-2], _LEAST_DEPTH_SECONDS)
    else:
        growth = _FIRST_GROWTH
    return last * min(max(growth, _LEAST_GROWTH), _MOST_GROWTH)
