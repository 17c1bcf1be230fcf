"""``python -m tictactoe.solver SIZE LENGTH [--board ROW ...] [--think SECONDS]``: solve a position (SPEC §8).

The package's ``__main__`` hands over to :func:`main`.

Prints ``key: value`` lines -- ``value:`` (``X wins``, ``O wins``, ``draw``,
or ``unknown`` when ``--think`` ran out first), ``best:`` (a move that
achieves the value; absent on a finished board), ``nodes:`` and
``seconds:`` (processor time).  Exit status 0; 2 for a bad command line or
a board the game cannot reach; otherwise as every program of the project
ends (:mod:`tictactoe.cli.exits`): 130 on Ctrl-C, 141 when the reader of the
output has gone, 1 when the output cannot be written.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from configurations.moves import MAX_BOARD_SIZE
from tictactoe.cli.arguments import add_version, seconds
from tictactoe.cli.exits import run
from tictactoe.solver.position import EMPTY_ROW_MARK, Position, PositionError
from tictactoe.solver.solve import Solution, solve

__all__ = ["PROGRAM", "main", "report"]

PROGRAM = "python -m tictactoe.solver"

_EPILOG = f"""\
Each ROW is SIZE squares: X, O, or {EMPTY_ROW_MARK} for an empty one; X moves when both have as many tiles.
Example: {PROGRAM} 3 3 --board X.. .O. ...
"""


def report(solution: Solution) -> list[str]:
    """The lines printed for ``solution``.

    >>> from configurations.moves import Move
    >>> report(Solution("draw", Move(0, 1), 57, 0.0042))
    ['value: draw', 'best: b1', 'nodes: 57', 'seconds: 0.004']
    """
    lines = [f"value: {solution.value}"]
    if solution.best is not None:
        lines.append(f"best: {solution.best}")
    lines += [f"nodes: {solution.nodes}", f"seconds: {solution.seconds:.3f}"]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Solve the position the command line gives; print the report; return the exit status."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Solve a k-in-a-row position: who wins with perfect play, and a move that gets it.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_version(parser)
    parser.add_argument("size", type=int, metavar="SIZE", help=f"rows and columns, 1 to {MAX_BOARD_SIZE}")
    parser.add_argument("length", type=int, metavar="LENGTH", help="tiles in a line that win, 1 to SIZE")
    parser.add_argument("--board", nargs="+", metavar="ROW", help="the position, one ROW per row (default: empty)")
    parser.add_argument("--think", type=seconds, metavar="SECONDS", help="stop after this long: value unknown")
    args = parser.parse_args(argv)
    if not 1 <= args.size <= MAX_BOARD_SIZE:
        parser.error(f"SIZE must be between 1 and {MAX_BOARD_SIZE}, got {args.size}")
    if not 1 <= args.length <= args.size:
        parser.error(f"LENGTH must be between 1 and SIZE ({args.size}), got {args.length}")
    rows = args.board if args.board is not None else [EMPTY_ROW_MARK * args.size] * args.size
    if len(rows) != args.size:
        parser.error(f"--board needs {args.size} rows for a board of size {args.size}, got {len(rows)}")
    try:
        position = Position.from_rows(rows, args.length)
    except PositionError as error:
        parser.error(f"--board: {error}")
    print("\n".join(report(solve(position, think=args.think))))
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
