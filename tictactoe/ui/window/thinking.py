"""A search that runs while the window stays awake: a worker thread and what it hands back.

The window starts a :class:`Search` and polls it from Tk's own thread:
the positions tried so far and the seconds gone, then the move found (or,
under a swap opening, the colour chosen) or the error raised, handed over
by a :class:`~tictactoe.ui.worker.Worker`.

>>> import time
>>> from configurations.moves import Move
>>> search = Search(lambda stats: Move(1, 1))
>>> while (move := search.outcome()) is None:
...     time.sleep(0.01)
>>> move
Move(row=1, col=1)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Generic, TypeVar

from configurations import SearchStats
from tictactoe.ui.worker import Worker

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["Search"]

_T = TypeVar("_T")


class Search(Generic[_T]):
    """``task(stats)`` running in a daemon thread from the moment this is made.

    ``stats.nodes`` grows while it runs (read it from any thread; it is
    only ever added to).  :meth:`outcome` is None until the task is done,
    then what it returned (never None); an exception it raised is raised again by
    :meth:`outcome`, in the caller's thread.
    """

    def __init__(self, task: Callable[[SearchStats], _T]) -> None:
        self.stats = SearchStats()
        self.started = time.monotonic()
        self._worker = Worker(lambda: task(self.stats), name="search")

    @property
    def seconds(self) -> float:
        """Seconds since the search started."""
        return time.monotonic() - self.started

    def outcome(self) -> _T | None:
        """What the task returned, or None while the search runs; what the task raised, raised again."""
        return self._worker.outcome()
