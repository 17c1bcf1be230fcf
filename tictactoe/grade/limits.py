"""The limits a submission's process runs under, and the environment it gets.

Time is limited per test by the grader, which waits that long for each
answer and then ends the process (:mod:`tictactoe.grade.channel`).  Memory is
limited twice: the Java heap by ``-Xmx`` (an ``OutOfMemoryError`` is an
answer like any exception), and the whole process's address space by
``ulimit -v``, set by a shell that then ``exec``s the program, because
``preexec_fn`` is not safe in a grader that runs submissions from threads.
What the process prints is kept up to :attr:`Limits.output_bytes` a stream
and a test, and only shown in messages.

>>> Limits().timeout, Limits().heap_megabytes
(10.0, 256)
>>> limited(["java", "-version"], 1024)[:4]
['/bin/sh', '-c', 'ulimit -v "$0" && exec "$@"', '1048576']
"""

from __future__ import annotations

import os
import resource
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["DEFAULT_TIMEOUT", "Limits", "child_environment", "limited"]

#: Seconds a test may take: the built-in cases take well under a second in either language when written
#: plainly; their largest search (play-4x4-speed, about 100 000 nodes) takes about 1 s in Java.
DEFAULT_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class Limits:
    """Time a test, memory, and output a stream, for one submission's process.

    ``address_megabytes`` bounds the process's whole address space: a JVM
    with a 256 MB heap reserves far more than its heap, and needs about 800 MB
    of it to start.  ``timeout`` is per test; ``start_timeout`` bounds the
    start of a process and the compilation of a Java submission.
    """

    timeout: float = DEFAULT_TIMEOUT
    heap_megabytes: int = 256
    address_megabytes: int = 1536
    output_bytes: int = 64 * 1024
    start_timeout: float = 60.0


def limited(argv: Sequence[str], address_megabytes: int) -> list[str]:
    """``argv`` run under an address-space limit of ``address_megabytes``, by ``/bin/sh``'s ``ulimit -v``.

    A grader that itself runs under a lower limit passes its own on: no
    process may raise its limit past the one it was given.
    """
    kilobytes = address_megabytes * 1024
    _, most = resource.getrlimit(resource.RLIMIT_AS)
    if most != resource.RLIM_INFINITY:
        kilobytes = min(kilobytes, most // 1024)
    return ["/bin/sh", "-c", 'ulimit -v "$0" && exec "$@"', str(kilobytes), *argv]


def child_environment(home: Path) -> dict[str, str]:
    """The environment of a submission's process: a search path, UTF-8, and ``home`` for its home and temp files.

    Nothing else of the grader's environment is passed on.  ``MALLOC_ARENA_MAX``
    keeps glibc from reserving 64 MB of address space for every thread, which
    a JVM under an address-space limit cannot afford.
    """
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": str(home),
        "TMPDIR": str(home),
        "MALLOC_ARENA_MAX": "2",
    }
