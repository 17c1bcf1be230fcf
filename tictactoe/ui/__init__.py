"""What a person meets: the terminal game, the window, the game against the 3x3 graph.

The only layer that reads from a person or prints for one; it drives
:mod:`tictactoe.game` (and the graph of :mod:`tictactoe.gamegraph`) and
never searches itself.  Lines are read through :mod:`tictactoe.ui.terminal.reader`;
programs end through :mod:`tictactoe.cli.exits`, which the layers below share.
The window is :mod:`tictactoe.ui.window.launch` (its entry points) and the
``window_*`` modules beside it.
"""
