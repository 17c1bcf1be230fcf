"""Tests of tictactoe.solver: positions, the board the search plays on, the blocking proofs,
the records, the search against a brute-force minimax, and the command line in a subprocess."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from configurations import Configurations, Winner
from configurations.moves import Move
from configurations.rules import Rules
from tests.paths import ROOT
from tests.started import started
from tictactoe.solver.blocking import Pairing, breaker_wins_by_pairing, breaker_wins_by_potential, find_pairing
from tictactoe.solver.geometry import geometry
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.records import DRAWN, LOST, WON, Bound, interval, pack, unpack
from tictactoe.solver.search_board import CROSS, NOUGHT, VALUE_BASE, SearchBoard
from tictactoe.solver.solve import Solver, solve

SETTINGS = settings(deadline=None, max_examples=300, derandomize=True, database=None)
# Random positions keep at most this many empty squares, so that the
# brute-force minimax (every ordering of every empty square) stays quick.
MOST_EMPTY = 7


# The model: plain negamax on a list of squares, lines found by walking the board.


def lines_of(size: int, length: int, cols: int | None = None) -> list[list[int]]:
    """Every run of ``length`` squares in a row, a column or a diagonal of a board of ``size`` rows of ``cols``
    squares (default ``size``), as square numbers."""
    width = size if cols is None else cols
    lines = []
    for row in range(size):
        for col in range(width):
            for row_step, col_step in ((0, 1), (1, 0), (1, 1), (1, -1)):
                squares = [(row + i * row_step, col + i * col_step) for i in range(length)]
                if all(0 <= r < size and 0 <= c < width for r, c in squares):
                    lines.append([r * width + c for r, c in squares])
    return lines


def brute_force(board: list[str], lines: list[list[int]], mover: str) -> int:
    """The value of ``board`` (no line on it) for ``mover``: 1 win, 0 draw, -1 loss.

    Every move is tried, with no table and no cuts; a line can only appear
    through the square just played, so only those lines are looked at.
    """
    other = "O" if mover == "X" else "X"
    values = []
    for square, held in enumerate(board):
        if held != ".":
            continue
        board[square] = mover
        if any(square in line and all(board[s] == mover for s in line) for line in lines):
            values.append(1)
        else:
            values.append(-brute_force(board, lines, other))
        board[square] = "."
    return max(values, default=0)


@st.composite
def positions(draw: st.DrawFn, most_empty: int = MOST_EMPTY) -> Position:
    """A position reached by alternate moves from X, stopping at the first line or at a random count."""
    size = draw(st.integers(1, 4))
    length = draw(st.integers(1, size))
    order = draw(st.permutations(range(size * size)))
    fewest = size * size - (most_empty + 1 if size <= 3 else most_empty)  # 3x3 is quick with one more
    tiles = draw(st.integers(max(0, fewest), size * size))
    lines = lines_of(size, length)
    board = ["."] * (size * size)
    for index, square in enumerate(order[:tiles]):
        board[square] = "X" if index % 2 == 0 else "O"
        if any(all(board[s] == board[square] for s in line) for line in lines if square in line):
            break
    return Position.from_rows(["".join(board[start : start + size]) for start in range(0, size * size, size)], length)


def value_for(position: Position, value: int) -> Winner:
    """Who wins, by brute force's ``value`` for the player to move (1, 0 or -1)."""
    if value == 0:
        return Winner.DRAW
    return Winner(position.mover if value > 0 else ("O" if position.mover == "X" else "X"))


@st.composite
def rectangles(draw: st.DrawFn, most_empty: int = MOST_EMPTY) -> Position:
    """A position on a board of 1 to 4 rows of 1 to 4 squares, not square, reached as :func:`positions` reaches
    one."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    if rows == cols:
        cols = rows + 1
    length = draw(st.integers(1, max(rows, cols)))
    order = draw(st.permutations(range(rows * cols)))
    tiles = draw(st.integers(max(0, rows * cols - most_empty), rows * cols))
    lines = lines_of(rows, length, cols)
    board = ["."] * (rows * cols)
    for index, square in enumerate(order[:tiles]):
        board[square] = "X" if index % 2 == 0 else "O"
        if any(all(board[s] == board[square] for s in line) for line in lines if square in line):
            break
    drawn = ["".join(board[start : start + cols]) for start in range(0, rows * cols, cols)]
    return Position.from_rows(drawn, length, cols=cols)


@pytest.mark.slow
@SETTINGS
@given(positions())
def test_the_solver_agrees_with_brute_force_and_its_move_achieves_the_value(position: Position) -> None:
    check_against_brute_force(position)


@pytest.mark.slow
@SETTINGS
@given(rectangles())
def test_the_solver_agrees_with_brute_force_on_boards_that_are_not_square(position: Position) -> None:
    check_against_brute_force(position)


def check_against_brute_force(position: Position) -> None:
    """The solver's value is brute force's, and its move achieves it."""
    board = list("".join(position.rows()))
    lines = lines_of(position.height, position.length, position.width)
    solution = solve(position)
    if position.winner is not None or "." not in board:
        assert solution.best is None
        assert solution.value == (Winner(position.winner) if position.winner else Winner.DRAW)
        return
    value = brute_force(board, lines, position.mover)
    assert solution.value == value_for(position, value)
    assert solution.best is not None
    square = solution.best.row * position.width + solution.best.col
    assert board[square] == "."
    board[square] = position.mover
    other = "O" if position.mover == "X" else "X"
    completes = any(square in line and all(board[s] == position.mover for s in line) for line in lines)
    assert (1 if completes else -brute_force(board, lines, other)) == value


@pytest.mark.parametrize(
    ("size", "length", "value"),
    [
        (1, 1, Winner.X),
        (2, 2, Winner.X),
        (3, 2, Winner.X),
        (3, 3, Winner.DRAW),
        (4, 3, Winner.X),
        (4, 4, Winner.DRAW),
        (5, 5, Winner.DRAW),
    ],
)
def test_known_values_of_the_empty_board(size: int, length: int, value: Winner) -> None:
    solution = solve(Position(Rules.square(size, length), 0, 0))
    assert solution.value == value
    assert solution.best is not None
    assert solution.nodes > 0


def test_a_threat_wins_at_once_and_two_threats_lose() -> None:
    # X to move completes the top row.
    assert str(solve(Position.from_rows(["XX.", "OO.", "..."], length=3)).best) == "c1"
    # O to move has no line to complete, and X threatens c1 and a3: O blocks one and loses.
    solution = solve(Position.from_rows(["XX.", "XO.", "..O"], length=3))
    assert solution.value is Winner.X
    assert str(solution.best) in {"c1", "a3"}


def test_a_finished_board_has_a_value_and_no_move() -> None:
    won = solve(Position.from_rows(["XXX", "OO.", "..."], length=3))
    assert (won.value, won.best, won.nodes) == (Winner.X, None, 0)
    full = solve(Position.from_rows(["XOX", "XOO", "OXX"], length=3))
    assert (full.value, full.best) == (Winner.DRAW, None)


def test_time_running_out_leaves_the_value_unknown_with_a_move() -> None:
    started = time.monotonic()
    solution = solve(Position(Rules.square(9, 5), 0, 0), think=0.2)
    assert time.monotonic() - started < 5
    assert solution.value is None
    assert solution.best == Move(4, 4)  # the centre, first in the move order
    assert solution.nodes > 0


def test_a_solver_counts_the_positions_it_visits() -> None:
    solver = Solver(Position(Rules.square(3, 3), 0, 0))
    solution = solver.solve()
    assert solver.nodes == solution.nodes > 9


# Positions.


def test_a_position_reads_rows_and_knows_whose_turn_it_is() -> None:
    position = Position.from_rows(["X.O", "...", "..X"], length=3)
    assert (position.x_tiles, position.o_tiles) == (1 | 1 << 8, 1 << 2)
    assert position.mover == "O"
    assert position.winner is None
    assert position.empty_squares == 6
    assert position.rows() == ["X.O", "...", "..X"]
    assert eval(repr(position), {"Position": Position}) == position
    configs = Configurations.from_rows(["X O", "   ", "  X"], length_to_win=3, max_levels=0)
    assert Position.from_configurations(configs) == position


@pytest.mark.parametrize(
    ("rows", "length", "message"),
    [
        ([], 1, "at least one row"),
        (["X.", "."], 2, r"row 2 is '\.': a board of 2 rows needs 2 squares in each, got 1"),
        (["X.", ".x"], 2, r"row 2 is '\.x': 'x' is not a square; use X, O, or \. for an empty one"),
        (["XX", ".."], 2, "X has 2 tiles and O 0"),
        (["OO", "X."], 2, "X has 1 tiles and O 2"),
        (["XXX", "OOO", "X.."], 3, "both X and O have a line"),
        (["X.", ".."], 3, "between 1 and the size"),
    ],
)
def test_a_board_the_game_cannot_reach_is_refused(rows: list[str], length: int, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        Position.from_rows(rows, length)


# The board the search plays on.


def test_the_geometry_has_every_window_and_eight_symmetries() -> None:
    for size in range(1, 8):
        for length in range(1, size + 1):
            shape = geometry(size, size, length)
            straight = 2 * size * (size - length + 1)
            diagonal = 2 * (size - length + 1) ** 2
            assert len(shape.windows) == (size * size if length == 1 else straight + diagonal)
            assert sorted(shape.windows) == sorted({sum(1 << s for s in line) for line in lines_of(size, length)})
            for images, inverse in zip(shape.symmetries, shape.inverse_symmetries, strict=True):
                assert sorted(images) == list(range(size * size))
                assert [inverse[image] for image in images] == list(range(size * size))
                window_set = set(shape.windows)
                assert {sum(1 << images[s] for s in range(size * size) if w >> s & 1) for w in window_set} == window_set


def board_state(board: SearchBoard) -> tuple[object, ...]:
    return board.tiles, board.threats, board.potential, board.values, board.mover, board.empties, board.key()


def window_values(position: Position, player: int) -> int:
    """The model of ``SearchBoard.values``: VALUE_BASE ** (tiles - 1) over the player's live windows with tiles."""
    tiles = (position.x_tiles, position.o_tiles)
    total = 0
    for line in lines_of(position.size, position.length):
        mine = sum(tiles[player] >> square & 1 for square in line)
        theirs = sum(tiles[1 - player] >> square & 1 for square in line)
        if mine and not theirs:
            total += VALUE_BASE ** (mine - 1)
    # A one-square window lies on all four lines of its square, and is one window.
    return total // 4 if position.length == 1 else total


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=16), st.data())
def test_play_and_undo_keep_the_board_as_a_fresh_count_finds_it(position: Position, data: st.DataObject) -> None:
    board = SearchBoard(position)
    start = board_state(board)
    played = 0
    while position.winner is None and not board.threats[board.mover] and board.empties and data.draw(st.booleans()):
        square = data.draw(st.sampled_from(board.empty_squares()))
        board.play(square)
        played += 1
        now = Position(Rules.square(position.size, position.length), *board.tiles)
        fresh = SearchBoard(now)
        assert board_state(board) == board_state(fresh)
        assert board.values == (window_values(now, CROSS), window_values(now, NOUGHT))
        assert board.ordered_moves() == fresh.ordered_moves()
    for _ in range(played):
        board.undo()
    assert board_state(board) == start


@SETTINGS
@given(positions(most_empty=16), st.data())
def test_a_move_whose_weights_and_keys_were_never_read_is_taken_back_whole(
    position: Position, data: st.DataObject
) -> None:
    # The line weights and keys of a move are worked out when first read; a search scores most positions without
    # reading them, and takes the move back.  Then the board must be as before, weights and keys included.
    assume(position.winner is None and position.empty_squares)
    board = SearchBoard(position)
    assume(not board.threats[board.mover])
    start = board_state(board), board.ordered_moves()
    square = data.draw(st.sampled_from(board.empty_squares()))
    board.play(square)
    if not board.threats[board.mover] and board.empties:
        board.play(data.draw(st.sampled_from(board.empty_squares())))  # over a move still unread
        board.undo()
    assert board.tiles[1 - board.mover] >> square & 1
    board.undo()
    assert (board_state(board), board.ordered_moves()) == start


@st.composite
def crowded_positions(draw: st.DrawFn) -> Position:
    """A position of alternate tiles with no line yet, on a board of up to 9x9 squares, a rectangle or a square."""
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    length = draw(st.integers(1, max(rows, cols)))
    order = draw(st.permutations(range(rows * cols)))
    lines = lines_of(rows, length, cols)
    tiles = [0, 0]
    for index, square in enumerate(order[: draw(st.integers(0, rows * cols))]):
        mine = tiles[index % 2] | 1 << square
        if any(all(mine >> s & 1 for s in line) for line in lines if square in line):
            break  # the game would end: stop before this move
        tiles[index % 2] = mine
    return Position(Rules(rows, cols, length), *tiles)


@SETTINGS
@given(crowded_positions())
def test_the_moves_are_the_empty_squares_of_live_windows_heaviest_first_as_counted_afresh(position: Position) -> None:
    """The line weights counted square by square from every window, the ties nearest the centre first."""
    rows, cols = position.height, position.width
    windows = {frozenset(line) for line in lines_of(rows, position.length, cols)}
    weights = [0] * (rows * cols)
    for window in windows:
        held = [sum(tiles >> square & 1 for square in window) for tiles in (position.x_tiles, position.o_tiles)]
        if not all(held):
            for square in window:
                weights[square] += 3 ** max(held)
    taken = position.x_tiles | position.o_tiles
    expected = [
        square
        for square in geometry(rows, cols, position.length).centre_order
        if weights[square] and not taken >> square & 1
    ]
    expected.sort(key=weights.__getitem__, reverse=True)
    assert SearchBoard(position).ordered_moves() == expected


def test_the_board_knows_threats_windows_and_weights() -> None:
    board = SearchBoard(Position.from_rows(["X..", ".O.", "..X"], length=3))
    assert board.mover == NOUGHT
    assert board.potential == (2 + 2 + 2 + 2, 2 + 2 + 2)
    assert board.values == (4, 3)  # windows of one tile each: X's four live ones, O's three
    assert board.ordered_moves() == [2, 6, 1, 3, 5, 7]  # the corners each lie on two live windows
    board.play(2)
    assert board.threats == (0, 1 << 6)
    assert board.mover == CROSS


def test_the_table_gives_each_orientation_its_own_best_move() -> None:
    """A record is stored once for a position's eight images; read back, its move fits each image."""
    position = Position.from_rows(["X...", ".O..", "....", "...."], length=3)
    solver = Solver(position)
    solver.solve()
    shape = geometry(4, 4, 3)
    checked = 0
    for images in shape.symmetries:
        x_tiles = sum(1 << images[s] for s in range(16) if position.x_tiles >> s & 1)
        o_tiles = sum(1 << images[s] for s in range(16) if position.o_tiles >> s & 1)
        board = SearchBoard(Position(Rules.square(4, 3), x_tiles, o_tiles))
        for square in board.ordered_moves():
            board.play(square)
            record, _, _, move = solver._recall(*board.key())
            if record >= 0:
                empty = ~(board.tiles[CROSS] | board.tiles[NOUGHT])
                assert move >= 0
                assert empty >> move & 1
                checked += 1
            board.undo()
    assert checked >= 8


def test_symmetric_positions_share_a_key() -> None:
    keys = {
        SearchBoard(Position.from_rows(rows, length=3)).key()[0]
        for rows in (["X..", "...", "..."], ["..X", "...", "..."], ["...", "...", "X.."])
    }
    assert len(keys) == 1
    assert SearchBoard(Position.from_rows([".X.", "...", "..."], length=3)).key()[0] not in keys


# The blocking proofs, each checked against brute force: where a proof says
# a player cannot win, the brute-force value gives that player no win.


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=MOST_EMPTY))
def test_the_blocking_proofs_never_deny_a_win_that_exists(position: Position) -> None:
    if position.winner is not None:
        return
    board = SearchBoard(position)
    mover = "X" if board.mover == CROSS else "O"
    value = brute_force(list("".join(position.rows())), lines_of(position.size, position.length), mover)
    length = position.length
    if breaker_wins_by_potential(board.potential[board.mover], length, maker_to_move=True):
        assert value <= 0
    if breaker_wins_by_potential(board.potential[1 - board.mover], length, maker_to_move=False):
        assert value >= 0
    # The search hands the pairing the board's own masks of windows through each square.
    for holding in (None, geometry(position.size, position.size, length).windows_holding):
        if breaker_wins_by_pairing(board.live_windows(board.mover), breaker_to_move=False, holding=holding):
            assert value <= 0
        if breaker_wins_by_pairing(board.live_windows(1 - board.mover), breaker_to_move=True, holding=holding):
            assert value >= 0


def test_the_breaker_s_first_square_is_the_busiest_empty_one() -> None:
    # Three windows in a chain, each with two empty squares, all through the maker's tile on square 0.
    # Taking square 2 (or 3) kills two of them and pairs off the third; square 0 is no square to take.
    windows = [0b00110, 0b01100, 0b11000]
    holding = [0b111, 0b001, 0b011, 0b110, 0b100]  # square 0 is in every window
    assert breaker_wins_by_pairing(windows, breaker_to_move=True, holding=holding)
    assert breaker_wins_by_pairing(windows, breaker_to_move=True)
    assert not breaker_wins_by_pairing(windows, breaker_to_move=False)


def test_the_proofs_see_the_empty_boards_of_known_draws() -> None:
    five = SearchBoard(Position(Rules.square(5, 5), 0, 0))
    assert breaker_wins_by_potential(five.potential[CROSS], 5, maker_to_move=True)  # 12 windows of 5
    three = SearchBoard(Position(Rules.square(3, 3), 0, 0))
    assert not breaker_wins_by_potential(three.potential[CROSS], 3, maker_to_move=True)  # 8 windows of 3
    assert not breaker_wins_by_pairing(three.live_windows(CROSS), breaker_to_move=False)


# Records.


def test_a_record_packs_value_bound_depth_and_move() -> None:
    for value in (LOST, DRAWN, WON, 1 << 40, -(1 << 40)):
        for bound in Bound:
            for depth in (0, 5, 127):
                for move in (-1, 0, 675, 2046):
                    record = pack(value, bound, move=move, depth=depth)
                    assert record >= 0
                    assert unpack(record) == (value, bound, depth, move)
    assert interval(pack(WON, Bound.EXACT, move=3), LOST, WON) == (WON, WON)
    assert interval(pack(DRAWN, Bound.UPPER, move=3), LOST, WON) == (LOST, DRAWN)
    assert interval(pack(DRAWN, Bound.LOWER), LOST, WON) == (DRAWN, WON)


def run_solver(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe.solver", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def assert_report(result: subprocess.CompletedProcess[str], *lines: str, mover: str | None = "X") -> None:
    """The output is ``lines`` then ``nodes: N``, ``seconds: S`` and ``to move: `` ``mover`` (none on the empty
    board or a finished one)."""
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    printed = result.stdout.splitlines()
    assert printed[: len(lines)] == list(lines)
    after = [] if mover is None else [f"to move: {mover}"]
    assert len(printed) == len(lines) + 2 + len(after)
    assert re.fullmatch(r"nodes: [0-9]+", printed[len(lines)])
    assert re.fullmatch(r"seconds: [0-9]+\.[0-9]{3}", printed[len(lines) + 1])
    assert printed[len(lines) + 2 :] == after


def test_the_command_line_solves_the_empty_board() -> None:
    assert_report(run_solver("3", "3"), "value: draw", "best: b2", mover=None)
    assert_report(run_solver("4", "3"), "value: X wins", "best: b2", mover=None)


def test_the_command_line_reads_a_board() -> None:
    assert_report(run_solver("3", "3", "--board", "XX.", "OO.", "..."), "value: X wins", "best: c1")
    assert_report(run_solver("3", "3", "--board", "XX.", "OO.", "X.."), "value: O wins", "best: c2", mover="O")


def test_the_command_line_refuses_a_finished_board() -> None:
    for board in (["XXX", "OO.", "..."], ["XOX", "XOO", "OXX"]):
        result = run_solver("3", "3", "--board", *board)
        assert result.returncode == 2
        assert "--board: the game is over: " in result.stderr


def test_the_command_line_stops_when_told() -> None:
    assert_report(run_solver("9", "5", "--think", "0.2"), "value: unknown", "best: e5", mover=None)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["3"], "the following arguments are required: LENGTH"),
        (["x", "3"], "argument SIZE: invalid int value: 'x'"),
        (["27", "3"], "SIZE must be between 1 and 26, got 27"),
        (["0", "1"], "SIZE must be between 1 and 26, got 0"),
        (["3", "4"], r"LENGTH must be between 1 and SIZE \(3\), got 4"),
        (["3", "0"], r"LENGTH must be between 1 and SIZE \(3\), got 0"),
        (["3", "3", "--board", "...", "..."], "--board needs 3 rows for a board of size 3, got 2"),
        (["3", "3", "--board", "...", "..", "..."], "row 2 is '..': a board of 3 rows needs 3 squares"),
        (["3", "3", "--board", "...", ".Z.", "..."], "row 2 is '.Z.': 'Z' is not a square"),
        (["3", "3", "--board", "O..", "...", "..."], "X has 0 tiles and O 1"),
        (["3", "3", "--board", "XX.", "...", "..."], "X has 2 tiles and O 0"),
        (["3", "3", "--board", "XXX", "OOO", "X.."], "both X and O have a line"),
        (["3", "3", "--think", "0"], "must be a number of seconds above 0, got '0'"),
        (["3", "3", "--think", "-1"], "must be a number of seconds above 0, got '-1'"),
        (["3", "3", "--think", "soon"], "must be a number of seconds above 0, got 'soon'"),
        (["3", "3", "--think", "nan"], "must be a number of seconds above 0, got 'nan'"),
    ],
)
def test_the_command_line_refuses_bad_input(arguments: list[str], message: str) -> None:
    result = run_solver(*arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("usage: python -m tictactoe.solver")
    last = result.stderr.splitlines()[-1]
    assert last.startswith("python -m tictactoe.solver: error: ")
    assert re.search(message, last), last
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_during_a_solve_ends_quietly() -> None:
    with started(["-m", "tictactoe.solver", "12", "5"]) as program:
        program.send_signal(signal.SIGINT)
        out, err = program.communicate(timeout=60)
    assert program.returncode == 130
    assert out == ""
    assert err == "python -m tictactoe.solver: interrupted\n"


def test_the_benchmark_solves_in_a_fresh_process() -> None:
    from bench.solver import TARGETS, solve_in_process

    assert [(t.size, t.length, t.value, t.seconds, t.goal) for t in TARGETS] == [
        (4, 4, "draw", 0.05, None),
        (5, 5, "draw", 6.0, None),
        (5, 4, "draw", 2.0, None),
        (6, 4, "X wins", 45.0, None),
        (6, 5, "draw", 600.0, None),
        (7, 5, "draw", 4.0, 2.5),
    ]
    run = solve_in_process(3, 3)
    assert (run.report["value"], run.report["best"]) == ("draw", "b2")
    assert run.processor >= float(run.report["seconds"])  # the process's time holds the solve's
    assert run.wall > 0


@SETTINGS
@given(st.lists(st.integers(0, (1 << 12) - 1), max_size=14), st.booleans(), st.data())
def test_a_pairing_found_covers_every_live_window_with_disjoint_pairs_of_its_empty_squares(
    windows: list[int], breaker_to_move: bool, data: st.DataObject
) -> None:
    hint = None
    if data.draw(st.booleans()):
        squares = data.draw(st.permutations(range(12)))
        count = 2 * data.draw(st.integers(0, 5))
        hint = Pairing(squares[-1], tuple(zip(squares[:count:2], squares[1:count:2], strict=True)))
    found = find_pairing(windows, breaker_to_move=breaker_to_move, hint=hint)
    if found is None:
        return
    taken = 0 if found.taken < 0 else 1 << found.taken
    assert bool(taken) == breaker_to_move or not any(windows)
    pairs = [1 << first | 1 << second for first, second in found.pairs]
    assert all(pair.bit_count() == 2 for pair in pairs)
    paired = taken
    for pair in pairs:  # disjoint, and apart from the square taken first
        assert not pair & paired
        paired |= pair
    empty = 0
    for window in windows:
        empty |= window
    assert paired & ~empty == 0 or not any(windows)  # with no window to stop, any square will do
    for window in windows:
        assert not window or window & taken or any(pair & window == pair for pair in pairs)


def test_a_hint_whose_pairs_are_in_the_way_is_mended_by_letting_them_go() -> None:
    # Window 0b0011 is left open by the hint's pair (1, 2), which holds square 1, one of its two: kept, the pair
    # leaves it one square.  Let go, the three windows pair off -- without a search of the whole board afresh.
    assert find_pairing([0b0011, 0b1110], breaker_to_move=False, hint=Pairing(-1, ((1, 2),)), afresh=False) == (
        Pairing(-1, ((0, 1), (2, 3)))
    )
    # Letting (1, 2) go is not enough: (3, 4), on none of the open window's squares, takes the square that 0b1110
    # then needs.  It lies on a window through them, and goes the second time.
    hint = Pairing(-1, ((1, 2), (3, 4)))
    assert find_pairing([0b11, 0b1110, 0b111000], breaker_to_move=False, hint=hint, afresh=False) == Pairing(
        -1, ((0, 1), (2, 3), (4, 5))
    )


def test_a_hint_mended_keeps_every_pair_that_is_in_no_open_window_s_way() -> None:
    hint = Pairing(-1, ((1, 2), (6, 7)))
    found = find_pairing([0b0011, 0b1110, 0b11000000], breaker_to_move=False, hint=hint, afresh=False)
    assert found == Pairing(-1, ((6, 7), (0, 1), (2, 3)))
