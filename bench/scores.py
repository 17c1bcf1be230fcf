"""A match's score as a rating list gives it: the share of the points, its Wilson 95% interval, and Elo.

A win counts 1, a draw a half.  The interval is Wilson's score interval
for a proportion, with the points' share as the proportion and the games
as the trials (a draw, half a win, is counted as such); Elo is the
difference of the logistic model, ``400 * log10(share / (1 - share))``,
given only where the share is neither 0 nor 1, which the model puts at an
infinite distance.

>>> low, high = wilson(45, 48)
>>> round(low, 3), round(high, 3)
(0.832, 0.979)
>>> round(elo(0.75)), elo(1.0)
(191, None)
"""

from __future__ import annotations

import math

__all__ = ["Z_95", "elo", "elo_text", "wilson"]

#: The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


def wilson(points: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval of a share ``points / games``.

    >>> [round(bound, 3) for bound in wilson(48, 48)]
    [0.926, 1.0]
    """
    if games < 1:
        raise ValueError(f"an interval needs at least one game, got {games}")
    share = points / games
    denominator = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / denominator
    # At a share of 0 or 1 the bound on that side is the share itself, which rounding may miss.
    low = 0.0 if points == 0 else max(0.0, centre - spread)
    high = 1.0 if points == games else min(1.0, centre + spread)
    return low, high


def elo(share: float) -> float | None:
    """The Elo difference a share of the points means; ``None`` for 0 or 1."""
    if not 0 < share < 1:
        return None
    return 400 * math.log10(share / (1 - share))


def elo_text(points: float, games: int) -> str:
    """Elo and its 95% interval (from :func:`wilson`'s bounds) as a table shows them; ``-`` when extreme.

    >>> elo_text(36, 48)
    '+191 (+79..+302)'
    >>> elo_text(48, 48)
    '-'
    """
    middle = elo(points / games)
    if middle is None:
        return "-"
    low, high = (elo(bound) for bound in wilson(points, games))
    low_text = "-inf" if low is None else f"{low:+.0f}"
    high_text = "+inf" if high is None else f"{high:+.0f}"
    return f"{middle:+.0f} ({low_text}..{high_text})"
