"""The one clock of the searches: a deadline on the wall clock, and what a search does when it passes it.

The solve (:mod:`tictactoe.solver.solve`), the strong search
(:mod:`tictactoe.solver.strong_search`) and the search of wins by threats
(:mod:`tictactoe.solver.threats`) each count positions and stop at a
:class:`Deadline`: the first two by raising :class:`OutOfTime`, which their
callers catch to keep what they had found, the third by giving up.

Looking at the clock costs about as much as visiting a position's first
few squares, so a search looks once in :data:`EVERY` positions: a position
takes at most half a millisecond (on 26x26), so it stops within a few
hundredths of a second of the deadline.

>>> deadline = Deadline.after(None)
>>> deadline.passed(), any(deadline.tick() for _ in range(1000))
(False, False)
>>> Deadline(at=0.0).passed()
True
"""

from __future__ import annotations

import math
import time

__all__ = ["EVERY", "Deadline", "OutOfTime"]

#: Positions between two looks at the clock.
EVERY = 64


class OutOfTime(Exception):
    """A search passed its deadline: what it found before is all there is."""


class Deadline:
    """A time on :func:`time.monotonic`'s clock (``inf``: none) past which a search stops.

    :meth:`tick` counts one position and looks at the clock once in
    ``every``; :meth:`check` does the same and raises :class:`OutOfTime`;
    :meth:`passed` looks at once.
    """

    __slots__ = ("_count", "_every", "at")

    def __init__(self, at: float = math.inf, *, every: int = EVERY) -> None:
        #: The time, on :func:`time.monotonic`'s clock.
        self.at = at
        self._every = every
        self._count = 0

    @classmethod
    def after(cls, seconds: float | None, *, every: int = EVERY) -> Deadline:
        """The deadline ``seconds`` from now; none for ``None``."""
        return cls(math.inf if seconds is None else time.monotonic() + seconds, every=every)

    def passed(self) -> bool:
        """Whether the deadline has passed, looking at the clock now."""
        return time.monotonic() > self.at

    def tick(self) -> bool:
        """Count a position; whether the deadline has passed, looked at on every ``every``-th (else False)."""
        self._count += 1
        return not self._count % self._every and time.monotonic() > self.at

    def check(self) -> None:
        """Count a position, and raise :class:`OutOfTime` if :meth:`tick` finds the deadline passed."""
        if self.tick():
            raise OutOfTime
