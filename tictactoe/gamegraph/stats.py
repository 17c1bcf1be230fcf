"""Counts over the game graph: positions, positions up to symmetry, results, complete games, edges.

Each count is read off the graph in one pass, without replaying games:
complete games are counted by carrying the number of move orders that reach
each position down the graph, one depth at a time.

>>> from tictactoe.gamegraph import build_graph
>>> print(format_stats(graph_stats(build_graph())))
positions                   5478
positions up to symmetry     765
terminal positions           958
  X wins                     626
  O wins                     316
  draws                       16
complete games            255168
  X wins                  131184
  O wins                   77904
  draws                    46080
edges                      16167
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Side
from tictactoe.gamegraph.graph import GAME_OVER, SLOTS, SQUARES, TIE, GameGraph, board_hash

if TYPE_CHECKING:
    from typing import Final

__all__ = ["SYMMETRIES", "GraphStats", "Results", "canonical_hash", "format_stats", "graph_stats"]


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of the square as permutations: square ``i`` of the image is square ``p[i]``."""
    identity = tuple(range(SQUARES))
    quarter_turn = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # clockwise: the new top row is the old left column, upwards
    mirror = (2, 1, 0, 5, 4, 3, 8, 7, 6)  # left and right swapped
    turns = [identity]
    for _ in range(3):
        turns.append(tuple(turns[-1][square] for square in quarter_turn))
    return tuple(turns) + tuple(tuple(turn[square] for square in mirror) for turn in turns)


#: The rotations (by 0, 90, 180 and 270 degrees) and their mirror images.
SYMMETRIES: Final = _symmetries()


def canonical_hash(squares: str) -> int:
    """The least :func:`board_hash` among the eight images of a board under the square's symmetries.

    Two boards are the same up to symmetry exactly when their canonical
    hashes are equal.  Runtime complexity: O(1).

    >>> canonical_hash("  X      ") == canonical_hash("        X") == board_hash("X        ")
    True
    """
    return min(board_hash([squares[square] for square in symmetry]) for symmetry in SYMMETRIES)


class Results:
    """How many of something ended with X winning, O winning, and a draw."""

    __slots__ = ("draws", "o_wins", "x_wins")

    def __init__(self, x_wins: int = 0, o_wins: int = 0, draws: int = 0) -> None:
        self.x_wins = x_wins
        self.o_wins = o_wins
        self.draws = draws

    @property
    def total(self) -> int:
        """All of them, whatever the result."""
        return self.x_wins + self.o_wins + self.draws

    def add(self, winner: str, count: int) -> None:
        """Count ``count`` more with ``winner``: ``"X"``, ``"O"`` or ``"-"`` for a tie."""
        if winner == Side.X:
            self.x_wins += count
        elif winner == Side.O:
            self.o_wins += count
        elif winner == TIE:
            self.draws += count
        else:
            raise ValueError(f"a finished game's winner is 'X', 'O' or '-', got {winner!r}")

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(x_wins={self.x_wins}, o_wins={self.o_wins}, draws={self.draws})"


class GraphStats:
    """The counts ``python -m tictactoe.gamegraph stats`` prints."""

    __slots__ = ("edges", "games", "positions", "symmetric_positions", "terminal")

    def __init__(self, positions: int, symmetric_positions: int, terminal: Results, games: Results, edges: int) -> None:
        self.positions = positions
        self.symmetric_positions = symmetric_positions
        self.terminal = terminal
        self.games = games
        self.edges = edges


def graph_stats(graph: GameGraph) -> GraphStats:
    """Count the graph's positions, classes of positions under symmetry, results, complete games and edges.

    A position is counted once up to symmetry when it is the least-hashed of
    its images: every image of a reachable board is reachable too, so each
    class has exactly one such member.  Runtime complexity: O(positions).
    """
    # How many move orders reach each position, carried from each layer to the next.
    orders = [0] * SLOTS
    orders[0] = 1
    terminal, games = Results(), Results()
    positions = symmetric = edges = 0
    for depth in range(SQUARES + 1):
        for node in graph.at_depth(depth):
            positions += 1
            symmetric += canonical_hash(node.squares) == node.hash
            if node.turn == GAME_OVER:
                terminal.add(node.winner, 1)
                games.add(node.winner, orders[node.hash])
                continue
            for child in node.moves:
                if child >= 0:
                    orders[child] += orders[node.hash]
                    edges += 1
    return GraphStats(positions, symmetric, terminal, games, edges)


def format_stats(stats: GraphStats) -> str:
    """The counts as aligned ``label  number`` lines, results indented under their totals."""
    rows: list[tuple[str, int]] = [
        ("positions", stats.positions),
        ("positions up to symmetry", stats.symmetric_positions),
    ]
    for title, results in (("terminal positions", stats.terminal), ("complete games", stats.games)):
        rows.append((title, results.total))
        rows += [("  X wins", results.x_wins), ("  O wins", results.o_wins), ("  draws", results.draws)]
    rows.append(("edges", stats.edges))
    label_width = max(len(label) for label, _ in rows)
    number_width = max(len(str(number)) for _, number in rows)
    return "\n".join(f"{label:<{label_width}}  {number:>{number_width}}" for label, number in rows)
