"""The 3x3 game graph (docs/players.md): every reachable tic-tac-toe position, its moves and its value.

:func:`game_graph` builds the graph (:mod:`~tictactoe.gamegraph.graph`) the
first time it is asked for and hands out that one graph after; importing the
package builds nothing.  :mod:`~tictactoe.gamegraph.stats` counts its
positions by depth, turn and result.

>>> from tictactoe.gamegraph import board_hash, game_graph
>>> node = game_graph().node(board_hash("X   O    "))
>>> node.turn, node.depth, node.winner, node.score
('X', 2, '?', 0)
"""

from __future__ import annotations

import functools

from tictactoe.gamegraph.graph import (
    GAME_OVER,
    IN_PROGRESS,
    SLOTS,
    SQUARES,
    TIE,
    GameGraph,
    Node,
    UnreachablePositionError,
    board_hash,
    build_graph,
    squares_of,
    unreachable_reason,
)

__all__ = [
    "GAME_OVER",
    "IN_PROGRESS",
    "SLOTS",
    "SQUARES",
    "TIE",
    "GameGraph",
    "Node",
    "UnreachablePositionError",
    "board_hash",
    "build_graph",
    "game_graph",
    "squares_of",
    "unreachable_reason",
]


@functools.cache
def game_graph() -> GameGraph:
    """The game graph, built on the first call (a few hundredths of a second) and shared after."""
    return build_graph()
