"""``python -m tictactoe.gamegraph``: the program, ending as every program of the project ends.

A program, not part of the package's library: nothing imports it.  Like
``play.py`` it hands over to the interfaces, here the graph's command line
in :mod:`tictactoe.ui.graph_commands` (count, show, stats and the game
against the graph), while the modules of the package import nothing above
:mod:`configurations`.
"""

from hashdict.exits import run
from tictactoe.ui.graph_commands import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
