"""Tests of configurations.rules: the one value that carries a game's rules, its checks and how it reads."""

from __future__ import annotations

import dataclasses

import pytest

from configurations import Configurations
from configurations.rules import Opening, Rules, RulesError, Variant


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
def test_rules_that_cannot_be_played_are_refused_saying_why(make: object, message: str) -> None:
    with pytest.raises(RulesError, match=f"^{message}"):
        make()  # type: ignore[operator]


def test_a_rules_error_is_a_value_error_and_numbers_must_be_ints() -> None:
    assert issubclass(RulesError, ValueError)
    with pytest.raises(TypeError, match="k"):
        Rules(3, 3, 3.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rows"):
        Rules(True, 3, 1)


def test_the_assignments_board_is_freestyle_on_a_square() -> None:
    assert Configurations(5, 4, 2).rules == Rules(5, 5, 4, Variant.FREESTYLE, Opening.FREE)
