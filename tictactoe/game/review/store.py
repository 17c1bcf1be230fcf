"""Reviews in the history file: the tables that hold them, and writing and reading one within a transaction.

Version 3 of the history's schema (:data:`REVIEW_MIGRATION`, applied by
:mod:`tictactoe.game.history` as it applies every version) adds two
tables.  ``reviews`` holds a row a reviewed game: ``game_id`` and
``think``, the seconds a position the review had.  ``review_positions``
holds a row a position of that game: ``game_id``, ``ply`` (the moves made,
from 0), ``proved`` (1 or 0), ``winner`` (``X``, ``O``, ``draw``, or NULL
for an estimate without one), ``score`` (the estimate's, from X's side; 0
when proved) and ``best_row``, ``best_col`` (NULL once the game is over).
A game has at most one review; storing another replaces it.

Version 8 (:data:`LINES_MIGRATION`) keeps what the strong player's search
found: ``review_positions`` gains ``depth`` (the plies searched, 0 for
none: every review stored before it) and ``fours`` (the win by continuous
fours found, its moves as ``row,col`` pairs, NULL for none), and
``review_lines`` holds a row a candidate of a position: ``game_id``,
``ply``, ``rank`` (0 the best), ``score`` (X's), ``winner`` (NULL for a
score) and ``moves`` (its line, as ``row,col`` pairs).

The marks are not stored: they follow from the values
(:func:`~tictactoe.game.review.values.build_review`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Winner
from configurations.moves import Move
from configurations.results import XScore
from tictactoe.game.review.values import Candidate, PositionValue

if TYPE_CHECKING:
    import sqlite3

    from tictactoe.game.review.values import Review

__all__ = ["LINES_MIGRATION", "REVIEW_MIGRATION", "delete_review", "load_review", "store_review"]

#: The statements that take a history from schema version 2 to 3: the reviews' tables.
REVIEW_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE reviews (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        think REAL NOT NULL
    )""",
    """CREATE TABLE review_positions (
        game_id INTEGER NOT NULL REFERENCES reviews (game_id),
        ply INTEGER NOT NULL,
        proved INTEGER NOT NULL CHECK (proved IN (0, 1)),
        winner TEXT CHECK (winner IN ('X', 'O', 'draw')),
        score INTEGER NOT NULL,
        best_row INTEGER,
        best_col INTEGER,
        PRIMARY KEY (game_id, ply)
    ) WITHOUT ROWID""",
)
#: The statements that take a history from schema version 7 to 8: each position's depth, win by fours and lines.
LINES_MIGRATION: tuple[str, ...] = (
    "ALTER TABLE review_positions ADD COLUMN depth INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE review_positions ADD COLUMN fours TEXT",
    """CREATE TABLE review_lines (
        game_id INTEGER NOT NULL REFERENCES reviews (game_id),
        ply INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        winner TEXT CHECK (winner IN ('X', 'O', 'draw')),
        moves TEXT NOT NULL,
        PRIMARY KEY (game_id, ply, rank)
    ) WITHOUT ROWID""",
)


def store_review(connection: sqlite3.Connection, game_id: int, review: Review) -> None:
    """Keep ``review`` as game ``game_id``'s, in place of any before it, within the caller's transaction."""
    delete_review(connection, game_id)
    connection.execute("INSERT INTO reviews (game_id, think) VALUES (?, ?)", (game_id, review.think))
    connection.executemany(
        "INSERT INTO review_positions (game_id, ply, proved, winner, score, best_row, best_col, depth, fours)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            (
                game_id,
                ply,
                int(value.proved),
                None if value.winner is None else str(value.winner),
                value.score,
                None if value.best is None else value.best.row,
                None if value.best is None else value.best.col,
                value.depth,
                None if value.fours is None else _moves_text(value.fours),
            )
            for ply, value in enumerate(review.positions)
        ),
    )
    connection.executemany(
        "INSERT INTO review_lines (game_id, ply, rank, score, winner, moves) VALUES (?, ?, ?, ?, ?, ?)",
        (
            (
                game_id,
                ply,
                rank,
                line.score,
                None if line.winner is None else str(line.winner),
                _moves_text(line.moves),
            )
            for ply, value in enumerate(review.positions)
            for rank, line in enumerate(value.lines)
        ),
    )


def delete_review(connection: sqlite3.Connection, game_id: int) -> None:
    """Forget game ``game_id``'s review, if it has one, within the caller's transaction."""
    connection.execute("DELETE FROM review_lines WHERE game_id = ?", (game_id,))
    connection.execute("DELETE FROM review_positions WHERE game_id = ?", (game_id,))
    connection.execute("DELETE FROM reviews WHERE game_id = ?", (game_id,))


def load_review(connection: sqlite3.Connection, game_id: int) -> tuple[float, tuple[PositionValue, ...]] | None:
    """The ``think`` and the position values of game ``game_id``'s review, or None when it has none.

    ``ValueError`` or ``TypeError`` for rows that cannot be a review's (a
    damaged file): a missing position, a value of the wrong type.
    """
    row = connection.execute("SELECT think FROM reviews WHERE game_id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    (think,) = row
    if type(think) not in (int, float):
        raise TypeError(f"think is {think!r}, not a number of seconds")
    rows = connection.execute(
        "SELECT ply, proved, winner, score, best_row, best_col, depth, fours FROM review_positions"
        " WHERE game_id = ? ORDER BY ply",
        (game_id,),
    ).fetchall()
    lines = _load_lines(connection, game_id)
    values = []
    for expected, (ply, proved, winner, score, best_row, best_col, depth, fours) in enumerate(rows):
        if ply != expected:
            raise ValueError(f"the value of position {expected} is missing")
        if type(score) is not int:
            raise TypeError(f"the score of position {ply}, {score!r}, is not a whole number")
        best = None if best_row is None and best_col is None else Move(_whole(best_row), _whole(best_col))
        found = tuple(candidate for line_ply, candidate in lines if line_ply == ply)
        values.append(
            PositionValue(
                bool(proved),
                None if winner is None else Winner(winner),
                XScore(score),
                best,
                depth=_whole(depth),
                lines=found,
                fours=None if fours is None else _moves(fours),
            )
        )
    return float(think), tuple(values)


def _load_lines(connection: sqlite3.Connection, game_id: int) -> list[tuple[int, Candidate]]:
    """The candidates of game ``game_id``'s positions, as ``(ply, candidate)``, in order."""
    rows = connection.execute(
        "SELECT ply, score, winner, moves FROM review_lines WHERE game_id = ? ORDER BY ply, rank", (game_id,)
    ).fetchall()
    lines = []
    for ply, score, winner, moves in rows:
        if type(score) is not int:
            raise TypeError(f"the score of a line of position {ply}, {score!r}, is not a whole number")
        lines.append((ply, Candidate(_moves(moves), XScore(score), None if winner is None else Winner(winner))))
    return lines


def _moves_text(moves: tuple[Move, ...]) -> str:
    return " ".join(f"{move.row},{move.col}" for move in moves)


def _moves(text: object) -> tuple[Move, ...]:
    """The moves of a ``moves`` or ``fours`` column; ``ValueError`` for text that is none."""
    if not isinstance(text, str) or not text:
        raise ValueError(f"{text!r} is not a line of moves")
    moves = []
    for pair in text.split():
        row, _, col = pair.partition(",")
        if not (row.isdigit() and col.isdigit()):
            raise ValueError(f"{pair!r} is not a move")
        moves.append(Move(int(row), int(col)))
    return tuple(moves)


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not a row or a column")
    return value
