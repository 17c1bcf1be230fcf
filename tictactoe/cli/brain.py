"""``python -m tictactoe.brain`` (``tictactoe-brain``): the strong player over the Gomoku AI protocol.

Its guide is docs/engine-protocol.md.  The package's ``__main__`` hands over to :func:`main`.  A manager (Piskvork,
a Gomocup tournament, any GUI of the protocol) starts the program and
speaks to it a line at a time on standard input; each line's answer
(:meth:`tictactoe.brain.brain.Brain.handle`) is written and flushed at once,
since the manager waits for it.  A line longer than ``MAX_LINE``
characters is answered ``ERROR`` and its rest skipped, so no line can fill
memory; bytes that are not UTF-8 are read as replacement characters.
``END`` or the end of the input ends the program, status 0; otherwise as
every program ends (:mod:`tictactoe.cli.exits`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import BinaryIO

from tictactoe.brain.brain import Brain
from tictactoe.cli.arguments import add_version
from tictactoe.cli.exits import EXIT_OK, run

__all__ = ["MAX_LINE", "PROGRAM", "console_main", "lines", "main"]

PROGRAM = "python -m tictactoe.brain"
#: The longest line read: the longest command is far shorter.
MAX_LINE = 1000

_DESCRIPTION = """\
The strong player as a brain of the Gomoku AI protocol (Piskvork, Gomocup): commands on standard
input, one a line (START N, RECTSTART W,H, BEGIN, TURN X,Y, BOARD ... DONE, INFO KEY VALUE, RESTART,
TAKEBACK X,Y, ABOUT, END), answers on standard output. Five or more in a row wins (INFO rule 0;
1 standard, 4 renju, 8 caro); INFO length K plays K in a row. See docs/engine-protocol.md.
"""


def lines(stream: BinaryIO) -> Iterator[str | None]:
    """The lines of ``stream`` without their endings (CR LF, LF or CR), ``None`` for a line longer than
    ``MAX_LINE``, whose rest is skipped."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE + 1)
            yield None
            continue
        yield raw.decode("utf-8", errors="replace").rstrip("\r\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Answer the manager's commands until ``END`` or the end of the input; return the exit status."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    add_version(parser)
    parser.parse_args(argv)
    brain = Brain()
    for line in lines(sys.stdin.buffer):
        if line is None:
            replies = [f"ERROR a line is at most {MAX_LINE} characters; the rest of this one was skipped"]
        elif not line.strip():
            continue  # the protocol's managers ignore empty lines, and so does the brain
        else:
            replies = brain.handle(line)
        for reply in replies:
            sys.stdout.write(reply + "\n")
        sys.stdout.flush()
        if brain.ended:
            break
    return EXIT_OK


def console_main() -> None:
    """The ``tictactoe-brain`` console command."""
    run(main, PROGRAM)


if __name__ == "__main__":
    console_main()
