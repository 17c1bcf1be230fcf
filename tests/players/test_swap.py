"""Tests of tictactoe.players.swap and the strong player under swap openings: the chooser takes the colour that
wins, the proposer places stones near level, differently for another seed, and a session between computers plays
its opening through."""

from __future__ import annotations

import pytest

from configurations import Configurations
from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.players.strong import StrongPlayer
from tictactoe.players.swap import LEVEL, SPREAD, SwapEstimates
from tictactoe.solver.position import Position

WHITE, BLACK, TWO_MORE = OpeningChoice.WHITE, OpeningChoice.BLACK, OpeningChoice.TWO_MORE

# Three in a row on 7x7: black's open two d4-e4 cannot be stopped by white, to move, with one stone in a corner.
BLACK_WINS = [".......", ".......", ".......", "...XX..", ".......", ".......", "O......"]
# Swap2's five stones: white's two d3-d4 makes three at d2 or d5 on its move; black's three corners make nothing.
WHITE_WINS = ["X.....X", ".......", "...O...", "...O...", ".......", ".......", "X......"]


def board_of(rows: list[str]) -> Configurations:
    return Configurations.from_rows([row.replace(".", " ") for row in rows], 3, 0)


@pytest.mark.parametrize("options", [(WHITE, BLACK), (WHITE, BLACK, TWO_MORE)])
def test_the_chooser_takes_black_when_black_wins(options: tuple[OpeningChoice, ...]) -> None:
    assert StrongPlayer(6, 0.5).choose_colour(board_of(BLACK_WINS), options) is BLACK


@pytest.mark.parametrize("options", [(WHITE, BLACK), (WHITE, BLACK, TWO_MORE)])
def test_the_chooser_takes_white_when_white_wins(options: tuple[OpeningChoice, ...]) -> None:
    assert StrongPlayer(6, 0.5).choose_colour(board_of(WHITE_WINS), options) is WHITE


def test_the_proposer_places_three_stones_near_the_centre_and_near_level() -> None:
    board = Configurations(15, 5, 0)
    estimates = SwapEstimates(think=2.0, seed=1)  # time enough for every two-ply estimate on a loaded machine
    stones = estimates.place_opening(board, 3)
    assert len(set(stones)) == 3
    assert all(abs(stone.row - 7) <= SPREAD and abs(stone.col - 7) <= SPREAD for stone in stones)
    for stone, symbol in zip(stones, "XOX", strict=True):
        board.save_play(stone.row, stone.col, symbol)
    assert abs(estimates.black_view(Position.from_configurations(board))) <= LEVEL


def test_two_seeds_place_different_openings_and_one_seed_the_same() -> None:
    def opening(seed: int) -> tuple[Move, ...]:
        # Time enough that each estimate ends at its depth, not on the clock: on a loaded machine a short think
        # stopped some estimates a ply early, and one seed placed two openings.
        return StrongPlayer(4, 30.0, seed=seed).place_opening(Configurations(15, 5, 0), 3)

    assert opening(1) != opening(2)
    assert opening(1) == opening(1)


def test_two_more_stones_are_white_then_black_near_the_others() -> None:
    board = Configurations(15, 5, 0)
    for (row, col), symbol in zip([(7, 7), (7, 8), (8, 7)], "XOX", strict=True):
        board.save_play(row, col, symbol)
    more = SwapEstimates(think=0.3, seed=3).place_opening(board, 2)
    assert len(set(more)) == 2
    assert all(board.square_is_empty(stone.row, stone.col) for stone in more)


def test_strong_accepts_every_opening_rule_and_the_others_refuse_in_one_line() -> None:
    for opening in Opening:
        assert make_player("strong", Rules.square(15, 5, opening=opening), PlayerLimits(2)) is not None
    with pytest.raises(ValueError, match=r"^weights plays the free opening only, not swap2$"):
        make_player("weights", Rules.square(15, 5, opening="swap2"), PlayerLimits(2))


def test_a_computer_places_the_stones_a_person_chooses_and_the_computer_plays_on() -> None:
    rules = Rules.square(9, 4, opening=Opening.SWAP)
    session = Session(rules, PlayerLimits(2, 0.2, seed=4), Competitor("Strong", "strong"), Competitor("Ada"))
    for _ in range(3):
        session.play(session.computer_move())
    assert session.chooser is session.competitors[1]
    session.choose(BLACK)
    assert (session.x.name, session.o.name, session.to_move) == ("Ada", "Strong", session.competitors[0])
    session.play(session.computer_move())
    assert len(session.game.moves) == 4


def test_a_computer_chooses_on_a_person_s_stones() -> None:
    rules = Rules.square(7, 3, opening=Opening.SWAP2)
    session = Session(rules, PlayerLimits(6, 0.5), Competitor("Ada"), Competitor("Strong", "strong"))
    for move in (Move(3, 3), Move(6, 0), Move(3, 4)):  # black's open two: black wins
        session.play(move)
    choice = session.computer_choice()
    assert choice is BLACK
    session.choose(choice)
    assert (session.x.name, session.o.name, session.to_move) == ("Strong", "Ada", session.competitors[0])


def test_two_computers_play_a_swap2_game_through_its_opening_to_the_end() -> None:
    rules = Rules.square(9, 4, opening=Opening.SWAP2)
    limits = PlayerLimits(3, 0.05, seed=2)
    session = Session(rules, limits, Competitor("One", "strong"), Competitor("Two", "strong"))
    while session.game.result is None:
        if session.chooser is not None:
            session.choose(session.computer_choice())
        else:
            session.play(session.computer_move())
    assert session.opening_play.settled
    assert session.opening_play.stones in (3, 5)
    assert {session.x.name, session.o.name} == {"One", "Two"}
