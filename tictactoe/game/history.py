"""The history of finished games: one SQLite file of :class:`~tictactoe.game.record.GameRecord` values.

:class:`History` saves records, lists them newest first (filtered by a
player's name or by the result), fetches one whole by its id and counts
them.  It owns the file format and every way of opening the file; what is
shown to a person, and when a game is saved, belong to the interfaces.

The file
    By default :func:`default_path` (the platform's per-user data
    directory, created when missing); a path given explicitly must be in a
    directory that exists, so that a mistyped ``--db`` is an error rather
    than a new tree of folders.  A new or empty file becomes a history; an
    existing file is used only when it is one already -- marked by its
    ``PRAGMA application_id`` -- and every other file (not SQLite, or
    another program's database) is refused without a byte written.

The format
    Version ``n`` of the schema is reached by applying, in order and in one
    transaction, the first ``n`` entries of :data:`MIGRATIONS`; the version
    reached is kept in ``PRAGMA user_version``.  A file of a later version
    than this module knows is refused and left untouched.  The tables and
    their migrations are in :mod:`tictactoe.game.history_schema`.

    ``games`` holds one row a game: both players' kind and name, the board
    size, the length to win, ``max_levels``, ``think`` (NULL when unset),
    the result (``X``, ``O``, ``draw``; NULL for a game left before its
    end), ``started`` and ``ended`` as ISO 8601 UTC text with microseconds
    (so that text order is time order; NULL when not known),
    ``move_count``, and (version 4) the starting position -- ``start_x``
    and ``start_o``, the squares of the stones set up (``a1 b2``; NULL for
    none), ``first_mover`` (NULL: ``X``) -- and ``declared_result``, a
    result written by another program that says more than the moves (SGF's
    ``RE``, such as ``B+R``; NULL for none); (version 5) the ``rule``;
    (version 6) the ``opening_rule`` and a swap opening's
    ``opening_choices`` in order (``two more,white``; NULL for none);
    (version 7) ``properties``, another program's game information kept as
    written (a JSON array of ``[name, [values]]``; NULL for none).  ``moves`` holds one row a move:
    ``game_id``, ``ply`` (from 0, the first mover's on the even ones),
    ``row``, ``col`` (from 0) and ``ms``, the milliseconds the move took
    (NULL: not known), and (version 9) ``comment``, another program's
    comment on the move (NULL: none).  ``reviews`` and ``review_positions`` hold the games'
    reviews (version 3; see :mod:`tictactoe.game.review.store`).

Atomicity
    A game is written in one transaction, its ``games`` row with all its
    ``moves`` rows; SQLite's atomic commit means that another reader, or
    the same file after the writer is killed, sees the game whole or not at
    all.  A game being played is kept as it goes (:meth:`History.keep`,
    through :mod:`tictactoe.game.journal`): each move a transaction of its own.

Two programs on one file
    A file that can be written is put in SQLite's write-ahead-log journal
    mode (``PRAGMA journal_mode = WAL``, kept in the file), in which readers
    never wait for a writer nor a writer for readers, and every connection
    waits up to ``timeout`` seconds (``PRAGMA busy_timeout``) for another
    writer's lock before it gives up, as SQLite advises for several
    programs on one file.  The log lies beside the file (``-wal`` and
    ``-shm``) while a program has it open.

Errors
    Every failure is a :class:`HistoryError` whose one-line message names
    the file and the problem: not an SQLite database, another program's
    database, a newer schema, a read-only file, a lock held too long, a
    missing directory, a damaged file.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import OpeningChoice, Rules
from hashdict import require_int
from tictactoe.game.history_schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from tictactoe.game.record import (
    Competitor,
    GameRecord,
    RecordError,
    StartingPosition,
    TimedMove,
    square_rules,
    time_text,
)
from tictactoe.game.review.store import delete_review, load_review, store_review
from tictactoe.game.review.values import Review, build_review

__all__ = [
    "APPLICATION_ID",
    "MIGRATIONS",
    "RESULTS",
    "RESULT_FILTERS",
    "SCHEMA_VERSION",
    "UNFINISHED",
    "DamagedGame",
    "DamagedGameError",
    "GameSummary",
    "History",
    "HistoryError",
    "MissingHistoryError",
    "default_path",
    "folded",
]

#: The results a game can be stored with, as ``GameRecord.result`` and the ``result`` filter write them.
RESULTS: tuple[Winner, ...] = tuple(Winner)
#: What the ``result`` filter takes: a result, or the games left before their end.
UNFINISHED = "unfinished"
RESULT_FILTERS: tuple[str, ...] = (*RESULTS, UNFINISHED)
#: How long to wait for another program's lock before giving up, in seconds.
DEFAULT_TIMEOUT = 5.0
_SQLITE_MAGIC = b"SQLite format 3\x00"
# The SQL function the player filter calls: :func:`folded`.
_FOLDED = "folded"
_NOT_SQLITE = "not an SQLite database, so not a game history (left as it is)"

_SUMMARY_COLUMNS = "id, x_kind, x_name, o_kind, o_name, size, length, result, started, ended, move_count, rule"
# The properties last: History.keep leaves them as they are for a record that has none.
_GAME_COLUMNS = (
    "x_kind, x_name, o_kind, o_name, size, length, max_levels, think, started, ended, result, move_count,"
    " start_x, start_o, first_mover, declared_result, rule, opening_rule, opening_choices, properties"
)


class HistoryError(Exception):
    """The history file cannot be used as asked; the message names the file and the problem, on one line."""


class DamagedGameError(HistoryError):
    """A stored game cannot be read back; ``damage`` says which and what is wrong."""

    def __init__(self, message: str, damage: DamagedGame) -> None:
        super().__init__(message)
        self.damage = damage


class MissingHistoryError(HistoryError):
    """The history file does not exist, and was not to be made."""


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One line of the list of games: what a person needs to pick a game, without its moves."""

    id: int
    x: Competitor
    o: Competitor
    rules: Rules
    #: None for a game left before its end.
    result: Winner | None
    #: None when not known.
    started: datetime | None
    ended: datetime | None
    move_count: int


@dataclass(frozen=True, slots=True)
class DamagedGame:
    """A stored game that cannot be read back: its id and what is wrong with it."""

    id: object
    problem: str

    def __str__(self) -> str:
        return f"game {self.id} is damaged: {self.problem}"


def default_path() -> Path:
    """Where the history lives unless ``--db`` says otherwise: ``tictactoe/history.sqlite3`` in the data directory.

    That directory is ``%LOCALAPPDATA%`` on Windows, ``~/Library/Application
    Support`` on macOS and ``$XDG_DATA_HOME`` (when set to an absolute
    path) or ``~/.local/share`` elsewhere.
    """
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        base = Path(local) if local else Path.home() / "AppData" / "Local"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # The XDG specification: a relative path in the variable is invalid and is ignored.
        base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "tictactoe" / "history.sqlite3"


class History:
    """The games stored in the SQLite file ``path`` (by default :func:`default_path`).

    Opening checks the file and sets it up or brings its schema up to date;
    ``HistoryError`` when it cannot.  Without ``create``, a file that does
    not exist is not made: :class:`MissingHistoryError` (for the commands
    that only read).  ``timeout`` is how long any operation
    waits for another program's lock.  Use it in a ``with`` block, or call
    :meth:`close`.

    >>> import tempfile
    >>> from datetime import UTC
    >>> now = datetime.now(UTC)
    >>> ada, rules = Competitor("ada", "human"), Competitor("rules", "rules")
    >>> record = GameRecord(ada, rules, Rules.square(1, 1), 0, None, now, now, (TimedMove(Move(0, 0), 0.5),))
    >>> with tempfile.TemporaryDirectory() as folder, History(Path(folder) / "games.sqlite3") as history:
    ...     game_id = history.save(record)
    ...     [(summary.id, summary.x.name, summary.o.name, summary.result) for summary in history.list_games()]
    [(1, 'ada', 'rules', <Winner.X: 'X'>)]
    """

    def __init__(
        self, path: Path | str | None = None, *, timeout: float = DEFAULT_TIMEOUT, create: bool = True
    ) -> None:
        if path is None:
            path = default_path()
            if create:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise HistoryError(f"{path}: cannot create its directory: {error.strerror}") from None
        self.path = Path(path)
        if not create and not self.path.exists():
            raise MissingHistoryError(f"{self.path}: no such file")
        self._timeout = timeout
        self._connection = self._connect()
        try:
            self._prepare(MIGRATIONS)
            self._share()
        except BaseException:
            self._connection.close()
            raise

    def close(self) -> None:
        """Close the file; the history cannot be used after."""
        self._connection.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def check_writable(self) -> None:
        """``HistoryError`` unless a game can be saved in the file now: it is tried, and rolled back.

        Opening reads a file that cannot be written (read-only, or in a
        folder where SQLite cannot make its journal) as well as any other;
        a program about to play a game asks this first, so that the game is
        not played for nothing.
        """
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                # Writing a page, as a save does, makes SQLite open its journal beside the file; rolled back.
                (version,) = connection.execute("PRAGMA user_version").fetchone()
                connection.execute(f"PRAGMA user_version = {int(version)}")
            finally:
                connection.execute("ROLLBACK")
        except sqlite3.Error as error:
            raise self._error(error, "save games") from None

    def save(self, record: GameRecord) -> int:
        """Store ``record`` in one transaction and return its new id.  Runtime complexity: O(moves)."""
        return self.save_all([record])[0]

    def save_new(self, records: Iterable[GameRecord]) -> tuple[list[int], int]:
        """Store, in one transaction, each of ``records`` not stored already (see :meth:`find`): their new ids,
        and how many were skipped as already there (an earlier one of ``records`` counts as there)."""
        ids, skipped = [], 0
        with self._transaction("save games", write=True) as connection:
            for record in records:
                if _find(connection, record) is None:
                    ids.append(_insert(connection, record))
                else:
                    skipped += 1
        return ids, skipped

    def save_all(self, records: Iterable[GameRecord]) -> list[int]:
        """Store ``records`` in one transaction -- all of them or, on an error, none -- and return their new ids."""
        with self._transaction("save games", write=True) as connection:
            return [_insert(connection, record) for record in records]

    def find(self, record: GameRecord) -> int | None:
        """The id of a stored game that is ``record`` -- same board, length, players and moves, and the same
        start where both starts are known -- or None.  Runtime complexity: O(log games + the games alike).
        """
        with self._transaction("look for a game", write=False) as connection:
            return _find(connection, record)

    def replace(self, game_id: int, record: GameRecord) -> None:
        """Store ``record`` as game ``game_id`` in one transaction, in place of what it held (a game resumed and
        played on).  ``HistoryError`` when there is no such game."""
        with self._transaction("save a game", write=True) as connection:
            if connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise HistoryError(f"{self.path}: there is no game {game_id}")
            delete_review(connection, game_id)  # the review of the game as it was: its moves are no more
            connection.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM games WHERE id = ?", (game_id,))
            _insert(connection, record, game_id)

    def keep(self, game_id: int, record: GameRecord) -> None:
        """Make game ``game_id`` ``record`` in one transaction, writing only what changed: the ``games`` row, and
        the moves from the first that differs from what is stored (a move played adds one row, an undo deletes).

        A game being played is kept this way after each move (:mod:`tictactoe.game.journal`); a review the game
        had is deleted once its moves change, and the game information of another program it was imported with
        (``properties``) stays unless ``record`` has its own.  ``HistoryError`` when there is no such game.
        Runtime complexity: O(moves), a read of the stored moves and a write of the changed ones.
        """
        with self._transaction("save a game", write=True) as connection:
            if connection.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise HistoryError(f"{self.path}: there is no game {game_id}")
            stored = connection.execute("SELECT row, col FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))
            wanted = [(timed.move.row, timed.move.col) for timed in record.moves]
            same = 0
            for move in stored.fetchall():
                if same == len(wanted) or tuple(move) != wanted[same]:
                    break
                same += 1
            changed = connection.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, same))
            if changed.rowcount or same < len(wanted):
                delete_review(connection, game_id)  # the review of the moves as they were
            columns, values = _GAME_COLUMNS.split(", "), list(_game_row(record))
            if not record.properties:  # another program's game information, which a game played on knows not, stays
                columns, values = columns[:-1], values[:-1]
            connection.execute(
                f"UPDATE games SET ({', '.join(columns)}) = ({', '.join('?' * len(values))}) WHERE id = ?",
                (*values, game_id),
            )
            _insert_moves(connection, game_id, record, same)

    def delete(self, game_id: int) -> None:
        """Remove game ``game_id``, its moves and its review, in one transaction (nothing when there is none): a
        game kept from its start and left before anything worth keeping was played."""
        with self._transaction("delete a game", write=True) as connection:
            delete_review(connection, game_id)
            connection.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
            connection.execute("DELETE FROM games WHERE id = ?", (game_id,))

    def last_unfinished(self) -> GameSummary | None:
        """The unfinished game played last (by its last move's time, ``ended``), or None when there is none.
        Runtime complexity: O(games left unfinished), through an index."""
        query = f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE result IS NULL ORDER BY ended DESC, id DESC LIMIT 1"
        with self._transaction("list games", write=False) as connection:
            row = connection.execute(query).fetchone()
        try:
            return None if row is None else _summary(row)
        except (ValueError, TypeError) as error:
            raise HistoryError(f"{self.path}: {DamagedGame(row[0], str(error))}") from None

    def get(self, game_id: int) -> GameRecord:
        """The whole record of game ``game_id``; ``HistoryError`` when there is none.  Runtime complexity: O(moves)."""
        with self._transaction("read a game", write=False) as connection:
            row = connection.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise HistoryError(f"{self.path}: there is no game {game_id}")
            moves = connection.execute(
                "SELECT row, col, ms, comment FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
            ).fetchall()
        try:
            return _record(row, moves)
        except (ValueError, TypeError) as error:  # a RecordError, or a value of the wrong type or form
            damage = DamagedGame(game_id, str(error))
            raise DamagedGameError(f"{self.path}: {damage}", damage) from None

    def save_review(self, game_id: int, review: Review) -> None:
        """Keep ``review`` as game ``game_id``'s, in place of any before it, in one transaction.

        ``HistoryError`` when there is no such game, or when the review has
        not one value for each of its positions.
        """
        with self._transaction("save a review", write=True) as connection:
            row = connection.execute("SELECT move_count FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise HistoryError(f"{self.path}: there is no game {game_id}")
            if len(review.positions) != row[0] + 1:
                raise HistoryError(
                    f"{self.path}: game {game_id} has {row[0] + 1} positions, its review {len(review.positions)}"
                )
            store_review(connection, game_id, review)

    def get_review(self, game_id: int, record: GameRecord | None = None) -> Review | None:
        """The review kept for game ``game_id``, or None when it has none; ``record`` is the game's, read when
        not given.  ``HistoryError`` when there is no such game; :class:`DamagedGameError` when the review
        cannot be read back.  Runtime complexity: O(moves)."""
        if record is None:
            record = self.get(game_id)
        with self._transaction("read a review", write=False) as connection:
            try:
                stored = load_review(connection, game_id)
                review = None if stored is None else build_review(record, *stored)
            except (ValueError, TypeError) as error:  # a ReviewError, or a value of the wrong type or form
                damage = DamagedGame(game_id, f"its review: {error}")
                raise DamagedGameError(f"{self.path}: {damage}", damage) from None
        return review

    def reviewed_records(self, damaged: list[DamagedGame] | None = None) -> list[tuple[GameRecord, Review | None]]:
        """Every game whole with its review (None: not reviewed), the first saved first, as :meth:`records`.

        A review that cannot be read is left out of its game, which stays,
        and is added to ``damaged`` when given (a :class:`HistoryError` when not).
        """
        games: list[tuple[GameRecord, Review | None]] = []
        for game in sorted(self.list_games(limit=None, damaged=damaged), key=lambda game: game.id):
            try:
                record = self.get(game.id)
            except DamagedGameError as error:
                if damaged is None:
                    raise
                damaged.append(error.damage)
                continue
            try:
                review = self.get_review(game.id, record)
            except DamagedGameError as error:
                if damaged is None:
                    raise
                damaged.append(error.damage)
                review = None
            games.append((record, review))
        return games

    def records(self, damaged: list[DamagedGame] | None = None) -> list[GameRecord]:
        """Every game whole, the first saved first.  A game that cannot be read is a :class:`HistoryError`;
        given a ``damaged`` list, it is left out and added to it instead.  Runtime complexity: O(moves)."""
        records = []
        for game in sorted(self.list_games(limit=None, damaged=damaged), key=lambda game: game.id):
            try:
                records.append(self.get(game.id))
            except DamagedGameError as error:
                if damaged is None:
                    raise
                damaged.append(error.damage)
        return records

    def list_games(
        self,
        *,
        player: str | None = None,
        result: str | None = None,
        limit: int | None = 20,
        offset: int = 0,
        damaged: list[DamagedGame] | None = None,
        unfinished_first: bool = False,
    ) -> list[GameSummary]:
        """The games, the last to start first: at most ``limit`` (``None``: all) after skipping ``offset``; with
        ``unfinished_first``, the games left before their end before the others (the menu's list).

        A row that cannot be read is a :class:`HistoryError` naming its game;
        given a ``damaged`` list, such rows are left out and added to it
        instead, so that one damaged game does not hide the others.

        ``player`` keeps the games in which either side's name holds that
        text, in any case (:func:`folded`: Unicode's case folding, and
        NFC, so that ``ZOË`` finds ``Zoë`` however its accent was typed); ``result`` keeps
        those of one result (``"X"``, ``"O"`` or ``"draw"``), or the games
        left before their end (``"unfinished"``).
        Runtime complexity: O(log games + limit + offset) unfiltered or by
        result, through an index; O(games) at worst by player.
        """
        where, parameters = _filters(player, result)
        if limit is not None and require_int("limit", limit) < 0:
            raise ValueError(f"limit must be at least 0 or None, got {limit!r}")
        if require_int("offset", offset) < 0:
            raise ValueError(f"offset must be at least 0, got {offset!r}")
        # By the date the list shows, when the game started; those of no known date last (SQLite's NULLs are least).
        first = "result IS NULL DESC, " if unfinished_first else ""
        query = f"SELECT {_SUMMARY_COLUMNS} FROM games {where} ORDER BY {first}started DESC, id DESC LIMIT ? OFFSET ?"
        with self._transaction("list games", write=False) as connection:
            rows = connection.execute(query, [*parameters, -1 if limit is None else limit, offset]).fetchall()
        summaries = []
        for row in rows:
            try:
                summaries.append(_summary(row))
            except (ValueError, TypeError) as error:  # a RecordError, or a value of the wrong type or form
                problem = DamagedGame(row[0], str(error))
                if damaged is None:
                    raise HistoryError(f"{self.path}: {problem}") from None
                damaged.append(problem)
        return summaries

    def count(self, *, player: str | None = None, result: str | None = None) -> int:
        """How many games are stored, with the filters of :meth:`list_games`."""
        where, parameters = _filters(player, result)
        with self._transaction("count games", write=False) as connection:
            (number,) = connection.execute(f"SELECT count(*) FROM games {where}", parameters).fetchone()
        return int(number)

    def _connect(self) -> sqlite3.Connection:
        """Open the file after checking, without writing to it, that it may be a history."""
        path = self.path
        if not path.parent.is_dir():
            raise HistoryError(f"{path}: the directory {path.parent} does not exist")
        writable = True
        if not path.exists() and not os.access(path.parent, os.W_OK):
            raise HistoryError(f"{path}: cannot create the file: the directory {path.parent} is not writable")
        if path.exists():
            if not path.is_file():
                raise HistoryError(f"{path}: not a file")
            with path.open("rb") as file:
                header = file.read(len(_SQLITE_MAGIC))
            if header and header != _SQLITE_MAGIC:
                raise HistoryError(f"{path}: {_NOT_SQLITE}")
            # A file without write permission is left alone even by a user whom the system lets write (root).
            writable = os.access(path, os.W_OK) and path.stat().st_mode & 0o222 != 0
        uri = f"{path.absolute().as_uri()}?mode={'rwc' if writable else 'ro'}"
        try:
            connection = sqlite3.connect(uri, uri=True, timeout=self._timeout, isolation_level=None)
        except sqlite3.Error as error:
            raise self._error(error, "open the file") from None
        self._writable = writable
        connection.execute(f"PRAGMA busy_timeout = {round(self._timeout * 1000)}")
        connection.execute("PRAGMA foreign_keys = ON")
        connection.create_function(_FOLDED, 1, _folded_name, deterministic=True)
        return connection

    def _prepare(self, migrations: tuple[tuple[str, ...], ...]) -> None:
        """Check that the file is a history this module can read, and bring it to the last version of ``migrations``."""
        with self._transaction("read the file", write=False) as connection:
            version = _schema_version(connection, self.path, len(migrations))
        if version < len(migrations):
            # A migration may build a table anew (SQLite's way to change a column's constraints), which the
            # references to it would refuse: they are checked once, at the end, instead (SQLite's own advice;
            # the setting can change only between transactions).
            self._connection.execute("PRAGMA foreign_keys = OFF")
            try:
                self._migrate(migrations)
            finally:
                self._connection.execute("PRAGMA foreign_keys = ON")

    def _share(self) -> None:
        """Put a history that can be written in the write-ahead log's journal mode, for two programs at once.

        Only once the file is known to be a history (another program's file is left as it is).  The mode is
        kept in the file.  Where the file system cannot share SQLite's index of the log (some network file
        systems), SQLite keeps the rollback journal, which works too, only with more waiting.
        """
        if not self._writable:
            return
        try:
            self._connection.execute("PRAGMA journal_mode = WAL")
        except sqlite3.Error as error:
            raise self._error(error, "set up the game history") from None

    def _migrate(self, migrations: tuple[tuple[str, ...], ...]) -> None:
        """Apply the migrations the file lacks, in one transaction; none when the references do not hold after."""
        with self._transaction("set up the game history", write=True) as connection:
            # Read again under the write lock: another program may have set the file up meanwhile.
            version = _schema_version(connection, self.path, len(migrations))
            for migration in migrations[version:]:
                for statement in migration:
                    connection.execute(statement)
            if connection.execute("PRAGMA foreign_key_check").fetchone() is not None:
                raise sqlite3.IntegrityError("a move refers to no game")
            connection.execute(f"PRAGMA user_version = {len(migrations)}")

    @contextmanager
    def _transaction(self, action: str, *, write: bool) -> Iterator[sqlite3.Connection]:
        """One transaction, committed at the end of the block, rolled back if it raises; ``action`` words errors."""
        connection = self._connection
        try:
            # IMMEDIATE takes the write lock first, so that a writer never waits on a reader holding it.
            connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield connection
                connection.execute("COMMIT")
            finally:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
        except sqlite3.Error as error:
            raise self._error(error, action) from None

    def _error(self, error: sqlite3.Error, action: str) -> HistoryError:
        """The ``HistoryError`` that says why ``action`` failed with ``error``."""
        code = error.sqlite_errorcode & 0xFF  # the primary code, without the extended bits
        if code == sqlite3.SQLITE_BUSY:
            problem = f"the file is locked by another program (waited {self._timeout:g} s)"
        elif code == sqlite3.SQLITE_READONLY:
            problem = f"the file is read-only: cannot {action}"
        elif code == sqlite3.SQLITE_NOTADB:
            problem = _NOT_SQLITE
        elif code == sqlite3.SQLITE_CORRUPT:
            problem = f"the file is damaged: {error}"
        else:
            problem = f"cannot {action}: {error}"
        return HistoryError(f"{self.path}: {problem}")


def _schema_version(connection: sqlite3.Connection, path: Path, latest: int) -> int:
    """The file's schema version, 0 for an empty database; ``HistoryError`` unless a history of version ≤ ``latest``."""
    (application_id,) = connection.execute("PRAGMA application_id").fetchone()
    (version,) = connection.execute("PRAGMA user_version").fetchone()
    (objects,) = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    if application_id != APPLICATION_ID:
        if application_id or version or objects:
            raise HistoryError(f"{path}: an SQLite database of another program, not a game history (left as it is)")
        return 0
    if version > latest:
        raise HistoryError(
            f"{path}: a game history of schema version {version}, newer than this program reads ({latest}):"
            " use a newer version of the program"
        )
    return int(version)


def folded(name: str) -> str:
    """``name`` as the player filter compares names: case-folded by Unicode's rules, in NFC.

    >>> folded("ZOË"), folded("Stra\u00dfe") == folded("STRASSE")
    ('zoë', True)
    """
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def _folded_name(name: object) -> str | None:
    """:func:`folded` as SQL calls it: a name that is not text (a damaged row) matches nothing."""
    return folded(name) if isinstance(name, str) else None


def _filters(player: str | None, result: str | None) -> tuple[str, list[object]]:
    """The ``WHERE`` clause and its parameters for the filters of :meth:`History.list_games`."""
    clauses: list[str] = []
    parameters: list[object] = []
    if player is not None:
        clauses.append(f"(instr({_FOLDED}(x_name), ?) OR instr({_FOLDED}(o_name), ?))")
        parameters += [folded(player)] * 2
    if result == UNFINISHED:
        clauses.append("result IS NULL")
    elif result is not None:
        if result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULT_FILTERS)}, got {result!r}")
        clauses.append("result = ?")
        parameters.append(result)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), parameters


def _find(connection: sqlite3.Connection, record: GameRecord) -> int | None:
    """:meth:`History.find` within the caller's transaction."""
    candidates = connection.execute(
        "SELECT id, started FROM games WHERE size = ? AND length = ? AND rule = ? AND move_count = ? AND x_kind = ?"
        " AND x_name = ? AND o_kind = ? AND o_name = ? AND start_x IS ? AND start_o IS ? AND first_mover IS ?"
        " ORDER BY id",
        (
            record.rules.size,
            record.rules.k,
            str(record.rules.variant),
            len(record.moves),
            *_players(record),
            *_start_columns(record.start),
        ),
    ).fetchall()
    wanted = [(timed.move.row, timed.move.col) for timed in record.moves]
    for game_id, started in candidates:
        if started is not None and record.started is not None and started != time_text(record.started):
            continue
        moves = connection.execute("SELECT row, col FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))
        if [tuple(move) for move in moves.fetchall()] == wanted:
            return int(game_id)
    return None


def _players(record: GameRecord) -> tuple[str, str, str, str]:
    return record.x.kind, record.x.name, record.o.kind, record.o.name


def _insert(connection: sqlite3.Connection, record: GameRecord, game_id: int | None = None) -> int:
    """Add ``record``'s rows within the caller's transaction, as game ``game_id`` (None: a new id); its id."""
    cursor = connection.execute(
        f"INSERT INTO games (id, {_GAME_COLUMNS}) VALUES ({', '.join('?' * 21)})", (game_id, *_game_row(record))
    )
    game_id = cursor.lastrowid
    assert game_id is not None  # an INSERT into a rowid table always sets it
    _insert_moves(connection, game_id, record)
    return game_id


def _game_row(record: GameRecord) -> tuple[object, ...]:
    """The values of ``_GAME_COLUMNS`` for ``record``."""
    return (
        *_players(record),
        record.rules.size,
        record.rules.k,
        record.max_levels,
        record.think,
        None if record.started is None else time_text(record.started),
        None if record.ended is None else time_text(record.ended),
        record.result,
        len(record.moves),
        *_start_columns(record.start),
        record.declared_result,
        str(record.rules.variant),
        str(record.rules.opening),
        ",".join(record.opening_choices) or None,
        json.dumps([[name, list(values)] for name, values in record.properties]) if record.properties else None,
    )


def _insert_moves(connection: sqlite3.Connection, game_id: int, record: GameRecord, first: int = 0) -> None:
    """Add the ``moves`` rows of ``record``'s moves from ply ``first`` on, within the caller's transaction."""
    connection.executemany(
        "INSERT INTO moves (game_id, ply, row, col, ms, comment) VALUES (?, ?, ?, ?, ?, ?)",
        (
            (
                game_id,
                ply,
                timed.move.row,
                timed.move.col,
                None if timed.seconds is None else round(timed.seconds * 1000),
                timed.comment,
            )
            for ply, timed in enumerate(record.moves)
            if ply >= first
        ),
    )


def _record(row: Sequence[Any], moves: Sequence[Sequence[Any]]) -> GameRecord:
    """The record of a ``games`` row (``_GAME_COLUMNS``) and its ``moves`` rows; ``RecordError`` when they disagree."""
    x_kind, x_name, o_kind, o_name, size, length, max_levels, think, started, ended, result, move_count = row[:12]
    start_x, start_o, first_mover, declared, rule, opening_rule, choices, properties = row[12:]
    record = GameRecord(
        x=Competitor(str(x_name), str(x_kind)),
        o=Competitor(str(o_name), str(o_kind)),
        rules=square_rules(int(size), int(length), str(rule), str(opening_rule)),
        max_levels=int(max_levels),
        think=None if think is None else float(think),
        started=_time(started),
        ended=_time(ended),
        moves=tuple(
            TimedMove(Move(int(row), int(col)), None if ms is None else ms / 1000, None if text is None else str(text))
            for row, col, ms, text in moves
        ),
        start=StartingPosition(
            _squares(start_x, int(size)),
            _squares(start_o, int(size)),
            Side.X if first_mover is None else Side(first_mover),
        ),
        declared_result=None if declared is None else str(declared),
        opening_choices=_choices(choices),
        properties=_properties(properties),
    )
    if (record.result, len(record.moves)) != (result, move_count):
        stored, made = (UNFINISHED if value is None else value for value in (result, record.result))
        raise RecordError(f"it is stored as {stored} in {move_count} moves, but its moves make {made} in {len(moves)}")
    return record


def _properties(text: object) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Another program's game information kept as a JSON array of ``[name, [values]]`` (NULL: none);
    ``RecordError`` for text that is not such an array."""
    if text is None:
        return ()
    problem = RecordError(f"its properties are not a JSON array of [name, [values]] pairs: {str(text)[:40]!r}")
    try:
        pairs = json.loads(str(text))
    except ValueError:
        raise problem from None
    if not isinstance(pairs, list) or not all(_is_property(pair) for pair in pairs):
        raise problem
    return tuple((name, tuple(values)) for name, values in pairs)


def _is_property(pair: object) -> bool:
    """Whether ``pair``, read from JSON, is a property as the history keeps one: ``[name, [values...]]``."""
    if not isinstance(pair, list) or len(pair) != 2:
        return False
    name, values = pair
    return isinstance(name, str) and isinstance(values, list) and all(isinstance(value, str) for value in values)


def _choices(text: object) -> tuple[OpeningChoice, ...]:
    """The choices of a swap opening kept as ``two more,white`` (NULL: none); ``RecordError`` for one there is not."""
    if text is None:
        return ()
    try:
        return tuple(OpeningChoice(choice) for choice in str(text).split(","))
    except ValueError:
        raise RecordError(f"the opening choices {str(text)!r} are none of white, black, two more") from None


def _start_columns(start: StartingPosition) -> tuple[str | None, str | None, str | None]:
    """``start_x``, ``start_o`` and ``first_mover`` of a game from ``start``: NULL for no stones and for X."""
    x, o = (" ".join(map(str, start.squares(side))) or None for side in Side)
    return x, o, None if start.to_move is Side.X else str(start.to_move)


def _squares(text: object, size: int) -> frozenset[Move]:
    """The squares of a ``start_x`` or ``start_o`` column; ``ValueError`` for text that names none."""
    if text is None:
        return frozenset()
    if not isinstance(text, str):
        raise TypeError(f"{text!r} is not a list of squares")
    return frozenset(Move.parse(square, size) for square in text.split())


def _summary(row: Sequence[Any]) -> GameSummary:
    """The summary of a ``games`` row (``_SUMMARY_COLUMNS``)."""
    game_id, x_kind, x_name, o_kind, o_name, size, length, result, started, ended, move_count, rule = row
    return GameSummary(
        id=game_id,
        x=Competitor(str(x_name), str(x_kind)),
        o=Competitor(str(o_name), str(o_kind)),
        rules=square_rules(_whole(size), _whole(length), str(rule)),
        result=None if result is None else Winner(result),
        started=_time(started),
        ended=_time(ended),
        move_count=_whole(move_count),
    )


def _time(text: object) -> datetime | None:
    """A stored time, or None where it is not known; ``ValueError`` or ``TypeError`` for one that is no time."""
    return None if text is None else datetime.fromisoformat(text)  # type: ignore[arg-type]


def _whole(value: object) -> int:
    """A stored whole number, which SQLite may hand back as any type; ``ValueError`` if it is not one."""
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value
