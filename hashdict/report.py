"""How evenly a :class:`~hashdict.HashDictionary` spreads a set of keys.

Run as ``python -m hashdict.report SOURCE [--size N | --compare N [N ...]] [--plot FILE.png]``.
``SOURCE`` is a registered key source (see :data:`SOURCES`; ``testdict`` is
the 10 000 keys of TestDict's test 7) or a file with one key per line.  The
statistics are computed by pure functions (:func:`table_statistics`,
:func:`summarize`) into a :class:`TableStatistics`; the ``*_lines``
functions turn them into fixed-width text, and only :func:`main` prints.

>>> stats = table_statistics(["a", "b", "c"], 1)
>>> stats.records, stats.collisions, stats.longest_chain, stats.mean_probes
(3, 2, 3, 2.0)
"""

from __future__ import annotations

import argparse
import functools
import importlib
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from hashdict import samples
from hashdict.adt import DictionaryException
from hashdict.hash_dictionary import HashDictionary
from hashdict.hashing import expected_collisions
from hashdict.record import Data

__all__ = [
    "SOURCES",
    "KeyFunction",
    "KeySource",
    "SourceRegistry",
    "TableStatistics",
    "comparison_lines",
    "expected_collisions",
    "histogram_lines",
    "keys_from_file",
    "main",
    "plot_histogram",
    "poisson_chain_counts",
    "summarize",
    "table_statistics",
]

#: The width, in characters, of the longest bar of the text histogram.
BAR_WIDTH = 50
# The histogram goes on while uniform hashing expects at least this many
# buckets of a length, so that a tail the table lacks shows as well.
_VISIBLE_EXPECTATION = 0.5

_PLOT_HELP = (
    "--plot needs matplotlib, which cannot be imported ({error}).\n"
    "Install it with:  pip install matplotlib\n"
    "or, in a checkout of this project:  pip install -e '.[plot]'"
)


@dataclass(frozen=True, slots=True)
class TableStatistics:
    """How a table's records are spread over its buckets.

    ``chain_counts[k]`` is the number of buckets whose chain holds ``k``
    records, ``collisions`` the sum of ``put``'s results while the records
    went in, and ``duplicates`` the keys refused because they were already
    stored.  Every other figure follows from these.

    >>> stats = TableStatistics(chain_counts=(2, 1, 1, 1), collisions=3)
    >>> stats.buckets, stats.records, stats.load_factor, stats.empty_buckets
    (5, 6, 1.2, 2)
    """

    chain_counts: tuple[int, ...]
    collisions: int
    duplicates: int = 0

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
        """The collisions uniform random hashing would make on as many records (see :func:`expected_collisions`)."""
        return expected_collisions(self.records, self.buckets)

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


def summarize(chain_lengths: Sequence[int], collisions: int, duplicates: int = 0) -> TableStatistics:
    """The statistics of a table whose buckets hold chains of ``chain_lengths``.

    >>> summarize([0, 2, 1, 0, 3], collisions=3).chain_counts
    (2, 1, 1, 1)
    """
    if not chain_lengths:
        raise ValueError("a table has at least one bucket")
    counts = [0] * (max(chain_lengths) + 1)
    for length in chain_lengths:
        counts[length] += 1
    return TableStatistics(tuple(counts), collisions, duplicates)


def table_statistics(keys: Iterable[str], size: int) -> TableStatistics:
    """Store ``keys`` in order in a ``HashDictionary(size)`` and describe the result.

    A key already stored is skipped and counted in ``duplicates``.  Only the
    public API is used: ``put``'s results are the collisions and
    ``chain_lengths()`` gives the rest.

    >>> table_statistics(["a", "b", "a"], 1)
    TableStatistics(chain_counts=(0, 0, 1), collisions=1, duplicates=1)
    """
    table = HashDictionary(size)
    collisions = duplicates = 0
    for index, key in enumerate(keys):
        try:
            collisions += table.put(Data(key, index))
        except DictionaryException:
            duplicates += 1
    return summarize(table.chain_lengths(), collisions, duplicates)


def comparison_lines(columns: Sequence[TableStatistics], *, chain_rows: bool = True) -> list[str]:
    """A fixed-width table with one column per table size and one row per figure.

    With ``chain_rows``, one more row per chain length gives the buckets of
    that length.

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
    rows = [(label, [show(stats) for stats in columns]) for label, show in _FIGURES]
    if chain_rows:
        for length in range(max(stats.longest_chain for stats in columns) + 1):
            rows.append((f"chains of length {length}", [str(_chain_count(stats, length)) for stats in columns]))
    label_width = max(len(label) for label, _ in rows)
    widths = [max(len(values[column]) for _, values in rows) for column in range(len(columns))]
    return [
        label.ljust(label_width) + "".join(f"  {value:>{width}}" for value, width in zip(values, widths, strict=True))
        for label, values in rows
    ]


def histogram_lines(stats: TableStatistics, bar_width: int = BAR_WIDTH) -> list[str]:
    """The chain-length histogram as text: a row per length, with the uniform-hashing expectation.

    Each bar is scaled to the widest; a non-zero count always shows.

    >>> print("\\n".join(histogram_lines(summarize([0, 2, 1, 0, 3], 3), bar_width=10)))
    length  buckets  uniform
         0        2      1.5  ##########
         1        1      1.8  #####
         2        1      1.1  #####
         3        1      0.4  #####
    """
    rows = _histogram_rows(stats)
    expected = poisson_chain_counts(stats.records, stats.buckets, rows - 1)
    counts = [_chain_count(stats, length) for length in range(rows)]
    widest = max(counts)
    cells = [(str(length), str(count), f"{expected[length]:.1f}") for length, count in enumerate(counts)]
    header = ("length", "buckets", "uniform")
    widths = [max(len(header[column]), *(len(row[column]) for row in cells)) for column in range(len(header))]

    def line(row: tuple[str, str, str], bar: str) -> str:
        return "  ".join([*(cell.rjust(width) for cell, width in zip(row, widths, strict=True)), bar]).rstrip()

    return [line(header, "")] + [
        line(row, "#" * _bar_length(count, widest, bar_width)) for row, count in zip(cells, counts, strict=True)
    ]


def plot_histogram(stats: TableStatistics, title: str, path: Path) -> None:
    """Draw the chain-length histogram against uniform hashing's into the image file ``path``.

    Needs matplotlib (``ImportError`` without it); the image format follows
    ``path``'s suffix.  ``OSError`` or ``ValueError`` when it cannot be written.
    """
    figure = importlib.import_module("matplotlib.figure").Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    lengths = range(_histogram_rows(stats))
    axes.bar(lengths, [_chain_count(stats, length) for length in lengths], label="this table")
    axes.plot(
        lengths,
        poisson_chain_counts(stats.records, stats.buckets, len(lengths) - 1),
        "o-",
        color="black",
        label=f"uniform hashing (Poisson, \N{GREEK SMALL LETTER LAMDA} = {stats.load_factor:.3f})",
    )
    axes.set_xticks(lengths)
    axes.set_xlabel("chain length")
    axes.set_ylabel("buckets")
    axes.set_title(title)
    axes.legend()
    figure.savefig(path)


#: A function that returns a source's keys, in insertion order.
KeyFunction: TypeAlias = Callable[[], Iterable[str]]


@dataclass(frozen=True, slots=True)
class KeySource:
    """A named way to get keys: ``keys()`` returns them in the order they are stored."""

    name: str
    description: str
    keys: KeyFunction


class SourceRegistry:
    """The named key sources, in registration order.

    >>> registry = SourceRegistry()
    >>> @registry.register("abc", "three letters")
    ... def _abc() -> list[str]:
    ...     return ["a", "b", "c"]
    >>> [source.name for source in registry], list(registry.find("abc").keys())
    (['abc'], ['a', 'b', 'c'])
    >>> registry.find("xyz") is None
    True
    """

    def __init__(self) -> None:
        self._sources: list[KeySource] = []

    def register(self, name: str, description: str) -> Callable[[KeyFunction], KeyFunction]:
        """A decorator that registers the function it decorates as the source ``name``.

        ``ValueError`` when ``name`` is taken.
        """

        def add(keys: KeyFunction) -> KeyFunction:
            if self.find(name) is not None:
                raise ValueError(f"a key source named {name!r} is already registered")
            self._sources.append(KeySource(name, description, keys))
            return keys

        return add

    def find(self, name: str) -> KeySource | None:
        """The source called ``name``, or ``None``."""
        return next((source for source in self._sources if source.name == name), None)

    def __iter__(self) -> Iterator[KeySource]:
        return iter(self._sources)


#: The key sources ``python -m hashdict.report`` knows by name.
SOURCES = SourceRegistry()


#: How many keys each sample family gives the report (as many as TestDict's test 7).
FAMILY_KEYS = 10_000
#: The table size TestDict grades (SPEC §5), the report's default.
TABLE_SIZE = 13_441


@SOURCES.register("testdict", "the 10000 keys of TestDict's test 7: str(i) * 32 for i in 0..9999")
def _testdict_keys() -> list[str]:
    return samples.repeated(FAMILY_KEYS)


for _name, _family in samples.FAMILIES:
    SOURCES.register(_name, f"{FAMILY_KEYS} keys: {samples.describe(_family)}")(
        functools.partial(_family, FAMILY_KEYS, 0)
    )


def keys_from_file(path: Path) -> list[str]:
    """The lines of the UTF-8 text file ``path``, each without its newline (spaces are kept).

    ``OSError`` when it cannot be opened, ``UnicodeDecodeError`` when it is not UTF-8.
    """
    with path.open(encoding="utf-8") as lines:
        return [line.removesuffix("\n") for line in lines]


def main(argv: Sequence[str] | None = None) -> int:
    """Print the report; 0 on success, 1 when the plot cannot be drawn, 2 (``SystemExit``) for bad arguments."""
    parser = _parser()
    options = parser.parse_args(argv)
    if options.plot is not None and options.compare is not None:
        parser.error("--plot draws a single table size; it cannot be combined with --compare")
    if options.plot is not None:
        try:
            importlib.import_module("matplotlib.figure")
        except ImportError as error:
            print(_PLOT_HELP.format(error=error), file=sys.stderr)
            return 1
    title, keys = _load(parser, options.source)
    columns = [table_statistics(keys, size) for size in options.compare or [options.size]]
    print(f"Keys: {title}")
    print()
    print(*comparison_lines(columns, chain_rows=len(columns) > 1), sep="\n")
    if len(columns) > 1:
        return 0
    stats = columns[0]
    print()
    print(f"Chain lengths (uniform: expected under uniform hashing, Poisson with lambda = {stats.load_factor:.3f})")
    print(*histogram_lines(stats), sep="\n")
    if options.plot is not None:
        try:
            plot_histogram(stats, f"{options.source}: {stats.records} keys in {stats.buckets} buckets", options.plot)
        except (OSError, ValueError) as error:
            print(f"cannot write the plot to {str(options.plot)!r}: {error}", file=sys.stderr)
            return 1
        print()
        print(f"Plot written to {options.plot}")
    return 0


def _load(parser: argparse.ArgumentParser, source_name: str) -> tuple[str, list[str]]:
    """The title and keys of the source or file ``source_name``; a parser error when there are none."""
    source = SOURCES.find(source_name)
    if source is not None:
        return f"{source.name} ({source.description})", list(source.keys())
    try:
        keys = keys_from_file(Path(source_name))
    except OSError as error:
        reason = error.strerror or str(error)
        parser.error(f"{source_name!r} is neither a key source ({_source_names()}) nor a readable key file: {reason}")
    except UnicodeDecodeError as error:
        parser.error(f"cannot read the key file {source_name!r}: it is not UTF-8 text ({error.reason})")
    return f"{source_name} (a file, one key per line)", keys


def _parser() -> argparse.ArgumentParser:
    sources = "\n".join(f"  {source.name:<10}  {source.description}" for source in SOURCES)
    parser = argparse.ArgumentParser(
        prog="python -m hashdict.report",
        description="How evenly HashDictionary spreads a set of keys over its buckets.",
        epilog=(
            f"key sources:\n{sources}\n"
            "  any other SOURCE is read as a file of keys, one per line; only the\n"
            "  newline is removed, and a repeated key is skipped (and counted).\n"
            "  Write ./NAME for a file named like a source."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("source", metavar="SOURCE", help="a key source name or a file of keys")
    sizes = parser.add_mutually_exclusive_group()
    sizes.add_argument(
        "--size",
        type=_table_size,
        default=TABLE_SIZE,
        metavar="N",
        help=f"the number of buckets (default: {TABLE_SIZE})",
    )
    sizes.add_argument(
        "--compare", type=_table_size, nargs="+", metavar="N", help="several numbers of buckets, shown side by side"
    )
    parser.add_argument(
        "--plot",
        type=Path,
        metavar="FILE.png",
        help="also draw the chain-length histogram into FILE.png (needs matplotlib)",
    )
    return parser


def _table_size(text: str) -> int:
    try:
        size = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if size < 1:
        raise argparse.ArgumentTypeError(f"a table needs at least one bucket, got {size}")
    return size


def _source_names() -> str:
    return ", ".join(source.name for source in SOURCES)


def _chain_count(stats: TableStatistics, length: int) -> int:
    return stats.chain_counts[length] if length < len(stats.chain_counts) else 0


def _histogram_rows(stats: TableStatistics) -> int:
    """Chain lengths to show: up to the longest chain, and on while uniform hashing expects such chains."""
    rows = stats.longest_chain + 1
    while poisson_chain_counts(stats.records, stats.buckets, rows)[-1] >= _VISIBLE_EXPECTATION:
        rows += 1
    return rows


def _bar_length(count: int, widest: int, bar_width: int) -> int:
    if count == 0:
        return 0
    return max(1, round(count / widest * bar_width))


_FIGURES: tuple[tuple[str, Callable[[TableStatistics], str]], ...] = (
    ("buckets", lambda stats: str(stats.buckets)),
    ("records", lambda stats: str(stats.records)),
    ("duplicate keys skipped", lambda stats: str(stats.duplicates)),
    ("load factor", lambda stats: f"{stats.load_factor:.3f}"),
    ("collisions", lambda stats: str(stats.collisions)),
    ("expected if uniform", lambda stats: f"{stats.expected_collisions:.1f}"),
    ("collisions / expected", lambda stats: _optional(stats.collision_ratio)),
    ("empty buckets", lambda stats: str(stats.empty_buckets)),
    ("longest chain", lambda stats: str(stats.longest_chain)),
    ("mean probes", lambda stats: _optional(stats.mean_probes)),
)


def _optional(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.3f}"


def run_quietly(program: str) -> int:
    """:func:`main`'s status, ending without a traceback when the reader or the person goes.

    The report's own copy of what :mod:`tictactoe.ui.exits` does for the
    other programs (the dictionary package imports nothing of the game's):
    status 141 when whoever reads the output has gone (``| head``), 130 and
    one line on Ctrl-C.
    """
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's last flush cannot fail again
        return 141
    except KeyboardInterrupt:
        print(f"{program}: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(run_quietly("python -m hashdict.report"))
