"""The game graph of 3x3 tic-tac-toe: every reachable position, its moves and its value.

A position is a node stored at index :func:`board_hash` of a list of
``3**9`` slots, ``None`` where no game reaches.  The hash is *perfect*:
reading the nine squares as the digits of a base-3 number (``X`` is 2,
``O`` is 1, empty is 0, square 0 the lowest digit) gives every one of the
19 683 ways to fill the squares its own number, so two positions never
share a slot and finding a node is one list index.  A
:class:`~hashdict.HashDictionary` keyed by the board string would hold the
same 5 478 nodes in chains found by hashing nine characters and comparing
keys; with a perfect hash that machinery buys nothing, and the list costs
154 KiB of slots (8 bytes each) against a table's buckets, chains and
5 478 key strings.  The list is the only store of positions here: no
``dict`` or ``set`` remembers one.

The graph is joined recursively from the empty board: a node's child for
each empty square is the position after the side to move plays there,
reached again through its slot when another order of moves leads to it.
Scores are then computed without recursion, one depth at a time from the
full boards (depth 9) back to the empty one, so that every child is scored
before its parent.

>>> graph = build_graph()
>>> len(graph)
5478
>>> graph.root.score, graph.best_move(0)
(0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Side
from configurations.lines import windows
from configurations.symbols import EMPTY

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Final

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
    "squares_of",
    "unreachable_reason",
]

#: The squares of the board, numbered 0 to 8 row by row from the top left.
SQUARES: Final = 9
#: How many hashes there are: every way to fill nine squares with X, O or nothing.
SLOTS: Final = 3**SQUARES
#: ``turn`` once the game is over, and ``winner`` of a tie.
GAME_OVER: Final = "-"
TIE: Final = "-"
#: ``winner`` while the game goes on.
IN_PROGRESS: Final = "?"

# The digit each symbol contributes to the hash, and the symbol of each digit.
_DIGIT: Final = {Side.X: 2, Side.O: 1, EMPTY: 0}
_SYMBOL_OF_DIGIT: Final = (EMPTY, Side.O, Side.X)
_POWERS: Final = tuple(3**square for square in range(SQUARES))
# The eight lines of three -- rows, columns, diagonals -- as the numbers of their squares.
_LINES: Final = tuple(window.squares for window in windows(3, 3))
# For each square, the lines through it: the only lines a tile there can complete.
_LINES_THROUGH: Final = tuple(tuple(line for line in _LINES if square in line) for square in range(SQUARES))
# The value of a finished game for each winner: X maximises, O minimises.
_RESULT_SCORE: Final = {Side.X: 1, Side.O: -1, TIE: 0}


class UnreachablePositionError(LookupError):
    """A hash that is no position of the graph; the message says why."""


def board_hash(squares: Sequence[str]) -> int:
    """The slot of a board: ``sum(3**i * v(square i))``, ``v`` 2 for X, 1 for O, 0 for empty.

    ``squares`` are the nine squares row by row (``"X"``, ``"O"`` or
    ``" "``), such as a 3x3 board's ``configuration()``.  ``ValueError``
    for anything else.  Runtime complexity: O(1).

    >>> board_hash("         "), board_hash("O        "), board_hash("X        "), board_hash("        X")
    (0, 1, 2, 13122)
    """
    if len(squares) != SQUARES:
        raise ValueError(f"a board has {SQUARES} squares, got {len(squares)}: {squares!r}")
    key = 0
    for square, symbol in enumerate(squares):
        digit = _DIGIT.get(symbol)
        if digit is None:
            raise ValueError(f"square {square} holds {symbol!r}, not 'X', 'O' or ' '")
        key += digit * _POWERS[square]
    return key


def squares_of(key: int) -> str:
    """The nine squares whose :func:`board_hash` is ``key`` (``0 <= key < 3**9``), as a string.

    ``ValueError`` outside that range.  Runtime complexity: O(1).

    >>> squares_of(13124)
    'X       X'
    """
    if not 0 <= key < SLOTS:
        raise ValueError(f"a hash is from 0 to {SLOTS - 1}, got {key!r}")
    symbols = []
    for _ in range(SQUARES):
        key, digit = divmod(key, 3)
        symbols.append(_SYMBOL_OF_DIGIT[digit])
    return "".join(symbols)


def _has_line(squares: str, symbol: str) -> bool:
    return any(squares[a] == squares[b] == squares[c] == symbol for a, b, c in _LINES)


def unreachable_reason(key: int) -> str | None:
    """Why no game reaches the board of hash ``key``, or None when one does.

    X moves first and play stops at a line, so a board is reachable exactly
    when X has as many tiles as O or one more, not both have a line, and
    the one with a line made the last move.  ``ValueError`` outside
    ``0 <= key < 3**9``.  Runtime complexity: O(1).

    >>> unreachable_reason(1)
    'O has more tiles than X, but X moves first'
    >>> unreachable_reason(0) is None
    True
    """
    squares = squares_of(key)
    crosses, noughts = squares.count(Side.X), squares.count(Side.O)
    if crosses < noughts:
        return "O has more tiles than X, but X moves first"
    if crosses > noughts + 1:
        return f"X has {crosses} tiles and O {noughts}, but they take turns"
    x_line, o_line = _has_line(squares, Side.X), _has_line(squares, Side.O)
    if x_line and o_line:
        return "both X and O have three in a row"
    if x_line and crosses == noughts:
        return "O moved after X had three in a row"
    if o_line and crosses > noughts:
        return "X moved after O had three in a row"
    return None


class Node:
    """A reachable position: who moves, how it stands, where each move leads and what it is worth.

    Attributes, all read-only:

    - ``hash``: the node's slot, :func:`board_hash` of its squares;
    - ``squares``: the nine squares row by row, ``"X"``, ``"O"`` or ``" "``;
    - ``turn``: ``"X"`` or ``"O"`` to move, ``"-"`` once the game is over;
    - ``depth``: the number of tiles on the board;
    - ``board``: five printable lines, ``0|1|2`` / ``-+-+-`` / ``3|4|5`` / ``-+-+-`` / ``6|7|8``
      with each tile written over its square's number;
    - ``winner``: ``"X"``, ``"O"``, ``"-"`` for a tie, ``"?"`` while in progress;
    - ``moves``: for squares 0-8 the hash of the child, -1 where the square
      is taken or the game is over;
    - ``score``: with perfect play from here, 1 when X wins, -1 when O wins, 0 for a tie.

    >>> print(build_graph().node(2 + 3**4).board)
    X|1|2
    -+-+-
    3|O|5
    -+-+-
    6|7|8
    """

    # A class with slots, not a dataclass: importing dataclasses costs about 10 ms.
    __slots__ = ("board", "depth", "hash", "moves", "score", "squares", "turn", "winner")

    hash: int
    squares: str
    turn: str
    depth: int
    board: str
    winner: str
    moves: tuple[int, ...]
    score: int

    def __init__(self, key: int, squares: str, winner: str, moves: tuple[int, ...], score: int) -> None:
        depth = SQUARES - squares.count(EMPTY)
        turn = Side.to_move(depth).value if winner == IN_PROGRESS else GAME_OVER
        # The fields cannot be assigned (see __setattr__), so the constructor goes round that guard.
        setter = object.__setattr__
        setter(self, "hash", key)
        setter(self, "squares", squares)
        setter(self, "turn", turn)
        setter(self, "depth", depth)
        setter(self, "board", _printable(squares))
        setter(self, "winner", winner)
        setter(self, "moves", moves)
        setter(self, "score", score)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a node is read-only: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a node is read-only: cannot delete {name!r}")

    def __repr__(self) -> str:
        return f"<{type(self).__qualname__} hash={self.hash} squares={self.squares!r} score={self.score}>"


def _printable(squares: str) -> str:
    """The five lines of ``Node.board``: each square's tile, or its number when empty."""
    cells = [str(square) if symbol == EMPTY else symbol for square, symbol in enumerate(squares)]
    rows = ["|".join(cells[start : start + 3]) for start in (0, 3, 6)]
    return "\n-+-+-\n".join(rows)


class GameGraph:
    """Every position reachable in 3x3 tic-tac-toe, found by its hash.  Build one with :func:`build_graph`.

    ``len(graph)`` is the number of nodes, ``key in graph`` says whether a
    hash is one of them, and iterating yields the nodes in order of hash.
    """

    __slots__ = ("_layers", "_slots")

    def __init__(self, slots: list[Node | None], layers: tuple[tuple[Node, ...], ...]) -> None:
        self._slots = slots
        self._layers = layers

    @property
    def root(self) -> Node:
        """The empty board, hash 0."""
        return self.node(0)

    def node(self, key: int) -> Node:
        """The node of hash ``key``.

        ``UnreachablePositionError`` (a ``LookupError``) saying why when no
        game reaches that board, ``ValueError`` outside ``0 <= key < 3**9``.
        Runtime complexity: O(1).

        >>> build_graph().node(1)
        Traceback (most recent call last):
        ...
        tictactoe.gamegraph.graph.UnreachablePositionError: no game reaches hash 1: O has more tiles than X, \
but X moves first
        """
        if not 0 <= key < SLOTS:
            raise ValueError(f"a hash is from 0 to {SLOTS - 1}, got {key!r}")
        found = self._slots[key]
        if found is None:
            raise UnreachablePositionError(f"no game reaches hash {key}: {unreachable_reason(key)}")
        return found

    def at_depth(self, depth: int) -> tuple[Node, ...]:
        """The nodes with ``depth`` tiles (0 to 9), in order of hash."""
        return self._layers[depth]

    def best_move(self, key: int) -> int:
        """The square (0-8) the side to move at node ``key`` plays with perfect play.

        It is the square of the child with the highest score when X moves
        and the lowest when O moves; the first such square on ties.
        ``ValueError`` when the game is over, and as :meth:`node`.
        Runtime complexity: O(1).

        >>> graph = build_graph()
        >>> graph.best_move(board_hash("XX OO    "))  # X completes the top row
        2
        """
        node = self.node(key)
        if node.turn == GAME_OVER:
            raise ValueError(f"the game at hash {key} is over: there is no move to make")
        sign = 1 if node.turn == Side.X else -1
        slots = self._slots
        best_square, best_value = -1, -2
        for square, child in enumerate(node.moves):
            if child < 0:
                continue
            child_node = slots[child]
            assert child_node is not None  # every child of a node is a node
            if child_node.score * sign > best_value:
                best_square, best_value = square, child_node.score * sign
        return best_square

    def __len__(self) -> int:
        return sum(len(layer) for layer in self._layers)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, int) and 0 <= key < SLOTS and self._slots[key] is not None

    def __iter__(self) -> Iterator[Node]:
        return (node for node in self._slots if node is not None)


def build_graph() -> GameGraph:
    """Join every reachable position from the empty board, then score them from the deepest up.

    Runtime complexity: O(positions + moves): 5 478 positions, 16 167 moves between them.
    """
    drafts = _Drafts()
    _join([EMPTY] * SQUARES, 0, IN_PROGRESS, drafts)
    scores = [0] * SLOTS  # read only at the slots of children, scored a layer earlier
    nodes: list[Node | None] = [None] * SLOTS
    layers: list[tuple[Node, ...]] = []
    for depth in range(SQUARES, -1, -1):
        layer = []
        for key in sorted(drafts.keys_at_depth[depth]):
            winner, moves = drafts.winner[key], drafts.moves[key]
            if winner != IN_PROGRESS:
                score = _RESULT_SCORE[winner]
            elif Side.to_move(depth) is Side.X:
                score = max(scores[child] for child in moves if child >= 0)
            else:
                score = min(scores[child] for child in moves if child >= 0)
            scores[key] = score
            node = nodes[key] = Node(key, drafts.squares[key], winner, moves, score)
            layer.append(node)
        layers.append(tuple(layer))
    layers.reverse()
    return GameGraph(nodes, tuple(layers))


class _Drafts:
    """What joining learns of each position before it is scored, in lists indexed by hash."""

    __slots__ = ("keys_at_depth", "moves", "squares", "winner")

    def __init__(self) -> None:
        self.squares = [""] * SLOTS  # "" until the position is reached
        self.winner = [""] * SLOTS
        self.moves: list[tuple[int, ...]] = [()] * SLOTS
        self.keys_at_depth: list[list[int]] = [[] for _ in range(SQUARES + 1)]


def _join(squares: list[str], key: int, winner: str, drafts: _Drafts) -> None:
    """Record the position ``squares`` (hash ``key``, result so far ``winner``) and, unless over, its children.

    A position is recorded once, when first reached; a child already
    recorded is linked to, not joined again.
    """
    depth = SQUARES - squares.count(EMPTY)
    moves = [-1] * SQUARES
    if winner == IN_PROGRESS:
        mover = Side.to_move(depth)
        digit = _DIGIT[mover]
        for square in range(SQUARES):
            if squares[square] != EMPTY:
                continue
            child = key + digit * _POWERS[square]
            moves[square] = child
            if not drafts.squares[child]:
                squares[square] = mover
                _join(squares, child, _result_after(squares, square, depth + 1), drafts)
                squares[square] = EMPTY
    drafts.squares[key] = "".join(squares)
    drafts.winner[key] = winner
    drafts.moves[key] = tuple(moves)
    drafts.keys_at_depth[depth].append(key)


def _result_after(squares: list[str], square: int, depth: int) -> str:
    """The ``winner`` of a position just reached by a tile on ``square``, ``depth`` tiles in all.

    Only the lines through ``square`` can have been completed by the move.
    """
    mover = squares[square]
    for a, b, c in _LINES_THROUGH[square]:
        if squares[a] == squares[b] == squares[c] == mover:
            return mover
    return TIE if depth == SQUARES else IN_PROGRESS
