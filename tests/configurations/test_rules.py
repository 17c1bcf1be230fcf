"""Tests of configurations.rules: the one value that carries a game's rules, its checks and how it reads."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from configurations import Configurations
from configurations.moves import Move
from configurations.rules import Opening, Rules, RulesError, Variant, forbidden_points


def test_square_rules_are_freestyle_with_a_free_opening_unless_told() -> None:
    rules = Rules.square(15, 5)
    assert (rules.rows, rules.cols, rules.k, rules.variant, rules.opening) == (
        15,
        15,
        5,
        Variant.FREESTYLE,
        Opening.FREE,
    )
    assert rules == Rules(15, 15, 5)
    assert hash(rules) == hash(Rules(15, 15, 5))
    assert rules != Rules(15, 15, 5, Variant.STANDARD)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules.square(3, 3).k = 2  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules.square(3, 3), "3x3, 3 in a row"),
        (Rules(7, 6, 4, Variant.STANDARD), "7x6, exactly 4 in a row"),
        (Rules.square(15, 5, variant="renju", opening="swap2"), "15x15, 5 in a row, renju, swap2 opening"),
        (Rules.square(15, 5, variant=Variant.CARO), "15x15, 5 in a row, caro"),
    ],
)
def test_rules_read_in_a_few_words(rules: Rules, text: str) -> None:
    assert str(rules) == text


@pytest.mark.parametrize(
    "rules",
    [Rules.square(3, 3), Rules(7, 6, 4, Variant.STANDARD), Rules.square(15, 5, variant="renju", opening="swap")],
)
def test_repr_evaluates_back(rules: Rules) -> None:
    assert eval(repr(rules), {"Rules": Rules, "Variant": Variant, "Opening": Opening}) == rules


def test_variants_and_openings_are_their_names() -> None:
    assert [variant.value for variant in Variant] == ["freestyle", "standard", "renju", "caro"]
    assert [opening.value for opening in Opening] == ["free", "swap", "swap2"]
    assert Rules.square(15, 5, variant="RENJU".lower()).variant is Variant.RENJU


def test_size_and_squares() -> None:
    assert Rules.square(4, 3).size == 4
    assert Rules(7, 6, 5).squares == 42
    assert Rules(7, 6, 5).board == "7x6"
    with pytest.raises(RulesError, match=r"^a board of 7x6 is not square$"):
        _ = Rules(7, 6, 5).size


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rules(0, 3, 1), "rows must be between 1 and 26, got 0"),
        (lambda: Rules(3, 27, 3), "cols must be between 1 and 26, got 27"),
        (lambda: Rules(3, 4, 5), r"the length to win must be between 1 and the larger side \(4\), got 5"),
        (lambda: Rules(3, 3, 0), r"the length to win must be between 1 and the size \(3\), got 0"),
        (lambda: Rules.square(15, 6, variant="renju"), "renju is played with 5 in a row, not 6"),
        (lambda: Rules.square(15, 5, variant="gomoku"), "there is no variant 'gomoku': choose from freestyle, "),
        (
            lambda: Rules.square(15, 5, opening="swap3"),
            "there is no opening rule .swap3.: choose from free, ",
        ),
        (lambda: Rules.square(2, 2, opening="swap2"), "a 2x2 board cannot hold the stones of a swap2 opening"),
        (lambda: Rules.square(1, 1, opening="swap"), "a 1x1 board cannot hold the stones of a swap opening"),
    ],
)
def test_rules_that_cannot_be_played_are_refused_saying_why(make: Callable[[], Rules], message: str) -> None:
    with pytest.raises(RulesError, match=f"^{message}"):
        make()


def test_a_rules_error_is_a_value_error_and_numbers_must_be_ints() -> None:
    assert issubclass(RulesError, ValueError)
    with pytest.raises(TypeError, match="k"):
        Rules(3, 3, 3.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rows"):
        Rules(True, 3, 1)


def test_the_assignments_board_is_freestyle_on_a_square() -> None:
    assert Configurations(5, 4, 2).rules == Rules(5, 5, 4, Variant.FREESTYLE, Opening.FREE)


# ---------------------------------------------------------------- forbidden_points

RENJU = Rules.square(15, 5, variant=Variant.RENJU)
#: Black h7 h6 g7 f6, white far away: h8 would make two threes (h8-h6 down, h8-f6 down the diagonal).
DOUBLE_THREE_AT_H8 = ["h7", "a1", "h6", "a2", "g7", "a3", "f6", "o15"]


def test_forbidden_points_after_a_game() -> None:
    assert forbidden_points(DOUBLE_THREE_AT_H8, RENJU) == frozenset({"h8"})
    assert forbidden_points([Move.parse(move, 15) for move in DOUBLE_THREE_AT_H8], RENJU) == frozenset({"h8"})
    assert forbidden_points(["H7", Move(0, 0), *DOUBLE_THREE_AT_H8[2:]], RENJU) == frozenset({"h8"})
    assert forbidden_points([], RENJU) == frozenset()
    assert forbidden_points(DOUBLE_THREE_AT_H8[:-1], RENJU) == frozenset({"h8"})  # whoever is to move


@pytest.mark.parametrize("variant", [Variant.FREESTYLE, Variant.STANDARD, Variant.CARO])
def test_only_renju_forbids_points(variant: Variant) -> None:
    assert forbidden_points(DOUBLE_THREE_AT_H8, Rules.square(15, 5, variant=variant)) == frozenset()


def test_forbidden_points_on_a_board_that_is_not_square() -> None:
    """Black d4 d5 and b6 c6: d6 makes two threes on 8x8, but on the last row of 6x8 the edge closes the down
    one (d3-d6 would have no empty point below it), so it makes one."""
    moves = ["d4", "h1", "d5", "h2", "b6", "h3", "c6", "a1"]
    assert forbidden_points(moves, Rules(8, 8, 5, Variant.RENJU)) == frozenset({"d6"})
    assert forbidden_points(moves, Rules(6, 8, 5, Variant.RENJU)) == frozenset()


@pytest.mark.parametrize(
    ("moves", "rules", "message"),
    [
        (["h8", "h8"], RENJU, "move 2, 'h8', is on a square taken by move 1"),
        (["h8", "a1", Move(7, 7)], RENJU, r"move 3, Move\(row=7, col=7\), is on a square taken by move 1"),
        (["p1"], RENJU, "move 1, 'p1', is not on the 15x15 board: columns a-o, rows 1-15"),
        (["h8", "a16"], RENJU, "move 2, 'a16', is not on the 15x15 board: columns a-o, rows 1-15"),
        (["a99999999999"], RENJU, "move 1, 'a99999999999', is not on the 15x15 board: "),
        ([Move(-1, 0)], RENJU, r"move 1, Move\(row=-1, col=0\), is not on the 15x15 board: "),
        (["i1"], Rules(6, 8, 4), "move 1, 'i1', is not on the 6x8 board: columns a-h, rows 1-6"),
        (["a7"], Rules(6, 8, 4), "move 1, 'a7', is not on the 6x8 board: columns a-h, rows 1-6"),
        (["h8", "8h"], RENJU, "move 2: cannot read '8h' as a move: type a column letter then a row number, e.g. b3"),
        (["h8", "a1", "h7", "a2", "h6", "a3", "h5", "a4", "h4"], RENJU, "the game is over: move 9, 'h4', won it for X"),
        (
            ["h8", "a1", "h7", "a2", "h6", "a3", "h5", "a4", "h4", "a5"],
            RENJU,
            "the game is over: move 9 won it, and move 10, 'a5', comes after it",
        ),
        (["a1", "b1", "c1", "b2", "e1", "b3"], Rules(3, 5, 3), "the game is over: move 6, 'b3', won it for O"),
        # White's overline wins under renju; black's, and anyone's under standard, does not (below).
        (
            ["h1", "a1", "h2", "a2", "h3", "a3", "h4", "a5", "o15", "a6", "o14", "a4"],
            RENJU,
            "the game is over: move 12, 'a4', won it for O",
        ),
    ],
)
def test_forbidden_points_refuses_a_game_that_is_not_one(moves: list[str | Move], rules: Rules, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        forbidden_points(moves, rules)


def test_forbidden_points_refuses_what_is_no_move() -> None:
    with pytest.raises(TypeError, match=r"^move 2 must be a square such as 'h8' or a Move, got \(7, 7\)$"):
        forbidden_points(["a1", (7, 7)], RENJU)  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^moves must be a sequence of squares, not one str: 'h8h9'$"):
        forbidden_points("h8h9", RENJU)


@pytest.mark.parametrize(
    ("variant", "moves"),
    [
        # Black's six in a row (h1-h6) is no win under renju, nor under standard; white plays on.
        ("renju", ["h1", "a1", "h2", "a2", "h3", "a3", "h5", "a5", "h6", "o15", "h4", "o14"]),
        ("standard", ["h1", "a1", "h2", "a2", "h3", "a3", "h5", "a5", "h6", "o15", "h4", "o14"]),
        # Caro: black's five h2-h6 is blocked by white at both ends (h1 and h7): no win.
        ("caro", ["h2", "h1", "h3", "a1", "h4", "a2", "h5", "h7", "h6", "a3"]),
    ],
)
def test_a_line_the_variant_does_not_count_leaves_the_game_open(variant: str, moves: list[str | Move]) -> None:
    forbidden_points(moves, Rules.square(15, 5, variant=variant))


def test_caros_edge_does_not_block() -> None:
    """Black's five h1-h5 has the edge above it and white's h6 below: a win."""
    moves = ["h1", "a1", "h2", "a2", "h3", "a3", "h4", "h6", "h5"]
    with pytest.raises(ValueError, match=r"^the game is over: move 9, 'h5', won it for X$"):
        forbidden_points(moves, Rules.square(15, 5, variant=Variant.CARO))
