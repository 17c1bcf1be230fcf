"""``python -m tictactoe.proofcheck FILE``: check a certificate the solver wrote with ``--proof`` (docs/proofs.md).

The package's ``__main__`` hands over to :func:`main`.  It prints
``proof: valid``, the ``value:`` line the certificate proves and what it
proves it of -- ``board:`` (``7x8``), ``length:``, ``rule:`` (``freestyle``
or ``standard``, as its header says), ``to move:`` and the ``position:`` it
starts from, a row a line -- exit status 0; or ``proof: invalid: <reason>``,
exit status 1 -- for a file that is no certificate too (empty, cut short,
compressed badly, another board than its header's, a value its records do
not prove, a starting board no game reaches or one already over), and for
a certificate of another rule than ``--rule`` names.  A bad command line
exits 2 (``--rule renju`` or ``caro`` too: no certificate is of those).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from configurations.rules import Variant
from tictactoe.cli.arguments import add_rule, add_version, file_path, program_name, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, run
from tictactoe.proofcheck import CertificateError, Verdict, check_file
from tictactoe.proofcheck.reading import MOST_RECORDS

__all__ = ["PROGRAM", "console_main", "main", "verdict_lines"]

PROGRAM = program_name("python -m tictactoe.proofcheck")


def main(argv: Sequence[str] | None = None) -> int:
    """Check the certificate the command line names; print the verdict; return the exit status."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Check a certificate of a k-in-a-row value (python -m tictactoe.solver ... --proof FILE).",
        epilog="It follows the strategy in the file and checks every claim; it runs no search.",
    )
    add_version(parser)
    parser.add_argument("file", type=file_path, metavar="FILE", help="the certificate (gzip-compressed or not)")
    parser.add_argument(
        "--most-records",
        type=whole_number(1, 10**12),
        default=MOST_RECORDS,
        metavar="N",
        help=f"refuse a certificate of more records than this (default {MOST_RECORDS:,}: about 40 GB to check)",
    )
    add_rule(parser, "refuse a certificate of any other rule (freestyle or standard)", default=None)
    args = parser.parse_args(argv)
    if args.rule not in (None, Variant.FREESTYLE, Variant.STANDARD):
        parser.error(f"--rule {args.rule}: a certificate proves a value under freestyle or standard, not {args.rule}")
    try:
        verdict = check_file(args.file, most_records=args.most_records, rule=args.rule)
    except CertificateError as error:
        print(f"proof: invalid: {error}")
        return EXIT_FAILED
    print("\n".join(verdict_lines(verdict)))
    return EXIT_OK


def verdict_lines(verdict: Verdict) -> list[str]:
    """The lines printed for a valid certificate: the value, and the board, position and mover it is proved of.

    >>> print("\\n".join(verdict_lines(Verdict("draw", 25, 2, 3, 3, ("X..", ".O."), "X", "standard"))))
    proof: valid
    value: draw
    board: 2x3
    length: 3
    rule: standard
    to move: X
    position:
      X..
      .O.
    """
    lines = ["proof: valid", f"value: {verdict.value}", f"board: {verdict.rows}x{verdict.cols}"]
    lines += [f"length: {verdict.length}", f"rule: {verdict.rule}", f"to move: {verdict.mover}", "position:"]
    return lines + [f"  {row}" for row in verdict.board]


def console_main() -> NoReturn:
    """The installed ``tictactoe-proofcheck`` command."""
    run(main, "tictactoe-proofcheck")


if __name__ == "__main__":
    run(main, PROGRAM)
