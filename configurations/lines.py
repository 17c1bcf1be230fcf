"""Which squares make the line that won a game: what the window draws across the board at the end.

A game ends as soon as a move makes a line, so the winning line runs
through the last move and belongs to the player who made it.  This
module finds it from the moves alone, never reading a board that a
search might be trying moves on.

>>> from configurations.moves import Move
>>> moves = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
>>> [str(square) for square in winning_line(3, 3, moves)]
['a1', 'b1', 'c1']
>>> winning_line(3, 3, moves[:4])
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.moves import Move

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["winning_line"]

# The four ways a line can run, each as one step (rows, columns): across,
# down, down the diagonal, down the anti-diagonal.  Their order decides
# which line is drawn when one move made two.
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def winning_line(size: int, length: int, moves: Sequence[Move]) -> tuple[Move, ...]:
    """The squares of the line the last of ``moves`` made, in order along it; ``()`` when it made none.

    ``moves`` are a game's moves on a ``size``-by-``size`` board, ``X``
    first, so that the last move's player made every other one back from
    it.  The line is the whole run of that player's tiles through the last
    move, at least ``length`` long (longer when the move joined two runs);
    of several lines through the move, the first of across, down,
    diagonal, anti-diagonal.  Runtime complexity: O(len(moves) + size).

    >>> [str(square) for square in winning_line(4, 3, [Move(3, 0), Move(0, 0), Move(2, 1), Move(0, 1), Move(1, 2)])]
    ['c2', 'b3', 'a4']
    """
    if not moves:
        return ()
    last = moves[-1]
    mine = {(move.row, move.col) for move in moves[-1::-2]}
    for row_step, col_step in _DIRECTIONS:
        before = _run(mine, size, last, -row_step, -col_step)
        after = _run(mine, size, last, row_step, col_step)
        if before + 1 + after >= length:
            first_row, first_col = last.row - before * row_step, last.col - before * col_step
            return tuple(
                Move(first_row + step * row_step, first_col + step * col_step) for step in range(before + 1 + after)
            )
    return ()


def _run(mine: set[tuple[int, int]], size: int, start: Move, row_step: int, col_step: int) -> int:
    """How many of ``mine`` follow ``start`` without a gap, stepping by (``row_step``, ``col_step``)."""
    count = 0
    row, col = start.row + row_step, start.col + col_step
    while 0 <= row < size and 0 <= col < size and (row, col) in mine:
        count += 1
        row, col = row + row_step, col + col_step
    return count
