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

__all__ = ["MAX_LINE", "Ending", "Reader", "Stopped", "converse", "echoing_reader", "enable_line_editing"]

#: The most characters of a line a piped conversation reads: moves and answers are a few characters long.
MAX_LINE = 1000
# A line longer than this is echoed cut short, as refusals echo it.
_ECHOED = 40

Reader: TypeAlias = Callable[[str], str]
"""Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""


class Ending(enum.Enum):
    """How a conversation ended: by itself, because its input ended first, by Ctrl-C, or by a signal that stops
    the program (:class:`Stopped`): its terminal closed (SIGHUP) or it was told to end (SIGTERM)."""

    FINISHED = "finished"
    INPUT_ENDED = "input ended"
    INTERRUPTED = "interrupted"
    HUNG_UP = "hung up"
    TERMINATED = "terminated"


class Stopped(KeyboardInterrupt):
    """A signal that ends the program as Ctrl-C does, raised by the program's handler of it: SIGHUP (the terminal
    closed) or SIGTERM (``kill``, a shutdown).  A ``KeyboardInterrupt``, so that whatever Ctrl-C cleans up -- a
    search's board, a game kept unfinished -- it cleans up too."""

    def __init__(self, number: int, ending: Ending, reason: str) -> None:
        super().__init__(reason)
        #: The signal's number: the program's exit status is 128 plus it, as shells report a signal's end.
        self.number = number
        self.ending = ending
        #: What the program's last line says: ``the terminal closed``, ``terminated``.
        self.reason = reason


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
    kept: Callable[[], str | None] | None = None,
) -> Ending:
    """Run ``conversation`` over lines of ``stdin``; how it ended.

    At a terminal the lines are read with ``input``, otherwise with
    :func:`echoing_reader` over ``stdin``.  When the input ends first
    (``EOFError``), on Ctrl-C or on a signal that stops the program
    (:class:`Stopped`), one line on ``err`` says so, after a newline on
    ``out`` at a terminal, where the cursor was left after the prompt: what
    happened, then what became of the game, ``kept()`` once the
    conversation is over (``game 3 is kept unfinished: ...``; None: nothing
    was kept), or else ``game abandoned`` -- ``"<program>: interrupted, game
    abandoned"``.  A terminal that has closed (SIGHUP) takes no line: none is
    written, and nothing fails.
    """
    read_line = input if at_terminal else echoing_reader(stdin, out)
    try:
        conversation(read_line)
    except EOFError:
        ending, reason = Ending.INPUT_ENDED, "input ended before the game was over"
    except Stopped as stop:
        ending, reason = stop.ending, stop.reason
    except KeyboardInterrupt:
        ending, reason = Ending.INTERRUPTED, "interrupted"
    else:
        return Ending.FINISHED
    what = None if kept is None else kept()
    if what is not None:
        reason = f"{reason}; {what}"
    elif ending is not Ending.INPUT_ENDED:
        reason = f"{reason}, game abandoned"
    try:
        if at_terminal:
            print(file=out)  # Ctrl-D or Ctrl-C left the cursor after the prompt
        print(f"{program}: {reason}", file=err, flush=True)
    except OSError:  # the terminal has gone (SIGHUP): the game is kept all the same
        pass
    return ending


def enable_line_editing() -> None:
    """Let ``input`` edit the line and recall earlier ones, so arrow keys move instead of typing ``^[[A``.

    Importing :mod:`readline` is what turns it on; where Python has none
    (Windows), the line is read without it.
    """
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415 -- imported for its effect on input(), at a terminal only
