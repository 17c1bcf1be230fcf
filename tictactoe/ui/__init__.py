"""What a person meets: the terminal game and the window.

The only layer that reads from a person or prints for one; it drives
:mod:`tictactoe.game` and never searches itself.  Programs end through
:mod:`hashdict.exits`, which the layers below share.  The window is
:mod:`tictactoe.ui.window` (its entry points) and the ``window_*``
modules beside it.
"""
