"""``python -m bench.mnk``: the m,n,k table -- every board up to 7x7 (rows <= columns) with 3, 4 and 5 in a row
solved, its certificate checked, and its value set beside the published one.

Each board is solved by ``python -m tictactoe.solver ROWSxCOLS K --proof
FILE --think BUDGET`` in a fresh process, from a cold start -- with
``--restrict`` for the boards of :data:`REGIONS`, where X is known to win
from a centred region --; the certificate is then checked by ``python -m
tictactoe.proofcheck FILE``, which shares no code with the solver.  A board whose solve does not end
within its budget says so in the table rather than holding up the rest.
Boards on which no line of K fits (K above both sides) are left out: no
one can win there.

The published values are those of the m,n,k-game article of the English
Wikipedia (its section on specific results) and of the papers it cites,
listed in :data:`SOURCES`.  A value the article states for the board
itself is ``stated``; a draw that follows from a drawn board holding this
one is ``inside`` it.  That is the article's rule, and it needs the larger
board's *weak* game -- where only the first player's lines count -- to be a
draw: then a board no larger, or a longer line, is drawn too.  Tic-tac-toe
is a draw only in the normal game (in the weak one the first player wins,
with nothing to fear from the second's lines), so nothing is inside 3x3
(:data:`NORMAL_GAME_ONLY`).  A board the published results leave open is
marked ``none`` and stands on its checked certificate alone.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.common import ROOT, compile_game, current_commit

#: The works the published values come from, by the short name the table gives them.
SOURCES = {
    "wiki": 'Wikipedia, "m,n,k-game", section "Specific results" (https://en.wikipedia.org/wiki/M,n,k-game)',
    "ko": 'C.-L. Ko, W.-Y. Hsu, T.-H. Wei, J.-C. Chen, C.-H. Hsueh, I-C. Wu, "On solving the 7,7,5-game and the '
    '8,8,5-game", Theoretical Computer Science 815 (2020) 79-94: 7,7,5 a draw (solved in 2.5 s) and 8,8,5 a draw',
}

#: The values stated for whole families of boards: (rows, cols, k) -> (value, source), rows <= cols.
#: k = 3: tic-tac-toe is a draw, and the first player wins on 3x4 and every larger board; k = 4: 5x5 and 4xN
#: for N <= 8 are draws, 5x6 a first-player win; k = 5: 7x7 is a draw (so is 8x8).
STATED: dict[tuple[int, int, int], tuple[str, str]] = {
    (3, 3, 3): ("draw", "wiki"),
    **{(rows, cols, 3): ("X wins", "wiki") for rows in range(3, 8) for cols in range(max(rows, 4), 8)},
    **{(4, cols, 4): ("draw", "wiki") for cols in range(4, 8)},
    (5, 5, 4): ("draw", "wiki"),
    (5, 6, 4): ("X wins", "wiki"),
    (7, 7, 5): ("draw", "ko"),
}

#: Draws stated for the normal game only: their weak game is a first-player win, so no smaller board follows.
NORMAL_GAME_ONLY = {(3, 3, 3)}

#: Boards where X is known to win with its own moves restricted to a centred region (O's not), and the region:
#: the restricted solve is far cheaper, and its win is a win of the game (docs/proofs.md).  7x7 with four in a row
#: takes the plain solve more than its budget.
REGIONS: dict[tuple[int, int, int], tuple[int, int]] = {(7, 7, 4): (5, 5), (6, 7, 4): (4, 5)}

# Seconds of wall-clock time each solve may take before it is called out of reach.
_BUDGET = 300.0
# Seconds the checker of one certificate may take.
_CHECK_BUDGET = 600.0


@dataclass(frozen=True)
class Published:
    """What the published results say of a board: ``value`` (None: nothing) and how (``stated``, ``inside``)."""

    value: str | None
    how: str


def published(rows: int, cols: int, length: int) -> Published:
    """The published value of the rows x cols board (rows <= cols) with ``length`` in a row.

    >>> published(3, 3, 3), published(2, 4, 4), published(6, 7, 5)
    (Published(value='draw', how='stated (wiki)'), Published(value='draw', how='inside 4x4 (wiki)'), \
Published(value='draw', how='inside 7x7 (ko)'))
    >>> published(2, 5, 3), published(6, 6, 4)
    (Published(value=None, how='none'), Published(value=None, how='none'))
    """
    if (rows, cols, length) in STATED:
        value, source = STATED[rows, cols, length]
        return Published(value, f"stated ({source})")
    for (big_rows, big_cols, big_length), (value, source) in STATED.items():
        weak_draw = value == "draw" and (big_rows, big_cols, big_length) not in NORMAL_GAME_ONLY
        if weak_draw and big_length <= length and rows <= big_rows and cols <= big_cols:
            return Published("draw", f"inside {big_rows}x{big_cols} ({source})")
    return Published(None, "none")


@dataclass(frozen=True)
class Row:
    """One board of the table, solved and checked."""

    rows: int
    cols: int
    length: int
    value: str
    nodes: str
    seconds: float
    certificate_bytes: int
    records: int
    check: str
    check_seconds: float
    region: str = "-"


def solve_and_check(
    rows: int, cols: int, length: int, folder: Path, budget: float, *, region: tuple[int, int] | None = None
) -> Row:
    """Solve the empty board within ``budget`` seconds -- with X's moves restricted to ``region`` if given --,
    write its certificate in ``folder`` and check it."""
    proof = folder / f"{rows}x{cols}-{length}.txt.gz"
    arguments = ["-m", "tictactoe.solver", f"{rows}x{cols}", str(length), "--proof", str(proof), "--think", f"{budget}"]
    named = "-" if region is None else f"{region[0]}x{region[1]}"
    if region is not None:
        arguments += ["--restrict", named]
    solved = _run(arguments, budget)
    if solved is None:
        return Row(rows, cols, length, "out of reach", "-", budget, 0, 0, "-", 0.0, named)
    lines, _ = solved
    report = dict(line.split(": ", 1) for line in lines.splitlines())
    if report.get("value", "unknown") == "unknown" or not proof.exists():
        return Row(rows, cols, length, "out of reach", report.get("nodes", "-"), budget, 0, 0, "-", 0.0, named)
    with gzip.open(proof, "rt", encoding="ascii") as certificate:
        records = int(json.loads(certificate.readline())["records"])
    checked = _run(["-m", "tictactoe.proofcheck", str(proof)], _CHECK_BUDGET)
    if checked is None:
        verdict, check_seconds = "check out of time", _CHECK_BUDGET
    else:
        verdict, check_seconds = checked[0].splitlines()[0].removeprefix("proof: "), checked[1]
    return Row(
        rows,
        cols,
        length,
        report["value"],
        report["nodes"],
        float(report["seconds"]),
        proof.stat().st_size,
        records,
        verdict,
        check_seconds,
        named,
    )


def _run(arguments: list[str], budget: float) -> tuple[str, float] | None:
    """The standard output of ``python ARGUMENTS`` and the processor seconds of its process and children;
    None when it runs past ``budget`` seconds (and a minute more for the start and the certificate)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        result = subprocess.run(
            [sys.executable, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=budget + 60, check=False
        )
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return result.stdout, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def boards(largest: int) -> list[tuple[int, int, int]]:
    """Every (rows, cols, k) up to ``largest`` x ``largest``, rows <= cols, k of 3, 4, 5 that fits a line.

    >>> boards(3)
    [(1, 3, 3), (2, 3, 3), (3, 3, 3)]
    """
    return [
        (rows, cols, length)
        for rows in range(1, largest + 1)
        for cols in range(rows, largest + 1)
        for length in (3, 4, 5)
        if length <= cols
    ]


def line(row: Row) -> str:
    """The table's line for ``row``."""
    known = published(row.rows, row.cols, row.length)
    agreement = "-" if known.value is None else ("agrees" if known.value == row.value else "DIFFERS")
    return (
        f"{row.rows}x{row.cols:<3} {row.length:>2} {row.value:>12} {known.value or '-':>9} {known.how:<20} "
        f"{agreement:>7} {row.region:>6} {row.nodes:>9} {row.seconds:>8.2f} {row.records:>8,} "
        f"{row.certificate_bytes:>10,} {row.check:>7} {row.check_seconds:>7.2f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mnk", description=__doc__)
    parser.add_argument("--largest", type=int, default=7, help="the largest side (default 7)")
    parser.add_argument("--budget", type=float, default=_BUDGET, help="wall-clock seconds of each solve")
    args = parser.parse_args(argv)
    compile_game()
    print(f"Python {sys.version.split()[0]}, commit {current_commit()}, a budget of {args.budget:g} s a board")
    print("seconds: the solve's processor time; check s: the checker's process, start-up included")
    print("published: stated for the board, or a draw inside a drawn board; none: the published results leave it open")
    print("region: X's moves restricted to this centred region (O's not): a win so found is a win of the game")
    for name, source in SOURCES.items():
        print(f"  {name}: {source}")
    print()
    print(
        f"{'board':<5} {'k':>2} {'value':>12} {'published':>9} {'how':<20} {'':>7} {'region':>6} {'nodes':>9} "
        f"{'seconds':>8} {'records':>8} {'bytes (gz)':>10} {'proof':>7} {'check s':>7}"
    )
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        for rows, cols, length in boards(args.largest):
            region = REGIONS.get((rows, cols, length))
            print(line(solve_and_check(rows, cols, length, Path(folder), args.budget, region=region)), flush=True)
    print(f"\nwall-clock minutes in all: {(time.monotonic() - started) / 60:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
