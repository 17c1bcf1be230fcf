"""Tests of bench.levels: each level's side of a match, and a row of its table from a real match."""

from __future__ import annotations

from bench.levels import PAIRS, contestant, summary_line
from bench.match import Contestant, play_match
from configurations.rules import Rules
from tictactoe.players.levels import LEVELS, Level


def test_a_level_s_side_is_its_player_depth_and_time() -> None:
    assert contestant(Level.EASY, 7) == Contestant("weights", 0, LEVELS[Level.EASY].think)
    assert contestant(Level.MEDIUM, 7) == Contestant("strong", 2, 0.05)
    assert contestant(Level.BEST, 10) == Contestant("strong", 100, 2.0)


def test_each_level_meets_the_one_below_it() -> None:
    assert [(harder.value, easier.value) for harder, easier in PAIRS] == [
        ("medium", "easy"),
        ("hard", "medium"),
        ("best", "hard"),
    ]


def test_a_row_gives_the_harder_level_s_tally_and_share() -> None:
    # A real match, small enough for a test: the row is what the table prints of it.
    result = play_match(
        contestant(Level.MEDIUM, 3), contestant(Level.EASY, 3), rules=Rules.square(3, 3), games=4, seed=2
    )
    row = summary_line(Level.MEDIUM, Level.EASY, result)
    wins, draws, losses = result.wins(0), result.draws, result.losses(0)
    assert wins + draws + losses == 4
    assert row == (f"medium  easy    3x3, 3        4 {wins:>6} {draws:>6} {losses:>6} {(wins + draws / 2) / 4:>7.1%}")
