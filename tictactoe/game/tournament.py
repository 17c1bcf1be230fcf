"""Games between players on 3x3, played through :class:`~tictactoe.game.game.Game`: one game, and a round
robin of every player against every other, with its table.

>>> from tictactoe.players.perfect import PerfectPlayer
>>> from tictactoe.players.rules import RulesPlayer
>>> winner, moves = play_game(PerfectPlayer(), RulesPlayer())
>>> winner, " ".join(map(str, moves))
(<Winner.DRAW: 'draw'>, 'a1 b2 b1 c1 a3 a2 c2 c3 b3')
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeAlias

from configurations import Side, Winner
from configurations.moves import Move, MoveError
from tictactoe.game.game import ForbiddenMoveError, Game
from tictactoe.players.base import TIC_TAC_TOE, Player, choose_move
from tictactoe.players.perfect import PerfectPlayer
from tictactoe.players.prover import STRONG_THINK
from tictactoe.players.reference import ReferencePlayer
from tictactoe.players.rules import RulesPlayer
from tictactoe.players.sound import SoundPlayer
from tictactoe.players.strong import StrongPlayer
from tictactoe.players.weights import WeightsPlayer

__all__ = [
    "Entrant",
    "ForbiddenChoiceError",
    "HeadToHead",
    "MoveTimes",
    "entrants",
    "format_round_robin",
    "play_game",
    "play_out",
    "play_out_timed",
    "round_robin",
]


#: A player in a round robin: its label, and how to make it from a seed for its random choices.
Entrant: TypeAlias = tuple[str, Callable[[int], Player]]


class HeadToHead:
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


class MoveTimes(NamedTuple):
    """How long one ``choose`` took: this process's processor seconds, and the wall clock's."""

    processor: float
    wall: float


class ForbiddenChoiceError(ValueError):
    """Black's player chose a point renju forbids, which the game refused: black has lost (as in Gomocup).

    :attr:`refusal` is the game's refusal (the point and why), :attr:`times`
    the times of every ``choose`` so far, the refused one's included.
    """

    def __init__(self, player: str, refusal: ForbiddenMoveError, times: Sequence[MoveTimes]) -> None:
        super().__init__(f"{player} chose a point forbidden for black: {refusal}")
        self.refusal = refusal
        self.times = list(times)


def play_out_timed(game: Game, x_player: Player, o_player: Player) -> list[MoveTimes]:
    """Play ``game`` from where it stands to its end, each side's moves chosen by its player, which is shown
    the moves so far when it reads them (:func:`~tictactoe.players.base.choose_move`).

    Returns the times of each ``choose``, in the order the moves were
    played.  ``ValueError`` when a player chooses a taken square;
    :class:`ForbiddenChoiceError` when black's chooses a point renju forbids.
    """
    times = []
    while (mover := game.to_move) is not None:
        player = x_player if mover is Side.X else o_player
        started, clock = time.process_time(), time.perf_counter()
        move = choose_move(player, game.board, mover, game.moves)
        times.append(MoveTimes(time.process_time() - started, time.perf_counter() - clock))
        try:
            game.play(move)
        except ForbiddenMoveError as refusal:
            raise ForbiddenChoiceError(player.name, refusal, times) from None
        except MoveError:
            raise ValueError(f"{player.name} chose {move}, which is taken") from None
    return times


def play_out(game: Game, x_player: Player, o_player: Player) -> list[float]:
    """:func:`play_out_timed`, with the processor seconds each ``choose`` took, in the order played."""
    return [times.processor for times in play_out_timed(game, x_player, o_player)]


def play_game(x_player: Player, o_player: Player) -> tuple[Winner, tuple[Move, ...]]:
    """Play one 3x3 game from the empty board: the winner and the moves.

    ``ValueError`` when a player chooses a taken square.
    """
    game = Game(TIC_TAC_TOE)
    play_out(game, x_player, o_player)
    assert game.result is not None  # play_out plays to the end
    return game.result, game.moves


def round_robin(entrants: Sequence[Entrant], games: int, seed: int) -> list[HeadToHead]:
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
            pairing = HeadToHead(x_label, o_label)
            for _ in range(games):
                winner, _ = play_game(make_x(seeds.randrange(2**32)), make_o(seeds.randrange(2**32)))
                if winner is Winner.X:
                    pairing.x_wins += 1
                elif winner is Winner.O:
                    pairing.o_wins += 1
                else:
                    pairing.draws += 1
            pairings.append(pairing)
    return pairings


def entrants() -> list[Entrant]:
    """The players of the round robin: perfect, rules, weights (seeded), the reference at levels 1 and 9, sound
    and strong at full depth."""
    return [
        ("perfect", lambda seed: PerfectPlayer()),
        ("rules", lambda seed: RulesPlayer()),
        ("weights", WeightsPlayer),
        ("reference 1", lambda seed: ReferencePlayer(1)),
        ("reference 9", lambda seed: ReferencePlayer(9)),
        ("sound 9", lambda seed: SoundPlayer(9)),
        ("strong 9", lambda seed: StrongPlayer(9, STRONG_THINK)),
    ]


def format_round_robin(pairings: Sequence[HeadToHead]) -> str:
    """A cross table (X's wins-draws-O's wins, X down the side) and each player's totals, both colours."""
    labels: list[str] = []
    for pairing in pairings:
        if pairing.x_player not in labels:
            labels.append(pairing.x_player)
    corner = "X \\ O"
    width = max(len(label) for label in [*labels, corner])
    cell = max(len(label) for label in labels)
    lines = [f"{corner:<{width}}  " + "  ".join(f"{label:>{cell}}" for label in labels)]
    for x_label in labels:
        cells = []
        for o_label in labels:
            found = [p for p in pairings if (p.x_player, p.o_player) == (x_label, o_label)]
            cells.append(f"{found[0].x_wins}-{found[0].draws}-{found[0].o_wins}" if found else "-")
        lines.append(f"{x_label:<{width}}  " + "  ".join(f"{text:>{cell}}" for text in cells))
    lines += ["", f"{'player':<{width}}  {'games':>6}  {'wins':>6}  {'draws':>6}  {'losses':>6}"]
    for label in labels:
        as_x = [p for p in pairings if p.x_player == label]
        as_o = [p for p in pairings if p.o_player == label]
        wins = sum(p.x_wins for p in as_x) + sum(p.o_wins for p in as_o)
        draws = sum(p.draws for p in as_x + as_o)
        losses = sum(p.o_wins for p in as_x) + sum(p.x_wins for p in as_o)
        lines.append(f"{label:<{width}}  {wins + draws + losses:>6}  {wins:>6}  {draws:>6}  {losses:>6}")
    return "\n".join(lines)
