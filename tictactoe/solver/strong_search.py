"""The strong player's search: the best move it can find on any board within a time budget (docs/players.md).

One call of :meth:`StrongSearch.choose` goes through these steps, each
only when the ones before it did not settle the move:

1. A square that completes a line wins at once; against two such squares
   of the opponent's the game is lost (one is blocked, the longest loss);
   against one, it is blocked.  Against a square where the opponent would
   make two threats at once (an open three), only the moves that stop it
   are searched below.  On a board searched with beams the first move of
   an empty board is its centre.  These rules hold whatever time the
   search has.
2. A win by continuous fours (:mod:`tictactoe.solver.threats`): a proof,
   played at once on a board searched with beams (below), where the
   iterative deepening's wins are not proofs.  On a small board, searched
   with every move, the deepening still looks for a shorter win first.
   On a board searched with beams, then, the opponent's win by fours as if
   the player passed: only the moves after which its search finds none are
   searched; then, with five or more in a row, a win by fours and open
   threes, which the player believes and plays if it is one of those moves
   (scored ``BELIEVED``).
3. Iterative deepening: negamax with alpha-beta searched one ply deeper at
   a time, the best move of the last finished depth tried first in the
   next, until the depth reaches ``max_plies``, the value is proved, or the
   next depth is not foreseen to end in time: its cost is foreseen from the
   growth of the depths before it.  A depth the clock stops still counts
   once its first move, the last depth's best, is searched: a move that
   beat it at the new depth is played.  Below the root:

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
   * moves are tried heaviest line weight first, the table's best move
     before them; on boards over 6x6 only the heaviest ``WIDTH`` are
     tried below the root (``ROOT_WIDTH`` at the root), which is what
     makes a search of several plies fit in a second on 15x15 or 26x26;
   * on boards of 15x15 and more each move after the first is searched
     with a null window first (does it beat the best so far?), and from the
     ``LATE_MOVE``-th on a quiet move -- one that makes no four and no
     open three -- a ply shallower too; only a move that beats the best is
     searched again at full depth with the whole window;
   * a win is worth ``WIN`` less the plies to it, so the shortest win
     scores highest and the longest loss least badly.

4. The chosen move is checked against the opponent's wins by continuous
   fours; if it allows one, the next best move that allows none is played.

The table (:class:`~tictactoe.solver.table.BoundedTable`, a
:class:`~hashdict.HashDictionary` with oldest-first replacement) is kept
from move to move, so memory stays bounded over a whole game.  A record
packs the score, its bound kind, the depth it was searched to and the best
move into one non-negative integer; a subtree that met no horizon and cut
no move is stored as searched to the end, and is then a proof.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from configurations.moves import Move
from configurations.results import MoverScore, Outcome
from configurations.rules import Variant
from tictactoe.solver.blocking import breaker_wins_by_potential
from tictactoe.solver.clock import Deadline, OutOfTime
from tictactoe.solver.evaluation import evaluate
from tictactoe.solver.geometry import geometry, lowest_square, squares_of
from tictactoe.solver.patterns import LinePatterns
from tictactoe.solver.records import FINAL_DEPTH, Bound, pack, unpack
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.table import BoundedTable
from tictactoe.solver.threats import ThreatSearch
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from configurations import SearchStats
    from configurations.rules import Rules
    from tictactoe.solver.position import Position

__all__ = ["BELIEVED", "PROVED", "WIN", "Decision", "StrongSearch"]

#: The score of a win on the very next ply; each ply further away scores one less.
WIN = 1 << 40
#: Scores at least this far from 0 are proved wins or losses.
PROVED = WIN - (1 << 16)
#: The score of a win by fours and threes: believed, not proved.
BELIEVED = PROVED - 1
#: Threes are looked for from this length to win: an open three is a threat of five in a row's.
THREES_FROM_LENGTH = 5
_INFINITY = WIN + 1
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
#: Records kept between moves: about 100 MB on a 26x26 board at most.
DEFAULT_CAPACITY = 200_000
#: Moves tried at each position below the root, and at the root, on boards over 6x6.  Narrower beams search
#: deeper in the same time: at 10 and 16 the search scored 61% (seed 1) and 53.5% (seed 2) of 100 games each
#: against itself at 16 and 24, 0.2 s a move on 15x15, and 60% (seed 1) with _HOPE 0.1 below, as kept
#: (bench/strong_selfplay_results.txt).
WIDTH = 10
ROOT_WIDTH = 16
# Boards of at most this many squares are searched with every move: the beams would cost them proofs.
_FULL_WIDTH_SQUARES = 36
# The time by which each search at the root must end, as a share of the budget from the start of the move: the
# player's own win by fours; the opponent's, as if the player passed, with the moves that stop it; the player's
# own win by fours and threes; the iterative deepening.  The last
# check of the move chosen against the opponent's fours ends with the whole budget.
_FOURS_SHARE = 0.1
_GUARD_SHARE = 0.25
_THREES_SHARE = 0.35
_DEEPENING_SHARE = 0.9
# A new depth is begun when _HOPE times its foreseen cost (_next_depth_seconds, from the depths before it) ends
# by this share of the budget.  The foresight overstates the cost by a half on average, and a depth the deadline
# stops is not lost: its best move so far is played and its positions stay in the table for the next move.
# Measured by python -m bench.strong --time-use (40 positions, 15x15): at a _HOPE of 1 the player used 53% of a
# 1 s budget on average; at 0.4, 69% (72% at 0.2 s); at 0.25, 75% (79% at 0.2 s), on two cores under a load of 3.
# With the narrower beams (WIDTH 10) a depth's cost grows by more, and at 0.25 the player used 70% of 1 s (77% of
# 0.2 s); at 0.15, 72% (83%); at 0.1, 73% (87%), on the machine alone.  At 1 s most of what is left is the moves
# whose deepening ends on a believed win, which it plays at once.
_NEXT_DEPTH_END_SHARE = 0.85
_HOPE = 0.1
# The growth in cost from one depth to the next, foreseen before two depths are known, and its bounds.
_FIRST_GROWTH = 4.0
_LEAST_GROWTH = 1.5
_MOST_GROWTH = 8.0
# The least time a finished depth is taken to have cost, so that growth is not foreseen from a clock's noise.
_LEAST_DEPTH_SECONDS = 0.0005
_FOURS_NODE_LIMIT = 20_000
_THREES_NODE_LIMIT = 500
# Positions of each search of the opponent's fours after one of the mover's candidate defences.
_GUARD_NODE_LIMIT = 2_000
# Positions between looks at the clock, and reports of the count of positions (a node on 26x26 takes about a tenth
# of a millisecond).
_CLOCK_EVERY = 16


@dataclass(frozen=True, slots=True)
class Decision:
    """What :meth:`StrongSearch.choose` decided.

    ``move``: the square to play.  ``score``: its worth to the mover
    (above ``PROVED``: a proved win, ``WIN - score`` plies away; below
    ``-PROVED`` a proved loss; else the line-weight estimate).
    ``outcome``: ``"win"``, ``"loss"`` or ``"draw"`` when proved, else
    ``None``.  ``depth``: plies of the last finished iteration (0 when a
    rule settled the move).  ``nodes``: positions visited.  ``seconds``:
    processor time.
    """

    move: Move
    score: MoverScore
    outcome: Outcome | None
    depth: int = field(kw_only=True)
    nodes: int = field(kw_only=True)
    seconds: float = field(kw_only=True)


class StrongSearch:
    """Chooses moves in games played by ``rules``, keeping one table of at most ``capacity`` positions from call
    to call.

    ``patterns``: whether a board searched with beams is scored at the horizon by the patterns on its lines
    (the default, the stronger player) or, as smaller boards of freestyle are, by its windows' values -- the scale
    the review's chances are fitted to (:mod:`tictactoe.game.review.values`).  The patterns count what can still
    win under the rules' variant, the windows' values what could under freestyle: a board of another variant is
    scored by its patterns, unless ``patterns`` is false."""

    __slots__ = (
        "_board",
        "_breakers",
        "_deadline",
        "_inexact",
        "_iteration_best",
        "_patterns",
        "_reported",
        "_scouts",
        "_shape",
        "_stats",
        "_table",
        "_width",
        "nodes",
        "rules",
    )

    def __init__(self, rules: Rules, *, capacity: int = DEFAULT_CAPACITY, patterns: bool = True) -> None:
        self.rules = rules
        self._shape = geometry(rules.rows, rules.cols, rules.k)
        self._table = BoundedTable(capacity)
        # Whether Erdős-Selfridge may bound the game with each player as the breaker: not black under renju,
        # whose pairing strategy may ask for a point it may not play.
        self._breakers = (rules.variant is not Variant.RENJU, True)
        self._width = _INFINITY if self._shape.squares <= _FULL_WIDTH_SQUARES else WIDTH
        self._scouts = self._shape.squares >= LEAST_SCOUTED_SQUARES  # never a board searched for proofs
        # The patterns on the lines, kept beside the board on boards searched with beams: what the horizon reads.
        # The windows' values know no variant, so a board of another variant is scored by its patterns whatever
        # its size.
        by_patterns = self._width < _INFINITY or rules.variant is not Variant.FREESTYLE
        self._patterns = LinePatterns(self._shape, variant=rules.variant) if patterns and by_patterns else None
        self._board: SearchBoard | None = None
        self._stats: SearchStats | None = None
        self._deadline = Deadline(every=_CLOCK_EVERY)
        self._inexact = 0
        self._iteration_best: tuple[int, int] | None = None
        self._reported = 0
        self.nodes = 0

    @property
    def capacity(self) -> int:
        """The most positions its table holds."""
        return self._table.capacity

    def choose(self, position: Position, *, max_plies: int, think: float, stats: SearchStats | None = None) -> Decision:
        """The move to play for the player to move in ``position``, searching at most ``max_plies`` plies
        and about ``think`` seconds of wall-clock time.

        ``stats.nodes`` climbs as positions are visited.  ``ValueError``
        for a finished position or one of another board's shape.
        """
        if position.rules != self.rules:
            mine, theirs = self.rules, position.rules
            raise ValueError(
                f"this search plays {mine.board} with {mine.k} in a row, not {theirs.board} with {theirs.k}"
                if (mine.variant, mine.opening) == (theirs.variant, theirs.opening)
                else f"this search plays {mine}, not {theirs}"
            )
        if position.winner is not None or not position.empty_squares:
            raise ValueError("the game is over: there is no move to make")
        started, clock = time.process_time(), time.monotonic()
        self._board = board = search_board(position)
        if self._patterns is not None:
            self._patterns.reset(position.x_tiles, position.o_tiles)
        self._stats = stats
        self.nodes = self._reported = 0
        square, score, outcome, depth = self._decide(board, clock, think, max(1, max_plies))
        self._report()
        seconds = time.process_time() - started
        return Decision(
            Move(*divmod(square, self.rules.cols)),
            MoverScore(score),
            outcome,
            depth=depth,
            nodes=self.nodes,
            seconds=seconds,
        )

    def _decide(
        self, board: SearchBoard, clock: float, think: float, max_plies: int
    ) -> tuple[int, int, Outcome | None, int]:
        """``(square, score, outcome, depth)`` of :meth:`choose`: the rules first, then the searches."""
        settled = self._rules(board)
        if settled is not None:
            return settled
        theirs = board.threats[1 - board.mover]
        small = self._width == _INFINITY
        line = None if theirs else self._threats(clock + think * _FOURS_SHARE, threes=False)
        if line is not None:
            # Nothing wins sooner than 3 plies but a threat, which the rules above took.
            if not small or len(line) <= 3:
                return line[0], WIN - len(line), Outcome.WIN, 0
            max_plies = min(max_plies, len(line) - 2)
        moves = squares_of(board.stops(1 - board.mover)) if theirs else board.ordered_moves()
        moves = board.playable(board.mover, moves)
        if not moves:  # no square lies on a live window: nobody can win
            return board.empty_squares()[0], 0, Outcome.DRAW, 0
        if not theirs and board.double_threats(1 - board.mover):
            moves = _answers_to_double_threats(board, moves)
        if not small:
            win, moves = self._threat_space(moves, clock, think)
            if win is not None:
                return win, BELIEVED, None, 0
        every_move = small or len(moves) <= ROOT_WIDTH
        kept = len(moves) if every_move else ROOT_WIDTH
        moves, others = moves[:kept], moves[kept:]
        self._deadline = Deadline(clock + think * _DEEPENING_SHARE, every=_CLOCK_EVERY)
        end = clock + think * _NEXT_DEPTH_END_SHARE
        square, score, outcome, depth = self._deepen(moves, max_plies, end, others)
        if line is not None and score < WIN - len(line):
            return line[0], WIN - len(line), Outcome.WIN, 0
        if outcome != Outcome.WIN and not every_move:
            outcome = None  # a loss or a draw among some of the moves proves nothing of the others
        if outcome is None:
            self._deadline = Deadline(clock + think, every=_CLOCK_EVERY)
            square = self._safe(square, moves)
        return square, score, outcome, depth

    def _rules(self, board: SearchBoard) -> tuple[int, int, Outcome | None, int] | None:
        """The move the rules settle, whatever the time: a line to complete, a line of the opponent's to
        block (two: the game is lost), the centre of an empty board searched with beams; else None."""
        mover = board.mover
        mine, theirs = board.threats[mover], board.threats[1 - mover]
        if mine:
            return lowest_square(mine), WIN - 1, Outcome.WIN, 0
        stops = board.stops(1 - mover) if theirs else 0
        if theirs and not stops:
            # Two threats, or one black may not block under renju: whatever is played, the opponent completes one.
            allowed = board.playable(mover, [*squares_of(theirs), *board.empty_squares()], 0)
            return (allowed or squares_of(theirs))[0], 2 - WIN, Outcome.LOSS, 0
        if self._width == _INFINITY:
            return None
        if stops and not stops & (stops - 1):
            return lowest_square(stops), 0, None, 0  # the block is forced: there is nothing to weigh
        if board.empties == board.squares:
            # The first move: a search this short cannot tell the squares near the centre apart, and the
            # centre leaves the most room.
            return self._shape.centre_order[0], 0, None, 0
        return None

    def _threat_space(self, moves: list[int], clock: float, think: float) -> tuple[int | None, list[int]]:
        """The threats of both sides at the root of a board searched with beams, the mover's own win by
        fours already ruled out: ``(a move of the mover's believed win or None, the root moves)``.

        A win of the opponent's by fours, as if the mover passed, leaves only the moves after which it has
        none (:meth:`_defences`); then a win of the mover's by fours and threes is believed and played if it
        is one of them.  The opponent's wins by fours and threes as if the mover passed are not looked for:
        a pass is a whole tempo, such a win is found in most positions, and the moves its search of 500
        positions leaves lost games (in python -m bench.match at --think 0.2, 15x15, 48 games against the
        same search without it: 41.7% with it, 54.2% without).
        """
        board = self._board
        assert board is not None
        fours = self._threats(clock + think * _GUARD_SHARE, threes=False, passed=True)
        if fours is not None:
            moves = self._defences(moves, fours, deadline=clock + think * _GUARD_SHARE)
        if board.length < THREES_FROM_LENGTH:
            return None, moves
        believed = self._threats(clock + think * _THREES_SHARE, threes=True)
        if believed is not None and believed[0] in moves:
            return believed[0], moves
        return None, moves

    def _defences(self, moves: list[int], line: list[int], *, deadline: float) -> list[int]:
        """The root moves after which the opponent's win by fours ``line`` no longer
        works, nor any other its search finds, searched by ``deadline``: those proved to stop it, then those
        whose search was cut short; ``moves`` themselves when none does (the game is lost whatever is
        played).  Tried: the heaviest ``ROOT_WIDTH`` moves, the squares of the line, and the mover's fours,
        which the opponent must answer."""
        board = self._board
        assert board is not None
        candidates = [*moves[:ROOT_WIDTH], *line, *squares_of(board.fours(board.mover))]
        stopping: list[int] = []
        unsure: list[int] = []
        for move in board.playable(board.mover, list(dict.fromkeys(candidates))):
            if time.monotonic() > deadline:
                unsure.append(move)
                continue
            board.play(move)
            try:
                search = ThreatSearch(board, node_limit=_GUARD_NODE_LIMIT, deadline=Deadline(deadline))
                found = search.find()
            finally:
                board.undo()
            self.nodes += search.nodes
            if found is None:
                (unsure if search.stopped else stopping).append(move)
        return stopping + unsure or moves

    def _threats(self, deadline: float, *, threes: bool, passed: bool = False) -> list[int] | None:
        """A win by continuous fours (and threes, with ``threes``) for the player to move (with ``passed``:
        for the opponent, as if the player to move passed), found by ``deadline``; None if none is."""
        assert self._board is not None
        limit = _THREES_NODE_LIMIT if threes else _FOURS_NODE_LIMIT
        search = ThreatSearch(self._board, threes=threes, node_limit=limit, deadline=Deadline(deadline), passed=passed)
        line = search.find()
        self.nodes += search.nodes
        return line

    def _deepen(
        self, moves: list[int], max_plies: int, end: float, others: list[int]
    ) -> tuple[int, int, Outcome | None, int]:
        """Iterative deepening over the root ``moves``: ``(square, score, outcome, depth)`` of the deepest
        finished iteration, or of the best move so far of the depth the deadline stopped, once its first move
        (the last depth's best) is searched.  A depth is begun when ``_HOPE`` times its foreseen cost ends by
        ``end``.  A win believed within the beams is played at once; against a loss believed within them the
        root's ``others``, the moves its beam left out, join ``moves`` and the deepening goes on.
        """
        square, score, done = moves[0], 0, 0
        unfinished = False  # whether the move is the best so far of a depth the clock stopped
        spent: list[float] = []
        for depth in range(1, max_plies + 1):
            began = time.monotonic()
            self._inexact = 0
            self._iteration_best = None
            try:
                score, square = self._root(depth, moves)
            except OutOfTime:
                if self._iteration_best is not None and done:
                    # The old best is searched first: a move that beat it at the new depth is the better guess.
                    square, score = self._iteration_best
                    unfinished = True
                break
            done = depth
            spent.append(time.monotonic() - began)
            moves.remove(square)
            moves.insert(0, square)
            if not self._inexact:
                return square, score, _outcome(score), depth
            # A loss the beams believe may hang on a defence they cut off, and a lost game loses nothing by the
            # time spent looking for one: only a proved loss, or a win, ends the deepening early.
            settled = score >= PROVED or (score <= -PROVED and self._width == _INFINITY)
            if settled or time.monotonic() + _HOPE * _next_depth_seconds(spent) > end:
                break
            if score <= -PROVED:
                moves.extend(others)
                others = []
        if not done:
            return moves[0], 0, None, 0
        # A win or a loss found with every move tried is a proof (an estimate never reaches PROVED); with beams,
        # a move of either side may have been cut short.
        # A depth the clock stopped proves a win by the move that wins, never a loss: not every move was searched.
        proved = (score >= PROVED or (score <= -PROVED and not unfinished)) and self._width == _INFINITY
        return square, score, (_outcome(score) if proved else None), done

    def _root(self, depth: int, moves: list[int]) -> tuple[int, int]:
        """The best of ``moves`` searched ``depth`` plies deep, and its score."""
        board = self._board
        assert board is not None
        alpha, best, best_move = -_INFINITY, -_INFINITY, moves[0]
        for move in moves:
            self._play(move)
            try:
                value = -self._search(depth - 1, -_INFINITY, -alpha, 1)
            finally:
                self._undo()  # also when time runs out: what follows the deepening reads the root's board
            if value > best:
                best, best_move = value, move
                self._iteration_best = (move, value)
                alpha = max(alpha, value)
        return best, best_move

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of the board for the player to move, ``depth`` plies deep, within ``(alpha, beta)``.

        Negamax, fail-soft: a result ``v <= alpha`` promises the score is at
        most ``v``, a result ``v >= beta`` at least ``v``, one between them
        is the score.  ``ply``: moves made since the root, which a win's
        score counts.  Raises :class:`OutOfTime` past the deadline.
        """
        self.nodes += 1
        if not self.nodes % _CLOCK_EVERY:
            self._report()
        self._deadline.check()
        board = self._board
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
        danger = 0 if theirs else board.double_threats(1 - mover)
        if depth <= 0 and not theirs and (not danger or depth <= -QUIESCENCE):
            self._inexact += 1
            return min(max(self._evaluate(), low), high)
        # Only these can stop an opponent's double threat: a square of its near windows, or a threat.
        # Any other move loses, though not always soonest, so boards searched for proofs try them all.
        only = board.fours(1 - mover) | board.fours(mover) if danger and self._width < _INFINITY else 0
        return self._expand(depth, max(alpha, low), min(beta, high), ply, block=theirs, only=only)

    def _expand(self, depth: int, alpha: int, beta: int, ply: int, *, block: int, only: int) -> int:
        """:meth:`_search` of a position whose moves are to be tried: the table, the moves, the record.

        ``block``: the squares that stop the opponent's threat (one, the
        threat's own, but under caro), the only moves, which do not count
        as a ply; else 0.  ``only``: the squares
        the moves are chosen from, when they are restricted; else 0.
        """
        board = self._board
        assert board is not None
        key, symmetry = board.key()
        record = self._table.get(key)
        first = -1
        if record >= 0:
            score, bound, stored_depth, move = _unpack(record, ply)
            if stored_depth >= depth and (
                bound == Bound.EXACT
                or (bound == Bound.LOWER and score >= beta)
                or (bound == Bound.UPPER and score <= alpha)
            ):
                if stored_depth < FINAL_DEPTH:
                    self._inexact += 1  # an estimate, not a proof
                return score
            if move >= 0:
                first = self._shape.inverse_symmetries[symmetry][move]
        moves = squares_of(block) if block else self._moves(first, only)
        if not moves:
            return 0  # no square lies on a live window: nobody can win
        inexact, window_low = self._inexact, alpha
        best, best_move = -_INFINITY, moves[0]
        following = depth if block else depth - 1
        scout = not block and self._scouts
        for index, move in enumerate(moves):
            self._play(move)
            try:
                if index and scout:
                    value = self._scout(following, alpha, beta, ply, late=index >= LATE_MOVE and not only)
                else:
                    value = -self._search(following, -beta, -alpha, ply + 1)
            finally:
                self._undo()  # also when time runs out, unwinding to the root
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        bound = Bound.LOWER if best >= beta else Bound.UPPER if best <= window_low else Bound.EXACT
        stored_depth = FINAL_DEPTH if self._inexact == inexact else min(max(depth, 0), FINAL_DEPTH - 1)
        packed = _pack(best, ply, bound, stored_depth, self._shape.symmetries[symmetry][best_move])
        self._table.store(key, packed, present=record >= 0)
        return best

    def _scout(self, depth: int, alpha: int, beta: int, ply: int, *, late: bool) -> int:
        """The score, for the player who just moved, of a move after the first, searched ``depth`` more plies:
        first with a null window at ``alpha`` (does it beat the best so far?), a ``late`` quiet move -- one that
        makes no four and no open three -- a ply shallower still; searched again at full depth, and then with the
        whole window, only when it does."""
        board = self._board
        assert board is not None
        mover = board.mover  # the player to reply
        reduced = late and depth >= 1 and not board.threats[1 - mover] and not board.double_threats(1 - mover)
        if reduced:
            self._inexact += 1  # a shallower search is an estimate
        value = -self._search(depth - reduced, -alpha - 1, -alpha, ply + 1)
        if value > alpha and reduced:
            value = -self._search(depth, -alpha - 1, -alpha, ply + 1)
        if alpha < value < beta:
            value = -self._search(depth, -beta, -alpha, ply + 1)
        return value

    def _play(self, square: int) -> None:
        """Play ``square`` on the board and on the patterns kept beside it."""
        board = self._board
        assert board is not None
        if self._patterns is not None:
            self._patterns.play(square, board.mover)
        board.play(square)

    def _undo(self) -> None:
        """Take back the last :meth:`_play`."""
        board = self._board
        assert board is not None
        board.undo()
        if self._patterns is not None:
            self._patterns.undo()

    def _evaluate(self) -> int:
        """The position's worth to the player to move where the search stops: by the patterns on its lines on a
        board searched with beams (:mod:`tictactoe.solver.patterns`), else by its windows' values
        (:mod:`tictactoe.solver.evaluation`)."""
        board = self._board
        assert board is not None
        return evaluate(board) if self._patterns is None else self._patterns.worth(board.mover)

    def _moves(self, first: int, only: int) -> list[int]:
        """The moves to try below the root, ``first`` first: those of ``only`` if it is not 0, else the
        heaviest ``WIDTH`` (all on small boards)."""
        board = self._board
        assert board is not None
        moves = board.ordered_moves()
        if only:
            wanted = set(squares_of(only))  # a few squares: a set's look-up beats shifting a board-wide integer
            moves = [move for move in moves if move in wanted]
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        moves = board.playable(board.mover, moves, None if only else self._width)
        if len(moves) > self._width and not only:
            self._inexact += 1
            del moves[self._width :]
        return moves

    def _bounds(self) -> tuple[int, int]:
        """The least and greatest score Erdős-Selfridge leaves the player to move: a draw for a player who
        can no longer win, else no bound."""
        board = self._board
        assert board is not None
        mover, length, breakers = board.mover, board.length, self._breakers
        low = high = 0
        if not (breakers[mover] and breaker_wins_by_potential(board.potential[1 - mover], length, maker_to_move=False)):
            low = -_INFINITY
        if not (breakers[1 - mover] and breaker_wins_by_potential(board.potential[mover], length, maker_to_move=True)):
            high = _INFINITY
        return low, high

    def _safe(self, square: int, moves: list[int]) -> int:
        """``square`` if the opponent has no win by continuous fours after it, else the first of ``moves``
        after which it has none (``square`` still, when every move allows one or time runs out).

        A move counts as safe only when the search of the opponent's fours ended: one stopped by the
        deadline or its budget of positions proves nothing, and ``square``, the deepening's choice, is
        then kept rather than a move the deepening judged worse.
        """
        board = self._board
        assert board is not None
        for move in [square, *(move for move in moves if move != square)]:
            if self._deadline.passed():
                break
            board.play(move)
            try:
                search = ThreatSearch(board, node_limit=_FOURS_NODE_LIMIT, deadline=self._deadline)
                threat = search.find()
            finally:
                board.undo()
            self.nodes += search.nodes
            if threat is None:
                return move if not search.stopped else square
        return square

    def _report(self) -> None:
        """Add the positions visited since the last report to the caller's ``stats``."""
        if self._stats is not None:
            self._stats.nodes += self.nodes - self._reported
        self._reported = self.nodes


def _answers_to_double_threats(board: SearchBoard, moves: list[int]) -> list[int]:
    """Of ``moves``, in order, those that do not lose at once to the opponent's square of two threats (an open
    three about to become an open four): after each, the opponent has no such square, or must first answer
    the mover's threat.  All of ``moves`` when none does (the game is lost whatever is played).

    A rule, like the forced block, settled before any timed search: it holds however little time the
    search gets, whichever thread it runs in.
    """
    answers = []
    for move in moves:
        board.play(move)
        opponent = board.mover
        if board.threats[1 - opponent] or not board.double_threats(opponent):
            answers.append(move)
        board.undo()
    return answers or moves


def _pack(score: int, ply: int, bound: int, depth: int, move: int) -> int:
    """A record of ``score`` found ``ply`` plies from the root: a win's plies are counted from the
    position itself, so that the record holds wherever the position is met again."""
    if score >= PROVED:
        score += ply
    elif score <= -PROVED:
        score -= ply
    return pack(score, bound, move=move, depth=depth)


def _unpack(record: int, ply: int) -> tuple[int, int, int, int]:
    """``(score, bound, depth, move)`` of a record met ``ply`` plies from the root (``move`` -1 for none)."""
    score, bound, depth, move = unpack(record)
    if score >= PROVED:
        score -= ply
    elif score <= -PROVED:
        score += ply
    return score, bound, depth, move


def _next_depth_seconds(spent: list[float]) -> float:
    """The seconds the next depth is foreseen to take, from the seconds of the depths before it (``spent``, in
    order): the last one's times the growth of the last two steps (odd and even depths cost differently, so a
    step of each), bounded.

    >>> _next_depth_seconds([0.002]), round(_next_depth_seconds([0.002, 0.007, 0.048]), 3)
    (0.008, 0.235)
    """
    last = max(spent[-1], _LEAST_DEPTH_SECONDS)
    if len(spent) >= 3:
        growth = math.sqrt(last / max(spent[-3], _LEAST_DEPTH_SECONDS))
    elif len(spent) == 2:
        growth = last / max(spent[-2], _LEAST_DEPTH_SECONDS)
    else:
        growth = _FIRST_GROWTH
    return last * min(max(growth, _LEAST_GROWTH), _MOST_GROWTH)


def _outcome(score: int) -> Outcome:
    """The proved outcome a final score means."""
    return Outcome.WIN if score >= PROVED else Outcome.LOSS if score <= -PROVED else Outcome.DRAW
