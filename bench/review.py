"""``python -m bench.review``: how long ``play.py --review`` takes a move on a 15x15 game, against ``--think``.

The game is the same every time: one the ``strong`` player made searching
one level as ``X`` against itself searching two as ``O``, from the opening
h8 i8, on 15x15 with 5 in a row (:data:`GAME_MOVES` moves), kept as it was
played (:data:`GAME`) so that the figures stay comparable while the engine
changes.  It is saved in
a temporary history, read back and reviewed at each ``--think`` given,
``--runs`` times, the review stored each time as ``--review`` stores it.
The table gives, at the median run, the wall-clock and processor seconds
a move (the whole review over the game's moves), the slowest position's
wall-clock seconds, and how many positions the solver proved.  Target:
the review finishes within ``--think`` seconds a move.  ``--write`` also
writes the output to ``bench/review_results.txt`` (or the path given).

``--depths`` measures instead how a review deepens with its time
(:func:`depth_lines`): the game reviewed at the first two ``--think``
given (1 and 3 s by default), the depth of each position at both, and on
:data:`SMALL_GAMES` random games of :data:`SMALL_RULES`, whose every
position the solver proves given the time, how many values each review
has right; then both reviews of the game as ``--review`` prints them.

``--fit GAMES`` measures instead what the review's marks by estimate rest
on (:mod:`tictactoe.game.review.values`): ``GAMES`` self-play games of the
``strong`` player (:data:`FIT_THINK` seconds a move) on 15x15, each from
an opening of :data:`FIT_OPENING` random stones near the centre, every
position estimated as a review estimates it.  It fits the scale that turns
a score into X's chances (:func:`fit_scale`: the likeliest, given each
game's result), counts how often a position believed won was won, and
gives the percentiles of the drops of the movers' chances, from which the
thresholds of the marks are set.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import shlex
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bench.common import ROOT, current_commit
from bench.history import finished_moves
from bench.match import centre_squares, play_game
from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.cli.exits import run
from tictactoe.game.game import Game
from tictactoe.game.history import History
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.game.review.search import PositionValuer, review_game
from tictactoe.game.review.values import PositionValue
from tictactoe.players.base import PlayerLimits
from tictactoe.players.registry import make_player
from tictactoe.solver import Position, solve
from tictactoe.ui.terminal.review_table import review_text

__all__ = [
    "GAME_MOVES",
    "ReviewTiming",
    "Sample",
    "depth_lines",
    "drop_percentiles",
    "fit_scale",
    "main",
    "review_timing",
    "self_play_samples",
    "small_board_lines",
    "the_game",
]

PROGRAM = "python -m bench.review"
RESULTS = ROOT / "bench" / "review_results.txt"
SIZE, LENGTH = 15, 5
#: The rules every reviewed and fitted game is played by.
RULES = Rules.square(SIZE, LENGTH)
#: The game reviewed: the strong player searching one level (X) against itself searching two (O), as commit
#: e049e3b played it; O wins.
GAME = (
    "h8 i8 i7 g9 g7 h7 i9 f6 k9 j9 k11 j10 k10 k8 j8 g6 f5 h6 "
    "l10 m11 e6 h3 j6 j7 k5 l4 k13 k12 h5 l5 k6 l7 l6 m6 n5 i10"
)
#: The depths of X's and O's strong players in :data:`GAME`, and the time a move they had.
DEPTHS, GAME_THINK = (1, 2), 30.0
#: The moves of the game reviewed.
GAME_MOVES = len(GAME.split())
#: ``--fit``: the strong player's seconds a move in the self-play games, and the random stones they start from.
FIT_THINK = 0.05
FIT_OPENING = 3
#: ``--depths``: the rules of the small games, whose positions the solver proves, and how many are reviewed.
SMALL_RULES = Rules.square(5, 4)
SMALL_GAMES = 3
DEPTHS_RESULTS = ROOT / "bench" / "review_depths_results.txt"
# The percentiles of the movers' drops that --fit reports.
_PERCENTILES = (50, 90, 95, 99)


def the_game() -> GameRecord:
    """The game reviewed (:data:`GAME`): strong (one level) as X against strong (two levels) as O, to its end."""
    players = [Competitor(f"strong depth {depth}", "strong") for depth in DEPTHS]
    moves = tuple(TimedMove(Move.parse(name, SIZE), 0.0) for name in GAME.split())
    started = datetime(2026, 1, 1, tzinfo=UTC)
    return GameRecord(players[0], players[1], RULES, DEPTHS[1], GAME_THINK, started, started, moves)


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


@dataclass(frozen=True, slots=True)
class Sample:
    """A position of a self-play game: its estimate, who was to move, and X's score in the game (1, 1/2, 0)."""

    value: PositionValue
    mover: Side
    outcome: float


def self_play_samples(games: int, seed: int) -> list[list[Sample]]:
    """The estimated positions of ``games`` self-play games (see ``--fit``), game by game, before the end."""
    rng = random.Random(seed)
    squares = centre_squares(SIZE)
    played = []
    for _ in range(games):
        opening = rng.sample(squares, FIT_OPENING)
        x, o = (make_player("strong", RULES, PlayerLimits(40, FIT_THINK)) for _ in range(2))
        assert x is not None  # a computer player
        assert o is not None
        moves = play_game(x, o, a_plays_x=True, rules=RULES, opening=opening).moves
        valuer = PositionValuer(RULES, 1.0)
        game, values = Game(RULES), []
        for move in moves:
            values.append((valuer.estimate(game.board, game.to_move or Side.X), game.to_move or Side.X))
            game.play(move)
        outcome = {Winner.X: 1.0, Winner.DRAW: 0.5, Winner.O: 0.0}[game.result or Winner.DRAW]
        played.append([Sample(value, mover, outcome) for value, mover in values[FIT_OPENING:]])
    return played


def fit_scale(samples: list[tuple[float, float]]) -> float:
    """The scale ``s`` that makes ``1 / (1 + exp(-score / s))`` likeliest to give the outcomes (1, 1/2 or 0) of
    ``(score, outcome)`` pairs: golden-section search on ``log s`` from 10 to 100 000.

    Outcomes that are the chances of a scale themselves give that scale back:

    >>> round(fit_scale([(score, 1 / (1 + math.exp(-score / 200))) for score in (-400.0, -100.0, 50.0, 300.0)]), 3)
    200.0
    """

    def loss(log_scale: float) -> float:
        total = 0.0
        for score, outcome in samples:
            chance = 1 / (1 + math.exp(-max(-700.0, min(700.0, score / math.exp(log_scale)))))
            chance = min(max(chance, 1e-12), 1 - 1e-12)
            total -= outcome * math.log(chance) + (1 - outcome) * math.log(1 - chance)
        return total

    low, high = math.log(10.0), math.log(100_000.0)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(80):
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if loss(left) < loss(right):
            high = right
        else:
            low = left
    return math.exp((low + high) / 2)


def drop_percentiles(drops: list[float]) -> dict[int, float]:
    """The :data:`_PERCENTILES` of ``drops`` (each the least value that many percent of them are at or below).

    >>> drop_percentiles([n / 100 for n in range(1, 101)])
    {50: 0.5, 90: 0.9, 95: 0.95, 99: 0.99}
    """
    ordered = sorted(drops)
    return {
        percent: ordered[min(len(ordered) - 1, math.ceil(percent / 100 * len(ordered)) - 1)] for percent in _PERCENTILES
    }


def fit_lines(games: int, seed: int) -> list[str]:
    """The report of ``--fit``: the fitted scale, the believed wins, the movers' drops."""
    played = self_play_samples(games, seed)
    scored = [
        (float(sample.value.score), sample.outcome) for game in played for sample in game if sample.value.winner is None
    ]
    believed = [sample for game in played for sample in game if sample.value.winner in (Winner.X, Winner.O)]
    won = sum((sample.value.winner == Winner.X) == (sample.outcome == 1.0) for sample in believed)
    scale = fit_scale(scored)

    def chance(value: PositionValue) -> float:
        if value.winner is not None:
            return {Winner.X: 1.0, Winner.DRAW: 0.5, Winner.O: 0.0}[value.winner]
        return 1 / (1 + math.exp(-max(-700.0, min(700.0, value.score / scale))))

    drops = [
        (chance(before.value) - chance(after.value)) * (1 if before.mover is Side.X else -1)
        for game in played
        for before, after in itertools.pairwise(game)
        if before.value.winner is None and after.value.winner is None
    ]
    percentiles = drop_percentiles(drops)
    results = [game[0].outcome for game in played if game]
    return [
        f"--fit: {games} games of strong ({FIT_THINK:g} s a move) against itself, {SIZE}x{SIZE}, {LENGTH} in a row,"
        f" each from {FIT_OPENING} random stones near the centre (seed {seed}):"
        f" X won {results.count(1.0)}, O {results.count(0.0)}, draws {results.count(0.5)}",
        f"positions estimated by a score: {len(scored)}; the likeliest scale: {scale:.0f}",
        f"positions believed won: {len(believed)}, of which won by the side believed: {won}"
        f" ({won / max(1, len(believed)):.1%})",
        f"movers' drops of chances between scored positions ({len(drops)} moves), percentiles: "
        + ", ".join(f"{percent}%: {drop:.3f}" for percent, drop in percentiles.items()),
    ]


def depth_lines(short: float, long: float, seed: int) -> list[str]:
    """The report of ``--depths``: the game's depths at ``short`` and ``long`` seconds a position, the values
    right on the small games at each, and both reviews of the game."""
    record = the_game()
    reviews = [review_game(record, think) for think in (short, long)]
    pairs = list(zip(reviews[0].positions, reviews[1].positions, strict=True))
    deeper = sum(after.depth > before.depth for before, after in pairs)
    scored = [(before, after) for before, after in pairs if before.winner is None or after.winner is None]
    deeper_scored = sum(after.depth > before.depth for before, after in scored)
    lines = [
        f"--depths: the game of {len(record.moves)} moves reviewed at {short:g} s and {long:g} s a position",
        "moves: " + " ".join(str(timed.move) for timed in record.moves),
        "depth at each position, "
        + " ".join(f"{before.depth}/{after.depth}" for before, after in pairs)
        + f" ({short:g} s/{long:g} s)",
        f"deeper at {long:g} s than at {short:g} s: {deeper} of {len(pairs)} positions ({deeper / len(pairs):.0%});"
        f" of the {len(scored)} not valued by a result at both: {deeper_scored}"
        f" ({deeper_scored / max(1, len(scored)):.0%})",
    ]
    lines += small_board_lines(short, long, seed)
    for think, review in zip((short, long), reviews, strict=True):
        lines += ["", f"python play.py --review 1 --think {think:g}", review_text(1, record, review)]
    return lines


def small_board_lines(short: float, long: float, seed: int) -> list[str]:
    """How many values of :data:`SMALL_GAMES` random games' reviews at ``short`` and ``long`` are right: the
    result the solver proves given all the time it needs, proved or believed (a score is never right)."""
    rng = random.Random(seed)
    squares = list(range(SMALL_RULES.rows * SMALL_RULES.cols))
    right = {short: 0, long: 0}
    proved = {short: 0, long: 0}
    wrong = {short: 0, long: 0}
    positions = 0
    for _ in range(SMALL_GAMES):
        rng.shuffle(squares)
        moves = finished_moves(SMALL_RULES, squares)
        players = Competitor("random", "random")
        record = GameRecord(players, players, SMALL_RULES, 9, None, None, None, tuple(TimedMove(m, 0.0) for m in moves))
        game, truths = Game(SMALL_RULES), []
        for move in [None, *moves]:
            if move is not None:
                game.play(move)
            truths.append(game.result or solve(Position.from_configurations(game.board)).value)
        positions += len(truths)
        for think in (short, long):
            values = review_game(record, think).positions
            right[think] += sum(value.winner == truth for value, truth in zip(values, truths, strict=True))
            proved[think] += sum(value.proved for value in values)
            wrong[think] += sum(
                value.proved and value.winner != truth for value, truth in zip(values, truths, strict=True)
            )
    return [
        f"{SMALL_GAMES} random games of {SMALL_RULES} (seed {seed}), {positions} positions, each proved by the"
        " solver given the time it needs: values right (proved, or believed, with the result proved)"
        f" at {short:g} s: {right[short]}, at {long:g} s: {right[long]};"
        f" proved at {short:g} s: {proved[short]}, at {long:g} s: {proved[long]};"
        f" proved wrong: {wrong[short]} and {wrong[long]}",
    ]


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
    parser.add_argument("--fit", type=int, metavar="GAMES", help="fit the scale of the estimates' marks instead")
    parser.add_argument("--depths", action="store_true", help="compare the depths and values at two --think")
    parser.add_argument("--seed", type=int, default=1, help="--fit, --depths: the seed of the games (1)")
    parser.add_argument(
        "--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="also write the output to FILE"
    )
    args = parser.parse_args(arguments)
    if args.runs < 1 or any(not think > 0 for think in args.think):
        parser.error("--runs must be 1 or more, and each --think above 0")
    if args.depths:
        short, long = [*args.think, 3.0][:2] if args.think != [1.0, 0.25] else (1.0, 3.0)
        lines = [f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}"]
        lines += depth_lines(short, long, args.seed)
        print("\n".join(lines))
        if args.write is not None:
            path = DEPTHS_RESULTS if args.write == RESULTS else args.write
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return 0
    if args.fit is not None:
        lines = [f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}"]
        lines += fit_lines(args.fit, args.seed)
        print("\n".join(lines))
        if args.write is not None:
            with args.write.open("a", encoding="utf-8") as results:
                results.write("\n" + "\n".join(lines) + "\n")
        return 0
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
