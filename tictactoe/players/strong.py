"""The ``strong`` player (docs/players.md): the project's best engine, within ``--think`` seconds a move.

It searches at most ``max_levels`` levels below its own move, as the
reference search counts them (``max_levels + 1`` plies), and stops
sooner when its time is up; see :mod:`tictactoe.solver.strong_search` for how
it chooses.  One player keeps its search's table from move to move, within
a bounded size.  Under a swap opening it takes either part
(:mod:`tictactoe.players.swap`): it places stones near level by its own
estimate, varying with its seed, and chooses the colour it favours.

>>> from configurations import Configurations
>>> player = StrongPlayer(max_levels=9, think=1.0)
>>> str(player.choose(Configurations.from_rows(["XX ", "OO ", "   "], 3, 0), "X"))  # X wins at once
'c1'
>>> str(player.choose(Configurations.from_rows(["XX ", "O  ", "   "], 3, 0), "O"))  # O blocks
'c1'
>>> str(player.choose(Configurations(3, 3, 0), "X"))
'b2'
>>> player.last_choice.outcome, player.last_choice.depth  # proved a draw, 3 plies deep
(<Outcome.DRAW: 'draw'>, 3)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from configurations.board import require_levels
from configurations.symbols import require_player
from tictactoe.players.base import ComputerPlayer, PlayerLimits
from tictactoe.players.swap import SwapEstimates
from tictactoe.solver.move_orders import DEFAULT_ORDER, require_order
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch
from tictactoe.solver.tree_threats import DEFAULT_TREE_THREATS, require_threats

if TYPE_CHECKING:
    from collections.abc import Sequence

    from configurations import Configurations, SearchStats, Symbol
    from configurations.moves import Move
    from configurations.rules import OpeningChoice, Rules
    from tictactoe.solver.strong_search import Decision


__all__ = ["StrongPlayer"]


class StrongPlayer(ComputerPlayer):
    """Plays what :class:`~tictactoe.solver.strong_search.StrongSearch` chooses, for either side, on any board."""

    name = "strong"

    __slots__ = ("_max_levels", "_order", "_search", "_swap", "_think", "_threats", "last_choice")

    def __init__(
        self,
        max_levels: int,
        think: float,
        *,
        seed: int | None = None,
        order: str = DEFAULT_ORDER,
        threats: str = DEFAULT_TREE_THREATS,
    ) -> None:
        """A strong player searching at most ``max_levels`` levels and ``think`` seconds a move, trying moves in
        the move ``order`` of that name (:mod:`tictactoe.solver.move_orders`) and looking for wins by fours below
        its root by the setting ``threats`` of that name (:mod:`tictactoe.solver.tree_threats`); ``seed`` makes the
        stones it places in a swap opening repeatable.

        ``ValueError`` when ``max_levels`` is negative, ``think`` is not a
        number above 0, or ``order`` or ``threats`` names none.
        """
        self._max_levels = require_levels(max_levels)
        if isinstance(think, bool) or not isinstance(think, int | float):
            raise TypeError(f"think must be a number of seconds, not {type(think).__name__}: {think!r}")
        if not think > 0 or math.isinf(think):
            raise ValueError(f"think must be a number of seconds above 0, got {think!r}")
        self._think = float(think)
        self._order = require_order(order)
        self._threats = require_threats(threats)
        self._search: StrongSearch | None = None
        self._swap = SwapEstimates(think=self._think, seed=seed)
        #: What the last :meth:`choose` decided, with its score, depth and nodes; None before any.
        self.last_choice: Decision | None = None

    @classmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> StrongPlayer:
        """The player a game asks for: ``limits.max_levels`` deep, ``limits.think`` seconds a move, ``limits.seed``,
        in the move order ``limits.order`` and with the wins by fours below the root ``limits.threats`` (the
        search's own when None)."""
        order = DEFAULT_ORDER if limits.order is None else limits.order
        threats = DEFAULT_TREE_THREATS if limits.threats is None else limits.threats
        return cls(limits.max_levels, limits.think, seed=limits.seed, order=order, threats=threats)

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play by ``rules``: None, for every variant (the board's rules are the search's)
        and every opening rule (it places and chooses as either player)."""
        return None

    @property
    def max_levels(self) -> int:
        """How many levels below its own move the search looks at most."""
        return self._max_levels

    @property
    def order(self) -> str:
        """The name of the move order its search tries moves in."""
        return self._order

    @property
    def threats(self) -> str:
        """The name of its search's setting of the wins by fours below its root."""
        return self._threats

    @property
    def think(self) -> float:
        """Seconds of wall-clock time a move."""
        return self._think

    @think.setter
    def think(self, seconds: float) -> None:
        """Give the next moves ``seconds`` each (a game's clock sets them move by move)."""
        if not seconds > 0 or math.isinf(seconds):
            raise ValueError(f"think must be a number of seconds above 0, got {seconds!r}")
        self._think = float(seconds)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The square the search picks for ``mover`` on ``board``; the board is only read.

        ``ValueError`` when the game is over, when it is not ``mover``'s
        turn, or when the board is no position a game can reach.
        """
        require_player(mover)
        position = Position.from_configurations(board)
        if position.mover != mover:
            raise ValueError(f"it is {position.mover}'s turn, not {mover}'s")
        search = self._search
        if search is None or search.rules != position.rules:
            search = self._search = StrongSearch(position.rules, order=self._order, threats=self._threats)
        self.last_choice = search.choose(position, max_plies=self._max_levels + 1, think=self._think, stats=stats)
        return self.last_choice.move

    def place_opening(self, board: Configurations, count: int) -> tuple[Move, ...]:
        """``count`` stones of a swap opening for ``board``, near the centre and near level by a short search."""
        return self._swap.place_opening(board, count)

    def choose_colour(self, board: Configurations, options: Sequence[OpeningChoice]) -> OpeningChoice:
        """The one of ``options`` the search favours on ``board`` (white to move), searched as deep as a move."""
        return self._swap.choose_colour(board, options, max_plies=self._max_levels + 1)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._max_levels!r}, {self._think!r})"
