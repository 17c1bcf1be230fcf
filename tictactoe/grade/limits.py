"""The limits a submission's processes run under, and the environment they get.

Time: each test has :attr:`Limits.timeout` seconds of processor time (the
submission's processes together, where a control group counts them), and at
most three times as long on the wall clock, so that a neighbour spinning
under ``--jobs 2`` on two cores cannot time out an innocent submission;
each submission has :attr:`Limits.submission_timeout` wall-clock seconds in
all.  Memory and processes: one control group a submission
(:mod:`~tictactoe.grade.cgroups`) holds all its processes to
:attr:`Limits.memory_megabytes` and :attr:`Limits.tasks`; each process also
runs under ``ulimit`` limits (address space, file size, open files,
processor seconds), set by a shell that then ``exec``s the program, because
``preexec_fn`` is not safe in a grader that runs submissions from threads.
Where no control group can be made, only the per-user process limit
(``ulimit -u``) bounds a submission's processes; it counts every process of
the user, so the grader then grades one submission at a time, and every
report says which limits held and what they do not bound (:func:`described`).
The Java heap is bounded by ``-Xmx`` too, so that an ``OutOfMemoryError``
is an exception like any other.  The one writable place, the scratch
folder, holds at most :attr:`Limits.scratch_megabytes`.  What a process
prints is kept up to :attr:`Limits.output_bytes` a stream and a test.

>>> Limits().timeout, Limits().heap_megabytes, Limits().memory_megabytes, Limits().tasks
(10.0, 256, 1024, 128)
>>> ulimits(Limits())
'ulimit -v 1572864 && ulimit -f 65536 && ulimit -n 256 && ulimit -t 240'
"""

from __future__ import annotations

import math
import resource
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["DEFAULT_SUBMISSION_TIMEOUT", "DEFAULT_TIMEOUT", "Limits", "described", "environment", "ulimits"]

#: Processor seconds a test may take: the built-in cases take well under a second in either language when written
#: plainly; their largest search (play-4x4-speed, about 100 000 nodes) takes about 1 s in Java.
DEFAULT_TIMEOUT = 10.0
#: Wall-clock seconds a whole submission may take: a correct one takes a few, and one that runs out of time on
#: every test of TestDict and a few cases still gets through them all.
DEFAULT_SUBMISSION_TIMEOUT = 120.0


@dataclass(frozen=True, slots=True)
class Limits:
    """Time, memory, processes, disk and output, for one submission's processes.

    ``address_megabytes`` bounds each process's address space: a JVM with
    a 256 MB heap reserves far more than its heap, and needs about 800 MB
    of it to start.  ``memory_megabytes`` and ``tasks`` (processes and
    threads: a JVM runs 20 to 40) bound all of a submission's processes
    together.  ``compile_timeout`` bounds javac, which runs none of the
    submission's code; ``warm_compile_timeout`` bounds one submission's
    compile in the warm javac a class shares, past which it is compiled
    again by a javac of its own (:mod:`~tictactoe.grade.languages.warm_javac`;
    0: a javac of its own for each submission).
    """

    timeout: float = DEFAULT_TIMEOUT
    submission_timeout: float = DEFAULT_SUBMISSION_TIMEOUT
    heap_megabytes: int = 256
    address_megabytes: int = 1536
    memory_megabytes: int = 1024
    tasks: int = 128
    scratch_megabytes: int = 64
    file_megabytes: int = 32
    open_files: int = 256
    output_bytes: int = 64 * 1024
    compile_timeout: float = 60.0
    warm_compile_timeout: float = 10.0


def ulimits(limits: Limits, user_tasks: int | None = None) -> str:
    """The shell commands that set one process's own limits before it ``exec``s the program.

    A grader that itself runs under a lower address-space limit passes its
    own on: no process may raise a limit past the one it was given.  The
    processor seconds are a backstop for the whole life of a process (a
    JVM answers every test of a submission): twice the submission's budget.
    ``user_tasks``, where no control group counts a submission's tasks, is
    the most processes and threads its user may then run (``ulimit -u``),
    all of that user's counted, the grader's too.

    >>> ulimits(Limits(), user_tasks=300).split(" && ")[-1]
    '{ ulimit -u 300 2>/dev/null || ulimit -p 300; }'
    """
    kilobytes = limits.address_megabytes * 1024
    _, most = resource.getrlimit(resource.RLIMIT_AS)
    if most != resource.RLIM_INFINITY:
        kilobytes = min(kilobytes, most // 1024)
    blocks = limits.file_megabytes * 2048  # the shell counts a file's size in blocks of 512 bytes
    seconds = math.ceil(2 * limits.submission_timeout)
    # bash and BusyBox say -u, dash says -p (in bash, -p is the pipe's size, never reached)
    tasks = "" if user_tasks is None else f" && {{ ulimit -u {user_tasks} 2>/dev/null || ulimit -p {user_tasks}; }}"
    return f"ulimit -v {kilobytes} && ulimit -f {blocks} && ulimit -n {limits.open_files} && ulimit -t {seconds}{tasks}"


def described(limits: Limits, group: str | None, jobs: int) -> str:
    """The limits in force, and what they do not bound, for every report: ``group`` names the control group that
    holds each submission's processes together (None: there is none here); ``jobs`` is ``--jobs``.

    >>> print(described(Limits(), None, 2))
    each process: 1536 MB of address space, files of 32 MB, 256 open files, 128 processes and threads beyond those its \
user runs already; a Java heap of 256 MB; 10 s of processor time a test, 120 s on the clock a submission; no control \
group here: a per-process memory limit does not bound a submission's total, and the process limit counts every \
process of the user, not of one submission, so submissions were graded one at a time (not --jobs 2)
    """
    time = f"{limits.timeout:g} s of processor time a test, {limits.submission_timeout:g} s on the clock a submission"
    each = (
        f"{limits.address_megabytes} MB of address space, files of {limits.file_megabytes} MB,"
        f" {limits.open_files} open files"
    )
    heap = f"a Java heap of {limits.heap_megabytes} MB"
    if group is not None:
        return (
            f"each submission's processes together: {limits.memory_megabytes} MB of memory and {limits.tasks}"
            f" processes and threads ({group}); each process: {each}; {heap}; {time}; not bounded: the share of the"
            " processor a submission takes beside another (only its time is)"
        )
    serial = f" (not --jobs {jobs})" if jobs > 1 else ""
    return (
        f"each process: {each}, {limits.tasks} processes and threads beyond those its user runs already; {heap};"
        f" {time}; no control group here: a per-process memory limit does not bound a submission's total, and the"
        " process limit counts every process of the user, not of one submission, so submissions were graded one at"
        f" a time{serial}"
    )


def environment(home: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a submission's process: a search path, UTF-8, and ``home`` for its home and temp files.

    Nothing of the grader's environment is passed on.  ``MALLOC_ARENA_MAX``
    keeps glibc from reserving 64 MB of address space for every thread, which
    a JVM under an address-space limit cannot afford.
    """
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": home,
        "TMPDIR": home,
        "MALLOC_ARENA_MAX": "2",
        **(extra or {}),
    }
