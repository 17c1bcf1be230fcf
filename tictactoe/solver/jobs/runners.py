"""Where the jobs of a solve run (:mod:`tictactoe.solver.jobs.coordinator`): in this process, in a pool of local
processes, or on a running Dask cluster.

Each is a :class:`Runner`: ``submit`` a job for a handle, ``wait`` for
some handles to finish, read each one's ``result`` -- ``None`` when the
worker running it was lost, so that the job is submitted again -- and
``close`` to stop every worker.  ``capacity`` is how many jobs it runs at
once.  ``share`` hands it records of proved positions for the jobs
without proofs that run after (the solve's store of proved positions):
each pool worker is sent those it has not had yet, with its next job; a
Dask job takes the most recent ones with it; jobs run in this process
share its table already.

Workers end with the solve however it ends.  A local worker asks the
kernel to kill it when its parent dies (``PR_SET_PDEATHSIG`` on Linux; on
a system without it, it looks for its parent between jobs and while it
waits), so ``kill -9`` or ``SIGTERM`` of the solve leaves no worker
behind; Ctrl-C closes the pool.  A Dask worker runs one job at a time
whatever its threads (each job holds the ``solve`` resource, which the
runner gives every worker of the cluster, one each), and once the solve's
client is gone the scheduler hands out none of its jobs; a job running
then ends within its budget of positions.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import dataclasses
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Protocol

from tictactoe.solver.jobs.job import Job, JobAnswer, run_job

if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

__all__ = ["AddressError", "ClusterError", "DaskCluster", "InProcess", "LocalPool", "Runner", "cores"]

# How often a runner that cannot be told when a job ends looks again, in seconds.
_POLL = 0.05
# How long a scheduler has to answer: one on the same network answers at once.
_CONNECT_SECONDS = 5
#: The Dask resource a job holds, of which the runner gives each worker process one: one job a process
#: (:mod:`tictactoe.solver.jobs.cluster_plugin` says the same).
RESOURCE = "tictactoe-solve"
# prctl's option that sends the calling process a signal when its parent dies (linux/prctl.h).
_PR_SET_PDEATHSIG = 1
# How often a worker on a system without PR_SET_PDEATHSIG looks whether its parent is still there, in seconds.
_ORPHAN_POLL = 1.0
# The jobs a pool's worker is sent at a time: the one it runs and the next.
_HELD = 2
# The most records of proved positions a Dask job takes with it (the most recent): about 1 MB.
_MOST_SHARED = 20_000


class ClusterError(RuntimeError):
    """The cluster cannot be used: dask is not installed, or no scheduler answers at the address."""


class AddressError(ClusterError):
    """The address is not one of a Dask scheduler (``tcp://host:port``): a mistake of the command line."""


def cores() -> int:
    """The processors this process may run on: ``--workers auto``'s number."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class Runner(Protocol):
    """Runs jobs somewhere; see the module's docstring."""

    capacity: int

    def submit(self, job: Job) -> object: ...

    def wait(self, handles: list[object], timeout: float) -> list[object]: ...

    def result(self, handle: object) -> JobAnswer | None: ...

    def cancel(self, handle: object) -> None: ...

    def close(self) -> None: ...

    def share(self, records: list[tuple[str, int]]) -> None: ...


class _Done:
    """The handle of a job :class:`InProcess` has run: its answer."""

    __slots__ = ("answer",)

    def __init__(self, answer: JobAnswer) -> None:
        self.answer = answer


class InProcess:
    """Runs each job here, at once, when it is submitted: one at a time."""

    capacity = 1

    def submit(self, job: Job) -> object:
        return _Done(run_job(job))

    def wait(self, handles: list[object], timeout: float) -> list[object]:
        return list(handles)

    def result(self, handle: object) -> JobAnswer | None:
        return handle.answer if isinstance(handle, _Done) else None

    def cancel(self, handle: object) -> None:
        """Nothing runs in the background."""

    def close(self) -> None:
        """Nothing to stop."""

    def share(self, records: list[tuple[str, int]]) -> None:
        """Nothing to send: the jobs run here, and share this process's table."""


class _Slot:
    """One worker process of a :class:`LocalPool`, its own queue of jobs, and the handles it has been sent, the one
    it is running first."""

    __slots__ = ("handles", "jobs", "process", "shared")

    def __init__(self, process: BaseProcess, jobs: Queue[tuple[int, Job] | None]) -> None:
        self.process = process
        self.jobs = jobs
        self.handles: list[int] = []
        self.shared = 0  # how many of the pool's shared records the worker has been sent


class LocalPool:
    """``workers`` processes on this machine, each given one job at a time.

    A job waits in the pool until a worker has room for it: each worker
    is sent the job it runs and the next, so that it never waits for this
    process between two jobs.  A worker that dies (killed, out of memory)
    is replaced, and the handles of the jobs it was sent answer ``None``.
    The workers ignore Ctrl-C, which the solve's process handles for them
    by closing the pool.
    """

    def __init__(self, workers: int) -> None:
        self.capacity = workers
        self._context = multiprocessing.get_context()
        self._answers: Queue[tuple[int, JobAnswer]] = self._context.Queue()
        self._slots = [self._start() for _ in range(workers)]
        self._waiting: list[tuple[int, Job]] = []
        self._done: dict[int, JobAnswer | None] = {}  # handles (job numbers) finished and not yet read
        self._next = 0
        self._shared: list[tuple[str, int]] = []
        self._checked = 0.0  # when the workers were last looked at

    def _start(self) -> _Slot:
        jobs: Queue[tuple[int, Job] | None] = self._context.Queue()
        # A job larger than the pipe holds is written by the queue's feeder thread while the worker reads it; a
        # worker killed meanwhile (the solve stopped) leaves the thread blocked for good, and Python's exit, which
        # joins it, with it.  A job not yet sent is worth nothing once the solve stops: the exit need not wait.
        jobs.cancel_join_thread()
        process = self._context.Process(target=_work, args=(os.getpid(), jobs, self._answers), daemon=True)
        process.start()
        return _Slot(process, jobs)

    def submit(self, job: Job) -> object:
        handle = self._next
        self._next += 1
        self._waiting.append((handle, job))
        self._dispatch()
        return handle

    def wait(self, handles: list[object], timeout: float) -> list[object]:
        deadline = time.monotonic() + timeout
        while True:
            # Each look asks the kernel after every worker: once an answer, it cost the coordinator of 7x7 with
            # four in a row and X in 5x5 a third as much as its walks.  A worker lost is found a moment later.
            if time.monotonic() - self._checked >= _POLL * 4:
                self._check_workers()
                self._checked = time.monotonic()
            done: list[object] = [handle for handle in handles if handle in self._done]
            if done or time.monotonic() >= deadline:
                return done
            try:
                handle, answer = self._answers.get(timeout=min(_POLL * 4, max(0.0, deadline - time.monotonic())))
            except queue.Empty:
                continue
            self._finish(handle, answer)
            self._drain()

    def _drain(self) -> None:
        """Take every answer the workers have already put, so that the solve weighs them all in one walk of its
        tree: one walk an answer would make the solve's process, not the workers, the limit on a machine of many
        cores.  An answer the queue counts may still be on its way through the pipe (a worker's feeder thread
        writes it): that one is waited for, briefly."""
        while self._answers_put():
            try:
                handle, answer = self._answers.get(timeout=_POLL * 4)
            except queue.Empty:
                return
            self._finish(handle, answer)

    def _answers_put(self) -> bool:
        """Whether an answer has been put that is not yet taken."""
        try:
            return self._answers.qsize() > 0
        except NotImplementedError:  # macOS counts nothing: what has reached the pipe, then
            return not self._answers.empty()

    def result(self, handle: object) -> JobAnswer | None:
        return self._done.pop(handle)  # type: ignore[call-overload,no-any-return]

    def cancel(self, handle: object) -> None:
        self._waiting = [(number, job) for number, job in self._waiting if number != handle]

    def close(self) -> None:
        for slot in self._slots:
            slot.process.kill()
        for slot in self._slots:
            slot.process.join()

    def _finish(self, handle: int, answer: JobAnswer | None) -> None:
        for slot in self._slots:
            if handle in slot.handles:
                slot.handles.remove(handle)
        self._done[handle] = answer
        self._dispatch()

    def share(self, records: list[tuple[str, int]]) -> None:
        self._shared += records

    def _dispatch(self) -> None:
        # Every idle worker first, then a second job each, which a worker starts the moment its first ends: a job
        # of a few positions ends before its answer could reach this process and a next job come back.
        for held in range(_HELD):
            for slot in self._slots:
                if len(slot.handles) == held and self._waiting:
                    handle, job = self._waiting.pop(0)
                    if not job.proof:  # the records it has not had, for its table to keep
                        job = dataclasses.replace(job, known=tuple(self._shared[slot.shared :]))
                        slot.shared = len(self._shared)
                    slot.handles.append(handle)
                    slot.jobs.put((handle, job))

    def _check_workers(self) -> None:
        """Replace a worker that died; its job's handle answers None."""
        for place, slot in enumerate(self._slots):
            if slot.process.is_alive():
                continue
            self._slots[place] = self._start()
            for lost in slot.handles:
                self._finish(lost, None)


def _work(parent: int, jobs: Queue[tuple[int, Job] | None], answers: Queue[tuple[int, JobAnswer]]) -> None:
    """A worker's life: answer the jobs it is given until it is told to stop (None), or its parent is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the solve's own handling, which a fork hands down
    _die_with(parent)
    while (given := jobs.get()) is not None:
        handle, job = given
        answers.put((handle, run_job(job)))


def _die_with(parent: int) -> None:
    """End this process when ``parent`` ends: by the kernel's word where it gives one, else by a thread that
    looks for the parent now and then."""
    libc_name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
    armed = False
    if libc_name is not None:
        with contextlib.suppress(OSError, AttributeError):
            armed = ctypes.CDLL(libc_name, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL) == 0
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)
    if not armed:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_ORPHAN_POLL)
    os._exit(1)


class DaskCluster:
    """The workers of the Dask cluster whose scheduler listens at ``address`` (``pip install '.[cluster]'``).

    Each worker process is given one :data:`RESOURCE`, now and as it
    joins, and each job needs one, so a worker runs one job at a time
    whatever its threads; ``capacity`` is the worker processes.  Dask moves
    a job whose worker was lost to another worker; a job it gives up on
    answers None and is submitted again (the solve bounds how often).
    """

    def __init__(self, address: str) -> None:
        try:
            # dask is the cluster extra's, not a dependency: imported only for a solve that asks for a cluster.
            import distributed  # noqa: PLC0415
        except ImportError:
            raise ClusterError("--scheduler needs dask: pip install 'tictactoe-hashtable[cluster]'") from None
        try:
            self._client = distributed.Client(address, timeout=_CONNECT_SECONDS)
        except ValueError as error:  # dask's reading of the address: no port, a scheme it does not know
            raise AddressError(f"{address!r} is no Dask scheduler's address: {error}") from None
        except (OSError, TimeoutError, TypeError, ImportError) as error:  # TypeError: tls, ucx unconfigured
            raise ClusterError(f"no Dask scheduler answers at {address!r}: {error}") from None
        # The plugin's module imports dask, which this module may not (it is the cluster extra's).
        from tictactoe.solver.jobs.cluster_plugin import OneJobEach  # noqa: PLC0415

        self._client.register_plugin(OneJobEach(), name=RESOURCE)
        self.capacity = max(1, len(self._client.scheduler_info()["workers"]))
        self._shared: list[tuple[str, int]] = []

    def submit(self, job: Job) -> object:
        if not job.proof:
            job = dataclasses.replace(job, known=tuple(self._shared[-_MOST_SHARED:]))
        return self._client.submit(run_job, job, pure=False, resources={RESOURCE: 1})

    def share(self, records: list[tuple[str, int]]) -> None:
        self._shared += records

    def wait(self, handles: list[object], timeout: float) -> list[object]:
        deadline = time.monotonic() + timeout
        while True:
            done = [handle for handle in handles if handle.done()]  # type: ignore[attr-defined]
            if done or time.monotonic() >= deadline:
                self.capacity = max(1, len(self._client.scheduler_info()["workers"]))
                return done
            time.sleep(_POLL)

    def result(self, handle: object) -> JobAnswer | None:
        try:
            return handle.result()  # type: ignore[attr-defined,no-any-return]
        except Exception:  # a job dask gave up on (its workers lost): it is asked again
            return None

    def cancel(self, handle: object) -> None:
        handle.cancel()  # type: ignore[attr-defined]

    def close(self) -> None:
        self._client.close()
