"""OpenSpiel's Monte Carlo tree search bot (PyPI ``open_spiel`` 2.0.2) on its ``mnk`` game, as a player.

The game is OpenSpiel's own ``mnk`` with ``m = n =`` the board's side and
``k =`` the length to win; player 0 moves first, as ``X``, and an action
is a square numbered row by row.  A position is rebuilt for each move by
applying the game's moves to a fresh state (the moves of ``X`` and ``O``
taken in turn: the order does not change the position).  The bot is
``MCTSBot`` with UCT (``UCT_C``), a random rollout to the end of the game
at each leaf, and solved states backed
up (``solve=True``), as OpenSpiel's own examples play it, with
``SIMULATION_SQUARES`` divided by the board's squares simulations a move
(200 on 10x10, 88 on 15x15: a fifth to a third of a second a move here, no
less than the strong player's 0.2 s uses); its random numbers come from the
game's seed.
"""

from __future__ import annotations

import math

import numpy as np
import pyspiel
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator

from configurations import Configurations, SearchStats, Side, Symbol
from configurations.moves import Move

__all__ = ["SIMULATION_SQUARES", "UCT_C", "SpielPeer", "make"]

#: Simulations a move times the board's squares: a simulation's rollout plays the board to its end,
#: so a larger board gets fewer.
SIMULATION_SQUARES = 20_000
#: The exploration constant of UCT, OpenSpiel's example's.
UCT_C = 2 * math.sqrt(2)


class SpielPeer:
    """OpenSpiel's MCTS bot on ``mnk``."""

    name = "openspiel-mcts"

    def __init__(self, size: int, length: int, seed: int) -> None:
        self._game = pyspiel.load_game("mnk", {"m": size, "n": size, "k": length})
        random_state = np.random.RandomState(seed % 2**32)
        evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        simulations = SIMULATION_SQUARES // (size * size)
        self._bot = MCTSBot(self._game, UCT_C, simulations, evaluator, solve=True, random_state=random_state)

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The bot's move for ``mover`` on ``board``, searched from the game rebuilt as OpenSpiel's state."""
        squares = board.configuration()
        crosses = [square for square, symbol in enumerate(squares) if symbol == Side.X]
        noughts = [square for square, symbol in enumerate(squares) if symbol == "O"]
        state = self._game.new_initial_state()
        for turn in range(len(crosses) + len(noughts)):
            state.apply_action((crosses if turn % 2 == 0 else noughts)[turn // 2])
        return Move(*divmod(int(self._bot.step(state)), board.board_size))


def make(size: int, length: int, seed: int) -> SpielPeer:
    """The bot for any board and length, its random numbers drawn from ``seed``."""
    return SpielPeer(size, length, seed)
