"""A game as data: turns and results, a session's undo, redo and tallies, records, the history, SGF, replay.

Nothing here prints or reads from a person: the interfaces do.  A game
(:mod:`~tictactoe.game.game`) is played by its rules; a session
(:mod:`~tictactoe.game.session`) plays games in a row, on clocks when asked
(:mod:`~tictactoe.game.clocks`), each opening rule's
placing and choosing of colours followed by :mod:`~tictactoe.game.openings`; a game as a value is
a record (:mod:`~tictactoe.game.record`), stepped through by a replay
(:mod:`~tictactoe.game.replay`) and valued by a review
(:mod:`~tictactoe.game.review`).  The history keeps its records in SQLite
(:mod:`~tictactoe.game.history`, its tables version by version in
:mod:`~tictactoe.game.history_schema`), a game being played move by move
as it goes (:mod:`~tictactoe.game.journal`), SGF writes and reads them for other
programs (:mod:`~tictactoe.game.sgf`), PSQ reads Piskvork's
(:mod:`~tictactoe.game.psq`), and :mod:`~tictactoe.game.game_files` tells
the two apart; tournaments play players against each other
(:mod:`~tictactoe.game.tournament`).
"""
