"""``python -m tictactoe.grade SUBMISSION ...``: grade other implementations of the assignment (docs/grading.md).

The package's ``__main__`` hands over to :func:`main`; the installed command
is ``tictactoe-grade``.  Each SUBMISSION is a folder holding a Java or a
Python submission, or a class: a folder of such folders.  The report goes
to standard output, or to ``--output``; ``--gradebook`` writes a CSV row per
submission besides.  Exit status 0 when every test of every submission
passed, 1 otherwise, 2 for a bad command line (a missing folder, a bad
``--cases`` or ``--weights`` file, a Java submission without a Java
compiler, an argument that reads as an option and is also a file or folder
here: ``--`` must come before such names); otherwise as every program of the project ends
(:mod:`tictactoe.cli.exits`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from tictactoe.cli.arguments import add_version, file_path, seconds, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE, run
from tictactoe.grade.finder import language_of
from tictactoe.grade.formats.gradebook import gradebook
from tictactoe.grade.formats.gradescope import VISIBILITIES, gradescope_report
from tictactoe.grade.formats.json_list import json_report
from tictactoe.grade.formats.junit import junit_report
from tictactoe.grade.formats.run import RunInfo
from tictactoe.grade.formats.text import text_report
from tictactoe.grade.grader import Grader
from tictactoe.grade.languages.registry import registered
from tictactoe.grade.limits import DEFAULT_SUBMISSION_TIMEOUT, DEFAULT_TIMEOUT, Limits
from tictactoe.grade.sandbox import INSTALL_HINT, SandboxChoice, SandboxError, choice
from tictactoe.grade.submission import SubmissionError, expand
from tictactoe.grade.suite import SuiteError, suite
from tictactoe.grade.weights import Weights, WeightsError, read_weights

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.languages.protocol import Language
    from tictactoe.grade.results import SubmissionResult
    from tictactoe.grade.talk import GradeTest

__all__ = ["PROGRAM", "console_main", "main"]

PROGRAM = "python -m tictactoe.grade"
#: The exit status after SIGTERM: 128 + 15, as shells report it.
EXIT_TERMINATED = 143
_FORMATS = ("text", "json", "junit", "gradescope")
_EPILOG = f"""\
A SUBMISSION is a folder with Configurations.java, HashDictionary.java, Data.java, DictionaryADT.java and
DictionaryException.java (Java), or with the modules configurations and hashdict (Python); a folder of such
folders grades each of them. The tests: TestDict's ten (testdict 1 ... testdict 10), forced collisions, TestPlay's
board and play cases, randomized tests from one seed, the course's policy, and the cases of every --cases FILE,
named by id and hidden. A --weights FILE is CSV: test,weight per line (other tests weigh 1).
Each submission's code runs in a sandbox: bubblewrap by default ({INSTALL_HINT}), an unprivileged account
(--sandbox user:NAME, the grader running as root), or none (--sandbox none, for trusted code only).
Example: {PROGRAM} submissions/ --cases hidden.jsonl --jobs 2 --gradebook grades.csv
Exit status: 0 if every test of every submission passed, 1 if not, 2 for a bad command line or no sandbox.
"""


class _Terminated(Exception):
    """SIGTERM came: the grader stops as for Ctrl-C."""


def _sandbox(text: str) -> SandboxChoice:
    try:
        return choice(text)
    except ValueError as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Grade Java or Python implementations of the assignment: one submission or a whole class.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,  # a student's folder named --sand=none must not abbreviate --sandbox
    )
    add_version(parser)
    parser.add_argument("submissions", nargs="+", type=file_path, metavar="SUBMISSION", help="a submission's folder")
    parser.add_argument(
        "--cases", action="append", type=file_path, default=[], metavar="FILE", help="a file of hidden cases to add"
    )
    parser.add_argument("--format", choices=_FORMATS, default="text", help="the report's format (default: text)")
    parser.add_argument("--output", type=file_path, metavar="PATH", help="write the report there, not to stdout")
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the processor time a test may take (default: {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--submission-timeout",
        type=seconds,
        default=DEFAULT_SUBMISSION_TIMEOUT,
        metavar="SECONDS",
        help=f"the time a whole submission may take (default: {DEFAULT_SUBMISSION_TIMEOUT:g})",
    )
    parser.add_argument("--jobs", type=whole_number(1, 64), default=1, metavar="N", help="grade N submissions at once")
    parser.add_argument("--seed", type=whole_number(0, 2**63 - 1), metavar="N", help="repeat a run's random tests")
    parser.add_argument(
        "--sandbox",
        type=_sandbox,
        default=SandboxChoice("bwrap"),
        metavar="bwrap|user:NAME|none",
        help="(default: bwrap)",
    )
    parser.add_argument("--language", choices=[language.name for language in registered()], help="do not guess it")
    parser.add_argument("--weights", type=file_path, metavar="FILE", help="CSV of test,weight for scores")
    parser.add_argument("--gradebook", type=file_path, metavar="CSV", help="write a row per submission there")
    parser.add_argument(
        "--gradescope-visibility", choices=VISIBILITIES, default=VISIBILITIES[0], help="of the hidden cases"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Grade the submissions the command line names; write the reports; return the exit status."""
    parser = _parser()
    arguments = sys.argv[1:] if argv is None else list(argv)
    shadowed = _options_that_are_files(arguments)
    if shadowed:
        print(
            f"{parser.prog}: {shadowed[0]!r} reads as an option but is also a file or folder here, perhaps a"
            f" submission: put -- before the submissions ({parser.prog} --jobs 2 -- *), or grade the class by its"
            " folder",
            file=sys.stderr,
        )
        return EXIT_USAGE
    args = parser.parse_args(arguments)
    submissions, tests, weights = _read(parser, args)
    unavailable = _unavailable(submissions, args.language)
    if unavailable is not None:
        print(f"{parser.prog}: {unavailable}", file=sys.stderr)
        return EXIT_USAGE
    if args.sandbox.kind == "user" and args.jobs > len(args.sandbox.accounts):
        parser.error(f"--jobs {args.jobs} needs as many accounts: --sandbox user:NAME1,NAME2,... (one a job)")
    limits = Limits(timeout=args.timeout, submission_timeout=args.submission_timeout)
    try:
        with Grader(tests, limits, args.sandbox, args.language) as grader, _signals(grader):
            try:
                grader.sandbox.check(need_limits=os.environ.get("CI") == "true")
                grader.sandbox.check_private(args.cases)
            except SandboxError as error:
                print(f"{parser.prog}: {error}", file=sys.stderr)
                return EXIT_USAGE
            run = RunInfo(
                args.seed, str(args.sandbox), grader.sandbox.warning, grader.sandbox.limits_in_force(args.jobs)
            )
            results = _grade(grader, submissions, args, run)
    except _Terminated:
        print(f"{parser.prog}: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    hidden = frozenset(test.name for test in tests if test.hidden)
    if not (args.format == "text" and args.output is None):
        # Written only now, once every process of every submission has ended, where none of them could write.
        _write(args.output, _report(args, results, weights, run, hidden))
    if args.gradebook is not None:
        _write(args.gradebook, gradebook(results, weights))
    return EXIT_OK if all(result.all_passed for result in results) else EXIT_FAILED


def _options_that_are_files(arguments: Sequence[str]) -> list[str]:
    """The arguments before ``--`` that read as options and are also paths here.

    A shell expands ``*`` in a class's folder to its students' folder
    names: one named ``--sandbox=none`` would otherwise turn the sandbox
    off for every submission.  After ``--`` every argument is a submission.
    """
    found = []
    for argument in arguments:
        if argument == "--":
            break
        if argument.startswith("-") and os.path.lexists(argument):
            found.append(argument)
    return found


def _read(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[list[Path], tuple[GradeTest, ...], Weights]:
    """The submissions, the tests and the weights the command line names; a usage error for a bad one."""
    for path in args.submissions:
        if not path.is_dir():
            parser.error(f"argument SUBMISSION: no such folder: {str(path)!r}")
    args.language = next((language for language in registered() if language.name == args.language), None)
    # Gradescope's results.json is one student's: the folder given is that student's, however deep the files sit.
    submissions = expand(args.submissions, classes=args.format != "gradescope")
    if args.format == "gradescope" and len(submissions) != 1:
        parser.error(f"--format gradescope writes the results.json of one submission, not of {len(submissions)}")
    if args.seed is None:
        args.seed = secrets.randbelow(2**31)
    try:
        tests = suite(args.cases, args.seed)
        weights = read_weights(args.weights, {test.name for test in tests}) if args.weights else Weights()
    except (SuiteError, WeightsError) as error:
        parser.error(str(error))
    return submissions, tests, weights


def _grade(grader: Grader, submissions: list[Path], args: argparse.Namespace, run: RunInfo) -> list[SubmissionResult]:
    progress = _Progress(len(submissions), sys.stderr)
    graded = grader.grade_all(submissions, args.jobs, progress.show)
    streamed = args.format == "text" and args.output is None
    if streamed:
        print(run.header(), end="", flush=True)
    results = list(_streamed(graded, progress) if streamed else graded)
    progress.clear()
    return results


@contextlib.contextmanager
def _signals(grader: Grader) -> Iterator[None]:
    """While grading: SIGTERM stops the grader as Ctrl-C does, and either ends every submission's processes."""

    def terminate(number: int, frame: object) -> None:
        grader.interrupt()
        raise _Terminated

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    except KeyboardInterrupt:
        grader.interrupt()
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)


def _unavailable(submissions: Iterable[Path], language: Language | None) -> str | None:
    """Why the first submission in a language that cannot be graded here (its compiler is missing) cannot be, if any.

    Nothing is read where every language can be graded: the grader finds each submission's language in its copy.
    """
    if all(known.unavailable() is None for known in registered()):
        return None
    for path in submissions:
        try:
            missing = language_of(path, language).unavailable()
        except SubmissionError:
            continue
        if missing is not None:
            return f"{missing.what} to grade {str(path)!r}: {missing.how}"
    return None


def _streamed(results: Iterable[SubmissionResult], progress: _Progress) -> Iterable[SubmissionResult]:
    """Each result printed as text as soon as it and those before it are graded."""
    for result in results:
        progress.clear()
        print(text_report(result), end="", flush=True)
        yield result


def _report(
    args: argparse.Namespace, results: list[SubmissionResult], weights: Weights, run: RunInfo, hidden: frozenset[str]
) -> str:
    if args.format == "json":
        return json_report(results, run) + "\n"
    if args.format == "junit":
        return junit_report(results, run) + "\n"
    if args.format == "gradescope":
        return gradescope_report(results[0], weights, run, hidden, args.gradescope_visibility) + "\n"
    return run.header() + "".join(text_report(result) for result in results)


def _write(path: Path | None, text: str) -> None:
    if path is None:
        print(text, end="")
    else:
        # A path given with bytes that are no UTF-8 comes back as they were.
        path.write_text(text, encoding="utf-8", errors="surrogateescape")


class _Progress:
    """``graded 3 of 20`` on one line of a terminal, redrawn as submissions end; nothing when not a terminal."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self._total = total
        self._stream = stream
        self._shown = stream.isatty()
        self._lock = threading.Lock()
        self._done = 0

    def show(self, done: int) -> None:
        with self._lock:
            self._done = done
            if self._shown:
                self._stream.write(f"\r\x1b[Kgraded {done} of {self._total}")
                self._stream.flush()

    def clear(self) -> None:
        with self._lock:
            if self._shown:
                self._stream.write("\r\x1b[K")
                self._stream.flush()


def console_main() -> NoReturn:
    """The installed ``tictactoe-grade`` command."""
    run(main, "tictactoe-grade")


if __name__ == "__main__":
    run(main, PROGRAM)
