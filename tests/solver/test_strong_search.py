"""Tests of the strong player and what it is built from: the board's forcing squares, the bounded table,
the search for continuous fours, the search itself against a brute-force minimax that counts plies, and
the player over every 3x3 game."""

from __future__ import annotations

import math
import threading

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from configurations import Configurations, SearchStats, Winner
from configurations.moves import Move
from configurations.rules import Rules
from tests import models
from tests.solver.test_solve import lines_of, positions
from tictactoe.players.prover import prove
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.players.strong import StrongPlayer
from tictactoe.solver import strong_search, strong_tree
from tictactoe.solver.position import Position
from tictactoe.solver.search_board import CROSS, NOUGHT, SearchBoard
from tictactoe.solver.solve import solve
from tictactoe.solver.strong_search import BELIEVED, PROVED, WIN, StrongSearch
from tictactoe.solver.table import BoundedTable
from tictactoe.solver.threats import ThreatSearch

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True, database=None)
# Time enough for any search of these tests' small boards to finish: none is cut off by the clock.
PLENTY = 60.0


# The model: which squares a player's tile would make threats from, found by walking the lines.


def new_threats(position: Position, player: int, square: int) -> set[int]:
    """The empty squares that would complete a line of ``player``'s once its tile is on ``square``."""
    tiles = [position.x_tiles, position.o_tiles]
    tiles[player] |= 1 << square
    found = set()
    for line in lines_of(position.size, position.length):
        if square not in line:
            continue
        empty = [s for s in line if not (tiles[0] | tiles[1]) >> s & 1]
        if len(empty) == 1 and all(tiles[player] >> s & 1 for s in line if s != empty[0]):
            found.add(empty[0])
    return found


def squares_of(mask: int) -> set[int]:
    return {square for square in range(mask.bit_length()) if mask >> square & 1}


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=12))
def test_the_board_knows_where_a_tile_makes_one_threat_or_two(position: Position) -> None:
    board = SearchBoard(position)
    empty = [s for s in range(position.size**2) if not (position.x_tiles | position.o_tiles) >> s & 1]
    for player in (CROSS, NOUGHT):
        made = {square: new_threats(position, player, square) for square in empty}
        assert squares_of(board.fours(player)) == {square for square, threats in made.items() if threats}
        assert squares_of(board.double_threats(player)) == {s for s, threats in made.items() if len(threats) >= 2}


OPEN_THREE = [".......", "..XXX..", ".......", "OO.....", "O......", ".......", "......."]


def test_an_open_three_has_two_squares_that_make_an_open_four() -> None:
    board = SearchBoard(Position.from_rows(OPEN_THREE, length=5))
    assert squares_of(board.double_threats(CROSS)) == {1 * 7 + 1, 1 * 7 + 5}
    assert squares_of(board.fours(CROSS)) == {7, 8, 12, 13}
    assert board.double_threats(NOUGHT) == 0


def test_two_windows_that_leave_the_same_two_squares_threaten_one() -> None:
    # XX..XX: c1 or d1 makes five in a row at the other, whichever window is counted, so neither threatens twice.
    rows = ["XX..XX.", ".......", ".......", "O......", "O......", "O......", "......."]
    board = SearchBoard(Position.from_rows(rows, length=5))
    assert squares_of(board.fours(CROSS)) == {2, 3}
    assert board.double_threats(CROSS) == 0


# The table.


def test_a_full_table_lets_its_oldest_position_go() -> None:
    table = BoundedTable(capacity=3)
    for index, key in enumerate("abc"):
        table.store(key, index, present=False)
    table.store("a", 10, present=True)  # stored again: replaced in place, as old as before
    table.store("d", 3, present=False)
    assert [table.get(key) for key in "abcd"] == [-1, 1, 2, 3]
    table.store("e", 4, present=False)
    assert [table.get(key) for key in "bcde"] == [-1, 2, 3, 4]
    assert len(table) == table.capacity == 3


def test_a_table_never_holds_more_than_its_capacity() -> None:
    table = BoundedTable(capacity=100)
    for number in range(1000):
        table.store(str(number), number, present=False)
        assert len(table) == min(number + 1, 100)
    assert [table.get(str(number)) for number in (899, 900, 999)] == [-1, 900, 999]


@pytest.mark.parametrize(("capacity", "error"), [(0, ValueError), (-5, ValueError), (2.0, TypeError)])
def test_a_table_needs_room_for_one_position(capacity: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="capacity"):
        BoundedTable(capacity)  # type: ignore[arg-type]


# Continuous fours.


def replay_is_a_forced_win(position: Position, line: list[int]) -> bool:
    """Whether ``line`` wins by fours: each of the attacker's moves leaves it a threat (or blocks the
    defender's one threat and does), each of the defender's blocks a threat (it has none of its own to
    complete instead), and the attacker's last move completes a line."""
    board = SearchBoard(position)
    attacker, defender = board.mover, 1 - board.mover
    for index, square in enumerate(line):
        if (board.tiles[0] | board.tiles[1]) >> square & 1:
            return False
        if index % 2 == 0:
            if board.threats[attacker] >> square & 1:
                return index == len(line) - 1
            if board.threats[defender] & ~(1 << square):
                return False  # the defender would complete a line
            board.play(square)
            if not board.threats[attacker]:
                return False  # not a four
        else:
            if board.threats[defender] or not board.threats[attacker] >> square & 1:
                return False  # the defender has a line to complete, or this is no block
            board.play(square)
    return False


def test_fours_win_a_known_position() -> None:
    position = Position.from_rows(
        [
            ".........",
            ".........",
            "..OXO....",
            "..XXOOO..",
            "..X.XO...",
            "..X......",
            "...XO....",
            ".........",
            ".........",
        ],
        length=5,
    )
    line = ThreatSearch(SearchBoard(position)).find()
    assert line is not None
    assert len(line) == 7  # three fours, the third leaving two threats, then the line completed
    assert replay_is_a_forced_win(position, line)
    assert not replay_is_a_forced_win(position, line[:-1])


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=10))
def test_a_line_of_fours_is_a_forced_win_and_the_solver_agrees(position: Position) -> None:
    if position.winner is not None or not position.empty_squares:
        return
    line = ThreatSearch(SearchBoard(position)).find()
    if line is None:
        return
    assert replay_is_a_forced_win(position, line)
    assert solve(position).value == Winner(position.mover)


def test_no_fours_no_line() -> None:
    assert ThreatSearch(SearchBoard(Position.from_rows(["X..", ".O.", "..."], length=3))).find() is None


@st.composite
def open_positions(draw: st.DrawFn) -> Position:
    """A position on a board of 7 to 9 squares a side, 4 to 6 in a row, with 3 to 16 tiles and no line."""
    size = draw(st.integers(7, 9))
    length = draw(st.integers(4, 6))
    order = draw(st.permutations(range(size * size)))
    tiles = order[: draw(st.integers(3, 16))]
    x_tiles = sum(1 << square for square in tiles[0::2])
    o_tiles = sum(1 << square for square in tiles[1::2])
    position = Position(Rules.square(size, length), x_tiles, o_tiles)
    assume(position.winner is None)
    return position


@pytest.mark.slow
@SETTINGS
@given(open_positions())
def test_a_three_is_read_off_the_windows_as_playing_it_would_show(position: Position) -> None:
    board = SearchBoard(position)
    mover = board.mover
    assume(not board.threats[mover] and not board.threats[1 - mover] and not board.double_threats(mover))
    search = ThreatSearch(board, threes=True)
    partners = search._partners()
    for square in board.empty_squares():
        if board.fours(mover) >> square & 1:
            continue
        board.play(square)
        three = bool(board.double_threats(mover))
        board.undo()
        assert search._is_three(square, partners) == three, square


# X to move; b2 between two open twos makes two open threes at once: O can stop one.
DOUBLE_THREE = [
    ".........",
    ".........",
    "....X....",
    "....X....",
    "..XX.....",
    ".........",
    "..O......",
    "..O..O...",
    "......O..",
]


def test_threes_find_a_win_that_fours_alone_cannot() -> None:
    position = Position.from_rows(DOUBLE_THREE, length=5)
    assert ThreatSearch(SearchBoard(position)).find() is None
    line = ThreatSearch(SearchBoard(position), threes=True).find()
    assert line is not None
    assert divmod(line[0], 9) == (4, 4)
    choice = StrongSearch(Rules.square(9, 5)).choose(position, max_plies=2, think=PLENTY)
    assert (choice.move, choice.score, choice.outcome) == (Move(4, 4), BELIEVED, None)


# The search against a brute-force minimax that counts plies.


def brute_force(board: list[str], lines: list[list[int]], mover: str) -> tuple[int, int]:
    """``(value, plies)`` of ``board`` for ``mover``: 1 win, 0 draw, -1 loss, and the plies to the end
    when the winner hurries and the loser holds out."""
    other = "O" if mover == "X" else "X"
    best: tuple[int, int] | None = None
    for square, held in enumerate(board):
        if held != ".":
            continue
        board[square] = mover
        if any(square in line and all(board[s] == mover for s in line) for line in lines):
            outcome = (1, 1)
        elif "." not in board:
            outcome = (0, 1)
        else:
            value, plies = brute_force(board, lines, other)
            outcome = (-value, plies + 1)
        board[square] = "."
        if best is None or rank(outcome) > rank(best):
            best = outcome
    assert best is not None
    return best


def rank(outcome: tuple[int, int]) -> tuple[int, int]:
    value, plies = outcome
    return value, -plies if value > 0 else plies if value < 0 else 0


@pytest.mark.slow
@SETTINGS
@given(positions(most_empty=8))
def test_the_search_wins_soonest_loses_latest_and_proves_draws(position: Position) -> None:
    if position.winner is not None or not position.empty_squares:
        return
    board = list("".join(position.rows()))
    lines = lines_of(position.size, position.length)
    value, plies = brute_force(board, lines, position.mover)
    choice = StrongSearch(Rules.square(position.size, position.length)).choose(
        position, max_plies=position.empty_squares, think=PLENTY
    )
    if value > 0:
        assert (choice.outcome, WIN - choice.score) == ("win", plies)
    elif value < 0:
        assert (choice.outcome, WIN + choice.score) == ("loss", plies)
    else:
        assert (choice.outcome, choice.score) == ("draw", 0)
    square = choice.move.row * position.size + choice.move.col
    assert board[square] == "."
    board[square] = position.mover
    other = "O" if position.mover == "X" else "X"
    if any(square in line and all(board[s] == position.mover for s in line) for line in lines):
        assert (value, plies) == (1, 1)
    elif "." not in board:
        assert value == 0
    else:  # the move keeps the value, and a win's or a loss's length
        after_value, after_plies = brute_force(board, lines, other)
        assert after_value == -value
        assert value == 0 or after_plies == plies - 1


# Late move reductions: below the root of a board of 15x15 or more, a quiet move from the LATE_MOVE-th on is
# searched a ply shallower first.

MIDDLE_GAME = [  # 15x15, O to move: a position of bench.strong's time positions
    "...............",
    "...............",
    "...............",
    "...............",
    ".........O.....",
    "......O..X...X.",
    ".......X.OO....",
    ".........XX....",
    "........OXX....",
    ".........XXOX..",
    ".........OXO...",
    "..........O....",
    "...............",
    ".............O.",
    "...............",
]


def test_late_quiet_moves_searched_shallower_first_cost_fewer_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    position = Position.from_rows(MIDDLE_GAME, 5)
    reduced = StrongSearch(Rules.square(15, 5)).choose(position, max_plies=4, think=PLENTY)
    monkeypatch.setattr(strong_tree, "LATE_MOVE", 1_000)  # no move is that late: null windows alone
    unreduced = StrongSearch(Rules.square(15, 5)).choose(position, max_plies=4, think=PLENTY)
    assert reduced.depth == unreduced.depth == 4
    assert reduced.nodes < unreduced.nodes


def test_boards_under_15x15_are_searched_without_reductions(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = ["O" + MIDDLE_GAME[3][6:]] + [row[5:] for row in MIDDLE_GAME[4:13]]  # 10x10, O's move
    position = Position.from_rows(rows, 5)
    choices = []
    for late in (1, 1_000):
        monkeypatch.setattr(strong_tree, "LATE_MOVE", late)
        choice = StrongSearch(Rules.square(10, 5)).choose(position, max_plies=4, think=PLENTY)
        choices.append((choice.move, choice.score, choice.depth, choice.nodes))
    assert choices[0] == choices[1]


# MIDDLE_GAME a few moves on: O to move and lost within the beams, X winning in 10 plies whatever O plays.
LOST_MIDDLE_GAME = [*MIDDLE_GAME[:6], ".......XXOOOOX.", ".........XXO...", "........OXXX...", *MIDDLE_GAME[9:]]


def test_a_loss_believed_within_the_beams_is_searched_on_with_every_root_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[tuple[int, int]] = []  # (depth, root moves) of each depth begun
    root = StrongSearch._root

    def counting_root(search: StrongSearch, depth: int, moves: list[int]) -> tuple[int, int]:
        searched.append((depth, len(moves)))
        return root(search, depth, moves)

    monkeypatch.setattr(StrongSearch, "_root", counting_root)
    monkeypatch.setattr(strong_search, "ROOT_WIDTH", 2)  # of the 5 moves that stop X's fours, 2 at the root
    choice = StrongSearch(Rules.square(15, 5)).choose(
        Position.from_rows(LOST_MIDDLE_GAME, 5), max_plies=5, think=PLENTY
    )
    assert choice.score <= -PROVED
    assert choice.outcome is None  # believed, not proved
    assert searched == [(1, 2), (2, 2), (3, 2), (4, 5), (5, 5)]  # the loss is seen at depth 3


def test_a_win_believed_within_the_beams_ends_the_deepening() -> None:
    rows = list(LOST_MIDDLE_GAME)
    rows[8] = rows[8][:13] + "O" + rows[8][14:]  # O's n9, its longest loss: X to move wins within the beams
    choice = StrongSearch(Rules.square(15, 5)).choose(Position.from_rows(rows, 5), max_plies=5, think=PLENTY)
    assert choice.score >= PROVED
    assert choice.outcome is None
    assert choice.depth < 5


@SETTINGS
@given(positions(most_empty=8))
def test_boards_searched_for_proofs_reduce_no_move(position: Position) -> None:
    assume(position.winner is None and position.empty_squares)
    found = []
    for late in (1, 1_000):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(strong_tree, "LATE_MOVE", late)
            choice = StrongSearch(Rules.square(position.size, position.length)).choose(
                position, max_plies=3, think=PLENTY
            )
        found.append((choice.move, choice.score, choice.outcome, choice.depth, choice.nodes))
    assert found[0] == found[1]


def test_a_double_threat_is_a_win_in_three() -> None:
    position = Position.from_rows(OPEN_THREE, 5)
    choice = StrongSearch(Rules.square(7, 5)).choose(position, max_plies=4, think=PLENTY)
    assert (choice.move, choice.score, choice.outcome) == (Move(1, 1), WIN - 3, "win")


def test_an_open_three_must_be_answered() -> None:
    # O to move; X threatens an open four at b2 or f2: O takes one of the squares that stop it.
    position = Position.from_rows([".......", "..XXX..", ".......", "...O...", "...O...", ".......", "......."], 5)
    choice = StrongSearch(Rules.square(7, 5)).choose(position, max_plies=2, think=PLENTY)
    assert choice.move in {Move(1, 0), Move(1, 1), Move(1, 5), Move(1, 6)}
    assert choice.score > -PROVED


def test_a_search_cut_off_by_the_clock_still_plays_a_legal_move() -> None:
    position = Position.from_rows(["." * 26] * 12 + ["." * 12 + "X" + "." * 13] + ["." * 26] * 13, 5)
    stats = SearchStats()
    choice = StrongSearch(Rules.square(26, 5)).choose(position, max_plies=40, think=0.05, stats=stats)
    assert not (position.x_tiles | position.o_tiles) >> (choice.move.row * 26 + choice.move.col) & 1
    assert choice.outcome is None
    assert stats.nodes == choice.nodes > 0


def test_a_search_refuses_a_finished_game_or_another_board() -> None:
    with pytest.raises(ValueError, match="the game is over"):
        StrongSearch(Rules.square(3, 3)).choose(Position.from_rows(["XXX", "OO.", "..."], 3), max_plies=9, think=1.0)
    with pytest.raises(ValueError, match="plays 3x3 with 3 in a row, not 4x4 with 3"):
        StrongSearch(Rules.square(3, 3)).choose(Position.from_rows(["...."] * 4, 3), max_plies=9, think=1.0)


# The player.


def test_the_player_never_loses_a_3x3_game() -> None:
    for side in ("X", "O"):
        proof = prove(lambda: StrongPlayer(9, PLENTY), side)
        assert proof.losses == 0, proof
        assert proof.games > 0


def test_the_registry_makes_a_strong_player_from_a_game_s_options() -> None:
    player = make_player("strong", Rules.square(15, 5), PlayerLimits(3, think=0.5))
    assert isinstance(player, StrongPlayer)
    assert (player.name, player.max_levels, player.think) == ("strong", 3, 0.5)


@pytest.mark.parametrize(
    ("max_levels", "think", "error", "message"),
    [
        (-1, 1.0, ValueError, "max_levels must be at least 0, got -1"),
        (True, 1.0, TypeError, "max_levels must be an int, not bool"),
        (2, 0.0, ValueError, "think must be a number of seconds above 0, got 0.0"),
        (2, math.nan, ValueError, "think must be a number of seconds above 0, got nan"),
        (2, math.inf, ValueError, "think must be a number of seconds above 0, got inf"),
        (2, "1", TypeError, "think must be a number of seconds, not str"),
        (2, False, TypeError, "think must be a number of seconds, not bool"),
    ],
)
def test_the_player_refuses_bad_settings(
    max_levels: object, think: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        StrongPlayer(max_levels, think)  # type: ignore[arg-type]


def test_the_player_moves_only_for_the_side_to_move() -> None:
    with pytest.raises(ValueError, match="it is X's turn, not O's"):
        StrongPlayer(2, 1.0).choose(Configurations(3, 3, 0), "O")


def test_the_player_blocks_and_wins_on_a_large_board() -> None:
    rows = ["." * 15] * 15
    rows[7] = "....XXXX......."
    rows[8] = "....OOO........"
    rows = [row.replace(".", " ") for row in rows]
    board = Configurations.from_rows(rows, 5, 0)
    player = StrongPlayer(2, 1.0)
    assert player.choose(board, "O") in {Move(7, 3), Move(7, 8)}  # X threatens both ends: O blocks one
    board.save_play(7, 3, "O")
    assert player.choose(board, "X") == Move(7, 8)  # X completes the other
    assert player.last_choice is not None
    assert player.last_choice.outcome == "win"


# Forced answers hold whatever the clock: an open three or a four of the opponent's, answered at --think 0.01
# in a worker thread, as the window searches.


def winning_squares(rows: list[str], length: int, symbol: str) -> list[tuple[int, int]]:
    """The empty squares where ``symbol``'s tile would make a line: the run through each, counted square by square."""
    size = len(rows)

    def run(row: int, col: int, row_step: int, col_step: int) -> int:
        count = 0
        row, col = row + row_step, col + col_step
        while 0 <= row < size and 0 <= col < size and rows[row][col] == symbol:
            count, row, col = count + 1, row + row_step, col + col_step
        return count

    return [
        (row, col)
        for row in range(size)
        for col in range(size)
        if rows[row][col] == " "
        and any(run(row, col, dr, dc) + 1 + run(row, col, -dr, -dc) >= length for dr, dc in models.DIRECTIONS)
    ]


def loses_at_once(rows: list[str], length: int, defender: str, attacker: str) -> bool:
    """Whether the attacker, to move, wins by force in its next two moves: it has a line to complete, or a
    square after which it has two, while the defender has none to complete first."""
    if winning_squares(rows, length, attacker):
        return True
    if winning_squares(rows, length, defender):
        return False  # the attacker must answer the defender's threat first
    size = len(rows)
    for row, col in ((r, c) for r in range(size) for c in range(size) if rows[r][c] == " "):
        placed = [line if r != row else line[:col] + attacker + line[col + 1 :] for r, line in enumerate(rows)]
        if len(winning_squares(placed, length, attacker)) >= 2:
            return True
    return False


def placed(rows: list[str], square: tuple[int, int], symbol: str) -> list[str]:
    row, col = square
    return [line if r != row else line[:col] + symbol + line[col + 1 :] for r, line in enumerate(rows)]


@st.composite
def threatened_positions(draw: st.DrawFn) -> tuple[list[str], str]:
    """A board of five in a row where the player to move faces an open three or a four that it can still answer,
    and has no line of its own to complete."""
    size = draw(st.integers(9, 11))
    row, col = draw(st.integers(2, size - 3)), draw(st.integers(2, size - 3))
    row_step, col_step = draw(st.sampled_from(models.DIRECTIONS))
    four = draw(st.booleans())
    line = [(row + i * row_step, col + i * col_step) for i in range(-1, 3 if four else 2)]
    assume(all(0 <= r < size and 0 <= c < size for r, c in line))
    attacker = draw(st.sampled_from("XO"))
    defender = "O" if attacker == "X" else "X"
    grid = [[" "] * size for _ in range(size)]
    for r, c in line:
        grid[r][c] = attacker
    ends = [(row - 2 * row_step, col - 2 * col_step), (line[-1][0] + row_step, line[-1][1] + col_step)]
    # A four closed at one end by the defender: one square to block. A three with both ends open.
    closed = [end for end in ends[:1] if four and 0 <= end[0] < size and 0 <= end[1] < size]
    for r, c in closed:
        grid[r][c] = defender
    free = [(r, c) for r in range(size) for c in range(size) if grid[r][c] == " "]
    chosen = draw(st.lists(st.sampled_from(free), unique=True, max_size=10))
    defenders = len(line) - 1 if attacker == "X" else len(line)  # the defender is to move: X when the counts are equal
    defender_squares = chosen[: defenders - len(closed)]
    assume(len(defender_squares) == defenders - len(closed))
    for r, c in defender_squares:
        grid[r][c] = defender
    rows = ["".join(squares) for squares in grid]
    assume(not winning_squares(rows, 5, defender))
    assume(loses_at_once(rows, 5, defender, attacker))  # the three or the four is open: it must be answered
    near = {(r + i * row_step, c + i * col_step) for r, c in line for i in (-2, -1, 1, 2)}
    answers = [square for square in near if 0 <= square[0] < size and 0 <= square[1] < size]
    answers = [square for square in answers if rows[square[0]][square[1]] == " "]
    assume(any(not loses_at_once(placed(rows, square, defender), 5, defender, attacker) for square in answers))
    return rows, defender


@pytest.mark.slow
@settings(deadline=None, max_examples=80, derandomize=True, database=None)
@given(threatened_positions())
def test_an_open_three_or_a_four_is_answered_at_any_think_in_a_worker_thread(case: tuple[list[str], str]) -> None:
    rows, defender = case
    board = Configurations.from_rows(rows, 5, 9)
    chosen: list[Move] = []
    worker = threading.Thread(target=lambda: chosen.append(StrongPlayer(9, 0.01).choose(board, defender)))
    worker.start()
    worker.join()
    (move,) = chosen
    after = [
        line if r != move.row else line[: move.col] + defender + line[move.col + 1 :] for r, line in enumerate(rows)
    ]
    attacker = "O" if defender == "X" else "X"
    assert not loses_at_once(after, 5, defender, attacker), (rows, str(move))


def test_the_open_three_the_window_lost_to_is_blocked() -> None:
    """10x10, five in a row: X e4, O f6, X f4, O g5, X d4 -- O must take c4 or g4 (it played g6 and lost)."""
    board = Configurations(10, 5, 9)
    for text, symbol in (("e4", "X"), ("f6", "O"), ("f4", "X"), ("g5", "O"), ("d4", "X")):
        move = Move.parse(text, 10)
        board.save_play(move.row, move.col, symbol)
    chosen: list[Move] = []
    worker = threading.Thread(target=lambda: chosen.append(StrongPlayer(9, 0.01).choose(board, "O")))
    worker.start()
    worker.join()
    assert [str(move) for move in chosen] in (["c4"], ["g4"])


# Out of time: what the search leaves behind


@pytest.mark.slow
@pytest.mark.parametrize("think", [0.003, 0.01, 0.02, 0.05, 0.15, 0.2])
def test_a_search_cut_short_by_its_clock_still_blocks_an_open_three(think: float) -> None:
    # X has j9 k10 l11, open at both ends: O must take i8 or m12, or X makes an open four.  A search stopped
    # by its deadline in the middle of a line once left its board there, and the last check of the chosen
    # move then read that board and could trade the block for another move.
    game = [Move.parse(text, 15) for text in ["j9", "j10", "k10", "k9", "l11"]]
    board = Configurations(15, 5, 0)
    for ply, move in enumerate(game):
        board.save_play(move.row, move.col, "XO"[ply % 2])
    for _ in range(3):
        assert str(StrongPlayer(225, think).choose(board, "O")) in {"i8", "m12"}


def test_a_threat_search_says_when_its_budget_stopped_it() -> None:
    board = SearchBoard(Position.from_rows(["." * 9] * 4 + ["....X...."] + ["." * 9] * 4, length=5))
    complete = ThreatSearch(board)
    assert complete.find() is None
    assert not complete.stopped  # X has no four to make: there is no win by fours
    board = SearchBoard(
        Position.from_rows(
            [
                ".........",
                ".XX.X....",
                "...X.....",
                ".........",
                "...O.....",
                "..OO.....",
                ".O.......",
                "." * 9,
                "." * 9,
            ],
            length=5,
        )
    )
    cut = ThreatSearch(board, node_limit=1)
    assert cut.find() is None
    assert cut.stopped


def test_a_threat_search_counts_every_attacking_move_it_weighs_played_or_not() -> None:
    # X to move has one closed three: fours at f5 and g5, each met by its block, and nothing else to attack with.
    board = SearchBoard(Position.from_rows(["O.......O", *["." * 9] * 3, ".OXXX....", *["." * 9] * 4], length=5))
    search = ThreatSearch(board)
    assert search.find() is None
    assert not search.stopped
    # One attacking move allowed: the position, and its two fours (with one move, only two threats at once win,
    # so neither is played, but both count): 3.  Two allowed: the position, a four, the position after its block
    # (which has no attacking move left), the other four, the position after its block: 5 more.
    assert search.nodes == 8


# Threats of the opponent's, as if the player to move passed.

VCF_FOR_X = [
    ".........",
    ".........",
    "..OXO....",
    "..XXOOO..",
    "..X.XO...",
    "..X......",
    "...XO....",
    ".........",
    "..........",
]


def test_a_threat_search_after_a_pass_finds_the_opponent_s_win_and_leaves_the_board_as_it_was() -> None:
    # X's win by fours, with O to move: X has a tile more in the corner of a 15x15 board.
    rows = [row[:9] + "......" for row in VCF_FOR_X] + ["." * 15] * 5 + ["." * 14 + "X"]
    board = SearchBoard(Position.from_rows(rows, length=5))
    before = (board.mover, board.tiles, board.threats, board.key())
    assert board.mover == NOUGHT
    assert ThreatSearch(board).find() is None  # O has no win by fours of its own
    line = ThreatSearch(board, passed=True).find()
    assert line is not None
    assert (board.mover, board.tiles, board.threats, board.key()) == before
    assert len(line) == 7


@pytest.mark.parametrize("think", [0.05, 0.2])
def test_the_opponent_s_win_by_fours_is_stopped_before_the_search(think: float) -> None:
    rows = [row[:9] + "......" for row in VCF_FOR_X] + ["." * 15] * 5 + ["." * 14 + "X"]
    position = Position.from_rows(rows, length=5)
    choice = StrongSearch(Rules.square(15, 5)).choose(position, max_plies=225, think=think)
    board = SearchBoard(position)
    board.play(choice.move.row * 15 + choice.move.col)
    search = ThreatSearch(board)
    assert search.find() is None
    assert not search.stopped


def test_the_first_move_on_a_large_empty_board_is_the_centre() -> None:
    choice = StrongSearch(Rules.square(15, 5)).choose(Position(Rules.square(15, 5), 0, 0), max_plies=225, think=0.2)
    assert (choice.move, choice.depth, choice.outcome) == (Move(7, 7), 0, None)
