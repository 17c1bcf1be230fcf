"""``python -m tictactoe.proofcheck FILE``: check a certificate the solver wrote with ``--proof`` (docs/proofs.md).

The package's ``__main__`` hands over to :func:`main`.  It prints
``proof: valid`` and the ``value:`` line the certificate proves, exit
status 0; or ``proof: invalid: <reason>``, exit status 1 -- for a file that
is no certificate too (empty, cut short, compressed badly, another board
than its header's, a value its records do not prove).  A bad command line
exits 2.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from tictactoe.cli.arguments import add_version, file_path
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.proofcheck import CertificateError, check_file

__all__ = ["PROGRAM", "console_main", "main"]

PROGRAM = "python -m tictactoe.proofcheck"


def main(argv: Sequence[str] | None = None) -> int:
    """Check the certificate the command line names; print the verdict; return the exit status."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Check a certificate of a k-in-a-row value (python -m tictactoe.solver ... --proof FILE).",
        epilog="It follows the strategy in the file and checks every claim; it runs no search.",
    )
    add_version(parser)
    parser.add_argument("file", type=file_path, metavar="FILE", help="the certificate (gzip-compressed or not)")
    args = parser.parse_args(argv)
    try:
        verdict = check_file(args.file)
    except CertificateError as error:
        print(f"proof: invalid: {error}")
        return EXIT_FAILED
    print("proof: valid")
    print(f"value: {verdict.value}")
    return EXIT_OK


def console_main() -> NoReturn:
    """The installed ``tictactoe-proofcheck`` command."""
    run(main, "tictactoe-proofcheck")


if __name__ == "__main__":
    run(main, PROGRAM)
