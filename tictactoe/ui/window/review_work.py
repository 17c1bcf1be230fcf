"""A game's review running while the window stays awake: a worker thread, its progress, and a way to stop it.

:class:`ReviewWork` runs :func:`~tictactoe.game.review.review_game` in a
daemon thread from the moment it is made.  The window polls it from Tk's
own thread: :attr:`ReviewWork.done` positions valued of
:attr:`ReviewWork.total`, then the review or the error raised.  The worker
never touches Tk.  :meth:`ReviewWork.stop` asks it to end before its next
search; a search under way is not interrupted, so the thread ends within
one position's time.

>>> import time
>>> from configurations.moves import Move
>>> from tictactoe.game.record import GameRecord, Competitor, TimedMove
>>> ada = Competitor("ada", "human")
>>> from configurations.rules import Rules
>>> record = GameRecord(ada, ada, Rules.square(3, 3), 9, None, None, None, (TimedMove(Move(1, 1), 1.0),))
>>> work = ReviewWork(record, 1.0)
>>> while (review := work.outcome()) is None:
...     time.sleep(0.01)
>>> work.done, work.total, [value.winner for value in review.positions]
(2, 2, [<Winner.DRAW: 'draw'>, <Winner.DRAW: 'draw'>])
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from tictactoe.game.review.search import review_game
from tictactoe.ui.worker import Worker

if TYPE_CHECKING:
    from tictactoe.game.record import GameRecord
    from tictactoe.game.review.values import Review

__all__ = ["ReviewWork"]


class ReviewWork:
    """The review of ``record`` at ``think`` seconds a position, made in a daemon thread.

    ``thread`` is the worker (joined by tests to see it end).
    """

    def __init__(self, record: GameRecord, think: float) -> None:
        self.done = 0
        self.total = len(record.moves) + 1
        self._stop = threading.Event()

        def told(done: int, _total: int) -> None:
            self.done = done

        self._worker = Worker(lambda: review_game(record, think, progress=told, stop=self._stop.is_set), name="review")
        self.thread = self._worker.thread

    def stop(self) -> None:
        """Ask the review to end before its next search; its outcome is then a ``ReviewStopped``."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        """Whether :meth:`stop` was called."""
        return self._stop.is_set()

    def outcome(self) -> Review | None:
        """The review, or None while it runs; what the worker raised, raised again."""
        return self._worker.outcome()
