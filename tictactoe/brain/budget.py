"""What the manager's limits leave the search: seconds for this move, and positions its table may hold.

The protocol gives times in milliseconds and memory in bytes, 0 meaning
"no limit" (for ``timeout_turn``: "as fast as possible").

Time.  A move may take ``timeout_turn``; the search is given
``TURN_SHARE`` of it, and never more than the turn less ``LATENCY``: the
search overruns its budget by a few milliseconds (it looks at the clock
every few positions), and reading, replying and Python's pauses take the
rest.  With a match clock (``timeout_match``, and ``time_left`` before a
move), a move is also given at most ``1 / MOVES_AHEAD`` of what is left
after ``LATENCY`` for each of those moves: what is left then shrinks by a
share a move and never runs out.  The arithmetic, and these shares, are
the search's own clock's (:mod:`tictactoe.solver.timing`), which also
spends a move's seconds within the search; here the protocol's
milliseconds become its seconds.

>>> clock = Clock(turn_ms=5000)
>>> clock.seconds()  # 80% of the turn
4.0
>>> Clock(turn_ms=5000, match_ms=60000, left_ms=20000).seconds()  # what is left, spread over 25 moves
0.798
>>> Clock().seconds(), Clock(turn_ms=0).seconds()  # no limit: the strong player's second; "fast": the least
(1.0, 0.01)

Memory.  The search's table takes about ``RECORD_BYTES`` and a key of two
bits a square for each position; the rest of the process
(``RESERVED_BYTES``: Python, the modules, the search's other tables) is
kept out of ``max_memory`` first.

>>> table_capacity(0, squares=225), table_capacity(350_000_000, squares=225)
(200000, 200000)
>>> table_capacity(100_000_000, squares=400)
117647
>>> table_capacity(10_000_000, squares=400)  # too little to keep the rest: the smallest table
1000
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe.players.base import DEFAULT_THINK
from tictactoe.solver.strong_search import DEFAULT_CAPACITY
from tictactoe.solver.timing import LATENCY, MIN_THINK, MOVES_AHEAD, TURN_SHARE, move_budget

__all__ = [
    "LATENCY",
    "MIN_CAPACITY",
    "MIN_THINK",
    "MOVES_AHEAD",
    "RECORD_BYTES",
    "RESERVED_BYTES",
    "TURN_SHARE",
    "Clock",
    "table_capacity",
]

#: Bytes a position's record takes in the search's table, its key aside: the record, the key's string
#: object, the table's bucket entry and the ring slot that keeps its age (measured with tracemalloc:
#: about 160, rounded up for the allocator's slack).
RECORD_BYTES = 240
#: Bytes of the process that are not the table: the interpreter and the modules (about 20 MB), the
#: board's geometry, the threat searches' tables of failures, and room for the allocator to grow.
RESERVED_BYTES = 60_000_000
#: The least the table holds, however small ``max_memory`` is.
MIN_CAPACITY = 1000
_MS = 1000


@dataclass(frozen=True, slots=True)
class Clock:
    """The manager's clock, in milliseconds as the protocol gives them; ``None`` where it gave none."""

    #: ``timeout_turn``: the most one move may take; 0 asks for moves as fast as possible.
    turn_ms: int | None = None
    #: ``timeout_match``: the most the whole match may take; 0 is no limit.
    match_ms: int | None = None
    #: ``time_left``: what is left of the match's time.
    left_ms: int | None = None

    def seconds(self) -> float:
        """The seconds the search is given for the next move (:func:`tictactoe.solver.timing.move_budget`)."""
        turn = None if self.turn_ms is None else self.turn_ms / _MS
        return move_budget(turn, self._match_left(), default=DEFAULT_THINK)

    def _match_left(self) -> float | None:
        """Seconds left of the match, or None when the match has no limit."""
        if self.match_ms == 0:
            return None
        if self.left_ms is not None:
            return self.left_ms / _MS
        return None if self.match_ms is None else self.match_ms / _MS


def table_capacity(max_memory: int, *, squares: int) -> int:
    """How many positions the table may hold within ``max_memory`` bytes (0: no limit) on a board of
    ``squares`` squares: never more than the strong player's own table, never fewer than ``MIN_CAPACITY``."""
    if max_memory == 0:
        return DEFAULT_CAPACITY
    key_bytes = (2 * squares + 7) // 8
    fits = (max_memory - RESERVED_BYTES) // (RECORD_BYTES + key_bytes)
    return max(MIN_CAPACITY, min(DEFAULT_CAPACITY, fits))
