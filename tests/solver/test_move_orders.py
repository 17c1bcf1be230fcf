"""The move orders: chosen by name for the strong search and the strong player, the default searching as the
board orders its moves, and the history heuristic learning from the cut-offs of one move's search."""

from __future__ import annotations

import math

import pytest

from configurations import Configurations
from configurations.rules import Rules
from tests.solver.test_strong_search import MIDDLE_GAME
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.players.strong import StrongPlayer
from tictactoe.solver.move_orders import DEFAULT_ORDER, ORDER_NAMES, HistoryOrder, MoveOrder, make_order
from tictactoe.solver.position import Position
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.strong_search import StrongSearch

NO_ORDER = "there is no move order 'random': choose from weights, history"


def figures(order: str, rows: list[str], length: int, plies: int) -> tuple[object, ...]:
    """The move, score, outcome, depth and positions of a fresh search in ``order`` with no clock."""
    position = Position.from_rows(rows, length)
    choice = StrongSearch(position.rules, order=order).choose(position, max_plies=plies, think=math.inf)
    return choice.move, choice.score, choice.outcome, choice.depth, choice.nodes


def test_the_orders_by_name_the_default_first() -> None:
    assert ORDER_NAMES == ("weights", "history")
    assert DEFAULT_ORDER == "weights"
    assert StrongSearch(Rules.square(15, 5)).order == "weights"
    assert StrongSearch(Rules.square(15, 5), order="history").order == "history"


def test_weights_gives_the_board_s_own_order() -> None:
    board = SearchBoard(Position.from_rows(MIDDLE_GAME, 5))
    order = make_order("weights", board.squares)
    assert order.moves(board) == board.ordered_moves()
    assert order.arrange([5, 3, 4], 0) == [5, 3, 4]


def test_weights_named_searches_as_the_default() -> None:
    position = Position.from_rows(MIDDLE_GAME, 5)
    default = StrongSearch(position.rules).choose(position, max_plies=3, think=math.inf)
    named = StrongSearch(position.rules, order="weights").choose(position, max_plies=3, think=math.inf)
    assert (named.move, named.score, named.depth, named.nodes) == (
        default.move,
        default.score,
        default.depth,
        default.nodes,
    )


@pytest.mark.slow
def test_history_proves_the_same_value_by_another_way() -> None:
    rows = ["X....", ".O...", "..X..", ".....", "....."]  # 5x5, four in a row, O to move: a draw
    weights, history = figures("weights", rows, 4, 30), figures("history", rows, 4, 30)
    assert weights[:3] == history[:3]
    assert weights[4] != history[4]


def test_history_orders_the_moves_of_a_middle_game_otherwise() -> None:
    assert figures("weights", MIDDLE_GAME, 5, 4)[4] != figures("history", MIDDLE_GAME, 5, 4)[4]


def test_history_puts_the_squares_that_cut_off_most_and_deepest_first() -> None:
    order = HistoryOrder(9)
    order.cut_off(4, 1)
    order.cut_off(4, 1)
    order.cut_off(8, 2)  # counts 4 against square 4's 2: a cut-off two plies from the horizon saves more
    order.cut_off(2, 0)  # at the horizon: nothing learnt
    assert order.arrange([0, 2, 4, 6, 8], 0) == [8, 4, 0, 2, 6]  # the rest as they came
    assert order.arrange([6, 2, 4, 8], 1) == [6, 8, 4, 2]  # the table's move stays first
    order.start()
    assert order.arrange([0, 2, 4, 6, 8], 0) == [0, 2, 4, 6, 8]


def test_only_history_learns() -> None:
    assert (MoveOrder.learns, HistoryOrder.learns) == (False, True)


def test_an_order_that_is_none_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match=f"^{NO_ORDER}$"):
        StrongSearch(Rules.square(15, 5), order="random")
    with pytest.raises(ValueError, match=f"^{NO_ORDER}$"):
        StrongPlayer(2, 1.0, order="random")


def test_the_strong_player_searches_in_the_order_its_options_give() -> None:
    rules = Rules.square(15, 5)
    default = make_player("strong", rules, PlayerLimits(3))
    player = make_player("strong", rules, PlayerLimits(3, order="history"))
    assert isinstance(default, StrongPlayer)
    assert isinstance(player, StrongPlayer)
    assert (default.order, player.order) == ("weights", "history")
    board = Configurations.from_rows([row.replace(".", " ") for row in MIDDLE_GAME], 5, 0)
    player.choose(board, Position.from_rows(MIDDLE_GAME, 5).mover)
    assert player.last_choice is not None
    assert player.last_choice.nodes == figures("history", MIDDLE_GAME, 5, 4)[4]
