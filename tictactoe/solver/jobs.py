"""Solving a position as jobs: the positions after each first move, each solved on its own, then put together.

Each first move's question is a :class:`~tictactoe.solver.job.Job`, answered
the same wherever it runs -- in this process, in a pool of processes or on a
cluster (:mod:`tictactoe.solver.runners`), or read back from the file of a
solve that was stopped (:mod:`tictactoe.solver.answers`).

:class:`JobSolve` asks the first moves as one alpha-beta search at the root
would: in the search's move order, the first exactly, each later one
whether it beats the best so far.  An answer serves only the question that
order asks, so the value, the best move and the certificate are the same
whatever the number of workers and the order their answers come in.
Workers with nothing to do meanwhile take the next moves' questions ahead
of time, as the search will most likely ask them (whether each beats a
draw).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations import Winner
from configurations.moves import Move
from hashdict import Data, HashDictionary
from tictactoe.solver.certificate import ProofRecords, RecordWriter
from tictactoe.solver.clock import Deadline
from tictactoe.solver.job import Job, JobAnswer, strategies
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON, settled
from tictactoe.solver.search_board import SearchBoard
from tictactoe.solver.solve import winner_of

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tictactoe.solver.answers import AnswerStore
    from tictactoe.solver.runners import Runner

__all__ = ["JobSolution", "JobSolve", "Progress"]

# Below every value: where the root's search starts, so that its first move is asked for its value itself.
_BELOW = LOST - 1
# Buckets of the table of records already written when proofs are joined: a big certificate's records.
_KEY_BUCKETS = 393241


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a solve by jobs has got: first moves ``proved`` and ``left``, positions visited in this run,
    wall-clock seconds since it began."""

    proved: int
    left: int
    nodes: int
    elapsed: float


@dataclass(frozen=True, slots=True)
class JobSolution:
    """What a solve by jobs found: ``value``, who wins (``None``: time ran out), the ``best`` move,
    the certificate's ``records`` (with a proof), ``jobs`` (the first moves asked of), ``resumed`` (answers read
    from the file), and the ``nodes`` and processor ``seconds`` of this run's jobs."""

    value: Winner | None
    best: Move | None
    records: list[str] | None
    jobs: int
    resumed: int
    nodes: int
    seconds: float


@dataclass(frozen=True, slots=True)
class _Child:
    """A first move and the position after it (one of each set of symmetric ones); ``finished``: a full board."""

    move: int
    x_tiles: int
    o_tiles: int
    finished: bool


class JobSolve:
    """One solve of ``position`` by jobs that ``runner`` runs, their answers kept in ``store`` if given.

    Iterating over it runs the solve, yielding its :class:`Progress` as
    answers come in; when the iteration ends, :attr:`solution` holds the
    result.  ``think`` bounds the whole solve's wall-clock seconds.
    """

    def __init__(
        self,
        position: Position,
        runner: Runner,
        *,
        store: AnswerStore | None = None,
        proof: bool = False,
        think: float | None = None,
    ) -> None:
        self._position = position
        self._runner = runner
        self._store = store
        self._proof = proof
        self._deadline = Deadline.after(think)
        self._board = SearchBoard(position)
        self._children = self._first_moves()
        # For each first move, the answers it has had, each with the window (for its player to move) it was asked.
        self._answers: list[list[tuple[tuple[int, int], JobAnswer]]] = [[] for _ in self._children]
        self._running: list[tuple[object, int, Job]] = []
        self._resumed = self._nodes = 0
        self._seconds = 0.0
        self.solution: JobSolution | None = None

    def __iter__(self) -> Iterator[Progress]:
        started = time.monotonic()
        while self.solution is None:
            need = self._decide()
            if need is None:
                break
            self._submit(need)
            if self._deadline.passed():
                self.solution = self._unknown()
                break
            timeout = max(0.0, min(self._deadline.at - time.monotonic(), 0.5))
            for handle in self._runner.wait([handle for handle, _, _ in self._running], timeout):
                self._collect(handle)
            proved = sum(1 for answers in self._answers if answers)
            yield Progress(proved, len(self._children) - proved, self._nodes, time.monotonic() - started)
        for handle, _, _ in self._running:
            self._runner.cancel(handle)

    def _first_moves(self) -> list[_Child]:
        """Every first move, one of each set of symmetric ones, in the search's move order (then the squares on
        no live window)."""
        board = self._board
        ordered = board.ordered_moves()
        moves = ordered + [square for square in board.empty_squares() if square not in ordered]
        children: list[_Child] = []
        keys: list[str] = []
        for move in moves:
            board.play(move)
            key = board.key()[0]
            if key not in keys:
                keys.append(key)
                children.append(_Child(move, *board.tiles, finished=not board.empties))
            board.undo()
        return children

    def _decide(self) -> tuple[int, tuple[int, int]] | None:
        """The next question the root's search asks that has no answer yet, ``(first move, window)``; None
        when the answers settle the solve (:attr:`solution` is set then)."""
        position, board = self._position, self._board
        if position.winner is not None or not position.empty_squares or board.threats[board.mover]:
            self.solution = self._finished()
            return None
        alpha = best = _BELOW
        used: list[JobAnswer | None] = [None] * len(self._children)
        for index, child in enumerate(self._children):
            if alpha >= WON:
                break
            value = DRAWN
            if not child.finished:
                window = (-WON, -alpha)
                answer = self._answer(index, window)
                if answer is None:
                    return index, window
                if not answer.known:
                    self.solution = self._unknown()
                    return None
                used[index] = answer
                value = _settled_value(-answer.high, -answer.low, alpha)
            if value > best:
                best, best_index = value, index
            alpha = max(alpha, value)
        self.solution = self._settled(best, best_index, used)
        return None

    def _job(self, index: int, window: tuple[int, int]) -> Job:
        child = self._children[index]
        position = self._position
        think = None if self._deadline.at == math.inf else max(0.001, self._deadline.at - time.monotonic())
        return Job(
            position.height, position.width, position.length, child.x_tiles, child.o_tiles, *window, self._proof, think
        )

    def _answer(self, index: int, window: tuple[int, int]) -> JobAnswer | None:
        """The answer to the question, from this run or from the store."""
        for asked, answer in self._answers[index]:
            if asked == window:
                return answer
        if self._store is None:
            return None
        stored = self._store.get(self._job(index, window).key)
        if stored is not None:
            self._answers[index].append((window, stored))
            self._resumed += 1
        return stored

    def _submit(self, need: tuple[int, tuple[int, int]]) -> None:
        """Hand the runner the question needed now, then, while it has room, questions it will likely need."""
        index, window = need
        wanted = [need]
        ahead = (-WON, -max(-window[1], DRAWN))  # the next moves, asked whether they beat a draw
        if -ahead[1] < WON:
            wanted += [(later, ahead) for later in range(index + 1, len(self._children))]
        for later, asked in wanted:
            if len(self._running) >= self._runner.capacity:
                break
            if self._children[later].finished or any(
                i == later and job.alpha == asked[0] and job.beta == asked[1] for _, i, job in self._running
            ):
                continue
            if self._answer(later, asked) is None:
                job = self._job(later, asked)
                self._running.append((self._runner.submit(job), later, job))

    def _collect(self, handle: object) -> None:
        """Take in a finished job's answer (a job whose worker was lost goes back to the runner)."""
        place = next(place for place, (running, _, _) in enumerate(self._running) if running == handle)
        _, index, job = self._running.pop(place)
        answer = self._runner.result(handle)
        if answer is None:
            self._running.append((self._runner.submit(job), index, job))
            return
        self._nodes += answer.nodes
        self._seconds += answer.seconds
        self._answers[index].append(((job.alpha, job.beta), answer))
        if self._store is not None and answer.known:
            self._store.put(job.key, answer)

    def _outcome(self, value: int | None, move: int, records: list[str] | None) -> JobSolution:
        """The solution of a solve that found ``value`` (for the player to move; ``None``: unknown)."""
        best = None if move < 0 else Move(*divmod(move, self._position.width))
        jobs = sum(1 for answers in self._answers if answers)
        winner = None if value is None else winner_of(value, self._position.mover)
        return JobSolution(winner, best, records, jobs, self._resumed, self._nodes, self._seconds)

    def _finished(self) -> JobSolution:
        """The solution of a position that needs no job: a finished game, or one the mover wins at once."""
        position, board = self._position, self._board
        if position.winner is not None:
            value = WON if position.winner == position.mover else LOST
            return self._outcome(value, -1, [] if self._proof else None)
        if not position.empty_squares:
            return self._outcome(DRAWN, -1, [] if self._proof else None)
        threat = board.threats[board.mover]
        return self._outcome(WON, (threat & -threat).bit_length() - 1, [] if self._proof else None)

    def _unknown(self) -> JobSolution:
        return self._outcome(None, self._children[0].move, None)

    def _settled(self, best: int, best_index: int, used: list[JobAnswer | None]) -> JobSolution:
        """The solution once every question the root's search asks has its ``used`` answer."""
        return self._outcome(best, self._children[best_index].move, self._records(best, best_index, used))

    def _records(self, value: int, best_index: int, used: list[JobAnswer | None]) -> list[str] | None:
        """The certificate's records: the root's move for the player to move, then the proofs of the first
        moves, joined (each position once, the first proof that has it giving its record, its strategy
        followed from there) and in the order the strategies reach them."""
        if not self._proof:
            return None
        position, mover = self._position, self._board.mover
        writer = RecordWriter(position.height, position.width, position.length)
        lines: list[str] = []
        seen = HashDictionary(_KEY_BUCKETS)  # the keys of the records written
        for prover, _ in strategies(mover, value, value):
            chosen = [best_index] if prover == mover else range(len(self._children))
            stack: list[tuple[ProofRecords, int]] = []
            for index in reversed(chosen):
                answer = used[index]
                if answer is not None and answer.proof is not None:
                    stack += [(answer.proof, place) for place in reversed(answer.proof.roots[prover])]
            if prover == mover:
                child = self._children[best_index]
                lines.append(writer.text((position.x_tiles, position.o_tiles), prover, ["move"], [child.move]))
            while stack:
                proof, place = stack.pop()
                record = proof.records[place]
                if seen.get(record.key) < 0:
                    seen.put(Data(record.key, 0))
                    if record.text:
                        lines.append(record.text)
                    stack += [(proof, edge) for edge in reversed(record.edges)]
        return lines


def _settled_value(low: int, high: int, alpha: int) -> int:
    """The value a fail-soft search within ``(alpha, WON)`` returns for a first move whose value lies in
    ``[low, high]``; an answer to that very window always settles it."""
    value = settled(low, high, alpha, WON)
    if value is None:
        raise ValueError(f"[{low}, {high}] does not settle the window ({alpha}, {WON})")
    return value
