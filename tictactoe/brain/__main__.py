"""``python -m tictactoe.brain``, its documented name (docs/engine-protocol.md), is :mod:`tictactoe.cli.brain`."""

from tictactoe.cli.brain import console_main

if __name__ == "__main__":
    console_main()
