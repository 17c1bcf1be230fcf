"""What the reports say besides the verdicts, and how the grader ends: seeds, warnings, escapes, visibility, signals.

The property tests feed the report formats arbitrary text (any character a
submission's message could hold) and read the result back with a JUnit
reader or look at every character; the others run the grader as a teacher
does.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import junitparser
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.grade.helpers import NO_BWRAP, NO_CGROUPS, fixture, missing, need_jdk
from tests.grade.test_cli import GRADE, TESTS, run_grader
from tests.limited import one_line
from tests.paths import ROOT, SAMPLE_CASES
from tictactoe.grade.formats.gradebook import gradebook
from tictactoe.grade.formats.junit import junit_report, xml_safe
from tictactoe.grade.formats.run import RunInfo
from tictactoe.grade.formats.text import escape
from tictactoe.grade.results import Status, SubmissionResult
from tictactoe.grade.results import TestResult as Result
from tictactoe.grade.weights import Weights

# Java fixtures where a language does not matter: they are graded in a few seconds, where Python's long search takes
# several more.
JAVA_OK = fixture("java", "correct")
JAVA_BAD = fixture("java", "remove-keeps-record")
PYTHON_OK = fixture("python", "correct")
ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()), max_size=60)


@settings(max_examples=200, deadline=None)
@given(submission=ANY_TEXT, name=ANY_TEXT, message=ANY_TEXT, note=ANY_TEXT)
def test_junit_xml_parses_whatever_a_message_holds(
    submission: str, name: str, message: str, note: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    result = SubmissionResult(submission, "java", (Result(name, Status.FAILED, message),), (note,))
    path = tmp_path_factory.mktemp("junit") / "report.xml"
    path.write_text(junit_report([result], RunInfo(3, "bwrap")), encoding="utf-8")
    (suite,) = list(junitparser.JUnitXml.fromfile(str(path)))
    (case,) = list(suite)
    assert (suite.name, case.name) == (xml_safe(submission), xml_safe(name))
    assert (case.result[0].message, case.result[0].text or "") == (xml_safe(message), xml_safe(message))
    assert f'<property name="note" value="{_attribute(xml_safe(note))}" />' in path.read_text(encoding="utf-8")


def _attribute(text: str) -> str:
    """``text`` as ElementTree writes it in an attribute."""
    from xml.etree import ElementTree

    return ElementTree.tostring(ElementTree.Element("a", {"b": text}), encoding="unicode")[6:-4]


@given(text=ANY_TEXT)
def test_the_text_report_escapes_every_control_character(text: str) -> None:
    shown = escape(text)
    assert not any(unicodedata.category(character).startswith("C") for character in shown)
    if not any(unicodedata.category(character).startswith("C") for character in text):
        assert shown == text


@given(submission=ANY_TEXT)
def test_a_gradebook_row_is_one_row_of_text_that_no_spreadsheet_runs(submission: str) -> None:
    """A student names the folder: its line breaks and escape codes are escaped, a formula's first character quoted."""
    result = SubmissionResult(submission, "python", (Result("a", Status.PASSED),))
    rows = list(csv.reader(io.StringIO(gradebook([result], Weights()))))
    assert len(rows) == 2
    name, *numbers = rows[1]
    assert numbers == ["python", "1", "0", "1", "1"]
    assert not any(unicodedata.category(character).startswith("C") for character in name)
    assert not name.startswith(("=", "+", "-", "@", "\t", "\r"))
    quote = "'" if escape(submission).startswith(("=", "+", "-", "@")) else ""
    assert name == quote + escape(submission)


def test_a_gradebook_quotes_a_formula_and_escapes_a_line_break() -> None:
    results = [
        SubmissionResult(name, "java", (Result("a", Status.FAILED),))
        for name in ('=HYPERLINK("http://x","y")', "@SUM(1)", "-2+3", "+1", "two\nlines\x1b[31m", "ann")
    ]
    names = [row[0] for row in csv.reader(io.StringIO(gradebook(results, Weights())))][1:]
    assert names == ['\'=HYPERLINK("http://x","y")', "'@SUM(1)", "'-2+3", "'+1", "two\\nlines\\x1b[31m", "ann"]


@pytest.mark.slow
def test_the_seed_is_in_every_format_and_repeats_the_run(tmp_path: Path) -> None:
    need_jdk("java")
    runs = {}
    for form in ("json", "junit", "gradescope", "text"):
        output = tmp_path / f"report.{form}"
        result = run_grader([JAVA_BAD, "--seed", "4242", "--format", form, "--output", output])
        assert result.returncode == 1, result.stderr
        runs[form] = output.read_text(encoding="utf-8")
    assert json.loads(runs["json"])[0]["seed"] == 4242
    assert '<property name="seed" value="4242" />' in runs["junit"]
    assert "Random tests from seed 4242 (--seed 4242 repeats them)" in json.loads(runs["gradescope"])["output"]
    assert runs["text"].startswith("Random tests from seed 4242 (--seed 4242 repeats them)\n")
    again = run_grader([JAVA_BAD, "--seed", "4242", "--format", "json"])
    assert json.loads(again.stdout) == json.loads(runs["json"])
    (random,) = [test for test in json.loads(runs["json"])[0]["tests"] if test["name"] == "random-dictionary"]
    assert random["message"].endswith("(the shortest failing sequence found; seed 4242)")


@pytest.mark.slow
def test_an_unconfined_run_says_so_in_every_format(tmp_path: Path) -> None:
    need_jdk("java")
    warning = "--sandbox none: the submissions' code ran unconfined, with the grader's rights (trusted code only)"
    reports = {}
    for form in ("json", "junit", "gradescope", "text"):
        output = tmp_path / f"report.{form}"
        run_grader([JAVA_OK, "--sandbox", "none", "--seed", "1", "--format", form, "--output", output])
        reports[form] = output.read_text(encoding="utf-8")
    assert json.loads(reports["json"])[0]["warning"] == warning
    assert f'<property name="warning" value="{warning}" />' in reports["junit"]
    assert f"Warning: {warning}" in json.loads(reports["gradescope"])["output"].splitlines()
    assert reports["text"].splitlines()[1] == f"Warning: {warning}"


@pytest.mark.slow
def test_without_a_sandbox_the_grader_exits_2_saying_how_to_get_one(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").symlink_to(sys.executable)
    result = subprocess.run(
        [sys.executable, *GRADE, PYTHON_OK],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(tmp_path / "bin")},
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert one_line(result) == (
        "python -m tictactoe.grade: no sandbox for the submissions' code: install bubblewrap (apt-get install"
        " bubblewrap), or choose --sandbox user:NAME (an unprivileged account) or --sandbox none (trusted code only)"
    )


@pytest.mark.slow
def test_cases_may_come_before_or_after_the_submission_and_hide_as_chosen(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    second = tmp_path / "second.json"
    run_grader(["--cases", SAMPLE_CASES, PYTHON_OK, "--seed", "2", "--format", "gradescope", "--output", first])
    run_grader([PYTHON_OK, "--cases", SAMPLE_CASES, "--seed", "2", "--format", "gradescope", "--output", second,
                "--gradescope-visibility", "hidden"])  # fmt: skip
    before, after = json.loads(first.read_text(encoding="utf-8")), json.loads(second.read_text(encoding="utf-8"))
    hidden = [test["name"] for test in before["tests"] if "visibility" in test]
    assert len(hidden) == len(before["tests"]) - TESTS
    assert {test["visibility"] for test in before["tests"][TESTS:]} == {"after_published"}
    assert {test["visibility"] for test in after["tests"][TESTS:]} == {"hidden"}
    assert [test["name"] for test in after["tests"]] == [test["name"] for test in before["tests"]]


def _in_groups_of(grader: int) -> list[int]:
    """The processes in the control groups of the grader ``grader``'s submissions."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if f"/tictactoe-grade-{grader}-".encode() in (entry / "cgroup").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.slow
@pytest.mark.parametrize(
    ("number", "status", "word"), [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_ctrl_c_and_sigterm_stop_the_grader_at_once_leaving_nothing(
    number: int, status: int, word: str, tmp_path: Path
) -> None:
    """Within a second of the signal the grader has ended, its submission's processes and its folders gone."""
    missing(NO_BWRAP)
    missing(NO_CGROUPS)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    grader = subprocess.Popen(
        [sys.executable, *GRADE, fixture("python", "loops"), "--timeout", "100", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "TMPDIR": str(temporary)},
    )
    deadline = time.monotonic() + 60
    while not _in_groups_of(grader.pid) and time.monotonic() < deadline:
        time.sleep(0.01)  # until the submission's code runs
    assert _in_groups_of(grader.pid), "the submission's process never started"
    sent = time.monotonic()
    grader.send_signal(number)
    _, errors = grader.communicate(timeout=30)
    assert time.monotonic() - sent < 1.0
    assert (grader.returncode, errors) == (status, f"python -m tictactoe.grade: {word}\n")
    assert list(temporary.iterdir()) == []
    assert _in_groups_of(grader.pid) == []
