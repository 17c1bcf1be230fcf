"""The moves so far, for the players that read them: :func:`choose_move` hands them over, and the game loop of
the tournaments and matches passes them, while every other player is asked ``choose`` as before."""

from __future__ import annotations

from collections.abc import Sequence

from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.game import Game
from tictactoe.game.tournament import play_out, play_out_timed
from tictactoe.players.base import MovesPlayer, choose_move
from tictactoe.players.rules import RulesPlayer


class Reader:
    """Plays the first empty square, row by row, and keeps the moves it was shown at each turn."""

    name = "reader"

    def __init__(self) -> None:
        self.shown: list[tuple[Move, ...]] = []

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        return Move(*divmod(board.configuration().index(" "), board.board_size))

    def choose_after(
        self, moves: Sequence[Move], board: Configurations, mover: Symbol, stats: SearchStats | None = None
    ) -> Move:
        self.shown.append(tuple(moves))
        return self.choose(board, mover, stats)


def test_a_player_that_reads_the_moves_is_shown_them_and_the_others_are_asked_choose() -> None:
    reader = Reader()
    assert isinstance(reader, MovesPlayer)
    assert not isinstance(RulesPlayer(), MovesPlayer)
    board = Configurations(3, 3, 0)
    board.save_play(1, 1, "X")
    assert choose_move(reader, board, "O", [Move(1, 1)]) == Move(0, 0)
    assert reader.shown == [(Move(1, 1),)]
    assert choose_move(reader, board, "O") == Move(0, 0)  # no moves known: the board alone
    assert reader.shown == [(Move(1, 1),)]
    assert choose_move(RulesPlayer(), board, "O", [Move(1, 1)]) in {Move(0, 0), Move(0, 2), Move(2, 0), Move(2, 2)}


def test_the_game_loop_shows_each_move_the_moves_before_it_and_times_it() -> None:
    game = Game(Rules.square(3, 3))
    game.play(Move(1, 1))
    x, o = Reader(), Reader()
    times = play_out_timed(game, x, o)
    assert o.shown[0] == (Move(1, 1),)
    assert [len(moves) for moves in o.shown] == list(range(1, len(game.moves), 2))  # O moves after 1, 3, ... moves
    assert [len(moves) for moves in x.shown] == list(range(2, len(game.moves), 2))
    assert all(game.moves[: len(moves)] == moves for moves in x.shown + o.shown)
    assert len(times) == len(game.moves) - 1
    assert all(time.wall >= 0 and time.processor >= 0 for time in times)
    other = Game(Rules.square(3, 3))
    assert len(play_out(other, Reader(), Reader())) == len(other.moves)
