"""``python -m tictactoe.solver``, its documented name (docs/solver.md), is :mod:`tictactoe.cli.solver`."""

from tictactoe.cli.exits import run
from tictactoe.cli.solver import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
