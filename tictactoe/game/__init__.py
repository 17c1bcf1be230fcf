"""A game as data: turns and results, a session's undo, redo and tallies, records, the history, SGF, replay.

Nothing here prints or reads from a person: the interfaces do.  The
history keeps its records in SQLite (:mod:`~tictactoe.game.history`), SGF
writes and reads them for other programs (:mod:`~tictactoe.game.sgf`), and
tournaments play players against each other (:mod:`~tictactoe.game.tournament`).
"""
