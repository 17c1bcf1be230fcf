"""3x3 tic-tac-toe written out plainly, the model the game-graph and player tests compare with.

Nothing here is shared with the project: a board is a tuple of nine
strings (``"X"``, ``"O"``, ``" "``), the lines are listed by hand, and the
counts come from walking every game move by move.  It is written to be
obviously right, not fast.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

Board = tuple[str, ...]

EMPTY_BOARD: Board = (" ",) * 9
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def winner(board: Board) -> str | None:
    """``"X"`` or ``"O"`` when it has a line, ``"-"`` on a full board without one, None while the game goes on."""
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return "-" if " " not in board else None


def to_move(board: Board) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def children(board: Board) -> Iterator[tuple[int, Board]]:
    """Each empty square and the board after the side to move plays there, while the game goes on."""
    if winner(board) is not None:
        return
    mover = to_move(board)
    for square in range(9):
        if board[square] == " ":
            yield square, (*board[:square], mover, *board[square + 1 :])


def slot(board: Board) -> int:
    """The game graph's hash (docs/players.md), computed here from its definition."""
    value = {"X": 2, "O": 1, " ": 0}
    return sum(3**square * value[symbol] for square, symbol in enumerate(board))


@functools.cache
def minimax(board: Board) -> int:
    """1 when X wins with perfect play, -1 when O does, 0 for a draw."""
    result = winner(board)
    if result is not None:
        return {"X": 1, "O": -1, "-": 0}[result]
    values = [minimax(child) for _, child in children(board)]
    return max(values) if to_move(board) == "X" else min(values)


def images(board: Board) -> list[Board]:
    """The board under the eight symmetries of the square, by rows and columns."""
    grid = [[board[3 * row + col] for col in range(3)] for row in range(3)]
    found = []
    for _ in range(4):
        grid = [[grid[2 - col][row] for col in range(3)] for row in range(3)]  # a quarter turn
        for picture in (grid, [row[::-1] for row in grid]):
            found.append(tuple(symbol for row in picture for symbol in row))
    return found


def positions() -> list[Board]:
    """Every position reachable from the empty board, each once, in the order a depth-first walk meets them."""
    found: list[Board] = []
    seen: set[Board] = set()

    def walk(board: Board) -> None:
        if board in seen:
            return
        seen.add(board)
        found.append(board)
        for _, child in children(board):
            walk(child)

    walk(EMPTY_BOARD)
    return found


@dataclass
class Census:
    """Everything counted by walking every game from the empty board."""

    positions: set[Board] = field(default_factory=set)
    edges: set[tuple[Board, Board]] = field(default_factory=set)
    terminal: Counter[str] = field(default_factory=Counter)
    games: Counter[str] = field(default_factory=Counter)

    @property
    def symmetric_positions(self) -> int:
        return len({min(images(board)) for board in self.positions})


def census() -> Census:
    """Walk every complete game, one move at a time, and count what it meets."""
    found = Census()

    def walk(board: Board) -> None:
        result = winner(board)
        if board not in found.positions:
            found.positions.add(board)
            if result is not None:
                found.terminal[result] += 1
        if result is not None:
            found.games[result] += 1
            return
        mover = to_move(board)
        for square in range(9):
            if board[square] == " ":
                child = (*board[:square], mover, *board[square + 1 :])
                found.edges.add((board, child))
                walk(child)

    walk(EMPTY_BOARD)
    return found
