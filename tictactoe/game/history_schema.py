"""The game history's tables, version by version: what :class:`~tictactoe.game.history.History` applies.

Version ``n`` of a history's schema is reached by applying, in order and in
one transaction, the first ``n`` entries of :data:`MIGRATIONS`; the version
reached is kept in the file's ``PRAGMA user_version``.  A migration is never
changed once a file may have been made with it: a new version adds an entry.
"""

from __future__ import annotations

from tictactoe.game.review.store import LINES_MIGRATION, REVIEW_MIGRATION

__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION"]

#: ``PRAGMA application_id`` of a game history: "TTTH" in ASCII.  It tells our file from any other SQLite file.
APPLICATION_ID = 0x54545448
#: ``MIGRATIONS[n]`` takes a file from schema version ``n`` to ``n + 1``: statements run in order.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        f"PRAGMA application_id = {APPLICATION_ID}",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            x_kind TEXT NOT NULL,
            x_name TEXT NOT NULL,
            o_kind TEXT NOT NULL,
            o_name TEXT NOT NULL,
            size INTEGER NOT NULL,
            length INTEGER NOT NULL,
            max_levels INTEGER NOT NULL,
            think REAL,
            result TEXT NOT NULL CHECK (result IN ('X', 'O', 'draw')),
            started TEXT NOT NULL,
            ended TEXT NOT NULL,
            move_count INTEGER NOT NULL
        )""",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id),
            ply INTEGER NOT NULL,
            row INTEGER NOT NULL,
            col INTEGER NOT NULL,
            ms INTEGER NOT NULL,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID""",
        # The list shows the newest games first, all of them or those of one result.
        "CREATE INDEX games_by_end ON games (ended)",
        "CREATE INDEX games_by_result ON games (result, ended)",
    ),
    # Version 2: a game left before its end is kept (its result NULL), and a game whose dates are not known
    # (imported from a file without them) too (started and ended NULL). SQLite changes a column's constraints
    # only by building the table anew (see History._prepare for the moves' references to it).
    (
        """CREATE TABLE games_version_2 (
            id INTEGER PRIMARY KEY,
            x_kind TEXT NOT NULL,
            x_name TEXT NOT NULL,
            o_kind TEXT NOT NULL,
            o_name TEXT NOT NULL,
            size INTEGER NOT NULL,
            length INTEGER NOT NULL,
            max_levels INTEGER NOT NULL,
            think REAL,
            result TEXT CHECK (result IN ('X', 'O', 'draw')),
            started TEXT,
            ended TEXT,
            move_count INTEGER NOT NULL
        )""",
        "INSERT INTO games_version_2 SELECT * FROM games",
        "DROP TABLE games",
        "ALTER TABLE games_version_2 RENAME TO games",
        "CREATE INDEX games_by_end ON games (ended)",
        "CREATE INDEX games_by_result ON games (result, ended)",
        # An imported game is looked for among those of its board, length and number of moves.
        "CREATE INDEX games_by_shape ON games (size, length, move_count)",
    ),
    # Version 3: a game's review, the value of each of its positions.
    REVIEW_MIGRATION,
    # Version 4: games as other programs write them: stones set up before the first move (their squares, as
    # "a1 b2", NULL for none) and the side that moved first (NULL: X), a result declared off the board (SGF's RE,
    # as written: B+R, Draw, Void...), and moves of unknown time (ms NULL). The list goes by the date it shows, the
    # start. The moves' table is built anew to let ms be NULL, as version 2 built the games'.
    (
        "ALTER TABLE games ADD COLUMN start_x TEXT",
        "ALTER TABLE games ADD COLUMN start_o TEXT",
        "ALTER TABLE games ADD COLUMN first_mover TEXT CHECK (first_mover IN ('X', 'O'))",
        "ALTER TABLE games ADD COLUMN declared_result TEXT",
        """CREATE TABLE moves_version_4 (
            game_id INTEGER NOT NULL REFERENCES games (id),
            ply INTEGER NOT NULL,
            row INTEGER NOT NULL,
            col INTEGER NOT NULL,
            ms INTEGER,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID""",
        "INSERT INTO moves_version_4 SELECT * FROM moves",
        "DROP TABLE moves",
        "ALTER TABLE moves_version_4 RENAME TO moves",
        "DROP INDEX games_by_end",
        "DROP INDEX games_by_result",
        "CREATE INDEX games_by_start ON games (started)",
        "CREATE INDEX games_by_result ON games (result, started)",
    ),
    # Version 5: the rule a game was played by (a Variant's name). Every game before it was freestyle.
    ("ALTER TABLE games ADD COLUMN rule TEXT NOT NULL DEFAULT 'freestyle'",),
    # Version 6: the opening rule a game was played by (an Opening's name) and the choices of a swap opening, in
    # order, as "two more,white" (NULL: none); x and o are who had each colour after them. Every game before it
    # was played from a free opening.
    (
        "ALTER TABLE games ADD COLUMN opening_rule TEXT NOT NULL DEFAULT 'free'",
        "ALTER TABLE games ADD COLUMN opening_choices TEXT",
    ),
    # Version 7: what another program wrote of a game that no column holds (SGF's root comment, game name, event,
    # place, ranks, time settings, RenjuNet's opening offers), kept to be written back: a JSON array of
    # [name, [values...]] pairs in the order GameRecord keeps them (NULL: none).
    ("ALTER TABLE games ADD COLUMN properties TEXT",),
    # Version 8: what a review's search found at each position: its depth, its win by fours, its best lines.
    # Reviews stored before it read as searched to no depth, with no lines.
    LINES_MIGRATION,
    # Version 9: the comment another program wrote on a move (SGF's C on its node), kept to be written back (NULL:
    # none).
    ("ALTER TABLE moves ADD COLUMN comment TEXT",),
)
#: The schema version this module writes and reads.
SCHEMA_VERSION = len(MIGRATIONS)
