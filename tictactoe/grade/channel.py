"""The conversation with a submission's process: requests on one pipe, observations on another, each opened by a nonce.

The process gets two pipes of its own besides its standard streams: it
reads requests from one and writes answers on the other.  The first line
is ``hello NONCE``, sent before any of the submission's code runs, and its
answer says whether the code loaded; every later request is ``NONCE N
JSON`` (a list of operations) and its answer ``NONCE N JSON`` (a list of
observations, :mod:`~tictactoe.grade.observations`), ``N`` counting the
requests.  The nonce is made afresh for every process, so that what the
submission's code prints on its standard streams is never taken for an
answer; and an answer, whoever wrote it, is only an observation that the
grader judges.  Its standard input is empty; its standard output and error
are read all along (so that it never blocks on a full pipe), kept up to a
cap for each test, and only ever shown in messages.

Time is kept by a :class:`Deadline`: the processor time the submission's
processes spent (when the sandbox can count it), with a wall-clock cap,
and a stop event that ends any wait at once (Ctrl-C).  A :class:`Child`
answers each :meth:`~Child.ask` with an :class:`Answer`, or says that the
process ended (:class:`Ended`), ran out of time (:class:`TimedOut`) or
answered what no driver writes (:class:`Garbled`); after any of these it is
gone and a new one must be started.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import selectors
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Protocol, TypeAlias

from tictactoe.grade.observations import Observation, Unreadable, read_observations

__all__ = [
    "Answer",
    "Child",
    "Deadline",
    "Ended",
    "Garbled",
    "Interrupted",
    "Launcher",
    "Ready",
    "Reply",
    "TimedOut",
    "printed",
]

#: The longest answer line read: 10 000 bulk values take about 60 KB.
_MOST_ANSWER_BYTES = 8 * 2**20
#: How much of what the process printed a message quotes.
_SHOWN_CHARACTERS = 300
#: How often a wait looks at the clocks and the stop event, in seconds.
_TICK = 0.05


class Interrupted(Exception):
    """The grader is stopping (Ctrl-C or SIGTERM): every wait ends at once."""


class Launcher(Protocol):
    """What starts a child's process and ends it: :class:`tictactoe.grade.sandbox.Launch`, in its sandbox."""

    def start(self, command_fd: int, answer_fd: int) -> subprocess.Popen[bytes]:
        """Start the process with the two pipes' ends ``command_fd`` and ``answer_fd`` (-1: none)."""
        ...

    def end(self, process: subprocess.Popen[bytes]) -> None:
        """End the process and everything it started; wait for it."""
        ...


@dataclass(slots=True)
class Deadline:
    """When a wait ends: ``seconds`` of processor time (or of wall-clock time where none is counted), at most
    ``wall_factor`` times as long on the wall clock, and never past ``wall_end`` (the submission's budget)."""

    seconds: float
    cpu: Callable[[], float | None]
    stop: threading.Event
    wall_end: float = float("inf")
    wall_factor: float = 3.0
    _cpu_start: float | None = field(default=None, init=False)
    _wall_start: float = field(default=0.0, init=False)

    def start(self) -> Deadline:
        """Start counting now; returns itself."""
        self._cpu_start = self.cpu()
        self._wall_start = time.monotonic()
        return self

    def why_over(self) -> str | None:
        """None while there is time left; else ``cpu``, ``wall`` (the cap), ``time`` (where no processor time is
        counted) or ``budget``; :class:`Interrupted` once the grader is stopping."""
        if self.stop.is_set():
            raise Interrupted
        now = time.monotonic()
        if now >= self.wall_end:
            return "budget"
        cpu = self.cpu()
        if self._cpu_start is not None and cpu is not None:
            if cpu - self._cpu_start >= self.seconds:
                return "cpu"
            return "wall" if now - self._wall_start >= self.seconds * self.wall_factor else None
        return "time" if now - self._wall_start >= self.seconds else None


@dataclass(frozen=True, slots=True)
class Ready:
    """The process started and loaded the submission's code; ``load_error`` says why that failed, or is ``''``."""

    load_error: str


@dataclass(frozen=True, slots=True)
class Answer:
    """The process answered a request: one observation an operation."""

    observations: list[Observation]


@dataclass(frozen=True, slots=True)
class Ended:
    """The process ended before it answered; ``returncode`` as :mod:`subprocess` gives it."""

    returncode: int | None
    output: str = ""


@dataclass(frozen=True, slots=True)
class TimedOut:
    """No answer came in time (``why``: as :meth:`Deadline.why_over` says); the process has been ended."""

    seconds: float
    why: str
    output: str = ""


@dataclass(frozen=True, slots=True)
class Garbled:
    """The answer was nothing a driver writes: the submission's code wrote it, or broke the driver."""

    problem: str
    output: str = ""


Reply: TypeAlias = Answer | Ended | TimedOut | Garbled


def printed(stdout: bytes, stderr: bytes) -> str:
    """What the process printed, for a message: ``''``, or `` (it printed: '...')`` cut short.

    >>> printed(b"passed\\n", b"ok\\n")
    " (it printed: 'passed\\\\nok')"
    """
    text = (stdout + stderr).decode("utf-8", "replace").strip("\n")
    if not text:
        return ""
    shown = text if len(text) <= _SHOWN_CHARACTERS else text[:_SHOWN_CHARACTERS] + "..."
    return f" (it printed: {shown!r})"


class Child:
    """One process of a submission, started by :meth:`start`, spoken to by :meth:`ask`, ended by :meth:`stop`.

    ``launch`` starts the process (in its sandbox) given the numbers of its
    two pipes, and ends it and everything it started.
    """

    def __init__(self, launch: Launcher, output_bytes: int) -> None:
        self._launch = launch
        self._cap = output_bytes
        self._nonce = secrets.token_hex(16)
        self._process: subprocess.Popen[bytes] | None = None
        self._commands: int | None = None
        self._answers: int | None = None
        self._pending = b""
        self._number = 0
        self._captured = {"stdout": bytearray(), "stderr": bytearray()}

    def start(self, deadline: Deadline) -> Ready | Ended | TimedOut | Garbled:
        """Start the process and greet it: :class:`Ready` once the submission's code has loaded, or why not."""
        command_read, command_write = os.pipe()
        answer_read, answer_write = os.pipe()
        try:
            self._process = self._launch.start(command_read, answer_write)
        except OSError as error:  # no process could be made (the machine's limits): the test says so
            os.close(command_write)
            os.close(answer_read)
            return Ended(None, f" (the grader could not start it: {error.strerror or error})")
        finally:
            os.close(command_read)
            os.close(answer_write)
        self._commands, self._answers = command_write, answer_read
        # No read or write of the grader's may wait: the submission's code can open its ends of these pipes again
        # (through /proc/self/fd), take what a select saw first or fill a pipe, and only a deadline ends a wait.
        for descriptor in (command_write, answer_read, *(stream.fileno() for stream in self._streams())):
            os.set_blocking(descriptor, False)
        reply = self._send(f"hello {self._nonce}", deadline)
        if not isinstance(reply, _Line):
            return reply
        try:
            greeting = json.loads(reply.text)
            load_error = greeting["load"]
            if not isinstance(load_error, str):
                raise TypeError
        except (ValueError, TypeError, KeyError):
            self.stop()
            return Garbled("a greeting that is not the driver's", self.take_output())
        return Ready(load_error)

    def ask(self, operations: Sequence[Sequence[object]], deadline: Deadline) -> Reply:
        """Send one request and wait for its observations until ``deadline``."""
        self._number += 1
        request = json.dumps([list(operation) for operation in operations])
        reply = self._send(f"{self._nonce} {self._number} {request}", deadline)
        if not isinstance(reply, _Line):
            return reply
        try:
            return Answer(read_observations(reply.text, len(operations)))
        except Unreadable as problem:
            self.stop()
            return Garbled(str(problem), self.take_output())

    def take_output(self) -> str:
        """What the process printed since the last call, as a message quotes it; then forget it."""
        self._drain()
        text = printed(bytes(self._captured["stdout"]), bytes(self._captured["stderr"]))
        for stream in self._captured.values():
            stream.clear()
        return text

    def stop(self) -> None:
        """Ask the process to quit, then end it and everything it started, and close the pipes; safe to call twice."""
        process = self._process
        if process is None:
            return
        if process.poll() is None and self._commands is not None:
            with contextlib.suppress(OSError):
                os.write(self._commands, f"{self._nonce} 0 quit\n".encode())
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.2)
        self._launch.end(process)
        for descriptor in (self._commands, self._answers):
            if descriptor is not None:
                with contextlib.suppress(OSError):
                    os.close(descriptor)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        self._process = self._commands = self._answers = None

    def _send(self, line: str, deadline: Deadline) -> _Line | Ended | TimedOut:
        assert self._commands is not None, "start() first"
        data = memoryview((line + "\n").encode())
        with selectors.DefaultSelector() as selector:
            selector.register(self._commands, selectors.EVENT_WRITE)
            try:
                while data:
                    if (why := deadline.why_over()) is not None:
                        return self._timed_out(deadline, why)
                    if selector.select(_TICK):
                        with contextlib.suppress(BlockingIOError):  # the pipe filled since the select
                            data = data[os.write(self._commands, data) :]
            except OSError:  # the process has gone, or closed its end
                return self._ended()
            except Interrupted:
                self.stop()
                raise
        return self._wait(deadline)

    def _wait(self, deadline: Deadline) -> _Line | Ended | TimedOut:
        assert self._process is not None
        assert self._answers is not None
        process = self._process
        with selectors.DefaultSelector() as selector:
            selector.register(self._answers, selectors.EVENT_READ, "answers")
            for name in ("stdout", "stderr"):
                stream = getattr(process, name)
                if not stream.closed:
                    selector.register(stream.fileno(), selectors.EVENT_READ, name)
            try:
                while (why := deadline.why_over()) is None:
                    for key, _ in selector.select(_TICK):
                        try:
                            data = os.read(key.fd, 65536)
                        except BlockingIOError:  # another reader of the pipe, the submission's, took it first
                            continue
                        if key.data != "answers":
                            self._capture(key.data, data)
                            if not data:
                                selector.unregister(key.fd)
                        elif not data:
                            return self._ended()
                        elif (line := self._take(data)) is not None:
                            return line
            except Interrupted:
                self.stop()
                raise
        return self._timed_out(deadline, why)

    def _timed_out(self, deadline: Deadline, why: str) -> TimedOut:
        output = self.take_output()
        self.stop()
        return TimedOut(deadline.seconds, why, output)

    def _streams(self) -> list[IO[bytes]]:
        """The process's standard output and error, as the launch made them."""
        process = self._process
        assert process is not None
        return [stream for stream in (process.stdout, process.stderr) if stream is not None]

    def _take(self, data: bytes) -> _Line | None:
        """The first answer line in what has come so far, opened by this process's nonce; other lines are dropped."""
        self._pending += data
        while b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
            words = line.decode("utf-8", "replace").split(" ", 2)
            if len(words) == 3 and words[0] == self._nonce and words[1] == str(self._number):
                return _Line(words[2])
        if len(self._pending) > _MOST_ANSWER_BYTES:
            self._pending = b""  # no answer of the driver's is so long: the submission wrote it
        return None

    def _capture(self, name: str, data: bytes) -> None:
        stream = self._captured[name]
        stream += data[: max(0, self._cap - len(stream))]

    def _drain(self) -> None:
        """Capture what the process has written to its output so far, without waiting for more."""
        if self._process is None:
            return
        for name in ("stdout", "stderr"):
            stream = getattr(self._process, name)
            with contextlib.suppress(OSError, ValueError):  # nothing more yet (non-blocking since start), or closed
                while chunk := os.read(stream.fileno(), 65536):
                    self._capture(name, chunk)

    def _ended(self) -> Ended:
        """The process has closed its answers: collect what it printed last and its exit status."""
        process = self._process
        assert process is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)
        returncode = process.poll()
        output = self.take_output()
        self.stop()
        return Ended(returncode, output)


@dataclass(frozen=True, slots=True)
class _Line:
    """The text of an answer line after its nonce and number."""

    text: str
