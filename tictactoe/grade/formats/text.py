"""The text report (docs/grading.md): per submission a line naming it, a line per test, then ``N passed, M failed``.

Whatever the submission's code produced (an exception's message, what it
printed) is shown with every control character escaped (``\\x1b``,
``\\n``, ``\\x00``), and so are format characters and lone surrogates: what
reaches a teacher's terminal is text, never a command to it.  The notes of
a submission (handout files supplied, files left out, limits reached)
follow its first line.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> print(text_report(SubmissionResult("alice", "java", (TestResult("testdict 1", Status.PASSED),
...       TestResult("testdict 2", Status.FAILED, "put raised \\x1b[31mred")), ("a note",))), end="")
alice (java)
   Note: a note
   Test testdict 1 succeeded
***Test testdict 2 failed: put raised \\x1b[31mred
1 passed, 1 failed
>>> escape("tab\\there, NUL\\x00, bidi\\u202e, ok: é中")
'tab\\\\there, NUL\\\\x00, bidi\\\\u202e, ok: é中'
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.grade.results import SubmissionResult

__all__ = ["escape", "text_report"]

_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def escape(text: str) -> str:
    """``text`` with every control, format, surrogate, private or unassigned character written as an escape."""
    return "".join(
        character
        if character not in _NAMED and unicodedata.category(character)[0] != "C"
        else _NAMED.get(character) or _code(character)
        for character in text
    )


def _code(character: str) -> str:
    number = ord(character)
    if number < 0x100:
        return f"\\x{number:02x}"
    return f"\\u{number:04x}" if number < 0x10000 else f"\\U{number:08x}"


def text_report(result: SubmissionResult) -> str:
    """The lines of one submission, each ending in a newline."""
    lines = [f"{escape(result.submission)} ({result.language})"]
    lines += [f"   Note: {escape(note)}" for note in result.notes]
    for test in result.tests:
        if test.passed:
            lines.append(f"   Test {escape(test.name)} succeeded")
        else:
            lines.append(f"***Test {escape(test.name)} failed: {escape(test.message)}")
    lines.append(f"{result.passed} passed, {result.failed} failed")
    return "\n".join(lines) + "\n"
