"""Tables of text in columns that line up on a terminal, whatever characters their cells hold.

A terminal gives most characters one column, but East Asian wide and
full-width characters (CJK, kana, hangul) and emoji two, and combining
marks, zero-width joiners and variation selectors none: ``len()`` counts
characters, not columns, and a table padded by it misaligns on a name such
as ``李雷`` or ``Ada 🎲``.  :func:`display_width` counts columns with the
standard library's Unicode tables (``unicodedata.east_asian_width``), and
:func:`aligned` pads by it.

>>> display_width("Ada"), display_width("李雷"), display_width("Ada 🎲"), display_width("e\\u0301")
(3, 4, 6, 1)
>>> display_width("\\u263a\\ufe0f"), display_width("\\U0001f469\\u200d\\U0001f4bb")  # emoji presentation, a joined pair
(2, 2)
>>> print(aligned([("ID", "Name", "Moves"), ("1", "李雷", "9"), ("12", "Ada", "10")], numeric={0, 2}))
ID  Name  Moves
 1  李雷      9
12  Ada      10
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Sequence

__all__ = ["aligned", "display_width"]

# East Asian widths a terminal draws two columns wide: wide and full-width.
_WIDE = frozenset({"W", "F"})
# The categories of characters that draw nothing of their own: combining marks (nonspacing and enclosing, the
# variation selectors among them) and format characters (the zero-width joiner of emoji sequences, say).
_DRAWS_NOTHING = frozenset({"Mn", "Me", "Cf"})
# The zero-width joiner, which makes one emoji of the two around it (a woman and a laptop: a technologist).
_JOINER = "\u200d"
# The variation selector that asks for the emoji presentation of the character before it: two columns.
_EMOJI_PRESENTATION = "\ufe0f"


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: two for a wide or full-width character, or one shown as emoji
    (by variation selector 16), none for a combining mark, a zero-width character or an emoji joined to the one
    before it, one for the rest."""
    width = 0
    previous_narrow = joined = False
    for char in text:
        if joined:  # a character an emoji sequence joins to the one before it is drawn in that one's columns
            joined = False
            continue
        if char == _JOINER:
            joined = True
        elif char == _EMOJI_PRESENTATION:
            width += 1 if previous_narrow else 0  # the character before it, one column as text, is drawn as two
            previous_narrow = False
        elif unicodedata.category(char) in _DRAWS_NOTHING:
            continue
        elif unicodedata.east_asian_width(char) in _WIDE:
            width += 2
            previous_narrow = False
        else:
            width += 1
            previous_narrow = True
    return width


def aligned(rows: Sequence[Sequence[str]], *, numeric: Collection[int] = ()) -> str:
    """``rows`` as lines of columns two spaces apart, each cell padded to its column's widest by
    :func:`display_width`: the columns in ``numeric`` to the right, the others to the left; no trailing space."""
    if not rows:
        return ""
    widths = [max(display_width(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for column, (cell, width) in enumerate(zip(row, widths, strict=True)):
            padding = " " * (width - display_width(cell))
            cells.append(padding + cell if column in numeric else cell + padding)
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
