"""TestDict: grade the hash dictionary with the ten tests that docs/dictionary.md describes.

    python testdict.py            run tests 1-10 on HashDictionary(13441)
    python testdict.py 3 7        run only tests 3 and 7
    python testdict.py help       explain (also -h, --help)

A thin shell: the tests themselves are in :mod:`tictactoe.harness.dict_tests`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from tictactoe.cli.arguments import add_version, program_name, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.harness.dict_tests import TABLE_SIZE, TESTS, format_result, run_tests, summary_line

__all__ = ["console_main", "main"]

_HELP_WORDS = ("help", "-h", "--help")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen tests, print one verdict each and a summary; 0 if all passed (and some ran), else 1.

    Bad arguments print a usage message to stderr and exit with status 2.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = _parser()
    if any(word in _HELP_WORDS for word in arguments):
        parser.print_help()
        return EXIT_OK
    numbers = parser.parse_args(arguments).tests
    results = []
    for result in run_tests(numbers or None):
        print(*format_result(result), sep="\n", flush=True)
        results.append(result)
    print(summary_line(results))
    return EXIT_OK if results and all(result.passed for result in results) else EXIT_FAILED


#: The name the program goes by: the script's, or the installed command's.
PROGRAM = program_name("testdict.py")


def _parser() -> argparse.ArgumentParser:
    tests = "\n".join(f"  {test.number:>2}  {test.description}" for test in TESTS)
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        usage=f"{'python ' * PROGRAM.endswith('.py')}{PROGRAM} [help] [TEST ...]",
        description=(
            f"Run the dictionary tests on HashDictionary({TABLE_SIZE}) and print, for each,\n"
            "'   Test N succeeded' or '***Test N failed: <reason>'; the last line is\n"
            "'N passed, M failed'.  Exit status 0 only if every test passed."
        ),
        epilog=(
            f"tests:\n{tests}\n\n"
            "The tests build on each other's records (3 reads what 1 stored, 8 what 7\n"
            "stored).  When only some are chosen, the ones they build on run first,\n"
            "silently, so each chosen test sees the table a full run would show it."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=False,
    )
    add_version(parser)
    parser.add_argument(
        "tests",
        nargs="*",
        type=whole_number(1, len(TESTS), what="test"),
        metavar="TEST",
        help=f"a test number, 1 to {len(TESTS)} (default: all); each runs once, in increasing order",
    )
    return parser


def console_main() -> NoReturn:
    """The installed ``tictactoe-testdict`` command."""
    run(main, "tictactoe-testdict")


if __name__ == "__main__":
    run(main, "python -m tictactoe.cli.testdict")
