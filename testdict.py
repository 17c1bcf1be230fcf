"""TestDict, the dictionary grader (docs/dictionary.md): ``python testdict.py [help] [TEST ...]``.

A shell around :mod:`tictactoe.cli.testdict`, so that the grader runs
from a checkout with nothing installed.  It checks the Python version
first: an older Python is refused in one line (status 2) before anything
that needs Python 3.11 is imported.
"""

from tictactoe.cli.python_version import require_python

require_python("testdict.py")

from tictactoe.cli.exits import run  # noqa: E402 -- needs Python 3.11: only after the check
from tictactoe.cli.testdict import main  # noqa: E402 -- as above

if __name__ == "__main__":
    run(main, "testdict.py")
