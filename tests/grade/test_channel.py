"""The grader's side of the pipes never waits inside a read or a write: only a deadline ends a wait.

A submission's code runs in the process that holds the other ends of the
pipes, and can open them again through ``/proc/self/fd``: read the answers
the driver writes before the grader does, or leave a request unread.
These tests start a plain process (no sandbox) that does each, and check
that the grader's wait still ends at its deadline.
"""

from __future__ import annotations

import selectors
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from tictactoe.grade.channel import Child, Deadline, Ready, Reply, TimedOut

#: Answers the greeting, as a driver does, then never reads another request and never answers.
_GREETS_THEN_SLEEPS = """
import json, os, sys, time
commands, answers = int(sys.argv[1]), int(sys.argv[2])
line = b""
while not line.endswith(b"\\n"):
    line += os.read(commands, 1)
nonce = line.split()[1].decode()
os.write(answers, f"{nonce} 0 {json.dumps({'load': ''})}\\n".encode())
time.sleep(60)
"""


class PlainLaunch:
    """Starts the script in a plain process given its two pipes; ends it by killing it."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, command_fd: int, answer_fd: int) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [sys.executable, "-c", _GREETS_THEN_SLEEPS, str(command_fd), str(answer_fd)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=(command_fd, answer_fd),
        )
        self.started.append(process)
        return process

    def end(self, process: subprocess.Popen[bytes]) -> None:
        process.kill()
        process.wait()


def deadline(seconds: float) -> Deadline:
    return Deadline(seconds, lambda: None, threading.Event()).start()  # wall clock only


def within(seconds: float, ask: Callable[[], Reply]) -> list[Reply]:
    """What ``ask`` returned, run in a thread given ``seconds``; empty if it was still waiting then."""
    replies: list[Reply] = []
    thread = threading.Thread(target=lambda: replies.append(ask()), daemon=True)
    thread.start()
    thread.join(seconds)
    return replies


@pytest.fixture
def child() -> Iterator[Child]:
    launch = PlainLaunch()
    started = Child(launch, output_bytes=1000)
    assert started.start(deadline(30)) == Ready("")
    yield started
    for process in launch.started:  # first, so that no wait of the grader's outlives the test
        launch.end(process)
    started.stop()


def test_a_request_larger_than_the_pipe_left_unread_times_out(child: Child) -> None:
    huge = [["put", "x" * 300_000, 1]]  # several times what a pipe holds: the write cannot finish
    replies = within(30, lambda: child.ask(huge, deadline(0.5)))
    [reply] = replies  # not still waiting
    assert isinstance(reply, TimedOut)
    assert reply.why == "time"


class SeesAnswersTaken(selectors.DefaultSelector):
    """A selector that reports the answers ready on every select, as one does when another reader of the pipe
    (the submission's code) takes them between the select and the grader's read."""

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready: list[tuple[selectors.SelectorKey, int]] = super().select(timeout)
        seen = {key.fd for key, _ in ready}
        taken = [key for key in self.get_map().values() if key.data == "answers" and key.fd not in seen]
        return ready + [(key, selectors.EVENT_READ) for key in taken]


def test_answers_taken_by_another_reader_are_waited_for_until_the_deadline(
    child: Child, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(selectors, "DefaultSelector", SeesAnswersTaken)  # the one the channel makes
    replies = within(30, lambda: child.ask([["size"]], deadline(0.5)))
    [reply] = replies  # not still waiting
    assert isinstance(reply, TimedOut)
    assert reply.why == "time"
