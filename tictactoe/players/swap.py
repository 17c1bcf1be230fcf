"""A computer player's part in a swap opening: stones placed near level by its own estimate, and the colour it favours.

As the first player it places the first three stones near the centre, and
as swap2's second, when it chose to, two more: it draws ``CANDIDATES``
placements from its random generator (so that a seed gives the same
opening and another seed another) and keeps the one whose short search
scores nearest to level -- a placement the opponent cannot simply choose
the better side of.  As the chooser it estimates the stones from white's
view, white being to move after three stones or five, and takes the colour
the estimate favours; under swap2 the second places two more when the
stones look level.  The estimates are :class:`~tictactoe.solver.strong_search.StrongSearch`'s
scores (above ``PROVED`` a proved win).

>>> from configurations import Configurations
>>> from configurations.rules import OpeningChoice
>>> board = Configurations.from_rows(["     ", "     ", " XX  ", "     ", "    O"], 3, 0)  # black's open two of three
>>> SwapEstimates(think=0.2).choose_colour(board, list(OpeningChoice), max_plies=4)  # white cannot stop it
<OpeningChoice.BLACK: 'black'>
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from configurations import Side
from configurations.moves import Move
from configurations.rules import OpeningChoice, Rules, Variant, forbidden_points
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.strong_search import StrongSearch

if TYPE_CHECKING:
    from configurations import Configurations

__all__ = ["CANDIDATES", "ESTIMATE_PLIES", "LEVEL", "SPREAD", "SwapEstimates"]

#: Placements drawn and estimated for the opening's stones: each costs one short search, within a share of the
#: player's time a move.
CANDIDATES = 12
#: The stones go within this many squares of the centre (both ways): a Gomocup opening sits in the middle.
SPREAD = 2
#: Plies of the search that estimates each placement: enough to see a four or an open three answered.
ESTIMATE_PLIES = 2
#: Swap2's second places two more when the stones' estimate is within this of level, in the search's units: three
#: stones drawn at random near the centre of 15x15 scored from -41 to 242 for black at two plies (40 draws), a
#: black two against a white stone in the corner 475, and the best of CANDIDATES draws lies within this.
LEVEL = 60


class SwapEstimates:
    """Places and chooses under a swap opening by the strong search's estimates, within about ``think`` seconds a
    call, its random choices drawn from ``seed``; ``search`` estimates where given (else one of its own)."""

    __slots__ = ("_random", "_search", "_think")

    def __init__(self, *, think: float, seed: int | None = None, search: StrongSearch | None = None) -> None:
        # The search that estimates, made at the first estimate unless one is given (the brain's own, whose table
        # is sized to its memory).
        self._search = search
        self._think = think
        self._random = random.Random(seed)

    def black_view(self, position: Position, *, max_plies: int = ESTIMATE_PLIES, think: float | None = None) -> int:
        """The search's score of ``position`` from black's (``X``'s) view, ``max_plies`` deep."""
        search = self._search
        if search is None or search.rules != position.rules:
            search = self._search = StrongSearch(position.rules)
        decision = search.choose(position, max_plies=max_plies, think=think or self._think)
        return decision.score if position.mover is Side.X else -decision.score

    def place_opening(self, board: Configurations, count: int) -> tuple[Move, ...]:
        """``count`` stones for ``board``, alternately from the colour to move, near the centre and near level;
        the board is only read.  ``ValueError`` when no placement leaves a game to play."""
        return self.place_stones(Position.from_configurations(board), count)

    def place_stones(self, position: Position, count: int) -> tuple[Move, ...]:
        """:meth:`place_opening` on ``position``."""
        best: tuple[int, tuple[Move, ...]] | None = None
        for _ in range(CANDIDATES):
            stones = self._draw(position, count)
            after = self._placed(position, stones)
            if after is None:
                continue
            value = abs(self.black_view(after, think=self._think / CANDIDATES))
            if best is None or value < best[0]:
                best = (value, stones)
        if best is None:
            raise ValueError(f"no {count} stones can be placed on this board without ending the game")
        return best[1]

    def choose_colour(
        self, board: Configurations, options: Sequence[OpeningChoice], *, max_plies: int = ESTIMATE_PLIES
    ) -> OpeningChoice:
        """The one of ``options`` the estimate of ``board`` (white to move) favours, searched ``max_plies`` deep:
        two more when it may and the stones look level, else the colour ahead."""
        return self.choose_at(Position.from_configurations(board), options, max_plies=max_plies)

    def choose_at(
        self, position: Position, options: Sequence[OpeningChoice], *, max_plies: int = ESTIMATE_PLIES
    ) -> OpeningChoice:
        """:meth:`choose_colour` on ``position``."""
        value = self.black_view(position, max_plies=max_plies)
        if OpeningChoice.TWO_MORE in options and abs(value) <= LEVEL:
            return OpeningChoice.TWO_MORE
        return OpeningChoice.BLACK if value > 0 else OpeningChoice.WHITE

    def _draw(self, position: Position, count: int) -> tuple[Move, ...]:
        """``count`` distinct empty squares near the centre, drawn at random (the whole board where that is too
        small)."""
        rows, cols = position.height, position.width
        centre_row, centre_col = (rows - 1) // 2, (cols - 1) // 2
        taken = position.x_tiles | position.o_tiles
        near = [
            Move(row, col)
            for row in range(max(0, centre_row - SPREAD), min(rows, centre_row + SPREAD + 1))
            for col in range(max(0, centre_col - SPREAD), min(cols, centre_col + SPREAD + 1))
            if not taken >> (row * cols + col) & 1
        ]
        if len(near) < count:
            near = [Move(*divmod(square, cols)) for square in range(rows * cols) if not taken >> square & 1]
        return tuple(self._random.sample(near, count))

    def _placed(self, position: Position, stones: Sequence[Move]) -> Position | None:
        """The position after ``stones`` (alternately from the side to move); None when one of them ends the game
        or is forbidden for black."""
        x_tiles, o_tiles, mover = position.x_tiles, position.o_tiles, position.mover
        rules = position.rules
        for stone in stones:
            if mover is Side.X and rules.variant is Variant.RENJU and stone in _forbidden(rules, x_tiles, o_tiles):
                return None
            bit = 1 << (stone.row * rules.cols + stone.col)
            x_tiles, o_tiles = (x_tiles | bit, o_tiles) if mover is Side.X else (x_tiles, o_tiles | bit)
            mover = mover.opponent
        try:
            after = Position(rules, x_tiles, o_tiles)
        except PositionError:
            return None
        full = (x_tiles | o_tiles) == (1 << rules.squares) - 1
        return None if after.winner is not None or full else after


def _forbidden(rules: Rules, x_tiles: int, o_tiles: int) -> frozenset[Move]:
    """Black's forbidden points on these tiles (black to move): the stones given in an order play could take."""
    black = [Move(*divmod(square, rules.cols)) for square in range(rules.squares) if x_tiles >> square & 1]
    white = [Move(*divmod(square, rules.cols)) for square in range(rules.squares) if o_tiles >> square & 1]
    order = [str(move) for pair in zip(black, white, strict=True) for move in pair]
    return frozenset(Move.parse(text, max(rules.rows, rules.cols)) for text in forbidden_points(order, rules))
