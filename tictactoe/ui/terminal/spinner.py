"""A search in a worker thread, with a spinner on the terminal while it runs a while.

Short searches finish before a person notices a pause, so the spinner
shows only after :data:`THINKING_DELAY`; it counts the positions tried,
read from the search's :class:`~configurations.SearchStats` as they grow,
and is erased before the search's answer is returned.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from configurations import SearchStats
from tictactoe.ui.worker import Worker

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO, TypeVar

    T = TypeVar("T")

__all__ = ["SPINNER_FRAMES", "SPINNER_PERIOD", "THINKING_DELAY", "think"]

THINKING_DELAY = 0.5  # seconds before the spinner shows
SPINNER_PERIOD = 0.1  # seconds between its frames
SPINNER_FRAMES = "|/-\\"


def think(search: Callable[[SearchStats], T], out: TextIO, *, delay: float | None = None) -> T:
    """``search(stats)`` in a worker thread, with a spinner on ``out`` once it has run ``delay`` seconds.

    ``delay`` defaults to :data:`THINKING_DELAY` as it is when called.  The
    spinner line is erased before returning.  An exception from the search
    is raised again here, in the caller's thread; Ctrl-C in the caller's
    thread ends the wait (the worker is a daemon, so it cannot keep the
    program alive).
    """
    stats = SearchStats()
    worker = Worker(lambda: search(stats), name="search")
    started = time.monotonic()
    widest = 0
    try:
        done = worker.wait(THINKING_DELAY if delay is None else delay)
        while not done:
            frame = SPINNER_FRAMES[int((time.monotonic() - started) / SPINNER_PERIOD) % len(SPINNER_FRAMES)]
            nodes = stats.nodes
            line = f"{frame} thinking..." + (f" {nodes:,} positions tried" if nodes else "")
            widest = max(widest, len(line))
            out.write("\r" + line.ljust(widest))
            out.flush()
            done = worker.wait(SPINNER_PERIOD)
    finally:
        if widest:
            out.write("\r" + " " * widest + "\r")
            out.flush()
    answer = worker.outcome()  # the search's answer, or what it raised, raised again in this thread
    assert answer is not None  # a search that has ended always answers
    return answer
