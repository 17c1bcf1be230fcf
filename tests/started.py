"""Programs started so that a test knows when their own handling of Ctrl-C is in place.

A signal sent to a program that is still importing its modules meets
Python's default handling (a traceback), not the program's; a test that
waits a fixed time before sending it passes on a quiet machine and fails
on a busy one.  :func:`started` runs a program with one change: just
before the program's ``main`` runs inside :func:`tictactoe.cli.exits.run`,
the line :data:`STARTED` is written to its standard error.  The test reads
up to that line, then signals; what the program writes afterwards is its
own.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from typing import TYPE_CHECKING

from tests.paths import ROOT

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The line written to standard error when the program's ``main`` starts.
STARTED = "[main started]"

# Wraps tictactoe.cli.exits.run before the program imports it (the shells and the __main__ modules import the name
# at their top), then runs the program as python would: a file, or ``-m`` and a module.
_BOOT = f"""
import runpy, signal, sys
import tictactoe.cli.exits as exits

# Ctrl-C, SIGHUP and SIGTERM handled as at a terminal, whatever the test run inherited (a run in the background
# ignores Ctrl-C, and its children with it): the test that sends one sets how it is handled.
signal.signal(signal.SIGINT, signal.default_int_handler)
for number in (signal.SIGHUP, signal.SIGTERM):
    signal.signal(number, signal.SIG_DFL)

real_run = exits.run

def run(main, program):
    def announced():
        print({STARTED!r}, file=sys.stderr, flush=True)
        return main()
    real_run(announced, program)

exits.run = run
target = sys.argv[1]
if target == "-m":
    sys.argv = [sys.argv[2], *sys.argv[3:]]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    sys.argv = sys.argv[1:]
    runpy.run_path(target, run_name="__main__")
"""


def started(command: Sequence[str], *, timeout: float = 60, **popen: object) -> subprocess.Popen[str]:
    """Start ``command`` (``["play.py", ...]`` or ``["-m", "tictactoe.solver", ...]``) in the checkout and return
    once its ``main`` has begun; its standard output and error are text pipes, the marker line already read."""
    process: subprocess.Popen[str] = subprocess.Popen(  # type: ignore[call-overload]
        [sys.executable, "-c", _BOOT, *command],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )
    assert process.stderr is not None
    first = _first_line(process.stderr.fileno(), time.monotonic() + timeout)
    if first != STARTED:
        process.kill()
        process.communicate()
        raise AssertionError(f"the program did not reach its main: it wrote {first!r} first")
    return process


def _first_line(descriptor: int, deadline: float) -> str:
    """The first line written to ``descriptor``, read a byte at a time so that nothing after it is taken from the
    pipe (``communicate`` reads the descriptor itself, past any buffer); what was there at ``deadline``."""
    line = b""
    while not line.endswith(b"\n") and select.select([descriptor], [], [], max(0.0, deadline - time.monotonic()))[0]:
        byte = os.read(descriptor, 1)
        if not byte:
            break
        line += byte
    return line.decode(errors="replace").rstrip("\n")
