"""How the project's command-line programs end: one exit for ``play.py``,
``testdict.py``, ``testplay.py`` and ``python -m hashdict.report``.

>>> EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED
(130, 141)
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import NoReturn

__all__ = ["EXIT_INTERRUPTED", "EXIT_OUTPUT_CLOSED", "run"]

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
EXIT_OUTPUT_CLOSED = 141  # 128 + SIGPIPE, what shells report when the reader of a pipe has gone


def run(main: Callable[[], int], program: str) -> NoReturn:
    """Exit with the status ``main()`` returns, ending quietly when the output or the person goes.

    When whoever reads the output has gone (``| head``), the program stops
    without a traceback, with status 141: standard output is pointed at
    ``os.devnull`` so that Python's last flush cannot fail again, as the
    Python documentation advises.  Ctrl-C that ``main`` lets through prints
    ``"<program>: interrupted"`` and exits with 130.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = EXIT_OUTPUT_CLOSED
    except KeyboardInterrupt:
        print(f"{program}: interrupted", file=sys.stderr)
        status = EXIT_INTERRUPTED
    sys.exit(status)
