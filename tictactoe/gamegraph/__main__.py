"""``python -m tictactoe.gamegraph``, the name SPEC §9 gives the program: it is :mod:`tictactoe.cli.gamegraph`."""

from tictactoe.cli.exits import run
from tictactoe.cli.gamegraph import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
