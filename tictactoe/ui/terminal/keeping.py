"""The terminal's games kept in the history as they are played, and what is said when one is left (docs/history.md).

:func:`history_keeper` opens the history a game at the terminal is kept
in -- ``--db``, or the default one for a game typed at a terminal, none for
a piped game without ``--db`` -- and gives a :class:`GameKeeper`: the
session writes each move through its :class:`~tictactoe.game.journal.Journal`,
a problem with the file is one line on standard error, and a game left
before its end is named with the command that plays it on
(:meth:`GameKeeper.kept_line`).
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from tictactoe.game.history import History, HistoryError
from tictactoe.game.journal import Journal

if TYPE_CHECKING:
    from pathlib import Path
    from typing import TextIO

    from tictactoe.game.session import Session

__all__ = ["GameKeeper", "history_keeper", "kept_line", "open_history", "resume_command"]


def resume_command(game_id: int, db: Path | None, program: str) -> str:
    """The command that plays game ``game_id`` of the history ``db`` (None: the default one) on, as typed at a
    shell.

    >>> from pathlib import Path
    >>> resume_command(3, Path("my games.sqlite3"), "play.py")
    "play.py --resume-game 3 --db 'my games.sqlite3'"
    >>> resume_command(3, None, "play.py")
    'play.py --resume-game 3'
    """
    option = "" if db is None else f" --db {shlex.quote(str(db))}"
    return f"{program} --resume-game {game_id}{option}"


def kept_line(game_id: int, db: Path | None, program: str) -> str:
    """What is said of a game left and kept unfinished under ``game_id``, with the command that plays it on.

    >>> kept_line(3, None, "play.py")
    'game 3 is kept unfinished: to play on, play.py --resume-game 3'
    """
    return f"game {game_id} is kept unfinished: to play on, {resume_command(game_id, db, program)}"


def open_history(path: Path | None, err: TextIO, program: str) -> History | None:
    """The history at ``path`` (None: the default), or None after one line on ``err`` saying why it cannot be used."""
    try:
        return History(path)
    except HistoryError as error:
        print(f"{program}: cannot use the game history: {error}", file=err)
        return None


class GameKeeper:
    """Keeps the games of the sessions it is given in ``history`` (the file of ``--db``, or None: the default one)
    as they are played.

    A problem with the file is one line on ``err``, said once until it
    changes; :attr:`failed` says whether the last game is not kept as it
    stood when it was left, so that the program can end with a status that
    says so.
    """

    def __init__(self, history: History, db: Path | None, err: TextIO, program: str) -> None:
        self.history = history
        self.journal = Journal(history, self._report)
        #: The id the last game left unfinished is kept under; None when it was not (over, or nothing kept).
        self.kept: int | None = None
        self._db = db
        self._err = err
        self._program = program

    @property
    def failed(self) -> bool:
        """Whether the game on the board is not kept as it stands: the file failed at its last change."""
        return self.journal.problem is not None

    def keep(self, session: Session) -> None:
        """Write ``session``'s games here as they are played, from the one on the board now."""
        self.kept = None
        session.keep_in(self.journal)

    def leave(self, session: Session) -> int | None:
        """``session``'s game is left as it stands: the id it is kept under unfinished (also :attr:`kept`), or
        None."""
        self.kept = session.leave()
        return self.kept

    def resume_command(self, game_id: int) -> str:
        """The command that plays game ``game_id`` on, as typed at a shell.

        >>> from pathlib import Path
        >>> keeper = GameKeeper.__new__(GameKeeper)
        >>> keeper._program, keeper._db = "play.py", Path("my games.sqlite3")
        >>> keeper.resume_command(3)
        "play.py --resume-game 3 --db 'my games.sqlite3'"
        """
        return resume_command(game_id, self._db, self._program)

    def kept_line(self) -> str | None:
        """What is said of the last game left: ``game 3 is kept unfinished: to play on, play.py --resume-game 3``;
        None when it was not kept unfinished."""
        if self.kept is None:
            return None
        return kept_line(self.kept, self._db, self._program)

    def close(self) -> None:
        """Close the history file."""
        self.history.close()

    def _report(self, problem: str) -> None:
        print(f"{self._program}: {problem}", file=self._err, flush=True)


def history_keeper(db: Path | None, err: TextIO, program: str, *, at_terminal: bool) -> tuple[bool, GameKeeper | None]:
    """Whether the game may start, and where its games are kept (None: nowhere), as docs/history.md says.

    ``db`` (``--db``) is always used: when it cannot be opened or written
    (it is tried, before any game), one line on ``err`` says why and the game
    may not start.  Without it, games typed at a terminal go to the default
    history -- or, when that cannot be used, are played unsaved after one
    line saying why -- and piped games are not kept.
    """
    if db is None and not at_terminal:
        return True, None
    history = open_history(db, err, program)
    if history is None:
        return db is None, None
    try:
        history.check_writable()
    except HistoryError as error:
        history.close()
        print(f"{program}: cannot use the game history: {error}", file=err)
        return db is None, None
    return True, GameKeeper(history, db, err, program)
