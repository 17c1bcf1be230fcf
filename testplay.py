"""TestPlay, the game-logic grader (SPEC §6): ``python testplay.py [--cases FILE.jsonl ...]``.

A shell around :mod:`tictactoe.harness.testplay`, so that the grader runs
from a checkout with nothing installed.
"""

from tictactoe.harness.testplay import main
from tictactoe.ui.exits import run

if __name__ == "__main__":
    run(main, "testplay.py")
