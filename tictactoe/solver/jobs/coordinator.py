"""Solving a position as jobs: a tree of sub-positions, each solved on its own within a budget, split where a job
is too big, put together as one alpha-beta search.

Each question is a :class:`~tictactoe.solver.jobs.job.Job`, answered the same
wherever it runs -- in this process, in a pool of processes or on a
cluster (:mod:`tictactoe.solver.jobs.runners`) -- or read back from the file of
a solve that was stopped (:mod:`tictactoe.solver.jobs.answers`), which every
job's question is looked up in before it is run.  The root is always split
into the positions after each first move; a job that visits more than its
budget of positions answers *split*, and its position is then searched
through its children's jobs in turn, as deep as it takes
(:mod:`tictactoe.solver.jobs.tree`).

:class:`JobSolve` keeps every worker busy: after answers come in it walks
the part of the tree still waiting for answers (what the rest settled is
kept) and hands the runner the jobs the search needs, the one it needs
now first, then the ones it will most likely need next -- at once with
one worker, else at most once each :data:`WALK_INTERVAL` while the
workers have jobs to go on with.  An
answer serves only the question the search asks, so the value, the best
move and the certificate are the same whatever the number of workers and
the order their answers come in.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations import Winner
from configurations.moves import Move
from hashdict import Data, HashDictionary
from tictactoe.solver.clock import Deadline
from tictactoe.solver.geometry import Region
from tictactoe.solver.jobs.job import JOB_MEMORY, Job
from tictactoe.solver.jobs.tree import Ask, JobTree
from tictactoe.solver.records import DRAWN, LOST, WON
from tictactoe.solver.solve import winner_of
from tictactoe.solver.variant_board import search_board

if TYPE_CHECKING:
    from collections.abc import Iterator

    from tictactoe.solver.jobs.answers import AnswerStore
    from tictactoe.solver.jobs.job import JobAnswer
    from tictactoe.solver.jobs.runners import Runner
    from tictactoe.solver.jobs.tree import Node
    from tictactoe.solver.position import Position
    from tictactoe.solver.search_board import SearchBoard

__all__ = [
    "LEAST_SHARE",
    "MOST_TRIES",
    "PROOF_SPLIT",
    "VALUE_SPLIT",
    "WALK_INTERVAL",
    "JobLost",
    "JobSolution",
    "JobSolve",
    "Progress",
]

#: The positions a job without a proof may visit before it is split, unless the solve says otherwise: a few
#: tenths of a second.  Small jobs cost little, for the work of one that is split stays in its worker's table and
#: in the store of proved positions every job reads; and the smaller they are, the sooner each job finds proved
#: what its neighbours proved (on 7x7 with five in a row, two workers visit 1.13 times the positions of one
#: search at 1,000, 1.5 times at 50,000).
VALUE_SPLIT = 1_000
#: The same for a job that writes a proof, which searches with a table of its own so that its records never
#: depend on the jobs before it: what a job that is split searched is lost, so they are made larger (about ten
#: seconds of one process), still small enough that 7x8 gives every worker of a large machine work.
PROOF_SPLIT = 50_000
#: The share of the root's search proved from which the progress estimates the time left.  Below it, one
#: position's first child, most often most of its work, still counts for the share of a sibling: on 7x7 with four
#: in a row and X restricted to 5x5, the share was under 0.05% after two minutes, and the time left millions of
#: hours.
LEAST_SHARE = 0.01
#: The least seconds between two walks of the tree while the workers have jobs to go on with: the answers that
#: come meanwhile wait for the next.  A walk goes from the root down to the jobs still to run, as deep as the
#: solve has split (40 tiles deep on 8x8 with five in a row after d4 and e4, its jobs most often a few positions
#: each): walked after every answer, the coordinator there took 213 processor seconds against its two workers'
#: 607 in 15 minutes.  Jobs listed by the last walk are handed out meanwhile, though an answer since may have made
#: them needless: a job run for nothing costs no more than a wrong guess does.
WALK_INTERVAL = 0.05
#: How many times a job whose worker was lost is run before the solve gives up.
MOST_TRIES = 3
# Jobs handed to the runner beyond its capacity, so that a worker that finishes finds the next job waiting.
_QUEUED = 2
# Seconds between two reckonings of the share of the root's search proved: each costs a few walks (on 7x7 with four
# in a row and X restricted to 5x5, reckoned four times a second, as much as all the walks together; once a second,
# a quarter of that).  The progress line at a terminal shows a share a second old at most.
_SHARE_INTERVAL = 1.0
# Jobs a walk lists beyond twice the runner's room for them, so that a few answered at once leave work listed.
_LISTED = 8


class JobLost(RuntimeError):
    """A job's worker was lost :data:`MOST_TRIES` times (killed, out of memory): the solve cannot go on."""


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a solve by jobs has got: jobs ``proved`` (answered) and ``left`` (the search is waiting for),
    positions visited in this run, wall-clock seconds since it began, and ``share``, the share of the root's search
    the answers settle (:meth:`~tictactoe.solver.jobs.tree.JobTree.share_proved`, an estimate)."""

    proved: int
    left: int
    nodes: int
    elapsed: float
    share: float = 0.0

    @property
    def left_seconds(self) -> float | None:
        """The wall-clock seconds the solve may still take, were the rest of the root's search to go as fast as
        the share proved so far did; None while under :data:`LEAST_SHARE` is proved (the estimate would say
        nothing but that the solve has far to go).

        >>> Progress(10, 4, 5_000, 30.0, 0.25).left_seconds, Progress(10, 4, 5_000, 30.0, 0.001).left_seconds
        (90.0, None)
        """
        return None if self.share < LEAST_SHARE else self.elapsed * (1 - self.share) / self.share


@dataclass(frozen=True, slots=True)
class JobSolution:
    """What a solve by jobs found: ``value``, who wins (``None``: time ran out), the ``best`` move,
    the certificate's ``records`` (with a proof), ``jobs`` (the answers the search used, the split ones
    included), ``resumed`` (answers read from the file), ``split`` (the jobs of this run that ran past their
    budget), and the ``nodes`` and processor ``seconds`` of this run's jobs (each job's own, those run ahead of
    need and never used included)."""

    value: Winner | None
    best: Move | None
    records: list[str] | None
    jobs: int
    resumed: int
    nodes: int
    seconds: float
    split: int = 0


class JobSolve:
    """One solve of ``position`` by jobs that ``runner`` runs, their answers kept in ``store`` if given.

    Iterating over it runs the solve, yielding its :class:`Progress` as
    answers come in; when the iteration ends, :attr:`solution` holds the
    result.  ``think`` bounds the whole solve's wall-clock seconds;
    ``split`` is the positions a job may visit before it is split
    (default :data:`VALUE_SPLIT`, or :data:`PROOF_SPLIT` for jobs that
    write proofs: with ``proof`` or a ``store``);
    ``memory`` the MiB each job's table may take; ``restrict`` the rows and
    columns of the centred region X's moves are restricted to (then the
    value is X's win or unknown); ``share_every`` the seconds between two
    reckonings of :attr:`Progress.share` (None: never, for a caller that
    asks :meth:`share_proved` when it shows one).  :class:`JobLost` when a job's worker is
    lost too often.
    """

    def __init__(
        self,
        position: Position,
        runner: Runner,
        *,
        store: AnswerStore | None = None,
        proof: bool = False,
        think: float | None = None,
        split: int | None = None,
        memory: int = JOB_MEMORY,
        restrict: tuple[int, int] | None = None,
        share_every: float | None = _SHARE_INTERVAL,
    ) -> None:
        self._position = position
        self._share_every = share_every
        self._board = search_board(position)
        self._runner = runner
        self._store = store
        self._proof = proof
        # A resume file keeps only answers it can check, so with one every job proves its answer.
        self._job_proofs = proof or store is not None
        self._split = split if split is not None else PROOF_SPLIT if self._job_proofs else VALUE_SPLIT
        self._memory = memory
        self._deadline = Deadline.after(think)
        self._restrict = restrict
        self._tree = JobTree(position, None if restrict is None else Region(*restrict, position.height, position.width))
        self._running: list[tuple[object, Ask, Job]] = []
        self._tries = HashDictionary.for_records(1024)  # a job's key -> how many times it was lost
        # The shared store of proved positions: the costly records of the value jobs answered so far, handed to
        # the runner for every value job after them, so that a worker finds proved what another proved.  A proof
        # job takes none: its records must not depend on which jobs ran before it.
        self._shared_keys = HashDictionary.for_records(1 << 16)
        self._looked_up = HashDictionary.for_records(1 << 16)  # the jobs already looked for in the store
        self._resumed = self._nodes = self._answered = self._splits = self._used = 0
        self._seconds = 0.0
        self.solution: JobSolution | None = None

    def __iter__(self) -> Iterator[Progress]:
        started = shared_at = time.monotonic()
        share, left = 0.0, 0
        wanted: list[Ask] | None = None
        walked, stale = -math.inf, False
        try:
            while self.solution is None:
                # A walk only after an answer (none came: the jobs wanted are the same), and while the workers have
                # jobs to go on with, at most one each WALK_INTERVAL: see WALK_INTERVAL.
                if wanted is None or (stale and self._walk_due(walked, wanted)):
                    wanted, walked, stale = self._decide(), time.monotonic(), False
                    if wanted is None:
                        break
                    left = len(wanted)
                self._submit(wanted)
                due = walked + WALK_INTERVAL - time.monotonic() if stale else math.inf
                timeout = max(0.0, min(self._deadline.at - time.monotonic(), 0.5, due))
                for handle in self._runner.wait([handle for handle, _, _ in self._running], timeout):
                    self._collect(handle)
                    stale = True
                if self._deadline.passed():
                    self.solution = self._unknown()
                    break
                if self._share_every is not None and time.monotonic() - shared_at >= self._share_every:
                    share, shared_at = self._tree.share_proved(), time.monotonic()
                yield Progress(self._answered, left, self._nodes, time.monotonic() - started, share)
        finally:
            for handle, _, _ in self._running:
                self._runner.cancel(handle)

    def _walk_due(self, walked: float, wanted: list[Ask]) -> bool:
        """Whether the answers that came since the walk at ``walked`` are to be walked now: with one worker at
        once, else once :data:`WALK_INTERVAL` has passed, or at once when a worker would otherwise wait -- fewer
        jobs running than workers, and none of the last walk's still to hand out."""
        if self._runner.capacity == 1 or time.monotonic() - walked >= WALK_INTERVAL:
            return True  # one worker waits for each answer's walk anyway: its next job is then the one needed
        return len(self._running) < self._runner.capacity and not any(self._to_run(ask) for ask in wanted)

    def answered(self) -> list[tuple[Node, JobAnswer]]:
        """Every answer the solve was given, with its job's position (:meth:`JobTree.answered`)."""
        return self._tree.answered()

    def share_proved(self) -> float:
        """The share of the root's search the answers so far settle, reckoned now (see :class:`Progress`)."""
        return self._tree.share_proved()

    def _decide(self) -> list[Ask] | None:
        """The jobs the search waits for, the one needed now first; None when the answers settle the solve
        (:attr:`solution` is set then)."""
        position, board = self._position, self._board
        if position.winner is not None or not position.empty_squares or board.threats[board.mover]:
            self.solution = self._finished(board)
            return None
        while True:
            # Enough jobs listed for every worker and its queue, twice over: a listed job may be running already.
            most = 2 * (self._runner.capacity + _QUEUED) + _LISTED
            outcome = self._tree.walk(guesses=True, most=most)
            if outcome.unknown:
                self.solution = self._unknown()
                return None
            if outcome.low is not None and outcome.high is not None:
                self._used = self._tree.used()
                self.solution = self._settled((outcome.low, outcome.high), outcome.best)
                return None
            wanted = outcome.wanted
            room = self._runner.capacity + _QUEUED
            if self._restrict is not None and self._runner.capacity > 1 and len(wanted) < room:
                # X's proof alone, one move of X's each time, leaves workers idle: the jobs of X's next moves, which
                # guesses of a draw list, keep them busy should the first not win.
                wanted = wanted + self._tree.walk(guesses=True, most=most, draws=True).wanted
            if not self._from_store(wanted):
                return _unique(wanted)

    def _from_store(self, wanted: list[Ask]) -> bool:
        """Give the tree the answers the store has for ``wanted`` jobs not yet looked up; whether it had any."""
        if self._store is None:
            return False
        found = False
        for ask in wanted:
            job = self._job(ask)
            key = job.key
            if self._looked_up.get(key) >= 0:
                continue
            self._looked_up.put(Data(key, 0))
            stored = self._store.get(key, job)
            if stored is not None:
                self._tree.give(ask, stored)
                self._resumed += 1
                found = True
        return found

    def _job(self, ask: Ask) -> Job:
        node, position = ask.node, self._position
        think = None if self._deadline.at == math.inf else max(0.001, self._deadline.at - time.monotonic())
        return Job(
            position.height,
            position.width,
            position.length,
            node.x_tiles,
            node.o_tiles,
            ask.alpha,
            ask.beta,
            self._job_proofs,
            think,
            self._split,
            self._memory,
            self._restrict,
            variant=position.rules.variant,
        )

    def _submit(self, wanted: list[Ask]) -> None:
        """Hand the runner the jobs wanted, in order, while it has room (a few more than its workers)."""
        for ask in wanted:
            if len(self._running) >= self._runner.capacity + (_QUEUED if self._runner.capacity > 1 else 0):
                break
            if self._to_run(ask):
                job = self._job(ask)
                self._running.append((self._runner.submit(job), ask, job))

    def _to_run(self, ask: Ask) -> bool:
        """Whether ``ask``'s job is still to hand out: neither running nor answered (a walk's list is kept past
        answers until the next walk, see :data:`WALK_INTERVAL`)."""
        return self._tree.answer(ask) is None and not any(running.key == ask.key for _, running, _ in self._running)

    def _collect(self, handle: object) -> None:
        """Take in a finished job's answer; a job whose worker was lost goes back to the runner, up to
        :data:`MOST_TRIES` times."""
        place = next(place for place, (running, _, _) in enumerate(self._running) if running == handle)
        _, ask, job = self._running.pop(place)
        answer = self._runner.result(handle)
        if answer is None:
            tries = max(self._tries.get(job.key), 1) + 1
            if tries > MOST_TRIES:
                raise JobLost(
                    f"the job of {job.key} lost its worker {MOST_TRIES} times (killed, or out of memory?): "
                    "the solve stops here"
                )
            if self._tries.get(job.key) >= 0:
                self._tries.remove(job.key)
            self._tries.put(Data(job.key, tries))
            self._running.append((self._runner.submit(job), ask, job))
            return
        self._nodes += answer.nodes
        self._seconds += answer.seconds
        self._answered += 1
        self._splits += answer.split
        self._tree.give(ask, answer)
        fresh = []
        for key, record in answer.shared:
            if self._shared_keys.get(key) < 0:
                self._shared_keys.put(Data(key, 0))
                fresh.append((key, record))
        self._runner.share(fresh)
        if self._store is not None and (answer.known or answer.split):
            self._store.put(job.key, answer)

    def _outcome(self, value: int | None, move: int, records: list[str] | None) -> JobSolution:
        """The solution of a solve that found ``value`` (for the player to move; ``None``: unknown)."""
        best = None if move < 0 else Move(*divmod(move, self._position.width))
        winner = None if value is None else winner_of(value, self._position.mover)
        return JobSolution(winner, best, records, self._used, self._resumed, self._nodes, self._seconds, self._splits)

    def _finished(self, board: SearchBoard) -> JobSolution:
        """The solution of a position that needs no job: a finished game, or one the mover wins at once."""
        position = self._position
        records: list[str] | None = [] if self._proof else None
        if position.winner is not None:
            return self._outcome(WON if position.winner == position.mover else LOST, -1, records)
        if not position.empty_squares:
            return self._outcome(DRAWN, -1, records)
        threat = board.threats[board.mover]
        return self._outcome(WON, (threat & -threat).bit_length() - 1, records)

    def _unknown(self) -> JobSolution:
        return self._outcome(None, self._tree.children(self._tree.root)[0][0], None)

    def _settled(self, value: tuple[int, int], best: int) -> JobSolution:
        """The solution once the root's search has every answer it asks: its value and first best move (with X's
        moves restricted, unknown unless X wins: X may do better with the moves it was not given)."""
        move = self._tree.children(self._tree.root)[best][0]
        if self._restrict is not None and winner_of(value[0], self._position.mover) is not Winner.X:
            return self._outcome(None, move, None)
        records = self._tree.records(value) if self._proof else None
        return self._outcome(value[0], move, records)


def _unique(asks: list[Ask]) -> list[Ask]:
    """``asks`` with each job once, where it first comes."""
    seen = HashDictionary.for_records(len(asks))
    unique = []
    for ask in asks:
        text = f"{ask.node.key} {ask.alpha} {ask.beta}"
        if seen.get(text) < 0:
            seen.put(Data(text, 0))
            unique.append(ask)
    return unique
