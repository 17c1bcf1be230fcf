"""The strong player for other programs: the Gomoku AI protocol of Piskvork and Gomocup (docs/engine-protocol.md).

:mod:`~tictactoe.brain.commands` reads the protocol's lines into commands;
:mod:`~tictactoe.brain.budget` turns the manager's time and memory limits
into the search's seconds and table size; :mod:`~tictactoe.brain.brain`
holds the game (the board, the settings) and answers each line with the
lines to send back, a move with the ``MESSAGE`` line of what the search
found (:mod:`~tictactoe.brain.reply`).  Nothing here reads or prints: the program
``python -m tictactoe.brain`` (:mod:`tictactoe.cli.brain`) owns the pipes.
"""
