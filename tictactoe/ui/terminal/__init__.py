"""The game at a terminal or through a pipe: the conversation, the menu, the history, the 3x3 graph's game.

Lines come through a :data:`~tictactoe.ui.terminal.reader.Reader`, so
that every conversation plays from a pipe and is tested with a list of
lines; how one ended is an :class:`~tictactoe.ui.terminal.reader.Ending`.
The game is :mod:`~tictactoe.ui.terminal.conversation`, the menu
:mod:`~tictactoe.ui.terminal.menu`, the saved games
:mod:`~tictactoe.ui.terminal.browse` (each game kept as it is played
:mod:`~tictactoe.ui.terminal.keeping`, a review's table
:mod:`~tictactoe.ui.terminal.review_table`, a replay's single keys
:mod:`~tictactoe.ui.terminal.keys`), the 3x3 graph's game
:mod:`~tictactoe.ui.terminal.graph_game`, a long search's
:mod:`~tictactoe.ui.terminal.spinner`, and the tables' columns, aligned
by the width a terminal draws: :mod:`~tictactoe.ui.terminal.columns`.
"""
