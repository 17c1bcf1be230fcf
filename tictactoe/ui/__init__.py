"""What a person meets: the terminal game, program exit handling, later the window.

The only layer that reads from a person or prints for one; it drives
:mod:`tictactoe.game` and never searches itself.
"""
