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

Every move is written as it is played, as at the terminal
(:mod:`~tictactoe.game.journal`): a window killed at any moment loses no
move.  In a window a finished game can be undone and played on to another
end: each different end is saved once, and undoing then redoing back to
the end already saved saves nothing more.

Nothing here touches Tk; the window calls it from Tk's thread.

>>> import tempfile
>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from configurations.rules import Rules
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(1, 1), PlayerLimits(0), Competitor("Ada"), Competitor("Computer", "reference"))
>>> with tempfile.TemporaryDirectory() as folder:
...     saving = WindowHistory(Path(folder) / "games.sqlite3")
...     before = saving.kept_after_change(session)
...     session.play(session.game.parse("a1"))
...     saved = saving.kept_after_change(session), saving.kept_after_change(session)
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
from tictactoe.game.journal import Journal

if TYPE_CHECKING:
    from configurations.moves import Move
    from tictactoe.game.game import Game
    from tictactoe.game.session import Session

__all__ = ["WindowHistory"]


class WindowHistory:
    """The history at ``path`` (None: the default), opened now; :attr:`problem` says why when it cannot be.

    :attr:`history` is None when the file could not be opened.  Each game is
    written as it is played (a :class:`~tictactoe.game.journal.Journal` the
    session writes through), so that a window killed at any moment loses no
    move.  Once a game has ended it is left as it ended; undoing back along
    its moves writes nothing, and a move that leaves that line starts a game
    of its own.
    """

    def __init__(self, path: Path | None) -> None:
        self._opening_problem: str | None = None
        self.history: History | None = None
        self.journal: Journal | None = None
        try:
            self.history = History(path)
            self.history.check_writable()  # a file that cannot take a game is said now, not at the game's end
            self.journal = Journal(self.history)
        except HistoryError as error:
            self._opening_problem = f"Cannot use the game history, so games are not saved: {error}"
        # The game last ended and its moves then, so that the same end is not kept twice.
        self._saved: tuple[Game, tuple[Move, ...]] | None = None
        # The session whose game the journal is writing now; None after an end, until the game leaves its line.
        self._following: Session | None = None

    @property
    def problem(self) -> str | None:
        """Why games are not being saved, in one line; None while they are."""
        if self._opening_problem is not None or self.journal is None or self.journal.problem is None:
            return self._opening_problem
        return self.journal.problem[0].upper() + self.journal.problem[1:]

    def kept_after_change(self, session: Session) -> bool:
        """After ``session``'s game changed: whether an end of it not kept before was kept now.

        The journal has written every move; at an end the game is left as it
        ended, and a later end of it (played on after an undo) or the next
        game is written as a game of its own.  A failure is :attr:`problem`;
        it is never raised.
        """
        if self.journal is None:
            return False
        game = session.game
        worth_keeping = session.left_unfinished or game.result is not None  # a move played besides an opening's
        if self._following is not session and worth_keeping and not self._on_saved_line(session):
            self._follow(session)
        if game.result is None or self._following is not session:
            return False
        session.leave()  # written as it ended, and no longer followed
        self._following = None
        self._saved = (game, game.moves)
        session.game_id = None  # a later end of this game, played on after an undo, is a game of its own
        return self.journal.problem is None

    def save_unfinished(self, session: Session) -> int | None:
        """``session``'s game is left (the window closes, another game takes its place): the id it is kept under,
        unfinished, now; None when it is not kept.  A game whose end was kept, or undone back along its moves, is
        not kept again."""
        if self._following is not session:
            return None
        self._following = None
        return session.leave()

    def _follow(self, session: Session) -> None:
        """Write ``session``'s game from now on, as it is played (now first)."""
        assert self.journal is not None
        session.keep_in(self.journal)
        self._following = session

    def _on_saved_line(self, session: Session) -> bool:
        """Whether ``session``'s game is the one last ended, its moves the start of the ones it ended with."""
        if self._saved is None or self._saved[0] is not session.game:
            return False
        moves = session.game.moves
        return moves == self._saved[1][: len(moves)]

    def close(self) -> None:
        """Close the file, if it was opened; nothing is saved after."""
        if self.history is not None:
            self.history.close()
            self.history = None
            self.journal = None
