"""``python -m bench.tune_weights``: the pattern weights fitted to the results of games, as chess engines tune theirs.

The strong search scores a 15x15 position where it looks no further by the
patterns on its lines (:mod:`tictactoe.solver.patterns`): a weight for each
open and closed pattern of one to four tiles, one set for the player to
move and one for the other.  The score is a sum of the patterns' counts
times their weights, so the fit is a logistic regression of the game's
result on the counts (Texel tuning):

* **The positions**: every position of the freestyle games of 15x15 kept
  in ``bench/rating_games/`` (:data:`GAMES`: the project's own engine
  against itself and against the outside engines) from the ``FIRST_PLY``-th
  ply on, each with the result of its game from the player to move's side
  (1 a win, 0.5 a draw, 0 a loss).  Only *quiet* positions are kept, those
  the search scores by their patterns: neither player has a four and the
  player to move has no open three (these the search answers or wins by,
  and their weights are left as they are).
* **The scale**: ``sigmoid(score / scale)`` reads a score as the chance
  that the player to move wins; the scale is the one that fits the results
  best with the weights as they are (a golden-section search of the
  log-loss), and is then held, so that the fitted weights keep the scores'
  scale.
* **The fit**: the weights that are left minimise the mean log-loss of
  ``sigmoid(score / scale)`` against the results, with a small ridge
  (``RIDGE``, or ``--ridge``) pulling each towards its present value, by Newton's steps
  (the loss is convex in the weights); they are rounded to whole numbers,
  as the search keeps them.

The table gives the positions, the scale, the log-loss before and after,
and each weight as it is and as fitted.  ``--write`` keeps it in
``bench/tune_weights_results.txt``.  Whether the fitted weights play
better is decided by games (``bench/strong_selfplay_results.txt``).
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bench.common import ROOT, current_commit, load_averages
from configurations.lines import winning_lines
from configurations.rules import Variant
from configurations.symbols import Winner
from tictactoe.game.sgf import parse_sgf
from tictactoe.solver.patterns import CLOSED_WEIGHTS, OPEN_WEIGHTS, pattern_counts

PROGRAM = "python -m bench.tune_weights"
RESULTS = ROOT / "bench" / "tune_weights_results.txt"
#: The games fitted: every freestyle game of 15x15 in bench/rating_games.
GAMES = (
    "15x15-brain-strong-0.2s.sgf",
    "15x15-strong-gomoku-terminal-0.2s.sgf",
    "15x15-strong-gomokubench-0.2s.sgf",
    "15x15-strong-openspiel-mcts-0.2s.sgf",
    "15x15-strong-rapfi-0.2s.sgf",
    "15x15-strong-rapfi-1s.sgf",
)
SIZE, LENGTH = 15, 5
#: The first ply whose position is fitted: the openings before it were chosen, not played.
FIRST_PLY = 4
#: The pull of each weight towards its present value, against the mean log-loss (per weight squared, in units of
#: the weight over its present value).
RIDGE = 1e-4
NEWTON_STEPS = 12
#: The features' names, in order: the mover's open and closed patterns of 1 to 4 tiles, then the other's.
NAMES = tuple(
    f"{who} {kind} {tiles}" for who in ("mover", "other") for kind in ("open", "closed") for tiles in range(1, 5)
)
#: The features left as they are (a four of either player, the mover's open three): never in a quiet position.
FOURS = (3, 7, 11, 15)
MOVER_OPEN_THREE = 2


def present_weights() -> list[float]:
    """The weights as :mod:`tictactoe.solver.patterns` has them, in the order of :data:`NAMES`.

    >>> present_weights()[:4], present_weights()[8:12]
    ([12.0, 185.0, 2000.0, 8000.0], [6.0, 79.0, 1535.0, 8000.0])
    """
    return [
        float(table[side][tiles])
        for side in (0, 1)
        for table in (OPEN_WEIGHTS, CLOSED_WEIGHTS)
        for tiles in range(1, 5)
    ]


@functools.cache
def line_counts(xs: int, os: int, size: int) -> tuple[int, ...]:
    """The counts of X's open and closed patterns of 1 to 4 tiles on a line, then O's (16 numbers).

    >>> line_counts(0b0011100, 0, 7)  # ..XXX..: X's two open threes and three closed ones
    (0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    """
    counts: list[int] = []
    for tiles, theirs in ((xs, os), (os, xs)):
        opens, closed = pattern_counts(tiles, theirs, size, LENGTH)
        counts += opens[1:LENGTH] + closed[1:LENGTH]
    return tuple(counts)


def positions(moves: Sequence[int], winner: Winner | None) -> Iterator[tuple[list[int], float]]:
    """The features of each quiet position of a game of ``moves`` (squares of 15x15) won by ``winner`` from the
    ``FIRST_PLY``-th ply on, with the result from the mover's side: the mover's counts, then the other's negated
    (so that the score is their sum of products with the weights, as :meth:`LinePatterns.worth` gives it)."""
    lines = [range(*line) for line in winning_lines(SIZE, LENGTH)]
    through: list[list[tuple[int, int]]] = [[] for _ in range(SIZE * SIZE)]
    for index, line in enumerate(lines):
        for place, square in enumerate(line):
            through[square].append((index, 1 << place))
    tiles = [[0, 0] for _ in lines]
    totals = [0] * 16
    for ply, square in enumerate(moves):
        if ply >= FIRST_PLY and winner is not None:
            mover = ply % 2
            own, other = totals[8 * mover : 8 * mover + 8], totals[8 - 8 * mover : 16 - 8 * mover]
            features = own + [-count for count in other]
            if not any(features[index] for index in (*FOURS, MOVER_OPEN_THREE)):
                yield features, 0.5 if winner is Winner.DRAW else float(winner == (Winner.X, Winner.O)[mover])
        for index, bit in through[square]:
            old = line_counts(*tiles[index], len(lines[index]))
            tiles[index][ply % 2] |= bit
            new = line_counts(*tiles[index], len(lines[index]))
            totals = [total + after - before for total, after, before in zip(totals, new, old, strict=True)]


def load_positions() -> list[tuple[list[int], float]]:
    """The quiet positions of every game of :data:`GAMES`, with their results."""
    found: list[tuple[list[int], float]] = []
    for name in GAMES:
        for record in parse_sgf((ROOT / "bench" / "rating_games" / name).read_bytes()):
            if record.rules.variant is not Variant.FREESTYLE or not record.start.is_empty:
                continue
            squares = [timed.move.row * SIZE + timed.move.col for timed in record.moves]
            found += positions(squares, record.result)
    return found


def log_loss(data: list[tuple[list[int], float]], weights: Sequence[float], scale: float) -> float:
    """The mean log-loss of ``sigmoid(score / scale)`` against the results of ``data``."""
    total = 0.0
    for features, result in data:
        chance = _sigmoid(sum(w * f for w, f in zip(weights, features, strict=True)) / scale)
        chance = min(max(chance, 1e-12), 1 - 1e-12)
        total -= result * math.log(chance) + (1 - result) * math.log(1 - chance)
    return total / len(data)


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def fit_scale(data: list[tuple[list[int], float]], weights: Sequence[float]) -> float:
    """The scale that fits ``data`` best with ``weights``: a golden-section search of the log-loss over the
    scale's logarithm, from 10 to 100 000."""
    low, high = math.log(10), math.log(100_000)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if log_loss(data, weights, math.exp(a)) < log_loss(data, weights, math.exp(b)):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


def fit_weights(
    data: list[tuple[list[int], float]], start: Sequence[float], scale: float, ridge: float = RIDGE
) -> list[float]:
    """The weights that minimise the log-loss of ``data`` at ``scale`` (those of :data:`FOURS` and the mover's
    open three held at ``start``'s), with the ridge towards ``start``: Newton's steps in units of ``start``."""
    free = [index for index in range(len(start)) if index not in (*FOURS, MOVER_OPEN_THREE)]
    # In units of the present weights, each free feature's column is its count times its weight over the scale.
    units = [start[index] / scale for index in free]
    rows = [
        ([features[index] * unit for index, unit in zip(free, units, strict=True)], result) for features, result in data
    ]
    theta = [1.0] * len(free)
    for _ in range(NEWTON_STEPS):
        gradient = [ridge * 2 * (value - 1) * len(rows) for value in theta]
        hessian = [[ridge * 2 * len(rows) * (i == j) for j in range(len(free))] for i in range(len(free))]
        for row, result in rows:
            chance = _sigmoid(sum(t * x for t, x in zip(theta, row, strict=True)))
            weight = chance * (1 - chance)
            for i, xi in enumerate(row):
                if xi:
                    gradient[i] += (chance - result) * xi
                    line = hessian[i]
                    for j, xj in enumerate(row):
                        line[j] += weight * xi * xj
        step = _solve(hessian, gradient)
        theta = [value - change for value, change in zip(theta, step, strict=True)]
    fitted = list(start)
    for index, value in zip(free, theta, strict=True):
        fitted[index] = start[index] * value
    return fitted


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``x`` with ``matrix @ x == vector``, by Gaussian elimination with partial pivoting.

    >>> _solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    [0.8, 1.4]
    """
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(column + 1, size):
            factor = rows[row][column] / rows[column][column]
            rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    solution = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][j] * solution[j] for j in range(row + 1, size))
        solution[row] = round((rows[row][size] - known) / rows[row][row], 12)
    return solution


@dataclass(frozen=True)
class Fit:
    """What the fit found: the positions, the scale, the log-loss before and after, and the weights."""

    positions: int
    scale: float
    ridge: float
    loss_before: float
    loss_after: float
    before: list[float]
    after: list[int]


def tune(ridge: float = RIDGE) -> Fit:
    """Fit the scale, then the weights (with the pull ``ridge`` towards the present ones), to :data:`GAMES`."""
    data = load_positions()
    before = present_weights()
    scale = fit_scale(data, before)
    after = [round(weight) for weight in fit_weights(data, before, scale, ridge)]
    return Fit(len(data), scale, ridge, log_loss(data, before, scale), log_loss(data, after, scale), before, after)


def report(fit: Fit) -> str:
    """The fit as a table, with the weights as ``patterns.py`` would write them."""
    lines = [
        f"{fit.positions:,} quiet positions of {len(GAMES)} collections of freestyle games of 15x15 "
        f"(ply {FIRST_PLY} on); scale {fit.scale:,.0f}; ridge {fit.ridge:g}",
        f"mean log-loss: {fit.loss_before:.5f} with the present weights, {fit.loss_after:.5f} fitted",
        "",
        f"{'pattern':<16} {'present':>8} {'fitted':>8}",
    ]
    for index, name in enumerate(NAMES):
        held = " (held)" if index in (*FOURS, MOVER_OPEN_THREE) else ""
        lines.append(f"{name:<16} {fit.before[index]:>8,.0f} {fit.after[index]:>8,}{held}")
    w = fit.after
    lines += [
        "",
        f"OPEN_WEIGHTS = ((0, {w[0]}, {w[1]}, {w[2]}, {w[3]}), (0, {w[8]}, {w[9]}, {w[10]}, {w[11]}))",
        f"CLOSED_WEIGHTS = ((0, {w[4]}, {w[5]}, {w[6]}, {w[7]}), (0, {w[12]}, {w[13]}, {w[14]}, {w[15]}))",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=PROGRAM, description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"also write the table to {RESULTS.relative_to(ROOT)}")
    parser.add_argument("--ridge", type=float, default=RIDGE, help=f"the pull towards the present weights ({RIDGE:g})")
    args = parser.parse_args(argv)
    fit = tune(args.ridge)
    options = "" if args.ridge == RIDGE else f" --ridge {args.ridge:g}"
    header = f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM}{options}"
    text = f"{header}\n\n{report(fit)}\n\nload average {load_averages()} at the end\n"
    print(text, end="")
    if args.write:
        RESULTS.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
