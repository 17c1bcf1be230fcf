"""The orders the strong search tries moves in, by name: a part to play against another (``python -m bench.match
strong strong --order-a history``).

An order gives the candidate squares of a position, best first
(:meth:`MoveOrder.moves`), from which the search takes its root moves and,
below the root, the beam of its heaviest moves (on boards over 6x6); then
it may arrange the moves of one position as they are to be tried
(:meth:`MoveOrder.arrange`, the table's best move kept first), and it is
told each move that cut the search off (:meth:`MoveOrder.cut_off`).

* ``weights`` (the default): heaviest line weight first, ties nearer the
  centre (:meth:`SearchBoard.ordered_moves
  <tictactoe.solver.search_board.SearchBoard.ordered_moves>`); the same
  squares in the same order wherever a position is met.
* ``history``: the history heuristic.  The squares that cut the search
  off, each counted by ``depth * depth`` of the cut (a cut near the root
  saves the most), go first among the moves the weights chose: the beam
  holds the same squares as under ``weights``, tried in another order.  The
  counts are kept in a list indexed by square and begin again at each move.

>>> make_order("weights", 9).name, make_order("history", 9).name
('weights', 'history')
>>> order = make_order("history", 9)
>>> order.cut_off(4, 2); order.cut_off(8, 1)
>>> order.arrange([0, 8, 4, 2], 1)  # the first, the table's move, stays
[0, 4, 8, 2]
>>> make_order("random", 9)
Traceback (most recent call last):
...
ValueError: there is no move order 'random': choose from weights, history
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from tictactoe.solver.search_board import SearchBoard

__all__ = ["DEFAULT_ORDER", "ORDER_NAMES", "HistoryOrder", "MoveOrder", "make_order", "require_order"]


class MoveOrder:
    """The ``weights`` order, and what every order does: the candidates, their arrangement, the cut-offs."""

    name: ClassVar[str] = "weights"
    #: Whether :meth:`arrange` changes anything: a search calls it only then.
    learns: ClassVar[bool] = False

    __slots__ = ()

    def start(self) -> None:
        """Forget what the search of the last move taught: a new move begins."""

    def moves(self, board: SearchBoard) -> list[int]:
        """The empty squares of ``board`` on some live window, best first."""
        return board.ordered_moves()

    def arrange(self, moves: list[int], start: int) -> list[int]:
        """``moves`` of one position as they are to be tried, those before ``start`` kept first."""
        return moves

    def cut_off(self, square: int, depth: int) -> None:
        """``square`` cut the search off with ``depth`` plies left to search."""


class HistoryOrder(MoveOrder):
    """The history heuristic on a board of ``squares`` squares: the weights' moves, those that cut the search
    off most, deepest, first."""

    name: ClassVar[str] = "history"
    learns: ClassVar[bool] = True

    __slots__ = ("_counts",)

    def __init__(self, squares: int) -> None:
        self._counts = [0] * squares

    def start(self) -> None:
        self._counts = [0] * len(self._counts)

    def arrange(self, moves: list[int], start: int) -> list[int]:
        # A stable sort: among squares of equal counts (at first, all of them) the weights' order stands.
        return moves[:start] + sorted(moves[start:], key=self._counts.__getitem__, reverse=True)

    def cut_off(self, square: int, depth: int) -> None:
        if depth > 0:
            self._counts[square] += depth * depth


#: The orders by name, the default first.
_ORDERS: tuple[type[MoveOrder], ...] = (MoveOrder, HistoryOrder)
#: Every order's name, the default first.
ORDER_NAMES = tuple(order.name for order in _ORDERS)
#: The order the strong search uses unless told another.
DEFAULT_ORDER = MoveOrder.name


def require_order(name: str) -> str:
    """``name`` if it names an order; else ``ValueError`` (one line) naming those there are."""
    if name not in ORDER_NAMES:
        raise ValueError(f"there is no move order {name!r}: choose from {', '.join(ORDER_NAMES)}")
    return name


def make_order(name: str, squares: int) -> MoveOrder:
    """A fresh order called ``name`` for a board of ``squares`` squares; ``ValueError`` (one line) for no order."""
    return HistoryOrder(squares) if require_order(name) == HistoryOrder.name else MoveOrder()
