"""Tests of tictactoe.players.prover and tictactoe.game.tournament: proofs against a plain walk of every line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence

import pytest

from configurations import EMPTY, Configurations, SearchStats, Symbol
from configurations.moves import Move
from tests import tictactoe3
from tests.paths import ROOT
from tictactoe.game.tournament import Entrant, format_round_robin, play_game, round_robin
from tictactoe.players.base import Player
from tictactoe.players.perfect import PerfectPlayer
from tictactoe.players.prover import Proof, format_proofs, prove
from tictactoe.players.reference import ReferencePlayer
from tictactoe.players.rules import RulesPlayer
from tictactoe.players.weights import WeightsPlayer

TIMEOUT = 120  # seconds; generous, a hung program fails instead of blocking the run


class FirstFree:
    """Plays the first empty square: easy to beat, and easy to follow."""

    name = "first free"

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        square = board.configuration().index(EMPTY)
        return Move(*divmod(square, board.board_size))


class AnySquare(FirstFree):
    """Might play any empty square: the prover must walk every one, so it walks every game there is."""

    name = "any square"

    def options(self, board: Configurations, mover: Symbol) -> Sequence[Move]:
        squares = board.configuration()
        return [Move(*divmod(square, 3)) for square in range(9) if squares[square] == EMPTY]


class Taker(FirstFree):
    """Plays a square that is taken, once there is one."""

    name = "taker"

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        squares = board.configuration()
        taken = [square for square in range(9) if squares[square] != EMPTY]
        return Move(*divmod(taken[0] if taken else 0, 3))


class Scribbler(FirstFree):
    """Leaves a tile behind on the board it was shown."""

    name = "scribbler"

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        move = super().choose(board, mover)
        board.save_play(move.row, move.col, mover)
        return move


def plain_proof(player: Player, side: str) -> tuple[int, int, int, int, str | None]:
    """Games, wins, draws, losses and the first shortest loss, walking every line one by one."""
    ends: list[tuple[str, tuple[int, ...]]] = []

    def walk(board: tictactoe3.Board, line: tuple[int, ...]) -> None:
        result = tictactoe3.winner(board)
        if result is not None:
            ends.append((result, line))
            return
        mover = tictactoe3.to_move(board)
        if mover == side:
            shown = Configurations.from_rows(["".join(board[row * 3 : row * 3 + 3]) for row in range(3)], 3, 0)
            options = getattr(player, "options", None)
            moves = options(shown, mover) if options else [player.choose(shown, mover)]
            squares = [move.row * 3 + move.col for move in moves]
        else:
            squares = [square for square, _ in tictactoe3.children(board)]
        for square in squares:
            walk((*board[:square], mover, *board[square + 1 :]), (*line, square))

    walk(tictactoe3.EMPTY_BOARD, ())
    wins = sum(result == side for result, _ in ends)
    draws = sum(result == "-" for result, _ in ends)
    lost = [line for result, line in ends if result not in (side, "-")]
    shortest = min(lost, key=len) if lost else None  # min keeps the first of equals, as the walk met them
    loss = None if shortest is None else " ".join(str(Move(*divmod(square, 3))) for square in shortest)
    return len(ends), wins, draws, len(lost), loss


def summary(proof: Proof) -> tuple[int, int, int, int, str | None]:
    loss = None if proof.shortest_loss is None else " ".join(map(str, proof.shortest_loss))
    return proof.games, proof.wins, proof.draws, proof.losses, loss


# Proofs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", ["X", "O"])
def test_a_proof_counts_what_walking_every_line_counts(side: str) -> None:
    assert summary(prove(FirstFree, side)) == plain_proof(FirstFree(), side)


def test_a_proof_of_first_free() -> None:
    # As X it loses when O fills column b while X fills the top row's a1 and c1, then a2.
    assert repr(prove(FirstFree, "X")) == (
        "<Proof side=X games=157 wins=83 draws=16 losses=58 shortest_loss='a1 b1 c1 b2 a2 b3'>"
    )
    assert repr(prove(FirstFree, "O")) == (
        "<Proof side=O games=665 wins=200 draws=36 losses=429 shortest_loss='a1 b1 a2 c1 a3'>"
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("make", "side"),
    [
        pytest.param(RulesPlayer, "X", id="rules X"),
        pytest.param(RulesPlayer, "O", id="rules O"),
        pytest.param(lambda: WeightsPlayer(seed=0), "X", id="weights X"),
        pytest.param(lambda: WeightsPlayer(seed=0), "O", id="weights O"),
        pytest.param(lambda: ReferencePlayer(2), "O", id="reference 2 O"),
    ],
)
def test_proofs_of_the_players_agree_with_a_plain_walk(make: Callable[[], Player], side: str) -> None:
    assert summary(prove(make, side)) == plain_proof(make(), side)


def test_a_player_that_might_play_anywhere_meets_every_game() -> None:
    proof = prove(AnySquare, "X")
    # Every complete game, by result: tests/test_gamegraph.py counts them by playing each one.
    assert proof.games == 255168
    assert (proof.wins, proof.draws, proof.losses) == (131184, 46080, 77904)
    assert proof.shortest_loss is not None
    assert " ".join(map(str, proof.shortest_loss)) == "a1 b1 c1 b2 a2 b3"


def test_a_player_must_choose_an_empty_square_and_leave_the_board_alone() -> None:
    with pytest.raises(ValueError, match=r"^taker chose a1, which is not an empty square of 'XO       '$"):
        prove(Taker, "X")
    with pytest.raises(ValueError, match=r"^scribbler changed the board while choosing a move$"):
        prove(Scribbler, "O")
    with pytest.raises(ValueError, match=r"^a player is 'X' or 'O', got ' '$"):
        prove(FirstFree, " ")


def test_the_proof_table_lines_up() -> None:
    rows = [("perfect", prove(PerfectPlayer, "X")), ("first free", prove(FirstFree, "O"))]
    assert format_proofs(rows) == textwrap.dedent(
        """\
        player      side   games    wins   draws  losses  shortest loss
        perfect     X        101      99       2       0  -
        first free  O        665     200      36     429  a1 b1 a2 c1 a3"""
    )


# Games and the round robin -------------------------------------------------------------------------


def test_a_game_between_two_players() -> None:
    winner, moves = play_game(FirstFree(), FirstFree())
    assert (winner, " ".join(map(str, moves))) == ("X", "a1 b1 c1 a2 b2 c2 a3")
    with pytest.raises(ValueError, match=r"^taker chose a1, which is taken$"):
        play_game(FirstFree(), Taker())


ENTRANTS: list[Entrant] = [
    ("perfect", lambda seed: PerfectPlayer()),
    ("weights", WeightsPlayer),
    ("first free", lambda seed: FirstFree()),
]


def test_a_round_robin_plays_every_pairing_both_ways_and_repeats_with_its_seed() -> None:
    pairings = round_robin(ENTRANTS, games=4, seed=11)
    assert [(p.x_player, p.o_player) for p in pairings] == [
        ("perfect", "weights"),
        ("perfect", "first free"),
        ("weights", "perfect"),
        ("weights", "first free"),
        ("first free", "perfect"),
        ("first free", "weights"),
    ]
    assert all(p.x_wins + p.draws + p.o_wins == 4 for p in pairings)
    assert [repr(p) for p in pairings] == [repr(p) for p in round_robin(ENTRANTS, games=4, seed=11)]
    # Perfect against first free is one game played four times: X a1, O b1 (first free), ...
    assert repr(pairings[1]) == "<HeadToHead perfect (X) vs first free (O): 4-0-0>"
    assert repr(pairings[4]) == "<HeadToHead first free (X) vs perfect (O): 0-0-4>"
    assert all(p.o_wins == 0 for p in pairings if p.x_player == "perfect")
    assert all(p.x_wins == 0 for p in pairings if p.o_player == "perfect")


def test_the_round_robin_table() -> None:
    pairings = round_robin(ENTRANTS[::2], games=2, seed=1)
    assert format_round_robin(pairings) == textwrap.dedent(
        """\
        X \\ O          perfect  first free
        perfect              -       2-0-0
        first free       0-0-2           -

        player       games    wins   draws  losses
        perfect          4       4       0       0
        first free       4       0       0       4"""
    )


# The command line ----------------------------------------------------------------------------------


def prover(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe.cli.prover", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.mark.slow
def test_the_program_prints_every_players_proof() -> None:
    result = prover()
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == textwrap.dedent(
        """\
        player       side   games    wins   draws  losses  shortest loss
        perfect      X        101      99       2       0  -
        perfect      O        681     498     183       0  -
        rules        X        123      94      29       0  -
        rules        O        585     404     181       0  -
        weights      X       5280    4208     752     320  a1 b1 a2 a3 c2 b2 c1 b3
        weights      O       9920    5272    3272    1376  a1 b1 c1 b3 b2 a3 c3
        sound 9      X        101      99       2       0  -
        sound 9      O        681     498     183       0  -
        strong 0     X         76      72       4       0  -
        strong 0     O        457     346     111       0  -
        strong 9     X         76      72       4       0  -
        strong 9     O        457     346     111       0  -
        reference 0  X        122      84       6      32  a1 b1 c1 b2 a2 b3
        reference 0  O        649     296      24     329  a1 b1 a2 c1 a3
        reference 1  X        126      94      23       9  a1 b1 c1 a3 a2 b3 b2 c3
        reference 1  O        649     377     166     106  a1 b1 c1 a2 b2 c2 a3
        reference 2  X        130     107      15       8  a1 c1 b1 c2 c3 b2 a2 a3
        reference 2  O        727     468     153     106  a1 b1 c1 a2 b2 c2 a3
        reference 3  X        122     101      11      10  a1 c1 b1 c2 a2 c3
        reference 3  O        621     408     107     106  a1 b1 a2 c1 a3
        reference 4  X        101      99       2       0  -
        reference 4  O        621     420     103      98  a1 b1 a2 c1 a3
        reference 5  X        101      99       2       0  -
        reference 5  O        665     479     183       3  a1 b2 c3 a3 c1 b1 c2
        reference 6  X        101      98       3       0  -
        reference 6  O        665     479     183       3  a1 b2 c3 a3 c1 b1 c2
        reference 7  X        101      98       3       0  -
        reference 7  O        665     479     183       3  a1 b2 c3 a3 c1 b1 c2
        reference 8  X        101      98       3       0  -
        reference 8  O        665     479     183       3  a1 b2 c3 a3 c1 b1 c2
        reference 9  X        101      98       3       0  -
        reference 9  O        665     479     183       3  a1 b2 c3 a3 c1 b1 c2
        """
    )


@pytest.mark.slow
def test_the_program_prints_a_round_robin() -> None:
    result = prover("--round-robin", "--games", "2", "--seed", "3")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == textwrap.dedent(
        """\
        2 games a pairing as each colour, seed 3; cells are X wins-draws-O wins
        X \\ O            perfect        rules      weights  reference 1  reference 9      sound 9     strong 9
        perfect                -        0-2-0        2-0-0        2-0-0        0-2-0        0-2-0        0-2-0
        rules              0-2-0            -        0-2-0        0-2-0        0-2-0        0-2-0        0-2-0
        weights            0-2-0        0-2-0            -        0-1-1        0-0-2        0-2-0        0-2-0
        reference 1        0-2-0        0-2-0        1-1-0            -        0-2-0        0-2-0        0-2-0
        reference 9        0-2-0        0-2-0        2-0-0        2-0-0            -        0-2-0        0-2-0
        sound 9            0-2-0        0-2-0        2-0-0        2-0-0        0-2-0            -        0-2-0
        strong 9           0-2-0        0-2-0        1-1-0        0-2-0        0-2-0        0-2-0            -

        player        games    wins   draws  losses
        perfect          24       4      20       0
        rules            24       0      24       0
        weights          24       0      13      11
        reference 1      24       2      16       6
        reference 9      24       6      18       0
        sound 9          24       4      20       0
        strong 9         24       1      23       0
        """
    )


def test_a_round_robin_of_no_games_is_a_usage_error() -> None:
    result = prover("--round-robin", "--games", "0")
    assert result.returncode == 2
    assert result.stderr.endswith("error: argument --games: must be at least 1, got 0\n")
