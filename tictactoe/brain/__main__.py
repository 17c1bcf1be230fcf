"""``python -m tictactoe.brain``, the name SPEC §13 gives the program: it is :mod:`tictactoe.cli.brain`."""

from tictactoe.cli.brain import console_main

if __name__ == "__main__":
    console_main()
