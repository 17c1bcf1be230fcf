"""What every search of the solver stores for a position, in the one layout all their tables share.

A :class:`~hashdict.HashDictionary` keeps a non-negative ``int`` per key,
so a record packs, from the low bits up: the best move plus one (11 bits;
0 for none), the :class:`Bound` kind (2 bits), the depth the score was
searched to (7 bits; :data:`FINAL_DEPTH` for a score that holds to the end
of the game) and the score plus :data:`SCORE_OFFSET` (the rest).  The
solver stores values for the player to move (:data:`WON`, :data:`DRAWN`,
:data:`LOST`), the sound search the reference search's four scores, the
strong player's search its line-weight scores: each reads back what it
stored.

>>> record = pack(DRAWN, Bound.LOWER, move=12)
>>> unpack(record)
(0, 1, 0, 12)
>>> interval(record, LOST, WON)  # a draw or better
(0, 1)
"""

from __future__ import annotations

import enum

__all__ = [
    "DRAWN",
    "FINAL_DEPTH",
    "LOST",
    "SCORE_OFFSET",
    "WON",
    "Bound",
    "interval",
    "pack",
    "pack_at_ply",
    "settled",
    "unpack",
    "unpack_at_ply",
]

#: The solver's values, for the player to move.
WON = 1
DRAWN = 0
LOST = -1

#: The depth of a score searched to the end of the game: a proof, good at any depth.
FINAL_DEPTH = 127
#: Added to a score so that every record is non-negative: above every score a search stores
#: (the strong player's wins are worth about 2**40).
SCORE_OFFSET = 1 << 42

_MOVE_BITS = 11  # a move plus one: squares up to 2046, more than a 26x26 board's 676
_BOUND_SHIFT = _MOVE_BITS
_DEPTH_SHIFT = _BOUND_SHIFT + 2
_SCORE_SHIFT = _DEPTH_SHIFT + 7


class Bound(enum.IntEnum):
    """What a stored score says of the position: its value exactly, at least, or at most."""

    EXACT = 0
    LOWER = 1
    UPPER = 2


def pack(score: int, bound: int, *, move: int = -1, depth: int = 0) -> int:
    """The record of ``score`` of kind ``bound``, searched ``depth`` plies, with best ``move`` (-1: none).

    ``bound`` is a :class:`Bound`.
    """
    return (score + SCORE_OFFSET) << _SCORE_SHIFT | depth << _DEPTH_SHIFT | bound << _BOUND_SHIFT | (move + 1)


def unpack(record: int) -> tuple[int, int, int, int]:
    """``(score, bound, depth, move)`` as :func:`pack` took them (``move`` -1 for none)."""
    return (
        (record >> _SCORE_SHIFT) - SCORE_OFFSET,
        record >> _BOUND_SHIFT & 3,
        record >> _DEPTH_SHIFT & FINAL_DEPTH,
        (record & (1 << _MOVE_BITS) - 1) - 1,
    )


def pack_at_ply(score: int, ply: int, bound: int, *, depth: int, move: int, proved: int) -> int:
    """:func:`pack` of a score found ``ply`` plies from a search's root, where a score at least ``proved`` from 0
    is a win or loss counted in plies from the root: stored counted from the position itself, so that the record
    holds wherever the position is met again.

    >>> unpack_at_ply(pack_at_ply(95, 3, Bound.EXACT, depth=2, move=7, proved=90), 1, proved=90)
    (97, 0, 2, 7)
    """
    if score >= proved:
        score += ply
    elif score <= -proved:
        score -= ply
    return pack(score, bound, move=move, depth=depth)


def unpack_at_ply(record: int, ply: int, *, proved: int) -> tuple[int, int, int, int]:
    """``(score, bound, depth, move)`` of a record :func:`pack_at_ply` stored, met ``ply`` plies from the root."""
    score, bound, depth, move = unpack(record)
    if score >= proved:
        score -= ply
    elif score <= -proved:
        score += ply
    return score, bound, depth, move


def interval(record: int, least: int, greatest: int) -> tuple[int, int]:
    """The least and greatest score the record allows, for scores between ``least`` and ``greatest``.

    >>> interval(pack(3, Bound.UPPER), 0, 3), interval(pack(1, Bound.EXACT), 0, 3)
    ((0, 3), (1, 1))
    """
    score, bound = (record >> _SCORE_SHIFT) - SCORE_OFFSET, record >> _BOUND_SHIFT & 3
    if bound == Bound.LOWER:
        return score, greatest
    if bound == Bound.UPPER:
        return least, score
    return score, score


def settled(low: int, high: int, alpha: int, beta: int) -> int | None:
    """What a fail-soft search within ``(alpha, beta)`` returns when the value is known to lie in
    ``[low, high]`` and that settles it, else ``None``.

    >>> settled(DRAWN, WON, LOST, DRAWN), settled(LOST, DRAWN, DRAWN, WON), settled(LOST, WON, LOST, WON)
    (0, 0, None)
    """
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    return None
