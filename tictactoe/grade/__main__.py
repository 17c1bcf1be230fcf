"""``python -m tictactoe.grade``, its documented name (docs/grading.md), is :mod:`tictactoe.cli.grade`."""

from tictactoe.cli.exits import run
from tictactoe.cli.grade import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
