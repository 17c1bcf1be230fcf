"""The adapters of the outside engines: each plays legal moves of a whole game against the project's weights
player, as its own program would.  Each test skips, saying why, where the engine's package (the ``peers``
extra, which CI does not install) is absent."""

from __future__ import annotations

import pytest

from bench.peers import PEERS, Peer, make_peer, missing
from configurations import Configurations, Symbol
from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.game import Game
from tictactoe.players.base import UnsupportedBoardError
from tictactoe.players.weights import WeightsPlayer


def require(peer: Peer) -> None:
    problem = missing(peer)
    if problem is not None:
        pytest.skip(problem)


@pytest.mark.parametrize("peer", PEERS, ids=[peer.name for peer in PEERS])
def test_each_engine_plays_a_whole_game_of_legal_moves(peer: Peer) -> None:
    require(peer)
    for engine_plays_x in (True, False):
        game = Game(Rules.square(9, 5))
        game.play(Move(4, 4))
        game.play(Move(3, 4))
        engine, opponent = make_peer(peer, 9, 5, 1), WeightsPlayer(1)
        while (mover := game.to_move) is not None:
            player = engine if (mover == "X") == engine_plays_x else opponent
            game.play(player.choose(game.board, mover))  # a taken square would raise
        assert len(game.moves) > 5


# Both sides have four in a row, open at one end; the side to move wins at once at e9, the end of its own.
WINS = {
    "X": ["OOOO.....", *["........."] * 7, "XXXX....."],
    "O": ["XXXX.....", ".........", ".........", ".........", "....X....", *["........."] * 3, "OOOO....."],
}


@pytest.mark.parametrize("mover", ["X", "O"])
@pytest.mark.parametrize("peer", PEERS, ids=[peer.name for peer in PEERS])
def test_each_engine_takes_an_immediate_win_as_x_and_as_o(peer: Peer, mover: Symbol) -> None:
    require(peer)
    board = Configurations.from_rows([row.replace(".", " ") for row in WINS[mover]], 5, 0)
    for seed in (1, 2):
        assert make_peer(peer, 9, 5, seed).choose(board, mover) == Move(8, 4)  # its own five, not the block


@pytest.mark.parametrize("peer", PEERS, ids=[peer.name for peer in PEERS])
def test_each_engine_is_repeatable_from_its_seed(peer: Peer) -> None:
    require(peer)
    game = Game(Rules.square(9, 5))
    for move in (Move(4, 4), Move(3, 4), Move(4, 5)):
        game.play(move)
    moves = {make_peer(peer, 9, 5, 7).choose(game.board, "O") for _ in range(2)}
    assert len(moves) == 1


@pytest.mark.parametrize("peer", [peer for peer in PEERS if peer.name != "openspiel-mcts"], ids=lambda peer: peer.name)
def test_engines_of_five_in_a_row_refuse_other_lengths(peer: Peer) -> None:
    require(peer)
    with pytest.raises(UnsupportedBoardError, match="plays only five in a row, not 4"):
        make_peer(peer, 9, 4, 1)


def test_an_absent_package_is_named_with_the_extra_that_installs_it() -> None:
    absent = Peer("nothing", "bench.peers.nothing", "no_such_package.at_all", "no-such-package", "-")
    assert missing(absent) == "nothing needs the package no-such-package: pip install -e '.[peers]'"
    with pytest.raises(ValueError, match="needs the package no-such-package"):
        make_peer(absent, 9, 5, 1)
