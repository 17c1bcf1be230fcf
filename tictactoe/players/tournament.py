"""Games between players on 3x3: one game, and a round robin of every player against every other.

>>> from tictactoe.players.perfect import PerfectPlayer
>>> from tictactoe.players.rules import RulesPlayer
>>> winner, moves = play_game(PerfectPlayer(), RulesPlayer())
>>> winner, " ".join(map(str, moves))
('-', 'a1 b2 b1 c1 a3 a2 c2 c3 b3')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeAlias

from configurations import COMPUTER, HUMAN, Configurations, opponent
from configurations.moves import Move
from tictactoe.players.protocol import Player

__all__ = ["DRAW", "Entrant", "Pairing", "play_game", "round_robin"]

_SIZE = 3
#: The winner of a drawn game.
DRAW = "-"

#: A player in a round robin: its label, and how to make it from a seed for its random choices.
Entrant: TypeAlias = tuple[str, Callable[[int], Player]]


class Pairing:
    """The games one entrant played as ``X`` against another as ``O``: each side's wins, and the draws."""

    __slots__ = ("draws", "o_player", "o_wins", "x_player", "x_wins")

    def __init__(self, x_player: str, o_player: str) -> None:
        self.x_player = x_player
        self.o_player = o_player
        self.x_wins = self.draws = self.o_wins = 0

    def __repr__(self) -> str:
        return (
            f"<{type(self).__qualname__} {self.x_player} (X) vs {self.o_player} (O): "
            f"{self.x_wins}-{self.draws}-{self.o_wins}>"
        )


def play_game(x_player: Player, o_player: Player) -> tuple[str, tuple[Move, ...]]:
    """Play one 3x3 game from the empty board: the winner (``X``, ``O`` or ``-`` for a draw) and the moves.

    ``ValueError`` when a player chooses a taken square.
    """
    board = Configurations(_SIZE, _SIZE, 0)
    moves: list[Move] = []
    mover = HUMAN
    while True:
        player = x_player if mover == HUMAN else o_player
        move = player.choose(board, mover)
        if not board.square_is_empty(move.row, move.col):
            raise ValueError(f"{player.name} chose {move}, which is taken")
        board.save_play(move.row, move.col, mover)
        moves.append(move)
        if board.wins(mover):
            return mover, tuple(moves)
        if len(moves) == _SIZE * _SIZE:
            return DRAW, tuple(moves)
        mover = opponent(mover)


def round_robin(entrants: Sequence[Entrant], games: int, seed: int) -> list[Pairing]:
    """Every entrant against every other, as ``X`` and as ``O``, ``games`` games each way.

    Each game makes its two players afresh, with seeds drawn from
    ``random.Random(seed)``, so the same arguments give the same results.
    The pairings come in the order of ``entrants``, X's first, then O's.
    """
    seeds = random.Random(seed)
    pairings = []
    for x_label, make_x in entrants:
        for o_label, make_o in entrants:
            if x_label == o_label:
                continue
            pairing = Pairing(x_label, o_label)
            for _ in range(games):
                winner, _ = play_game(make_x(seeds.randrange(2**32)), make_o(seeds.randrange(2**32)))
                if winner == HUMAN:
                    pairing.x_wins += 1
                elif winner == COMPUTER:
                    pairing.o_wins += 1
                else:
                    pairing.draws += 1
            pairings.append(pairing)
    return pairings
