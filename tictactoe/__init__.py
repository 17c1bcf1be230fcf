"""Everything the project grows around the assignment's two packages.

``hashdict`` (the dictionary) and ``configurations`` (the board and the
reference search) are the assignment's own and stay top-level; all else
lives here, one subpackage per concern, imports running one way::

    hashdict  <-  configurations  <-  solver, gamegraph  <-  players  <-  game  <-  ui
                                                       harness (the graders) may import anything

Nothing is imported here, so that ``import tictactoe.ui.terminal.conversation`` costs
the game no more than it needs.
"""
