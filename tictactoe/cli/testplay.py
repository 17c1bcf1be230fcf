"""TestPlay: the harness that grades the game logic (docs/dictionary.md).

``python testplay.py`` runs the built-in tests of every ``Configurations``
method and of ``computer_play`` on known positions;
``python testplay.py --cases FILE.jsonl [FILE ...]`` runs case files.  Each
case prints ``ok ID`` or ``FAIL ID: ...``; the last line is
``N passed, M failed``; the exit status is 0 only if every case passed.

This file only parses the command line and prints; the cases are read and
run by :mod:`tictactoe.harness.play_cases`.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NoReturn

from tictactoe.cli.arguments import add_version, program_name
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.harness.play_cases import CaseResult, builtin_results, run_case_files

__all__ = ["main", "report"]

_DESCRIPTION = "Test the game logic: Configurations and computer_play."
_EPILOG = """\
A case file is JSON Lines, one case per line, for example:
  {"id": "b1", "check": "board", "size": 3, "length": 3, "board": ["XOX", "XOO", "OXX"],
   "expect": {"wins_x": false, "wins_o": false, "is_draw": true, "eval": 2}}
  {"id": "p1", "check": "play", "size": 4, "length": 3, "max_levels": 6, "board": ["X   ", "    ", "    ", "    "],
   "expect": {"score": 1, "row": 1, "col": 1, "nodes": 12138}}
Only the keys given in "expect" are checked. A line that is not a valid case fails as FILE:LINE,
and a file without cases fails as FILE.
Exit status: 0 if every case passed, 1 if any failed, 2 for a bad command line.
"""


def report(results: Iterable[CaseResult]) -> int:
    """Print each result's line, then ``N passed, M failed``; the exit status: 0 if some passed and none failed."""
    passed = failed = 0
    for result in results:
        print(result.line(), flush=True)
        if result.passed:
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return EXIT_OK if passed and not failed else EXIT_FAILED


def main(argv: Sequence[str] | None = None) -> int:
    """Run TestPlay with the command-line arguments ``argv``; return the exit status."""
    parser = argparse.ArgumentParser(
        prog=program_name("testplay.py"),
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_version(parser)
    parser.add_argument(
        "--cases",
        action="extend",  # --cases a.jsonl --cases b.jsonl runs both, in that order
        nargs="+",
        type=Path,
        metavar="FILE",
        help="run the cases of these JSON Lines files instead of the built-in tests (the option may be repeated)",
    )
    arguments = parser.parse_args(argv)
    return report(run_case_files(arguments.cases) if arguments.cases else builtin_results())


def console_main() -> NoReturn:
    """The installed ``tictactoe-testplay`` command."""
    run(main, "tictactoe-testplay")


if __name__ == "__main__":
    run(main, "python -m tictactoe.cli.testplay")
