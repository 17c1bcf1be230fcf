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


def runs(rows: Sequence[str], symbol: str) -> list[tuple[int, str, str]]:
    """Every run of ``symbol`` that cannot be made longer, in each direction: ``(length, before, after)``, where
    ``before`` and ``after`` are the squares just beyond its two ends, ``""`` beyond the board's edge.

    A board of ``len(rows)`` rows of ``len(rows[0])`` squares; each run is
    walked from its first square, one square at a time.
    """
    height, width = len(rows), len(rows[0])

    def square(row: int, col: int) -> str:
        return rows[row][col] if 0 <= row < height and 0 <= col < width else ""

    found = []
    for row in range(height):
        for col in range(width):
            for row_step, col_step in DIRECTIONS:
                if rows[row][col] != symbol or square(row - row_step, col - col_step) == symbol:
                    continue  # not the first square of a run in this direction
                length = 0
                while square(row + length * row_step, col + length * col_step) == symbol:
                    length += 1
                after = square(row + length * row_step, col + length * col_step)
                found.append((length, square(row - row_step, col - col_step), after))
    return found


def variant_wins(variant: str, rows: Sequence[str], length: int, symbol: str) -> bool:
    """Whether ``symbol`` wins under ``variant`` with ``length`` in a row, from :func:`runs` alone: freestyle a
    run of ``length`` or more, standard one of exactly ``length``, renju as standard for ``X`` (black) and as
    freestyle for ``O``, caro one of ``length`` or more with an end that is not the opponent's stone."""
    other = "O" if symbol == "X" else "X"
    for run, before, after in runs(rows, symbol):
        if variant == "standard" or (variant == "renju" and symbol == "X"):
            if run == length:
                return True
        elif run >= length and (variant != "caro" or before != other or after != other):
            return True
    return False


#: A square of a grid: (row, column).
Square = tuple[int, int]


def renju_foul(grid: list[list[str]], row: int, col: int, *, five_counts_as_forbidden: bool = False) -> str | None:
    """Why black may not play the empty square ``(row, col)`` of ``grid`` under renju, or ``None``: ``"overline"``,
    ``"double four"`` or ``"double three"``, each found by placing stones and walking runs one square at a time.

    A five is never forbidden.  The recursion asks whether the square that
    turns a three into a straight four is itself forbidden; with
    ``five_counts_as_forbidden`` a five there counts as forbidden, the way
    Piskvork's judge (the ``renju`` package) reads the rule, not as the project states it.
    ``grid`` is left as it was.
    """
    return _judge(grid, (row, col), five_counts_as_forbidden, 0)


def _judge(grid: list[list[str]], point: Square, five_counts: bool, depth: int) -> str | None:
    """:func:`renju_foul` at ``point``, ``depth`` squares down the recursion (where a five may count)."""
    row, col = point
    grid[row][col] = "X"
    try:
        lengths = [len(_run_through(grid, point, direction)) for direction in DIRECTIONS]
        if 5 in lengths:
            return "five" if five_counts and depth else None
        if max(lengths) >= 6:
            return "overline"
        if sum(len(_fours(grid, point, direction)) for direction in DIRECTIONS) >= 2:
            return "double four"
        threes = sum(_is_three(grid, point, direction, five_counts, depth) for direction in DIRECTIONS)
        return "double three" if threes >= 2 else None
    finally:
        grid[row][col] = " "


def _on_board(grid: list[list[str]], square: Square) -> bool:
    return 0 <= square[0] < len(grid) and 0 <= square[1] < len(grid[0])


def _run_through(grid: list[list[str]], point: Square, direction: Square) -> list[Square]:
    """The squares of the run of ``X`` through ``point`` along ``direction``, in order."""
    row_step, col_step = direction
    row, col = point
    while _on_board(grid, (row - row_step, col - col_step)) and grid[row - row_step][col - col_step] == "X":
        row, col = row - row_step, col - col_step
    squares = []
    while _on_board(grid, (row, col)) and grid[row][col] == "X":
        squares.append((row, col))
        row, col = row + row_step, col + col_step
    return squares


def _empties_along(grid: list[list[str]], point: Square, direction: Square) -> list[Square]:
    """The empty squares of the line through ``point`` along ``direction``, within four of it."""
    squares = [(point[0] + step * direction[0], point[1] + step * direction[1]) for step in range(-4, 5) if step]
    return [square for square in squares if _on_board(grid, square) and grid[square[0]][square[1]] == " "]


def _fours(grid: list[list[str]], point: Square, direction: Square) -> set[frozenset[Square]]:
    """The fours through ``point`` along ``direction``, each as its stones: four that one more stone makes
    exactly five with."""
    fours = set()
    for row, col in _empties_along(grid, point, direction):
        grid[row][col] = "X"
        run = _run_through(grid, point, direction)
        if len(run) == 5:
            fours.add(frozenset(run) - {(row, col)})
        grid[row][col] = " "
    return fours


def _is_three(grid: list[list[str]], point: Square, direction: Square, five_counts: bool, depth: int) -> bool:
    """Whether one more stone along ``direction`` makes a straight four through ``point`` (four in a row, and
    at each end an empty square on which a stone makes exactly five), that stone not forbidden itself."""
    for row, col in _empties_along(grid, point, direction):
        grid[row][col] = "X"
        run = _run_through(grid, point, direction)
        straight = (
            (row, col) in run
            and len(run) == 4
            and all(_makes_five(grid, end, point, direction) for end in _beyond(run, direction))
        )
        grid[row][col] = " "
        if straight and _judge(grid, (row, col), five_counts, depth + 1) is None:
            return True
    return False


def _beyond(run: list[Square], direction: Square) -> list[Square]:
    """The squares just beyond the two ends of ``run``."""
    (first_row, first_col), (last_row, last_col) = run[0], run[-1]
    return [(first_row - direction[0], first_col - direction[1]), (last_row + direction[0], last_col + direction[1])]


def _makes_five(grid: list[list[str]], end: Square, point: Square, direction: Square) -> bool:
    """Whether ``end`` is an empty square of the board on which a stone makes the run through ``point``
    exactly five."""
    if not _on_board(grid, end) or grid[end[0]][end[1]] != " ":
        return False
    grid[end[0]][end[1]] = "X"
    five = len(_run_through(grid, point, direction)) == 5
    grid[end[0]][end[1]] = " "
    return five
