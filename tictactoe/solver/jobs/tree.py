"""The tree of a solve by jobs: positions, the moves between them, and one alpha-beta search over it that answers
each position from its own job or, for one too big for a job, from its children's.

A :class:`JobTree` holds the positions a solve has met, each once under
the key of its least symmetric image (so a position reached by two orders
of moves, or by symmetric ones, is one position and its jobs are asked
once), and the answers of their jobs.  :meth:`JobTree.walk` runs the
search the solve stands for -- negamax with alpha-beta over the values
``WON``, ``DRAWN``, ``LOST``, its moves in the solver's order -- as far as
the answers allow:

* a position whose job for the window asked has an answer gives it;
* a position whose job ran past its budget (*split*) is searched as the
  root is: its children, each for the window alpha-beta gives it, their
  values put together;
* a position with no answer yet is a job to run.

Answers never change once given, so neither does what the search of a
split position made of the children it has settled: each position keeps
it (:class:`Searched`), and a walk starts there, visiting only the
positions still waiting for a job and the ones it lists -- the solve's
process spends the same on an answer however large the tree has grown.

The answer a position gets depends only on the answers of the jobs the
search asks, and each of those only on its job; which job finishes first,
and how many run at once, changes nothing.  To keep workers busy the walk
goes on past a job still to run, *guessing* its value a draw (the value
of most positions of these games, and the one that narrows the later
windows least; with X's moves restricted, a win of X's, the one value
such a solve claims), and lists every job it meets in the order the search
would ask them: the first is the one the search needs now, the next the
ones it will most likely need -- the job-level search's "most proving"
jobs, estimated by the search order rather than by proof numbers.  A
wrong guess costs only a job run for nothing.

The certificate of a solve is the records of the strategies its value
needs, followed from the root through the positions the search used:
where a position was answered by one job, that job's records; where it
was split, a record of the prover's move (the first child the search
found good enough) or, the other player to move, the records of every
child (:meth:`JobTree.records`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hashdict import Data, HashDictionary
from tictactoe.solver.certificate import Goal, RecordWriter
from tictactoe.solver.geometry import Region, squares_of
from tictactoe.solver.jobs.job import JobAnswer, strategies
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON, settled
from tictactoe.solver.search_board import CROSS
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from tictactoe.solver.certificate import ProofRecords
    from tictactoe.solver.search_board import SearchBoard

__all__ = ["BELOW", "GUESS", "Ask", "JobTree", "Node", "WalkResult"]

#: Below every value: where the root's search starts, so that its first move is asked for its value itself.
BELOW = LOST - 1
#: The value a job still to run is guessed to have, so that the walk can go on to the jobs after it.
GUESS = DRAWN
# Buckets of the tables of positions and answers: a solve of many thousand jobs.
_BUCKETS = 30593


@dataclass(slots=True)
class Node:
    """A position of the tree: its tiles (in the orientation it was first met in), its key, and -- once asked
    for -- its children: each a move (in this orientation) and the child's node, or the child's value for its
    player to move when the rules settle it (a full board, a line to complete) and no job is needed."""

    x_tiles: int
    o_tiles: int
    key: str
    mover: int
    children: list[tuple[int, Node | int]] | None = None
    searches: dict[tuple[int, int, tuple[int, ...] | None], Searched] | None = None


@dataclass(slots=True)
class Searched:
    """How far the search of a split position within one window has got on the answers so far, kept from walk to
    walk: the children before ``index`` are settled (their answers all in), and ``best``, ``alpha`` and ``chosen``
    (the index of the first child with ``best``) are what the search made of them; ``result``, once every child
    it asks is settled, what the search proves (normalized as a job's answer is).  Answers never change once given,
    so neither does any of this: a walk starts each position's search where the last one left it settled, and
    visits only the positions still waiting for a job, however large the tree has grown."""

    index: int = 0
    best: int = LOST - 1
    alpha: int = LOST - 1
    chosen: int = 0
    result: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """A question of the search: the value of ``node`` for its player to move, searched within ``(alpha, beta)``.
    ``hot``, where the answer that split its parent names it (:attr:`~tictactoe.solver.jobs.job.JobAnswer.hot`): it is
    searched through its children at once, without a job of its own, and the moves that follow hold the line
    below it (the same question asked elsewhere in the tree, not on a split parent's line, is a job)."""

    node: Node
    alpha: int
    beta: int
    hot: tuple[int, ...] | None = None

    @property
    def key(self) -> tuple[str, int, int]:
        return self.node.key, self.alpha, self.beta


@dataclass(slots=True)
class WalkResult:
    """What a walk found: the root's answer (``low``, ``high`` for its player to move) when the answers settle it,
    else ``None``; the first child that gives the root its value (its index); ``wanted``, the jobs the search
    asks that have no answer, in the order it asks them (the first one needed now, the rest after guesses);
    ``unknown`` when a job ran out of time; ``seen``, the questions the walk met that wait for a job (so that a
    position met again is not searched again: its jobs are listed already);
    ``most``, how many jobs a walk with guesses lists before it stops (``full`` then): the workers can take only
    so many, and walking on past them costs the solve's process time that grows with the tree; ``draws``, whether
    it guesses every job still to run a draw, with X's moves restricted too (see :meth:`JobTree.walk`)."""

    low: int | None = None
    high: int | None = None
    best: int = 0
    wanted: list[Ask] = field(default_factory=list)
    most: int | None = None
    full: bool = False
    unknown: bool = False
    draws: bool = False
    seen: HashDictionary = field(default_factory=lambda: HashDictionary.for_records(64))


class JobTree:
    """The positions of a solve of ``position`` and the answers of their jobs (see the module's docstring)."""

    def __init__(self, position: Position, region: Region | None = None) -> None:
        self._region = region
        self._symmetries = None if region is None else region.symmetries
        self._board = search_board(position, symmetries=self._symmetries)
        self._writer = RecordWriter(position.height, position.width, position.length)
        self._nodes: list[Node] = []
        self._node_index = HashDictionary(_BUCKETS)  # a position's key -> its place in _nodes
        self._answers: list[JobAnswer] = []
        self._answered: list[Node] = []  # the position of each answer, in the same order
        self._answer_index = HashDictionary(_BUCKETS)  # a job's key (position, window) -> its place in _answers
        self.root = self._node(position.x_tiles, position.o_tiles, as_given=True)
        #: The positions the walks have visited, all together: each walk's share stays bounded by the jobs it
        #: lists, whatever the size of the tree (see :class:`Searched`).
        self.visits = 0

    def _root_ask(self) -> Ask:
        """The root's question: its value itself (from :data:`BELOW`, so that its first move is asked for its own
        value too) or, with X's moves restricted, only whether X wins -- all a restricted solve claims, and a
        narrower window all the way down."""
        if self._region is None:
            return Ask(self.root, BELOW, WON)
        return Ask(self.root, DRAWN, WON) if self.root.mover == CROSS else Ask(self.root, LOST, DRAWN)

    def answer(self, ask: Ask) -> JobAnswer | None:
        """The answer given to ``ask``'s job, if any."""
        place = self._answer_index.get(_text(ask.key))
        return None if place < 0 else self._answers[place]

    def give(self, ask: Ask, answer: JobAnswer) -> None:
        """Record ``answer`` as the answer of ``ask``'s job (a later one for the same job is ignored)."""
        text = _text(ask.key)
        if self._answer_index.get(text) < 0:
            self._answer_index.put(Data(text, len(self._answers)))
            self._answers.append(answer)
            self._answered.append(ask.node)

    def answered(self) -> list[tuple[Node, JobAnswer]]:
        """Every answer given, with its job's position, in the order they came in."""
        return list(zip(self._answered, self._answers, strict=True))

    def walk(self, *, guesses: bool, most: int | None = None, draws: bool = False) -> WalkResult:
        """The root's search as far as the answers go (see the module's docstring); with ``guesses``, on past
        every job still to run, listing them all, or the first ``most`` of them; with ``draws``, each guessed a
        draw even with X's moves restricted (the jobs of X's other moves too, should its first not win)."""
        outcome = WalkResult(most=most, draws=draws)
        value = self._search(self._root_ask(), outcome, guesses=guesses, at_root=True)
        if value is not None and not outcome.wanted and not outcome.unknown:
            outcome.low, outcome.high = value
        return outcome

    def children(self, node: Node) -> list[tuple[int, Node | int]]:
        """The children of ``node``, worked out on first asking: every empty square (one of each set whose
        positions after it are symmetric), the solver's move order first, then the squares on no live window."""
        if node.children is not None:
            return node.children
        board = self._at(node)
        ordered = board.ordered_moves()
        moves = ordered + [square for square in board.empty_squares() if square not in ordered]
        region = self._region
        # X chooses in the region while it has room there, but blocks O's line wherever it is, as the solver does:
        # kept in the region then, it lost every position where O's threat was outside it, wins the search found.
        if region is not None and board.mover == CROSS and not board.threats[1 - board.mover]:
            moves = [move for move in moves if region.squares >> move & 1] or moves
        found: list[tuple[int, Node | int]] = []
        keys = HashDictionary.for_records(len(moves))
        for move in moves:
            board.play(move)
            key = board.key()[0]
            if keys.get(key) < 0:
                keys.put(Data(key, 0))
                if not board.empties:
                    found.append((move, DRAWN))
                elif board.threats[board.mover]:
                    found.append((move, WON))  # its player to move completes a line
                else:
                    found.append((move, self._node_of(board)))
            board.undo()
        node.children = found
        return found

    def _search(self, ask: Ask, outcome: WalkResult, *, guesses: bool, at_root: bool = False) -> tuple[int, int] | None:
        """``(low, high)`` that a search of ``ask`` proves, normalized as a job's answer is; None where it waits
        for a job (listed in ``outcome.wanted``) and does not guess."""
        self.visits += 1
        if at_root:
            return self._split_search(ask, outcome, guesses=guesses, at_root=True)
        answer = None if ask.hot is not None else self.answer(ask)
        if answer is not None and answer.known:
            return answer.low, answer.high
        if ask.hot is not None or (answer is not None and answer.split):
            searched = self._searched(ask)
            if searched.result is not None:
                return searched.result
        text = _text(ask.key)
        if ask.hot is not None:  # searched its own way: the same question asked as a job is another
            text += " hot " + ",".join(map(str, ask.hot))
        if outcome.seen.get(text) >= 0:  # met before in this walk, still waiting (a transposition): listed already
            return None
        if ask.hot is not None or (answer is not None and answer.split):
            found = self._split_search(ask, outcome, guesses=guesses, at_root=False)
        else:
            if answer is None:
                outcome.wanted.append(ask)
                outcome.full = outcome.most is not None and len(outcome.wanted) >= outcome.most
            else:
                outcome.unknown = True
            found = None
        if found is None:
            outcome.seen.put(Data(text, 0))
        return found

    def _searched(self, ask: Ask) -> Searched:
        """How far the search of ``ask``'s split position has got (see :class:`Searched`)."""
        node = ask.node
        if node.searches is None:
            node.searches = {}
        window = (ask.alpha, ask.beta, ask.hot)
        searched = node.searches.get(window)
        if searched is None:
            searched = node.searches[window] = Searched(alpha=ask.alpha)
        return searched

    def _split_search(self, ask: Ask, outcome: WalkResult, *, guesses: bool, at_root: bool) -> tuple[int, int] | None:
        """:meth:`_search` of a position split into its children: alpha-beta over them, as the solver's search
        goes over a position's moves, from where the last walk left it settled (:class:`Searched`)."""
        searched = self._searched(ask)
        if searched.result is not None:
            if at_root:
                outcome.best = searched.chosen
            return searched.result
        best, alpha, chosen, waiting = searched.best, searched.alpha, searched.chosen, False
        line = self._line(ask)
        children = self.children(ask.node)
        index = searched.index
        while index < len(children) and alpha < ask.beta:
            move, child = children[index]
            if isinstance(child, int):
                value = -child
            else:
                found = self._search(_child_ask(child, move, -ask.beta, -alpha, line), outcome, guesses=guesses)
                if found is None and (not guesses or outcome.unknown or outcome.full):
                    return None
                if found is None:
                    guess = GUESS if outcome.draws else self._guess(ask.node.mover)
                    waiting, value = True, max(alpha, min(guess, ask.beta))
                else:
                    value = _settled(-found[1], -found[0], alpha, ask.beta)
            if value > best:
                best, chosen = value, index
            alpha = max(alpha, value)
            index += 1
            if not waiting:  # every child so far settled: where the next walk starts
                searched.index, searched.best, searched.alpha, searched.chosen = index, best, alpha, chosen
        if at_root:
            outcome.best = chosen
        if waiting:
            return None
        searched.result = _normalized(best, ask.alpha, ask.beta)
        return searched.result

    def _guess(self, mover: int) -> int:
        """The value, for ``mover``, of a child still waiting for its job: :data:`GUESS`, or with X's moves
        restricted a win of X's -- what the solve sets out to prove, so that the jobs listed after a guess are
        those of X's proof (one move of X's, every answer of O's), not X's other moves."""
        if self._region is None:
            return GUESS
        return WON if mover == CROSS else LOST

    def records(self, value: tuple[int, int]) -> list[str]:
        """The certificate's records of the root's answer ``value``: the strategies it needs, each followed from
        the root through the answers the search used, every position's record once (the first met)."""
        lines: list[str] = []
        seen = HashDictionary.for_records(1 << 18)
        for prover, goal in strategies(self.root.mover, *value):
            stack: list[tuple[Ask | None, ProofRecords | None, int]] = [(self._root_ask(), None, -1)]
            while stack:
                ask, proof, place = stack.pop()
                if proof is not None:
                    record = proof.records[place]
                    if _first(seen, record.key):
                        if record.text:
                            lines.append(record.text)
                        stack += [(None, proof, edge) for edge in reversed(record.edges)]
                elif ask is not None:
                    stack += reversed(self._follow(ask, prover, goal, lines, seen))
        return lines

    def _follow(
        self, ask: Ask, prover: int, goal: Goal, lines: list[str], seen: HashDictionary
    ) -> list[tuple[Ask | None, ProofRecords | None, int]]:
        """What to follow of ``prover``'s strategy at ``ask``'s position, after writing the position's own record
        if the search split it: the job's proof records, or the children the strategy goes on to."""
        answer = None if ask.node is self.root or ask.hot is not None else self.answer(ask)
        if answer is not None and not answer.split:
            proof = answer.proof
            assert proof is not None  # a solve that writes a certificate asks its jobs for proofs
            return [(None, proof, place) for place in proof.roots[prover]]
        node = ask.node
        asked = self._asked(ask)
        if node.mover == prover:
            index = self._searched(ask).chosen
            move, child = self.children(node)[index]
            text = self._writer.text((node.x_tiles, node.o_tiles), prover, ["move"], [move])
            if not _first(seen, text[: text.index(" ", 2)]):
                return []
            lines.append(text)
            return [] if isinstance(child, int) else [(asked[index], None, -1)]
        if not _first(seen, self._writer.key((node.x_tiles, node.o_tiles), prover)):
            return []
        return [(child_ask, None, -1) for child_ask in asked.values()]

    def _asked(self, ask: Ask) -> dict[int, Ask]:
        """The questions the settled search of ``ask``'s split position asked of its children, by the child's
        index (each child's window from the values of the children before it)."""
        searched = self._searched(ask)
        assert searched.result is not None  # the search that settled the position had every answer
        alpha, line, outcome = ask.alpha, self._line(ask), WalkResult()
        asked = {}
        for index, (move, child) in enumerate(self.children(ask.node)[: searched.index]):
            if isinstance(child, int):
                value = -child
            else:
                asked[index] = _child_ask(child, move, -ask.beta, -alpha, line)
                found = self._search(asked[index], outcome, guesses=False)
                assert found is not None
                value = _settled(-found[1], -found[0], alpha, ask.beta)
            alpha = max(alpha, value)
        return asked

    def share_proved(self) -> float:
        """The share of the root's search that the answers so far settle, 0 to 1: a position's share is split
        evenly among its children, a settled one counting whole, a split one in search for what its own children
        settle (each searched for the window the search asks now).  An estimate of the work done (the first child
        of a position is often most of its work), visiting only the positions still waiting, as a walk does."""
        return self._share(self._root_ask())

    def _share(self, ask: Ask) -> float:
        answer = None if ask.node is self.root or ask.hot is not None else self.answer(ask)
        if answer is not None and answer.known:
            return 1.0
        if answer is None and ask.node is not self.root and ask.hot is None:
            return 0.0  # a job still to run, or to be asked
        searched = self._searched(ask)
        children = self.children(ask.node)
        if searched.result is not None or not children:
            return 1.0
        line, share = self._line(ask), float(searched.index)
        for move, child in children[searched.index :]:
            share += (
                1.0
                if isinstance(child, int)
                else self._share(_child_ask(child, move, -ask.beta, -searched.alpha, line))
            )
        return share / len(children)

    def used(self) -> int:
        """How many answers the root's settled search used, split ones included, each question once."""
        seen = HashDictionary.for_records(1 << 12)
        stack, count = [self._root_ask()], 0
        while stack:
            ask = stack.pop()
            answer = None if ask.node is self.root or ask.hot is not None else self.answer(ask)
            text = _text(ask.key) + ("" if ask.hot is None else " hot " + ",".join(map(str, ask.hot)))
            if not _first(seen, text):
                continue
            count += answer is not None
            if answer is None or answer.split:
                stack += self._asked(ask).values()
        return count

    def _line(self, ask: Ask) -> tuple[int, ...]:
        """The line of moves to split at once below ``ask``'s position, searched through its children: the rest of
        its own line if it is on one, else the one its job's split answer names."""
        if ask.hot is not None:
            return ask.hot
        answer = None if ask.node is self.root else self.answer(ask)
        return answer.hot if answer is not None and answer.split else ()

    def _node(self, x_tiles: int, o_tiles: int, *, as_given: bool = False) -> Node:
        """The node of the position with these tiles, made on first meeting it (or a symmetric one); see
        :meth:`_node_of`."""
        return self._node_of(self._at_tiles(x_tiles, o_tiles), as_given=as_given)

    def _node_of(self, board: SearchBoard, *, as_given: bool = False) -> Node:
        """The node of the position on ``board``, made on first meeting it (or a symmetric one) in the orientation
        of its key -- the same whichever image is met first, so that its job is the same job -- or, ``as_given``
        (the root, whose moves are named as given), in its own."""
        x_tiles, o_tiles = board.tiles
        key, symmetry = board.key()
        place = self._node_index.get(key)
        if place >= 0:
            return self._nodes[place]
        if not as_given:
            images = board.shape.symmetries[symmetry]
            x_tiles, o_tiles = (sum(1 << images[square] for square in squares_of(tiles)) for tiles in board.tiles)
        node = Node(x_tiles, o_tiles, key, board.mover)
        self._node_index.put(Data(key, len(self._nodes)))
        self._nodes.append(node)
        return node

    def _at(self, node: Node) -> SearchBoard:
        return self._at_tiles(node.x_tiles, node.o_tiles)

    def _at_tiles(self, x_tiles: int, o_tiles: int) -> SearchBoard:
        """A board with these tiles, for working out keys and moves."""
        return search_board(Position(self._board.rules, x_tiles, o_tiles), symmetries=self._symmetries)


def _child_ask(child: Node, move: int, alpha: int, beta: int, line: tuple[int, ...]) -> Ask:
    """The question of ``child``, reached by ``move``, within ``(alpha, beta)``: split at once where ``line`` (its
    parent's line to split, see :meth:`JobTree._line`) goes through ``move``."""
    return Ask(child, alpha, beta, line[1:] if line and line[0] == move else None)


def _text(key: tuple[str, int, int]) -> str:
    return f"{key[0]} {key[1]} {key[2]}"


def _first(seen: HashDictionary, key: str) -> bool:
    """Whether ``key`` is met for the first time (it is then marked met)."""
    if seen.get(key) >= 0:
        return False
    seen.put(Data(key, 0))
    return True


def _settled(low: int, high: int, alpha: int, beta: int) -> int:
    """The value a fail-soft search within ``(alpha, beta)`` returns for a child whose value lies in
    ``[low, high]``: an answer to that very window always settles it."""
    value = settled(low, high, alpha, beta)
    if value is None:
        raise ValueError(f"[{low}, {high}] does not settle the window ({alpha}, {beta})")
    return value


def _normalized(value: int, alpha: int, beta: int) -> tuple[int, int]:
    """What a search within ``(alpha, beta)`` that returned ``value`` proves, as a job answers it
    (:meth:`~tictactoe.solver.solve.Solver.bounds`)."""
    if value <= alpha:
        return LOST, alpha
    if value >= beta:
        return beta, WON
    return value, value
