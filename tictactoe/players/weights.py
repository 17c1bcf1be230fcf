"""The ``weights`` player (docs/players.md): one-ply line weights, on any board and any length to win.

Every window of ``length_to_win`` squares in a line (a row, a column, a
diagonal or an anti-diagonal) that passes through an empty square scores:

- ``1`` when the window is empty;
- ``2m + 1`` when it holds ``m`` of the mover's tiles and none of the opponent's;
- ``2m`` when it holds ``m`` of the opponent's tiles and none of the mover's;
- ``0`` when it holds tiles of both, since neither can complete it.

A square is worth its highest window, so the odd scores make completing
one's own line beat blocking an equally long line of the opponent's.  The
player takes a square of the highest worth, chosen at random among equals
with its own ``random.Random(seed)``; :meth:`WeightsPlayer.options` lists
those equals, for whoever wants every choice rather than one.  It plays every
variant with the same weights, but never a point forbidden to black under
renju.

>>> from configurations import Configurations
>>> board = Configurations.from_rows(["XX ", "OO ", "   "], 3, 0)
>>> [str(move) for move in WeightsPlayer(seed=1).options(board, "O")]
['c2']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from configurations.lines import windows, windows_through
from configurations.moves import Move
from configurations.rules import Variant
from configurations.symbols import EMPTY, opponent
from configurations.variants import BLACK, renju_fouls
from tictactoe.players.base import ComputerPlayer, PlayerLimits, free_opening_only

if TYPE_CHECKING:
    from configurations import Configurations, SearchStats, Symbol
    from configurations.rules import Rules


__all__ = ["WeightsPlayer", "square_weights"]


def square_weights(board: Configurations, mover: Symbol) -> list[int | None]:
    """Each square's worth to ``mover`` (row by row): its highest window score; None for a taken square.

    Runtime complexity: O(board_size² · windows per square · length_to_win).

    >>> from configurations import Configurations
    >>> square_weights(Configurations.from_rows(["X  ", " O ", "   "], 3, 0), "X")
    [None, 3, 3, 3, None, 2, 3, 2, 1]
    """
    squares = board.configuration()
    other = opponent(mover)
    weights: list[int | None] = []
    every = windows(board.board_size, board.length_to_win)
    for square, through in enumerate(windows_through(board.board_size, board.length_to_win)):
        if squares[square] != EMPTY:
            weights.append(None)
            continue
        best = 0
        for index in through:
            mine = theirs = 0
            for position in every[index].squares:
                symbol = squares[position]
                if symbol == mover:
                    mine += 1
                elif symbol == other:
                    theirs += 1
            if mine and theirs:
                continue  # a window neither side can complete scores 0
            score = 2 * mine + 1 if mine else 2 * theirs if theirs else 1
            best = max(best, score)
        weights.append(best)
    return weights


class WeightsPlayer(ComputerPlayer):
    """Takes a square of the highest line weight, at random among equals (repeatable with ``seed``)."""

    name = "weights"

    __slots__ = ("_random",)

    def __init__(self, seed: int | None = None) -> None:
        """A weights player whose ties are broken by ``random.Random(seed)``; any board will do."""
        self._random = random.Random(seed)

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play by ``rules`` (an opening rule); None for every variant."""
        return free_opening_only(cls.name, rules)

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> WeightsPlayer:
        """The player a game asks for: its ties broken by ``limits.seed``; it plays any board."""
        return cls(limits.seed)

    def options(self, board: Configurations, mover: Symbol) -> tuple[Move, ...]:
        """Every empty square of the highest weight for ``mover``, row by row: the moves ``choose`` picks from.

        ``ValueError`` for a full board.
        """
        weights = square_weights(board, mover)
        size = board.board_size
        if mover == BLACK and board.rules.variant is Variant.RENJU:
            for forbidden in renju_fouls(board.configuration(), size, size):
                weights[forbidden.point.row * size + forbidden.point.col] = None
        best = max((weight for weight in weights if weight is not None), default=None)
        if best is None:
            raise ValueError("the board is full: there is no move to make")
        return tuple(Move(*divmod(square, size)) for square, weight in enumerate(weights) if weight == best)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """One of :meth:`options`, chosen at random; the board is only read."""
        return self._random.choice(self.options(board, mover))
