"""``python -m bench.review``: how long ``play.py --review`` takes a move on a 15x15 game, against ``--think``.

The game is made the same way every time: the ``strong`` player searching
one level as ``X`` against the ``strong`` player searching two as ``O``,
from the opening h8 i8, on 15x15 with 5 in a row (:data:`GAME_MOVES` moves;
at these depths the search's clock never decides a move).  It is saved in
a temporary history, read back and reviewed at each ``--think`` given,
``--runs`` times, the review stored each time as ``--review`` stores it.
The table gives, at the median run, the wall-clock and processor seconds
a move (the whole review over the game's moves), the slowest position's
wall-clock seconds, and how many positions the solver proved.  Target:
the review finishes within ``--think`` seconds a move.  ``--write`` also
writes the output to ``bench/review_results.txt`` (or the path given).
"""

from __future__ import annotations

import argparse
import itertools
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench.common import ROOT, current_commit
from bench.match import play_game
from configurations.moves import Move
from tictactoe.cli.exits import run
from tictactoe.game.history import History
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.game.review.search import review_game
from tictactoe.players.base import PlayerOptions
from tictactoe.players.registry import make_player

__all__ = ["GAME_MOVES", "ReviewTiming", "main", "review_timing", "the_game"]

PROGRAM = "python -m bench.review"
RESULTS = ROOT / "bench" / "review_results.txt"
SIZE, LENGTH = 15, 5
OPENING = (Move(7, 7), Move(7, 8))
#: The depths of X's and O's strong players, and a time a move that their depths never let them reach.
DEPTHS, GAME_THINK = (1, 2), 30.0
#: The moves of the game made (checked by the tests, so that the figures stay comparable).
GAME_MOVES = 36


def the_game() -> GameRecord:
    """The game reviewed: strong (one level) as X against strong (two levels) as O, to its end."""
    x, o = (make_player("strong", PlayerOptions(SIZE, LENGTH, depth, GAME_THINK, 1)) for depth in DEPTHS)
    assert x is not None  # a computer player
    assert o is not None
    played = play_game(x, o, a_plays_x=True, size=SIZE, length=LENGTH, opening=OPENING)
    players = [Competitor(f"strong depth {depth}", "strong") for depth in DEPTHS]
    moves = tuple(TimedMove(move, 0.0) for move in played.moves)
    started = datetime(2026, 1, 1, tzinfo=UTC)
    return GameRecord(players[0], players[1], SIZE, LENGTH, DEPTHS[1], GAME_THINK, started, started, moves)


@dataclass(frozen=True, slots=True)
class ReviewTiming:
    """One review of the game: its wall-clock and processor seconds, the slowest position's, the proofs."""

    wall: float
    processor: float
    slowest: float
    proved: int
    positions: int


def review_timing(history: History, game_id: int, think: float) -> ReviewTiming:
    """Review game ``game_id`` of ``history`` at ``think`` seconds a position, store it, and time it."""
    record = history.get(game_id)
    marks: list[float] = []
    wall, processor = time.perf_counter(), time.process_time()
    review = review_game(record, think, progress=lambda _done, _total: marks.append(time.perf_counter()))
    wall, processor = time.perf_counter() - wall, time.process_time() - processor
    history.save_review(game_id, review)
    slowest = max(later - earlier for earlier, later in itertools.pairwise(marks))
    positions = len(review.positions)
    return ReviewTiming(wall, processor, slowest, positions - review.estimated, positions)


def table_line(think: float, moves: int, timings: list[ReviewTiming]) -> str:
    """The row of one ``--think``: the median run's figures a move, and the target met or missed."""
    median = sorted(timings, key=lambda timing: timing.wall)[len(timings) // 2]
    wall = median.wall / moves
    processor = statistics.median(timing.processor for timing in timings) / moves
    verdict = "met" if wall <= think else "missed"
    return (
        f"{think:>7g} {wall:>12.3f} {processor:>12.3f} {median.slowest:>12.3f} "
        f"{median.proved:>4}/{median.positions:<4} {verdict:>7}"
    )


def main(argv: list[str] | None = None) -> int:
    """Review the game at every ``--think``; print (and maybe write) the table; 0."""
    arguments = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog=PROGRAM, description="Seconds a move of a review, against --think.")
    parser.add_argument("--think", type=float, nargs="+", default=[1.0, 0.25], help="seconds a position (1 0.25)")
    parser.add_argument("--runs", type=int, default=3, help="reviews at each --think; the median is shown (3)")
    parser.add_argument(
        "--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="also write the output to FILE"
    )
    args = parser.parse_args(arguments)
    if args.runs < 1 or any(not think > 0 for think in args.think):
        parser.error("--runs must be 1 or more, and each --think above 0")
    record = the_game()
    moves = len(record.moves)
    lines = [
        f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}",
        f"{SIZE}x{SIZE}, {LENGTH} in a row, {moves} moves, {record.result} won: {record.x.name} as X against "
        f"{record.o.name} as O",
        "moves: " + " ".join(str(timed.move) for timed in record.moves),
        f"median of {args.runs} runs; seconds a move: the whole review over the {moves} moves"
        f" ({moves + 1} positions); target: within --think",
        "",
        f"{'think':>7} {'wall s/move':>12} {'cpu s/move':>12} {'slowest pos':>12} {'proved':>9} {'target':>7}",
    ]
    print("\n".join(lines), flush=True)
    with tempfile.TemporaryDirectory() as folder, History(Path(folder) / "games.sqlite3") as history:
        game_id = history.save(record)
        for think in args.think:
            timings = [review_timing(history, game_id, think) for _ in range(args.runs)]
            lines.append(table_line(think, moves, timings))
            print(lines[-1], flush=True)
    if args.write is not None:
        args.write.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
