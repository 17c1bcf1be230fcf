"""``python -m bench.levels``: each difficulty of ``--level`` against the one below it, on three boards.

A level (:mod:`tictactoe.players.levels`) is a player with its depth and
time a move.  Each pair of neighbouring levels plays a match of
:mod:`bench.match` on 3x3 (3 in a row), 7x7 (4 in a row) and 10x10 (5 in a
row): openings of two random moves near the centre, each played once with
either side as ``X``.  The table gives the harder level's wins, the draws,
the easier level's wins and the harder level's share of the points; a
share above one half says the level above is the stronger.  ``--write``
also writes the output to ``bench/levels_results.txt`` (or the path given).
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from bench.common import ROOT, current_commit
from bench.match import Contestant, MatchResult, play_match, progress_on
from configurations.rules import Rules
from tictactoe.cli.exits import run
from tictactoe.players.levels import LEVELS, Level

__all__ = ["BOARDS", "PAIRS", "contestant", "main", "summary_line"]

PROGRAM = "python -m bench.levels"
RESULTS = ROOT / "bench" / "levels_results.txt"
#: The boards each pair plays on: size and length.
BOARDS = ((3, 3), (7, 4), (10, 5))
#: The pairs of neighbouring levels: the harder first.
PAIRS = ((Level.MEDIUM, Level.EASY), (Level.HARD, Level.MEDIUM), (Level.BEST, Level.HARD))


def contestant(level: Level, size: int) -> Contestant:
    """The side of a match that plays as ``level`` on a board of ``size``."""
    chosen = LEVELS[level]
    depth = size * size if chosen.max_levels is None else chosen.max_levels
    return Contestant(chosen.player, depth, chosen.think)


def summary_line(harder: Level, easier: Level, result: MatchResult) -> str:
    """One row of the table: the pair, the board, and the harder level's tally and share."""
    board = f"{result.rules.board}, {result.rules.k}"
    return (
        f"{harder:<7} {easier:<7} {board:<9} {len(result.games):>5} {result.wins(0):>6} {result.draws:>6} "
        f"{result.losses(0):>6} {result.share(0):>7.1%}"
    )


def main(argv: list[str] | None = None) -> int:
    """Play every pair on every board; print (and maybe write) the table; 0."""
    arguments = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog=PROGRAM, description="Each difficulty against the one below it.")
    parser.add_argument("--games", type=int, default=12, help="games a pair plays on a board, even (default 12)")
    parser.add_argument("--seed", type=int, default=1, help="draws the openings and seeds the players (default 1)")
    parser.add_argument(
        "--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="also write the output to FILE"
    )
    args = parser.parse_args(arguments)
    if args.games < 2 or args.games % 2:
        parser.error(f"argument --games: must be an even number from 2, got {args.games}")
    lines = [f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}", ""]
    lines += [f"{level:<7} {LEVELS[level].summary}" for level in Level]
    lines += [
        "",
        f"{'harder':<7} {'easier':<7} {'board':<9} {'games':>5} {'wins':>6} {'draws':>6} {'losses':>6} {'share':>7}",
    ]
    print("\n".join(lines), flush=True)
    for harder, easier in PAIRS:
        for size, length in BOARDS:
            with progress_on(sys.stderr) as progress:
                result = play_match(
                    contestant(harder, size),
                    contestant(easier, size),
                    rules=Rules.square(size, length),
                    games=args.games,
                    seed=args.seed,
                    progress=progress,
                )
            lines.append(summary_line(harder, easier, result))
            print(lines[-1], flush=True)
    lines += ["", "wins, draws, losses and share: the harder level's, a win 1 point and a draw a half"]
    print(lines[-1])
    if args.write is not None:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
