"""The rule variants in the game logic: what makes a line a win, and where black may not play under renju.

A board is given as its configuration string (its squares row by row,
``"X"``, ``"O"`` or ``" "``, as :meth:`Configurations.configuration
<configurations.board.Configurations.configuration>` gives it) with the
:class:`~configurations.rules.Rules` it is played by (its ``rows``,
``cols``, length to win ``k`` and variant), or with its ``rows`` and
``cols`` alone for renju, always five in a row.  ``X``, the first player,
is black.  What each variant asks of a line (:func:`line_test`):

* ``freestyle``: ``k`` or more in a row (:func:`at_least`);
* ``standard``: exactly ``k``, for both sides (:func:`exactly`);
* ``renju``: white (``O``) wins with five or more, black only with exactly
  five; and black may not play a forbidden point (:func:`renju_foul`);
* ``caro``: ``k`` or more, unless the opponent's stones block both ends of
  the run; the board's edge blocks nothing (:func:`unblocked`).

>>> from configurations.rules import Rules
>>> board = "XXXXXX " + " " * 7
>>> wins(Rules(2, 7, 5, "freestyle"), board, "X"), wins(Rules(2, 7, 5, "standard"), board, "X")
(True, False)
>>> wins(Rules(2, 5, 3, "caro"), "OXXXO" + " " * 5, "X"), wins(Rules(2, 5, 3, "caro"), "XXXO " + " " * 5, "X")
(False, True)

Renju's forbidden points are these: an overline (six or more
in a row), a double four (two fours at once, two on one line included:
``X.XXX.X``, ``XX.XX.XX``, ``XXX.X.XXX``) and a double three (two threes
at once, where a three is a line that one more stone turns into a straight
four, by a move that is itself not forbidden: the rule is recursive).  A
move that makes exactly five is never forbidden, also where it is the move
that turns a three into a straight four.  (Piskvork's judge, which the
tests consult as a second referee, counts such a three as none: where the
two differ, the rule as written here decides.)

>>> squares = [" "] * 225
>>> for row, col in [(5, 7), (6, 7), (5, 5), (6, 6)]:  # h6 h7 down, f6 g7 down the diagonal
...     squares[row * 15 + col] = "X"
>>> foul = renju_foul("".join(squares), 15, 15, Move.parse("h8", 15))
>>> print(foul)
h8 is forbidden for black: double three (h8-h6, h8-f6)
>>> foul.kind, [str(point.point) for point in renju_fouls("".join(squares), 15, 15)]
(<Foul.DOUBLE_THREE: 'double three'>, ['h8'])
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeAlias

from configurations.lines import DIRECTIONS, winning_lines
from configurations.moves import Move
from configurations.symbols import COMPUTER, EMPTY, HUMAN, Symbol

if TYPE_CHECKING:
    from configurations.rules import Rules

__all__ = [
    "BLACK",
    "ForbiddenPoint",
    "Foul",
    "LineTest",
    "RenjuReferee",
    "Variant",
    "at_least",
    "exactly",
    "line_test",
    "refusal",
    "renju_foul",
    "renju_fouls",
    "unblocked",
    "wins",
    "wins_through",
]

#: The first player's symbol, black in renju.
BLACK: Final[Symbol] = HUMAN
#: Whether ``symbol`` wins on one ``line`` (its squares in order, from one edge of the board to the other) with
#: ``k`` in a row: the part of a win test that a variant changes.
LineTest: TypeAlias = Callable[[str, int, Symbol], bool]


class Variant(enum.StrEnum):
    """What makes a line a win, and what black (``X``, who moves first) may not play.

    Each is equal to its name, the way the command line and the records write it.  It lives here, beside the
    win tests it chooses, and is the rules' own (:class:`configurations.rules.Variant`).
    """

    #: k or more in a row wins.
    FREESTYLE = "freestyle"
    #: Exactly k in a row wins, for both sides; an overline does not.
    STANDARD = "standard"
    #: Five in a row; black wins only with exactly five and may not play a forbidden point.
    RENJU = "renju"
    #: k or more in a row wins unless the opponent's stones block both ends.
    CARO = "caro"


def at_least(line: str, k: int, symbol: Symbol) -> bool:
    """Whether ``symbol`` has ``k`` or more in a row on ``line`` (freestyle, and white under renju).

    >>> at_least("XXXXXX", 5, "X"), at_least("XX XX", 3, "X")
    (True, False)
    """
    return symbol * k in line


def exactly(line: str, k: int, symbol: Symbol) -> bool:
    """Whether ``symbol`` has a run of exactly ``k`` on ``line``, one with neither end its own stone (standard,
    and black under renju): an overline does not win, but another run of exactly ``k`` on the line does.

    >>> exactly("XXXXXX", 5, "X"), exactly("XXXXXOXXXXX", 5, "X"), exactly("XXXXX XXXXXX", 5, "X")
    (False, True, True)
    """
    if symbol * k not in line:  # the usual answer, without splitting the line
        return False
    # The runs of symbol are what is left between the other squares.
    other = COMPUTER if symbol == HUMAN else HUMAN
    return any(len(run) == k for run in line.replace(other, EMPTY).split(EMPTY))


def unblocked(line: str, k: int, symbol: Symbol) -> bool:
    """Whether ``symbol`` has ``k`` or more in a row on ``line`` with at least one end not the opponent's
    stone (caro): the end of the line, the board's edge, does not block.

    >>> unblocked("OXXXO", 3, "X"), unblocked("XXXO", 3, "X"), unblocked("OXXX O", 3, "X")
    (False, True, True)
    """
    if symbol * k not in line:
        return False
    other = COMPUTER if symbol == HUMAN else HUMAN
    last = len(line)
    for run in re.finditer(f"{symbol}{{{k},}}", line):
        start, stop = run.span()
        if start == 0 or stop == last or line[start - 1] != other or line[stop] != other:
            return True
    return False


def line_test(variant: Variant | str, symbol: Symbol, *, black: Symbol = BLACK) -> LineTest:
    """The test of one line that decides whether ``symbol`` wins under ``variant``.

    ``black`` is the symbol that plays black, which renju treats apart: ``X``
    unless the symbols were swapped (a search that always plays ``O`` is
    handed such a copy to play ``X``).  ``ValueError`` for a name that is no
    variant.

    >>> line_test("renju", "X").__name__, line_test("renju", "O").__name__, line_test("caro", "O").__name__
    ('exactly', 'at_least', 'unblocked')
    """
    if variant not in list(Variant):
        raise ValueError(f"there is no variant {variant!r}: choose from {', '.join(Variant)}")
    if variant == "standard" or (variant == "renju" and symbol == black):
        return exactly
    return unblocked if variant == "caro" else at_least


def wins(rules: Rules, board: str, symbol: Symbol, *, black: Symbol = BLACK) -> bool:
    """Whether ``symbol`` wins on ``board`` under ``rules`` (its variant, on its ``rows`` x ``cols`` with ``k``).

    ``black`` as :func:`line_test`.  Runtime complexity: O(rows x cols) for
    each of the four directions.
    """
    test = line_test(rules.variant, symbol, black=black)
    lines = winning_lines(rules.rows, rules.k, cols=rules.cols)
    return any(test(board[start:stop:step], rules.k, symbol) for start, stop, step in lines)


def wins_through(rules: Rules, board: str, square: Move, *, black: Symbol = BLACK) -> bool:
    """Whether the stone on ``square`` wins for its player under ``rules``: :func:`wins` asked only of the four
    lines through it, all that a move changes.  ``ValueError`` when ``square`` is empty.

    >>> from configurations.rules import Rules
    >>> board, standard = "XXX" + "OO " + "X  ", Rules(3, 3, 3, "standard")
    >>> wins_through(standard, board, Move(0, 2)), wins_through(standard, board, Move(2, 0))
    (True, False)
    """
    rows, cols, k = rules.rows, rules.cols, rules.k
    symbol = board[square.row * cols + square.col]
    if symbol == EMPTY:
        raise ValueError(f"{square} holds no stone")
    test = line_test(rules.variant, symbol, black=black)
    return any(test(line, k, symbol) for line in _lines_through(board, rows, cols, square) if len(line) >= k)


def _lines_through(board: str, rows: int, cols: int, square: Move) -> list[str]:
    """The four lines through ``square``, each from one edge of the board to the other, in ``DIRECTIONS``: a
    slice of ``board`` each, from the line's first square."""
    row, col = square
    back, ahead = min(row, col), min(rows - 1 - row, cols - 1 - col)
    diagonal = (row - back) * cols + col - back, back + ahead + 1, cols + 1
    back, ahead = min(row, cols - 1 - col), min(rows - 1 - row, col)
    anti_diagonal = (row - back) * cols + col + back, back + ahead + 1, cols - 1
    lines = [board[row * cols : (row + 1) * cols], board[col::cols]]
    for start, length, step in (diagonal, anti_diagonal):
        # One square is sliced on its own: an anti-diagonal's step is 0 on a board one column wide.
        lines.append(board[start : start + (length - 1) * step + 1 : step] if length > 1 else board[start])
    return lines


class Foul(enum.StrEnum):
    """Why black may not play a point under renju; each is equal to the words a refusal uses."""

    #: Six or more in a row.
    OVERLINE = "overline"
    #: Two fours at once, on two lines or on one.
    DOUBLE_FOUR = "double four"
    #: Two threes at once, each of which can still become a straight four.
    DOUBLE_THREE = "double three"


@dataclass(frozen=True, slots=True)
class ForbiddenPoint:
    """A point black may not play: the ``point``, the ``kind`` of foul, and the ``lines`` that make it.

    Each line is the segment its stones span, the played point's among them,
    as its two ends: from the point to the far end where the point is an end,
    else from end to end in the order the line runs (left to right, or down).
    ``str()`` is :func:`refusal`.
    """

    point: Move
    kind: Foul
    lines: tuple[tuple[Move, Move], ...]

    def __str__(self) -> str:
        return refusal(self)


def refusal(forbidden: ForbiddenPoint) -> str:
    """The one line that refuses black the point: ``h8 is forbidden for black: double three (h8-h6, h8-f6)``.

    >>> refusal(ForbiddenPoint(Move(7, 7), Foul.OVERLINE, ((Move(7, 2), Move(7, 7)),)))
    'h8 is forbidden for black: overline (c8-h8)'
    """
    lines = ", ".join(f"{first}-{last}" for first, last in forbidden.lines)
    return f"{forbidden.point} is forbidden for black: {forbidden.kind} ({lines})"


def renju_foul(board: str, rows: int, cols: int, point: Move) -> ForbiddenPoint | None:
    """``None`` if black may play the empty ``point`` of ``board`` under renju, else why not.

    ``ValueError`` when ``point`` is off the board or taken.  Runtime
    complexity: O(rows x cols) to read the board, then a few line patterns
    at the point, and again at each point that would turn one of its threes
    into a straight four (the rule's recursion).
    """
    if not (0 <= point.row < rows and 0 <= point.col < cols):
        raise ValueError(f"{point!r} is not on the {rows}x{cols} board")
    if board[point.row * cols + point.col] != EMPTY:
        raise ValueError(f"{point} is taken: black may play only an empty point")
    referee = RenjuReferee(board, rows, cols)
    return referee.explain(referee.index(point))


def renju_fouls(board: str, rows: int, cols: int) -> tuple[ForbiddenPoint, ...]:
    """Every empty point of ``board`` that black may not play under renju, row by row.

    Only the points that black's stones could make forbidden are judged
    (:meth:`RenjuReferee.suspects`).  Runtime complexity: O(rows x cols) plus
    :func:`renju_foul`'s judgement at each of those.
    """
    if board.count(BLACK) < 4:  # the fewest a foul needs beside the point: a double three's
        return ()
    referee = RenjuReferee(board, rows, cols)
    found = (referee.explain(point) for point in referee.suspects())
    return tuple(forbidden for forbidden in found if forbidden is not None)


# The squares of the referee's board, as bytes: the board's edge is a square that is neither player's.
_X, _EMPTY, _EDGE = b"X #"
#: The referee's squares as the digits of a binary number: black's stones, and the empty points.
_BLACK_BITS: Final = bytes.maketrans(b"XO #", b"1000")
_EMPTY_BITS: Final = bytes.maketrans(b"XO #", b"0010")
#: How far along a line a point's judgement looks: a six through the point ends at most five away.
_REACH: Final = 5
#: Where the point lies in a line the referee reads: the middle of the eleven squares within reach.
_MID: Final = _REACH
#: A line through a point, as offsets along it from the point: (direction, first, last).
_Span: TypeAlias = tuple[int, int, int]


class RenjuReferee:
    """Renju's forbidden points on one board, read once into a bytearray with an edge of ``_REACH`` around it.

    Each of a point's four lines is then one slice of eleven squares (the
    point in the middle), whatever the direction; the recursion of the rule
    places and lifts black stones on the same bytearray.  A search keeps one
    referee beside its own board, changing a square with :meth:`put` as it
    plays and takes back, and asks :meth:`judge` of the points it would play.
    """

    __slots__ = ("_cells", "_steps", "_width")

    def __init__(self, board: str, rows: int, cols: int) -> None:
        width = cols + 2 * _REACH
        cells = bytearray([_EDGE]) * (width * (rows + 2 * _REACH))
        squares = board.encode("ascii")
        for row in range(rows):
            start = (row + _REACH) * width + _REACH
            cells[start : start + cols] = squares[row * cols : (row + 1) * cols]
        self._cells, self._width = cells, width
        # One step along each of DIRECTIONS: across, down, down the diagonal, down the anti-diagonal.
        self._steps = tuple(row_step * width + col_step for row_step, col_step in DIRECTIONS)

    def index(self, point: Move) -> int:
        """Where ``point`` of the board sits in the referee's bytearray."""
        return (point.row + _REACH) * self._width + point.col + _REACH

    def put(self, index: int, symbol: Symbol) -> None:
        """Set the square at ``index`` of the bytearray to ``symbol`` (``X``, ``O``, or ``" "`` for empty)."""
        self._cells[index] = ord(symbol)

    def move(self, index: int) -> Move:
        """The point of the board at ``index`` of the bytearray."""
        row, col = divmod(index, self._width)
        return Move(row - _REACH, col - _REACH)

    def suspects(self) -> list[int]:
        """The empty points that black's stones could make forbidden, in board order: those with four of them
        within four squares along one line (a five or an overline needs that), or two along each of two lines
        (each four or three needs that).  A sieve before the judgement, which counts no more than this.

        The squares are counted as bits of one integer a question (black's
        stones, the empty points), shifted along each direction and added
        up in saturating bit counters: about 17 µs on a 15x15 board in the
        middle of a game, where counting square by square took 450 µs.
        The edge of ``_REACH`` squares keeps a shift within four from
        wrapping round to the next row's squares.
        """
        black = int(self._cells.translate(_BLACK_BITS)[::-1], 2)  # bit i is square i
        empty = int(self._cells.translate(_EMPTY_BITS)[::-1], 2)
        one_line = two_lines = four_on_a_line = 0
        for step in self._steps:
            ones = twos = threes = fours = 0  # squares with at least so many stones within four along this line
            for distance in (1, 2, 3, 4):
                for shifted in (black << distance * step, black >> distance * step):
                    fours |= threes & shifted
                    threes |= twos & shifted
                    twos |= ones & shifted
                    ones |= shifted
            two_lines |= one_line & twos
            one_line |= twos
            four_on_a_line |= fours
        found = (two_lines | four_on_a_line) & empty
        suspects = []
        while found:
            lowest = found & -found
            suspects.append(lowest.bit_length() - 1)
            found ^= lowest
        return suspects

    def explain(self, index: int) -> ForbiddenPoint | None:
        """:meth:`judge`'s verdict on the empty point at ``index``, with its lines as points of the board."""
        verdict = self.judge(index)
        if verdict is None:
            return None
        kind, spans = verdict
        point = self.move(index)
        return ForbiddenPoint(point, kind, tuple(_ends(point, span) for span in spans))

    def judge(self, index: int) -> tuple[Foul, list[_Span]] | None:
        """``None`` if black may play the empty point at ``index``, else the foul and the lines that make it.

        Black's stone is placed for the judgement and lifted after it, so
        that the board is as it was whatever happens.  The order of the
        questions is the rule's: a five first (never forbidden), then an
        overline, a double four, a double three.
        """
        cells = self._cells
        cells[index] = _X
        try:
            lines = [cells[index - _REACH * step : index + _REACH * step + 1 : step] for step in self._steps]
            runs = [_run(line) for line in lines]
            if any(last - first == 4 for first, last in runs):
                return None
            overlines = [(direction, first - _MID, last - _MID) for direction, (first, last) in enumerate(runs)]
            overlines = [span for span in overlines if span[2] - span[1] >= 5]
            if overlines:
                return Foul.OVERLINE, overlines
            fours = [(direction, first, last) for direction, line in enumerate(lines) for first, last in _fours(line)]
            if len(fours) >= 2:
                return Foul.DOUBLE_FOUR, fours
            threes = self._threes(index, lines)
            return (Foul.DOUBLE_THREE, threes) if len(threes) >= 2 else None
        finally:
            cells[index] = _EMPTY

    def _threes(self, index: int, lines: list[bytearray]) -> list[_Span]:
        """The lines through the point at ``index`` (black's stone on it) that are threes, if two or more are.

        A line is a three when one of the points that would make it a straight
        four is not itself forbidden, judged with the stone on ``index``: the
        rule's recursion, asked only where two lines could be threes at all.
        """
        candidates = [(direction, found) for direction, line in enumerate(lines) if (found := _straight_fours(line))]
        if len(candidates) < 2:
            return []
        threes: list[_Span] = []
        for number, (direction, found) in enumerate(candidates):
            if len(threes) + len(candidates) - number < 2:  # the lines left cannot make two threes
                break
            step = self._steps[direction]
            for offset, first, last in found:
                if self.judge(index + offset * step) is None:
                    threes.append((direction, first, last))
                    break
        return threes


def _run(line: bytearray) -> tuple[int, int]:
    """The first and last square of the run of black stones through the middle of ``line``."""
    first = last = _MID
    while first > 0 and line[first - 1] == _X:
        first -= 1
    while last < 2 * _REACH and line[last + 1] == _X:
        last += 1
    return first, last


def _fours(line: bytearray) -> list[tuple[int, int]]:
    """The fours through the middle of ``line``, as their first and last stone (offsets from the middle).

    A four is four black stones that one more makes exactly five: five
    squares, the middle among them, holding four stones and one empty point,
    with no black stone just beyond either end.  Two windows with the same
    stones (the two ends of ``.XXXX.``) are one four.
    """
    if line.count(_X) < 4:
        return []
    fours: list[tuple[int, int]] = []
    for start in range(_MID - 4, _MID + 1):
        window = line[start : start + 5]
        if window.count(_X) == 4 and window.count(_EMPTY) == 1 and _X not in (line[start - 1], line[start + 5]):
            first = start if window[0] == _X else start + 1
            last = start + 4 if window[4] == _X else start + 3
            if (first - _MID, last - _MID) not in fours:
                fours.append((first - _MID, last - _MID))
    return fours


def _straight_fours(line: bytearray) -> list[tuple[int, int, int]]:
    """The points of ``line`` that would make a straight four through its middle, with the three they make it
    from: (the point, the three's first and last stone), each an offset from the middle.

    A straight four is four black stones in a row, the middle among them,
    with an empty point at each end and no black stone beyond either (so
    that both ends make exactly five).
    """
    if line.count(_X) < 3:
        return []
    found = []
    for start in range(_MID - 4, _MID):  # the straight four's empty ends: start and start + 5
        four = line[start + 1 : start + 5]
        if (
            line[start] == _EMPTY
            and line[start + 5] == _EMPTY
            and four.count(_X) == 3
            and four.count(_EMPTY) == 1
            and _X not in (line[start - 1], line[start + 6])
        ):
            point = start + 1 + four.index(_EMPTY)
            first = start + 2 if point == start + 1 else start + 1
            last = start + 3 if point == start + 4 else start + 4
            found.append((point - _MID, first - _MID, last - _MID))
    return found


def _ends(point: Move, span: _Span) -> tuple[Move, Move]:
    """The two ends of ``span`` (a line through ``point``) as a refusal names them: from ``point`` where it is
    an end, else from end to end in the direction the line runs."""
    direction, first, last = span
    row_step, col_step = DIRECTIONS[direction]
    start = Move(point.row + first * row_step, point.col + first * col_step)
    stop = Move(point.row + last * row_step, point.col + last * col_step)
    return (stop, start) if last == 0 else (start, stop)
