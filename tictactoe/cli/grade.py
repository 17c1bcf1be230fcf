"""``python -m tictactoe.grade SUBMISSION ...``: grade other implementations of the assignment (docs/grading.md).

The package's ``__main__`` hands over to :func:`main`; the installed command
is ``tictactoe-grade``.  Each SUBMISSION is a folder holding a Java or a
Python submission, or a class: a folder of such folders.  The report goes
to standard output, or to ``--output``; ``--gradebook`` writes a CSV row per
submission besides.  Exit status 0 when every test of every submission
passed, 1 otherwise, 2 for a bad command line (a missing folder, a bad
``--cases`` or ``--weights`` file, a Java submission without a Java
compiler); otherwise as every program of the project ends
(:mod:`tictactoe.cli.exits`).
"""

from __future__ import annotations

import argparse
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TextIO

from tictactoe.cli.arguments import add_version, file_path, seconds, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE, run
from tictactoe.grade.formats.gradebook import gradebook
from tictactoe.grade.formats.gradescope import gradescope_report
from tictactoe.grade.formats.json_list import json_report
from tictactoe.grade.formats.junit import junit_report
from tictactoe.grade.formats.text import text_report
from tictactoe.grade.grader import Grader
from tictactoe.grade.java import INSTALL_HINT, find_jdk
from tictactoe.grade.limits import DEFAULT_TIMEOUT, Limits
from tictactoe.grade.submission import Language, SubmissionError, detect_language, expand
from tictactoe.grade.suite import SuiteError, suite
from tictactoe.grade.weights import Weights, WeightsError, read_weights

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.results import SubmissionResult

__all__ = ["PROGRAM", "console_main", "main"]

PROGRAM = "python -m tictactoe.grade"
_FORMATS = ("text", "json", "junit", "gradescope")
_EPILOG = f"""\
A SUBMISSION is a folder with Configurations.java, HashDictionary.java, Data.java, DictionaryADT.java and
DictionaryException.java (Java), or with the modules configurations and hashdict (Python); a folder of such
folders grades each of them. The tests: TestDict's ten (testdict 1 ... testdict 10), forced collisions on
tables of 1 and 2 buckets, TestPlay's board and play cases, and the cases of every --cases FILE, named by id.
A --weights FILE is CSV: test,weight per line (other tests weigh 1).
Example: {PROGRAM} submissions/ --cases hidden.jsonl --jobs 2 --gradebook grades.csv
Exit status: 0 if every test of every submission passed, 1 if not, 2 for a bad command line.
"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description="Grade Java or Python implementations of the assignment: one submission or a whole class.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_version(parser)
    parser.add_argument("submissions", nargs="+", type=file_path, metavar="SUBMISSION", help="a submission's folder")
    parser.add_argument(
        "--cases", action="extend", nargs="+", type=file_path, default=[], metavar="FILE", help="case files to add"
    )
    parser.add_argument("--format", choices=_FORMATS, default="text", help="the report's format (default: text)")
    parser.add_argument("--output", type=file_path, metavar="PATH", help="write the report there, not to stdout")
    parser.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"the time a test may take (default: {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument("--jobs", type=whole_number(1, 64), default=1, metavar="N", help="grade N submissions at once")
    parser.add_argument("--language", choices=[language.value for language in Language], help="do not guess it")
    parser.add_argument("--weights", type=file_path, metavar="FILE", help="CSV of test,weight for scores")
    parser.add_argument("--gradebook", type=file_path, metavar="CSV", help="write a row per submission there")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Grade the submissions the command line names; write the reports; return the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    for path in args.submissions:
        if not path.is_dir():
            parser.error(f"argument SUBMISSION: no such folder: {str(path)!r}")
    language = Language(args.language) if args.language else None
    submissions = expand(args.submissions)
    if args.format == "gradescope" and len(submissions) != 1:
        parser.error(f"--format gradescope writes the results.json of one submission, not of {len(submissions)}")
    try:
        tests = suite(args.cases)
        weights = read_weights(args.weights, {test.name for test in tests}) if args.weights else Weights()
    except (SuiteError, WeightsError) as error:
        parser.error(str(error))
    jdk = find_jdk()
    if jdk is None and (java := _first_java(submissions, language)) is not None:
        print(f"{parser.prog}: no Java compiler (javac) to grade {str(java)!r}: {INSTALL_HINT}", file=sys.stderr)
        return EXIT_USAGE
    limits = Limits(timeout=args.timeout)
    with Grader(tests, limits, jdk, language) as grader:
        progress = _Progress(len(submissions), sys.stderr)
        graded = grader.grade_all(submissions, args.jobs, progress.show)
        streamed = args.format == "text" and args.output is None
        results = list(_streamed(graded, progress) if streamed else graded)
        progress.clear()
    if not streamed:
        _write(args.output, _report(args.format, results, weights))
    if args.gradebook is not None:
        _write(args.gradebook, gradebook(results, weights))
    return EXIT_OK if all(result.all_passed for result in results) else EXIT_FAILED


def _first_java(submissions: Iterable[Path], language: Language | None) -> Path | None:
    """The first submission in Java, if any."""
    for path in submissions:
        try:
            if detect_language(path, language) is Language.JAVA:
                return path
        except SubmissionError:
            continue
    return None


def _streamed(results: Iterable[SubmissionResult], progress: _Progress) -> Iterable[SubmissionResult]:
    """Each result printed as text as soon as it and those before it are graded."""
    for result in results:
        progress.clear()
        print(text_report(result), end="", flush=True)
        yield result


def _report(form: str, results: list[SubmissionResult], weights: Weights) -> str:
    if form == "json":
        return json_report(results) + "\n"
    if form == "junit":
        return junit_report(results) + "\n"
    if form == "gradescope":
        return gradescope_report(results[0], weights) + "\n"
    return "".join(text_report(result) for result in results)


def _write(path: Path | None, text: str) -> None:
    if path is None:
        print(text, end="")
    else:
        path.write_text(text, encoding="utf-8")


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
