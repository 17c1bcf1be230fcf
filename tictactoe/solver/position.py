"""A position to solve: the board's shape and each player's tiles, checked to be one the game can reach.

>>> position = Position.from_rows(["X..", ".O.", "..."], length=3)
>>> position.mover, position.winner, position.empty_squares
(<Side.X: 'X'>, None, 7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Configurations, Side
from configurations.rules import Rules, RulesError, Variant
from configurations.symbols import EMPTY
from configurations.variants import wins
from tictactoe.solver.geometry import geometry

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tictactoe.solver.geometry import Geometry

__all__ = ["EMPTY_ROW_MARK", "Position", "PositionError"]

#: How an empty square is written in a row given to :meth:`Position.from_rows`.
EMPTY_ROW_MARK = "."


class PositionError(ValueError):
    """A board that is no position of the game (a row of the wrong length, an unknown symbol,
    impossible tile counts, two winners); the message says what is wrong."""


class Position:
    """A k-in-a-row board played by ``rules``, and the squares of ``X`` and of ``O`` as bit masks.

    ``height`` (rows), ``width`` (columns) and ``length`` (to win) are the
    rules' ``rows``, ``cols`` and ``k``, by the names the bitboard code
    reads.  Square ``row * width + col`` is bit ``row * width + col``.
    ``X`` moves first, so ``X`` is to move when both have as many tiles.
    Every way of building one -- the constructor, :meth:`from_rows`,
    :meth:`from_configurations` -- checks that the game can reach it
    (``PositionError`` otherwise).  Equal to a position with the same
    rules and tiles.
    """

    __slots__ = ("height", "length", "o_tiles", "rules", "width", "x_tiles")

    def __init__(self, rules: Rules, x_tiles: int, o_tiles: int) -> None:
        if x_tiles & o_tiles or (x_tiles | o_tiles) >> rules.squares:
            raise PositionError("the tiles overlap or lie outside the board")
        self.rules = rules
        self.height = rules.rows
        self.width = rules.cols
        self.length = rules.k
        self.x_tiles = x_tiles
        self.o_tiles = o_tiles
        x_count, o_count = x_tiles.bit_count(), o_tiles.bit_count()
        if not o_count <= x_count <= o_count + 1:
            raise PositionError(
                f"X has {x_count} tiles and O {o_count}: X moves first, so X has as many as O or one more"
            )
        if self._has_line(Side.X) and self._has_line(Side.O):
            raise PositionError("both X and O have a line: the game stops at the first")
        self._check_last_move(Side.X, x_tiles, moved_after=x_count == o_count)
        self._check_last_move(Side.O, o_tiles, moved_after=x_count > o_count)

    @classmethod
    def from_rows(
        cls, rows: Sequence[str], length: int, *, cols: int | None = None, variant: Variant = Variant.FREESTYLE
    ) -> Position:
        """The position drawn by ``rows``: one string of ``cols`` squares per row (default: as many as there are
        rows), ``X``, ``O`` or ``.`` for each square, played by ``variant``.

        >>> Position.from_rows(["XO", "."], length=2)
        Traceback (most recent call last):
        ...
        tictactoe.solver.position.PositionError: row 2 is '.': a board of 2 rows needs 2 squares in each, got 1
        >>> Position.from_rows(["X..", ".O."], length=3, cols=3).mover
        <Side.X: 'X'>
        """
        height = len(rows)
        if height == 0:
            raise PositionError("a board needs at least one row")
        width = height if cols is None else cols
        shape = f"{height} rows" if cols is None else f"{height}x{width}"
        x_tiles = o_tiles = 0
        for row_index, row in enumerate(rows):
            if len(row) != width:
                raise PositionError(
                    f"row {row_index + 1} is {row!r}: a board of {shape} needs {width} squares in each, got {len(row)}"
                )
            for col, symbol in enumerate(row):
                bit = 1 << row_index * width + col
                if symbol == Side.X:
                    x_tiles |= bit
                elif symbol == Side.O:
                    o_tiles |= bit
                elif symbol != EMPTY_ROW_MARK:
                    raise PositionError(
                        f"row {row_index + 1} is {row!r}: {symbol!r} is not a square; "
                        f"use X, O, or {EMPTY_ROW_MARK} for an empty one"
                    )
        try:
            rules = Rules(height, width, length, variant)
        except RulesError as error:
            raise PositionError(str(error)) from None
        return cls(rules, x_tiles, o_tiles)

    @classmethod
    def from_configurations(cls, configs: Configurations) -> Position:
        """The position on ``configs`` (whose empty squares hold ``" "``)."""
        board = configs.configuration()
        x_tiles = o_tiles = 0
        for square, symbol in enumerate(board):
            if symbol == Side.X:
                x_tiles |= 1 << square
            elif symbol == Side.O:
                o_tiles |= 1 << square
        return cls(configs.rules, x_tiles, o_tiles)

    @property
    def shape(self) -> Geometry:
        """The board's windows, symmetries and move order."""
        return geometry(self.height, self.width, self.length)

    @property
    def size(self) -> int:
        """The side of a square board (the strong player's searches take only those); ``PositionError`` for a
        rectangle, which has two."""
        if self.height != self.width:
            raise PositionError(f"a board of {self.height}x{self.width} is not square")
        return self.height

    @property
    def mover(self) -> Side:
        """Whose turn it is: ``X`` when both have as many tiles, else ``O``."""
        return Side.X if self.x_tiles.bit_count() == self.o_tiles.bit_count() else Side.O

    @property
    def winner(self) -> Side | None:
        """The side with a line that wins under the rules' variant (``length`` tiles in a line, under
        freestyle), if either has one."""
        if self._has_line(Side.X):
            return Side.X
        if self._has_line(Side.O):
            return Side.O
        return None

    @property
    def empty_squares(self) -> int:
        """How many squares hold no tile."""
        return self.height * self.width - (self.x_tiles | self.o_tiles).bit_count()

    def rows(self) -> list[str]:
        """The board as :meth:`from_rows` reads it.

        >>> Position.from_rows(["X.", ".O"], length=2).rows()
        ['X.', '.O']
        """
        marks: list[str] = []
        for square in range(self.height * self.width):
            if self.x_tiles >> square & 1:
                marks.append(Side.X)
            elif self.o_tiles >> square & 1:
                marks.append(Side.O)
            else:
                marks.append(EMPTY_ROW_MARK)
        return ["".join(marks[start : start + self.width]) for start in range(0, len(marks), self.width)]

    def __repr__(self) -> str:
        cols = "" if self.height == self.width else f", cols={self.width!r}"
        variant = "" if self.rules.variant is Variant.FREESTYLE else f", variant=Variant.{self.rules.variant.name}"
        return f"{type(self).__name__}.from_rows({self.rows()!r}, length={self.length!r}{cols}{variant})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.rules, self.x_tiles, self.o_tiles) == (other.rules, other.x_tiles, other.o_tiles)

    __hash__ = None  # type: ignore[assignment]  # its fields can be reassigned, so it is not hashable

    def _has_line(self, side: Side) -> bool:
        """Whether ``side`` has a line that wins under the rules' variant."""
        if self.rules.variant is Variant.FREESTYLE:
            tiles = self.x_tiles if side is Side.X else self.o_tiles
            return any(window & tiles == window for window in self.shape.windows)
        return wins(self.rules, "".join(row.replace(EMPTY_ROW_MARK, EMPTY) for row in self.rows()), side)

    def _check_last_move(self, side: Side, tiles: int, *, moved_after: bool) -> None:
        """``PositionError`` unless ``side``'s lines, if it has any, were completed by its last move: the other
        side has not moved since (``moved_after`` says whether it has), and every line holds that move's square.

        >>> Position.from_rows(["XXX", "OO.", "..O"], length=3)
        Traceback (most recent call last):
        ...
        tictactoe.solver.position.PositionError: X has a line and O moved after it: the game stops at the line
        """
        if not self._has_line(side):
            return
        if moved_after:
            raise PositionError(f"{side} has a line and {side.opponent} moved after it: the game stops at the line")
        if self.rules.variant is not Variant.FREESTYLE:
            return  # a variant's winning runs are not its windows: an overline beside a five is no line
        lines = [window for window in self.shape.windows if window & tiles == window]
        common = tiles
        for line in lines:
            common &= line
        if not common:
            raise PositionError(f"{side}'s lines have no square in common: the game stops at the first")
