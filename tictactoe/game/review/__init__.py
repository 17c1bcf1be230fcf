"""Where a game was lost: each position of a game valued, and the moves that threw a result away.

* :mod:`~tictactoe.game.review.search` values the positions (the solver
  within the time given, else the strong player's estimate):
  :func:`~tictactoe.game.review.search.review_game`;
* :mod:`~tictactoe.game.review.values` is the review as a value -- each
  position's worth, each move's mark -- and how the marks are found;
* :mod:`~tictactoe.game.review.text` words it, the same at the terminal,
  in the window and in SGF comments;
* :mod:`~tictactoe.game.review.store` keeps it in the history file.

Nothing is imported here, so that the history, which stores reviews, does
not load the solver and the strong player with them.
"""
