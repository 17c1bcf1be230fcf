"""``python -m tictactoe.solver``, the name SPEC §8 gives the program: it is :mod:`tictactoe.cli.solver`."""

from tictactoe.cli.exits import run
from tictactoe.cli.solver import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
