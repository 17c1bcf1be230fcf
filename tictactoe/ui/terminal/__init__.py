"""The game at a terminal or through a pipe: the conversation, the menu, the history, the 3x3 graph's game.

Lines come through a :data:`~tictactoe.ui.terminal.reader.Reader`, so
that every conversation plays from a pipe and is tested with a list of
lines; how one ended is an :class:`~tictactoe.ui.terminal.reader.Ending`.
"""
