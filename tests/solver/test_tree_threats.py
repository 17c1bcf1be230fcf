"""Tests of the wins by continuous fours the strong search looks for below its root
(tictactoe.solver.tree_threats): a win found only so, the moves that ignore the opponent's win left unsearched, the
rules of renju and standard, the budget and table of its own, and its settings by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from configurations import Configurations
from configurations.rules import Rules, Variant
from tests.solver.test_variant_board import blank, drawn, forced_onto_a_forbidden_point, four_four, ruled
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.players.strong import StrongPlayer
from tictactoe.solver.clock import Deadline
from tictactoe.solver.geometry import geometry, squares_of
from tictactoe.solver.move_orders import make_order
from tictactoe.solver.position import Position
from tictactoe.solver.search_board import NOUGHT
from tictactoe.solver.strong_search import StrongSearch
from tictactoe.solver.strong_tree import INFINITY, PROVED, WIN, TreeSearch
from tictactoe.solver.threats import ThreatSearch
from tictactoe.solver.tree_threats import DEFAULT_TREE_THREATS, NODE_LIMIT, TREE_THREAT_SETTINGS, TreeThreats
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from tictactoe.solver.search_board import SearchBoard

# O to move, with no win by fours: a quiet move first, any reply, then one (9x9, five in a row).
QUIET_FIRST = [
    ".........",
    ".XXO...O.",
    "....O..O.",
    "....X.X..",
    "...X.....",
    "..OO.....",
    ".........",
    "......XX.",
    ".........",
]
# O to move, with no win by fours; X has one if O passes: b6 (row 1, column 5), and so on.
THEIRS_BY_FOURS = [
    ".........",
    "..X.X.X..",
    ".....OX..",
    ".....X...",
    "..O......",
    "..O.X.O..",
    "...O.....",
    ".O.....X.",
    ".........",
]


class RootMoves(TreeSearch):
    """The tree search, noting the moves it tries at its root."""

    __slots__ = ("root_empties", "tried")
    root_empties: int
    tried: list[int]

    def play(self, square: int) -> None:
        assert self.board is not None
        if self.board.empties == self.root_empties:
            self.tried.append(square)
        super().play(square)


def searched(rows: list[str], depth: int, *, threats: str | None = None) -> tuple[int, list[int]]:
    """The score of the position drawn by ``rows`` searched ``depth`` plies deep, and the moves tried at its root,
    with the wins by fours below the root by the setting ``threats`` (None: as the tree does by default)."""
    position = Position.from_rows(rows, 5)
    size = len(rows)
    shape = geometry(size, size, 5)
    order = make_order("weights", shape.squares)
    tree = (
        RootMoves(shape, Variant.FREESTYLE, capacity=10_000, patterns=True, order=order)
        if threats is None
        else RootMoves(shape, Variant.FREESTYLE, capacity=10_000, patterns=True, order=order, threats=threats)
    )
    board = search_board(position)
    tree.root_empties, tree.tried = board.empties, []
    tree.begin(board, position.x_tiles, position.o_tiles, None)
    return tree.search(depth, -INFINITY, INFINITY, 0), tree.tried


def no_win_by_fours(board: SearchBoard, *, passed: bool = False) -> bool:
    search = ThreatSearch(board, passed=passed)
    return search.find() is None and not search.stopped


def test_the_settings_by_name_the_default_first_and_off() -> None:
    assert TREE_THREAT_SETTINGS == ("off", "own", "both")
    assert DEFAULT_TREE_THREATS == "off"
    assert StrongSearch(Rules.square(15, 5)).threats == "off"
    assert StrongSearch(Rules.square(15, 5), threats="both").threats == "both"


def test_the_search_is_off_unless_asked_for() -> None:
    assert searched(QUIET_FIRST, 2) == searched(QUIET_FIRST, 2, threats="off")
    assert searched(THEIRS_BY_FOURS, 2) == searched(THEIRS_BY_FOURS, 2, threats="off")


def test_a_setting_that_is_none_is_refused_in_one_line() -> None:
    message = "there is no setting of the threats below the root 'all': choose from off, own, both"
    with pytest.raises(ValueError, match=f"^{message}$"):
        StrongSearch(Rules.square(15, 5), threats="all")
    with pytest.raises(ValueError, match=f"^{message}$"):
        StrongPlayer(2, 1.0, threats="all")


def test_the_strong_player_searches_with_the_setting_its_options_give() -> None:
    position = Position.from_rows(THEIRS_BY_FOURS, 5)
    nodes = {
        threats: StrongSearch(position.rules, threats=threats).choose(position, max_plies=2, think=1000).nodes
        for threats in TREE_THREAT_SETTINGS
    }
    assert nodes["own"] != nodes["off"]  # X's fours below the root make ``own`` search more
    board = Configurations.from_rows([row.replace(".", " ") for row in THEIRS_BY_FOURS], 5, 0)
    for threats in (None, "own"):
        player = make_player("strong", position.rules, PlayerLimits(1, think=1000, threats=threats))
        assert isinstance(player, StrongPlayer)
        assert player.threats == (threats or "off")
        player.choose(board, position.mover)
        assert player.last_choice is not None
        assert player.last_choice.nodes == nodes[player.threats]


def test_a_win_that_needs_a_quiet_move_before_its_fours_is_found_below_the_root() -> None:
    board = search_board(Position.from_rows(QUIET_FIRST, 5))
    assert board.mover == NOUGHT
    assert no_win_by_fours(board)
    assert not board.double_threats(NOUGHT)  # no open three to make either: the first move is a quiet one
    assert searched(QUIET_FIRST, 2, threats="off")[0] < PROVED
    # The quiet move, O's reply, then five plies of fours to the five: found by the player's own wins alone.
    assert searched(QUIET_FIRST, 2, threats="own")[0] == WIN - 7
    assert searched(QUIET_FIRST, 2, threats="both")[0] == WIN - 7


def test_a_move_that_ignores_the_opponent_s_win_by_fours_is_not_searched() -> None:
    board = search_board(Position.from_rows(THEIRS_BY_FOURS, 5))
    assert no_win_by_fours(board)
    assert not no_win_by_fours(board, passed=True)
    line = TreeThreats(board.shape).their_line(board, 0, Deadline())
    assert sorted(divmod(square, 9) for square in squares_of(line))[:3] == [(0, 8), (1, 3), (1, 5)]
    defences = set(squares_of(line | board.fours(board.mover)))
    _, without = searched(THEIRS_BY_FOURS, 2, threats="off")
    _, tried = searched(THEIRS_BY_FOURS, 2, threats="both")
    ignoring = [move for move in without if move not in defences]
    assert ignoring  # searched without the threats: 3d (row 3, column 4) first
    assert divmod(ignoring[0], 9) == (3, 4)
    assert tried
    assert set(tried) <= defences


def test_white_wins_by_forcing_black_onto_a_forbidden_point_under_renju_only() -> None:
    renju = search_board(ruled("renju", forced_onto_a_forbidden_point()))
    freestyle = search_board(ruled("freestyle", forced_onto_a_forbidden_point()))
    assert TreeThreats(renju.shape).own_win(renju, 0, Deadline()) > 0
    assert TreeThreats(freestyle.shape).own_win(freestyle, 0, Deadline()) == 0


def test_black_wins_through_no_forbidden_point_under_renju() -> None:
    renju = search_board(ruled("renju", four_four()))
    freestyle = search_board(ruled("freestyle", four_four()))
    assert TreeThreats(renju.shape).own_win(renju, 0, Deadline()) == 0
    assert TreeThreats(freestyle.shape).own_win(freestyle, 0, Deadline()) == 3


def overline_four() -> list[str]:
    """X to move: h8 makes fours on row 8 and column h at once, but the row's is completed only by a six (j8)."""
    rows = blank()
    for row, col in [(7, 4), (7, 5), (7, 6), (7, 9), (4, 7), (5, 7), (6, 7)]:
        rows[row][col] = "X"
    for row, col in [(7, 3), (3, 7), (0, 0), (0, 14), (14, 0), (14, 14), (14, 7)]:
        rows[row][col] = "O"
    return drawn(rows)


def test_a_win_by_fours_ends_with_exactly_five_under_standard() -> None:
    standard = search_board(ruled("standard", overline_four()))
    freestyle = search_board(ruled("freestyle", overline_four()))
    assert TreeThreats(standard.shape).own_win(standard, 0, Deadline()) == 0
    assert TreeThreats(freestyle.shape).own_win(freestyle, 0, Deadline()) == 3


def test_each_search_keeps_to_its_budget_and_its_table_answers_again() -> None:
    board = search_board(ruled("renju", four_four()))
    threats = TreeThreats(board.shape)
    assert threats.own_win(board, 0, Deadline()) == 0
    spent = threats.nodes
    assert 0 < spent <= NODE_LIMIT
    assert threats.own_win(board, 0, Deadline()) == 0  # from the table: no position visited
    assert threats.nodes == spent
    renju = search_board(ruled("renju", forced_onto_a_forbidden_point()))
    used = TreeThreats(renju.shape)
    used.nodes = NODE_LIMIT  # the budget of a tree of no positions is spent
    assert used.own_win(renju, 0, Deadline()) == 0
    assert used.nodes == NODE_LIMIT
    assert used.own_win(renju, 100, Deadline()) > 0  # a tree of 100 positions leaves a quarter of them


def test_own_leaves_the_defences_to_the_search() -> None:
    _, tried = searched(THEIRS_BY_FOURS, 2, threats="own")
    assert (3, 4) in [divmod(move, 9) for move in tried]  # a move that ignores X's win by fours
    _, defended = searched(THEIRS_BY_FOURS, 2, threats="both")
    assert (3, 4) not in [divmod(move, 9) for move in defended]
