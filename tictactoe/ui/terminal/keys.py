"""Single keys from a terminal, read as they are pressed: arrows, Home, End, Enter and letters.

A replay steps with ←/→ and jumps with Home/End without waiting for Enter,
which needs the terminal out of its line mode for a while.
:func:`single_keys` does that and always puts it back, even after Ctrl-C
(which still interrupts: only line editing and echo are turned off).  What
a terminal sends for a key is named by :func:`key_name`, which knows the
sequences of the usual terminals (xterm, VT100, the Linux console, tmux).

>>> key_name(b"\\x1b[C"), key_name(b"\\x1bOH"), key_name(b"\\x1b[4~"), key_name(b"\\r"), key_name(b"Q")
('right', 'home', 'end', 'enter', 'q')
"""

from __future__ import annotations

import contextlib
import os
import select
from collections.abc import Callable, Iterator
from typing import TextIO, TypeAlias

__all__ = ["KeySource", "key_name", "single_keys"]

KeySource: TypeAlias = Callable[[], str]
"""Waits for one key and gives its name (see :func:`key_name`); ``"eof"`` when the terminal has closed."""

_ESCAPE = b"\x1b"
# The rest of an escape sequence arrives with its first byte, or within this many seconds over a slow link;
# a lone Escape key sends nothing more.
_SEQUENCE_WAIT = 0.05
_SEQUENCES = {
    b"[A": "up",
    b"[B": "down",
    b"[C": "right",
    b"[D": "left",
    b"[H": "home",
    b"[F": "end",
    b"OA": "up",
    b"OB": "down",
    b"OC": "right",
    b"OD": "left",
    b"OH": "home",
    b"OF": "end",
    b"[1~": "home",
    b"[7~": "home",
    b"[4~": "end",
    b"[8~": "end",
}
_SINGLE = {b"\r": "enter", b"\n": "enter", b" ": "space", b"\x7f": "backspace", b"\x08": "backspace", b"\x04": "eof"}


def key_name(sent: bytes) -> str:
    """The name of the key whose bytes a terminal sent: ``left``, ``right``, ``up``, ``down``, ``home``, ``end``,
    ``enter``, ``space``, ``backspace``, ``escape``, ``eof`` (Ctrl-D), a letter in lower case, or ``unknown``.

    >>> key_name(b"\\x1b"), key_name(b"\\x1b[D"), key_name(b"\\x04"), key_name(b"\\x1b[15~")
    ('escape', 'left', 'eof', 'unknown')
    """
    if sent == _ESCAPE:
        return "escape"
    if sent.startswith(_ESCAPE):
        return _SEQUENCES.get(sent[1:], "unknown")
    if sent in _SINGLE:
        return _SINGLE[sent]
    text = sent.decode("utf-8", errors="replace")
    return text.lower() if len(text) == 1 and text.isprintable() else "unknown"


@contextlib.contextmanager
def single_keys(stream: TextIO) -> Iterator[KeySource | None]:
    """Within the block, a source of single keys from the terminal ``stream``; None when it is not a terminal.

    The terminal's settings are put back however the block ends.  Outside
    POSIX (no ``termios``) the source is None too, and callers read lines.
    """
    try:
        import termios  # noqa: PLC0415 -- POSIX only
        import tty  # noqa: PLC0415
    except ImportError:
        yield None
        return
    if not stream.isatty():
        yield None
        return
    descriptor = stream.fileno()
    saved = termios.tcgetattr(descriptor)
    try:
        tty.setcbreak(descriptor)
        yield lambda: _read_key(descriptor)
    finally:
        termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)


def _read_key(descriptor: int) -> str:
    first = os.read(descriptor, 1)
    if not first:
        return "eof"
    sent = first
    if first == _ESCAPE:
        while select.select([descriptor], [], [], _SEQUENCE_WAIT)[0]:
            more = os.read(descriptor, 1)
            sent += more
            # A sequence ends with a letter or '~' after its first byte ('[' or 'O').
            if not more or (len(sent) > 2 and (more.isalpha() or more == b"~")):
                break
    elif first[0] >= 0x80:  # the rest of a character of several bytes
        while len(sent) < 4 and select.select([descriptor], [], [], _SEQUENCE_WAIT)[0]:
            sent += os.read(descriptor, 1)
            if _decodes(sent):
                break
    return key_name(sent)


def _decodes(sent: bytes) -> bool:
    try:
        sent.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
