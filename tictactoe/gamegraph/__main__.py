"""``python -m tictactoe.gamegraph``: the program, ending as every program of the project ends.

A program, not part of the package's library: nothing imports it, so like
``play.py`` it may use :mod:`tictactoe.ui.exits` (quiet when its reader
goes, 130 on Ctrl-C), while the modules of the package import nothing above
:mod:`configurations`.
"""

from tictactoe.gamegraph.commands import PROGRAM, main
from tictactoe.ui.exits import run

if __name__ == "__main__":
    run(main, PROGRAM)
