"""Tests of the search's board and searches under standard, renju and caro: the threats each variant counts, black's
forbidden points under renju, and the searches that must neither count a win the variant does not nor play a point
black may not."""

from __future__ import annotations

import random

import pytest

from configurations.moves import Move
from configurations.rules import Rules
from configurations.symbols import EMPTY
from configurations.variants import renju_foul, wins_through
from tictactoe.solver import variant_board
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.search_board import CROSS, NOUGHT, SIDES, SearchBoard
from tictactoe.solver.strong_search import PROVED, StrongSearch
from tictactoe.solver.threats import ThreatSearch
from tictactoe.solver.variant_board import VariantBoard, search_board

VARIANTS = ("standard", "renju", "caro")


def ruled(variant: str, rows: list[str]) -> Position:
    """The position drawn by ``rows`` (``X``, ``O``, ``.``) of a square board with five in a row, under ``variant``."""
    text = "".join(rows)
    x_tiles = sum(1 << index for index, symbol in enumerate(text) if symbol == "X")
    o_tiles = sum(1 << index for index, symbol in enumerate(text) if symbol == "O")
    return Position(Rules.square(len(rows), 5, variant=variant), x_tiles, o_tiles)


def blank(size: int = 15) -> list[list[str]]:
    """An empty board of ``size`` rows, as lists of squares to fill in."""
    return [["."] * size for _ in range(size)]


def drawn(grid: list[list[str]]) -> list[str]:
    return ["".join(row) for row in grid]


def square(board: SearchBoard, row: int, col: int) -> int:
    return row * board.cols + col


def model_threats(board: VariantBoard, player: int) -> int:
    """The empty squares where ``player``'s stone wins under the board's rules, by configurations.variants."""
    text = board.configuration()
    found = 0
    for index, symbol in enumerate(text):
        if symbol == EMPTY:
            placed = text[:index] + SIDES[player] + text[index + 1 :]
            if wins_through(board.rules, placed, Move(*divmod(index, board.cols))):
                found |= 1 << index
    return found


def random_boards(variant: str, size: int, count: int, seed: int) -> list[VariantBoard]:
    """``count`` boards of ``size`` x ``size`` under ``variant``, each the end of a seeded random game that stops
    before a win: stones near each other, so that lines form."""
    rng = random.Random(seed)
    boards: list[VariantBoard] = []
    rules = Rules.square(size, 5, variant=variant)
    while len(boards) < count:
        board = VariantBoard(Position(rules, 0, 0))
        centre = size // 2
        for _ in range(rng.randrange(8, 2 * size + 8)):
            spread = rng.choice((2, 3, size))
            empty = [
                s
                for s in board.empty_squares()
                if abs(s // size - centre) <= spread and abs(s % size - centre) <= spread
            ]
            moves = [s for s in empty if not board.threats[board.mover] >> s & 1 and not board.threats[1 - board.mover]]
            if not moves:
                break
            board.play(rng.choice(moves))
        boards.append(board)
    return boards


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_board_s_threats_are_the_squares_that_win_under_the_variant(variant: str) -> None:
    for board in random_boards(variant, 9, 40, seed=len(variant)):
        for player in (CROSS, NOUGHT):
            assert board.threats[player] == model_threats(board, player), board.configuration()
        board.undo()
        for player in (CROSS, NOUGHT):
            assert board.threats[player] == model_threats(board, player), board.configuration()


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_square_of_two_threats_makes_two_squares_that_win(variant: str) -> None:
    for board in random_boards(variant, 9, 12, seed=7 + len(variant)):
        for player in (CROSS, NOUGHT):
            if board.threats[player]:
                continue  # a search asks only where the player has no threat yet
            expected, tiles = 0, board.tiles
            for empty in board.empty_squares():
                placed = list(tiles)
                placed[player] |= 1 << empty
                board.tiles = (placed[0], placed[1])
                made = model_threats(board, player)
                board.tiles = tiles
                if made & (made - 1) and not (player == CROSS and board.forbidden(empty)):
                    expected |= 1 << empty
            assert board.double_threats(player) == expected, board.configuration()


@pytest.mark.slow
def test_black_s_forbidden_points_are_renju_s_on_the_board_played_and_taken_back() -> None:
    for board in random_boards("renju", 15, 30, seed=3):
        text = board.configuration()
        for empty in board.empty_squares():
            assert board.forbidden(empty) == (renju_foul(text, 15, 15, Move(*divmod(empty, 15))) is not None), text
        board.undo()
        text = board.configuration()
        assert [empty for empty in board.empty_squares() if board.forbidden(empty)] == [
            empty for empty in board.empty_squares() if renju_foul(text, 15, 15, Move(*divmod(empty, 15))) is not None
        ]


def test_a_freestyle_position_is_searched_on_the_freestyle_board() -> None:
    position = Position(Rules.square(9, 5), 0, 0)
    assert type(search_board(position)) is SearchBoard
    assert type(search_board(ruled("caro", ["." * 9] * 9))) is VariantBoard
    with pytest.raises(ValueError, match="freestyle"):
        VariantBoard(position)


def test_an_overline_is_no_five_under_standard_and_for_black_under_renju() -> None:
    rows = blank()
    for col in (3, 4, 5, 6, 8):
        rows[7][col], rows[9][col] = "X", "O"
    rows[7][2], rows[9][2] = "O", "X"  # c8 and c10: the five on the other side is blocked
    for name, black, white in (("freestyle", True, True), ("standard", False, False), ("renju", False, True)):
        board = search_board(ruled(name, drawn(rows)))
        assert (bool(board.threats[CROSS]), bool(board.threats[NOUGHT])) == (black, white), name


def test_a_five_blocked_at_both_ends_is_no_five_under_caro() -> None:
    rows = blank(9)
    rows[0][0:6] = list("OXXXX.")
    rows[0][6] = "O"
    rows[5][2:4] = ["O", "O"]
    rows[6][2] = "X"
    board = search_board(ruled("caro", drawn(rows)))
    assert not board.threats[CROSS]
    rows[0][6] = "."  # open at one end: a win again
    rows[5][5] = "O"
    assert search_board(ruled("caro", drawn(rows))).threats[CROSS] == 1 << 5


def test_the_winner_of_a_position_is_the_variant_s() -> None:
    rows = blank(9)
    rows[0][0:6] = list("XXXXXX")
    rows[2][0:5] = list("OOOOO")
    rows[8][8] = "O"  # white moved last: its five ends the game
    with pytest.raises(PositionError, match="both"):
        ruled("freestyle", drawn(rows))
    assert ruled("standard", drawn(rows)).winner == SIDES[NOUGHT]
    assert ruled("renju", drawn(rows)).winner == SIDES[NOUGHT]


def forced_onto_a_forbidden_point() -> list[str]:
    """White to move: its four on row 8 (d8-g8 with g8 played) can be blocked only on h8, black's double three
    (h6-h7 and f6-g7); c8 is black's already."""
    rows = blank()
    for row, col in [(5, 7), (6, 7), (5, 5), (6, 6), (7, 2)]:
        rows[row][col] = "X"
    for row, col in [(7, 3), (7, 4), (7, 5), (0, 14)]:
        rows[row][col] = "O"
    return drawn(rows)


def test_white_wins_by_forcing_black_s_only_defence_onto_a_forbidden_point() -> None:
    renju = search_board(ruled("renju", forced_onto_a_forbidden_point()))
    assert renju.mover == NOUGHT
    assert renju.forbidden(square(renju, 7, 7))
    line = ThreatSearch(renju).find()
    assert line is not None
    assert line[0] == square(renju, 7, 6)
    freestyle = search_board(ruled("freestyle", forced_onto_a_forbidden_point()))
    assert ThreatSearch(freestyle).find() is None
    decision = StrongSearch(renju.rules).choose(ruled("renju", forced_onto_a_forbidden_point()), max_plies=4, think=30)
    assert decision.score >= PROVED
    assert str(decision.move) == "g8"


def test_black_to_block_on_a_forbidden_point_has_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variant_board, "CHECK_FORBIDDEN", True)
    rows = [list(row) for row in forced_onto_a_forbidden_point()]
    rows[7][6] = "O"  # white has played its four; black may not block it
    position = ruled("renju", drawn(rows))
    decision = StrongSearch(position.rules).choose(position, max_plies=4, think=30)
    assert decision.score <= -PROVED
    assert str(decision.move) != "h8"


def four_four() -> list[str]:
    """Black to move: h8 would make two fours at once (e8-g8, h5-h7; d8 and h4 are white's), a double four."""
    rows = blank()
    for row, col in [(7, 4), (7, 5), (7, 6), (4, 7), (5, 7), (6, 7)]:
        rows[row][col] = "X"
    for row, col in [(7, 3), (3, 7), (0, 0), (0, 14), (14, 0), (14, 14)]:
        rows[row][col] = "O"
    return drawn(rows)


def test_a_black_win_by_fours_is_refused_where_it_passes_through_a_forbidden_point(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(variant_board, "CHECK_FORBIDDEN", True)
    freestyle = search_board(ruled("freestyle", four_four()))
    line = ThreatSearch(freestyle).find()
    assert line is not None
    assert line[0] == square(freestyle, 7, 7)
    renju = search_board(ruled("renju", four_four()))
    assert renju.forbidden(square(renju, 7, 7))
    assert not renju.double_threats(CROSS) >> square(renju, 7, 7) & 1
    assert ThreatSearch(renju).find() is None
    believed = ThreatSearch(renju, threes=True).find()
    assert believed is None or square(renju, 7, 7) not in believed[::2]
    decision = StrongSearch(renju.rules).choose(ruled("renju", four_four()), max_plies=3, think=30)
    assert str(decision.move) != "h8"


def test_white_knows_a_black_four_that_only_an_overline_completes_is_no_threat() -> None:
    rows = blank()
    for col in (3, 4, 5, 6, 8):
        rows[7][col] = "X"
    for row, col in [(7, 2), (0, 0), (0, 4), (4, 0), (14, 14)]:
        rows[row][col] = "O"
    rows[14][7] = "X"
    position = ruled("renju", drawn(rows))
    assert position.mover == SIDES[NOUGHT]
    assert not search_board(position).threats[CROSS]
    assert search_board(ruled("freestyle", drawn(rows))).threats[CROSS] == 1 << 7 * 15 + 7
    decision = StrongSearch(position.rules).choose(position, max_plies=2, think=30)
    assert decision.score > -PROVED  # no loss: black has no five to make


@pytest.mark.slow
def test_no_forbidden_black_move_is_played_anywhere_in_the_tree(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench.strong import time_positions  # the bench's positions, built only for this test

    monkeypatch.setattr(variant_board, "CHECK_FORBIDDEN", True)
    rules = Rules.square(15, 5, variant="renju")
    search = StrongSearch(rules)
    for position in time_positions():
        decision = search.choose(Position(rules, position.x_tiles, position.o_tiles), max_plies=3, think=30)
        board = search_board(Position(rules, position.x_tiles, position.o_tiles))
        assert not (board.mover == CROSS and board.forbidden(decision.move.row * 15 + decision.move.col))


def test_the_check_of_black_s_moves_catches_a_forbidden_one(monkeypatch: pytest.MonkeyPatch) -> None:
    board = search_board(ruled("renju", four_four()))
    board.play(square(board, 7, 7))  # unchecked: the flag is off in play
    board.undo()
    monkeypatch.setattr(variant_board, "CHECK_FORBIDDEN", True)
    with pytest.raises(AssertionError, match="h8 is forbidden for black: double four"):
        board.play(square(board, 7, 7))


def winning_squares(rules: Rules, text: str, symbol: str) -> set[int]:
    """The empty squares where ``symbol``'s stone wins on ``text`` under ``rules``, by configurations.variants."""
    return {
        index
        for index, square in enumerate(text)
        if square == EMPTY
        and wins_through(rules, text[:index] + symbol + text[index + 1 :], Move(*divmod(index, rules.cols)))
    }


def stopping_squares(rules: Rules, text: str, symbol: str) -> set[int]:
    """The empty squares where the other player's stone leaves ``symbol`` no square that wins (under renju, of
    those black may play), by configurations.variants."""
    other = "O" if symbol == "X" else "X"
    found = set()
    for index, square in enumerate(text):
        if square != EMPTY:
            continue
        if (
            other == "X"
            and rules.variant == "renju"
            and renju_foul(text, rules.rows, rules.cols, Move(*divmod(index, rules.cols)))
        ):
            continue
        if not winning_squares(rules, text[:index] + other + text[index + 1 :], symbol) - {index}:
            found.add(index)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_squares_that_stop_a_threat_are_those_a_stone_leaves_no_win_after(variant: str) -> None:
    checked = 0
    for board in random_boards(variant, 9, 120, seed=30 + len(variant)):
        text = board.configuration()
        for player in (CROSS, NOUGHT):
            if board.threats[player] and not board.threats[1 - player]:
                checked += 1
                expected = stopping_squares(board.rules, text, SIDES[player])
                assert {s for s in range(board.squares) if board.stops(player) >> s & 1} == expected, text
    assert checked >= 10


def replays_to_a_win(board: VariantBoard, line: list[int]) -> bool:
    """Whether ``line`` (a win by fours of the player to move on ``board``) wins when played out by the rules
    of configurations.variants: each attacking move but the last leaves a square that wins, each reply is one
    of the squares that stop it (any square where none does), and the last move wins."""
    rules, text = board.rules, board.configuration()
    attacker, defender = SIDES[board.mover], SIDES[1 - board.mover]
    for index in range(0, len(line), 2):
        if text[line[index]] != EMPTY:
            return False
        text = text[: line[index]] + attacker + text[line[index] + 1 :]
        if index == len(line) - 1:
            return wins_through(rules, text, Move(*divmod(line[index], rules.cols)))
        stops = stopping_squares(rules, text, attacker)
        if not winning_squares(rules, text, attacker):
            return False  # no four: the defender would have a free move
        if index + 1 == len(line) - 1:  # black may not block: the line ends on the square white completes
            return not stops and line[-1] in winning_squares(rules, text, attacker)
        if stops and line[index + 1] not in stops:
            return False
        text = text[: line[index + 1]] + defender + text[line[index + 1] + 1 :]
    return False


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_win_by_fours_the_threat_search_finds_is_one_under_the_variant(variant: str) -> None:
    found = 0
    for board in random_boards(variant, 11, 60, seed=20 + len(variant)):
        if board.threats[0] or board.threats[1]:
            continue
        line = ThreatSearch(board).find()
        if line is not None:
            found += 1
            assert replays_to_a_win(board, line), (board.configuration(), line)
    assert found >= 5


def test_under_caro_a_stone_at_the_open_end_of_a_four_stops_it() -> None:
    rows = blank(9)
    rows[0][0:5] = list("OXXXX")  # X's four, closed on the left by O: f1 wins for X, unless O closes g1 too
    rows[8][8] = rows[8][6] = "O"
    caro, freestyle = search_board(ruled("caro", drawn(rows))), search_board(ruled("freestyle", drawn(rows)))
    assert caro.threats[CROSS] == freestyle.threats[CROSS] == 1 << 5
    assert (caro.stops(CROSS), freestyle.stops(CROSS)) == (1 << 5 | 1 << 6, 1 << 5)
    caro.play(6)
    assert not caro.threats[CROSS]
    decision = StrongSearch(caro.rules).choose(ruled("caro", drawn(rows)), max_plies=2, think=30)
    assert str(decision.move) in {"f1", "g1"}
