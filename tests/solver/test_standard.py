"""Tests of the solver under standard (exactly k in a row wins, an overline does not): its values against a plain
minimax of the rule, where they differ from freestyle's, its certificates checked by the checker's own rules, its
solves by jobs and their resume files, which never serve another rule, and the variants it refuses."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Winner
from configurations.rules import Rules, Variant
from tictactoe.cli.solver import check_answer
from tictactoe.proofcheck import CertificateError, check_lines
from tictactoe.solver.certificate import ProofExtractor, header
from tictactoe.solver.geometry import Region
from tictactoe.solver.jobs.answers import AnswerStore
from tictactoe.solver.jobs.coordinator import JobSolve
from tictactoe.solver.jobs.job import warm_table
from tictactoe.solver.jobs.runners import InProcess
from tictactoe.solver.position import Position
from tictactoe.solver.solve import Solver, solve

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.solver.jobs.coordinator import JobSolution

SETTINGS = settings(deadline=None, max_examples=300, derandomize=True, database=None)
STANDARD = Variant.STANDARD
# Right, down, down-right, down-left.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


# The model: negamax over every move, a move winning where it makes a run of exactly ``length`` through its square.


def makes_exactly(board: list[str], cols: int, length: int, square: int) -> bool:
    """Whether the tile on ``square`` lies on a run of exactly ``length`` of its own, walked square by square."""
    rows = len(board) // cols
    row, col = divmod(square, cols)
    for down, right in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            r, c = row + sign * down, col + sign * right
            while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == board[square]:
                run, r, c = run + 1, r + sign * down, c + sign * right
        if run == length:
            return True
    return False


def brute_force(board: list[str], cols: int, length: int, mover: str, known: dict[str, int] | None = None) -> int:
    """The value under standard of ``board`` (no winner on it) for ``mover``: 1 win, 0 draw, -1 loss; each position
    once (``known``: the values found so far)."""
    known = {} if known is None else known
    key = "".join(board) + mover
    if key not in known:
        other = "O" if mover == "X" else "X"
        values = []
        for square, held in enumerate(board):
            if held == ".":
                board[square] = mover
                won = makes_exactly(board, cols, length, square)
                values.append(1 if won else -brute_force(board, cols, length, other, known))
                board[square] = "."
                if values[-1] == 1:
                    break
        known[key] = max(values, default=0)
    return known[key]


def winner(position: Position, value: int) -> Winner:
    """Who wins, by the model's ``value`` for the player to move."""
    if value == 0:
        return Winner.DRAW
    return Winner(position.mover if value > 0 else position.mover.opponent)


def check_value_and_move(position: Position) -> None:
    """The solver's value under standard is the model's, and its move gets it."""
    board, cols = list("".join(position.rows())), position.width
    solution = solve(position)
    value = brute_force(board, cols, position.length, position.mover)
    assert solution.value == winner(position, value)
    assert solution.best is not None
    square = solution.best.row * cols + solution.best.col
    assert board[square] == "."
    board[square] = position.mover
    after = (
        1
        if makes_exactly(board, cols, position.length, square)
        else -brute_force(board, cols, position.length, position.mover.opponent)
    )
    assert after == value


@st.composite
def standard_positions(draw: st.DrawFn, most_empty: int = 9) -> Position:
    """A position of 1 to 5 rows of 1 to 5 squares, reached by alternate moves from X under standard, stopping
    before a move that would win or at a random count: one with empty squares and no winner."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    length = draw(st.integers(2, max(2, rows, cols)))
    if length > max(rows, cols):
        rows = cols = length
    order = draw(st.permutations(range(rows * cols)))
    tiles = draw(st.integers(max(0, rows * cols - most_empty), rows * cols - 1))
    board = ["."] * (rows * cols)
    for index, square in enumerate(order[:tiles]):
        board[square] = "X" if index % 2 == 0 else "O"
        if makes_exactly(board, cols, length, square):
            board[square] = "."
            break
    drawn = ["".join(board[start : start + cols]) for start in range(0, rows * cols, cols)]
    return Position.from_rows(drawn, length, cols=cols, variant=STANDARD)


def proof(position: Position) -> tuple[Winner, list[str]]:
    """The solver's value of ``position`` and its certificate, header first."""
    solver = Solver(position, keep_pairings=True)
    value = solver.solve().value
    assert value is not None
    records = ProofExtractor(solver).extract(value)
    return value, [header(position, value, len(records)), *records]


# 5x5 boards with four in a row, X to move, each with its value under freestyle and under standard: an overline
# wins the first game for X, and the second not at all, or an overline of O's decides the other way.
DIFFERING = [
    (["XXX.X", "..XO.", ".OO.O", "O.XO.", ".XOXO"], Winner.X, Winner.O),
    (["X..O.", "X.XO.", "XXOXX", "OO.OO", "XO..."], Winner.O, Winner.DRAW),
    (["XXX.X", ".XOO.", ".O.XO", ".XO..", ".OXOO"], Winner.X, Winner.DRAW),
    ([".OX.X", "XO..O", "OO.X.", "..OOO", "XX.XX"], Winner.X, Winner.O),
    (["..XXO", "OO...", "XXO..", "...X.", "OOOXX"], Winner.X, Winner.DRAW),
    ([".XX..", "OO.OO", ".X.OO", ".O..X", "XX..X"], Winner.O, Winner.X),
]


# The model takes over a second on the fifth: its empty squares are more.
@pytest.mark.parametrize(
    ("rows", "freestyle", "standard"),
    [pytest.param(*case, marks=pytest.mark.slow) if index == 4 else case for index, case in enumerate(DIFFERING)],
)
def test_an_overline_decides_freestyle_and_not_standard(rows: list[str], freestyle: Winner, standard: Winner) -> None:
    assert solve(Position.from_rows(rows, 4)).value == freestyle
    position = Position.from_rows(rows, 4, variant=STANDARD)
    assert solve(position).value == standard
    check_value_and_move(position)
    value, lines = proof(position)
    verdict = check_lines(lines)
    assert (value.phrase, verdict.value, verdict.rule) == (standard.phrase, standard.phrase, "standard")


@pytest.mark.parametrize(
    ("rows", "cols", "length"),
    [
        pytest.param(rows, cols, length, marks=[pytest.mark.slow] if rows * cols == 16 and length == 3 else [])
        for rows in range(1, 5)
        for cols in range(1, 5)
        for length in (2, 3)
        if length <= max(rows, cols)
    ]
    + [(1, 4, 4), (2, 4, 4), (4, 2, 4)],
)
def test_every_empty_board_up_to_4x4_has_the_model_s_value(rows: int, cols: int, length: int) -> None:
    position = Position(Rules(rows, cols, length, STANDARD), 0, 0)
    check_value_and_move(position)


@pytest.mark.slow
@SETTINGS
@given(standard_positions())
def test_the_solver_agrees_with_the_model_and_the_checker_with_its_certificate(position: Position) -> None:
    check_value_and_move(position)
    value, lines = proof(position)
    verdict = check_lines(lines, rule="standard")
    assert (verdict.value, verdict.rule, verdict.board) == (value.phrase, "standard", tuple(position.rows()))


@pytest.mark.slow
@settings(deadline=None, max_examples=150, derandomize=True, database=None)
@given(standard_positions(most_empty=10), st.data())
def test_a_restricted_win_for_x_under_standard_is_a_win_in_the_game(position: Position, data: st.DataObject) -> None:
    rows = data.draw(st.sampled_from(range(position.height % 2 or 2, position.height + 1, 2)))
    cols = data.draw(st.sampled_from(range(position.width % 2 or 2, position.width + 1, 2)))
    solver = Solver(position, region=Region(rows, cols, position.height, position.width), keep_pairings=True)
    if solver.solve().value is not Winner.X:
        return
    assert solve(position).value is Winner.X
    records = ProofExtractor(solver).extract(Winner.X)
    assert check_lines([header(position, Winner.X, len(records)), *records], rule="standard").value == "X wins"


@pytest.mark.slow
def test_the_certificates_of_empty_boards_under_standard_are_valid() -> None:
    for rows, cols, length in [(3, 3, 3), (4, 4, 3), (4, 4, 4), (3, 5, 3), (5, 5, 4), (2, 6, 4)]:
        value, lines = proof(Position(Rules(rows, cols, length, STANDARD), 0, 0))
        assert check_lines(lines).value == value.phrase


def test_an_overline_on_the_board_is_no_win_under_standard() -> None:
    rows = ["XXXX.", "OO...", ".....", "O....", "....."]  # three in a row: X's four is an overline
    assert Position.from_rows(rows, 3).winner == "X"
    position = Position.from_rows(rows, 3, variant=STANDARD)
    assert position.winner is None
    assert solve(position).value == Winner.O  # c2 makes O's exactly three
    check_value_and_move(position)


def test_under_standard_a_square_on_no_live_window_is_tried_after_the_others_as_a_pass() -> None:
    # a4 lies on no window either player can still fill (each holds an X and an O); the others do.
    rows = ["XXOX.", "X.XOO", "OO...", ".OX.."]
    freestyle = Solver(Position.from_rows(rows, 3, cols=5)).choices()
    standard = Solver(Position.from_rows(rows, 3, cols=5, variant=STANDARD)).choices()
    assert 15 not in freestyle
    assert standard == [*freestyle, 15]
    check_value_and_move(Position.from_rows(rows, 3, cols=5, variant=STANDARD))


@pytest.mark.parametrize("variant", [Variant.RENJU, Variant.CARO])
def test_the_solver_refuses_renju_and_caro(variant: Variant) -> None:
    with pytest.raises(ValueError, match=f"^the solver proves freestyle and standard only, not {variant}$"):
        Solver(Position(Rules.square(5, 5, variant=variant), 0, 0))


def jobs_solve(position: Position, **options: object) -> JobSolution:
    solve_by_jobs = JobSolve(position, InProcess(), **options)  # type: ignore[arg-type]
    for _ in solve_by_jobs:
        pass
    assert solve_by_jobs.solution is not None
    return solve_by_jobs.solution


@pytest.mark.slow
def test_a_solve_by_jobs_under_standard_agrees_with_one_search_and_proves_it() -> None:
    for rows, _, standard in DIFFERING[:3]:
        position = Position.from_rows(rows, 4, variant=STANDARD)
        solution = jobs_solve(position, proof=True, split=100)
        assert solution.value == standard
        assert solution.records is not None
        assert check_lines([header(position, standard, len(solution.records)), *solution.records]).rule == "standard"
    empty = Position(Rules(4, 4, 3, STANDARD), 0, 0)
    assert jobs_solve(empty, split=100).value == solve(empty).value


@pytest.mark.slow
def test_a_resume_file_of_freestyle_answers_never_serves_a_standard_solve(tmp_path: Path) -> None:
    warned: list[str] = []

    def kept(position: Position) -> JobSolution:
        store = AnswerStore(tmp_path / "answers.db", check=check_answer, warn=warned.append)
        try:
            return jobs_solve(position, store=store, split=200)
        finally:
            store.close()

    rows = DIFFERING[3][0]
    freestyle = kept(Position.from_rows(rows, 4))
    assert (freestyle.value, freestyle.resumed) == (Winner.X, 0)
    standard = kept(Position.from_rows(rows, 4, variant=STANDARD))
    assert (standard.value, standard.resumed, warned) == (Winner.O, 0, [])
    again = kept(Position.from_rows(rows, 4, variant=STANDARD))
    assert (again.value, again.resumed, again.nodes, warned) == (Winner.O, again.jobs, 0, [])


def test_a_process_keeps_a_table_for_each_rule() -> None:
    assert warm_table(4, 4, 3, 64, variant=STANDARD) is not warm_table(4, 4, 3, 64)
    assert warm_table(4, 4, 3, 64) is warm_table(4, 4, 3, 64)


def test_a_freestyle_certificate_never_validates_as_standard() -> None:
    # O to move wins freestyle by d4, then c4 or d5: an overline of five when X blocks the other, which under
    # standard wins nothing (a draw).
    rows = [".X...", ".X...", "XO.OX", "OO..O", "X...X"]
    freestyle = Position.from_rows(rows, 4)
    value, lines = proof(freestyle)
    assert (value, check_lines(lines).rule) == (Winner.O, "freestyle")
    assert solve(Position.from_rows(rows, 4, variant=STANDARD)).value == Winner.DRAW
    relabelled = [lines[0].replace('"rule": "freestyle"', '"rule": "standard"'), *lines[1:]]
    with pytest.raises(CertificateError, match=r"^no record of O's move in \.X\.\.\./\.X\.\.\./XO\.OX/OO\.OO/X\.\.XX$"):
        check_lines(relabelled)
    with pytest.raises(
        CertificateError, match=r"^the certificate proves its value under freestyle, not under standard$"
    ):
        check_lines(lines, rule="standard")
    assert check_lines(lines, rule="freestyle").value == "O wins"


def test_random_standard_games_keep_the_checker_and_the_solver_agreeing_on_who_has_won() -> None:
    rng = random.Random(5)
    for _ in range(40):
        board, order = ["."] * 25, rng.sample(range(25), 25)
        for index, square in enumerate(order[:16]):
            board[square] = "X" if index % 2 == 0 else "O"
            drawn = ["".join(board[start : start + 5]) for start in range(0, 25, 5)]
            won = makes_exactly(board, 5, 4, square)
            assert (Position.from_rows(drawn, 4, variant=STANDARD).winner is not None) == won
            if won:
                break
