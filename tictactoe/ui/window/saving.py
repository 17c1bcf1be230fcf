"""The window's game history (docs/history.md): opened once, each finished game saved, and why it cannot be.

A window has no piped input, so it keeps games as the terminal keeps games
typed at it: in the ``--db`` file, or else in the default history
(:func:`~tictactoe.game.history.default_path`).  A game left before its
end, when the window closes, is kept unfinished, to be resumed; a game
resumed is kept again under its own id.  A ``--db`` that cannot be used
is refused before the window opens (:mod:`tictactoe.cli.play`); the
default history that cannot be opened (not SQLite, another program's
database, a newer schema) or written (read-only, locked) -- tried when the
window opens -- becomes a one-line :attr:`WindowHistory.problem` to show,
and the games go on unsaved, the history still read for Previous games.

In a window a finished game can be undone and played on to another end:
each different end is saved once, and undoing then redoing back to the end
already saved saves nothing more.

Nothing here touches Tk; the window calls it from Tk's thread.

>>> import tempfile
>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from configurations.rules import Rules
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(1, 1), PlayerLimits(0), Competitor("Ada"), Competitor("Computer", "reference"))
>>> with tempfile.TemporaryDirectory() as folder:
...     saving = WindowHistory(Path(folder) / "games.sqlite3")
...     before = saving.save_finished(session)
...     session.play(session.game.parse("a1"))
...     saved = saving.save_finished(session), saving.save_finished(session)
...     assert saving.history is not None
...     count = saving.history.count()
...     saving.close()
>>> before, saved, count
(False, (True, False), 1)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.game.history import History, HistoryError
from tictactoe.game.record import RecordError

if TYPE_CHECKING:
    from configurations.moves import Move
    from tictactoe.game.game import Game
    from tictactoe.game.session import Session

__all__ = ["WindowHistory"]


class WindowHistory:
    """The history at ``path`` (None: the default), opened now; :attr:`problem` says why when it cannot be.

    :attr:`history` is None when the file could not be opened.
    """

    def __init__(self, path: Path | None) -> None:
        #: Why games are not being saved, in one line; None while they are.
        self.problem: str | None = None
        self.history: History | None = None
        try:
            self.history = History(path)
            self.history.check_writable()  # a file that cannot take a game is said now, not at the game's end
        except HistoryError as error:
            self.problem = f"Cannot use the game history, so games are not saved: {error}"
        # The game last saved and its moves then, so that the same end is not saved twice.
        self._saved: tuple[Game, tuple[Move, ...]] | None = None

    def save_finished(self, session: Session) -> bool:
        """Save ``session``'s game if it is over and this end of it is not saved yet; whether it was saved now.

        A failure sets :attr:`problem` (and a success clears a failure of
        saving before it); it is never raised.
        """
        game = self._unsaved_end(session)
        if game is None or not self._save(session):
            return False
        self._saved = (game, game.moves)
        session.game_id = None  # a later end of this game, played on after an undo, is a game of its own
        return True

    def save_unfinished(self, session: Session) -> bool:
        """Save ``session``'s game when it is left before its end with a move played and no end of it saved:
        whether it was saved now.  A failure sets :attr:`problem`."""
        if not session.left_unfinished or (self._saved is not None and self._saved[0] is session.game):
            return False
        return self._save(session)

    def _save(self, session: Session) -> bool:
        """Save the session's game -- in place of the game it resumed, if it did -- and say whether it was."""
        if self.history is None:
            return False
        try:
            session.save(self.history)
        except (HistoryError, RecordError) as error:
            self.problem = f"Cannot save the game: {error}"
            return False
        self.problem = None
        return True

    def _unsaved_end(self, session: Session) -> Game | None:
        """``session``'s game when it is over and its end is not saved yet, else None."""
        game = session.game
        if game.result is None:
            return None
        if self._saved is not None and self._saved[0] is game and self._saved[1] == game.moves:
            return None
        return game

    def close(self) -> None:
        """Close the file, if it was opened; nothing is saved after."""
        if self.history is not None:
            self.history.close()
            self.history = None
