"""The game in a Tk window (docs/window.md): the board, the status, new game, previous games and their replay.

:mod:`~tictactoe.ui.window.launch` opens one (and imports Tk only then);
:mod:`~tictactoe.ui.window.app` is the window itself, which only draws
and forwards the person's clicks and keys to
:mod:`~tictactoe.ui.window.controller`, the game it plays without Tk (the
moves, the computer's turns, undo, hints, a swap opening, saving, the
words of the status).  Each part of the window is a module beside it: the
board drawn (:mod:`~tictactoe.ui.window.board_view`) from what it shows
(:mod:`~tictactoe.ui.window.picture`), the menus, toolbar and keys
(:mod:`~tictactoe.ui.window.controls`), the status bar
(:mod:`~tictactoe.ui.window.status_bar`) and its words
(:mod:`~tictactoe.ui.window.status`), the dialogs
(:mod:`~tictactoe.ui.window.dialogs`) and the new-game form behind one
(:mod:`~tictactoe.ui.window.form`), the choice of a colour under a swap
opening (:mod:`~tictactoe.ui.window.choice_dialog`), the previous games
(:mod:`~tictactoe.ui.window.previous`) and a replay of one
(:mod:`~tictactoe.ui.window.replay_window`) with its review
(:mod:`~tictactoe.ui.window.review_panel`, its graph
:mod:`~tictactoe.ui.window.review_graph`, made in the background by
:mod:`~tictactoe.ui.window.review_work`), saving to the history
(:mod:`~tictactoe.ui.window.saving`), a position set up by clicks
(:mod:`~tictactoe.ui.window.setup`) and a search in a thread
(:mod:`~tictactoe.ui.window.thinking`).
"""
