"""How every program of the project ends: its exit statuses, and :func:`run`.

``play.py``, ``testdict.py``, ``testplay.py``, the report, the solver, the
game graph, the prover and the benchmarks all end the same way, so the
handling is written once, here.  Only programs choose exit statuses: a
library hands back what happened (a conversation's :class:`Ending`, say)
and the program turns it into a status with :func:`exit_status`.

>>> EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED
(130, 141)
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from tictactoe.cli.python_version import EXIT_USAGE
from tictactoe.ui.terminal.reader import Ending

__all__ = [
    "EXIT_FAILED",
    "EXIT_INPUT_ENDED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_OUTPUT_CLOSED",
    "EXIT_OUTPUT_FAILED",
    "EXIT_USAGE",
    "exit_status",
    "run",
]

EXIT_OK = 0
EXIT_FAILED = 1  # what was asked could not be done (a test failed, a file could not be used)
EXIT_INPUT_ENDED = 1  # the input ended before the game did (docs/playing.md)
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for Ctrl-C
EXIT_OUTPUT_CLOSED = 141  # 128 + SIGPIPE, what shells report when the reader of a pipe has gone
EXIT_OUTPUT_FAILED = 1  # as coreutils end when their output cannot be written
# Errors of writing that mean the output itself is unusable (a full disk, a closed descriptor).
_OUTPUT_ERRORS = (errno.ENOSPC, errno.EBADF, errno.EIO, errno.EFBIG, errno.EDQUOT)


def exit_status(ending: Ending) -> int:
    """The status of a program whose conversation ended so.

    >>> exit_status(Ending.FINISHED), exit_status(Ending.INPUT_ENDED), exit_status(Ending.INTERRUPTED)
    (0, 1, 130)
    """
    return {Ending.FINISHED: EXIT_OK, Ending.INPUT_ENDED: EXIT_INPUT_ENDED, Ending.INTERRUPTED: EXIT_INTERRUPTED}[
        ending
    ]


def run(main: Callable[[], int], program: str) -> NoReturn:
    """Exit with the status ``main()`` returns, ending quietly when the output or the person goes.

    When whoever reads the output has gone (``| head``), the program stops
    without a traceback, with status 141: standard output is pointed at
    ``os.devnull`` so that Python's last flush cannot fail again, as the
    Python documentation advises.  Only a write after the reader has gone
    fails: an output that fits in the pipe (64 KiB on Linux) and is all
    written before the reader goes ends with its usual status, as ``seq``
    or ``grep`` would.  Ctrl-C that ``main`` lets through prints
    ``"<program>: interrupted"`` and exits with 130.  Output that cannot be
    written (a full disk, ``>/dev/full``) or a standard output that was
    closed before the start (``>&-``) is one line on standard error and
    status 1, and so is running out of memory.
    """
    if sys.stdout is None:  # started with its standard output closed (>&-)
        print(f"{program}: standard output is closed, so there is nowhere to write", file=sys.stderr)
        sys.exit(EXIT_OUTPUT_FAILED)
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        status = EXIT_OUTPUT_CLOSED
    except KeyboardInterrupt:
        print(f"{program}: interrupted", file=sys.stderr)
        status = EXIT_INTERRUPTED
    except MemoryError as error:
        print(f"{program}: out of memory: {error or 'ask for less'}", file=sys.stderr)
        status = EXIT_FAILED
    except OSError as error:
        if error.errno not in _OUTPUT_ERRORS:
            raise
        _silence_stdout()
        print(f"{program}: cannot write the output: {error.strerror}", file=sys.stderr)
        status = EXIT_OUTPUT_FAILED
    sys.exit(status)


def _silence_stdout() -> None:
    """Point standard output at ``os.devnull``, so that Python's last flush cannot fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
