"""The game in a Tk window (docs/window.md): the board, the status, new game, previous games and their replay.

:mod:`~tictactoe.ui.window.launch` opens one (and imports Tk only then);
:mod:`~tictactoe.ui.window.app` is the window itself, and each part of it
a module beside it.
"""
