"""A move: one square of the board, typed and shown as column letter then row number.

``a1`` is the top-left square; letters go across, numbers go down.  This is
where a person's text becomes a square and where every refusal of a typed
move is worded, so that the terminal and the window say the same thing.

>>> Move.parse(" B3 ", board_size=3)
Move(row=2, col=1)
>>> str(Move(row=2, col=1))
'b3'
"""

from __future__ import annotations

from typing import NamedTuple

from configurations.drawing import column_label

__all__ = [
    "MAX_BOARD_SIZE",
    "InvalidMoveError",
    "Move",
    "MoveError",
    "OccupiedSquareError",
    "OffBoardMoveError",
    "board_extent",
    "quoted",
]

#: A move names its column with one letter, a to z.
MAX_BOARD_SIZE = 26
# A refusal echoes at most this many characters of what was typed: enough to see the typo.
_ECHOED = 20
# A row number longer than this is off every board; int() also refuses very long digit strings.
_MAX_ROW_DIGITS = 9


class MoveError(ValueError):
    """A typed move that cannot be played; the message echoes what was typed."""


class InvalidMoveError(MoveError):
    """The text is not a move at all (not a column letter followed by a row number)."""


class OffBoardMoveError(MoveError):
    """The text names a square outside this board."""


class OccupiedSquareError(MoveError):
    """The text names a square that already holds a tile."""


class Move(NamedTuple):
    """A square of the board, 0-based; typed and shown as column letter then row number.

    ``a1`` is the top-left square: letters go across, numbers go down.  Immutable.
    """

    #: The square's row, from 0 at the top.
    row: int
    #: The square's column, from 0 at the left.
    col: int

    @classmethod
    def parse(cls, text: str, board_size: int) -> Move:
        """The square ``text`` names on a ``board_size`` board, e.g. ``"b3"`` (case and outer spaces ignored).

        Raises ``InvalidMoveError`` when ``text`` is not a move and
        ``OffBoardMoveError`` when the square is not on this board.

        >>> Move.parse("a1", 3)
        Move(row=0, col=0)
        >>> Move.parse("d1", 3)
        Traceback (most recent call last):
        ...
        configurations.moves.OffBoardMoveError: 'd1' is not on this board: columns a-c, rows 1-3
        """
        typed = text.strip()
        letter, digits = typed[:1], typed[1:]
        # ASCII only, so that no look-alike letter or digit from elsewhere in Unicode names a square.
        if not (letter.isascii() and letter.isalpha() and digits.isascii() and digits.isdigit()):
            raise InvalidMoveError(
                f"cannot read {quoted(typed)} as a move: type a column letter then a row number, e.g. b3"
            )
        row = int(digits) - 1 if len(digits) <= _MAX_ROW_DIGITS else board_size
        col = ord(letter.lower()) - ord("a")
        if not (0 <= row < board_size and col < board_size):
            raise cls.off_board(typed, board_size)
        return cls(row, col)

    @staticmethod
    def off_board(typed: str, board_size: int) -> OffBoardMoveError:
        """The refusal of the text ``typed`` for naming a square off a ``board_size`` board.

        >>> print(Move.off_board("z9", 3))
        'z9' is not on this board: columns a-c, rows 1-3
        """
        return OffBoardMoveError(f"{quoted(typed)} is not on this board: {board_extent(board_size)}")

    def __str__(self) -> str:
        return f"{column_label(self.col)}{self.row + 1}"


def quoted(typed: str) -> str:
    """What a person typed, as a refusal echoes it: quoted, and cut to its first characters when long.

    >>> quoted("b3"), quoted("x" * 100)
    ("'b3'", "'xxxxxxxxxxxxxxxxxxx…'")
    """
    return repr(typed if len(typed) <= _ECHOED else typed[: _ECHOED - 1] + "\u2026")


def board_extent(board_size: int) -> str:
    """The squares of a board, as a refusal names them.

    >>> board_extent(3)
    'columns a-c, rows 1-3'
    """
    return f"columns a-{column_label(board_size - 1)}, rows 1-{board_size}"
