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
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeAlias

from hashdict import samples
from hashdict.exits import run
from hashdict.hashing import expected_collisions
from hashdict.report_plot import PlotError, PlotNameError, PlotTarget, histogram_image, plot_target, write_plot
from hashdict.report_stats import (
    FOLDED_LENGTH,
    TableStatistics,
    comparison_lines,
    histogram_lines,
    poisson_chain_counts,
    summarize,
    table_statistics,
)

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

#: The most buckets ``--size`` and ``--compare`` take.  The report holds the whole table and its
#: list of chain lengths in memory: ten million buckets take about two seconds and 200 MB.
MAX_TABLE_SIZE = 10_000_000

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
            write_plot(plot, histogram_image(columns[0], title, plot.image_format))
            print()
            print(f"Plot written to {plot.name}")
    except PlotError as error:
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


def _plot_target(parser: argparse.ArgumentParser, name: str, sizes: int) -> PlotTarget:
    """The plot's file and format (:func:`plot_target`); a parser error for several sizes or a name that cannot be one.

    :class:`PlotError` when the plot cannot be drawn or written.
    """
    if sizes > 1:
        parser.error("--plot draws a single table size; it cannot be combined with --compare")
    try:
        return plot_target(name)
    except PlotNameError as error:
        parser.error(f"argument --plot: {error}")


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


if __name__ == "__main__":
    run(main, PROGRAM)
