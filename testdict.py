"""TestDict, the dictionary grader (SPEC §5): ``python testdict.py [help] [TEST ...]``.

A shell around :mod:`tictactoe.harness.testdict`, so that the grader runs
from a checkout with nothing installed.
"""

from tictactoe.harness.testdict import main
from tictactoe.ui.exits import run

if __name__ == "__main__":
    run(main, "testdict")
