"""A transposition table that never outgrows its capacity: the oldest position makes way for the newest.

The strong player keeps one table for a whole game, so that what one move
learnt helps the next; without a bound, a long game on a large board would
fill memory.  The positions live in a :class:`~hashdict.HashDictionary`;
a ring of their keys, in the order they were first stored, says which is
oldest.  When the table is full, storing a new position first removes the
oldest one (first in, first out).  Old positions are the ones a game has
moved away from -- a tile once played is never taken back in a game -- so
they are the least likely to be asked for again.  Storing again a position
already held replaces its record in place and keeps its age: the search
refines what it knows of a position many times as it deepens.

>>> table = BoundedTable(capacity=2)
>>> table.store("a", 1, present=False); table.store("b", 2, present=False)
>>> table.store("c", 3, present=False)  # full: "a", the oldest, makes way
>>> table.get("a"), table.get("b"), table.get("c"), len(table)
(-1, 2, 3, 2)
"""

from __future__ import annotations

from hashdict import Data, HashDictionary, require_int
from hashdict.hashing import VETTED_SIZES

__all__ = ["BoundedTable"]

# Buckets: the largest table size whose hash is vetted for board keys (under 2 MB of buckets).
_BUCKETS = VETTED_SIZES[-1]


class BoundedTable:
    """At most ``capacity`` records, each a position's key and a non-negative score."""

    __slots__ = ("_keys", "_next", "_records")

    def __init__(self, capacity: int) -> None:
        if require_int("capacity", capacity) < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity!r}")
        self._records = HashDictionary(_BUCKETS)
        # A ring: the keys in the order they were first stored, the slot at _next the oldest once it is full.
        self._keys: list[str | None] = [None] * capacity
        self._next = 0

    @property
    def capacity(self) -> int:
        """The most records the table holds."""
        return len(self._keys)

    def __len__(self) -> int:
        return self._records.num_records()

    def get(self, key: str) -> int:
        """The score stored for ``key``, or -1 when absent."""
        return self._records.get(key)

    def store(self, key: str, score: int, *, present: bool) -> None:
        """Store ``score`` for ``key``; ``present`` says whether ``key`` is held now (the caller has just
        looked it up).  A new key makes the oldest one leave when the table is full.

        Runtime complexity: O(1) expected.
        """
        records = self._records
        if present:
            records.remove(key)
        else:
            oldest = self._keys[self._next]
            if oldest is not None:
                records.remove(oldest)
            self._keys[self._next] = key
            self._next = (self._next + 1) % len(self._keys)
        records.put(Data(key, score))
