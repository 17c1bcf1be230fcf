"""The second referee of the rating's games: exact k under standard, the renju package under renju, and its
findings where it agrees with the games and where it does not."""

from __future__ import annotations

import doctest

import bench.referee
from bench.match import MatchGame, play_game
from bench.referee import judge, renju_verdicts, standard_verdicts
from configurations import Winner
from configurations.moves import Move
from configurations.rules import Rules
from tests.bench.test_match_rules import DOUBLE_THREE_O, DOUBLE_THREE_X, Scripted

RENJU = Rules.square(9, 5, variant="renju")
STANDARD = Rules.square(9, 5, variant="standard")


def moves(*squares: str) -> list[Move]:
    return [Move.parse(square, 9) for square in squares]


# Black a1-c1 and e1-f1 around d1, white on row 9: black's d1 makes six in a row (an overline), then white's i9
# five.  Interleaved, black first.
OVERLINE = moves("a1", "a9", "b1", "b9", "c1", "c9", "e1", "d9", "f1", "h9", "d1", "e9")


def test_standard_wins_with_exactly_five_and_not_with_six() -> None:
    verdicts = standard_verdicts(OVERLINE, STANDARD)
    assert verdicts[10] == (None, "")  # d1: six in a row for black wins nothing
    assert verdicts[-1] == ("O", "exactly 5 in a row")
    assert len(verdicts) == len(OVERLINE)


def test_the_package_forbids_black_s_overline_under_renju() -> None:
    assert renju_verdicts(OVERLINE, RENJU)[-1] == ("O", "overline")
    assert len(renju_verdicts(OVERLINE, RENJU)) == 11  # the game ends at black's overline


def test_the_referee_agrees_with_a_foul_the_game_refused() -> None:
    game = play_game(Scripted(DOUBLE_THREE_X), Scripted(DOUBLE_THREE_O), a_plays_x=True, rules=RENJU, opening=())
    assert judge([game], RENJU, ("one", "two")) == [
        "referee: the renju package 0.1.0 (Piskvork's judge), every move of 1 games",
        "  results it gives as the games do: 1 of 1",
        "  black moves it calls forbidden: one 0, two 0",
        "  points black chose that the project refused as forbidden (black lost): 1",
        "  game 1: one (black) chose e5 is forbidden for black: double three (e5-c5, e5-e3); the referee: double_three",
    ]


def test_the_referee_names_a_forbidden_move_the_game_let_stand_and_a_result_it_gives_otherwise() -> None:
    # A record that says the game went on past black's overline to white's five.
    game = MatchGame((), False, tuple(OVERLINE), Winner.O, ((), ()))
    assert judge([game], RENJU, ("one", "two"))[1:] == [
        "  results it gives as the games do: 0 of 1",
        "  black moves it calls forbidden: one 0, two 1",
        "  points black chose that the project refused as forbidden (black lost): 0",
        "  game 1: move 11, d1, by two (black): overline",
        "  game 1: the game gave O after move 12, the referee O after move 11",
    ]
    assert judge([game], STANDARD, ("one", "two"))[:2] == [
        "referee: exactly 5 in a row, judged in bench/referee.py, every move of 1 games",
        "  results it gives as the games do: 1 of 1",
    ]
    assert judge([game], Rules.square(9, 5), ("one", "two")) == []


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(bench.referee).failed == 0
