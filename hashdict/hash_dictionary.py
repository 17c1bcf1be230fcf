"""A hash table with separate chaining, keyed by configuration strings."""

from __future__ import annotations

import contextlib

from hashdict.adt import DictionaryADT, DictionaryException
from hashdict.hashing import HashScheme, scheme_for
from hashdict.record import Data

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["HashDictionary"]


class HashDictionary(DictionaryADT):
    """A dictionary of :class:`Data` records in ``size`` buckets.

    Each bucket is a chain: a list of keys beside a list of their scores, or
    ``None`` while the bucket is empty.  Keys are placed by
    :func:`~hashdict.polynomial_hash`.

    >>> d = HashDictionary(13441)
    >>> d.put(Data("X O", 3))
    0
    >>> d.get("X O"), d.get("O X")
    (3, -1)
    >>> len(d), "X O" in d
    (1, True)
    """

    __slots__ = ("_count", "_hash", "_keys", "_scheme", "_scores", "_size")

    def __init__(self, size: int) -> None:
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"size must be an int, not {type(size).__name__}: {size!r}")
        if size < 1:
            raise ValueError(f"size must be at least 1, got {size!r}")
        self._size = size
        self._scheme = scheme_for(size)
        self._hash = self._scheme.hash  # one attribute look-up less on every operation
        self._keys: list[list[str] | None] = [None] * size
        self._scores: list[list[int] | None] = [None] * size
        self._count = 0

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
        keys = self._keys[bucket]
        if keys is None:
            self._keys[bucket] = [key]
            self._scores[bucket] = [record.score]
            self._count += 1
            return 0
        if key in keys:
            raise DictionaryException(key, "is already stored")
        keys.append(key)
        self._scores[bucket].append(record.score)  # type: ignore[union-attr]
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
        keys = self._keys[bucket]
        if keys is None or config not in keys:
            raise DictionaryException(config, "is not stored")
        if len(keys) == 1:
            self._keys[bucket] = self._scores[bucket] = None
        else:
            index = keys.index(config)
            del keys[index]
            del self._scores[bucket][index]  # type: ignore[union-attr]
        self._count -= 1

    def get(self, config: str) -> int:
        """The score stored for ``config``, or -1 when it is absent.

        Runtime complexity: O(1) expected, O(chain) worst.

        >>> HashDictionary(7).get("chicken")
        -1
        """
        bucket = self._bucket_of(config)
        keys = self._keys[bucket]
        if keys is None or config not in keys:
            return -1
        return self._scores[bucket][keys.index(config)]  # type: ignore[index]

    @contextlib.contextmanager
    def filling(self) -> Iterator[tuple[list[list[str] | None], list[list[int] | None]]]:
        """Lend the table's own bucket lists to search code that fills them itself.

        Yields ``(keys, scores)``: ``keys[b]`` is bucket ``b``'s chain of keys
        (``None`` while empty) and ``scores[b]`` their scores, in the same
        order.  Inside the block the caller may add a record by appending its
        key and score to the lists of the bucket its hash names (creating them
        where the bucket is ``None``), never twice the same key; on leaving
        it, however it is left, the table counts its records again.

        Runtime complexity: O(size) on leaving.

        >>> from hashdict import polynomial_hash
        >>> table = HashDictionary(7)
        >>> bucket = polynomial_hash("XO", 7)
        >>> with table.filling() as (keys, scores):
        ...     keys[bucket], scores[bucket] = ["XO"], [2]
        >>> table.get("XO"), len(table)
        (2, 1)
        """
        try:
            yield self._keys, self._scores
        finally:
            self._count = sum(map(len, filter(None, self._keys)))

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
        keys = self._keys[self._hash(config)]
        return keys is not None and config in keys

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
        for keys, scores in zip(self._keys, self._scores, strict=True):
            if keys is None or scores is None:
                continue
            for key, score in zip(keys, scores, strict=True):
                if self._count != count:
                    raise RuntimeError("HashDictionary changed size during iteration")
                yield Data(key, score)
        if self._count != count:
            raise RuntimeError("HashDictionary changed size during iteration")

    def __repr__(self) -> str:
        return f"<HashDictionary size={self._size} records={self._count}>"

    def chain_lengths(self) -> list[int]:
        """The length of every bucket's chain, in bucket order.  Runtime: O(size)."""
        return [0 if keys is None else len(keys) for keys in self._keys]

    def _bucket_of(self, config: str) -> int:
        if not isinstance(config, str):
            raise TypeError(f"configuration must be a str, not {type(config).__name__}: {config!r}")
        return self._hash(config)

    def _check(self) -> None:
        """Assert every invariant of the table (for tests; O(size + records))."""
        assert len(self._keys) == len(self._scores) == self._size
        assert self._hash is self._scheme.hash
        total = 0
        for bucket, (keys, scores) in enumerate(zip(self._keys, self._scores, strict=True)):
            if keys is None:
                assert scores is None, f"bucket {bucket} has scores but no keys"
                continue
            assert scores is not None, f"bucket {bucket} has keys but no scores"
            assert len(keys) == len(scores) > 0, f"bucket {bucket} is malformed"
            assert len(keys) == len(set(keys)), f"bucket {bucket} holds a key twice"
            for key, score in zip(keys, scores, strict=True):
                assert isinstance(key, str), f"{key!r} is not a str"
                assert self._hash(key) == bucket, f"{key!r} is in the wrong bucket"
                assert type(score) is int, f"{key!r} has the invalid score {score!r}"
                assert score >= 0, f"{key!r} has the invalid score {score!r}"
            total += len(keys)
        assert total == self._count, f"count {self._count} but {total} records in the chains"
