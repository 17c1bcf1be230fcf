"""The hash report with every key source, the game's as well: ``python -m tictactoe.harness.report``.

:mod:`hashdict.report` is the report itself, and ``python -m
hashdict.report`` knows the keys the dictionary's package can make alone
(TestDict's, the sample families, a file).  The boards a game search
stores need :mod:`configurations`, which the dictionary's package may not
import, so this program -- in the graders' package, which may import
anything and which nothing imports -- hands the same report an extension
of its sources (:meth:`~hashdict.report.SourceRegistry.extended`) with the
families that need the game: ``search:SIZE,LENGTH,MAX_LEVELS[,OPENING]``
(:mod:`tictactoe.harness.search_keys`).  Everything else, the options and
the messages and the exit statuses, is the report's own.  An installed
copy runs it as ``tictactoe-report``.
"""

from __future__ import annotations

import functools

from hashdict import report
from hashdict.exits import run
from tictactoe.harness import search_keys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

__all__ = ["PROGRAM", "console_main", "main", "sources"]

PROGRAM = "python -m tictactoe.harness.report"


def sources() -> report.SourceRegistry:
    """The report's own sources and the game's, in a registry of their own (the report's stays as it is)."""
    registry = report.SOURCES.extended()
    search_keys.register(registry)
    return registry


def main(argv: Sequence[str] | None = None, *, program: str = PROGRAM) -> int:
    """:func:`hashdict.report.main` with every source; its exit status."""
    return report.main(argv, program=program, sources=sources())


def console_main() -> NoReturn:
    """The installed ``tictactoe-report`` command: this report under the command's own name."""
    run(functools.partial(main, program="tictactoe-report"), "tictactoe-report")


if __name__ == "__main__":
    run(main, PROGRAM)
