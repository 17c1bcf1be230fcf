"""How evenly a :class:`~hashdict.HashDictionary` spreads a set of keys.

Run as ``python -m hashdict.report SOURCE [--size N | --compare N [N ...]] [--plot FILE]``.
``SOURCE`` is a registered key source (see :data:`SOURCES`; ``testdict`` is
the 10 000 keys of TestDict's test 7, put where test 7 puts them: after the
two records tests 1 to 6 leave in the table) or a file with one key per
line.  The statistics are computed by pure functions
(:func:`table_statistics`, :func:`summarize`) into a
:class:`TableStatistics`; the ``*_lines`` functions turn them into
fixed-width text, and only :func:`main` prints.

Keys that need more than this package -- the boards a game's search
stores -- come from a program of a higher layer, which extends a copy of
the sources (:meth:`SourceRegistry.extended`) and runs :func:`main` with
it: the dictionary's package imports nothing of the game's.  Such a
source may name a family and its arguments (``search:4,4,16``) and bring
the size of the table its keys come from.

Limits keep the output readable and the run short: a table has at most
:data:`MAX_TABLE_SIZE` buckets, and chains of :data:`FOLDED_LENGTH` records
or more share the last row of a histogram or comparison.

>>> stats = table_statistics(["a", "b", "c"], 1)
>>> stats.records, stats.collisions, stats.longest_chain, stats.mean_probes
(3, 2, 3, 2.0)
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import itertools
import math
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from hashdict import samples
from hashdict.adt import DictionaryException
from hashdict.exits import run
from hashdict.hash_dictionary import HashDictionary
from hashdict.hashing import expected_collisions, polynomial_hash
from hashdict.record import Data

__all__ = [
    "FOLDED_LENGTH",
    "MAX_TABLE_SIZE",
    "PROGRAM",
    "SOURCES",
    "KeyFunction",
    "KeySource",
    "SourceError",
    "SourceFamily",
    "SourceMaker",
    "SourceRegistry",
    "TableStatistics",
    "comparison_lines",
    "expected_collisions",
    "histogram_image",
    "histogram_lines",
    "keys_from_file",
    "main",
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
#: The most buckets ``--size`` and ``--compare`` take.  The report holds the whole table and its
#: list of chain lengths in memory: ten million buckets take about two seconds and 200 MB.
MAX_TABLE_SIZE = 10_000_000

_PLOT_HELP = (
    "--plot needs matplotlib, which cannot be imported ({error}).\n"
    "Install it with:  pip install matplotlib\n"
    "or, in a checkout of this project:  pip install -e '.[plot]'"
)


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
    rows = _histogram(stats)
    widest = max(count for _, count, _ in rows)
    cells = [(label, str(count), f"{uniform:.1f}") for label, count, uniform in rows]
    header = ("length", "buckets", "uniform")
    widths = [max(len(header[column]), *(len(row[column]) for row in cells)) for column in range(len(header))]

    def line(row: tuple[str, str, str], bar: str) -> str:
        return "  ".join([*(cell.rjust(width) for cell, width in zip(row, widths, strict=True)), bar]).rstrip()

    bars = ["#" * _bar_length(count, widest, bar_width) for _, count, _ in rows]
    return [line(header, "")] + [line(cell, bar) for cell, bar in zip(cells, bars, strict=True)]


def histogram_image(stats: TableStatistics, title: str, image_format: str = "png") -> bytes:
    """The chain-length histogram against uniform hashing's, drawn as the bytes of an image file.

    Needs matplotlib (``ImportError`` without it); ``image_format`` is one
    that it writes (``png``, ``svg``, ``pdf``, ...).  The bars are the rows
    of :func:`histogram_lines`.
    """
    figure = importlib.import_module("matplotlib.figure").Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    rows = _histogram(stats)
    places = range(len(rows))
    axes.bar(places, [count for _, count, _ in rows], label="this table")
    axes.plot(
        places,
        [uniform for _, _, uniform in rows],
        "o-",
        color="black",
        label=f"uniform hashing (Poisson, \N{GREEK SMALL LETTER LAMDA} = {stats.load_factor:.3f})",
    )
    axes.set_xticks(places, [label.replace(">=", "\N{GREATER-THAN OR EQUAL TO}") for label, _, _ in rows])
    axes.set_xlabel("chain length")
    axes.set_ylabel("buckets")
    axes.set_title(title)
    axes.legend()
    image = io.BytesIO()
    figure.savefig(image, format=image_format)
    return image.getvalue()


#: A function that returns a source's keys, in insertion order.
KeyFunction: TypeAlias = Callable[[], Iterable[str]]


@dataclass(frozen=True, slots=True)
class KeySource:
    """A named way to get keys: ``keys()`` returns them in the order they are stored.

    ``stored`` are distinct records the table already holds when the keys go in.
    ``table_size`` is the number of buckets of the table the keys come from,
    where they come from a real one: the report's table size for them
    unless ``--size`` or ``--compare`` says otherwise.
    """

    name: str
    description: str
    keys: KeyFunction
    stored: tuple[str, ...] = ()
    table_size: int | None = None


class SourceError(ValueError):
    """Why ``PREFIX:ARGUMENTS`` names no source: one line, given as a usage error (status 2)."""


#: Makes the source ``PREFIX:ARGUMENTS`` from its ``ARGUMENTS``; :class:`SourceError` when they are wrong.
SourceMaker: TypeAlias = Callable[[str], KeySource]


@dataclass(frozen=True, slots=True)
class SourceFamily:
    """Sources named ``PREFIX:ARGUMENTS``, each made when it is asked for by ``make(ARGUMENTS)``.

    ``usage`` shows how to write a name of the family, as ``--help`` lists it.
    """

    prefix: str
    usage: str
    description: str
    make: SourceMaker


class SourceRegistry:
    """The named key sources and the families of sources named with arguments, in registration order.

    The report knows the sources of this package (:data:`SOURCES`).  A
    program of a higher layer, whose keys this package may not compute
    itself, extends a copy (:meth:`extended`) with its own and hands it to
    :func:`main`.

    >>> registry = SourceRegistry()
    >>> @registry.register("abc", "three letters")
    ... def _abc() -> list[str]:
    ...     return ["a", "b", "c"]
    >>> [source.name for source in registry], list(registry.find("abc").keys())
    (['abc'], ['a', 'b', 'c'])
    >>> registry.find("xyz") is None
    True
    >>> def _letters(arguments: str) -> KeySource:
    ...     if not arguments.isdigit():
    ...         raise SourceError(f"N must be a whole number, got {arguments!r}")
    ...     keys = [chr(ord("a") + index) for index in range(int(arguments))]
    ...     return KeySource(f"letters:{arguments}", f"the first {arguments} letters", lambda: keys)
    >>> registry.add_family(SourceFamily("letters", "letters:N", "the first N letters", _letters))
    >>> list(registry.find("letters:2").keys()), registry.find("letters") is None
    (['a', 'b'], True)
    >>> registry.find("letters:x")
    Traceback (most recent call last):
    ...
    hashdict.report.SourceError: N must be a whole number, got 'x'
    """

    def __init__(self) -> None:
        self._sources: list[KeySource] = []
        self._families: list[SourceFamily] = []

    def extended(self) -> SourceRegistry:
        """A new registry holding this one's sources and families, to register more in without changing this one."""
        copy = SourceRegistry()
        copy._sources = list(self._sources)
        copy._families = list(self._families)
        return copy

    def register(
        self, name: str, description: str, stored: tuple[str, ...] = ()
    ) -> Callable[[KeyFunction], KeyFunction]:
        """A decorator that registers the function it decorates as the source ``name``.

        ``stored`` are records the table holds before the keys go in.
        ``ValueError`` when ``name`` is taken.
        """

        def add(keys: KeyFunction) -> KeyFunction:
            if any(source.name == name for source in self._sources):
                raise ValueError(f"a key source named {name!r} is already registered")
            self._sources.append(KeySource(name, description, keys, stored))
            return keys

        return add

    def add_family(self, family: SourceFamily) -> None:
        """Register ``family``: its maker makes the sources ``PREFIX:ARGUMENTS``.

        ``ValueError`` when a family already has the prefix.
        """
        if self._family(family.prefix) is not None:
            raise ValueError(f"a family of key sources named {family.prefix!r} is already registered")
        self._families.append(family)

    def find(self, name: str) -> KeySource | None:
        """The source called ``name``, or ``None``.

        A name ``PREFIX:ARGUMENTS`` whose prefix is a family's is made by
        that family, which may take its time (and raises
        :class:`SourceError` when the arguments are wrong).
        """
        source = next((source for source in self._sources if source.name == name), None)
        prefix, colon, arguments = name.partition(":")
        family = self._family(prefix) if colon else None
        if source is None and family is not None:
            return family.make(arguments)
        return source

    def families(self) -> Iterator[SourceFamily]:
        """The families of sources named with arguments."""
        return iter(self._families)

    def __iter__(self) -> Iterator[KeySource]:
        return iter(self._sources)

    def _family(self, prefix: str) -> SourceFamily | None:
        return next((family for family in self._families if family.prefix == prefix), None)


#: The key sources ``python -m hashdict.report`` knows by name.
SOURCES = SourceRegistry()
#: The report's name in its messages, as ``python -m`` runs it.
PROGRAM = "python -m hashdict.report"


#: How many keys each sample family gives the report (as many as TestDict's test 7).
FAMILY_KEYS = 10_000
#: The table size TestDict grades (SPEC §5), the report's default.
TABLE_SIZE = 13_441


@SOURCES.register(
    "testdict",
    f"the {FAMILY_KEYS} keys of TestDict's test 7: str(i) * {samples.COPIES} for i in 0..{FAMILY_KEYS - 1},"
    " put after the records tests 1 to 6 leave",
    stored=samples.TESTDICT_STORED,
)
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


def main(argv: Sequence[str] | None = None, *, program: str = PROGRAM, sources: SourceRegistry | None = None) -> int:
    """Print the report; 0 on success, 1 when the plot cannot be drawn or written, 2 (``SystemExit``) for bad arguments.

    ``program`` is the command's name in its messages; ``sources`` the key
    sources it knows, :data:`SOURCES` by default (a program of a higher
    layer hands over its extension of them).  The plot's file name and
    matplotlib are checked before the report is computed, so that a run
    that cannot end well ends at once.  Without ``--size`` or
    ``--compare``, the table has the source's own size, or
    :data:`TABLE_SIZE` buckets.
    """
    registry = SOURCES if sources is None else sources
    parser = _parser(program, registry)
    options = parser.parse_args(argv)
    chosen = options.compare or ([] if options.size is None else [options.size])
    for size in chosen:
        option = "--compare" if options.compare else "--size"
        if size < 1:
            parser.error(f"argument {option}: a table needs at least one bucket, got {size}")
        if size > MAX_TABLE_SIZE:
            parser.error(f"argument {option}: the report takes at most {MAX_TABLE_SIZE} buckets, got {size}")
    try:
        plot = None if options.plot is None else _plot_target(parser, options.plot, max(len(chosen), 1))
        source = _load(parser, registry, options.source)
        sizes = chosen or [source.table_size or TABLE_SIZE]
        columns = [table_statistics(source.keys(), size, source.stored) for size in sizes]
        _print_report(source, columns)
        if plot is not None:
            title = f"{options.source}: {columns[0].records} records in {columns[0].buckets} buckets"
            _write_plot(plot, histogram_image(columns[0], title, plot.image_format))
            print()
            print(f"Plot written to {plot.name}")
    except _PlotError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def _print_report(source: KeySource, columns: Sequence[TableStatistics]) -> None:
    print(f"Keys: {source.name} ({source.description})")
    if source.stored:
        print(f"Stored first: {', '.join(map(repr, source.stored))} (their own collisions are not counted)")
    print()
    print(*comparison_lines(columns, chain_rows=len(columns) > 1), sep="\n")
    if len(columns) == 1:
        stats = columns[0]
        print()
        print(f"Chain lengths (uniform: expected under uniform hashing, Poisson with lambda = {stats.load_factor:.3f})")
        print(*histogram_lines(stats), sep="\n")


class _PlotError(Exception):
    """Why the plot cannot be drawn or written: the message for stderr, and exit status 1."""


@dataclass(frozen=True, slots=True)
class _PlotTarget:
    """Where the plot goes: ``name`` as given, and the image format its suffix names."""

    name: str
    image_format: str


def _plot_target(parser: argparse.ArgumentParser, name: str, sizes: int) -> _PlotTarget:
    """The plot's file and format; a parser error for a name that cannot be one, :class:`_PlotError` for the rest.

    The image is written to exactly the file named.  Its suffix names the
    format (``.png``, ``.svg``, ``.pdf``, ... whatever matplotlib writes); a
    name without one gets a PNG.  The checks that need no matplotlib come
    first.
    """
    if sizes > 1:
        parser.error("--plot draws a single table size; it cannot be combined with --compare")
    if not name:
        parser.error("argument --plot: needs a file name, got ''")
    problem = _unwritable(Path(name))
    if problem:
        raise _PlotError(f"cannot write the plot to {name!r}: {problem}")
    try:
        formats = importlib.import_module("matplotlib.backend_bases").FigureCanvasBase.get_supported_filetypes()
        importlib.import_module("matplotlib.figure")
    except ImportError as error:
        raise _PlotError(_PLOT_HELP.format(error=error)) from None
    suffix = Path(name).suffix.lower().removeprefix(".")
    if suffix and suffix not in formats:
        known = ", ".join(f".{known}" for known in sorted(formats))
        parser.error(
            f"argument --plot: matplotlib writes no {suffix!r} files; name one of {known}, or no suffix for PNG"
        )
    return _PlotTarget(name, suffix or "png")


def _unwritable(path: Path) -> str:
    """Why the file ``path`` clearly cannot be written, or ``''``; the write itself may still fail."""
    if path.is_dir():
        return "it is a directory"
    directory = path.parent
    if not directory.is_dir():
        return f"there is no directory {str(directory)!r}"
    if not os.access(path if path.exists() else directory, os.W_OK):
        return "permission denied"
    return ""


def _write_plot(plot: _PlotTarget, image: bytes) -> None:
    try:
        Path(plot.name).write_bytes(image)
    except OSError as error:
        raise _PlotError(f"cannot write the plot to {plot.name!r}: {error.strerror or error}") from None


# The boards a search stores need the game, which this package may not import: a program above it has them.
_SEARCH_HINT = "; the boards a search stores (search:SIZE,LENGTH,MAX_LEVELS) are a source of tictactoe-report"


def _load(parser: argparse.ArgumentParser, registry: SourceRegistry, source_name: str) -> KeySource:
    """The source named ``source_name``, or the file of that name as a source; a parser error when neither.

    A source named with wrong arguments is a parser error saying what is wrong.
    """
    try:
        source = registry.find(source_name)
    except SourceError as error:
        parser.error(f"{source_name!r}: {error}")
    if source is not None:
        return source
    try:
        keys = keys_from_file(Path(source_name))
    except OSError as error:
        reason = error.strerror or str(error)
        names = _source_names(registry)
        # A registry with the search family has made the source by now: this one lacks it.
        hint = _SEARCH_HINT if source_name.startswith("search:") else ""
        parser.error(f"{source_name!r} is neither a key source ({names}) nor a readable key file: {reason}{hint}")
    except UnicodeDecodeError as error:
        parser.error(f"cannot read the key file {source_name!r}: it is not UTF-8 text ({error.reason})")
    return KeySource(source_name, "a file, one key per line", lambda: keys)


def _parser(program: str, registry: SourceRegistry) -> argparse.ArgumentParser:
    sources = "\n".join(
        [f"  {source.name:<10}  {source.description}" for source in registry]
        + [f"  {family.usage}\n  {'':<10}  {family.description}" for family in registry.families()]
    )
    parser = argparse.ArgumentParser(
        prog=program,
        description="How evenly HashDictionary spreads a set of keys over its buckets.",
        epilog=(
            f"key sources:\n{sources}\n"
            "  any other SOURCE is read as a file of keys, one per line; only the\n"
            "  newline is removed, and a repeated key is skipped (and counted).\n"
            "  Write ./NAME for a file named like a source.\n\n"
            f"limits: at most {MAX_TABLE_SIZE} buckets; chains of {FOLDED_LENGTH} records or more\n"
            "share one row of the histogram."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("source", metavar="SOURCE", help="a key source name or a file of keys")
    sizes = parser.add_mutually_exclusive_group()
    sizes.add_argument(
        "--size",
        type=int,
        metavar="N",
        help=f"the number of buckets (default: the table the keys come from, if any; else {TABLE_SIZE})",
    )
    sizes.add_argument("--compare", type=int, nargs="+", metavar="N", help="several numbers of buckets, side by side")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help=(
            "also draw the chain-length histogram into exactly FILE, in the format its suffix"
            " names (.png, .svg, .pdf, ...; PNG without one); needs matplotlib"
        ),
    )
    return parser


def _source_names(registry: SourceRegistry) -> str:
    return ", ".join([source.name for source in registry] + [family.usage for family in registry.families()])


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


def _histogram(stats: TableStatistics) -> list[tuple[str, int, float]]:
    """``(length, buckets, uniform)`` per row: to the longest chain, and on while uniform hashing expects more."""
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


if __name__ == "__main__":
    run(main, PROGRAM)
