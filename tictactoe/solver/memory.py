"""Tables held to a memory budget: how many positions a budget holds, and the solver's table, which keeps the
positions that cost most to search again when it is full.

A long solve fills its table for hours; without a bound a 7x8 worker grew
past 3 GB.  ``--memory MIB`` (:func:`default_memory` when not given) is
shared among the workers of a solve, and each worker's table holds
:func:`capacity_for` positions.  A record costs about :data:`RECORD_BYTES`
bytes and its key (a board of ``2 * squares`` bits, in bytes) beside it,
as measured on a full :class:`~hashdict.HashDictionary`.

:class:`CostTable` is the solver's table.  Each record packs, beside its
value, bound and best move, the *cost* of the position: how many
positions its search visited, as a power of two (the record's depth field,
which the solver has no other use for).  When the table is full, the
positions of the cheapest costs -- at least half of them -- make way: a
position that took a few nodes to search is found again in a few nodes,
while one whose subtree took thousands is what a table is for.

>>> from tictactoe.solver.records import Bound, pack
>>> table = CostTable(capacity=4)
>>> for number, cost in enumerate([1, 500, 2, 40]):
...     table.store(f"p{number}", pack(0, Bound.EXACT, depth=cost_level(cost)), present=False)
>>> table.store("p4", pack(0, Bound.EXACT, depth=cost_level(3)), present=False)  # full: the cheap half leaves
>>> sorted(key for key in ("p0", "p1", "p2", "p3", "p4") if table.get(key) >= 0)
['p1', 'p3', 'p4']
"""

from __future__ import annotations

import os

from hashdict import Data, HashDictionary, is_prime, require_int
from hashdict.hashing import VETTED_SIZES
from tictactoe.solver.records import FINAL_DEPTH, unpack

__all__ = [
    "RECORD_BYTES",
    "CostTable",
    "capacity_for",
    "cost_level",
    "default_memory",
]

#: Bytes a record of the solver's table takes beside its key: the score, a place in a chain, the bucket's share.
RECORD_BYTES = 140
# The most memory a solve takes by default: half the machine's, at most this many MiB.
_MOST_DEFAULT_MIB = 8192
# Records per bucket the table aims at: a longer chain costs a look-up more than a bucket costs memory.
_RECORDS_PER_BUCKET = 4
# The records a table's first buckets are made for.
_FIRST_RECORDS = 4096
# The fewest records a table is given, however small the budget: a search needs a few thousand to get anywhere.
_FEWEST_RECORDS = 1_000


def default_memory() -> int:
    """The MiB a solve may use when ``--memory`` is not given: half of this machine's memory, at most 8 GiB."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # a system that does not say: a budget any machine has
        return 1024
    return max(64, min(_MOST_DEFAULT_MIB, total // 2 // 2**20))


def capacity_for(mebibytes: int, squares: int, *, tables: int = 1) -> int:
    """How many positions of a board of ``squares`` squares each of ``tables`` tables holds within ``mebibytes``.

    >>> capacity_for(1024, 56, tables=2)
    3486174
    """
    per_record = RECORD_BYTES + (2 * squares + 7) // 8
    return max(_FEWEST_RECORDS, mebibytes * 2**20 // tables // per_record)


def cost_level(positions: int) -> int:
    """The cost of a position whose search visited ``positions`` positions, as a record's depth field holds it: the
    number of bits of the count (0 for none), at most :data:`~tictactoe.solver.records.FINAL_DEPTH`.

    >>> cost_level(0), cost_level(1), cost_level(1000)
    (0, 1, 10)
    """
    return min(positions.bit_length(), FINAL_DEPTH)


class CostTable:
    """At most ``capacity`` records of the solver's (:func:`~tictactoe.solver.records.pack` with the cost level as
    the depth), each a position's key and a non-negative record; the cheapest make way when it is full."""

    __slots__ = ("_capacity", "_records", "evicted")

    def __init__(self, capacity: int) -> None:
        if require_int("capacity", capacity) < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity!r}")
        self._capacity = capacity
        # Buckets grow with the records (a table is made for every solve, most of them small), to a size for the
        # capacity.
        self._records = HashDictionary(_buckets_for(min(capacity, _FIRST_RECORDS)))
        #: How many records have made way so far.
        self.evicted = 0

    @property
    def capacity(self) -> int:
        """The most records the table holds."""
        return self._capacity

    def __len__(self) -> int:
        return self._records.num_records()

    def get(self, key: str) -> int:
        """The record stored for ``key``, or -1 when absent.  Runtime complexity: O(1) expected."""
        return self._records.get(key)

    def store(self, key: str, record: int, *, present: bool) -> None:
        """Store ``record`` for ``key``; ``present`` says whether ``key`` is held now (the caller has just looked it
        up).  A new key in a full table first makes the cheapest half or more of the records leave.

        Runtime complexity: O(1) expected, amortized: a sweep of the whole table once in ``capacity / 2`` stores.
        """
        records = self._records
        if present:
            records.remove(key)
        elif len(records) >= self._capacity:
            self._make_way()
        elif len(records) >= records.size * _RECORDS_PER_BUCKET and records.size < _buckets_for(self._capacity):
            self._grow()
        self._records.put(Data(key, record))

    def items(self) -> list[tuple[str, int]]:
        """Every key and record held, costliest first (ties: in the table's order)."""
        held = [(data.configuration, data.score) for data in self._records]
        held.sort(key=lambda item: -unpack(item[1])[2])
        return held

    def _grow(self) -> None:
        """Move the records to a table of eight times the buckets (or the capacity's, if fewer)."""
        bigger = HashDictionary(_buckets_for(min(self._capacity, self._records.size * 8 * _RECORDS_PER_BUCKET)))
        for data in self._records:
            bigger.put(data)
        self._records = bigger

    def _make_way(self) -> None:
        """Remove the records of the lowest cost levels, at least half of them."""
        counts = [0] * (FINAL_DEPTH + 1)
        for data in self._records:
            counts[unpack(data.score)[2]] += 1
        level, removed, half = 0, 0, (len(self._records) + 1) // 2
        while removed + counts[level] < half:
            removed += counts[level]
            level += 1
        leaving = [data.configuration for data in self._records if unpack(data.score)[2] <= level]
        for key in leaving:
            self._records.remove(key)
        self.evicted += len(leaving)


def _buckets_for(capacity: int) -> int:
    """The buckets of a table of ``capacity`` records: a vetted size while one is large enough, else a prime past
    a quarter of the capacity (hashed by the mixed form, which needs no vetting)."""
    wanted = max(1, capacity // _RECORDS_PER_BUCKET)
    if wanted <= VETTED_SIZES[-1]:
        return next(size for size in VETTED_SIZES if size >= wanted)
    return _next_prime(wanted)


def _next_prime(number: int) -> int:
    candidate = number | 1
    while not is_prime(candidate):
        candidate += 2
    return candidate
