"""One job of a solve: what a search within a window proves of one position, within a budget of positions.

A :class:`Job` asks what a search within a window proves of one position
(and, for a certificate, the records that prove it); :func:`run_job` answers
it.  A job that would visit more than its ``budget`` of positions answers
``split`` instead: the solve then asks its children (:mod:`tictactoe.solver.jobs.coordinator`).
The value an answer gives is a fact of the game, so the same job gets the
same value wherever it runs; a job that writes a proof is searched with a
table of its own, so that its records too are the same every time, while
one that does not reuses the table its process filled with earlier jobs of
the same board (:func:`warm_table`): a job then finds proved what its
neighbours proved.  The runners, the file of answers and the solve that
puts them together all build on this module, which needs none of them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from configurations.rules import Rules, Variant
from tictactoe.solver.certificate import Goal, ProofExtractor, ProofRecords, RecordWriter
from tictactoe.solver.clock import OutOfTime
from tictactoe.solver.geometry import Region
from tictactoe.solver.memory import CostTable, capacity_for
from tictactoe.solver.position import Position
from tictactoe.solver.records import DRAWN, LOST, WON
from tictactoe.solver.search_board import CROSS
from tictactoe.solver.solve import Hints, OverBudget, Solver, no_hints

__all__ = ["Job", "JobAnswer", "hot_line", "run_job", "strategies", "warm_table"]

#: The MiB a job's table may take when its solve does not say.
JOB_MEMORY = 512


@dataclass(frozen=True, slots=True)
class Job:
    """What a search of the position (``x_tiles``, ``o_tiles`` on ``rows`` x ``cols``, ``length`` to win) within
    ``(alpha, beta)`` proves of its value for the player to move; with ``proof``, the records proving it.
    ``budget``: the most positions it may visit before it answers ``split`` (None: no limit).  ``think`` (its
    share of the solve's time), ``memory`` (the MiB its table may take) and ``known`` (records of positions other
    jobs proved, each a key and a record as the solver's table holds them, for a job without a proof to add to its
    table) are not part of what it asks.  ``variant``: the rules' (freestyle or standard), which the key names
    but for freestyle, so that an answer under one is never read as one under the other."""

    rows: int
    cols: int
    length: int
    x_tiles: int
    o_tiles: int
    alpha: int
    beta: int
    proof: bool
    think: float | None = None
    budget: int | None = None
    memory: int = JOB_MEMORY
    restrict: tuple[int, int] | None = None
    known: tuple[tuple[str, int], ...] = ()
    variant: Variant = Variant.FREESTYLE

    @property
    def key(self) -> str:
        """What the job asks, as text: the same for jobs that ask the same of symmetric positions (under the
        symmetries that keep the region of a restricted job, whose key names the region)."""
        region = self.region()
        writer = RecordWriter(
            self.rows, self.cols, self.length, symmetries=None if region is None else region.symmetries
        )
        board = writer.text((self.x_tiles, self.o_tiles), CROSS, [])
        kind = "proof" if self.proof else "value"
        restricted = "" if region is None else f" restrict {region.rows}x{region.cols}"
        # Freestyle's keys are as they were before there was another rule: the resume files kept then still serve.
        rule = "" if self.variant is Variant.FREESTYLE else f" rule {self.variant}"
        return f"{self.rows}x{self.cols} {self.length} {board[2:]} {self.alpha} {self.beta} {kind}{restricted}{rule}"

    def position(self) -> Position:
        return Position(Rules(self.rows, self.cols, self.length, self.variant), self.x_tiles, self.o_tiles)

    def region(self) -> Region | None:
        """The region X's moves are restricted to, if any."""
        return None if self.restrict is None else Region(*self.restrict, self.rows, self.cols)


@dataclass(frozen=True, slots=True)
class JobAnswer:
    """A job's answer: the least and greatest value for its position's player to move (``known`` False when its
    time ran out first, or when it ran past its budget: then ``split``), the positions it visited, its own
    processor seconds (not its process's), if asked, the proof, and -- for a job without one -- the records of
    the costly positions it proved, for the solve to hand to the jobs after it (``shared``).  A split answer's
    ``hot`` is the line of moves from its position, in its orientation, whose searches alone took at least half
    the budget unfinished (see :func:`hot_line`): their jobs would only split again, so they are split at once."""

    low: int
    high: int
    nodes: int
    seconds: float
    proof: ProofRecords | None
    known: bool = True
    split: bool = False
    shared: tuple[tuple[str, int], ...] = ()
    hot: tuple[int, ...] = ()


def strategies(mover: int, low: int, high: int, *, restricted: bool = False) -> list[tuple[int, Goal]]:
    """The strategies that prove a value between ``low`` and ``high`` for ``mover`` (the player to move).

    Of a ``restricted`` search (X's moves limited to a region), X's win
    alone: it is all a restricted solve claims, and O's strategies are no
    proof at all -- each must answer every move of X's, those outside the
    region too, which the search never tried.

    >>> strategies(0, DRAWN, WON)
    [(0, <Goal.BLOCK: 'block'>)]
    >>> strategies(0, DRAWN, DRAWN), strategies(0, LOST, LOST)
    ([(0, <Goal.BLOCK: 'block'>), (1, <Goal.BLOCK: 'block'>)], [(1, <Goal.WIN: 'win'>)])
    >>> strategies(1, LOST, LOST, restricted=True), strategies(0, DRAWN, DRAWN, restricted=True)
    ([(0, <Goal.WIN: 'win'>)], [])
    """
    found = []
    if low >= DRAWN:
        found.append((mover, Goal.WIN if low >= WON else Goal.BLOCK))
    if high <= DRAWN:
        found.append((1 - mover, Goal.WIN if high <= LOST else Goal.BLOCK))
    if restricted:
        return [(prover, goal) for prover, goal in found if prover == CROSS and goal is Goal.WIN]
    return found


# What each board's jobs share in this process (a process runs one solve's jobs at a time): the board's shape, the
# rule and the table's capacity, the table, and the pairings the searches found (each a hint for the next search's,
# see Solver).  One board at a time is kept: a table or a pairing of another board, or of another rule, is no use.
_Warm = tuple[int, int, int, int, tuple[int, int] | None, Variant]
_warm: list[tuple[_Warm, CostTable, Hints]] = []


def warm_table(
    rows: int,
    cols: int,
    length: int,
    memory: int,
    restrict: tuple[int, int] | None = None,
    *,
    variant: Variant = Variant.FREESTYLE,
) -> CostTable:
    """The table this process keeps for jobs on boards of ``rows`` x ``cols`` with ``length`` to win under
    ``variant``, within ``memory`` MiB: the one earlier jobs filled, or a new one (the old one let go) for another
    board or rule.  Restricted jobs keep one of their own, for each region: what they prove holds only with X's
    moves restricted."""
    return _warm_entry(rows, cols, length, memory, restrict, variant=variant)[1]


def _warm_entry(
    rows: int, cols: int, length: int, memory: int, restrict: tuple[int, int] | None, *, variant: Variant
) -> tuple[_Warm, CostTable, Hints]:
    shape = (rows, cols, length, memory, restrict, variant)
    if not _warm or _warm[0][0] != shape:
        _warm[:] = [(shape, CostTable(capacity_for(memory, rows * cols)), no_hints(rows * cols))]
    return _warm[0]


def hot_line(path: list[tuple[int, int]], budget: int) -> tuple[int, ...]:
    """The moves of a search stopped past ``budget`` (:attr:`~tictactoe.solver.solve.OverBudget.path`: the deepest
    move first, each with the positions searched below it) from the top down, as long as each one's search alone
    visited at least half the budget.

    A job split at its budget leaves its work behind (a proof job's table is its own); its first child's search
    was most of that work, unfinished, so the child's own job would split too, and its first child's, down a line
    as deep as the position is hard -- each one more budget spent for nothing (two thirds of the positions of a
    7x8 solve with five in a row).  Splitting that line at once spends the budget once.

    >>> hot_line([(30, 9), (21, 700), (12, 990)], 1000)  # 12, then 21 below it, then 30 below that
    (12, 21)
    """
    line = []
    for move, positions in reversed(path):
        if 2 * positions < budget:
            break
        line.append(move)
    return tuple(line)


def run_job(job: Job) -> JobAnswer:
    """Answer ``job``: the same value every time, in any process, and with a proof the same records too."""
    # The thread's time, not the process's: a Dask worker's other threads, and a pool worker's start, are no job's.
    started = time.thread_time()
    position = job.position()
    # A job that writes a proof starts afresh, its table and its hints its own: both change what a search visits,
    # and so the records it writes.  One without starts where the jobs before it in this process left off: on 7x7
    # with five in a row the jobs then visit no more positions than one search, against 1.37 times with hints
    # of their own.
    hints = None
    if job.proof:
        table = CostTable(capacity_for(job.memory, job.rows * job.cols))
    else:
        _, table, hints = _warm_entry(job.rows, job.cols, job.length, job.memory, job.restrict, variant=job.variant)
        for key, record in job.known:  # facts of the game, whichever job proved them
            if table.get(key) < 0:
                table.store(key, record, present=False)
    solver = Solver(
        position,
        think=job.think,
        keep_pairings=job.proof,
        table=table,
        region=job.region(),
        share=not job.proof,
        hints=hints,
    )
    try:
        low, high = solver.bounds(job.alpha, job.beta, budget=job.budget)
    except OutOfTime:
        return JobAnswer(LOST, WON, solver.nodes, time.thread_time() - started, None, known=False)
    except OverBudget as over:
        shared = tuple(solver.shared or ())
        hot = hot_line(over.path, job.budget or 0)
        return JobAnswer(LOST, WON, solver.nodes, time.thread_time() - started, None, False, True, shared, hot)
    proof = None
    if job.proof:
        proof = ProofExtractor(solver).prove(
            strategies(solver.board.mover, low, high, restricted=job.restrict is not None)
        )
    return JobAnswer(low, high, solver.nodes, time.thread_time() - started, proof, shared=tuple(solver.shared or ()))
