"""The strong search below its root: negamax with alpha-beta, its table, its beams and its horizon.

:mod:`tictactoe.solver.strong_search` decides at the root; each root move
is searched here (:meth:`TreeSearch.search`), where

* a player who can complete a line wins, two threats against the
  player to move win, and one leaves only the block to try, which does
  not count as a ply: forced moves are followed past the horizon;
* with no threat against it, a player who can make two threats at once
  (an open four from an open three, in five in a row) wins;
* against such a square of the opponent's, the replies are searched past
  the horizon too, for a few plies (``QUIESCENCE``); on boards searched
  with beams, only those that can stop it -- a square of one of the
  opponent's windows a tile short of a threat, or a threat of the
  player's own;
* the Erdős-Selfridge test (:mod:`tictactoe.solver.blocking`) bounds
  the value at a draw for a player who can no longer win;
* at the horizon the position is scored: on boards searched with beams,
  and on every board of another variant than freestyle, by the
  patterns on its lines -- open and closed twos, threes and fours of
  each player, the player to move's weighed a tempo nearer
  their end (:mod:`tictactoe.solver.patterns`, kept beside the board
  move by move, and counting only what can win under the variant); on
  smaller boards of freestyle by its windows' values
  (:mod:`tictactoe.solver.evaluation`);
* moves are tried in the search's move order
  (:mod:`tictactoe.solver.move_orders`; by default heaviest line weight
  first), the table's best move before them; on boards over 6x6 only the
  first ``WIDTH`` are tried below the root (the root's own beam is
  wider), which is what makes a search of several plies fit in a second
  on 15x15 or 26x26;
* on boards of 15x15 and more each move after the first is searched
  with a null window first (does it beat the best so far?), and from the
  ``LATE_MOVE``-th on a quiet move -- one that makes no four and no
  open three -- a ply shallower too; only a move that beats the best is
  searched again at full depth with the whole window;
* a win is worth ``WIN`` less the plies to it, so the shortest win
  scores highest and the longest loss least badly.

The table (:class:`~tictactoe.solver.table.BoundedTable`, a
:class:`~hashdict.HashDictionary` with oldest-first replacement) is kept
from move to move, so memory stays bounded over a whole game.  A record
packs the score, its bound kind, the depth it was searched to and the best
move into one non-negative integer; a subtree that met no horizon and cut
no move is stored as searched to the end, and is then a proof.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.rules import Variant
from tictactoe.solver.blocking import breaker_wins_by_potential
from tictactoe.solver.clock import Deadline
from tictactoe.solver.evaluation import evaluate
from tictactoe.solver.geometry import squares_of
from tictactoe.solver.patterns import LinePatterns
from tictactoe.solver.records import FINAL_DEPTH, Bound, pack_at_ply, unpack_at_ply
from tictactoe.solver.table import BoundedTable
from tictactoe.solver.tree_threats import DEFAULT_TREE_THREATS, TreeThreats, require_threats

if TYPE_CHECKING:
    from collections.abc import Callable

    from configurations import SearchStats
    from tictactoe.solver.geometry import Geometry
    from tictactoe.solver.move_orders import MoveOrder
    from tictactoe.solver.search_board import SearchBoard

__all__ = ["CLOCK_EVERY", "INFINITY", "LATE_MOVE", "PROVED", "WIDTH", "WIN", "TreeSearch"]

#: The score of a win on the very next ply; each ply further away scores one less.
WIN = 1 << 40
#: Scores at least this far from 0 are proved wins or losses.
PROVED = WIN - (1 << 16)
#: Above every score: a window not yet narrowed, or a beam as wide as the board.
INFINITY = WIN + 1
#: How many plies past the horizon the replies to an opponent's double threat are still searched.
QUIESCENCE = 4
#: Below the root of a board of at least LEAST_SCOUTED_SQUARES, the moves from this one on (counted from 0, in the
#: order tried) are searched a ply shallower first when they make no four and no open three (late move
#: reductions).  In python -m bench.match at 0.2 s a move on 15x15, from three-move openings, the search with them
#: scored 57.1% over 400 games against the search without (bench/strong_selfplay_results.txt), and lost fewer games
#: to gomokubench there.
LATE_MOVE = 3
#: The least board, in squares, searched with null windows and late move reductions: 15x15, where they were
#: measured ahead.  On 10x10 they lost 4 games of 96 to gomokubench where the search without them lost none
#: (bench/rating_results.txt).
LEAST_SCOUTED_SQUARES = 225
#: Moves tried at each position below the root on boards over 6x6.  Narrower beams search deeper in the same time:
#: at 10 (and 16 at the root) the search scored 61% (seed 1) and 53.5% (seed 2) of 100 games each against itself at
#: 16 and 24, 0.2 s a move on 15x15, and 60% (seed 1) with the deepening's HOPE at 0.1, as kept
#: (bench/strong_selfplay_results.txt).
WIDTH = 10
# Boards of at most this many squares are searched with every move: the beams would cost them proofs.
_FULL_WIDTH_SQUARES = 36
#: Positions between looks at the clock, and reports of the count of positions (a node on 26x26 takes about a
#: tenth of a millisecond).
CLOCK_EVERY = 16


class TreeSearch:
    """The search below the root on boards of ``shape`` played under ``variant``, with a table of at most
    ``capacity`` positions kept from move to move, trying moves in ``order``, and looking for wins by fours below
    its root by the setting ``threats`` of that name (:mod:`tictactoe.solver.tree_threats`; ``ValueError`` for a
    name that is none).

    ``patterns``: whether a board searched with beams, or of another variant than freestyle, is scored at the
    horizon by the patterns on its lines (else by its windows' values).  Read, never assign: ``board`` (the
    position searched, set by :meth:`begin`), ``width`` (the beam, ``INFINITY`` for every move), ``order``,
    ``threats`` (the setting's name), ``nodes`` (positions visited since :meth:`begin`; the root's searches add
    theirs), ``inexact`` (estimates met: 0 after a search means its value is a proof) and ``deadline`` (what the
    root sets for the deepening).
    """

    __slots__ = (
        "_breakers",
        "_defends",
        "_learns",
        "_patterns",
        "_reported",
        "_scouts",
        "_shape",
        "_stats",
        "_table",
        "_threats",
        "board",
        "deadline",
        "inexact",
        "nodes",
        "order",
        "threats",
        "width",
    )

    def __init__(
        self,
        shape: Geometry,
        variant: Variant,
        *,
        capacity: int,
        patterns: bool,
        order: MoveOrder,
        threats: str = DEFAULT_TREE_THREATS,
    ) -> None:
        self._shape = shape
        self._table = BoundedTable(capacity)
        # Whether Erdős-Selfridge may bound the game with each player as the breaker: not black under renju,
        # whose pairing strategy may ask for a point it may not play.
        self._breakers = (variant is not Variant.RENJU, True)
        self.width = INFINITY if shape.squares <= _FULL_WIDTH_SQUARES else WIDTH
        self._scouts = shape.squares >= LEAST_SCOUTED_SQUARES  # never a board searched for proofs
        # The patterns on the lines, kept beside the board on boards searched with beams: what the horizon reads.
        # The windows' values know no variant, so a board of another variant is scored by its patterns whatever
        # its size.
        by_patterns = self.width < INFINITY or variant is not Variant.FREESTYLE
        self._patterns = LinePatterns(shape, variant=variant) if patterns and by_patterns else None
        # Wins by fours below the root, on boards searched with beams: the others are searched with every move.
        self.threats = require_threats(threats)
        self._threats = TreeThreats(shape) if threats != "off" and self.width < INFINITY else None
        self._defends = threats == "both"  # the opponent's wins too, not only the player to move's own
        self.order = order
        self._learns = order.learns
        self.board: SearchBoard | None = None
        self._stats: SearchStats | None = None
        self.deadline = Deadline(every=CLOCK_EVERY)
        self.inexact = 0
        self._reported = 0
        self.nodes = 0

    @property
    def capacity(self) -> int:
        """The most positions its table holds."""
        return self._table.capacity

    def begin(self, board: SearchBoard, x_tiles: int, o_tiles: int, stats: SearchStats | None) -> None:
        """Search ``board`` (whose tiles are ``x_tiles`` and ``o_tiles``) next, adding the positions visited to
        ``stats.nodes``."""
        self.board = board
        if self._patterns is not None:
            self._patterns.reset(x_tiles, o_tiles)
        self._stats = stats
        self.nodes = self._reported = 0
        self.order.start()
        if self._threats is not None:
            self._threats.start()

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the board for the player to move, ``depth`` plies deep, within ``(alpha, beta)``.

        Negamax, fail-soft: a result ``v <= alpha`` promises the score is at
        most ``v``, a result ``v >= beta`` at least ``v``, one between them
        is the score.  ``ply``: moves made since the root, which a win's
        score counts.  Raises :class:`~tictactoe.solver.clock.OutOfTime`
        past the deadline.
        """
        self.nodes += 1
        if not self.nodes % CLOCK_EVERY:
            self.report()
        self.deadline.check()
        board = self.board
        assert board is not None
        mover = board.mover
        if board.threats[mover]:
            return WIN - ply - 1
        theirs = board.threats[1 - mover]
        if theirs:
            theirs = board.stops(1 - mover)  # where the player must play (one square but under caro)
            if not theirs:
                return ply + 2 - WIN  # two threats, or one that black may not block under renju
        if not board.empties:
            return 0
        if not theirs and board.double_threats(mover):
            return WIN - ply - 3  # two threats now, one blocked, the other completed
        low, high = self._bounds()
        if low >= beta or high <= alpha or low == high:
            return low if low >= beta or low == high else high
        plies = 0 if theirs else self._threat_search(TreeThreats.own_win)
        if plies:
            return WIN - ply - plies
        danger = 0 if theirs else board.double_threats(1 - mover)
        if depth <= 0 and not theirs and (not danger or depth <= -QUIESCENCE):
            self.inexact += 1
            return min(max(self._evaluate(), low), high)
        # Only these can stop an opponent's double threat: a square of its near windows, or a threat.
        # Any other move loses, though not always soonest, so boards searched for proofs try them all.
        only = board.fours(1 - mover) | board.fours(mover) if danger and self.width < INFINITY else 0
        if not (theirs or danger) and depth >= 1 and self._defends:
            only = self._threat_search(TreeThreats.defences)
            self.inexact += only != 0  # a move elsewhere may defend too: the rest are cut off unsearched
        return self._expand(depth, max(alpha, low), min(beta, high), ply, block=theirs, only=only)

    def _expand(self, depth: int, alpha: int, beta: int, ply: int, *, block: int, only: int) -> int:
        """:meth:`search` of a position whose moves are to be tried: the table, the moves, the record.

        ``block``: the squares that stop the opponent's threat (one, the
        threat's own, but under caro), the only moves, which do not count
        as a ply; else 0.  ``only``: the squares
        the moves are chosen from, when they are restricted; else 0.
        """
        board = self.board
        assert board is not None
        key, symmetry = board.key()
        record = self._table.get(key)
        first = -1
        if record >= 0:
            score, bound, stored_depth, move = unpack_at_ply(record, ply, proved=PROVED)
            if stored_depth >= depth and (
                bound == Bound.EXACT
                or (bound == Bound.LOWER and score >= beta)
                or (bound == Bound.UPPER and score <= alpha)
            ):
                if stored_depth < FINAL_DEPTH:
                    self.inexact += 1  # an estimate, not a proof
                return score
            if move >= 0:
                first = self._shape.inverse_symmetries[symmetry][move]
        moves = squares_of(block) if block else self._moves(first, only)
        if not moves:
            return 0  # no square lies on a live window: nobody can win
        inexact, window_low = self.inexact, alpha
        best, best_move = -INFINITY, moves[0]
        following = depth if block else depth - 1
        scout = not block and self._scouts
        for index, move in enumerate(moves):
            self.play(move)
            try:
                if index and scout:
                    value = self._scout(following, alpha, beta, ply, late=index >= LATE_MOVE and not only)
                else:
                    value = -self.search(following, -beta, -alpha, ply + 1)
            finally:
                self.undo()  # also when time runs out, unwinding to the root
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.order.cut_off(move, depth)
                        break
        bound = Bound.LOWER if best >= beta else Bound.UPPER if best <= window_low else Bound.EXACT
        stored_depth = FINAL_DEPTH if self.inexact == inexact else min(max(depth, 0), FINAL_DEPTH - 1)
        stored_move = self._shape.symmetries[symmetry][best_move]
        packed = pack_at_ply(best, ply, bound, depth=stored_depth, move=stored_move, proved=PROVED)
        self._table.store(key, packed, present=record >= 0)
        return best

    def _threat_search(self, ask: Callable[[TreeThreats, SearchBoard, int, Deadline], int]) -> int:
        """What ``ask`` (:meth:`TreeThreats.own_win` or :meth:`TreeThreats.defences`) finds on the board, its
        positions counted as the tree's; 0 when no wins by fours are looked for."""
        threats, board = self._threats, self.board
        if threats is None or board is None:
            return 0
        before = threats.nodes
        found = ask(threats, board, self.nodes, self.deadline)
        self.nodes += threats.nodes - before
        return found

    def _scout(self, depth: int, alpha: int, beta: int, ply: int, *, late: bool) -> int:
        """The score, for the player who just moved, of a move after the first, searched ``depth`` more plies:
        first with a null window at ``alpha`` (does it beat the best so far?), a ``late`` quiet move -- one that
        makes no four and no open three -- a ply shallower still; searched again at full depth, and then with the
        whole window, only when it does."""
        board = self.board
        assert board is not None
        mover = board.mover  # the player to reply
        reduced = late and depth >= 1 and not board.threats[1 - mover] and not board.double_threats(1 - mover)
        if reduced:
            self.inexact += 1  # a shallower search is an estimate
        value = -self.search(depth - reduced, -alpha - 1, -alpha, ply + 1)
        if value > alpha and reduced:
            value = -self.search(depth, -alpha - 1, -alpha, ply + 1)
        if alpha < value < beta:
            value = -self.search(depth, -beta, -alpha, ply + 1)
        return value

    def play(self, square: int) -> None:
        """Play ``square`` on the board and on the patterns kept beside it."""
        board = self.board
        assert board is not None
        if self._patterns is not None:
            self._patterns.play(square, board.mover)
        board.play(square)

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        board = self.board
        assert board is not None
        board.undo()
        if self._patterns is not None:
            self._patterns.undo()

    def _evaluate(self) -> int:
        """The position's worth to the player to move where the search stops: by the patterns on its lines on a
        board searched with beams (:mod:`tictactoe.solver.patterns`), else by its windows' values
        (:mod:`tictactoe.solver.evaluation`)."""
        board = self.board
        assert board is not None
        return evaluate(board) if self._patterns is None else self._patterns.worth(board.mover)

    def _moves(self, first: int, only: int) -> list[int]:
        """The moves to try below the root, ``first`` first: those of ``only`` if it is not 0, else the first
        ``WIDTH`` of the move order (all on small boards)."""
        board = self.board
        assert board is not None
        moves = self.order.moves(board)
        if only:
            wanted = set(squares_of(only))  # a few squares: a set's look-up beats shifting a board-wide integer
            moves = [move for move in moves if move in wanted]
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        moves = board.playable(board.mover, moves, None if only else self.width)
        if len(moves) > self.width and not only:
            self.inexact += 1
            del moves[self.width :]
        if self._learns:
            moves = self.order.arrange(moves, 1 if moves and moves[0] == first else 0)
        return moves

    def _bounds(self) -> tuple[int, int]:
        """The least and greatest score Erdős-Selfridge leaves the player to move: a draw for a player who
        can no longer win, else no bound."""
        board = self.board
        assert board is not None
        mover, length, breakers = board.mover, board.length, self._breakers
        low = high = 0
        if not (breakers[mover] and breaker_wins_by_potential(board.potential[1 - mover], length, maker_to_move=False)):
            low = -INFINITY
        if not (breakers[1 - mover] and breaker_wins_by_potential(board.potential[mover], length, maker_to_move=True)):
            high = INFINITY
        return low, high

    def stored_move(self) -> int:
        """The best move the table holds for the board as it stands, or -1 when it holds none: what a principal
        variation follows (:mod:`tictactoe.solver.analysis`)."""
        board = self.board
        assert board is not None
        key, symmetry = board.key()
        record = self._table.get(key)
        if record < 0:
            return -1
        move = unpack_at_ply(record, 0, proved=PROVED)[3]
        return -1 if move < 0 else self._shape.inverse_symmetries[symmetry][move]

    def report(self) -> None:
        """Add the positions visited since the last report to the caller's ``stats``."""
        if self._stats is not None:
            self._stats.nodes += self.nodes - self._reported
        self._reported = self.nodes
