"""TestPlay, the game-logic grader (docs/dictionary.md): ``python testplay.py [--cases FILE.jsonl ...]``.

A shell around :mod:`tictactoe.cli.testplay`, so that the grader runs
from a checkout with nothing installed.  It checks the Python version
first: an older Python is refused in one line (status 2) before anything
that needs Python 3.11 is imported.
"""

from tictactoe.cli.python_version import require_python

require_python("testplay.py")

from tictactoe.cli.exits import run  # noqa: E402 -- needs Python 3.11: only after the check
from tictactoe.cli.testplay import main  # noqa: E402 -- as above

if __name__ == "__main__":
    run(main, "testplay.py")
