"""Play k-in-a-row against the computer: ``python play.py size length max_levels`` (docs/playing.md).

A shell, so that the game runs from a checkout with nothing installed: the
program is :mod:`tictactoe.cli.play`.
"""

import sys

from tictactoe.cli.python_version import require_python

require_python("play.py")  # before importing the game, which needs a newer Python than this file

from tictactoe.cli.exits import run  # noqa: E402 -- needs Python 3.11: only after the check
from tictactoe.cli.play import main  # noqa: E402 -- as above

if __name__ == "__main__":
    if sys.stdin is not None:
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]  # a stray byte is a typo, not a crash
    run(main, "play.py")
