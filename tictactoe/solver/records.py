"""What the solver stores for a position: its value or a bound on it, and its best move, in one score.

A :class:`~hashdict.HashDictionary` keeps a non-negative ``int`` per key,
so a record packs, from the low bits up: the value plus one (2 bits:
``LOSS``, ``DRAW``, ``WIN`` for the player to move), the bound kind
(2 bits) and the best move plus one (the rest; 0 for none).  No depth is
stored: every value the solver stores is proved for the rest of the game.

>>> record = pack(DRAW, LOWER, 12)
>>> unpack(record)
(0, 1, 12)
>>> interval(record)  # a draw or better
(0, 1)
"""

from __future__ import annotations

__all__ = ["DRAW", "EXACT", "LOSS", "LOWER", "UPPER", "WIN", "interval", "pack", "settled", "unpack"]

#: Values, for the player to move.
WIN = 1
DRAW = 0
LOSS = -1

#: Bound kinds: the value is exactly, at least, or at most the one stored.
EXACT = 0
LOWER = 1
UPPER = 2


def pack(value: int, bound: int, move: int) -> int:
    """The score that stores ``value`` of kind ``bound`` with best ``move`` (``-1`` for none)."""
    return (move + 1) << 4 | bound << 2 | (value - LOSS)


def unpack(record: int) -> tuple[int, int, int]:
    """``(value, bound, move)`` as :func:`pack` took them."""
    return (record & 3) + LOSS, record >> 2 & 3, (record >> 4) - 1


def interval(record: int) -> tuple[int, int]:
    """The least and greatest value the record allows."""
    value, bound = (record & 3) + LOSS, record >> 2 & 3
    if bound == LOWER:
        return value, WIN
    if bound == UPPER:
        return LOSS, value
    return value, value


def settled(low: int, high: int, alpha: int, beta: int) -> int | None:
    """What a fail-soft search within ``(alpha, beta)`` returns when the value is known to lie in
    ``[low, high]`` and that settles it, else ``None``.

    >>> settled(DRAW, WIN, LOSS, DRAW), settled(LOSS, DRAW, DRAW, WIN), settled(LOSS, WIN, LOSS, WIN)
    (0, 0, None)
    """
    if low >= beta or low == high:
        return low
    if high <= alpha:
        return high
    return None
