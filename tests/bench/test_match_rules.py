"""The rules of a match (``--rule``, ``--opening-rule``): the refusals of what cannot be played, matches under
standard, renju and swap2 whose results name the rule, and black's forbidden point lost by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.match import Contestant, MatchResult, main, play_game, play_match, table
from configurations import Configurations, SearchStats, Symbol, Winner
from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules

# A 9x9 renju game whose ninth move, black's e5, makes two open threes at once (c5-e5 and e3-e5): a double three.
DOUBLE_THREE_X = ["d5", "c5", "e4", "e3", "e5"]
DOUBLE_THREE_O = ["a1", "a2", "a9", "i9"]


class Scripted:
    """Plays the given squares in turn."""

    name = "scripted"

    def __init__(self, squares: list[str]) -> None:
        self._moves = [Move.parse(square, 9) for square in squares]

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        return self._moves.pop(0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["sound", "sound", "--size", "9", "--length", "4", "--rule", "renju"],
            "argument --rule: renju is played with 5 in a row, not 4",
        ),
        (
            ["sound", "sound", "--size", "9", "--length", "5", "--rule", "gomoku"],
            "argument --rule: invalid choice: 'gomoku' (choose from 'freestyle', 'standard', 'renju', 'caro')",
        ),
        (
            ["sound", "sound", "--size", "2", "--length", "2", "--opening-rule", "swap2"],
            "argument --opening-rule: a 2x2 board cannot hold the stones of a swap2 opening",
        ),
        (
            ["reference", "sound", "--size", "9", "--length", "5", "--rule", "standard"],
            "argument A: reference plays freestyle only, not standard",
        ),
        (
            ["sound", "perfect", "--size", "3", "--length", "3", "--rule", "caro"],
            "argument B: perfect plays freestyle only, not caro",
        ),
        (
            ["weights", "strong", "--size", "9", "--length", "5", "--opening-rule", "swap"],
            "argument A: weights plays the free opening only, not swap",
        ),
        (
            ["strong", "brain:.", "--size", "9", "--length", "5", "--opening-rule", "swap2"],
            "argument B: a brain plays the free opening only, not swap2: the protocol's client speaks no opening "
            "command (SWAP2BOARD)",
        ),
        (
            ["strong", "strong", "--size", "9", "--length", "5", "--opening-rule", "swap", "--opening-moves", "2"],
            "argument --opening-moves: a swap opening places its own stones on the empty board: give 0, got 2",
        ),
    ],
)
def test_rules_that_cannot_be_played_are_one_line_and_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(arguments)
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert (out, err.splitlines()[-1]) == ("", f"python -m bench.match: error: {message}")


@pytest.mark.parametrize(
    ("rule", "words"), [("standard", "7x7, exactly 5 in a row"), ("renju", "7x7, 5 in a row, renju")]
)
def test_a_match_under_a_rule_names_it_in_its_results(
    rule: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "match.txt"
    arguments = ["sound", "sound", "--size", "7", "--length", "5", "--levels", "1", "--games", "2", "--rule", rule]
    assert main([*arguments, "--write", str(target)]) == 0
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[2:4] == [f"sound (A) against sound (B): {words}, 2 games", f"rule: {rule}, opening rule: free"]
    assert ("forbidden points chosen by black (each refused, and black lost): 0" in lines) == (rule == "renju")
    assert capsys.readouterr().out == target.read_text(encoding="utf-8")


def test_a_swap2_match_lets_the_players_place_the_stones_and_choose_the_colours() -> None:
    rules = Rules.square(7, 4, opening=Opening.SWAP2)
    result = play_match(Contestant("strong", 1, 0.01), Contestant("strong", 1, 0.01), rules=rules, games=2)
    assert result.opening_moves == 0
    for game in result.games:
        # Three stones, then a colour; or three, two more, then a colour: the stones are the game's first moves.
        assert len(game.choices) in (1, 2)
        assert len(game.opening) == (5 if OpeningChoice.TWO_MORE in game.choices else 3)
        assert game.moves[: len(game.opening)] == game.opening
        assert game.choices[-1] in (OpeningChoice.WHITE, OpeningChoice.BLACK)
    lines = table(result).splitlines()
    assert lines[1] == "rule: freestyle, opening rule: swap2"
    chosen = [choice for game in result.games for choice in game.choices]
    assert lines[2] == (
        "openings: swap2 from the empty board, A the first player (who places the first stones) in half the games "
        f"(seed 1); choices: white {chosen.count(OpeningChoice.WHITE)}, black {chosen.count(OpeningChoice.BLACK)}, "
        f"two more {chosen.count(OpeningChoice.TWO_MORE)}"
    )


def test_a_swap_opening_without_random_moves_is_the_default_and_with_them_refused() -> None:
    rules = Rules.square(7, 4, opening=Opening.SWAP)
    with pytest.raises(ValueError, match=r"^a swap opening places its own stones on the empty board: give 0, got 2$"):
        play_match(Contestant("strong", 1), Contestant("strong", 1), rules=rules, games=2, opening_moves=2)


def test_black_choosing_a_forbidden_point_under_renju_loses_the_game() -> None:
    rules = Rules.square(9, 5, variant="renju")
    game = play_game(Scripted(DOUBLE_THREE_X), Scripted(DOUBLE_THREE_O), a_plays_x=True, rules=rules, opening=())
    assert (game.result, game.winner, len(game.moves)) == (Winner.O, 1, 8)
    assert str(game.foul) == "e5 is forbidden for black: double three (e5-c5, e5-e3)"
    assert (len(game.seconds[0]), len(game.seconds[1])) == (5, 4)  # the refused choice was timed too


def test_the_table_counts_the_games_black_lost_by_a_forbidden_point() -> None:
    rules = Rules.square(9, 5, variant="renju")
    lost = play_game(Scripted(DOUBLE_THREE_X), Scripted(DOUBLE_THREE_O), a_plays_x=True, rules=rules, opening=())
    won = play_game(Scripted(DOUBLE_THREE_O), Scripted(DOUBLE_THREE_X), a_plays_x=False, rules=rules, opening=())
    result = MatchResult((Contestant("scripted", 0), Contestant("scripted", 0)), rules, 1, 0, (lost, won))
    assert table(result).splitlines()[-3:] == [
        "forbidden points chosen by black (each refused, and black lost): 2",
        "  e5 is forbidden for black: double three (e5-c5, e5-e3)",
        "  e5 is forbidden for black: double three (e5-c5, e5-e3)",
    ]
    assert (result.wins(0), result.wins(1)) == (1, 1)
