"""What a person meets: the conversation at a terminal and the game in a window.

:mod:`tictactoe.ui.terminal` reads a person's lines and prints the board
and the results; :mod:`tictactoe.ui.window` is the Tk window.  Neither
knows the other (CI checks it); both drive :mod:`tictactoe.game` and never
search themselves.  What they share sits here: the game a person asked for
(:mod:`~tictactoe.ui.settings`), the list of saved games
(:mod:`~tictactoe.ui.game_list`) and a task in a worker thread
(:mod:`~tictactoe.ui.worker`).  Programs start them and turn how they
ended into exit statuses (:mod:`tictactoe.cli`).
"""
