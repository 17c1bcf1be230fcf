"""The patterns of each player on each line of the board -- fours, open and closed threes and twos -- kept up to
date move by move: what the strong search scores a large board by where it looks no further
(:mod:`tictactoe.solver.strong_search`; smaller boards are scored by :mod:`tictactoe.solver.evaluation`).

A *line* is a whole row, column, diagonal or anti-diagonal of the board
(:func:`configurations.lines.winning_lines`: those shorter than the length
to win are left out, for no pattern fits).  What
a player has on a line is read from the line's two sets of tiles, as bit
masks of the line's own squares:

* a *closed* pattern of ``n`` is a window of ``length`` squares holding
  ``n`` of the player's tiles and none of the opponent's (``length - 1``: a
  four, one square from a line; ``length - 2``: a three; ...);
* an *open* pattern of ``n`` is a window of ``length + 1`` squares whose two
  ends are empty and whose ``length - 1`` squares between hold ``n`` of the
  player's tiles and none of the opponent's: an open three (``.XXX..``,
  ``.XX.X.``) becomes an open four, two squares from a line, in one move.

Each is counted once for every window that shows it, so that a pattern with
more ways to grow counts more, and weighed by :data:`OPEN_WEIGHTS` and
:data:`CLOSED_WEIGHTS` (the player to move's, and the other's: a pattern of
the player to move is a tempo nearer its end).  A line's weight depends on
its two sets of tiles alone, so it is worked out once for each that occurs
and kept, a bounded number of lines (:func:`line_weights`); a move changes
four lines, and :meth:`LinePatterns.play` adds the changes of their weights
to each player's sums, which :meth:`LinePatterns.undo` takes back.

>>> from tictactoe.solver.geometry import geometry
>>> patterns = LinePatterns(geometry(9, 9, 5), x_tiles=0, o_tiles=0)
>>> for square in (40, 41, 42):  # X on e5, f5 and g5 of 9x9: an open three in the row
...     patterns.play(square, 0)
>>> patterns.counts(0)[OPEN_THREE], patterns.counts(1)[OPEN_THREE]  # .XXX.. and ..XXX. in a row of .....XXX....
(2, 0)
>>> patterns.undo(); patterns.counts(0)[OPEN_THREE]
0
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from configurations.lines import winning_lines
from tictactoe.solver.geometry import squares_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.solver.geometry import Geometry

__all__ = [
    "CLOSED_WEIGHTS",
    "OPEN_THREE",
    "OPEN_WEIGHTS",
    "LinePatterns",
    "line_weights",
    "pattern_counts",
]

# The patterns, as indices into a count: the open ones of n tiles (n from 1 to length - 1), then the closed ones.
#: The index of the open threes (of five in a row) in :meth:`LinePatterns.counts`: open patterns of 3.
OPEN_THREE = 3
#: The weight of an open pattern of n tiles (index n) for the player to move, and for the other; five in a row's
#: (other lengths use the weights of the patterns as many tiles short of a line).  An open three of the player
#: to move becomes an open four, and a four of either player must be answered, so the search never scores a
#: position that holds one of these; their weights only order what it cannot tell apart.  The other player's
#: ones and twos weigh half the mover's or less (a tempo behind), its open threes as much and its closed ones
#: two thirds (a win by fours and threes is built from them).  Against the window values of
#: :mod:`tictactoe.solver.evaluation` in python -m bench.match (15x15, 0.2 s a move, 100 games each,
#: bench/strong_selfplay_results.txt) these weights scored 63% and 59% (the openings of seed 1) and 55.5% (seed
#: 2); with the other player's twos at three quarters of the mover's, 56% and 57%; at the mover's own, 22%.
#: The twos and threes are then fitted to the results of the rating games (python -m bench.tune_weights --ridge
#: 0.01): 52.2% over 300 games at 0.2 s and 51.5% over 100 at 1 s against the hand-set ones before them.
OPEN_WEIGHTS = ((0, 12, 185, 2000, 8000), (0, 6, 79, 1535, 8000))
#: The weight of a closed pattern of n tiles, for the player to move and for the other.
CLOSED_WEIGHTS = ((0, 2, 29, 247, 4000), (0, 1, 11, 169, 4000))
# How many lines' weights are kept (a few megabytes): three seconds of search on a 15x15 middle game met 2,343
# lines, and asked for their weights 86,634 times.
_MOST_KNOWN = 1 << 15


def pattern_counts(
    tiles: int, theirs: int, size: int, length: int, *, exact: bool = False, caro: bool = False
) -> tuple[list[int], list[int]]:
    """The open and the closed patterns (counts indexed by tiles, 0 to ``length``) of the player holding
    ``tiles`` on a line of ``size`` squares where the opponent holds ``theirs``.

    With ``exact`` (standard, and black under renju: only exactly ``length`` in a row wins) a pattern with the
    player's own tile just beyond it is none: filling it makes an overline.  With ``caro`` a closed pattern
    between two of the opponent's tiles is none: filled, it is blocked at both ends.

    >>> pattern_counts(0b0011100, 0, 7, 5)  # ..XXX..: open three twice, closed three three times
    ([0, 0, 0, 2, 0, 0], [0, 0, 0, 3, 0, 0])
    >>> pattern_counts(0b0011100, 0b1000000, 7, 5)  # ..XXX.O: one open three, two closed
    ([0, 0, 0, 1, 0, 0], [0, 0, 0, 2, 0, 0])
    >>> pattern_counts(0b1011110, 0, 7, 5, exact=True)  # .XXXX.X: filling the gap makes six, not five
    ([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0])
    """
    opens, closed = [0] * (length + 1), [0] * (length + 1)
    window = (1 << length) - 1
    for start in range(size - length + 1):
        mask = window << start
        if not mask & theirs:
            flanks = _beyond(start, length)
            if exact and flanks & tiles:
                continue
            if caro and 0 < start < size - length and flanks & theirs == flanks:
                continue
            closed[(mask & tiles).bit_count()] += 1
    wide = (1 << (length + 1)) - 1
    ends = 1 | 1 << length
    for start in range(size - length):
        mask = wide << start
        if not mask & theirs and not (ends << start) & tiles:
            if exact and _beyond(start, length + 1) & tiles:
                continue
            opens[(mask & tiles).bit_count()] += 1
    return opens, closed


def _beyond(start: int, width: int) -> int:
    """The squares just before and just after the ``width`` squares from ``start`` on a line (one at its start)."""
    after = 1 << start + width
    return after | 1 << start - 1 if start else after


@functools.lru_cache(maxsize=_MOST_KNOWN)
def line_weights(xs: int, os: int, size: int, length: int, variant: str = "freestyle") -> tuple[int, int, int, int]:
    """The weights of the patterns on a line of ``size`` squares where ``X`` holds ``xs`` and ``O`` holds
    ``os``: ``X``'s when ``X`` is to move, ``X``'s when ``O`` is, ``O``'s when ``O`` is, ``O``'s when ``X`` is.
    Worked out once for each line that occurs (of the last ``_MOST_KNOWN``).  The patterns are those that can
    still win under ``variant`` (a :class:`~configurations.rules.Variant`'s name; ``X`` is black):
    :func:`pattern_counts` with ``exact`` under standard and for black under renju, ``caro`` under caro.

    >>> line_weights(0b0011100, 0, 7, 5)  # ..XXX..: two open threes and three closed ones for X
    (4741, 3577, 0, 0)
    """
    shift = max(0, 5 - length)  # k in a row's pattern so many tiles short of a line weighs as five's
    weights = []
    for player, (tiles, theirs) in enumerate(((xs, os), (os, xs))):
        exact = variant == "standard" or (variant == "renju" and player == 0)
        opens, closed = pattern_counts(tiles, theirs, size, length, exact=exact, caro=variant == "caro")
        for side in (0, 1):
            total = 0
            for count in range(1, length):
                index = min(count + shift, 4)
                total += opens[count] * OPEN_WEIGHTS[side][index] + closed[count] * CLOSED_WEIGHTS[side][index]
            weights.append(total)
    return weights[0], weights[1], weights[2], weights[3]


class LinePatterns:
    """The lines of a board of ``shape``, with the tiles ``x_tiles`` and ``o_tiles`` (squares as bit masks), and
    each player's sums of line weights; :meth:`play` and :meth:`undo` keep them as the search moves.  The
    patterns are those that can win under ``variant`` (:func:`line_weights`)."""

    __slots__ = ("_history", "_length", "_lines", "_sizes", "_through", "_weigh", "_weights", "sums")

    def __init__(self, shape: Geometry, *, x_tiles: int = 0, o_tiles: int = 0, variant: str = "freestyle") -> None:
        self._length = shape.length
        # The weights of a line, chosen once: freestyle's calls the cached function as it is.
        self._weigh: Callable[[int, int, int, int], tuple[int, int, int, int]] = (
            line_weights if variant == "freestyle" else functools.partial(line_weights, variant=variant)
        )
        lines = [range(*line) for line in winning_lines(shape.rows, shape.length, cols=shape.cols)]
        self._sizes = [len(line) for line in lines]
        through: list[list[tuple[int, int]]] = [[] for _ in range(shape.squares)]
        for index, line in enumerate(lines):
            for place, square in enumerate(line):
                through[square].append((index, 1 << place))
        self._through = through
        self._lines: list[list[int]] = []
        self._weights: list[tuple[int, int, int, int]] = []
        self._history: list[tuple[int, int, tuple[int, int, int, int], list[tuple[int, int, int, int]]]] = []
        self.sums = (0, 0, 0, 0)
        self.reset(x_tiles, o_tiles)

    def reset(self, x_tiles: int, o_tiles: int) -> None:
        """Set the board to the tiles ``x_tiles`` and ``o_tiles``, with nothing to undo."""
        # Each line's tiles of X and of O, as masks of its own squares, and its weights (line_weights).
        self._lines = [[0, 0] for _ in self._sizes]
        self._weights = [(0, 0, 0, 0)] * len(self._sizes)
        #: The sums of the line weights (:func:`line_weights`): X's when X is to move, X's when O is, O's
        #: when O is, O's when X is.
        self.sums = (0, 0, 0, 0)
        for player, tiles in enumerate((x_tiles, o_tiles)):
            for square in squares_of(tiles):
                self.play(square, player)
        self._history.clear()

    def play(self, square: int, player: int) -> None:
        """Put ``player``'s tile (0 for ``X``, 1 for ``O``) on the empty ``square``.

        Runtime complexity: O(1) but on the first meeting of a line: four lines and their known weights.
        """
        lines, sizes, weights, length, weigh = self._lines, self._sizes, self._weights, self._length, self._weigh
        through = self._through[square]
        self._history.append((square, player, self.sums, [weights[index] for index, _ in through]))
        x_moving, x_waiting, o_moving, o_waiting = self.sums
        for index, bit in through:
            line = lines[index]
            line[player] |= bit
            old = weights[index]
            new = weights[index] = weigh(line[0], line[1], sizes[index], length)
            x_moving += new[0] - old[0]
            x_waiting += new[1] - old[1]
            o_moving += new[2] - old[2]
            o_waiting += new[3] - old[3]
        self.sums = (x_moving, x_waiting, o_moving, o_waiting)

    def worth(self, mover: int) -> int:
        """The position's worth to ``mover``, the player to move (0 for ``X``): its patterns, weighed as the
        mover's, less the other player's, weighed as the other's."""
        sums = self.sums
        return sums[0] - sums[3] if mover == 0 else sums[2] - sums[1]

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        square, player, self.sums, old = self._history.pop()
        lines, weights = self._lines, self._weights
        for (index, bit), before in zip(self._through[square], old, strict=True):
            lines[index][player] &= ~bit
            weights[index] = before

    def counts(self, player: int) -> list[int]:
        """Every open pattern of ``player``'s on the board, counted (indexed by tiles).

        Runtime complexity: O(lines * size).
        """
        total = [0] * (self._length + 1)
        for index, line in enumerate(self._lines):
            opens, _ = pattern_counts(line[player], line[1 - player], self._sizes[index], self._length)
            total = [a + b for a, b in zip(total, opens, strict=True)]
        return total
