"""Programs run as a person runs them, but held to 500 MB of address space and a time limit.

A test of bad input runs its program through :func:`run_limited`, so that a
program that starts to read or grow without end fails the test at once
(with a ``MemoryError`` or by being killed) instead of swapping the machine.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tests.paths import ROOT

#: The address space a program under test may take.
MEMORY_LIMIT = 500 * 2**20
#: Seconds a program under test may run.
TIME_LIMIT = 60


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_limited(
    arguments: Sequence[str | Path], *, stdin: str | None = "", cwd: Path = ROOT, closed_stdin: bool = False
) -> subprocess.CompletedProcess[str]:
    """``python ARGUMENTS`` in the checkout, under :data:`MEMORY_LIMIT` and :data:`TIME_LIMIT`.

    ``stdin`` is the text piped in; ``closed_stdin`` starts the program with
    its standard input closed, as ``<&-`` does.
    """
    command = [sys.executable, *map(str, arguments)]
    if closed_stdin:
        command = ["sh", "-c", 'exec "$@" <&-', "sh", *command]
    return subprocess.run(
        command,
        input=None if closed_stdin else stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=TIME_LIMIT,
        preexec_fn=_limit_memory,
        check=False,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused program wrote on standard error; fails the test for a traceback or more lines.

    A usage error (status 2) may come after argparse's usage, which it repeats.
    """
    lines = result.stderr.splitlines()
    assert "Traceback" not in result.stderr, result.stderr
    if result.returncode == 2 and lines and lines[0].startswith("usage: "):
        lines = [line for line in lines if not line.startswith(("usage: ", " "))]
    assert len(lines) == 1, result.stderr
    return lines[0]
