"""Plain models the tests compare the project with, written to be obviously right rather than fast."""

from __future__ import annotations

from collections.abc import Sequence

# Right, down, down-right, down-left: every line is a run from some square in one of these.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def wins(rows: Sequence[str], length: int, symbol: str) -> bool:
    """Whether ``symbol`` fills ``length`` squares in a row from some square in some direction.

    Every square, every direction, every square of the segment checked one
    by one: nothing shared with :meth:`configurations.Configurations.wins`
    or the engine's bit arithmetic.
    """
    size = len(rows)
    for row in range(size):
        for col in range(size):
            for row_step, col_step in DIRECTIONS:
                segment = [(row + i * row_step, col + i * col_step) for i in range(length)]
                if all(0 <= r < size and 0 <= c < size and rows[r][c] == symbol for r, c in segment):
                    return True
    return False


def rows_of(size: int, tiles: set[int], symbol: str = "X") -> list[str]:
    """A board of ``size`` rows with ``symbol`` on the squares ``tiles`` (counted row by row), empty elsewhere."""
    return ["".join(symbol if row * size + col in tiles else " " for col in range(size)) for row in range(size)]
