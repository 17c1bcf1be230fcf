"""Wins by continuous fours below the strong search's root: the player's own, which end the search of a position,
and the opponent's, which leave only the moves that answer them.

The root already searches both sides' threats (:mod:`tictactoe.solver.strong_root`); below it the tree
(:mod:`tictactoe.solver.strong_tree`) asks :class:`TreeThreats` only where a position has threats -- the player
to move has ``LEAST_FOURS`` squares that would make a four, or the opponent has -- and only on a board searched
with beams:

* :meth:`TreeThreats.own_win`: a win of the player to move by continuous
  fours (:class:`~tictactoe.solver.threats.ThreatSearch`, which knows the
  rules: black never through a forbidden point, white winning by forcing
  one, exactly five in standard), a proof the tree scores as one;
* :meth:`TreeThreats.their_line`: the opponent's win by continuous fours as
  if the player passed; the tree then searches only the moves that defend
  against it -- a square of its line, or a four of the player's own.

Each search visits at most ``NODE_LIMIT`` positions, and all of them together at most ``SHARE`` of the tree's
positions and ``NODE_LIMIT`` more: a budget of its own, counted in positions so that a search at a fixed depth
finds the same wherever it runs.  What each search found is kept in a table of its own (a
:class:`~hashdict.HashDictionary`, under the board's symmetry key) from move to move: positions meet again in
the next move's tree.

Whether the strong search asks, and for whose wins, is a setting by name (``TREE_THREAT_SETTINGS``): ``off``
asks nothing, ``own`` only for the player to move's own wins, ``both`` for the opponent's too.  ``off`` is the
default: in python -m bench.match at 0.2 s a move, 15x15, from three-move openings, ``both`` scored 40.8% over 300
games against ``off`` (49.0% over 100 games at 1 s), and ``own`` 45.0% over 300 games at 0.2 s: short of the 52% a
change is kept for (bench/strong_selfplay_results.txt; ``--threats-a`` plays them again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hashdict import Data, HashDictionary
from tictactoe.solver.geometry import squares_of
from tictactoe.solver.threats import ThreatSearch

if TYPE_CHECKING:
    from tictactoe.solver.clock import Deadline
    from tictactoe.solver.geometry import Geometry
    from tictactoe.solver.search_board import SearchBoard

__all__ = [
    "DEFAULT_TREE_THREATS",
    "LEAST_FOURS",
    "NODE_LIMIT",
    "SHARE",
    "TREE_THREAT_SETTINGS",
    "TreeThreats",
    "require_threats",
]

#: The settings of the wins by fours below the root by name, the default first: none looked for, the player to
#: move's own only, and the opponent's too.
TREE_THREAT_SETTINGS = ("off", "own", "both")
#: The setting the strong search uses unless told another.
DEFAULT_TREE_THREATS = TREE_THREAT_SETTINGS[0]
#: The least squares where a player would make a four for its wins by fours to be looked for.
LEAST_FOURS = 2
#: Positions one search of wins by fours in the tree may visit.
NODE_LIMIT = 40
#: The share of the tree's positions its searches of wins by fours may add, beyond ``NODE_LIMIT``.
SHARE = 0.25
# Records kept from move to move; the table begins again when it holds more.
_RECORDS = 50_000
# What a search of a player's own wins stores: the length of the line found, or this for none.
_NONE = 0
# The suffixes of the two searches' keys: the player to move's own wins, and the opponent's as if it passed.
_OWN, _PASSED = "w", "p"
#: A win's moves, each a square, or None.
Line = list[int] | None


def require_threats(name: str) -> str:
    """``name`` if it names a setting; else ``ValueError`` (one line) naming those there are."""
    if name not in TREE_THREAT_SETTINGS:
        choices = ", ".join(TREE_THREAT_SETTINGS)
        raise ValueError(f"there is no setting of the threats below the root {name!r}: choose from {choices}")
    return name


class TreeThreats:
    """The searches of wins by fours in the strong search's tree on boards of ``shape``: their table and their
    budget.  Read, never assign: ``nodes`` (positions visited since :meth:`start`)."""

    __slots__ = ("_shape", "_table", "nodes")

    def __init__(self, shape: Geometry) -> None:
        self._shape = shape
        self._table = HashDictionary.for_records(_RECORDS)
        self.nodes = 0

    def start(self) -> None:
        """Begin a move: its budget afresh, and the table too when it is full."""
        self.nodes = 0
        if self._table.num_records() > _RECORDS:
            self._table = HashDictionary.for_records(_RECORDS)

    def own_win(self, board: SearchBoard, tree_nodes: int, deadline: Deadline) -> int:
        """The plies to the end of a win by continuous fours of ``board``'s player to move, counting its last move;
        0 when none is found, within the budget left after the tree's ``tree_nodes`` positions."""
        if board.fours(board.mover).bit_count() < LEAST_FOURS:
            return 0
        key = board.key()[0] + _OWN
        known = self._table.get(key)
        if known >= 0:
            return known
        line, remember = self._search(board, tree_nodes, deadline, passed=False)
        found = _NONE if line is None else len(line)
        if remember:
            self._table.put(Data(key, found))
        return found

    def their_line(self, board: SearchBoard, tree_nodes: int, deadline: Deadline) -> int:
        """The squares of a win by continuous fours of the opponent of ``board``'s player to move, as if the player
        passed, as a set of squares; 0 when none is found, within the budget left after ``tree_nodes``."""
        if board.fours(1 - board.mover).bit_count() < LEAST_FOURS:
            return 0
        key, symmetry = board.key()
        key += _PASSED
        known = self._table.get(key)
        if known >= 0:
            return _mapped(known, self._shape.inverse_symmetries[symmetry])
        line, remember = self._search(board, tree_nodes, deadline, passed=True)
        squares = 0 if line is None else sum(1 << square for square in set(line))
        if remember:
            self._table.put(Data(key, _mapped(squares, self._shape.symmetries[symmetry])))
        return squares

    def defences(self, board: SearchBoard, tree_nodes: int, deadline: Deadline) -> int:
        """Against the opponent's win by continuous fours, as if ``board``'s player to move passed, the moves that
        defend: the squares of its line and the player's own fours; 0 (every move) when none is found within the
        budget left after ``tree_nodes``, or the player may play none of them."""
        line = self.their_line(board, tree_nodes, deadline)
        if not line:
            return 0
        defences = line | board.fours(board.mover)
        return defences if board.playable(board.mover, squares_of(defences), 1) else 0

    def _search(self, board: SearchBoard, tree_nodes: int, deadline: Deadline, *, passed: bool) -> tuple[Line, bool]:
        """The line of a win by fours (None for none found) and whether what was found is to be remembered: not
        when the search was not run for want of budget, or was cut short by the tree's deadline or by the end of
        the move's budget (another time it may end)."""
        left = int(SHARE * tree_nodes) + NODE_LIMIT - self.nodes
        if left <= 0:
            return None, False
        limit = min(left, NODE_LIMIT)
        search = ThreatSearch(board, node_limit=limit, deadline=deadline, passed=passed, table_records=NODE_LIMIT)
        line = search.find()
        self.nodes += search.nodes
        cut_short = search.stopped and (limit < NODE_LIMIT or deadline.passed())
        return line, line is not None or not cut_short


def _mapped(squares: int, symmetry: tuple[int, ...]) -> int:
    """The set of ``squares`` under the map of squares ``symmetry``."""
    mapped = 0
    while squares:
        bit = squares & -squares
        mapped |= 1 << symmetry[bit.bit_length() - 1]
        squares ^= bit
    return mapped
