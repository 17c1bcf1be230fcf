"""``python -m tictactoe.proofcheck``, the name SPEC §8a gives the program: it is :mod:`tictactoe.cli.proofcheck`."""

from tictactoe.cli.exits import run
from tictactoe.cli.proofcheck import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
