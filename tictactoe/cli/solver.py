"""``python -m tictactoe.solver SIZE LENGTH [--board ROW ...] [--rule RULE] [--think SECONDS] [--proof FILE]
[--workers N] [--scheduler ADDRESS] [--resume DB]``: solve a position (docs/solver.md, docs/proofs.md).

The package's ``__main__`` hands over to :func:`main`.

``SIZE`` is a number of rows and columns, or ``ROWSxCOLS`` (``7x6``: 7
rows of 6).  Prints ``key: value`` lines -- ``value:`` (``X wins``,
``O wins``, ``draw``, or ``unknown`` when ``--think`` ran out first),
``best:`` (a move that achieves the value; absent on a finished board),
``nodes:``, ``seconds:`` (processor time) and, for a ``--board``, ``to move:``
(whose turn it is; absent on a finished board).  docs/solver.md puts ``value:`` first and
``best:``, ``nodes:``, ``seconds:`` after it in that order, so whose turn
it is comes last.  ``--workers N`` (``auto``: one per core),
``--scheduler ADDRESS`` (a Dask cluster) and ``--resume DB`` solve it as
jobs, one for each first move (:mod:`tictactoe.solver.jobs.coordinator`), and add a
last line, ``sub-positions: N`` (with ``--resume``, ``(M resumed)`` after
it); the solve's progress shows on standard error meanwhile, on one line rewritten at a terminal, once a
minute otherwise.
``seconds:`` counts the processor time of every process of the solve.
``--proof FILE`` writes the certificate of the value
(:mod:`tictactoe.solver.certificate`; gzip-compressed when FILE ends in
``.gz``; its header names the rule), its writing counted in ``nodes:`` and
``seconds:``.  ``--rule`` is ``freestyle`` (the default: ``LENGTH`` or more
in a row wins) or ``standard`` (exactly ``LENGTH``); ``renju`` and ``caro``
are refused, as a bad command line.  Exit status
0; 2 for a bad command line (a --scheduler that is no address among them), a board the game cannot reach or
one whose game is over; 1 when the
certificate cannot be written, or there is none to write because
``--think`` ran out first, or the cluster cannot be reached; otherwise as every program of the project ends
(:mod:`tictactoe.cli.exits`): 130 on Ctrl-C (143 on SIGTERM, which says so too), 141 when the reader of the
output has gone, 1 when the output cannot be written.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from configurations import Side, Winner
from configurations.moves import MAX_BOARD_SIZE
from configurations.rules import Variant
from tictactoe.cli.arguments import add_rule, add_version, file_path, program_name, seconds, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.proofcheck import CertificateError, check_strategies
from tictactoe.solver.certificate import ProofExtractor, write_certificate
from tictactoe.solver.geometry import Region
from tictactoe.solver.jobs.answers import AnswerStore, StoreError
from tictactoe.solver.jobs.coordinator import PROOF_SPLIT, VALUE_SPLIT, JobLost, JobSolution, JobSolve, Progress
from tictactoe.solver.jobs.job import Job, JobAnswer, strategies
from tictactoe.solver.jobs.runners import AddressError, ClusterError, DaskCluster, InProcess, LocalPool, Runner, cores
from tictactoe.solver.memory import CostTable, capacity_for, default_memory
from tictactoe.solver.position import EMPTY_ROW_MARK, Position, PositionError
from tictactoe.solver.search_board import SIDES
from tictactoe.solver.solve import PROVED_VARIANTS, Solution, Solver

__all__ = ["PROGRAM", "board_shape", "console_main", "main", "progress_line", "report"]

PROGRAM = program_name("python -m tictactoe.solver")
#: How the value of a solve that ran out of time is printed.
UNKNOWN = "unknown"
# The longest a solve may take to stop after SIGTERM before it is ended where it stands (its stopping is usually
# done in a tenth of a second).
_STOPPING_SECONDS = 0.5

_EPILOG = f"""\
SIZE is the number of rows and of columns (3), or ROWSxCOLS (7x6: 7 rows of 6 squares).
Each ROW is a row of the board: X, O (either case), or {EMPTY_ROW_MARK} for an empty square.
X moves first, so X is to move when both have as many tiles, O when X has one more.
--think is wall-clock time; seconds: is the processor time of the solve, every process's.
--workers, --scheduler and --resume solve the position as jobs, a job past --split positions split into its
children's: on N processes here (auto: one per core), on the Dask cluster whose scheduler is at ADDRESS, or
keeping each answer in the SQLite file DB, so that a solve stopped and started again with the same DB loses none.
Example: {PROGRAM} 3 3 --board X.. .O. ...
"""

# More worker processes than any machine this runs on has cores: a bound on what a typo can start.
_MOST_WORKERS = 1024
_SHAPE = re.compile(r"([0-9]+)[xX]([0-9]+)")
# Seconds between two updates of the progress line at a terminal.
_PROGRESS_INTERVAL = 0.25
# Seconds between two progress lines written elsewhere (a log): a solve shorter than this writes none, so that
# its standard error holds only what went wrong.
_LOG_INTERVAL = 60.0
# Lower-case tiles in --board read as upper-case ones; anything else is left for the position to refuse.
_TILE_CASE = str.maketrans("xo", "XO")


def board_shape(text: str) -> tuple[int, int]:
    """An argparse ``type``: SIZE as ``(rows, cols)``, from ``7`` (a square) or ``7x6``; ranges are checked later.

    >>> board_shape("7"), board_shape("7x6")
    ((7, 7), (7, 6))
    >>> board_shape("seven")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: invalid int value: 'seven' (SIZE is a number, or ROWSxCOLS such as 7x6)
    """
    if text.isdigit():
        return int(text), int(text)
    shape = _SHAPE.fullmatch(text)
    if shape is None:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r} (SIZE is a number, or ROWSxCOLS such as 7x6)")
    return int(shape[1]), int(shape[2])


def report(solution: Solution, mover: Side | None = None) -> list[str]:
    """The lines printed for ``solution``; ``mover``, the player to move, is named last (none: the game is over).

    >>> from configurations.moves import Move
    >>> report(Solution(Winner.DRAW, Move(0, 1), 57, 0.0042), Side.X)
    ['value: draw', 'best: b1', 'nodes: 57', 'seconds: 0.004', 'to move: X']
    >>> report(Solution(None, Move(0, 1), 57, 0.0042))[0]
    'value: unknown'
    """
    lines = [f"value: {UNKNOWN if solution.value is None else solution.value.phrase}"]
    if solution.best is not None:
        lines.append(f"best: {solution.best}")
    lines += [f"nodes: {solution.nodes}", f"seconds: {solution.seconds:.3f}"]
    if mover is not None:
        lines.append(f"to move: {mover}")
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Solve a k-in-a-row position: who wins with perfect play, and a move that gets it.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_version(parser)
    parser.add_argument(
        "size", type=board_shape, metavar="SIZE", help=f"rows and columns, 1 to {MAX_BOARD_SIZE}, or ROWSxCOLS"
    )
    parser.add_argument("length", type=int, metavar="LENGTH", help="tiles in a line that win, 1 to the larger side")
    # play.py takes a third number; caught here so that it gets an explanation rather than argparse's refusal.
    parser.add_argument("extra", nargs="?", help=argparse.SUPPRESS)
    parser.add_argument("--board", nargs="+", metavar="ROW", help="the position, one ROW per row (default: empty)")
    add_rule(parser, "freestyle (LENGTH or more in a row wins, the default) or standard (exactly LENGTH)")
    parser.add_argument("--think", type=seconds, metavar="SECONDS", help="stop after this long: value unknown")
    parser.add_argument(
        "--proof", type=file_path, metavar="FILE", help="write the certificate of the value (gzip when FILE ends .gz)"
    )
    parser.add_argument("--workers", type=_workers, metavar="N", help="solve as jobs on N processes, or auto")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="solve as jobs on this Dask cluster (the cluster extra)")
    parser.add_argument("--resume", type=file_path, metavar="DB", help="keep the jobs' answers in this SQLite file")
    parser.add_argument(
        "--memory",
        type=whole_number(1, 1 << 24),
        default=default_memory(),
        metavar="MIB",
        help="the MiB the solve's tables may take, every worker's together (default: half the machine's, "
        "at most 8 GiB)",
    )
    parser.add_argument(
        "--split",
        type=whole_number(100),
        metavar="POSITIONS",
        help="a job that visits more positions than this is split into its children's (default "
        f"{VALUE_SPLIT:,}, or {PROOF_SPLIT:,} where jobs write proofs: with --proof or --resume)",
    )
    parser.add_argument(
        "--restrict",
        type=board_shape,
        metavar="ROWSxCOLS",
        help="let X choose its moves only in the centred region of this size (O chooses anywhere): only a win "
        "for X is proved, anything else is unknown",
    )
    return parser


def _workers(text: str) -> int:
    """--workers: ``auto`` (one per core) or a whole number of processes."""
    if text == "auto":
        return cores()
    try:
        return whole_number(1, _MOST_WORKERS)(text)
    except argparse.ArgumentTypeError as refusal:
        raise argparse.ArgumentTypeError(f"{refusal}, or auto") from None


def _position(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Position:
    """The position the command line names; a usage error (exit 2) for anything the game cannot have."""
    (rows, cols), length, square = args.size, args.length, args.size[0] == args.size[1]
    if args.extra is not None:
        parser.error(
            f"unexpected {args.extra!r} after SIZE and LENGTH: the solver searches to the end of the game, "
            f"so it takes no max_levels as play.py does (try: {PROGRAM} {rows if square else f'{rows}x{cols}'} "
            f"{length})"
        )
    for name, value in [("SIZE", rows)] if square else [("ROWS", rows), ("COLS", cols)]:
        if not 1 <= value <= MAX_BOARD_SIZE:
            parser.error(f"{name} must be between 1 and {MAX_BOARD_SIZE}, got {value}")
    side = f"SIZE ({rows})" if square else f"the larger side ({max(rows, cols)})"
    if not 1 <= length <= max(rows, cols):
        parser.error(f"LENGTH must be between 1 and {side}, got {length}")
    variant = Variant(args.rule)
    if variant not in PROVED_VARIANTS:
        parser.error(f"--rule {variant}: the solver proves freestyle and standard only, not {variant}")
    board = [row.translate(_TILE_CASE) for row in args.board] if args.board is not None else None
    if board is None:
        board = [EMPTY_ROW_MARK * cols] * rows
    if len(board) != rows:
        shape = f"size {rows}" if square else f"{rows}x{cols}"
        parser.error(f"--board needs {rows} rows for a board of {shape}, got {len(board)}")
    try:
        position = Position.from_rows(board, length, cols=None if square else cols, variant=variant)
    except PositionError as error:
        parser.error(f"--board: {error}")
    if position.winner is not None:
        parser.error(f"--board: the game is over: {position.winner} has a line")
    if not position.empty_squares:
        parser.error("--board: the game is over: the board is full")
    return position


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the position the command line gives; print the report; return the exit status."""
    # SIGTERM (what timeout and kill send) ends the solve as Ctrl-C does: the workers stop, the file closes.
    signal.signal(signal.SIGTERM, functools.partial(_terminated, os.getpid()))
    parser = _parser()
    args = parser.parse_args(argv)
    position = _position(parser, args)
    proof: Path | None = args.proof
    if proof is not None and not proof.parent.is_dir():
        parser.error(f"--proof: {str(proof.parent)!r} is no directory to write {proof.name!r} in")
    if args.workers is not None and args.scheduler is not None:
        parser.error("--workers and --scheduler: a cluster has its own workers")
    region = _region(parser, args.restrict, position)
    if args.workers is None and args.scheduler is None and args.resume is None:
        solution, records, more = _solve_here(position, args, region, proof=proof is not None)
    else:
        solved = _solve_as_jobs(parser, position, args, proof=proof is not None)
        if isinstance(solved, int):
            return solved
        solution, records, more = solved
    # On the empty board X moves first, as always: whose turn it is is news only on a board given.
    given = args.board is not None and position.winner is None and position.empty_squares
    print("\n".join(report(solution, position.mover if given else None) + more), flush=True)
    if proof is None:
        return EXIT_OK
    if records is None or solution.value is None:
        print(f"{PROGRAM}: no certificate written: the value is unknown", file=sys.stderr)
        return EXIT_FAILED
    restrict = None if region is None else f"{region.rows}x{region.cols}"
    return _write(proof, position, solution.value, records, restrict)


def _region(parser: argparse.ArgumentParser, restrict: tuple[int, int] | None, position: Position) -> Region | None:
    """The region --restrict names on the position's board; a usage error for one that does not fit or cannot be
    centred."""
    if restrict is None:
        return None
    try:
        return Region(*restrict, position.height, position.width)
    except ValueError as error:
        parser.error(f"--restrict: {error}")


def _terminated(solving: int, number: int, frame: object) -> NoReturn:
    """SIGTERM: end as Ctrl-C ends a solve (its workers stopped), saying so, with SIGTERM's status.  A second
    SIGTERM is ignored while the solve stops, so that the stopping is not cut short; the line is written to the
    descriptor, not through ``sys.stderr``, whose buffer the signal may have interrupted in the middle of a write.
    Only the process ``solving`` speaks."""
    if os.getpid() != solving:  # a worker forked from the solve, stopped before it set its own SIGTERM: no word
        os._exit(128 + signal.SIGTERM)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    os.write(sys.stderr.fileno(), f"{PROGRAM}: terminated\n".encode())
    # The signal may have come while the main thread held a lock of a worker's queue, which the stopping then
    # waits on for ever (about one SIGTERM in fifty, at random moments of a solve of many jobs).  What is proved
    # is committed as it comes and the workers die with this process, so a stopping that takes too long is cut
    # short by a thread that waits for none of those locks.
    threading.Thread(target=_exit_after, args=(_STOPPING_SECONDS, 128 + signal.SIGTERM), daemon=True).start()
    raise SystemExit(128 + signal.SIGTERM)


def _exit_after(seconds: float, status: int) -> None:
    """End the process with ``status`` after ``seconds``, whatever the main thread is waiting on."""
    time.sleep(seconds)
    os._exit(status)


def _solve_here(
    position: Position, args: argparse.Namespace, region: Region | None, *, proof: bool
) -> tuple[Solution, list[str] | None, list[str]]:
    """One search in this process: the solution, the certificate's records if asked (and known), no more lines.
    A restricted search proves only X's wins: any other value is unknown."""
    started = time.process_time()
    table = CostTable(capacity_for(args.memory, position.height * position.width))
    solver = Solver(position, think=args.think, keep_pairings=proof, table=table, region=region)
    solution = solver.solve()
    if region is not None and solution.value is not Winner.X:
        solution = Solution(None, solution.best, solution.nodes, solution.seconds)
    if not proof or solution.value is None:
        return solution, None, []
    records = ProofExtractor(solver).extract(solution.value)
    return Solution(solution.value, solution.best, solver.nodes, time.process_time() - started), records, []


def _solve_as_jobs(
    parser: argparse.ArgumentParser, position: Position, args: argparse.Namespace, *, proof: bool
) -> tuple[Solution, list[str] | None, list[str]] | int:
    """The solve as jobs, on the runner the command line names: what :func:`_solve_by_jobs` finds, or the exit
    status when the cluster cannot be reached or a job's worker is lost too often."""
    store = _store(parser, args.resume)
    try:
        runner: Runner = (
            DaskCluster(args.scheduler)
            if args.scheduler is not None
            else InProcess()
            if args.workers in (None, 1)
            else LocalPool(args.workers)
        )
    except AddressError as error:
        parser.error(f"--scheduler: {error}")
    except ClusterError as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return EXIT_FAILED
    try:
        return _solve_by_jobs(position, runner, store, args, proof=proof)
    except JobLost as error:
        print(f"{PROGRAM}: {error}", file=sys.stderr)
        return EXIT_FAILED


def _store(parser: argparse.ArgumentParser, path: Path | None) -> AnswerStore | None:
    if path is None:
        return None
    try:
        return AnswerStore(path, check=check_answer, warn=_warn)
    except StoreError as error:
        parser.error(f"--resume: {error}")


def _warn(message: str) -> None:
    print(f"{PROGRAM}: --resume: {message}", file=sys.stderr, flush=True)


def check_answer(job: Job, answer: JobAnswer) -> str | None:
    """What is wrong with ``answer`` to ``job``, read from a resume file, by the checker's rules: its proof must
    prove the strategies its value needs from the job's position (None: it does).  A restricted job's answer
    that X does not win has nothing to prove (no strategy of the game shows it) and is taken as it is: believed
    wrongly, it can only leave a win of X's unfound, and a restricted solve claims nothing else."""
    position = job.position()
    restricted = job.restrict is not None
    needed = strategies(SIDES.index(position.mover), answer.low, answer.high, restricted=restricted)
    if restricted and not needed:
        return None
    if not needed or answer.proof is None:
        return "it proves nothing"
    claims = [(SIDES[prover].value, goal.value == "win") for prover, goal in needed]
    try:
        check_strategies(
            (job.rows, job.cols, job.length), position.rows(), claims, answer.proof.lines(), rule=job.variant
        )
    except CertificateError as error:
        return f"its proof is invalid: {error}"
    return None


def _solve_by_jobs(
    position: Position, runner: Runner, store: AnswerStore | None, args: argparse.Namespace, *, proof: bool
) -> tuple[Solution, list[str] | None, list[str]]:
    """The solve as jobs, on ``runner``: the solution, the certificate's records if asked (and known), and the
    line that counts the jobs.  Its processor time is this process's and, for jobs run elsewhere, each job's
    own, as the job measured it (not its worker's whole process, which idles and starts up too)."""
    started = time.process_time()
    memory = max(1, args.memory // max(1, runner.capacity))
    solve = JobSolve(
        position,
        runner,
        store=store,
        proof=proof,
        think=args.think,
        split=args.split,
        memory=memory,
        restrict=args.restrict,
        share_every=None,  # reckoned only for a line shown: on a log, once a minute
    )
    shown = _ProgressLine(sys.stderr.isatty())
    try:
        for progress in solve:
            shown.show(progress, solve.share_proved)
    finally:
        shown.clear()
        runner.close()
        if store is not None:
            store.close()
    outcome: JobSolution = solve.solution  # type: ignore[assignment]  # set once the iteration ends
    seconds = time.process_time() - started
    if not isinstance(runner, InProcess):
        seconds += outcome.seconds
    more = [f"sub-positions: {outcome.jobs}" + ("" if store is None else f" ({outcome.resumed} resumed)")]
    return Solution(outcome.value, outcome.best, outcome.nodes, seconds), outcome.records, more


class _ProgressLine:
    """The solve's progress on standard error: at a terminal one line rewritten at most a few times a second,
    elsewhere (a log) a line of its own once a minute, so that a long solve run in the background says how far it
    has got and a short one writes nothing."""

    def __init__(self, terminal: bool) -> None:
        self._terminal = terminal
        self._interval = _PROGRESS_INTERVAL if terminal else _LOG_INTERVAL
        self._last = time.monotonic()
        self._width = 0

    def show(self, progress: Progress, share: Callable[[], float]) -> None:
        """Show ``progress`` if a line is due, with the ``share`` of the root's search proved reckoned then."""
        if time.monotonic() - self._last < self._interval:
            return
        self._last = time.monotonic()
        line = progress_line(dataclasses.replace(progress, share=share()))
        if self._terminal:
            sys.stderr.write("\r" + line.ljust(self._width))
            self._width = len(line)
        else:
            sys.stderr.write(f"{PROGRAM}: {line}\n")
        sys.stderr.flush()

    def clear(self) -> None:
        if self._width:
            sys.stderr.write("\r" + " " * self._width + "\r")
            sys.stderr.flush()


def progress_line(progress: Progress) -> str:
    """What the progress line says: the share of the root's search proved and the time it may still take (an
    estimate, see :class:`~tictactoe.solver.jobs.coordinator.Progress`), the sub-positions proved and waited for,
    the positions a second, and the time since the solve began.

    >>> progress_line(Progress(120, 8, 91_000, 75.0, 0.25))
    '25.00% proved, about 0:03:45 left; sub-positions: 120 proved, 8 left; 1,213 positions/s; 0:01:15'
    >>> progress_line(Progress(0, 8, 0, 0.5, 0.0))
    '0.00% proved; sub-positions: 0 proved, 8 left; 0 positions/s; 0:00:00'
    """
    rate = progress.nodes / progress.elapsed if progress.elapsed else 0.0
    left = progress.left_seconds
    estimate = "" if left is None else f", about {_clock(left)} left"
    return (
        f"{100 * progress.share:.2f}% proved{estimate}; sub-positions: {progress.proved} proved, {progress.left} "
        f"left; {rate:,.0f} positions/s; {_clock(progress.elapsed)}"
    )


def _clock(seconds: float) -> str:
    """``seconds`` as hours, minutes and seconds: ``1:02:03``."""
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes // 60}:{minutes % 60:02}:{secs:02}"


def _write(path: Path, position: Position, value: Winner, records: list[str], restrict: str | None) -> int:
    """Write the certificate to ``path`` through a temporary file beside it, so that ``path`` is never left
    half written; the exit status."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        write_certificate(partial, position, value, records, compress=path.name.endswith(".gz"), restrict=restrict)
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        print(f"{PROGRAM}: cannot write the certificate {str(path)!r}: {error.strerror}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def console_main() -> NoReturn:
    """The installed ``tictactoe-solver`` command."""
    run(main, "tictactoe-solver")


if __name__ == "__main__":
    run(main, PROGRAM)
