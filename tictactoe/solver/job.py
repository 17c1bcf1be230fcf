"""One job of a solve: what a search within a window proves of one position, and its answer.

A :class:`Job` asks what a search within a window proves of one position
(and, for a certificate, the records that prove it); :func:`run_job` answers
it with a fresh :class:`~tictactoe.solver.solve.Solver`, so the same job
always gets the same :class:`JobAnswer`, wherever it runs.  The runners, the
file of answers and the solve that puts them together
(:mod:`tictactoe.solver.jobs`) all build on this module, which needs none
of them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tictactoe.solver.certificate import Goal, ProofExtractor, ProofRecords, RecordWriter
from tictactoe.solver.clock import OutOfTime
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON
from tictactoe.solver.search_board import CROSS
from tictactoe.solver.solve import Solver

__all__ = ["Job", "JobAnswer", "run_job", "strategies"]


@dataclass(frozen=True, slots=True)
class Job:
    """What a search of the position (``x_tiles``, ``o_tiles`` on ``rows`` x ``cols``, ``length`` to win) within
    ``(alpha, beta)`` proves of its value for the player to move; with ``proof``, the records proving it.
    ``think`` is its share of the solve's time (not part of what it asks)."""

    rows: int
    cols: int
    length: int
    x_tiles: int
    o_tiles: int
    alpha: int
    beta: int
    proof: bool
    think: float | None = None

    @property
    def key(self) -> str:
        """What the job asks, as text: the same for jobs that ask the same of symmetric positions."""
        board = RecordWriter(self.rows, self.cols, self.length).text((self.x_tiles, self.o_tiles), CROSS, [])
        kind = "proof" if self.proof else "value"
        return f"{self.rows}x{self.cols} {self.length} {board[2:]} {self.alpha} {self.beta} {kind}"

    def position(self) -> Position:
        return Position(self.rows, self.length, self.x_tiles, self.o_tiles, cols=self.cols)


@dataclass(frozen=True, slots=True)
class JobAnswer:
    """A job's answer: the least and greatest value for its position's player to move (``known`` False when its
    time ran out first), the positions it visited, its processor seconds and, if asked, the proof."""

    low: int
    high: int
    nodes: int
    seconds: float
    proof: ProofRecords | None
    known: bool = True


def strategies(mover: int, low: int, high: int) -> list[tuple[int, Goal]]:
    """The strategies that prove a value between ``low`` and ``high`` for ``mover`` (the player to move).

    >>> strategies(0, DRAWN, WON)
    [(0, <Goal.BLOCK: 'block'>)]
    >>> strategies(0, DRAWN, DRAWN), strategies(0, LOST, LOST)
    ([(0, <Goal.BLOCK: 'block'>), (1, <Goal.BLOCK: 'block'>)], [(1, <Goal.WIN: 'win'>)])
    """
    found = []
    if low >= DRAWN:
        found.append((mover, Goal.WIN if low >= WON else Goal.BLOCK))
    if high <= DRAWN:
        found.append((1 - mover, Goal.WIN if high <= LOST else Goal.BLOCK))
    return found


def run_job(job: Job) -> JobAnswer:
    """Answer ``job`` with a fresh solver: the same answer every time, in any process."""
    started = time.process_time()
    position = job.position()
    solver = Solver(position, think=job.think, keep_pairings=job.proof)
    try:
        low, high = solver.bounds(job.alpha, job.beta)
    except OutOfTime:
        return JobAnswer(LOST, WON, solver.nodes, time.process_time() - started, None, known=False)
    proof = None
    if job.proof:
        proof = ProofExtractor(solver).prove(strategies(solver.board.mover, low, high))
    return JobAnswer(low, high, solver.nodes, time.process_time() - started, proof)
