"""``python -m tictactoe.proofcheck``, its documented name (docs/proofs.md), is :mod:`tictactoe.cli.proofcheck`."""

from tictactoe.cli.exits import run
from tictactoe.cli.proofcheck import PROGRAM, main

if __name__ == "__main__":
    run(main, PROGRAM)
