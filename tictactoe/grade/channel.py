"""The conversation with a submission's process: commands on one pipe, answers on another, each opened by a nonce.

The process gets two pipes of its own besides its standard streams: it
reads commands from one and writes answers on the other.  The first
command is ``hello NONCE``, sent before any of the submission's code runs;
every later command is ``NONCE N COMMAND`` and its answer ``NONCE N STATUS
TEXT``, ``N`` counting the commands.  The nonce is made afresh for every
process and sent only on the command pipe, never in its arguments or
environment, so a line that the submission's code writes, on any
descriptor (the command pipe included), counts for nothing unless it
guesses 128 random bits, and an answer to another command than the one
asked is dropped.
Its standard input is empty; its standard output and error are read all
along (so that it never blocks on a full pipe), kept up to a cap for each
test, and only ever shown in messages.

A :class:`Child` answers each :meth:`~Child.ask` with an :class:`Answer`, or
says that the process ended (:class:`Ended`) or ran out of time
(:class:`TimedOut`); after either, it is gone and a new one must be
started.  Its process is the leader of a process group of its own, and
:meth:`~Child.stop` ends the whole group.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import selectors
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["Answer", "Child", "Ended", "Reply", "TimedOut", "printed"]

#: The longest answer line read: the drivers cap their texts at 2 000 characters.
_MOST_ANSWER_BYTES = 64 * 1024
#: How much of what the process printed a message quotes.
_SHOWN_CHARACTERS = 300


@dataclass(frozen=True, slots=True)
class Answer:
    """The process answered: ``status`` (``pass``, ``fail``, ``error``, ``values``) and its text."""

    status: str
    text: str
    output: str = ""


@dataclass(frozen=True, slots=True)
class Ended:
    """The process ended before it answered; ``returncode`` as :mod:`subprocess` gives it."""

    returncode: int | None
    output: str = ""


@dataclass(frozen=True, slots=True)
class TimedOut:
    """No answer came within the time limit; the process has been ended."""

    seconds: float
    output: str = ""


Reply: TypeAlias = Answer | Ended | TimedOut


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

    ``command(command_fd, answer_fd)`` is the process's argument list, given
    the numbers of its two pipes.
    """

    def __init__(
        self, command: Callable[[int, int], Sequence[str]], cwd: Path, env: dict[str, str], output_bytes: int
    ) -> None:
        self._command = command
        self._cwd = cwd
        self._env = env
        self._cap = output_bytes
        self._nonce = secrets.token_hex(16).encode()
        self._process: subprocess.Popen[bytes] | None = None
        self._commands: int | None = None
        self._answers: int | None = None
        self._pending = b""
        self._number = 0
        self._captured = {"stdout": bytearray(), "stderr": bytearray()}

    def start(self, timeout: float) -> Reply:
        """Start the process and greet it; its :class:`Answer` ``ready``, or why it did not start."""
        command_read, command_write = os.pipe()
        answer_read, answer_write = os.pipe()
        try:
            self._process = subprocess.Popen(
                list(self._command(command_read, answer_write)),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(command_read, answer_write),
                cwd=self._cwd,
                env=self._env,
                start_new_session=True,  # a group of its own, so that stop() ends whatever it started
            )
        finally:
            os.close(command_read)
            os.close(answer_write)
        self._commands, self._answers = command_write, answer_read
        return self._send(f"hello {self._nonce.decode()}", timeout)

    def ask(self, command: str, timeout: float) -> Reply:
        """Send one command line and wait up to ``timeout`` seconds for its answer."""
        self._number += 1
        return self._send(f"{self._nonce.decode()} {self._number} {command}", timeout)

    def _send(self, line: str, timeout: float) -> Reply:
        assert self._process is not None, "start() first"
        assert self._commands is not None
        for stream in self._captured.values():
            stream.clear()
        try:
            os.write(self._commands, (line + "\n").encode())
        except OSError:  # the process has gone, or closed its end
            return self._ended()
        return self._wait(timeout)

    def stop(self) -> None:
        """Ask the process to quit, then end its process group and close the pipes; safe to call twice."""
        process = self._process
        if process is None:
            return
        if process.poll() is None and self._commands is not None:
            with contextlib.suppress(OSError):
                os.write(self._commands, self._nonce + b" 0 quit\n")
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        for descriptor in (self._commands, self._answers):
            if descriptor is not None:
                with contextlib.suppress(OSError):
                    os.close(descriptor)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        self._process = self._commands = self._answers = None

    def _wait(self, timeout: float) -> Reply:
        assert self._process is not None
        assert self._answers is not None
        process = self._process
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self._answers, selectors.EVENT_READ, "answers")
            for name in ("stdout", "stderr"):
                stream = getattr(process, name)
                selector.register(stream.fileno(), selectors.EVENT_READ, name)
            while (left := deadline - time.monotonic()) > 0:
                for key, _ in selector.select(left):
                    data = os.read(key.fd, 65536)
                    if key.data != "answers":
                        self._capture(key.data, data)
                        if not data:
                            selector.unregister(key.fd)
                    elif not data:
                        return self._ended()
                    elif (answer := self._take(data)) is not None:
                        return answer
        self.stop()
        return TimedOut(timeout, self._printed())

    def _take(self, data: bytes) -> Answer | None:
        """The first answer line in what has come so far, opened by this process's nonce; other lines are dropped."""
        self._pending += data
        while b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
            words = line.decode("utf-8", "replace").split(" ", 3)
            if len(words) >= 3 and words[0] == self._nonce.decode() and words[1] == str(self._number):
                self._drain()  # what it printed before it answered may still wait in its pipes
                return Answer(words[2], words[3] if len(words) > 3 else "", self._printed())
        if len(self._pending) > _MOST_ANSWER_BYTES:
            self._pending = b""  # no answer of the driver's is so long: the submission wrote it
        return None

    def _capture(self, name: str, data: bytes) -> None:
        stream = self._captured[name]
        stream += data[: max(0, self._cap - len(stream))]

    def _drain(self) -> None:
        """Capture what the process has written to its output so far, without waiting for more."""
        assert self._process is not None
        for name in ("stdout", "stderr"):
            stream = getattr(self._process, name)
            with contextlib.suppress(OSError, ValueError):
                os.set_blocking(stream.fileno(), False)
                while chunk := os.read(stream.fileno(), 65536):
                    self._capture(name, chunk)

    def _printed(self) -> str:
        return printed(bytes(self._captured["stdout"]), bytes(self._captured["stderr"]))

    def _ended(self) -> Ended:
        """The process has closed its answers: collect what it printed last and its exit status."""
        process = self._process
        assert process is not None
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=2)
        self._drain()
        returncode = process.poll()
        output = self._printed()
        self.stop()
        return Ended(returncode, output)
