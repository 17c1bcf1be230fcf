"""``python -m tictactoe.gamegraph``, its documented name (docs/players.md), is :mod:`tictactoe.cli.gamegraph`."""

from tictactoe.cli.exits import run
from tictactoe.cli.gamegraph import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
