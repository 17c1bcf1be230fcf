"""The lines of a board: where a player can win.  The one definition of them, asked by every layer.

A board has ``rows`` rows of ``cols`` squares; every function takes
``rows`` and ``length``, and ``cols`` only for a board that is not square
(it defaults to ``rows``).  Squares are numbered row by row from 0 (square
``row * cols + col``).  A *line* runs across, down, down the diagonal or
down the anti-diagonal from one edge of the board to the other; a *window*
is ``length`` squares in a row along a line, a place where a player can
win.  A line or window is kept only where it fits: on a board of 2 rows of
3, three in a row fit only across.  The board's rules
(:mod:`configurations.board`), its engine's bit geometry
(:mod:`configurations.bitboard`), the solver, the ``weights`` player, the
3x3 game graph and the window's winning line all take them from here.

>>> [(window.squares, "across down diagonal anti-diagonal".split()[window.direction]) for window in windows(2, 2)]
[((0, 1), 'across'), ((0, 2), 'down'), ((0, 3), 'diagonal'), ((1, 3), 'down'), ((1, 2), 'anti-diagonal'), \
((2, 3), 'across')]
>>> [window.squares for window in windows(2, 3, cols=3)]
[(0, 1, 2), (3, 4, 5)]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from configurations.moves import Move

__all__ = ["DIRECTIONS", "Window", "windows", "windows_through", "winning_line", "winning_lines"]

#: The four ways a line runs, each as one step (rows, columns): across, down, down the diagonal, down the
#: anti-diagonal.  Every one goes down or right, so a line's squares come in increasing order.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class Window(NamedTuple):
    """``length`` squares in a row: their numbers in order along the line, which runs in ``DIRECTIONS[direction]``."""

    direction: int
    squares: tuple[int, ...]


@functools.lru_cache(maxsize=64)
def winning_lines(rows: int, length: int, *, cols: int | None = None) -> tuple[tuple[int, int, int], ...]:
    """Every line long enough to win, as slices: ``configuration[start:stop:step]`` is its squares in order.

    Rows, then columns, then diagonals, then anti-diagonals.

    >>> winning_lines(2, 2)
    ((0, 2, 1), (2, 4, 1), (0, 3, 2), (1, 4, 2), (0, 4, 3), (1, 3, 1))
    """
    slices = []
    for _, squares in _lines(rows, _cols(rows, cols), length):
        # A one-square line gets step 1: an anti-diagonal's step, cols - 1, is 0 when cols is 1.
        step = squares[1] - squares[0] if len(squares) > 1 else 1
        slices.append((squares[0], squares[-1] + 1, step))
    return tuple(slices)


@functools.lru_cache(maxsize=64)
def windows(rows: int, length: int, *, cols: int | None = None) -> tuple[Window, ...]:
    """Every window of ``length`` squares, each once: by first square (row-major), then by direction.

    With ``length`` 1 the four directions give the same one-square window, kept once (across).

    >>> [window.squares for window in windows(3, 3)][:4]
    [(0, 1, 2), (0, 3, 6), (0, 4, 8), (1, 4, 7)]
    """
    found = [
        Window(direction, squares[first : first + length])
        for direction, squares in _lines(rows, _cols(rows, cols), length)
        for first in range(len(squares) - length + 1)
    ]
    found.sort(key=lambda window: (window.squares[0], window.direction))
    if length == 1:
        found = [window for window in found if window.direction == 0]
    return tuple(found)


@functools.lru_cache(maxsize=64)
def windows_through(rows: int, length: int, *, cols: int | None = None) -> tuple[tuple[int, ...], ...]:
    """For each square, the indices (into :func:`windows`) of the windows that hold it, in order.

    >>> windows_through(3, 3)[4]  # the centre: the middle column, a diagonal, the anti-diagonal, the middle row
    (2, 3, 5, 6)
    """
    through: list[list[int]] = [[] for _ in range(rows * _cols(rows, cols))]
    for index, window in enumerate(windows(rows, length, cols=cols)):
        for square in window.squares:
            through[square].append(index)
    return tuple(map(tuple, through))


def winning_line(rows: int, length: int, moves: Sequence[Move], *, cols: int | None = None) -> tuple[Move, ...]:
    """The squares of the line the last of ``moves`` made, in order along it; ``()`` when it made none.

    ``moves`` are a game's moves on the board, ``X`` first, so that the
    last move's player made every other one back from it.  A game ends at
    its first line, so the line is every window through the last move that
    the player fills, in the first of the directions that has one: at least
    ``length`` long, longer when the move joined two runs.  Runtime
    complexity: O(len(moves) + windows through a square).

    >>> moves = [Move(0, 0), Move(1, 0), Move(0, 1), Move(1, 1), Move(0, 2)]
    >>> [str(square) for square in winning_line(3, 3, moves)]
    ['a1', 'b1', 'c1']
    >>> winning_line(3, 3, moves[:4])
    ()
    """
    if not moves:
        return ()
    width = _cols(rows, cols)
    last = moves[-1]
    mine = {move.row * width + move.col for move in moves[-1::-2]}
    every = windows(rows, length, cols=cols)
    filled = [every[index] for index in windows_through(rows, length, cols=cols)[last.row * width + last.col]]
    filled = [window for window in filled if mine.issuperset(window.squares)]
    if not filled:
        return ()
    direction = min(window.direction for window in filled)
    line = sorted({square for window in filled if window.direction == direction for square in window.squares})
    return tuple(Move(*divmod(square, width)) for square in line)


def _cols(rows: int, cols: int | None) -> int:
    """The number of columns: ``cols``, or ``rows`` for a square board."""
    return rows if cols is None else cols


@functools.lru_cache(maxsize=64)
def _lines(rows: int, cols: int, length: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every line of at least ``length`` squares, as ``(direction, squares)``: rows, columns, diagonals, anti-diagonals.

    Each line starts on the top row or on a side column and walks one
    square at a time in its direction.
    """
    across, down, diagonal, anti_diagonal = range(len(DIRECTIONS))
    starts = [(across, row, 0) for row in range(rows)]
    starts += [(down, 0, col) for col in range(cols)]
    starts += [(diagonal, 0, col) for col in range(cols)] + [(diagonal, row, 0) for row in range(1, rows)]
    starts += [(anti_diagonal, 0, col) for col in range(cols)]
    starts += [(anti_diagonal, row, cols - 1) for row in range(1, rows)]
    lines = []
    for direction, first_row, first_col in starts:
        row_step, col_step = DIRECTIONS[direction]
        squares = []
        row, col = first_row, first_col
        while 0 <= row < rows and 0 <= col < cols:
            squares.append(row * cols + col)
            row, col = row + row_step, col + col_step
        if len(squares) >= length:
            lines.append((direction, tuple(squares)))
    return tuple(lines)
