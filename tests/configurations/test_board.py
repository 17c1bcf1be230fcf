"""Tests of configurations.board, .drawing and .symbols: every method, every error, and
property tests of wins / is_draw / eval_board against a brute-force scan."""

from __future__ import annotations

import math
import re
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    EMPTY,
    HUMAN,
    HUMAN_WINS,
    UNDECIDED,
    Configurations,
    column_label,
    dictionary_size,
    draw_board,
    opponent,
)
from configurations.board import as_computer
from configurations.rules import Opening, Rules, RulesError, Variant
from configurations.symbols import require_player
from hashdict import DictionaryException, HashDictionary, is_prime
from tests import models

SETTINGS = settings(deadline=None, max_examples=300, derandomize=True, database=None)


def board(rows: list[str], length_to_win: int, max_levels: int = 0) -> Configurations:
    return Configurations.from_rows(rows, length_to_win, max_levels)


# ---------------------------------------------------------------- symbols


def test_symbols_and_scores_are_the_specs() -> None:
    assert (HUMAN, COMPUTER, EMPTY) == ("X", "O", " ")
    assert (HUMAN_WINS, UNDECIDED, DRAW, COMPUTER_WINS) == (0, 1, 2, 3)


def test_opponent() -> None:
    assert opponent(HUMAN) == COMPUTER
    assert opponent(COMPUTER) == HUMAN


@pytest.mark.parametrize("symbol", [EMPTY, "x", "", "XO", None, 0])
def test_require_player_rejects_non_players(symbol: object) -> None:
    with pytest.raises(ValueError, match=r"^a player is 'X' or 'O', got ") as error:
        require_player(symbol)
    assert str(error.value).endswith(repr(symbol))


# ---------------------------------------------------------------- constructor


def test_new_board_is_empty_with_its_parameters() -> None:
    configs = Configurations(4, 3, 2)
    assert (configs.board_size, configs.length_to_win, configs.max_levels) == (4, 3, 2)
    assert configs.configuration() == " " * 16
    assert all(configs.square_is_empty(row, col) for row in range(4) for col in range(4))


@pytest.mark.parametrize(("size", "length", "levels"), [(1, 1, 0), (7, 1, 0), (7, 7, 49), (26, 5, 3)])
def test_constructor_accepts_the_limits(size: int, length: int, levels: int) -> None:
    configs = Configurations(size, length, levels)
    assert len(configs.configuration()) == size * size


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0, 1, 0), "board_size must be at least 1, got 0"),
        ((-3, 1, 0), "board_size must be at least 1, got -3"),
        ((3, 0, 0), "length_to_win must be between 1 and board_size (3), got 0"),
        ((3, 4, 0), "length_to_win must be between 1 and board_size (3), got 4"),
        ((3, -1, 0), "length_to_win must be between 1 and board_size (3), got -1"),
        ((3, 3, -1), "max_levels must be at least 0, got -1"),
    ],
)
def test_constructor_value_errors(arguments: tuple[int, int, int], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Configurations(*arguments)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("3", 3, 0), "board_size must be an int, not str: '3'"),
        ((3.0, 3, 0), "board_size must be an int, not float: 3.0"),
        ((True, 1, 0), "board_size must be an int, not bool: True"),
        ((3, None, 0), "length_to_win must be an int, not NoneType: None"),
        ((3, 3, False), "max_levels must be an int, not bool: False"),
        ((3, 3, [2]), "max_levels must be an int, not list: [2]"),
    ],
)
def test_constructor_type_errors(arguments: tuple[object, object, object], message: str) -> None:
    with pytest.raises(TypeError) as error:
        Configurations(*arguments)  # type: ignore[arg-type]
    assert str(error.value) == message


@pytest.mark.parametrize("name", ["board_size", "length_to_win", "max_levels"])
def test_properties_are_read_only(name: str) -> None:
    configs = Configurations(3, 3, 2)
    with pytest.raises(AttributeError):
        setattr(configs, name, 1)
    assert (configs.board_size, configs.length_to_win, configs.max_levels) == (3, 3, 2)


# ---------------------------------------------------------------- from_rows


def test_from_rows_places_every_tile() -> None:
    configs = board(["X O", " X ", "O  "], 3, 2)
    assert configs.configuration() == "X O X O  "
    assert (configs.board_size, configs.length_to_win, configs.max_levels) == (3, 3, 2)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (["XO", "X"], "row 1 is 'X': a board of 2 rows needs 2 squares in each, got 1"),
        (["XOX", "   "], "row 0 is 'XOX': a board of 2 rows needs 2 squares in each, got 3"),
        (["X.", "  "], "row 0 is 'X.': square 1 holds '.', not 'X', 'O' or ' '"),
        (["  ", "x "], "row 1 is 'x ': square 0 holds 'x', not 'X', 'O' or ' '"),
        ([], "board_size must be at least 1, got 0"),
    ],
)
def test_from_rows_value_errors(rows: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        Configurations.from_rows(rows, 1, 0)


def test_from_rows_type_errors() -> None:
    with pytest.raises(TypeError, match=r"^rows must be a sequence of strings, not a single str: 'X'$"):
        Configurations.from_rows("X", 1, 0)
    with pytest.raises(TypeError, match=r"^row 1 must be a str, not list: \['X', 'O'\]$"):
        Configurations.from_rows(["XO", ["X", "O"]], 1, 0)  # type: ignore[list-item]


# ---------------------------------------------------------------- save_play, square_is_empty, configuration


def test_configuration_is_row_by_row() -> None:
    configs = Configurations(3, 3, 0)
    configs.save_play(0, 2, HUMAN)
    configs.save_play(2, 0, COMPUTER)
    configs.save_play(1, 1, HUMAN)
    assert configs.configuration() == "  X X O  "


def test_save_play_replaces_and_clears() -> None:
    configs = Configurations(2, 2, 0)
    configs.save_play(1, 1, HUMAN)
    configs.save_play(1, 1, COMPUTER)
    assert configs.configuration() == "   O"
    assert not configs.square_is_empty(1, 1)
    configs.save_play(1, 1, EMPTY)
    assert configs.configuration() == "    "
    assert configs.square_is_empty(1, 1)
    assert not configs.is_draw()  # the cleared square counts as empty again


@pytest.mark.parametrize(("row", "col"), [(3, 0), (0, 3), (-1, 0), (0, -1), (-3, -3), (100, 1)])
def test_save_play_outside_the_board(row: int, col: int) -> None:
    configs = Configurations(3, 3, 0)
    with pytest.raises(IndexError) as error:
        configs.save_play(row, col, HUMAN)
    assert str(error.value) == f"square ({row}, {col}) is outside the 3x3 board: rows and columns run from 0 to 2"
    assert configs.configuration() == " " * 9


@pytest.mark.parametrize("symbol", ["x", "o", "", "XO", "0", ".", None, 1])
def test_save_play_rejects_other_symbols(symbol: object) -> None:
    configs = Configurations(3, 3, 0)
    message = f"symbol must be 'X', 'O' or ' ', got {symbol!r}"
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        configs.save_play(1, 1, symbol)  # type: ignore[arg-type]
    assert configs.configuration() == " " * 9


def test_save_play_checks_the_square_before_the_symbol() -> None:
    with pytest.raises(IndexError):
        Configurations(3, 3, 0).save_play(3, 3, "?")


@pytest.mark.parametrize(("row", "col", "message"), [
    ("1", 0, "row must be an int, not str: '1'"),
    (0, 1.0, "col must be an int, not float: 1.0"),
    (True, 0, "row must be an int, not bool: True"),
])  # fmt: skip
def test_squares_are_named_by_ints(row: object, col: object, message: str) -> None:
    configs = Configurations(3, 3, 0)
    with pytest.raises(TypeError) as error:
        configs.save_play(row, col, HUMAN)  # type: ignore[arg-type]
    assert str(error.value) == message
    with pytest.raises(TypeError):
        configs.square_is_empty(row, col)  # type: ignore[arg-type]


@pytest.mark.parametrize(("row", "col"), [(2, 0), (0, 2), (-1, 1), (1, -1)])
def test_square_is_empty_outside_the_board(row: int, col: int) -> None:
    with pytest.raises(IndexError) as error:
        Configurations(2, 2, 0).square_is_empty(row, col)
    assert str(error.value) == f"square ({row}, {col}) is outside the 2x2 board: rows and columns run from 0 to 1"


@st.composite
def play_sequences(draw: st.DrawFn) -> tuple[int, int, list[tuple[int, int, str]]]:
    """A board size, a length to win, and plays on the board or one square off any edge."""
    size = draw(st.integers(1, 5))
    length = draw(st.integers(1, size))
    index = st.integers(-1, size)
    plays = draw(st.lists(st.tuples(index, index, st.sampled_from([HUMAN, COMPUTER, EMPTY])), max_size=60))
    return size, length, plays


@pytest.mark.slow
@SETTINGS
@given(play_sequences())
def test_save_play_against_a_model(sequence: tuple[int, int, list[tuple[int, int, str]]]) -> None:
    """Random plays, replays and clears: the board, its emptiness and its scores follow a plain model."""
    size, length, plays = sequence
    configs = Configurations(size, length, 4)
    model = [[EMPTY] * size for _ in range(size)]
    for row, col, symbol in plays:
        if 0 <= row < size and 0 <= col < size:
            configs.save_play(row, col, symbol)
            model[row][col] = symbol
            assert configs.square_is_empty(row, col) == (symbol == EMPTY)
        else:
            with pytest.raises(IndexError):
                configs.save_play(row, col, symbol)
        rows = ["".join(line) for line in model]
        assert configs.configuration() == "".join(rows)
        x_wins, o_wins = models.wins(rows, length, HUMAN), models.wins(rows, length, COMPUTER)
        empty = "".join(rows).count(EMPTY)
        assert configs.is_draw() == (empty == 0 and not x_wins and not o_wins)
        expected = COMPUTER_WINS if o_wins else HUMAN_WINS if x_wins else DRAW if empty == 0 else UNDECIDED
        assert configs.eval_board() == expected
        assert configs.create_dictionary().size == dictionary_size(empty, 4)


# ---------------------------------------------------------------- wins, is_draw, eval_board


@pytest.mark.parametrize(
    ("rows", "length", "x_wins", "o_wins"),
    [
        (["   ", "XXX", "O O"], 3, True, False),
        ([" O ", "XO ", "XO "], 3, False, True),
        (["X   ", " X  ", "  X ", "O O "], 3, True, False),
        (["    ", "   O", "  O ", " O  "], 3, False, True),
        (["  X ", "   X", "    ", "    "], 2, True, False),  # a diagonal off the main one
        (["   O", "  O ", "    ", "    "], 2, False, True),  # an anti-diagonal through a corner
        (["XX X", "    ", "X   ", "X   "], 3, False, False),  # broken lines
        (["X  O", "  O ", " X  ", "O   "], 3, False, False),  # an anti-diagonal broken by an X
        (["OOOO", "XXXX", "    ", "    "], 4, True, True),
        (["X"], 1, True, False),
        ([" "], 1, False, False),
    ],
)
def test_wins_examples(rows: list[str], length: int, x_wins: bool, o_wins: bool) -> None:
    configs = board(rows, length)
    assert (configs.wins(HUMAN), configs.wins(COMPUTER)) == (x_wins, o_wins)


def test_wins_is_about_lines_not_counts() -> None:
    configs = board(["XOX", "OXO", "OXO"], 3)  # five X tiles, none three in a line
    assert not configs.wins(HUMAN)
    configs.save_play(2, 2, HUMAN)
    assert configs.wins(HUMAN)  # the main diagonal


@pytest.mark.parametrize("symbol", [EMPTY, "x", "XX", None])
def test_wins_rejects_non_players(symbol: object) -> None:
    with pytest.raises(ValueError, match=r"^a player is 'X' or 'O', got "):
        Configurations(3, 3, 0).wins(symbol)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rows", "length", "draw", "score"),
    [
        (["XOX", "XOO", "OXX"], 3, True, DRAW),
        (["XOX", "XO ", "OXX"], 3, False, UNDECIDED),
        (["XOX", "XOO", "XXO"], 3, False, HUMAN_WINS),  # full, but X has a column
        (["OXX", "XOO", "XXO"], 3, False, COMPUTER_WINS),  # full, O has the diagonal
        (["OOO", "XXX", "   "], 3, False, COMPUTER_WINS),  # both: O is checked first
        (["XO", "  "], 2, False, UNDECIDED),
        (["  ", "  "], 1, False, UNDECIDED),
        (["O"], 1, False, COMPUTER_WINS),
    ],
)
def test_is_draw_and_eval_board_examples(rows: list[str], length: int, draw: bool, score: int) -> None:
    configs = board(rows, length)
    assert configs.is_draw() == draw
    assert configs.eval_board() == score


@st.composite
def any_boards(draw: st.DrawFn) -> tuple[list[str], int]:
    """Any board of size 1-7, legal or not (both players may have lines), and any length to win."""
    size = draw(st.integers(1, 7))
    length = draw(st.integers(1, size))
    # Mostly-full boards and mostly-empty boards both make long lines likely for someone.
    weights = draw(st.sampled_from(["XO ", "XXO ", "XOO ", "XO   ", "XXXO", "OOOX", "X O"]))
    squares = draw(st.lists(st.sampled_from(weights), min_size=size * size, max_size=size * size))
    return ["".join(squares[row * size : (row + 1) * size]) for row in range(size)], length


@pytest.mark.slow
@SETTINGS
@given(any_boards())
def test_wins_is_draw_and_eval_board_match_a_brute_force_scan(case: tuple[list[str], int]) -> None:
    rows, length = case
    configs = board(rows, length)
    x_wins, o_wins = models.wins(rows, length, HUMAN), models.wins(rows, length, COMPUTER)
    full = EMPTY not in "".join(rows)
    assert configs.wins(HUMAN) == x_wins
    assert configs.wins(COMPUTER) == o_wins
    assert configs.is_draw() == (full and not x_wins and not o_wins)
    expected = COMPUTER_WINS if o_wins else HUMAN_WINS if x_wins else DRAW if full else UNDECIDED
    assert configs.eval_board() == expected


@SETTINGS
@given(st.integers(1, 7).flatmap(lambda size: st.tuples(st.just(size), st.integers(1, size), st.integers(0, 3))))
def test_every_single_line_of_length_to_win_is_seen(params: tuple[int, int, int]) -> None:
    """Each segment of exactly length_to_win squares, alone on the board, is a win, and one square less is not."""
    size, length, direction = params
    row_step, col_step = ((0, 1), (1, 0), (1, 1), (1, -1))[direction]
    for row in range(size):
        for col in range(size):
            squares = [(row + i * row_step, col + i * col_step) for i in range(length)]
            if not all(0 <= r < size and 0 <= c < size for r, c in squares):
                continue
            configs = Configurations(size, length, 0)
            for r, c in squares:
                configs.save_play(r, c, COMPUTER)
            assert configs.wins(COMPUTER), (squares, size)
            assert configs.eval_board() == COMPUTER_WINS
            configs.save_play(*squares[length // 2], HUMAN)
            assert not configs.wins(COMPUTER), (squares, size)


# ---------------------------------------------------------------- the transposition table


def test_create_dictionary_is_an_empty_hash_dictionary_with_a_prime_size() -> None:
    configs = Configurations(4, 3, 6)
    table = configs.create_dictionary()
    assert isinstance(table, HashDictionary)
    assert table.num_records() == 0
    assert is_prime(table.size)
    assert table.size == dictionary_size(16, 6)
    assert configs.create_dictionary() is not table


def test_create_dictionary_sizes_for_the_empty_squares() -> None:
    configs = Configurations(5, 4, 3)
    before = configs.create_dictionary().size
    for square in range(20):
        configs.save_play(square // 5, square % 5, HUMAN if square % 2 else COMPUTER)
    assert configs.create_dictionary().size == dictionary_size(5, 3) < before


def storable_boards(empty: int, levels: int) -> int:
    """How many distinct boards the search could store: 1..levels tiles added, the computer first."""
    return sum(
        math.comb(empty, tiles) * math.comb(tiles, (tiles + 1) // 2) for tiles in range(1, min(levels, empty) + 1)
    )


@SETTINGS
@given(st.integers(0, 49), st.integers(0, 60))
def test_dictionary_size_is_a_prime_that_fits_every_storable_board(empty: int, levels: int) -> None:
    size = dictionary_size(empty, levels)
    assert is_prime(size)
    cap = dictionary_size(49, 49)
    assert size >= min(storable_boards(empty, levels), cap)
    assert size <= cap
    assert dictionary_size(empty, levels + 1) >= size  # deeper searches never get smaller tables


def test_dictionary_size_examples() -> None:
    assert dictionary_size(9, 0) == 1019  # nothing is stored at all
    assert dictionary_size(0, 5) == 1019  # a full board
    assert dictionary_size(9, 2) == 1019  # 3x3: at most 9 + 36 * 2 = 81 boards
    assert dictionary_size(15, 3) == 1997  # 4x4, one tile, three levels: 1 590 storable boards
    assert dictionary_size(15, 6) == 164707  # 140 010 storable boards: 4x4, one tile, six levels
    assert dictionary_size(49, 4) == 230563  # the cap


def test_repeated_and_add_configuration() -> None:
    configs = Configurations(3, 3, 2)
    table = configs.create_dictionary()
    assert configs.repeated_configuration(table) == -1
    configs.add_configuration(table, DRAW)
    assert configs.repeated_configuration(table) == DRAW
    configs.save_play(0, 0, HUMAN)
    assert configs.repeated_configuration(table) == -1
    configs.add_configuration(table, HUMAN_WINS)  # a score of 0 is a score, not "absent"
    assert configs.repeated_configuration(table) == HUMAN_WINS
    assert table.get("X" + " " * 8) == HUMAN_WINS  # the key is the configuration string
    configs.save_play(0, 0, EMPTY)
    assert configs.repeated_configuration(table) == DRAW
    assert table.num_records() == 2


def test_add_configuration_twice_raises_and_keeps_the_first_score() -> None:
    configs = board(["X  ", " O ", "   "], 3, 2)
    table = configs.create_dictionary()
    configs.add_configuration(table, UNDECIDED)
    with pytest.raises(DictionaryException) as error:
        configs.add_configuration(table, COMPUTER_WINS)
    assert str(error.value) == "configuration 'X   O    ' is already stored"
    assert configs.repeated_configuration(table) == UNDECIDED
    assert table.num_records() == 1


def test_add_configuration_rejects_a_negative_score() -> None:
    configs = Configurations(2, 2, 1)
    table = configs.create_dictionary()
    with pytest.raises(ValueError, match="must not be negative"):
        configs.add_configuration(table, -1)
    assert table.num_records() == 0


# ---------------------------------------------------------------- drawing and repr


def test_str_draws_the_board() -> None:
    configs = board(["X  ", " O ", "  X"], 3)
    expected = textwrap.dedent(
        """\
          a b c
        1 X . .
        2 . O .
        3 . . X"""
    )
    assert str(configs) == expected
    assert draw_board(configs) == expected


def test_str_right_aligns_two_digit_row_numbers() -> None:
    configs = Configurations(10, 3, 0)
    configs.save_play(9, 9, COMPUTER)
    lines = str(configs).splitlines()
    assert lines[0] == "   a b c d e f g h i j"
    assert lines[1] == " 1 . . . . . . . . . ."
    assert lines[10] == "10 . . . . . . . . . O"
    assert len(lines) == 11


def test_str_of_a_one_square_board() -> None:
    assert str(Configurations(1, 1, 0)) == "  a\n1 ."


def test_str_beyond_26_columns_widens_every_column() -> None:
    lines = str(Configurations(27, 3, 0)).splitlines()
    assert lines[0].startswith("   a  b  c ")
    assert lines[0].endswith(" y  z  aa")
    assert lines[1] == " 1 " + " ".join(["."] * 27).replace(" ", "  ")
    assert not any(line.endswith(" ") for line in lines)


@pytest.mark.parametrize(
    ("col", "label"),
    [(0, "a"), (1, "b"), (25, "z"), (26, "aa"), (51, "az"), (52, "ba"), (701, "zz"), (702, "aaa")],
)
def test_column_label(col: int, label: str) -> None:
    assert column_label(col) == label


def test_column_label_rejects_a_negative_column() -> None:
    with pytest.raises(ValueError, match=r"^a column is counted from 0, got -1$"):
        column_label(-1)


def test_repr_of_an_empty_board() -> None:
    assert repr(Configurations(4, 3, 2)) == "Configurations(board_size=4, length_to_win=3, max_levels=2)"


def test_repr_of_a_board_with_tiles() -> None:
    configs = board(["X  ", " O ", "   "], 3, 2)
    assert repr(configs) == "Configurations.from_rows(['X  ', ' O ', '   '], length_to_win=3, max_levels=2)"


@pytest.mark.slow
@SETTINGS
@given(any_boards(), st.integers(0, 9))
def test_repr_evaluates_back_to_the_same_board(case: tuple[list[str], int], levels: int) -> None:
    rows, length = case
    configs = board(rows, length, levels)
    copy = eval(repr(configs), {"Configurations": Configurations})
    assert isinstance(copy, Configurations)
    assert copy.configuration() == configs.configuration()
    assert (copy.board_size, copy.length_to_win, copy.max_levels) == (len(rows), length, levels)
    assert repr(copy) == repr(configs)


# ---------------------------------------------------------------- a board played by other rules


def test_a_board_for_rules_keeps_them() -> None:
    rules = Rules.square(6, 4, variant=Variant.CARO, opening=Opening.SWAP)
    configs = Configurations.for_rules(rules, 3)
    assert configs.rules is rules
    assert (configs.board_size, configs.length_to_win, configs.max_levels) == (6, 4, 3)
    assert configs.configuration() == " " * 36
    assert isinstance(configs, Configurations)


def test_the_assignments_board_keeps_its_own_class_and_win_test() -> None:
    """The constructor's board is the class itself: its wins is the one the reference search was measured with."""
    plain = Configurations(3, 3, 0)
    assert type(plain) is Configurations
    assert type(plain).wins is Configurations.wins
    assert type(Configurations.for_rules(Rules.square(3, 3, variant="standard"), 0)).wins is not Configurations.wins


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Configurations.for_rules(Rules(4, 5, 3), 0), RulesError, r"^a board of 4x5 is not square$"),
        (lambda: Configurations.for_rules(Rules.square(3, 3), -1), ValueError, r"^max_levels must be at least 0"),
        (
            lambda: Configurations.for_rules(Rules.square(3, 3), 0, rows=["   ", "   "]),
            ValueError,
            r"^row 0 is '   ': a board of 2 rows needs 2 squares in each, got 3$",
        ),
        (
            lambda: Configurations.for_rules(Rules.square(3, 3), 0, rows=["  ", "  "]),
            ValueError,
            r"^rows must be 3 rows for a 3x3 board, got 2$",
        ),
        (
            lambda: Configurations.for_rules(Rules.square(2, 2), 0, rows=["x ", "  "]),
            ValueError,
            r"^row 0 is 'x ': square 0 holds 'x', not 'X', 'O' or ' '$",
        ),
        (lambda: Configurations.for_rules(Rules.square(2, 2), 0, rows="X   "), TypeError, r"^rows must be a sequence"),
    ],
)
def test_for_rules_refuses_saying_why(make: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        make()  # type: ignore[operator]


@st.composite
def ruled_boards(draw: st.DrawFn) -> tuple[Rules, list[str]]:
    """Rules of any variant on a square of 1 to 7 (renju from 5, with five), and a board of any squares."""
    variant = draw(st.sampled_from(list(Variant)))
    size = draw(st.integers(5 if variant is Variant.RENJU else 1, 7))
    length = 5 if variant is Variant.RENJU else draw(st.integers(1, size))
    squares = draw(st.lists(st.sampled_from("XXOO "), min_size=size * size, max_size=size * size))
    return Rules.square(size, length, variant=variant), [
        "".join(squares[row * size : (row + 1) * size]) for row in range(size)
    ]


@SETTINGS
@given(ruled_boards())
def test_a_board_for_rules_wins_by_its_variant(case: tuple[Rules, list[str]]) -> None:
    """wins, is_draw and eval_board follow the variant's model; a freestyle board answers as the constructor's."""
    rules, rows = case
    configs = Configurations.for_rules(rules, 0, rows=rows)
    x_wins, o_wins = (models.variant_wins(rules.variant, rows, rules.k, symbol) for symbol in (HUMAN, COMPUTER))
    assert (configs.wins(HUMAN), configs.wins(COMPUTER)) == (x_wins, o_wins)
    full = EMPTY not in "".join(rows)
    assert configs.is_draw() == (full and not x_wins and not o_wins)
    expected = COMPUTER_WINS if o_wins else HUMAN_WINS if x_wins else DRAW if full else UNDECIDED
    assert configs.eval_board() == expected
    if rules.variant is Variant.FREESTYLE:
        plain = board(rows, rules.k)
        assert (plain.wins(HUMAN), plain.wins(COMPUTER), plain.eval_board()) == (x_wins, o_wins, expected)


@pytest.mark.parametrize(
    ("variant", "rows", "x_wins", "o_wins"),
    [
        ("standard", ["XXXXXX", "OOOOO ", "      ", "      ", "      ", "      "], False, True),
        ("renju", ["XXXXXX", "OOOOOO", "      ", "      ", "      ", "      "], False, True),
        ("renju", ["XXXXX ", "OOOO  ", "      ", "      ", "      ", "      "], True, False),
        ("caro", ["OXXXXX", "XOOOOO", "      ", "      ", "      ", "      "], True, True),  # the edge blocks nothing
        ("caro", ["      ", "      ", "      ", "      ", "      ", "      "], False, False),
    ],
)
def test_wins_by_variant(variant: str, rows: list[str], x_wins: bool, o_wins: bool) -> None:
    configs = Configurations.for_rules(Rules.square(6, 5, variant=variant), 0, rows=rows)
    assert (configs.wins(HUMAN), configs.wins(COMPUTER)) == (x_wins, o_wins)


def test_a_caro_five_blocked_at_both_ends_is_no_win_and_a_full_board_of_them_a_draw() -> None:
    rows = ["OXXXO", "XOOOX", "OXXXO", "XOOOX", "OXXXO"]
    configs = Configurations.for_rules(Rules.square(5, 3, variant=Variant.CARO), 0, rows=rows)
    assert board(rows, 3).wins(HUMAN)  # three in a row, as freestyle counts
    assert not configs.wins(HUMAN)
    assert not configs.wins(COMPUTER)
    assert configs.is_draw()
    assert configs.eval_board() == DRAW


@pytest.mark.parametrize(
    ("rules", "rows", "expected"),
    [
        (Rules.square(3, 3, variant="standard"), ["   "] * 3, "Configurations.for_rules(Rules(rows=3, cols=3, k=3, "
         "variant=Variant.STANDARD), max_levels=2)"),
        (Rules.square(3, 2, variant="caro"), ["X  ", " O ", "   "], "Configurations.for_rules(Rules(rows=3, cols=3, "
         "k=2, variant=Variant.CARO), max_levels=2, rows=['X  ', ' O ', '   '])"),
        (Rules.square(3, 3, opening="swap"), ["   "] * 3, "Configurations.for_rules(Rules(rows=3, cols=3, k=3, "
         "opening=Opening.SWAP), max_levels=2)"),
    ],
)  # fmt: skip
def test_repr_of_a_board_for_rules(rules: Rules, rows: list[str], expected: str) -> None:
    configs = Configurations.for_rules(rules, 2, rows=rows)
    assert repr(configs) == expected
    names = {"Configurations": Configurations, "Rules": Rules, "Variant": Variant, "Opening": Opening}
    copy = eval(repr(configs), names)
    assert (copy.rules, copy.configuration(), repr(copy)) == (rules, configs.configuration(), expected)


def test_as_computer_keeps_the_rules_and_renjus_colours() -> None:
    """The copy for X's search swaps the stones, and with them black: X's overline is still no win, O's is."""
    rules = Rules.square(7, 5, variant=Variant.RENJU)
    rows = ["XXXXXX ", "OOOOOO ", *["       "] * 5]
    configs = Configurations.for_rules(rules, 1, rows=rows)
    assert (configs.wins(HUMAN), configs.wins(COMPUTER)) == (False, True)
    copy = as_computer(configs, HUMAN, 2)
    assert copy.rules is rules
    assert copy.max_levels == 2
    assert copy.configuration().startswith("OOOOOO XXXXXX ")
    assert (copy.wins(HUMAN), copy.wins(COMPUTER)) == (True, False)  # X is white in the copy
    names = {"Configurations": Configurations, "Rules": Rules, "Variant": Variant, "as_computer": as_computer}
    again = eval(repr(copy), names)
    assert (again.configuration(), again.wins(HUMAN), again.wins(COMPUTER)) == (copy.configuration(), True, False)
    assert as_computer(copy, HUMAN, 1).wins(HUMAN) is False  # swapped back: X is black again
    unswapped = as_computer(configs, COMPUTER, 2)
    assert (unswapped.configuration(), unswapped.wins(HUMAN)) == (configs.configuration(), False)
