"""The hash report: how evenly a :class:`~hashdict.HashDictionary` spreads a set of keys.

Run as ``python -m tictactoe.cli.report SOURCE [--size N | --compare N [N ...]] [--plot FILE]``,
or ``tictactoe-report`` when installed.  ``SOURCE`` is a registered key
source (see :data:`~tictactoe.hashreport.sources.SOURCES`; ``testdict`` is
the 10 000 keys of TestDict's test 7, put where test 7 puts them: after
the two records tests 1 to 6 leave in the table; ``search:SIZE,LENGTH,
MAX_LEVELS[,OPENING]`` the boards a game's search stores) or a file with
one key per line.  :func:`main` reads the arguments, gets the keys,
computes the figures (:mod:`tictactoe.hashreport`) and prints them.

Limits keep the output readable and the run short: a table has at most
:data:`MAX_TABLE_SIZE` buckets, and chains of
:data:`~tictactoe.hashreport.stats.FOLDED_LENGTH` records or more share the
last row of a histogram or comparison.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from tictactoe.cli.arguments import add_version
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.harness.dict_tests import TABLE_SIZE
from tictactoe.hashreport.plot import PlotError, PlotNameError, PlotTarget, histogram_image, plot_target, write_plot
from tictactoe.hashreport.registry import KeySource, SourceError, SourceRegistry
from tictactoe.hashreport.sources import SOURCES, keys_from_file
from tictactoe.hashreport.stats import (
    FOLDED_LENGTH,
    TableStatistics,
    comparison_lines,
    histogram_lines,
    table_statistics,
)

__all__ = ["MAX_TABLE_SIZE", "PROGRAM", "console_main", "main"]

#: The report's name in its messages, as ``python -m`` runs it.
PROGRAM = "python -m tictactoe.cli.report"
#: The most buckets ``--size`` and ``--compare`` take.  The report holds the whole table and its
#: list of chain lengths in memory: ten million buckets take about two seconds and 200 MB.
MAX_TABLE_SIZE = 10_000_000


def main(argv: Sequence[str] | None = None, *, program: str = PROGRAM, sources: SourceRegistry | None = None) -> int:
    """Print the report; 0 on success, 1 when the plot cannot be drawn or written, 2 (``SystemExit``) for bad arguments.

    ``program`` is the command's name in its messages; ``sources`` the key
    sources it knows, :data:`~tictactoe.hashreport.sources.SOURCES` by default.  The plot's file name and
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
        return EXIT_FAILED
    return EXIT_OK


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
        parser.error(f"{source_name!r} is neither a key source ({names}) nor a readable key file: {reason}")
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
    add_version(parser)
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


def console_main() -> NoReturn:
    """The installed ``tictactoe-report`` command: this report under the command's own name."""
    run(functools.partial(main, program="tictactoe-report"), "tictactoe-report")


if __name__ == "__main__":
    run(main, PROGRAM)
