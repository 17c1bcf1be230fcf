"""What a person meets: the terminal game, the window, program exit handling.

The only layer that reads from a person or prints for one; it drives
:mod:`tictactoe.game` and never searches itself.  The window is
:mod:`tictactoe.ui.window` (its entry points) and the ``window_*``
modules beside it.
"""
