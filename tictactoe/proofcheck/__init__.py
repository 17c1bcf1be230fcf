"""Checking certificates of solved k-in-a-row values without searching and without the solver's code.

* :func:`check_file` (:mod:`.checker`): read a certificate and follow the
  strategies it records, checking each claim; a :class:`Verdict` or a
  :class:`CertificateError` saying what is wrong.  :func:`check_strategies`
  checks the records of a part of a solve (a position and a bound of its
  value), as a resume file keeps them.
* :mod:`.reading`: reading a file within bounds that no crafted file can
  stretch.
* :mod:`.entries`: each record's entry checked from its own board as it is
  read, and kept as one number.
* :mod:`.rules`: the game's rules as the checker knows them -- its own
  windows, symmetries and square names, and what wins under each rule a
  certificate may name (freestyle, standard).

The package imports nothing from :mod:`tictactoe.solver` or
:mod:`configurations.lines` (an import-linter contract says so), so that a
mistake in the solver's rules cannot pass both.
"""

from tictactoe.proofcheck.checker import CertificateError, Verdict, check_file, check_lines, check_strategies

__all__ = ["CertificateError", "Verdict", "check_file", "check_lines", "check_strategies"]
