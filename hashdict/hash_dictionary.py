"""A hash table with separate chaining, keyed by configuration strings."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import NamedTuple

from hashdict.adt import DictionaryADT, DictionaryException, TableFullError
from hashdict.hashing import HashScheme, IncrementalHash, scheme_for, table_size_for
from hashdict.record import Data, require_int

__all__ = ["FastPath", "HashDictionary"]


class FastPath(NamedTuple):
    """A table's fast path, for a search that already knows each key's hash value.

    ``hasher`` keeps a key's value up to date as its characters change (see
    :class:`~hashdict.hashing.IncrementalHash`); ``probe`` and ``store``
    then skip hashing the key:

    * ``probe(value, key) -> int`` -- the score stored for ``key``, whose
      value is ``value``, or -1 when absent (as :meth:`HashDictionary.get`).
    * ``store(value, key, score) -> None`` -- adds the record, newest first
      in its chain.  The key must be absent: the caller has just probed it,
      and nothing is checked again.  ``score`` must be a valid score.

    Neither checks its arguments' types: the caller is a search that
    makes them itself, millions of times.  Runtime complexity of each: O(1)
    expected, O(chain) worst.
    """

    hasher: IncrementalHash
    probe: Callable[[int, str], int]
    store: Callable[[int, str, int], None]


class HashDictionary(DictionaryADT):
    """A dictionary of :class:`Data` records in ``size`` buckets.

    Each bucket is a chain: a tuple holding its records' keys and scores in
    turn (``(key, score, key, score, ...)``), or ``None`` while the bucket is
    empty.  A record added to a bucket makes the bucket a new tuple: chains
    are short, and one tuple per bucket, not lists or a record object per
    entry, keeps a stored record to one small allocation, quick to make and
    to free.  New records go to the front of their chain, since the keys
    stored last are most often the ones asked for next (a game search
    meets the boards of the branch it has just left).  Keys are placed by
    :func:`~hashdict.polynomial_hash`.

    >>> d = HashDictionary(13441)
    >>> d.put(Data("X O", 3))
    0
    >>> d.get("X O"), d.get("O X")
    (3, -1)
    >>> len(d), "X O" in d
    (1, True)
    """

    __slots__ = ("_chains", "_count", "_hash", "_scheme", "_size")

    def __init__(self, size: int) -> None:
        if require_int("size", size) < 1:
            raise ValueError(f"size must be at least 1, got {size!r}")
        self._size = size
        self._scheme = scheme_for(size)
        self._hash = self._scheme.hash  # one attribute look-up less on every operation
        self._chains: list[tuple[str | int, ...] | None] = [None] * size
        self._count = 0

    @classmethod
    def for_records(cls, records: int) -> HashDictionary:
        """An empty table sized for about ``records`` records (see :func:`~hashdict.hashing.table_size_for`).

        Its size is a prime whose hashing is known in advance, so it costs
        nothing to set up beyond its ``size`` empty buckets.

        >>> HashDictionary.for_records(100).size, HashDictionary.for_records(150_000).size
        (1019, 164707)
        """
        return cls(table_size_for(records))

    @property
    def size(self) -> int:
        """The number of buckets (read-only)."""
        return self._size

    @property
    def scheme(self) -> HashScheme:
        """How keys are hashed for this size (see :mod:`hashdict.hashing`)."""
        return self._scheme

    def put(self, record: Data) -> int:
        """Store ``record``; return 1 if its bucket already held a record, else 0.

        ``DictionaryException`` if the configuration is already stored (the
        dictionary is then unchanged).

        Runtime complexity: O(1) expected, O(chain) worst.

        >>> d = HashDictionary(7)
        >>> d.put(Data("answer", 42))
        0
        >>> d.put(Data("answer", 56))
        Traceback (most recent call last):
        ...
        hashdict.adt.DictionaryException: configuration 'answer' is already stored
        """
        if not isinstance(record, Data):
            raise TypeError(f"put takes a Data record, not {type(record).__name__}: {record!r}")
        key = record.configuration
        bucket = self._hash(key)
        chain = self._chains[bucket]
        if chain is None:
            self._chains[bucket] = (key, record.score)
            self._count += 1
            return 0
        if key in chain:  # a key (a str) never equals a score (an int)
            raise DictionaryException(key, "is already stored")
        self._chains[bucket] = (key, record.score, *chain)
        self._count += 1
        return 1

    def remove(self, config: str) -> None:
        """Delete the record of ``config``; ``DictionaryException`` if absent.

        Runtime complexity: O(1) expected, O(chain) worst.

        >>> d = HashDictionary(7)
        >>> d.remove("chicken")
        Traceback (most recent call last):
        ...
        hashdict.adt.DictionaryException: configuration 'chicken' is not stored
        """
        bucket = self._bucket_of(config)
        chain = self._chains[bucket]
        if chain is None or config not in chain:
            raise DictionaryException(config, "is not stored")
        if len(chain) == 2:
            self._chains[bucket] = None
        else:
            index = chain.index(config)
            self._chains[bucket] = chain[:index] + chain[index + 2 :]
        self._count -= 1

    def get(self, config: str) -> int:
        """The score stored for ``config``, or -1 when it is absent.

        Runtime complexity: O(1) expected, O(chain) worst.

        >>> HashDictionary(7).get("chicken")
        -1
        """
        chain = self._chains[self._bucket_of(config)]
        if chain is None or config not in chain:
            return -1
        return chain[chain.index(config) + 1]  # type: ignore[return-value]

    def fast_path(self, key_length: int, capacity: int | None = None) -> FastPath:
        """Probe and store for a search that keeps its keys' hash values up to date itself.

        The keys must all have ``key_length`` characters.  See
        :class:`FastPath`: records stored through it are this table's
        records like any others.  With a ``capacity``, a store that would
        make the table hold more records raises :class:`TableFullError`
        instead, so that a search can be held to a memory budget.
        Runtime complexity: O(key_length).

        >>> table = HashDictionary(13441)
        >>> path = table.fast_path(3)
        >>> value = path.hasher.value("XO ")
        >>> path.probe(value, "XO ")
        -1
        >>> path.store(value, "XO ", 2)
        >>> path.probe(value, "XO "), table.get("XO "), len(table)
        (2, 2, 1)
        """
        probe, store = self._probe_and_store(sys.maxsize if capacity is None else require_int("capacity", capacity))
        return FastPath(IncrementalHash(self._scheme, require_int("key_length", key_length)), probe, store)

    def num_records(self) -> int:
        """How many records are stored.  Runtime complexity: O(1).

        >>> HashDictionary(7).num_records()
        0
        """
        return self._count

    def __len__(self) -> int:
        """``len(d)``: how many records are stored.  Runtime complexity: O(1)."""
        return self._count

    def __contains__(self, config: object) -> bool:
        """``config in d``.  Runtime complexity: O(1) expected, O(chain) worst."""
        if not isinstance(config, str):
            raise TypeError(f"configuration must be a str, not {type(config).__name__}: {config!r}")
        chain = self._chains[self._hash(config)]
        return chain is not None and config in chain

    def __iter__(self) -> Iterator[Data]:
        """The stored records, bucket by bucket, in chain order.

        Like ``dict``, raises ``RuntimeError`` if records are added or removed
        while iterating.  Runtime complexity: O(size + records).

        >>> d = HashDictionary(7)
        >>> d.put(Data("answer", 42))
        0
        >>> list(d)
        [Data(configuration='answer', score=42)]
        """
        count = self._count
        for chain in self._chains:
            if chain is None:
                continue
            for index in range(0, len(chain), 2):
                if self._count != count:
                    raise RuntimeError("HashDictionary changed size during iteration")
                yield Data(chain[index], chain[index + 1])  # type: ignore[arg-type]
        if self._count != count:
            raise RuntimeError("HashDictionary changed size during iteration")

    def __repr__(self) -> str:
        return f"<HashDictionary size={self._size} records={self._count}>"

    def chain_lengths(self) -> list[int]:
        """The length of every bucket's chain, in bucket order.  Runtime: O(size)."""
        return [0 if chain is None else len(chain) // 2 for chain in self._chains]

    def _bucket_of(self, config: str) -> int:
        if not isinstance(config, str):
            raise TypeError(f"configuration must be a str, not {type(config).__name__}: {config!r}")
        return self._hash(config)

    def _probe_and_store(self, capacity: int) -> tuple[Callable[[int, str], int], Callable[[int, str, int], None]]:
        """The two functions of :meth:`fast_path`, specialised to this table.

        They are closures over the chains and the table, so that a call does
        no attribute look-up: a probe costs a search one short function call
        and what :meth:`get` does after hashing, a list index and, in most
        chains, one string comparison.  For the direct form a value is its
        bucket; the mixed form goes through :meth:`HashScheme.bucket` first.
        """
        chains = self._chains
        table = self

        def probe(bucket: int, key: str) -> int:
            chain = chains[bucket]
            if chain is None:
                return -1
            if chain[0] == key:  # the newest record: most chains hold one
                return chain[1]  # type: ignore[return-value]  # a score follows its key
            if key in chain:
                return chain[chain.index(key) + 1]  # type: ignore[return-value]
            return -1

        def store(bucket: int, key: str, score: int) -> None:
            if table._count >= capacity:
                raise TableFullError(capacity)
            chain = chains[bucket]
            chains[bucket] = (key, score) if chain is None else (key, score, *chain)
            table._count += 1

        if self._scheme.direct:  # a value is its own bucket
            return probe, store
        bucket_of = self._scheme.bucket

        def probe_mixed(value: int, key: str) -> int:
            return probe(bucket_of(value), key)

        def store_mixed(value: int, key: str, score: int) -> None:
            store(bucket_of(value), key, score)

        return probe_mixed, store_mixed

    def _check(self) -> None:
        """Assert every invariant of the table (for tests; O(size + records))."""
        assert len(self._chains) == self._size
        assert self._hash is self._scheme.hash
        total = 0
        for bucket, chain in enumerate(self._chains):
            if chain is None:
                continue
            assert chain, f"bucket {bucket} is an empty chain, not None"
            assert len(chain) % 2 == 0, f"bucket {bucket} is malformed"
            keys, scores = chain[0::2], chain[1::2]
            assert len(keys) == len(set(keys)), f"bucket {bucket} holds a key twice"
            for key, score in zip(keys, scores, strict=True):
                assert isinstance(key, str), f"{key!r} is not a str"
                assert self._hash(key) == bucket, f"{key!r} is in the wrong bucket"
                assert type(score) is int, f"{key!r} has the invalid score {score!r}"
                assert score >= 0, f"{key!r} has the invalid score {score!r}"
            total += len(keys)
        assert total == self._count, f"count {self._count} but {total} records in the chains"
