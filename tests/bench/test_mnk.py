"""Tests of bench.mnk: which boards it solves, the published values it compares with, and one board solved and
checked by the real programs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.mnk import NORMAL_GAME_ONLY, REGIONS, STATED, Published, boards, line, published, solve_and_check

if TYPE_CHECKING:
    from pathlib import Path


def test_every_board_up_to_7x7_with_3_4_and_5_in_a_row_that_fits_a_line() -> None:
    every = boards(7)
    assert len(every) == len(set(every)) == 65
    assert all(1 <= rows <= cols <= 7 and length <= cols for rows, cols, length in every)
    assert (1, 2, 3) not in every  # no line of three fits
    assert {(7, 7, 3), (7, 7, 4), (7, 7, 5), (1, 5, 5)} <= set(every)


def test_the_published_values_stated_and_the_draws_inside_drawn_boards() -> None:
    assert published(3, 3, 3) == Published("draw", "stated (wiki)")
    assert published(3, 5, 3) == Published("X wins", "stated (wiki)")
    assert published(5, 6, 4) == Published("X wins", "stated (wiki)")
    assert published(4, 7, 4) == Published("draw", "stated (wiki)")
    assert published(3, 7, 4) == Published("draw", "inside 4x7 (wiki)")
    assert published(5, 7, 5) == Published("draw", "inside 7x7 (ko)")
    assert published(2, 7, 3) == Published(None, "none")  # three in a row on two rows: left open
    assert published(6, 7, 4) == Published(None, "none")  # a win on a larger board is not the normal game's
    assert all(rows <= cols for rows, cols, _ in STATED)


def test_nothing_is_inside_tic_tac_toe_whose_weak_game_the_first_player_wins() -> None:
    assert published(1, 3, 3) == published(2, 3, 3) == Published(None, "none")
    assert set(STATED) >= NORMAL_GAME_ONLY


def test_a_board_is_solved_its_certificate_checked_and_set_beside_the_published_value(tmp_path: Path) -> None:
    row = solve_and_check(3, 4, 3, tmp_path, budget=60.0)
    assert (row.value, row.check, row.records) == ("X wins", "valid", 11)
    assert row.certificate_bytes == (tmp_path / "3x4-3.txt.gz").stat().st_size
    assert line(row).split()[:7] == ["3x4", "3", "X", "wins", "X", "wins", "stated"]
    assert " agrees " in line(row)


def test_a_board_past_its_budget_is_out_of_reach(tmp_path: Path) -> None:
    row = solve_and_check(7, 7, 5, tmp_path, budget=0.2)
    assert (row.value, row.check) == ("out of reach", "-")
    assert "out of reach" in line(row)


def test_a_board_of_a_known_region_is_solved_with_x_restricted_and_checked(tmp_path: Path) -> None:
    row = solve_and_check(4, 4, 3, tmp_path, budget=60.0, region=(2, 4))
    assert (row.value, row.check, row.region) == ("X wins", "valid", "2x4")
    assert " 2x4 " in line(row)
    assert REGIONS[7, 7, 4] == (5, 5)
