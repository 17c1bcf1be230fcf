"""``python -m tictactoe.grade``, the name SPEC §12 gives the program: it is :mod:`tictactoe.cli.grade`."""

from tictactoe.cli.exits import run
from tictactoe.cli.grade import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
