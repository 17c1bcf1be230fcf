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

import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import NoReturn

from tictactoe.cli.python_version import EXIT_USAGE
from tictactoe.ui.terminal.reader import Ending, Stopped

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
    "stopping_on_signals",
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
    >>> exit_status(Ending.HUNG_UP), exit_status(Ending.TERMINATED)
    (129, 143)
    """
    return {
        Ending.FINISHED: EXIT_OK,
        Ending.INPUT_ENDED: EXIT_INPUT_ENDED,
        Ending.INTERRUPTED: EXIT_INTERRUPTED,
        Ending.HUNG_UP: 128 + _SIGHUP,
        Ending.TERMINATED: 128 + signal.SIGTERM,
    }[ending]


# SIGHUP's number: 1 on every POSIX system (Windows has no SIGHUP).
_SIGHUP = 1
# The signals that stop a game as Ctrl-C does, where the system has them, with how the program's last line words them.
_STOPPING: dict[int, tuple[Ending, str]] = {int(signal.SIGTERM): (Ending.TERMINATED, "terminated")}
if hasattr(signal, "SIGHUP"):
    _STOPPING[int(signal.SIGHUP)] = (Ending.HUNG_UP, "the terminal closed")


@contextlib.contextmanager
def stopping_on_signals() -> Iterator[None]:
    """While in the block, SIGHUP (the terminal closed) and SIGTERM (``kill``) raise :class:`Stopped` in the
    main thread, so that the program ends as on Ctrl-C -- its game kept, one line said -- with 128 plus the
    signal's number as its status.

    A signal the program was started ignoring (``nohup`` ignores SIGHUP) stays ignored.  Once one has come,
    both are ignored, so that a second cannot cut short the keeping of the game.  Outside the main thread
    (where Python handles no signal) nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(number: int, frame: object) -> None:
        for each in _STOPPING:
            signal.signal(each, signal.SIG_IGN)
        raise Stopped(number, *_STOPPING[number])

    previous = {}
    for number in _STOPPING:
        if signal.getsignal(number) is not signal.SIG_IGN:
            previous[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


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
    except Stopped as stop:
        with contextlib.suppress(OSError):  # a terminal that closed takes no line
            print(f"{program}: {stop.reason}", file=sys.stderr)
        status = exit_status(stop.ending)
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
        with contextlib.suppress(OSError):  # standard error on the same terminal, gone (SIGHUP), takes no line
            print(f"{program}: cannot write the output: {error.strerror}", file=sys.stderr)
        status = EXIT_OUTPUT_FAILED
    sys.exit(status)


def _silence_stdout() -> None:
    """Point standard output at ``os.devnull``, so that Python's last flush cannot fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
