"""The report's figures: how a table's records spread over its buckets, and those figures as fixed-width text.

:func:`table_statistics` stores keys in a :class:`~hashdict.HashDictionary`
through its public API and describes the result in a
:class:`TableStatistics`; :func:`summarize` does the same from a table's
chain lengths, and :func:`poisson_chain_counts` gives what uniform hashing
would expect.  :func:`comparison_lines` and :func:`histogram_lines` turn
the figures into the report's text, and :func:`histogram_rows` are the
rows of every histogram, the text one and the plot's.  All of it is pure:
nothing here prints, reads a file or knows where the keys come from.

Chains of :data:`FOLDED_LENGTH` records or more share the last row of a
histogram or comparison, so that the text stays readable.

>>> stats = table_statistics(["a", "b", "c"], 1)
>>> stats.records, stats.collisions, stats.longest_chain, stats.mean_probes
(3, 2, 3, 2.0)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from hashdict.adt import DictionaryException
from hashdict.hash_dictionary import HashDictionary
from hashdict.hashing import expected_collisions, polynomial_hash
from hashdict.record import Data

__all__ = [
    "BAR_WIDTH",
    "FOLDED_LENGTH",
    "TableStatistics",
    "comparison_lines",
    "histogram_lines",
    "histogram_rows",
    "poisson_chain_counts",
    "summarize",
    "table_statistics",
]

#: The width, in characters, of the longest bar of the text histogram.
BAR_WIDTH = 50
# The histogram goes on while uniform hashing expects at least this many
# buckets of a length, so that a tail the table lacks shows as well.
_VISIBLE_EXPECTATION = 0.5
#: Chains this long or longer share one row (``>=30``) of a histogram or comparison.  Thirty
#: rows fit a screen, and uniform hashing at five records a bucket, far fuller than a chained
#: table is ever run, expects a chain of 30 in fewer than one bucket in 10**13: only a table far
#: too small for its keys (``--size 1``) reaches this row, and then it would print one row per
#: record.
FOLDED_LENGTH = 30


@dataclass(frozen=True, slots=True)
class TableStatistics:
    """How a table's records are spread over its buckets.

    ``chain_counts[k]`` is the number of buckets whose chain holds ``k``
    records, ``collisions`` the sum of ``put``'s results while the keys went
    in, and ``duplicates`` the keys refused because they were already
    stored.  When the table already held ``stored`` records before the keys
    went in, their own ``put`` results are not counted, and
    ``stored_collisions`` of the keys' collisions are due to them: one for
    each bucket holding stored records and keys, whose first key collided
    there and would not have in an empty table.  Every other figure follows
    from these.

    >>> stats = TableStatistics(chain_counts=(2, 1, 1, 1), collisions=3)
    >>> stats.buckets, stats.records, stats.load_factor, stats.empty_buckets
    (5, 6, 1.2, 2)
    """

    chain_counts: tuple[int, ...]
    collisions: int
    duplicates: int = 0
    stored: int = 0
    stored_collisions: int = 0

    @property
    def buckets(self) -> int:
        """The table size."""
        return sum(self.chain_counts)

    @property
    def records(self) -> int:
        """How many records the table holds."""
        return sum(length * count for length, count in enumerate(self.chain_counts))

    @property
    def load_factor(self) -> float:
        """Records per bucket."""
        return self.records / self.buckets

    @property
    def expected_collisions(self) -> float:
        """The collisions uniform random hashing would make putting the keys after the stored records.

        See :func:`expected_collisions`: the mean for all the records less the
        mean for the stored ones, since each ``put`` adds its own result.
        """
        return expected_collisions(self.records, self.buckets) - expected_collisions(self.stored, self.buckets)

    @property
    def collision_ratio(self) -> float | None:
        """``collisions / expected_collisions``: below 1 is better than chance; ``None`` when none are expected."""
        expected = self.expected_collisions
        return self.collisions / expected if expected > 0 else None

    @property
    def empty_buckets(self) -> int:
        """Buckets without a record."""
        return self.chain_counts[0]

    @property
    def longest_chain(self) -> int:
        """The most records in one bucket."""
        return len(self.chain_counts) - 1

    @property
    def mean_probes(self) -> float | None:
        """Keys compared, on average, to find a stored record: its 1-based place in its chain.

        A chain of ``k`` records costs ``1 + 2 + ... + k`` over its records.
        ``None`` for an empty table.
        """
        if self.records == 0:
            return None
        probes = sum(count * length * (length + 1) // 2 for length, count in enumerate(self.chain_counts))
        return probes / self.records


def poisson_chain_counts(records: int, buckets: int, longest: int) -> tuple[float, ...]:
    """How many buckets uniform hashing expects with chains of length 0 to ``longest``.

    The Poisson approximation: ``m * exp(-lambda) * lambda**k / k!`` with
    ``lambda = n / m``.

    >>> [round(count, 3) for count in poisson_chain_counts(5, 5, 2)]
    [1.839, 1.839, 0.92]
    """
    mean = records / buckets
    counts = [buckets * math.exp(-mean)]
    for length in range(1, longest + 1):
        counts.append(counts[-1] * mean / length)
    return tuple(counts)


def summarize(
    chain_lengths: Sequence[int], collisions: int, duplicates: int = 0, stored: int = 0, stored_collisions: int = 0
) -> TableStatistics:
    """The statistics of a table whose buckets hold chains of ``chain_lengths``.

    >>> summarize([0, 2, 1, 0, 3], collisions=3).chain_counts
    (2, 1, 1, 1)
    """
    if not chain_lengths:
        raise ValueError("a table has at least one bucket")
    counts = [0] * (max(chain_lengths) + 1)
    for length in chain_lengths:
        counts[length] += 1
    return TableStatistics(tuple(counts), collisions, duplicates, stored, stored_collisions)


def table_statistics(keys: Iterable[str], size: int, stored: Sequence[str] = ()) -> TableStatistics:
    """Store ``keys`` in order in a ``HashDictionary(size)`` and describe the result.

    The records ``stored`` go in first, as records a table already holds;
    their ``put`` results are not counted.  A key already stored is skipped
    and counted in ``duplicates``.  Only the public API is used: ``put``'s
    results are the collisions, ``chain_lengths()`` gives the rest, and
    ``polynomial_hash`` finds the buckets of the stored records.

    >>> table_statistics(["a", "b", "a"], 1)
    TableStatistics(chain_counts=(0, 0, 1), collisions=1, duplicates=1, stored=0, stored_collisions=0)
    >>> table_statistics(["b"], 1, stored=["a"]).collisions
    1
    """
    table = HashDictionary(size)
    for index, key in enumerate(stored):
        table.put(Data(key, index))
    collisions = duplicates = 0
    for index, key in enumerate(keys, start=len(stored)):
        try:
            collisions += table.put(Data(key, index))
        except DictionaryException:
            duplicates += 1
    lengths = table.chain_lengths()
    # A bucket holding more than its stored records got keys, and the first of them collided with those records only.
    buckets = sorted(polynomial_hash(key, size) for key in stored)
    stored_collisions = sum(lengths[bucket] > len(list(group)) for bucket, group in itertools.groupby(buckets))
    return summarize(lengths, collisions, duplicates, len(stored), stored_collisions)


def comparison_lines(columns: Sequence[TableStatistics], *, chain_rows: bool = True) -> list[str]:
    """A fixed-width table with one column per table size and one row per figure.

    With ``chain_rows``, one more row per chain length gives the buckets of
    that length (chains of :data:`FOLDED_LENGTH` or more share the last).
    The rows about stored records appear when a column has some.

    >>> print("\\n".join(comparison_lines([summarize([0, 2, 1, 0, 3], 3), summarize([6], 5)], chain_rows=False)))
    buckets                     5      1
    records                     6      6
    duplicate keys skipped      0      0
    load factor             1.200  6.000
    collisions                  3      5
    expected if uniform       2.3    5.0
    collisions / expected   1.298  1.000
    empty buckets               2      0
    longest chain               3      6
    mean probes             1.667  3.500
    """
    stored = any(stats.stored for stats in columns)
    figures = [(label, show) for label, show in _FIGURES if stored or label not in _STORED_FIGURES]
    rows = [(label, [show(stats) for stats in columns]) for label, show in figures]
    if chain_rows:
        for label, shortest, longest in _length_rows(max(stats.longest_chain for stats in columns)):
            counts = [str(_chain_count(stats, shortest, longest)) for stats in columns]
            rows.append((f"chains of length {label}", counts))
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(values[column]) for _, values in rows) for column in range(len(columns))]
    return [
        label.ljust(label_width) + "".join(f"  {value:>{width}}" for value, width in zip(values, widths, strict=True))
        for label, values in rows
    ]


def histogram_lines(stats: TableStatistics, bar_width: int = BAR_WIDTH) -> list[str]:
    """The chain-length histogram as text: a row per length, with the uniform-hashing expectation.

    Each bar is scaled to the widest; a non-zero count always shows.  Chains
    of :data:`FOLDED_LENGTH` records or more share the last row.

    >>> print("\\n".join(histogram_lines(summarize([0, 2, 1, 0, 3], 3), bar_width=10)))
    length  buckets  uniform
         0        2      1.5  ##########
         1        1      1.8  #####
         2        1      1.1  #####
         3        1      0.4  #####
    """
    rows = histogram_rows(stats)
    widest = max(count for _, count, _ in rows)
    cells = [(label, str(count), f"{uniform:.1f}") for label, count, uniform in rows]
    header = ("length", "buckets", "uniform")
    widths = [max(len(header[column]), *(len(row[column]) for row in cells)) for column in range(len(header))]

    def line(row: tuple[str, str, str], bar: str) -> str:
        return "  ".join([*(cell.rjust(width) for cell, width in zip(row, widths, strict=True)), bar]).rstrip()

    bars = ["#" * _bar_length(count, widest, bar_width) for _, count, _ in rows]
    return [line(header, "")] + [line(cell, bar) for cell, bar in zip(cells, bars, strict=True)]


def histogram_rows(stats: TableStatistics) -> list[tuple[str, int, float]]:
    """``(length, buckets, uniform)`` per row: to the longest chain, and on while uniform hashing expects more.

    The rows of :func:`histogram_lines` and of the plot; chains of
    :data:`FOLDED_LENGTH` records or more share the last.

    >>> [(length, buckets, round(uniform, 1)) for length, buckets, uniform in histogram_rows(summarize([0, 2, 1], 1))]
    [('0', 1, 1.1), ('1', 1, 1.1), ('2', 1, 0.6)]
    """
    records, buckets = stats.records, stats.buckets
    longest = stats.longest_chain
    while longest < FOLDED_LENGTH and poisson_chain_counts(records, buckets, longest + 1)[-1] >= _VISIBLE_EXPECTATION:
        longest += 1
    uniform = list(poisson_chain_counts(records, buckets, min(longest, FOLDED_LENGTH - 1)))
    if longest >= FOLDED_LENGTH:  # the last row expects every bucket the others do not
        uniform.append(max(0.0, buckets - math.fsum(uniform)))
    rows = _length_rows(longest)
    return [
        (label, _chain_count(stats, shortest, last), expected)
        for (label, shortest, last), expected in zip(rows, uniform, strict=True)
    ]


def _chain_count(stats: TableStatistics, shortest: int, longest: int | None = None) -> int:
    """The buckets whose chains hold from ``shortest`` to ``longest`` records (just ``shortest`` by default)."""
    last = shortest if longest is None else longest
    return sum(stats.chain_counts[shortest : last + 1])


def _length_rows(longest: int) -> list[tuple[str, int, int]]:
    """``(label, shortest, longest)`` per row for chains of up to ``longest``: one length a row, then the rest."""
    rows = [(str(length), length, length) for length in range(min(longest + 1, FOLDED_LENGTH))]
    if longest >= FOLDED_LENGTH:
        rows.append((f">={FOLDED_LENGTH}", FOLDED_LENGTH, longest))
    return rows


def _bar_length(count: int, widest: int, bar_width: int) -> int:
    if count == 0:
        return 0
    return max(1, round(count / widest * bar_width))


_FIGURES: tuple[tuple[str, Callable[[TableStatistics], str]], ...] = (
    ("buckets", lambda stats: str(stats.buckets)),
    ("records", lambda stats: str(stats.records)),
    ("stored before the keys", lambda stats: str(stats.stored)),
    ("duplicate keys skipped", lambda stats: str(stats.duplicates)),
    ("load factor", lambda stats: f"{stats.load_factor:.3f}"),
    ("collisions", lambda stats: str(stats.collisions)),
    ("  due to stored records", lambda stats: str(stats.stored_collisions)),
    ("expected if uniform", lambda stats: f"{stats.expected_collisions:.1f}"),
    ("collisions / expected", lambda stats: _optional(stats.collision_ratio)),
    ("empty buckets", lambda stats: str(stats.empty_buckets)),
    ("longest chain", lambda stats: str(stats.longest_chain)),
    ("mean probes", lambda stats: _optional(stats.mean_probes)),
)


# The rows shown only when a table held records before its keys went in.
_STORED_FIGURES = ("stored before the keys", "  due to stored records")


def _optional(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"
