"""Work that runs while the person's interface stays awake: a task in a daemon thread, its outcome handed back.

The window polls it from Tk's thread, the terminal waits for it while a
spinner turns.  The worker never touches either: it leaves its outcome on
itself as its thread ends, and :meth:`Worker.outcome` gives it back in the
thread that asks once the worker's thread has ended -- the value the task
returned, or what it raised, raised again there.  It is a daemon thread, since the work cannot be interrupted:
closing the window, or Ctrl-C at the terminal, ends the program without
waiting for it.

>>> import time
>>> worker = Worker(lambda: 42, name="answer")
>>> while (answer := worker.outcome()) is None:
...     time.sleep(0.01)
>>> answer
42
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["Worker"]

_T = TypeVar("_T")


class Worker(Generic[_T]):
    """``task()`` running in a daemon thread called ``name`` from the moment this is made.

    ``thread`` is that thread (joined by tests to see it end).  The task
    must not return None, which :meth:`outcome` gives while it runs.
    """

    def __init__(self, task: Callable[[], _T], *, name: str) -> None:
        # Written once, by the worker's thread, before it ends; read only once it has ended (a queue would cost
        # a game's start-up 2.6 million instructions, 1% of play.py 3 3 9, for nothing a join does not give).
        self._outcome: _T | BaseException | None = None

        def work() -> None:
            try:
                self._outcome = task()
            except BaseException as error:  # handed to the asking thread, raised again there
                self._outcome = error

        self.thread = threading.Thread(target=work, name=name, daemon=True)
        self.thread.start()

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the task to end; whether it has."""
        self.thread.join(seconds)
        return not self.thread.is_alive()

    def outcome(self) -> _T | None:
        """What the task returned, or None while it runs; what it raised, raised again."""
        if self.thread.is_alive():
            return None
        if isinstance(self._outcome, BaseException):
            raise self._outcome
        return self._outcome
