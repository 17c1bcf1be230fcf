"""Tests of tictactoe.ui.terminal.reader: how the interfaces read a person's lines from a pipe."""

from __future__ import annotations

import io

import pytest

from tictactoe.ui.terminal.reader import echoing_reader


class FlushLog(io.StringIO):
    """An output that remembers what had been flushed each time it is flushed."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def flush(self) -> None:
        self.flushed.append(self.getvalue())
        super().flush()


def test_each_line_is_echoed_after_its_prompt_without_its_line_ending() -> None:
    out = io.StringIO()
    read_line = echoing_reader(io.StringIO("b2\r\n  quit\n"), out)
    assert read_line("Your move: ") == "b2\r\n"
    assert read_line("Again: ") == "  quit\n"
    assert out.getvalue() == "Your move: b2\nAgain:   quit\n"


def test_the_end_of_the_stream_is_eof_after_the_prompt_and_a_newline() -> None:
    out = io.StringIO()
    read_line = echoing_reader(io.StringIO(""), out)
    with pytest.raises(EOFError):
        read_line("Your move: ")
    assert out.getvalue() == "Your move: \n"


def test_the_prompt_is_written_out_before_the_line_is_read() -> None:
    out = FlushLog()
    seen_when_reading: list[list[str]] = []

    class Stream(io.StringIO):
        def readline(self, size: int = -1, /) -> str:  # type: ignore[override]  # typeshed's base says bytes
            seen_when_reading.append(list(out.flushed))
            return super().readline(size)

    echoing_reader(Stream("a1\n"), out)("Your move: ")
    assert seen_when_reading == [["Your move: "]]
    assert out.flushed == ["Your move: ", "Your move: a1\n"]
