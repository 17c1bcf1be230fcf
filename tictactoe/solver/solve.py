"""Solve a k-in-a-row position: who wins with both sides playing perfectly, and a move that gets it.

The search is negamax with alpha-beta over three values -- ``WON``,
``DRAWN``, ``LOST`` for the player to move -- with a transposition table,
and it prunes with what the rules of k-in-a-row allow it to know without
searching:

* the player to move who has a *threat* (a square completing a line) wins;
* otherwise, an opponent with two threats wins, and an opponent with one
  leaves a single move worth trying: the block;
* a player whose live windows an Erdős-Selfridge or pairing argument shows
  the opponent can block (:mod:`tictactoe.solver.blocking`) cannot win: the
  value is bounded by a draw on that side, and with both, it is a draw
  (the potential behind Erdős-Selfridge is kept move by move and read at
  every node; a pairing is searched for only where it would end the
  search, since it costs many nodes' time);
* a square on no live window helps neither player: a tile there is as
  good as a pass, and any other move is at least as good as a pass (an
  extra tile never hurts its owner), so such a square is never tried.
  Under standard an extra tile can hurt its owner (it can make an
  overline of a line it needed), so a pass may be worth having: one such
  square is tried, after the others -- any one, since a tile there never
  touches a line that can still win, nor the square beyond its end (where
  it would make an overline), so the squares are as good as each other;
* the moves are tried heaviest line weight first
  (:meth:`~tictactoe.solver.search_board.SearchBoard.ordered_moves`), the table's
  best move before them.

The rules are freestyle's or standard's (exactly ``k`` in a row wins): the
board counts a player's threats as its variant does
(:func:`~tictactoe.solver.variant_board.search_board`), and the
Erdős-Selfridge and pairing arguments hold under both, since each stops
the maker from filling any window it can still fill, and a win under
either fills one.

The table is a :class:`~hashdict.HashDictionary` keyed by the least of a
position's symmetric images (eight on a square board, four on a rectangle), so a position is searched once for all
of them; each record holds a value or a bound and the best move
(:mod:`tictactoe.solver.records`).
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import Variant
from hashdict import Data, HashDictionary
from hashdict.hashing import VETTED_SIZES
from tictactoe.solver.blocking import Pairing, breaker_wins_by_potential, find_pairing
from tictactoe.solver.clock import Deadline, OutOfTime
from tictactoe.solver.depth import make_room
from tictactoe.solver.geometry import Region, lowest_square
from tictactoe.solver.memory import CostTable, capacity_for, cost_level, default_memory
from tictactoe.solver.records import DRAWN, LOST, WON, Bound, interval, pack, settled, unpack
from tictactoe.solver.search_board import CROSS
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from tictactoe.solver.position import Position
    from tictactoe.solver.search_board import SearchBoard

__all__ = [
    "PROVED_VARIANTS",
    "SHARED_LEVEL",
    "Hints",
    "OutOfTime",
    "OverBudget",
    "Solution",
    "Solver",
    "no_hints",
    "solve",
    "winner_of",
]

#: The variants the solver proves values of: renju's forbidden points and caro's blocked ends are beyond its
#: arguments (a pairing does not stop a caro line, which a stone beside it may stop or not).
PROVED_VARIANTS = (Variant.FREESTYLE, Variant.STANDARD)

#: The cost level (:func:`~tictactoe.solver.memory.cost_level`) from which a record is worth sharing with other
#: solves of the board: a search of 256 positions or more, about a twentieth of a second.
SHARED_LEVEL = 7

# Buckets of the table of pairings kept for a certificate: the largest size whose hash is vetted for board keys.
_TABLE_SIZE = VETTED_SIZES[-1]
# The most pairings kept for a certificate before they are let go (the walk searches again the ones it needs).
_MOST_PAIRINGS = 1_000_000


class OverBudget(Exception):
    """A search visited more positions than its budget allowed: it is to be split into smaller ones.

    ``path`` is the line of moves the search was in when it stopped, the deepest first, each with the positions
    its search had visited by then: where one took most of the budget alone, a search of it would be split too.
    """

    def __init__(self) -> None:
        super().__init__()
        self.path: list[tuple[int, int]] = []


class Solution:
    """What a solve found.

    ``value``: the :class:`~configurations.Winner` with both sides playing
    perfectly (proved), or ``None`` when time ran out first.  ``best``: a move that achieves the value; when
    time ran out, the best of the moves searched to the end, or before any
    was, the first in the search's move order; ``None`` on a finished board.
    ``nodes``: positions visited.  ``seconds``: processor time.
    """

    __slots__ = ("best", "nodes", "seconds", "value")

    def __init__(self, value: Winner | None, best: Move | None, nodes: int, seconds: float) -> None:
        self.value = value
        self.best = best
        self.nodes = nodes
        self.seconds = seconds

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(value={self.value!r}, best={self.best!r}, "
            f"nodes={self.nodes!r}, seconds={self.seconds!r})"
        )


#: The last pairing found against each player (by number) at each count of empty squares: a search's hints.
Hints = list[list[Pairing | None]]


def no_hints(squares: int) -> Hints:
    """Hints for a board of ``squares`` squares before any pairing is found."""
    return [[None] * (squares + 1) for _ in range(2)]


def solve(position: Position, think: float | None = None) -> Solution:
    """Solve ``position``, stopping after ``think`` seconds of wall-clock time if given.

    >>> from tictactoe.solver.position import Position
    >>> solution = solve(Position.from_rows(["X..", ".O.", "..."], length=3))
    >>> solution.value, str(solution.best)
    (<Winner.DRAW: 'draw'>, 'c1')
    """
    return Solver(position, think=think).solve()


class Solver:
    """One solve of one position; ``nodes`` counts the positions it has visited."""

    def __init__(
        self,
        position: Position,
        *,
        think: float | None = None,
        keep_pairings: bool = False,
        table: CostTable | None = None,
        region: Region | None = None,
        share: bool = False,
        hints: Hints | None = None,
    ) -> None:
        if position.rules.variant not in PROVED_VARIANTS:
            raise ValueError(f"the solver proves freestyle and standard only, not {position.rules.variant}")
        self._position = position
        # Under standard a pass can be worth having: a square on no live window is tried too (see the docstring).
        self._passes = position.rules.variant is Variant.STANDARD
        # A restricted solve: X chooses its moves in the region (O all of its), the table keyed by the symmetries
        # that keep the region.  What it proves of X's wins holds in the game, where X has more moves to choose.
        self._region = region
        self._board = search_board(position, symmetries=None if region is None else region.symmetries)
        make_room(self._board.squares)  # the search, and the walk of its certificate, recurse once a ply
        self._shape = position.shape
        # The table may be one that other solves of the same board filled: what it holds is proved, whoever proved it.
        self._table = CostTable(capacity_for(default_memory(), self._board.squares)) if table is None else table
        # The most positions the search of bounds() may visit before OverBudget: a job's budget.
        self._budget: float = math.inf
        self._think = think
        self._deadline = Deadline()
        self._best_so_far = -1
        # The last pairing found against each player (by number) at each count of empty squares, handed to the next
        # search at that count as its hint: a position's siblings, a move apart, are mended from each other's
        # pairings, where the last pairing found anywhere is most often one of a position far below (on 7x7 with
        # five in a row, 15% fewer instructions and 5% fewer positions than one hint a player).
        # ``hints`` may be those of earlier searches of the same board: a hint changes what a search visits, never
        # what it proves (a pairing mended from it is a pairing of this position).
        self._hints = no_hints(self._board.squares) if hints is None else hints
        # With keep_pairings, every pairing found, under the key of its position and kind (for a certificate).
        self._pairings: HashDictionary | None = HashDictionary(_TABLE_SIZE) if keep_pairings else None
        self._found: list[Pairing] = []
        # The squares of the pairing that ended the last search, 0 when something else ended it (see _best_of).
        self._zone = 0
        #: With ``share``, the records of the positions whose search visited at least 2 ** (SHARED_LEVEL - 1)
        #: positions, as stored: what is worth handing to other solves of the same board.
        self.shared: list[tuple[str, int]] | None = [] if share else None
        self.nodes = 0

    def solve(self) -> Solution:
        """The position's value for ``X`` or ``O`` and a move that achieves it (see :class:`Solution`)."""
        started = time.process_time()
        self._deadline = Deadline.after(self._think)
        winner = self._position.winner
        if winner is not None:
            return Solution(Winner.of(winner), None, 0, time.process_time() - started)
        if self._board.empties == 0:
            return Solution(Winner.DRAW, None, 0, time.process_time() - started)
        outcome: Winner | None
        try:
            value, square = self._root()
        except OutOfTime:
            outcome, square = None, self._best_so_far
        else:
            outcome = winner_of(value, self._position.mover)
        best = None if square < 0 else Move(*divmod(square, self._position.width))
        return Solution(outcome, best, self.nodes, time.process_time() - started)

    def bounds(self, alpha: int, beta: int, *, budget: int | None = None) -> tuple[int, int]:
        """What a search within ``(alpha, beta)`` proves of the position's value for the player to move:
        ``(least, greatest)``, the value itself when it lies inside the window, else the side it lies on
        (``(LOST, alpha)`` or ``(beta, WON)``).

        The position must not be finished.  ``think`` counts from here;
        :class:`OutOfTime` past it.  :class:`OverBudget` once the solver
        has visited more than ``budget`` positions in all (none: no limit).
        """
        self._deadline = Deadline.after(self._think)
        self._budget = math.inf if budget is None else budget
        try:
            value = self._search(alpha, beta)
        finally:
            self._budget = math.inf  # what follows, the walk of a certificate, has no budget
        if value <= alpha:
            return LOST, alpha
        if value >= beta:
            return beta, WON
        return value, value

    @property
    def position(self) -> Position:
        """The position the solver solves."""
        return self._position

    @property
    def board(self) -> SearchBoard:
        """The board the solver plays on: a caller may play and undo moves on it between searches."""
        return self._board

    def searched(self) -> bool:
        """Whether the table holds the position on the board: the search looked at its moves."""
        return self._table.get(self._board.key()[0]) >= 0

    def move_reaching(self, target: int) -> int:
        """A move that gets the player to move at least ``target`` (``WON`` or ``DRAWN``) on :attr:`board` as it
        stands, proved by a search of the position after it (mostly answered by the table).

        The table's best move is tried first, then the search's move order.
        ``ValueError`` when no move reaches ``target``.
        """
        board = self._board
        mine, theirs = board.threats[board.mover], board.threats[1 - board.mover]
        if mine:
            return lowest_square(mine)
        moves = [lowest_square(theirs)] if theirs else self.choices()
        first = self._recall(*board.key())[3]
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        for move in moves:
            board.play(move)
            value = -self._search(-target, 1 - target)
            board.undo()
            if value >= target:
                return move
        raise ValueError(f"no move reaches {target} in {board.tiles}")

    def choices(self) -> list[int]:
        """The moves the search tries for the player to move on :attr:`board`, when it has no line to complete
        and no threat to block: the empty squares on some live window, heaviest first; for X in a restricted
        solve, those of the region (a square of the region on no live window when none is live, as good as a
        pass; every move when the region is full).  Under standard, a square on no live window after them, where
        some square is on one (:meth:`_passes_left`)."""
        board = self._board
        moves = board.ordered_moves()
        if self._passes and moves:
            moves += self._passes_left(moves)
        region = self._region
        if region is None or board.mover != CROSS:
            return moves
        inside = [move for move in moves if region.squares >> move & 1]
        if inside:
            return inside
        return [square for square in board.empty_squares() if region.squares >> square & 1][:1] or moves

    def _passes_left(self, live: list[int]) -> list[int]:
        """The squares on no live window worth trying, ``live`` being the others: the first of them (each is as
        good as another), or in a restricted solve the first in the region and the first outside it (X may play
        only the one; O either, and which it takes decides whether X has a pass left)."""
        board = self._board
        if len(live) == board.empties:
            return []
        dead = ((1 << board.squares) - 1) & ~(board.tiles[0] | board.tiles[1])
        for square in live:
            dead &= ~(1 << square)
        if self._region is None:
            return [lowest_square(dead)]
        inside = dead & self._region.squares
        return [lowest_square(part) for part in (inside, dead & ~inside) if part]

    def _root(self) -> tuple[int, int]:
        """The value of the position for the player to move, and a move that achieves it."""
        board = self._board
        self.nodes += 1
        mine, theirs = board.threats[board.mover], board.threats[1 - board.mover]
        if mine:
            return WON, lowest_square(mine)
        if theirs & (theirs - 1):
            return LOST, lowest_square(theirs)
        moves = [lowest_square(theirs)] if theirs else self.choices()
        if not moves:  # no square lies on a live window: nobody can win
            return DRAWN, board.empty_squares()[0]
        high = self._static_bounds()[1]
        self._best_so_far = moves[0]  # until a move is searched to the end: the move order's first
        return self._best_of(moves, LOST, high, at_root=True)

    def _search(self, alpha: int, beta: int) -> int:
        """The value of the board for the player to move, searched within the window ``(alpha, beta)``.

        Fail-soft: a result ``v <= alpha`` promises the value is at most
        ``v``, a result ``v >= beta`` that it is at least ``v``, and a
        result between them is the value.  The board is left as found.
        Every position whose moves were tried is stored in the table with
        the value or bound found and the move that found it, under the key
        of its symmetry class.  Raises :class:`OutOfTime` past the deadline.
        """
        self.nodes += 1
        if self.nodes > self._budget:
            raise OverBudget
        self._deadline.check()
        self._zone = 0
        started = self.nodes
        board = self._board
        mover = board.mover
        if board.threats[mover]:
            return WON
        theirs = board.threats[1 - mover]
        if theirs & (theirs - 1):
            return LOST
        low, high = self._static_bounds()
        if low == high:
            return low
        key, symmetry = board.key()
        record, stored_low, stored_high, first = self._recall(key, symmetry)
        low, high = max(low, stored_low), min(high, stored_high)
        answer = settled(low, high, alpha, beta)
        if answer is None:
            low, high = self._pairing_bounds(low, high, alpha, beta)
            answer = settled(low, high, alpha, beta)
        if answer is not None:
            return answer
        moves = [lowest_square(theirs)] if theirs else self.choices()
        if not moves:  # no square on a live window (under standard a full window can weigh, dead): nobody wins
            return DRAWN
        if first in moves:  # the stored best move first
            moves.remove(first)
            moves.insert(0, first)
        window_low, window_high = max(alpha, low), min(beta, high)
        best, best_move = self._best_of(moves, window_low, window_high)
        self._zone = 0
        if best >= window_high:
            low = max(low, best)
        elif best <= window_low:
            high = min(high, best)
        else:
            low = high = best
        self._store(key, symmetry, record, low=low, high=high, move=best_move, cost=self.nodes - started)
        return low if best >= window_high or low == high else high

    def _best_of(self, moves: list[int], alpha: int, beta: int, *, at_root: bool = False) -> tuple[int, int]:
        """The best value of ``moves`` for the player to move, searched within ``(alpha, beta)`` as
        :meth:`_search` searches (fail-soft), and the first move that has it.

        At the root, each move that improves on the ones before becomes the
        best move so far, which a search cut short by the clock reports.

        A move answered by the opponent's pairing (taking a square first)
        leaves a *zone*: that square and the pairs'.  Any other move outside
        the zone meets the same pairing -- the windows to pair are the same,
        and every square of the pairing is still empty -- so it is worth at
        most a draw too, and with ``alpha`` at a draw it is not searched.
        """
        board = self._board
        best, best_move = LOST - 1, moves[0]
        zones: list[int] = []
        for move in moves:
            if alpha >= DRAWN and any(not zone >> move & 1 for zone in zones):
                best = max(best, DRAWN)
                continue
            board.play(move)
            entered = self.nodes
            try:
                value = -self._search(-beta, -alpha)
            except OverBudget as over:
                over.path.append((move, self.nodes - entered))
                raise
            board.undo()
            if self._zone:
                zones.append(self._zone)
            if value > best:
                best, best_move = value, move
                if at_root:
                    self._best_so_far = move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best, best_move

    def _static_bounds(self) -> tuple[int, int]:
        """The least and greatest value the Erdős-Selfridge test leaves the player to move."""
        board = self._board
        mover, length = board.mover, board.length
        low = DRAWN if breaker_wins_by_potential(board.potential[1 - mover], length, maker_to_move=False) else LOST
        high = DRAWN if breaker_wins_by_potential(board.potential[mover], length, maker_to_move=True) else WON
        return low, high

    def _pairing_bounds(self, low: int, high: int, alpha: int, beta: int) -> tuple[int, int]:
        """``(low, high)`` tightened to a draw where a pairing shows a player cannot win.

        A pairing is looked for only where it would end the search of this
        position: it costs far more than a node.
        """
        board = self._board
        mover = board.mover
        if high == WON and alpha >= DRAWN and self.pairing(mover, breaker_to_move=False) is not None:
            high = DRAWN
        if low == LOST and beta <= DRAWN:
            pairing = self.pairing(1 - mover, breaker_to_move=True)
            if pairing is not None:
                low = DRAWN
                taken = 1 << pairing.taken if pairing.taken >= 0 else 0
                self._zone = taken | sum(1 << first | 1 << second for first, second in pairing.pairs)
        return low, high

    def pairing(self, maker: int, *, breaker_to_move: bool, afresh: bool = True) -> Pairing | None:
        """A pairing that stops ``maker`` on the board, the last one found against it as the hint (only that
        hint mended unless ``afresh``); see :func:`~tictactoe.solver.blocking.find_pairing`.

        A solver that keeps its pairings answers a position it found one for
        before with that one, in this position's orientation.
        """
        if self._pairings is not None:
            key, symmetry = self._board.key()
            key += "+" if breaker_to_move else "-"  # the maker: the player not to move, or the one to move
            index = self._pairings.get(key)
            if index >= 0:
                return _moved(self._found[index], self._shape.inverse_symmetries[symmetry])
        found = find_pairing(
            self._board.live_windows(maker),
            breaker_to_move=breaker_to_move,
            holding=self._shape.windows_holding,
            hint=self._hints[maker][self._board.empties],
            afresh=afresh,
        )
        if found is not None:
            self._hints[maker][self._board.empties] = found
            if self._pairings is not None:
                if len(self._found) >= _MOST_PAIRINGS:  # let them all go: the walk finds again those it needs
                    self._pairings = HashDictionary(_TABLE_SIZE)
                    self._found = []
                self._pairings.put(Data(key, len(self._found)))
                self._found.append(_moved(found, self._shape.symmetries[symmetry]))
        return found

    def _recall(self, key: str, symmetry: int) -> tuple[int, int, int, int]:
        """``(record, least, greatest, move)`` the table holds for the position under ``key``.

        ``move`` is the stored best move in the position's own orientation
        (``symmetry`` maps it to the key's), ``-1`` if none; without a
        record, ``(-1, LOST, WON, -1)``.
        """
        record = self._table.get(key)
        if record < 0:
            return record, LOST, WON, -1
        least, greatest = interval(record, LOST, WON)
        move = unpack(record)[3]
        if move >= 0:
            move = self._shape.inverse_symmetries[symmetry][move]
        return record, least, greatest, move

    def _store(self, key: str, symmetry: int, record: int, *, low: int, high: int, move: int, cost: int) -> None:
        """Store what is known of the position -- the value between ``low`` and ``high``, its best ``move``, the
        ``cost`` of finding it in positions visited -- under ``key``, replacing its old ``record`` (``-1`` if
        none); ``symmetry`` maps the move to the key's orientation."""
        move = self._shape.symmetries[symmetry][move]
        level = cost_level(cost)
        if low == high:
            packed = pack(low, Bound.EXACT, move=move, depth=level)
        elif high == WON:
            packed = pack(low, Bound.LOWER, move=move, depth=level)
        else:
            packed = pack(high, Bound.UPPER, move=move, depth=level)
        self._table.store(key, packed, present=record >= 0)
        if level >= SHARED_LEVEL and self.shared is not None:
            self.shared.append((key, packed))


def _moved(pairing: Pairing, images: tuple[int, ...]) -> Pairing:
    """``pairing`` with each square moved to its image."""
    taken = images[pairing.taken] if pairing.taken >= 0 else -1
    return Pairing(taken, tuple((images[first], images[second]) for first, second in pairing.pairs))


def winner_of(value: int, mover: Side) -> Winner:
    """Who wins a position worth ``value`` (``WON``, ``DRAWN`` or ``LOST``) to ``mover``, the player to move.

    >>> winner_of(WON, Side.O), winner_of(LOST, Side.O), winner_of(DRAWN, Side.X)
    (<Winner.O: 'O'>, <Winner.X: 'X'>, <Winner.DRAW: 'draw'>)
    """
    if value == DRAWN:
        return Winner.DRAW
    return Winner.of(mover if value == WON else mover.opponent)
