"""How a board is drawn for a person: column letters across, row numbers down.

This is the one drawing of a board in the project: ``str(configs)`` and
``play.py`` both use :func:`draw_board`, and a move is named by the labels it
shows (column letter, then row number: ``b3`` is row 2, column 1 counted
from 0).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.symbols import EMPTY

if TYPE_CHECKING:
    from typing import Final, Protocol

    class Drawable(Protocol):
        """What a drawing reads of a board (a Configurations), named here so drawing imports no board."""

        @property
        def board_size(self) -> int: ...

        def configuration(self) -> str: ...


__all__ = ["EMPTY_MARK", "column_label", "draw_board"]

#: How an empty square is drawn: a blank would leave the rows ragged and
#: the columns hard to follow by eye.
EMPTY_MARK: Final = "."
# The letters that name columns: string.ascii_lowercase, without importing string.
_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"


def column_label(col: int) -> str:
    """The letters naming column ``col`` (counted from 0): ``a`` … ``z``, then ``aa``, ``ab`` ….

    ``ValueError`` for a negative column.  Runtime complexity: O(log col).

    >>> column_label(0), column_label(25), column_label(26), column_label(27)
    ('a', 'z', 'aa', 'ab')
    """
    if col < 0:
        raise ValueError(f"a column is counted from 0, got {col!r}")
    label = ""
    col += 1
    while col:
        col, letter = divmod(col - 1, len(_LETTERS))
        label = _LETTERS[letter] + label
    return label


def draw_board(configs: Drawable) -> str:
    """The board as lines of text, without a final newline.

    The first line holds the column letters; each further line is a row
    number (from 1, right-aligned) followed by the row's squares, ``X``,
    ``O`` or ``.`` for an empty one, one space apart.  No line ends with a
    space.  Runtime complexity: O(board_size²).

    >>> from configurations import Configurations
    >>> configs = Configurations(3, 3, 0)
    >>> configs.save_play(0, 0, "X")
    >>> configs.save_play(1, 2, "O")
    >>> print(draw_board(configs))
      a b c
    1 X . .
    2 . . O
    3 . . .
    """
    size = configs.board_size
    labels = [column_label(col) for col in range(size)]
    width = max(len(label) for label in labels)  # wider than 1 only beyond 26 columns
    number_width = len(str(size))
    squares = configs.configuration().replace(EMPTY, EMPTY_MARK)
    lines = [" " * number_width + " " + " ".join(label.ljust(width) for label in labels)]
    for row in range(size):
        cells = squares[row * size : (row + 1) * size]
        lines.append(f"{row + 1:>{number_width}} " + " ".join(cell.ljust(width) for cell in cells))
    return "\n".join(line.rstrip() for line in lines)
