"""Every move kept as it is played: a session's games written to the history as they go (docs/history.md).

A :class:`Journal` is handed to a :class:`~tictactoe.game.session.Session`
(:meth:`~tictactoe.game.session.Session.keep_in`), which from then on tells
it of every change to its game: the game started, a move played, taken
back or played again, a colour chosen, the game over.  Each time the
journal makes the game in the history what it is now, in one transaction
(:meth:`~tictactoe.game.history.History.keep`): the game's row is written
when the game starts, unfinished, and each move adds its own row.  A
program killed at any moment -- ``kill -9`` included -- leaves on disk
every move played before, and the game can be resumed.

When the game is left before its end (quit, Ctrl-C, the terminal closed,
the window closed), :meth:`Journal.leave` writes it a last time and says
under which id it is kept; a game left with nothing worth keeping (no move
besides a fixed opening's) is deleted again.

Writing never raises for the file's sake: a failure is :attr:`Journal.problem`,
one line handed to ``report`` once, and the game goes on; the next change
tries again and writes everything that differs, so that a file locked for
a while misses nothing once it is free.

>>> import tempfile
>>> from pathlib import Path
>>> from configurations.rules import Rules
>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Ada"), Competitor("Computer", "reference"))
>>> with tempfile.TemporaryDirectory() as folder, History(Path(folder) / "games.sqlite3") as history:
...     session.keep_in(Journal(history))
...     session.play(session.game.parse("b2"))
...     kept = history.get(session.game_id)
...     left = session.leave()
>>> [str(timed.move) for timed in kept.moves], kept.result, left
(['b2'], None, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe.game.history import History, HistoryError
from tictactoe.game.record import RecordError

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.game.session import Session

__all__ = ["Journal"]


class Journal:
    """Writes a session's games to ``history`` as they are played; ``report`` is given each new problem's line.

    One journal follows one session at a time.  :attr:`history` stays the
    caller's to close.
    """

    def __init__(self, history: History, report: Callable[[str], None] | None = None) -> None:
        self.history = history
        #: Why the game on the board is not kept as it stands, in one line; None while it is.
        self.problem: str | None = None
        self._report = report
        # The game this journal wrote first, so that one left with nothing worth keeping is deleted again; a game
        # resumed from the history is never deleted.
        self._started: int | None = None

    def write(self, session: Session) -> bool:
        """Make the session's current game in the history what it is now: a new unfinished game when it has no
        id yet (:attr:`~tictactoe.game.session.Session.game_id` is set then), else its row and changed moves.
        Whether it is kept as it stands."""
        try:
            record = session.record()
            if session.game_id is None:
                session.game_id = self.history.save(record)
                self._started = session.game_id
            else:
                self.history.keep(session.game_id, record)
        except (HistoryError, RecordError) as error:
            self._fail(f"cannot save the game: {error}")
            return False
        self.problem = None
        return True

    def leave(self, session: Session) -> int | None:
        """The session's game is left as it stands: written a last time.  The id it is kept under when it is
        unfinished and kept; None when it is over (kept with its result), holds nothing worth keeping (deleted
        when this journal started it), or could not be written (:attr:`problem` says why)."""
        if session.game.result is None and not session.left_unfinished:
            if session.game_id is not None and session.game_id == self._started:
                try:
                    self.history.delete(session.game_id)
                except HistoryError as error:
                    self._fail(f"cannot save the game: {error}")
                session.game_id = None
            return None
        if not self.write(session) or session.game.result is not None:
            return None
        return session.game_id

    def _fail(self, problem: str) -> None:
        """Keep ``problem``, and report it unless it was the last one reported too."""
        if problem != self.problem and self._report is not None:
            self._report(problem)
        self.problem = problem
