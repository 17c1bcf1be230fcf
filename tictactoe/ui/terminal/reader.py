"""How the interfaces read a person's lines: the :data:`Reader` type, the reader for pipes, and the end of input.

At a terminal the built-in ``input`` reads a line; when standard input is
a pipe, :func:`echoing_reader` reads it instead.  Every conversation of
the interfaces (the game, the menu, the history, the game graph's game)
takes its lines from a ``Reader``, so that it can be played from a pipe
and tested with a list of lines.  :func:`converse` runs a game's
conversation over standard input and says how it ended when the lines did.

>>> import io
>>> out = io.StringIO()
>>> read_line = echoing_reader(io.StringIO("b2\\n"), out)
>>> read_line("Your move: ")
'b2\\n'
>>> out.getvalue()
'Your move: b2\\n'
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable
from typing import TextIO, TypeAlias

__all__ = ["MAX_LINE", "Ending", "Reader", "converse", "echoing_reader", "enable_line_editing"]

#: The most characters of a line a piped conversation reads: moves and answers are a few characters long.
MAX_LINE = 1000
# A line longer than this is echoed cut short, as refusals echo it.
_ECHOED = 40

Reader: TypeAlias = Callable[[str], str]
"""Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""


class Ending(enum.Enum):
    """How a conversation ended: by itself, because its input ended first, or by Ctrl-C."""

    FINISHED = "finished"
    INPUT_ENDED = "input ended"
    INTERRUPTED = "interrupted"


def echoing_reader(stream: TextIO, out: TextIO) -> Reader:
    """A ``Reader`` over a non-terminal ``stream`` that echoes each line after its prompt.

    Piped moves are not echoed by a terminal, so this keeps the transcript
    readable: ``Your move: b2`` appears just as if it had been typed.  The
    prompt is written out before the line is read, so that a program
    driving the conversation through a pipe sees it before the
    conversation waits.  A line is read in pieces of at most
    :data:`MAX_LINE` characters: a longer one is cut there (the rest of it
    is read and dropped), so that no input, however long its lines, fills
    memory.  ``EOFError`` when the stream ends.
    """

    def read_line(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = stream.readline(MAX_LINE + 1)
        if len(line) > MAX_LINE and not line.endswith("\n"):
            line = line[:MAX_LINE]
            while (rest := stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass  # the rest of an overlong line, dropped piece by piece
        shown = line.rstrip("\r\n")
        out.write((shown if len(shown) <= _ECHOED else shown[: _ECHOED - 1] + "\u2026") + "\n")
        out.flush()
        if not line:
            raise EOFError
        return line

    return read_line


def converse(
    conversation: Callable[[Reader], object],
    stdin: TextIO,
    out: TextIO,
    err: TextIO,
    program: str,
    *,
    at_terminal: bool,
) -> Ending:
    """Run ``conversation`` over lines of ``stdin``; how it ended.

    At a terminal the lines are read with ``input``, otherwise with
    :func:`echoing_reader` over ``stdin``.  When the input ends first
    (``EOFError``) or on Ctrl-C, one line on ``err`` says so (``"<program>: interrupted, game abandoned"``), after
    a newline on ``out`` at a terminal, where the cursor was left after the
    prompt.
    """
    read_line = input if at_terminal else echoing_reader(stdin, out)
    try:
        conversation(read_line)
    except EOFError:
        ending, reason = Ending.INPUT_ENDED, "input ended before the game was over"
    except KeyboardInterrupt:
        ending, reason = Ending.INTERRUPTED, "interrupted, game abandoned"
    else:
        return Ending.FINISHED
    if at_terminal:
        print(file=out)  # Ctrl-D or Ctrl-C left the cursor after the prompt
    print(f"{program}: {reason}", file=err)
    return ending


def enable_line_editing() -> None:
    """Let ``input`` edit the line and recall earlier ones, so arrow keys move instead of typing ``^[[A``.

    Importing :mod:`readline` is what turns it on; where Python has none
    (Windows), the line is read without it.
    """
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415 -- imported for its effect on input(), at a terminal only
