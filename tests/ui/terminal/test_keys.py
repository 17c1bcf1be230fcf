"""Tests of tictactoe.ui.terminal.keys: what terminals send for a key, and a real terminal read key by key."""

from __future__ import annotations

import os
import select
import termios
from pathlib import Path

import pytest

from tictactoe.ui.terminal.keys import key_name, single_keys

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")


@pytest.mark.parametrize(
    ("sent", "name"),
    [
        (b"\x1b[C", "right"),
        (b"\x1bOC", "right"),
        (b"\x1b[D", "left"),
        (b"\x1bOD", "left"),
        (b"\x1b[A", "up"),
        (b"\x1b[B", "down"),
        (b"\x1b[H", "home"),
        (b"\x1bOH", "home"),
        (b"\x1b[1~", "home"),
        (b"\x1b[7~", "home"),
        (b"\x1b[F", "end"),
        (b"\x1bOF", "end"),
        (b"\x1b[4~", "end"),
        (b"\x1b[8~", "end"),
        (b"\x1b", "escape"),
        (b"\x1b[15~", "unknown"),
        (b"\r", "enter"),
        (b"\n", "enter"),
        (b" ", "space"),
        (b"\x7f", "backspace"),
        (b"\x04", "eof"),
        (b"q", "q"),
        (b"N", "n"),
        ("é".encode(), "é"),
        (b"\x01", "unknown"),
    ],
)
def test_each_key_has_its_name(sent: bytes, name: str) -> None:
    assert key_name(sent) == name


def test_keys_are_read_one_at_a_time_and_the_terminal_is_put_back() -> None:
    controller, follower = os.openpty()
    try:
        with os.fdopen(follower, "r", closefd=False) as terminal:
            before = termios.tcgetattr(follower)
            with single_keys(terminal) as keys:
                assert keys is not None
                in_cbreak = termios.tcgetattr(follower)
                # Everything is typed before the first read: each read must take one key and no more.
                os.write(controller, b"\x1b[Cx\x1b[4~\x1bOH\r" + "é".encode() + b"\x1b")
                names: list[str] = []
                for _ in range(7):  # a key that never comes fails the test, not hangs it
                    assert select.select([follower], [], [], 10)[0], names
                    names.append(keys())
            after = termios.tcgetattr(follower)
    finally:
        os.close(controller)
        os.close(follower)
    assert names == ["right", "x", "end", "home", "enter", "é", "escape"]
    lflag = 3
    assert not in_cbreak[lflag] & (termios.ICANON | termios.ECHO)
    assert in_cbreak[lflag] & termios.ISIG  # Ctrl-C still interrupts
    assert after == before


def test_a_stream_that_is_no_terminal_gives_no_keys(tmp_path: Path) -> None:
    (tmp_path / "typed").write_text("q\n", encoding="utf-8")
    with (tmp_path / "typed").open(encoding="utf-8") as stream, single_keys(stream) as keys:
        assert keys is None
