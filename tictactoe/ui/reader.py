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

from hashdict.exits import EXIT_INTERRUPTED, EXIT_OK

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import TextIO, TypeAlias

    Reader: TypeAlias = Callable[[str], str]
    """Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""

__all__ = ["EXIT_INPUT_ENDED", "converse", "echoing_reader"]

EXIT_INPUT_ENDED = 1  # the input ended before the game did (SPEC §4)


def echoing_reader(stream: TextIO, out: TextIO) -> Reader:
    """A ``Reader`` over a non-terminal ``stream`` that echoes each line after its prompt.

    Piped moves are not echoed by a terminal, so this keeps the transcript
    readable: ``Your move: b2`` appears just as if it had been typed.  The
    prompt is written out before the line is read, so that a program
    driving the conversation through a pipe sees it before the
    conversation waits.  ``EOFError`` when the stream ends.
    """

    def read_line(prompt: str) -> str:
        out.write(prompt)
        out.flush()
        line = stream.readline()
        out.write(line.rstrip("\r\n") + "\n")
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
) -> int:
    """Run ``conversation`` over lines of ``stdin``; the exit status: 0 when it ended by itself.

    At a terminal the lines are read with ``input``, otherwise with
    :func:`echoing_reader` over ``stdin``.  When the input ends first
    (``EOFError``) the status is 1, on Ctrl-C 130; either way one line on
    ``err`` says so (``"<program>: interrupted, game abandoned"``), after
    a newline on ``out`` at a terminal, where the cursor was left after the
    prompt.
    """
    read_line = input if at_terminal else echoing_reader(stdin, out)
    try:
        conversation(read_line)
    except EOFError:
        status, reason = EXIT_INPUT_ENDED, "input ended before the game was over"
    except KeyboardInterrupt:
        status, reason = EXIT_INTERRUPTED, "interrupted, game abandoned"
    else:
        return EXIT_OK
    if at_terminal:
        print(file=out)  # Ctrl-D or Ctrl-C left the cursor after the prompt
    print(f"{program}: {reason}", file=err)
    return status
