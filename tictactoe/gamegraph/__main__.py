"""``python -m tictactoe.gamegraph``: the program, ending as every program of the project ends.

A program, not part of the package's library: nothing imports it.  It
ends through :mod:`hashdict.exits` (quiet when its reader goes, 130 on
Ctrl-C), as every program does.
"""

from hashdict.exits import run
from tictactoe.gamegraph.commands import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
