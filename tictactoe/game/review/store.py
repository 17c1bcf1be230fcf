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

The marks are not stored: they follow from the values
(:func:`~tictactoe.game.review.values.build_review`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Winner
from configurations.moves import Move
from configurations.results import XScore
from tictactoe.game.review.values import PositionValue

if TYPE_CHECKING:
    import sqlite3

    from tictactoe.game.review.values import Review

__all__ = ["REVIEW_MIGRATION", "delete_review", "load_review", "store_review"]

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


def store_review(connection: sqlite3.Connection, game_id: int, review: Review) -> None:
    """Keep ``review`` as game ``game_id``'s, in place of any before it, within the caller's transaction."""
    delete_review(connection, game_id)
    connection.execute("INSERT INTO reviews (game_id, think) VALUES (?, ?)", (game_id, review.think))
    connection.executemany(
        "INSERT INTO review_positions (game_id, ply, proved, winner, score, best_row, best_col)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            (
                game_id,
                ply,
                int(value.proved),
                None if value.winner is None else str(value.winner),
                value.score,
                None if value.best is None else value.best.row,
                None if value.best is None else value.best.col,
            )
            for ply, value in enumerate(review.positions)
        ),
    )


def delete_review(connection: sqlite3.Connection, game_id: int) -> None:
    """Forget game ``game_id``'s review, if it has one, within the caller's transaction."""
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
        "SELECT ply, proved, winner, score, best_row, best_col FROM review_positions WHERE game_id = ? ORDER BY ply",
        (game_id,),
    ).fetchall()
    values = []
    for expected, (ply, proved, winner, score, best_row, best_col) in enumerate(rows):
        if ply != expected:
            raise ValueError(f"the value of position {expected} is missing")
        if type(score) is not int:
            raise TypeError(f"the score of position {ply}, {score!r}, is not a whole number")
        best = None if best_row is None and best_col is None else Move(_whole(best_row), _whole(best_col))
        values.append(PositionValue(bool(proved), None if winner is None else Winner(winner), XScore(score), best))
    return float(think), tuple(values)


def _whole(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not a row or a column")
    return value
