"""A plain transcription of SPEC §3, used only by the tests as the model to compare with.

Nothing here is shared with :mod:`configurations`: the board is a list of
lists, ``wins`` scans every square in every direction, and the keys are the
board's squares joined row by row.  It is written to be obviously the
SPEC's pseudo-code, not to be fast.

The transposition table is a plain ``dict``: the reference search only
ever asks the table "is this board stored, and with what score", so any
correct dictionary gives the same answers, and a ``dict`` cannot share a
bug with the project's ``HashDictionary``, which ``computer_play`` uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HUMAN = "X"
COMPUTER = "O"
EMPTY = " "
HUMAN_WINS, UNDECIDED, DRAW, COMPUTER_WINS = 0, 1, 2, 3

# Down, right, down-right, down-left.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def wins(board: list[list[str]], length_to_win: int, symbol: str) -> bool:
    """Whether some square starts ``length_to_win`` of ``symbol`` in some direction."""
    size = len(board)
    for row in range(size):
        for col in range(size):
            for row_step, col_step in DIRECTIONS:
                count = 0
                r, c = row, col
                while 0 <= r < size and 0 <= c < size and board[r][c] == symbol:
                    count += 1
                    r += row_step
                    c += col_step
                if count >= length_to_win:
                    return True
    return False


def is_draw(board: list[list[str]], length_to_win: int) -> bool:
    """No empty square and neither player wins."""
    full = all(square != EMPTY for line in board for square in line)
    return full and not wins(board, length_to_win, HUMAN) and not wins(board, length_to_win, COMPUTER)


def eval_board(board: list[list[str]], length_to_win: int) -> int:
    """``COMPUTER_WINS``, else ``HUMAN_WINS``, else ``DRAW``, else ``UNDECIDED``."""
    if wins(board, length_to_win, COMPUTER):
        return COMPUTER_WINS
    if wins(board, length_to_win, HUMAN):
        return HUMAN_WINS
    if is_draw(board, length_to_win):
        return DRAW
    return UNDECIDED


@dataclass
class Result:
    """What the reference search returns, and what it counted on the way."""

    score: int
    row: int
    col: int
    nodes: int = 0
    lookups: int = 0
    hits: int = 0


@dataclass
class _Search:
    board: list[list[str]]
    length_to_win: int
    max_levels: int
    table: dict[str, int] = field(default_factory=dict)
    nodes: int = 0
    lookups: int = 0
    hits: int = 0

    def key(self) -> str:
        return "".join("".join(line) for line in self.board)

    def repeated_configuration(self) -> int:
        return self.table.get(self.key(), -1)

    def add_configuration(self, score: int) -> None:
        assert self.key() not in self.table
        self.table[self.key()] = score

    def search(self, symbol: str, highest: int, lowest: int, level: int) -> tuple[int, int, int]:
        other = HUMAN if symbol == COMPUTER else COMPUTER
        value = -1 if symbol == COMPUTER else 4
        best = (-1, -1)
        n = len(self.board)
        for row in range(n):
            for col in range(n):
                if self.board[row][col] != EMPTY:
                    continue
                self.board[row][col] = symbol
                self.nodes += 1
                if (
                    wins(self.board, self.length_to_win, symbol)
                    or is_draw(self.board, self.length_to_win)
                    or level >= self.max_levels
                ):
                    score = eval_board(self.board, self.length_to_win)
                else:
                    self.lookups += 1
                    score = self.repeated_configuration()
                    if score == -1:
                        score = self.search(other, highest, lowest, level + 1)[0]
                        if self.repeated_configuration() == -1:
                            self.add_configuration(score)
                    else:
                        self.hits += 1
                self.board[row][col] = EMPTY
                if (symbol == COMPUTER and score > value) or (symbol == HUMAN and score < value):
                    value = score
                    best = (row, col)
                    if symbol == COMPUTER and value > highest:
                        highest = value
                    elif symbol == HUMAN and value < lowest:
                        lowest = value
                    if highest >= lowest:
                        return value, best[0], best[1]
        return value, best[0], best[1]


def computer_play(rows: list[str], length_to_win: int, max_levels: int) -> Result:
    """The reference search from the board ``rows`` (strings of ``"X"``, ``"O"``, ``" "``)."""
    search = _Search([list(row) for row in rows], length_to_win, max_levels)
    score, row, col = search.search(COMPUTER, -1, 4, 0)
    assert ["".join(line) for line in search.board] == list(rows), "the oracle must restore the board"
    return Result(score, row, col, search.nodes, search.lookups, search.hits)
