"""The brain's part of a swap2 opening, as Gomocup's managers ask for it with ``SWAP2BOARD``."""

from __future__ import annotations

import pytest

from tictactoe.brain.brain import Brain
from tictactoe.brain.commands import Done, Placed, Point, Swap2Board, UnknownCommandError, parse


def swap2(settings: list[str], stones: list[str]) -> tuple[Brain, list[str]]:
    """A brain told ``settings``, then asked ``SWAP2BOARD`` with ``stones``; the brain and its answer."""
    brain = Brain()
    for line in settings:
        assert brain.handle(line) in ([], ["OK"]), line
    assert brain.handle("SWAP2BOARD") == []
    for stone in stones:
        assert brain.handle(stone) == [], stone
    return brain, brain.handle("DONE")


def points(answer: str) -> list[tuple[int, int]]:
    """The squares of an answer ``X,Y X,Y ...``."""
    return [(int(x), int(y)) for x, y in (pair.split(",") for pair in answer.split())]


def test_the_lines_of_swap2board_are_read_only_between_it_and_done() -> None:
    assert parse("swap2board") == Swap2Board()
    assert parse(" 7 , 8 ", in_swap2=True) == Placed(Point(7, 8))
    assert parse("done", in_swap2=True) == Done()
    with pytest.raises(UnknownCommandError):
        parse("7,8")


def test_on_an_empty_board_it_places_three_distinct_stones_near_the_centre_and_leaves_the_board_empty() -> None:
    brain, answer = swap2(["INFO timeout_turn 300", "START 15"], [])
    assert len(answer) == 1, answer
    placed = points(answer[0])
    assert len(set(placed)) == 3
    assert all(5 <= x <= 9 and 5 <= y <= 9 for x, y in placed), placed
    assert brain.handle("BEGIN")[-1] == "7,7"  # BEGIN opens an empty board: the opening left no stone


def test_with_three_stones_clearly_black_s_it_takes_black() -> None:
    # Black's two beside each other in the middle, white's one stone in a corner.
    _, answer = swap2(["INFO timeout_turn 300", "START 15"], ["7,7", "0,0", "7,8"])
    assert answer == ["SWAP"]


def test_with_three_stones_clearly_white_s_it_keeps_white_and_plays_the_fourth_move() -> None:
    # Four in a row on 7x7: black's two stones in corners, white's in the centre and white to move.
    _, answer = swap2(["INFO length 4", "INFO timeout_turn 300", "START 7"], ["0,0", "3,3", "6,6"])
    assert len(answer) == 2, answer
    assert answer[0].startswith("MESSAGE "), answer
    assert points(answer[1])[0] not in [(0, 0), (3, 3), (6, 6)]


def test_with_five_stones_it_takes_white_and_the_win_white_has() -> None:
    # Three in a row: white's two stones in a line, open at both ends, and white to move.
    _, answer = swap2(["INFO length 3", "INFO timeout_turn 300", "START 7"], ["0,0", "3,3", "6,6", "3,4", "0,6"])
    assert answer[0].startswith("MESSAGE proved: win")
    assert points(answer[1]) in ([(3, 2)], [(3, 5)])


def test_with_five_stones_clearly_black_s_it_swaps() -> None:
    _, answer = swap2(["INFO timeout_turn 300", "START 15"], ["7,7", "0,0", "7,8", "14,14", "7,9"])
    assert answer == ["SWAP"]


@pytest.mark.parametrize(
    ("stones", "refusal"),
    [
        (["7,7", "8,8"], "ERROR SWAP2BOARD comes with 0, 3 or 5 stones of the opening, got 2"),
        (["7,7", "8,7", "9,7", "10,7"], "ERROR SWAP2BOARD comes with 0, 3 or 5 stones of the opening, got 4"),
    ],
)
def test_a_count_of_stones_that_is_no_point_of_swap2_is_refused(stones: list[str], refusal: str) -> None:
    brain, answer = swap2(["START 15"], stones)
    assert answer == [refusal]
    assert brain.handle("BEGIN")[-1] == "7,7"  # and the brain goes on, its board as it was


def test_a_stone_of_swap2board_off_the_board_or_taken_twice_is_refused_and_the_rest_kept() -> None:
    brain = Brain()
    assert brain.handle("START 15") == ["OK"]
    assert brain.handle("SWAP2BOARD") == []
    assert brain.handle("7,7") == []
    assert brain.handle("7,7") == ["ERROR 7,7 is taken"]
    assert brain.handle("15,3") == ["ERROR 15,3 is off the 15x15 board"]
    assert brain.handle("7,8,1") == ["ERROR a stone of SWAP2BOARD needs X,Y: two whole numbers from 0, got '7,8,1'"]
    assert brain.handle("0,0") == []
    assert brain.handle("7,8") == []
    assert brain.handle("DONE") == ["SWAP"]


def test_swap2board_needs_a_rule_the_brain_plays() -> None:
    brain = Brain()
    assert brain.handle("START 15") == ["OK"]
    assert brain.handle("INFO rule 16")[0].startswith("ERROR rule 16")
    assert brain.handle("SWAP2BOARD") == []
    assert brain.handle("DONE") == [
        "ERROR no move under rule 16, which is not played here: send a rule that is, or RESTART"
    ]
