"""The search's board under standard, renju and caro: the threats a variant counts, and renju's forbidden points.

:class:`~tictactoe.solver.search_board.SearchBoard` counts a player's
windows: a square that fills one is a threat, a line of ``length`` a win,
as freestyle has it.  Under another variant a filled window is a win only
when its line says so (:mod:`configurations.variants`): under standard, a
run of exactly ``length`` for both players (a square beside the window
holding the player's own stone makes an overline, no win); under renju the
same for black, while white wins with five or more; under caro, a run
whose two ends are not both the opponent's stones.  :class:`VariantBoard`
keeps the windows as they are and checks each square they name along its
four lines, after every move: a threat of the board is then a square that
wins under the variant, and a square of two threats one that makes two such
squares at once.  The freestyle board is left as it was, at its speed:
:func:`search_board` picks the board for the rules once, when a search
starts.

Under renju black may not play a forbidden point (an overline, a double
four, a double three).  The renju board keeps a
:class:`~configurations.variants.RenjuReferee` beside its tiles, square for
square, and judges a point only where black's stones near it could make it
forbidden (:meth:`VariantBoard.forbidden`); :meth:`VariantBoard.playable`
leaves black's forbidden points out of the moves a search would try, and a
square of black's two threats that is forbidden (a double four) is no such
square.  With :data:`CHECK_FORBIDDEN` set, every black move played on a
renju board is checked against :func:`configurations.variants.renju_foul`
on the whole board: the tests set it to prove that no search ever expands
a forbidden move.

>>> from tictactoe.solver.position import Position
>>> from configurations.rules import Rules
>>> freestyle = Position.from_rows(["XXXX.X.", "OOO....", "O......", "......."], 5, cols=7)
>>> standard = Position(Rules(4, 7, 5, "standard"), freestyle.x_tiles, freestyle.o_tiles)
>>> search_board(standard).threats[0]  # e1 would make six in a row: no threat under standard
0
>>> search_board(freestyle).threats[0] == 1 << 4  # freestyle: e1 wins
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from configurations.lines import DIRECTIONS
from configurations.moves import Move
from configurations.rules import Variant
from configurations.symbols import EMPTY
from configurations.variants import RenjuReferee, renju_foul
from tictactoe.solver.geometry import squares_of
from tictactoe.solver.search_board import CROSS, NOUGHT, SIDES, SearchBoard

if TYPE_CHECKING:
    from tictactoe.solver.position import Position

__all__ = ["CHECK_FORBIDDEN", "VariantBoard", "search_board"]

#: Whether every black move played on a renju board is checked to be allowed (an ``AssertionError`` if not):
#: off in play, where the search's own test suffices; the tests turn it on.
CHECK_FORBIDDEN = False
#: How far along a line black's stones can make a point forbidden: a four or a three through a point lies
#: within four squares of it.
_REACH: Final = 4
#: The most answers a board keeps (a few megabytes).
_MOST_KNOWN: Final = 1 << 16


def search_board(position: Position, *, symmetries: int | None = None) -> SearchBoard:
    """The board a search of ``position`` plays on: a :class:`SearchBoard` under freestyle, else a
    :class:`VariantBoard` that counts only the threats its variant does (``symmetries``: as the board's)."""
    if position.rules.variant is Variant.FREESTYLE:
        return SearchBoard(position, symmetries=symmetries)
    return VariantBoard(position, symmetries=symmetries)


class VariantBoard(SearchBoard):
    """A :class:`SearchBoard` of a position played by standard, renju or caro (see the module's docstring).

    ``threats[player]``: the empty squares where ``player``'s stone wins
    under the variant; :meth:`double_threats`: the squares that make two of
    them at once (for black under renju, only those it may play).  The
    other counts (``near``, :meth:`fours`, the potentials, the values and
    the line weights) stay the windows' own: the squares a search tries,
    a superset of what the variant allows, checked where it matters.
    """

    __slots__ = (
        "_caro",
        "_exact",
        "_known",
        "_near_all",
        "_near_lines",
        "_played",
        "_rays",
        "_referee",
        "_referee_index",
        "_window_lines",
    )

    def __init__(self, position: Position, *, symmetries: int | None = None) -> None:
        variant = position.rules.variant
        if variant is Variant.FREESTYLE:
            raise ValueError("a freestyle position is searched on a SearchBoard")
        rows, cols = position.height, position.width
        self._rays = _rays(rows, cols)
        # Whether a player's run must be exactly the length to win (standard; black under renju).
        self._exact = (variant in (Variant.STANDARD, Variant.RENJU), variant is Variant.STANDARD)
        self._caro = variant is Variant.CARO
        self._referee: RenjuReferee | None = None
        self._played: list[int] = []
        # Answers of forbidden (keyed by the tiles and the square) and double_threats (the tiles and -1 - player),
        # which a search asks again and again of the same positions: each depth of a deepening, and a position's
        # parent and itself.  Emptied when it reaches _MOST_KNOWN.
        self._known: dict[tuple[int, int, int], int] = {}
        super().__init__(position, symmetries=symmetries)
        self._window_lines = _window_lines(self.shape.windows, cols)
        if variant is Variant.RENJU:
            self._near_lines = _near_lines(rows, cols)
            self._near_all = tuple(sum(near for near, _ in lines) for lines in self._near_lines)
            self._referee = RenjuReferee(self.configuration(), rows, cols)
            self._referee_index = _referee_indices(self._referee, rows, cols)
        self.threats = (self._winning(CROSS, self.threats[CROSS]), self._winning(NOUGHT, self.threats[NOUGHT]))

    def play(self, square: int) -> None:
        """:meth:`SearchBoard.play`, then the threats checked along their lines (a move can also undo a
        threat of either player's: a stone beside it that makes an overline, or that blocks a caro line)."""
        if self._referee is not None:
            if CHECK_FORBIDDEN and self.mover == CROSS:
                foul = renju_foul(self.configuration(), self.rows, self.cols, Move(*divmod(square, self.cols)))
                assert foul is None, f"a search played a forbidden move: {foul}"
            self._referee.put(self._referee_index[square], SIDES[self.mover])
            self._played.append(square)
        player = self.mover
        super().play(square)
        threats = self.threats
        # A stone changes its own player's runs (an overline), and under caro closes the other's lines too.
        if self._caro:
            if threats[CROSS] or threats[NOUGHT]:
                self.threats = (self._winning(CROSS, threats[CROSS]), self._winning(NOUGHT, threats[NOUGHT]))
        elif threats[player] and self._exact[player]:  # white's under renju win as freestyle's do
            mine = self._winning(player, threats[player])
            self.threats = (mine, threats[NOUGHT]) if player == CROSS else (threats[CROSS], mine)

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        super().undo()
        if self._referee is not None:
            self._referee.put(self._referee_index[self._played.pop()], EMPTY)

    def configuration(self) -> str:
        """The board as :mod:`configurations.variants` reads it: ``X``, ``O`` or ``" "`` for each square."""
        cross, nought = self.tiles
        return "".join(
            SIDES[CROSS] if cross >> square & 1 else SIDES[NOUGHT] if nought >> square & 1 else EMPTY
            for square in range(self.squares)
        )

    def forbidden(self, square: int) -> bool:
        """Whether black may not play the empty ``square`` (renju only; never under standard and caro).

        Judged by the renju referee where black's stones near the point could
        make it forbidden (:meth:`_judge`), and kept for the position.
        """
        if self._referee is None:
            return False
        cross, nought = self.tiles
        if (self._near_all[square] & cross).bit_count() < 4:
            return False  # the fewest any foul needs, a double three's: most points, sieved before the look-up
        key = (cross, nought, square)
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= _MOST_KNOWN:
                self._known.clear()
            known = self._known[key] = self._judge(square)
        return bool(known)

    def _judge(self, square: int) -> bool:
        """:meth:`forbidden`, not looked up, where four of black's stones lie within four squares of ``square``
        on its lines: the referee's judgement where they can make it forbidden at all -- four of them on one line
        (an overline, or two fours on it), or on each of two lines a window of five through the point holding two
        of them and no white stone (each four and each three through the point lies in such a window) -- which
        sieves out most points with a few counts.
        """
        assert self._referee is not None
        black, white = self.tiles
        lines = 0  # lines that could hold a four or a three through the point
        for near, windows in self._near_lines[square]:
            count = (near & black).bit_count()
            if count >= 4:
                break
            if count < 2:
                continue
            for window in windows:
                if not window & white and (window & black).bit_count() >= 2:
                    lines += 1
                    break
        else:
            if lines < 2:
                return False
        return self._referee.judge(self._referee_index[square]) is not None

    def playable(self, player: int, squares: list[int], limit: int | None = None) -> list[int]:
        """Of ``squares``, in order, those ``player`` may play: black's forbidden points left out under renju.
        With ``limit``, at most ``limit + 1`` of them: enough to tell whether more than ``limit`` are."""
        if self._referee is None or player != CROSS:
            return squares
        allowed = []
        for square in squares:
            if not self.forbidden(square):
                allowed.append(square)
                if limit is not None and len(allowed) > limit:
                    break
        return allowed

    def stops(self, player: int) -> int:
        """The squares where the other player's stone leaves ``player`` no square that wins: its one threat
        (none against two) -- under caro also a square at an open end of a line whose other end is closed, or one
        that stops two threats at once -- and under renju none that black may not play."""
        threats = self.threats[player]
        if not threats:
            return 0
        found = self._stoppers(player, threats, self.tiles[player], self.tiles[1 - player])
        if found and player == NOUGHT and self._referee is not None:
            found = sum(1 << square for square in self.playable(CROSS, squares_of(found)))
        return found

    def _stoppers(self, player: int, threats: int, mine: int, theirs: int) -> int:
        """The squares where a stone against ``mine`` (``player``'s) leaves none of ``threats`` winning.

        Under caro a stone stops a threat by taking its square, or by closing the open end of the one line it
        wins along when the other end is closed already (:meth:`_closing_end`); a stone stops them all where it
        does so for each.
        """
        if not self._caro:  # a stone of the other colour changes no run of the player's
            return 0 if threats & (threats - 1) else threats
        closing = [(1 << threat, self._closing_end(threat, mine, theirs)) for threat in squares_of(threats)]
        found = 0
        for candidate in squares_of(threats | sum(end for _, end in closing)):
            bit = 1 << candidate
            if all(bit in (threat, end) for threat, end in closing):
                found |= bit
        return found

    def _closing_end(self, square: int, mine: int, theirs: int) -> int:
        """Under caro, the empty square whose stone against ``mine`` stops the one line that a stone of
        ``mine`` on ``square`` wins along, its other end closed by ``theirs`` already; 0 where there is none (the
        line open at both ends, or two lines that win, which no stone but one on ``square`` stops)."""
        found, lines = 0, 0
        for line in self._rays[square]:
            run, ends, empty = 1, 0, 0
            for ray in line:
                for bit in ray:
                    if not mine & bit:
                        if theirs & bit:
                            ends += 1
                        else:
                            empty = bit
                        break
                    run += 1
            if run >= self.length and ends < 2:
                lines += 1
                found = empty if ends == 1 else 0
        return found if lines == 1 else 0

    def double_threats(self, player: int) -> int:
        """The squares where ``player``'s stone makes two threats the variant counts (for black under renju, of
        those it may play: two fours at once is a double four)."""
        doubles = super().double_threats(player)
        if not doubles or not (self._exact[player] or self._caro):
            return doubles  # white's under renju: its threats are freestyle's, and it may play any point
        cross, nought = self.tiles
        key = (cross, nought, -1 - player)
        known = self._known.get(key)
        if known is None:
            if len(self._known) >= _MOST_KNOWN:
                self._known.clear()
            known = self._known[key] = self._doubles(player, doubles)
        return known

    def _doubles(self, player: int, doubles: int) -> int:
        """:meth:`double_threats`, of the squares the windows name (``doubles``), not looked up: each square whose
        stone leaves two squares, on its near windows, that win along the window's line."""
        mine, theirs = self.tiles[player], self.tiles[1 - player]
        near, masks, through, lines = self.near[player], self._masks, self._windows_through, self._window_lines
        empty = self._full & ~(mine | theirs)
        found = 0
        for square in squares_of(doubles):
            bit = 1 << square
            made = 0
            for window in through[square]:
                if near >> window & 1:
                    for other in squares_of(masks[window] & empty & ~bit & ~made):
                        if self._wins_along(player, other, lines[window], mine | bit, theirs):
                            made |= 1 << other
            if not made & (made - 1) or (self._caro and self._stoppers(player, made, mine | bit, theirs)):
                continue  # under caro one stone can stop two lines: at an end both share
            if not (player == CROSS and self.forbidden(square)):
                found |= bit
        return found

    def _winning(self, player: int, squares: int) -> int:
        """Of ``squares`` (empty, each filling a window of ``player``'s), those where its stone wins."""
        if not squares:
            return 0
        mine, theirs = self.tiles[player], self.tiles[1 - player]
        found = 0
        for square in squares_of(squares):
            if self._wins(player, square, mine, theirs):
                found |= 1 << square
        return found

    def _wins_along(self, player: int, square: int, direction: int, mine: int, theirs: int) -> bool:
        """:meth:`_wins` along the line of ``DIRECTIONS[direction]`` alone."""
        run, ends = 1, 0
        for ray in self._rays[square][direction]:
            for bit in ray:
                if not mine & bit:
                    ends += bool(theirs & bit)
                    break
                run += 1
        return (run == self.length or (run > self.length and not self._exact[player])) and (not self._caro or ends < 2)

    def _wins(self, player: int, square: int, mine: int, theirs: int) -> bool:
        """Whether ``player``, holding ``mine`` against ``theirs``, wins with a stone on the empty ``square``:
        a run along one of its lines of ``length`` or more -- exactly ``length`` where the variant asks it,
        not closed at both ends by ``theirs`` under caro."""
        length, exact, caro = self.length, self._exact[player], self._caro
        for back, ahead in self._rays[square]:
            run, ends = 1, 0
            for ray in (back, ahead):
                for bit in ray:
                    if not mine & bit:
                        ends += bool(theirs & bit)
                        break
                    run += 1
            if (run == length or (run > length and not exact)) and (not caro or ends < 2):
                return True
        return False


@functools.lru_cache(maxsize=16)
def _rays(rows: int, cols: int) -> tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]:
    """For each square, along each of ``DIRECTIONS``: the squares behind it and ahead of it to the board's
    edge, nearest first, each as a one-bit mask."""
    rays = []
    for square in range(rows * cols):
        row, col = divmod(square, cols)
        lines = []
        for row_step, col_step in DIRECTIONS:
            sides = []
            for sign in (-1, 1):
                ray = []
                r, c = row + sign * row_step, col + sign * col_step
                while 0 <= r < rows and 0 <= c < cols:
                    ray.append(1 << r * cols + c)
                    r, c = r + sign * row_step, c + sign * col_step
                sides.append(tuple(ray))
            lines.append((sides[0], sides[1]))
        rays.append(tuple(lines))
    return tuple(rays)


@functools.lru_cache(maxsize=16)
def _near_lines(rows: int, cols: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """For each square, along each of ``DIRECTIONS``: the squares within ``_REACH`` of it as one mask, and the
    windows of ``_REACH + 1`` squares on the board that hold it, a mask each."""
    found = []
    for square, lines in enumerate(_rays(rows, cols)):
        near = []
        for back, ahead in lines:
            line = [*reversed(back[:_REACH]), 1 << square, *ahead[:_REACH]]
            windows = tuple(sum(line[start : start + _REACH + 1]) for start in range(len(line) - _REACH))
            near.append((sum(back[:_REACH]) | sum(ahead[:_REACH]), windows))
        found.append(tuple(near))
    return tuple(found)


@functools.lru_cache(maxsize=16)
def _window_lines(windows: tuple[int, ...], cols: int) -> tuple[int, ...]:
    """For each window, the index in ``DIRECTIONS`` of the line it lies on (0 for a window of one square)."""
    lines = []
    for window in windows:
        first = window & -window
        rest = window ^ first
        if not rest:
            lines.append(0)
            continue
        row, col = divmod(first.bit_length() - 1, cols)
        next_row, next_col = divmod((rest & -rest).bit_length() - 1, cols)
        lines.append(DIRECTIONS.index((next_row - row, next_col - col)))
    return tuple(lines)


def _referee_indices(referee: RenjuReferee, rows: int, cols: int) -> tuple[int, ...]:
    """Where each square of a board of ``rows`` x ``cols`` sits in ``referee``'s squares (the same for every
    referee of the board's shape, kept by shape)."""
    return _INDICES.get((rows, cols)) or _INDICES.setdefault(
        (rows, cols), tuple(referee.index(Move(*divmod(square, cols))) for square in range(rows * cols))
    )


#: :func:`_referee_indices`, by the board's shape.
_INDICES: dict[tuple[int, int], tuple[int, ...]] = {}
