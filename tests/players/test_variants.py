"""Tests of the computer players under every variant: which play which rules, and that none ever answers black a
point renju forbids it."""

from __future__ import annotations

import random

import pytest

from configurations import Configurations
from configurations.rules import Rules
from configurations.symbols import COMPUTER, EMPTY, HUMAN
from configurations.variants import renju_fouls
from tictactoe.players.base import Player, UnsupportedBoardError
from tictactoe.players.levels import Level, level_options
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.solver import variant_board
from tictactoe.solver.position import Position
from tictactoe.solver.variant_board import search_board

VARIANTS = ("freestyle", "standard", "renju", "caro")
ENGINES = ("strong", "sound", "weights")


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_engine_players_play_every_variant_and_strong_every_opening(name: str, variant: str) -> None:
    rules = Rules.square(9, 5, variant=variant)
    assert make_player(name, rules, PlayerLimits(1, 0.05, seed=1)) is not None
    swap2 = Rules.square(9, 5, variant=variant, opening="swap2")
    if name == "strong":  # it places and chooses as either player
        assert make_player(name, swap2, PlayerLimits(1, 0.05)) is not None
        return
    with pytest.raises(UnsupportedBoardError, match=f"^{name} plays the free opening only, not swap2$"):
        make_player(name, swap2, PlayerLimits(1, 0.05))


@pytest.mark.parametrize("name", ["reference", "perfect", "rules"])
@pytest.mark.parametrize("variant", ["standard", "renju", "caro"])
def test_the_reference_search_and_the_3x3_players_play_freestyle_only(name: str, variant: str) -> None:
    rules = Rules.square(3, 3, variant=variant) if variant != "renju" else Rules.square(5, 5, variant=variant)
    with pytest.raises(UnsupportedBoardError, match=f"^{name} plays ") as refused:
        make_player(name, rules, PlayerLimits(1))
    assert "\n" not in str(refused.value)


def black_to_move_beside_forbidden_points(size: int, count: int, seed: int) -> list[list[str]]:
    """``count`` boards of ``size`` x ``size`` where black is to move, no one has a threat or a square of two, and
    at least one point is forbidden to black under renju: seeded random stones around the centre."""
    rng = random.Random(seed)
    rules = Rules.square(size, 5, variant="renju")
    found: list[list[str]] = []
    while len(found) < count:
        stones = rng.randrange(4, size + 4)
        squares = rng.sample(
            [(r, c) for r in range(size) for c in range(size) if max(abs(r - size // 2), abs(c - size // 2)) <= 3],
            2 * stones,
        )
        grid = [[EMPTY] * size for _ in range(size)]
        for index, (row, col) in enumerate(squares):
            grid[row][col] = HUMAN if index % 2 == 0 else COMPUTER
        rows = ["".join(row) for row in grid]
        board = Configurations.for_rules(rules, 0, rows=rows)
        text = board.configuration()
        if board.wins(HUMAN) or board.wins(COMPUTER) or not renju_fouls(text, size, size):
            continue
        searched = search_board(Position.from_configurations(board))
        if any(searched.threats) or searched.double_threats(0) or searched.double_threats(1):
            continue  # a move the rules settle: the search would not be asked
        found.append(rows)
    return found


def levelled(level: Level, rules: Rules) -> Player | None:
    kind, limits = level_options(level, rules, seed=5)
    return make_player(kind, rules, limits)


@pytest.mark.slow
def test_no_computer_player_answers_black_a_forbidden_point(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variant_board, "CHECK_FORBIDDEN", True)
    rules = Rules.square(15, 5, variant="renju")
    players = {
        "weights": make_player("weights", rules, PlayerLimits(0, seed=3)),
        "strong": make_player("strong", rules, PlayerLimits(3, 0.05)),
        **{str(level): levelled(level, rules) for level in (Level.EASY, Level.MEDIUM)},
    }
    for rows in black_to_move_beside_forbidden_points(15, 24, seed=11):
        board = Configurations.for_rules(rules, 0, rows=rows)
        forbidden = {forbidden.point for forbidden in renju_fouls(board.configuration(), 15, 15)}
        for name, player in players.items():
            assert player is not None
            assert player.choose(board, HUMAN) not in forbidden, (name, rows)


@pytest.mark.slow
def test_the_sound_player_never_answers_black_a_forbidden_point() -> None:
    rules = Rules.square(7, 5, variant="renju")
    player = make_player("sound", rules, PlayerLimits(2))
    assert player is not None
    # e4 would make two fours (b4-d4 with a4 white's, e1-e3): a win under freestyle, forbidden under renju.
    four_four = ["    X  ", "    X  ", "    X  ", "OXXX   ", "       ", "  O    ", "O  O  O"]
    for rows in [four_four, *black_to_move_beside_forbidden_points(7, 6, seed=2)]:
        board = Configurations.for_rules(rules, 2, rows=rows)
        forbidden = {forbidden.point for forbidden in renju_fouls(board.configuration(), 7, 7)}
        assert player.choose(board, HUMAN) not in forbidden, rows
    freestyle = make_player("sound", Rules.square(7, 5), PlayerLimits(2))
    assert freestyle is not None
    assert str(freestyle.choose(Configurations.for_rules(Rules.square(7, 5), 2, rows=four_four), HUMAN)) == "e4"


@pytest.mark.parametrize("variant", ["standard", "caro"])
def test_the_engine_players_take_the_win_the_variant_counts_and_not_another(variant: str) -> None:
    # X to move: e1 would make six with a1-d1 and f1, no win under standard, where X must block O's five at e3;
    # under caro the edge blocks nothing, and e1 wins.
    rows = [
        row.replace(".", EMPTY) for row in ["XXXX.X.", ".......", "OOOO...", "O......", ".......", ".......", "......."]
    ]
    rules = Rules.square(7, 5, variant=variant)
    board = Configurations.for_rules(rules, 2, rows=rows)
    for name in ("strong", "sound"):
        player = make_player(name, rules, PlayerLimits(2, 0.5))
        assert player is not None
        move = player.choose(board, HUMAN)
        if variant == "standard":
            assert str(move) == "e3", name
        else:
            assert str(move) == "e1", name
