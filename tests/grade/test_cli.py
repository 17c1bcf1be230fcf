"""``python -m tictactoe.grade`` as a teacher runs it: statuses, every format read back, hidden cases, Gradescope."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import junitparser
import pytest

from tests.grade.helpers import fixture, grading_account, need_jdk
from tests.limited import one_line, run_limited
from tests.paths import ROOT, SAMPLE_CASES
from tictactoe.grade.suite import builtin_suite

# Every test here runs the grader as a program, most on whole submissions: seconds each.
pytestmark = pytest.mark.slow

GRADE = ["-m", "tictactoe.grade"]
TESTS = len(builtin_suite(seed=0))
PYTHON_OK = fixture("python", "correct")
PYTHON_BAD = fixture("python", "eval-x-first")


def run_grader(arguments: list[str | Path], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """The grader on good input, without the 500 MB limit of bad-input tests: a JVM reserves more than that."""
    command = [sys.executable, *GRADE, *map(str, arguments)]
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=300, check=False)


def tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_a_correct_submission_passes_everything_and_exits_0() -> None:
    result = run_grader([PYTHON_OK, "--seed", "7"])
    lines = result.stdout.splitlines()
    assert lines[0] == "Random tests from seed 7 (--seed 7 repeats them)"
    assert lines[1].startswith("Limits: ")
    assert lines[2] == f"{PYTHON_OK} (python)"
    assert (result.returncode, lines[-1]) == (0, f"{TESTS} passed, 0 failed")
    assert lines[3:5] == ["   Test testdict 1 succeeded", "   Test testdict 2 succeeded"]
    assert all(line.startswith("   Test ") and line.endswith(" succeeded") for line in lines[3:-1])


def test_a_failed_test_exits_1_and_says_why() -> None:
    result = run_grader([PYTHON_OK, PYTHON_BAD])
    assert result.returncode == 1
    assert (
        '***Test board-both-win failed: on the board [" OXX", "OO X", "O X ", " OXX"] (size 4, length 2): expected'
        " wins_x=true wins_o=true is_draw=false eval=3, got wins_x=true wins_o=true is_draw=false eval=0"
    ) in result.stdout.splitlines()
    assert result.stdout.splitlines()[-1] == f"{TESTS - 1} passed, 1 failed"


def test_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run_limited([*GRADE, tmp_path / "nobody"])
    assert result.returncode == 2
    assert (
        one_line(result)
        == f"python -m tictactoe.grade: error: argument SUBMISSION: no such folder: '{tmp_path}/nobody'"
    )


def test_a_java_submission_without_a_java_compiler_is_one_line_and_status_2(tmp_path: Path) -> None:
    """With a search path holding no javac (only a python), nothing is graded."""
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python").symlink_to(sys.executable)
    result = subprocess.run(
        [sys.executable, *GRADE, fixture("java", "correct")],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": str(tmp_path / "bin")},
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert one_line(result) == (
        f"python -m tictactoe.grade: no Java compiler (javac) to grade '{fixture('java', 'correct')}': install one,"
        " for example with: apt-get install default-jdk-headless"
    )


def test_a_bad_case_file_is_a_usage_error_naming_its_line(tmp_path: Path) -> None:
    cases = tmp_path / "hidden.jsonl"
    cases.write_text('{"id": "a", "check": "board"}\n', encoding="utf-8")
    result = run_limited([*GRADE, PYTHON_OK, "--cases", cases])
    assert result.returncode == 2
    assert one_line(result) == f"python -m tictactoe.grade: error: {cases}:1: missing key 'size'"


def test_hidden_cases_are_named_by_id_and_never_given_to_the_submission(tmp_path: Path) -> None:
    """The case file lies outside the submission, and its path and answers never reach the child's command line."""
    cases = tmp_path / "hidden.jsonl"
    cases.write_text(
        '{"id": "hidden-1", "check": "board", "size": 3, "length": 3, "board": ["XXX", "   ", "OO "],'
        ' "expect": {"wins_x": true, "eval": 0}}\n'
        '{"id": "hidden-2", "check": "board", "size": 3, "length": 3, "board": ["XXX", "   ", "OO "],'
        ' "expect": {"wins_x": false}}\n',
        encoding="utf-8",
    )
    result = run_grader([PYTHON_OK, "--cases", cases, "--cases", SAMPLE_CASES])
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert "   Test hidden-1 succeeded" in lines
    assert (
        '***Test hidden-2 failed: on the board ["XXX", "   ", "OO "] (size 3, length 3): expected wins_x=false, got'
        " wins_x=true"
    ) in lines
    assert "   Test sample-4x4-corner succeeded" in lines


def test_json_lists_each_submission_with_its_tests(tmp_path: Path) -> None:
    result = run_grader([PYTHON_OK, PYTHON_BAD, "--format", "json"])
    report = json.loads(result.stdout)
    assert [(entry["submission"], entry["language"], entry["passed"], entry["failed"]) for entry in report] == [
        (str(PYTHON_OK), "python", TESTS, 0),
        (str(PYTHON_BAD), "python", TESTS - 1, 1),
    ]
    assert report[0]["tests"][0] == {"name": "testdict 1", "status": "passed", "message": ""}
    assert report[0]["tests"][9]["message"].startswith("Collisions: ")
    assert set(report[1]["tests"][0]) == {"name", "status", "message"}


def test_junit_xml_reads_back_with_a_junit_reader(tmp_path: Path) -> None:
    output = tmp_path / "report.xml"
    result = run_grader([PYTHON_OK, PYTHON_BAD, "--format", "junit", "--output", output])
    assert (result.returncode, result.stdout) == (1, "")
    suites = list(junitparser.JUnitXml.fromfile(str(output)))
    assert [(suite.name, suite.tests, suite.failures, suite.errors) for suite in suites] == [
        (str(PYTHON_OK), TESTS, 0, 0),
        (str(PYTHON_BAD), TESTS, 1, 0),
    ]
    (failure,) = [case for case in suites[1] if not case.is_passed]
    assert failure.name == "board-both-win"
    assert failure.result[0].message.endswith("got wins_x=true wins_o=true is_draw=false eval=0")


def test_the_gradebook_weighs_tests_as_the_weights_file_says(tmp_path: Path) -> None:
    weights = tmp_path / "weights.csv"
    weights.write_text("test,weight\nboard-both-win,5\ntestdict 10,2.5\n", encoding="utf-8")
    book = tmp_path / "grades.csv"
    result = run_limited(
        [*GRADE, PYTHON_OK, PYTHON_BAD, "--weights", weights, "--gradebook", book, "--output", tmp_path / "out.txt"]
    )
    assert result.returncode == 1
    most = TESTS - 2 + 5 + 2.5
    assert list(csv.reader(book.open(encoding="utf-8"))) == [
        ["submission", "language", "passed", "failed", "score", "out_of"],
        [str(PYTHON_OK), "python", str(TESTS), "0", f"{most:g}", f"{most:g}"],
        [str(PYTHON_BAD), "python", str(TESTS - 1), "1", f"{most - 5:g}", f"{most:g}"],
    ]


def test_a_weights_file_naming_no_test_is_a_usage_error(tmp_path: Path) -> None:
    weights = tmp_path / "weights.csv"
    weights.write_text("testdict 11,2\n", encoding="utf-8")
    result = run_limited([*GRADE, PYTHON_OK, "--weights", weights])
    assert one_line(result) == f"python -m tictactoe.grade: error: {weights}:1: no test is named 'testdict 11'"


def test_a_class_folder_grades_each_of_its_folders_in_parallel(tmp_path: Path) -> None:
    for name in ("ann", "bob"):
        shutil.copytree(PYTHON_OK, tmp_path / "class" / name)
    (tmp_path / "class" / "cyd").mkdir()  # handed in nothing: still graded, every test failing
    result = run_grader([tmp_path / "class", "--jobs", "2", "--format", "json"])
    report = json.loads(result.stdout)
    assert [(Path(entry["submission"]).name, entry["passed"]) for entry in report] == [
        ("ann", TESTS),
        ("bob", TESTS),
        ("cyd", 0),
    ]
    assert report[2]["tests"][0]["message"].startswith("no submission here: no Java file")
    assert result.returncode == 1


@pytest.mark.parametrize("language", ["java", "python"])
def test_nothing_is_written_into_the_submission(language: str, tmp_path: Path) -> None:
    need_jdk(language)
    original = fixture(language, "writes-own-directory")
    before = tree(original)
    result = run_grader([original, "--timeout", "30"])
    assert result.stdout.splitlines()[-1] == f"{TESTS} passed, 0 failed"
    assert tree(original) == before


@pytest.mark.parametrize("folder", ["unzipped", "My Work", "two\nlines"])
def test_gradescope_s_run_autograder_writes_a_valid_results_json(folder: str, tmp_path: Path) -> None:
    """The shipped run_autograder, in a copy of Gradescope's layout, grading a fixture with a hidden case file.

    The student's folder may have any name: a space or a newline in it splits no path.
    """
    root = tmp_path / "autograder"
    shutil.copytree(PYTHON_BAD, root / "submission" / folder)
    (root / "source" / "cases").mkdir(parents=True)
    shutil.copy(SAMPLE_CASES, root / "source" / "cases" / "hidden.jsonl")
    (root / "venv" / "bin").mkdir(parents=True)
    (root / "venv" / "bin" / "python").symlink_to(sys.executable)
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "PYTHONPATH": str(ROOT)}
    script = ROOT / "docs" / "gradescope" / "run_autograder"
    subprocess.run(["bash", script], env=env, cwd=tmp_path, timeout=300, check=True, capture_output=True)
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    cases = sum(1 for line in SAMPLE_CASES.read_text(encoding="utf-8").splitlines() if line.strip())
    # eval_board() checks X first: one built-in board and four of the sample's catch it.
    assert results["score"] == TESTS + cases - 5
    assert results["output"].startswith(f"{TESTS + cases - 5} passed, 5 failed\nRandom tests from seed ")
    assert len(results["tests"]) == TESTS + cases
    visible, hidden = results["tests"][:TESTS], results["tests"][TESTS:]
    assert all(set(test) == {"name", "score", "max_score", "status", "output"} for test in visible)
    assert all(test["visibility"] == "after_published" for test in hidden)
    assert {test["status"] for test in results["tests"]} == {"passed", "failed"}


def test_run_autograder_falls_back_to_the_account_where_bubblewrap_cannot_run(tmp_path: Path) -> None:
    """A container without user namespaces: a bwrap that fails, as it fails there; the account setup.sh makes grades."""
    if os.geteuid() != 0:
        pytest.skip("--sandbox user:NAME needs the grader to run as root")
    name = grading_account()
    root = tmp_path / "autograder"
    shutil.copytree(PYTHON_OK, root / "submission" / "work")
    (root / "source" / "cases").mkdir(parents=True)
    shutil.copy(SAMPLE_CASES, root / "source" / "cases" / "hidden.jsonl")
    (root / "source" / "cases" / "hidden.jsonl").chmod(0o644)
    (root / "venv" / "bin").mkdir(parents=True)
    (root / "venv" / "bin" / "python").symlink_to(sys.executable)
    no_namespaces = tmp_path / "bin"
    no_namespaces.mkdir()
    (no_namespaces / "bwrap").write_text(
        "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace' >&2\nexit 1\n"
    )
    (no_namespaces / "bwrap").chmod(0o755)
    env = {
        **os.environ,
        "AUTOGRADER_ROOT": str(root),
        "PYTHONPATH": str(ROOT),
        "PATH": f"{no_namespaces}:{os.environ['PATH']}",
        "TICTACTOE_GRADE_ACCOUNT": name,
    }
    script = ROOT / "docs" / "gradescope" / "run_autograder"
    subprocess.run(["bash", script], env=env, cwd=tmp_path, timeout=300, check=True, capture_output=True)
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    cases = sum(1 for line in SAMPLE_CASES.read_text(encoding="utf-8").splitlines() if line.strip())
    assert (results["score"], len(results["tests"])) == (TESTS + cases, TESTS + cases)
    # Full marks: graded, so under the account (the failing bwrap would have stopped the grader, and none warns).
    assert "unconfined" not in results["output"]
    assert (root / "source" / "cases" / "hidden.jsonl").stat().st_mode & 0o077 == 0  # hidden from the account


def test_a_java_submission_in_a_package_is_graded(tmp_path: Path) -> None:
    need_jdk("java")
    submission = tmp_path / "a2"
    submission.mkdir()
    for path in fixture("java", "correct").glob("*.java"):
        (submission / path.name).write_text("package a2;\n\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    result = run_grader([submission])
    assert result.stdout.splitlines()[-1] == f"{TESTS} passed, 0 failed"


def test_an_account_grades_honest_submissions_in_full(tmp_path: Path) -> None:
    """``--sandbox user:NAME``: the correct fixtures, Java and Python, keep every mark under an unprivileged account."""
    need_jdk("java")
    if os.geteuid() != 0:
        pytest.skip("--sandbox user:NAME needs the grader to run as root")
    name = grading_account()
    cases = tmp_path / "hidden.jsonl"
    shutil.copy(SAMPLE_CASES, cases)
    cases.chmod(0o644)
    refused = run_grader([PYTHON_OK, "--sandbox", f"user:{name}", "--cases", cases])
    assert (refused.returncode, one_line(refused)) == (
        2,
        f"python -m tictactoe.grade: the account '{name}' could read '{cases}': hide it from other users first"
        f" (chmod 600 {cases})",
    )
    cases.chmod(0o600)
    result = run_grader([PYTHON_OK, fixture("java", "correct"), "--sandbox", f"user:{name}", "--cases", cases])
    counts = [line for line in result.stdout.splitlines() if line.endswith(" failed")]
    everything = TESTS + sum(1 for line in SAMPLE_CASES.read_text(encoding="utf-8").splitlines() if line.strip())
    assert counts == [f"{everything} passed, 0 failed"] * 2, result.stdout


def test_a_fifo_or_a_link_in_a_submission_is_left_out_with_a_note(tmp_path: Path) -> None:
    submission = tmp_path / "alice"
    shutil.copytree(PYTHON_OK, submission)
    os.mkfifo(submission / "pipe")
    (submission / "elsewhere").symlink_to("/etc")
    result = run_grader([submission, "--seed", "1"])
    lines = result.stdout.splitlines()
    assert lines[3:5] == [
        "   Note: the link 'elsewhere' was left out: only folders and files are copied",
        "   Note: the FIFO 'pipe' was left out: only folders and files are copied",
    ]
    assert (result.returncode, lines[-1]) == (0, f"{TESTS} passed, 0 failed")


def test_class_files_lying_in_the_working_directory_or_the_submission_change_nothing(tmp_path: Path) -> None:
    """javac's class path is an empty folder of the sandbox's: a wrong Data.class anywhere is never used."""
    need_jdk("java")
    wrong = tmp_path / "wrong"
    wrong.mkdir()
    source = (fixture("java", "correct") / "Data.java").read_text(encoding="utf-8")
    (wrong / "Data.java").write_text(source.replace("return score;", "return 0;"), encoding="utf-8")
    subprocess.run(["javac", "-d", str(tmp_path), str(wrong / "Data.java")], check=True, capture_output=True)
    submission = tmp_path / "bob"
    shutil.copytree(fixture("java", "correct"), submission)
    shutil.copy(tmp_path / "Data.class", submission / "Data.class")
    result = run_grader([submission, "--seed", "1"], cwd=tmp_path)
    assert (result.returncode, result.stdout.splitlines()[-1]) == (0, f"{TESTS} passed, 0 failed")


def test_a_dictionary_that_runs_out_of_time_costs_neither_boards_nor_hidden_cases() -> None:
    """After a timeout the process is started again: the board, play and hidden cases still run and pass."""
    need_jdk("java")
    result = run_grader([fixture("java", "loops"), "--cases", SAMPLE_CASES, "--timeout", "2", "--format", "json"])
    tests = json.loads(result.stdout)[0]["tests"]
    failed = {test["name"] for test in tests if test["status"] != "passed"}
    assert failed == {"testdict 9", "collisions-1-bucket", "remove-absent-shared-bucket", "random-dictionary"}


def test_the_submission_s_time_is_bounded_as_a_whole() -> None:
    need_jdk("java")
    result = run_grader([fixture("java", "loops"), "--timeout", "2", "--submission-timeout", "3", "--format", "json"])
    messages = [test["message"] for test in json.loads(result.stdout)[0]["tests"]]
    assert messages[-1] == "not run: the submission's 3 s ran out (--submission-timeout)"


def a_class_with_a_folder_named_as_an_option(tmp_path: Path, name: str) -> Path:
    """A class folder holding an honest submission and a student's folder named like an option."""
    shutil.copytree(PYTHON_OK, tmp_path / "alice")
    (tmp_path / name).mkdir()
    return tmp_path


@pytest.mark.parametrize("name", ["--sandbox=none", "--gradebook=grades.csv", "-h"])
def test_a_folder_named_as_an_option_is_refused_not_obeyed(name: str, tmp_path: Path) -> None:
    """``tictactoe-grade *`` in a class folder: the shell puts the students' names on the command line."""
    folder = a_class_with_a_folder_named_as_an_option(tmp_path, name)
    result = run_limited([*GRADE, *sorted(path.name for path in folder.iterdir())], cwd=folder)
    assert result.returncode == 2, result.stdout
    assert one_line(result) == (
        f"python -m tictactoe.grade: {name!r} reads as an option but is also a file or folder here, perhaps a"
        " submission: put -- before the submissions (python -m tictactoe.grade --jobs 2 -- *), or grade the class by"
        " its folder"
    )
    assert not (folder / "grades.csv").exists()


def test_after_a_double_dash_a_folder_named_as_an_option_is_a_submission(tmp_path: Path) -> None:
    folder = a_class_with_a_folder_named_as_an_option(tmp_path, "--sandbox=none")
    result = run_grader(["--seed", "3", "--", "--sandbox=none", "alice"], cwd=folder)
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert lines[0] == "Random tests from seed 3 (--seed 3 repeats them)"  # no warning: still in the sandbox
    assert "--sandbox=none (unknown)" in lines
    assert lines[-1] == f"{TESTS} passed, 0 failed"


def test_an_option_is_never_abbreviated(tmp_path: Path) -> None:
    """``--sand none`` could come from a folder's name as easily as ``--sandbox=none``: only whole names count."""
    result = run_limited([*GRADE, PYTHON_OK, "--sand", "none"])
    assert result.returncode == 2
    assert one_line(result) == "python -m tictactoe.grade: error: unrecognized arguments: --sand none"


def test_a_gradebook_of_a_class_with_hostile_folder_names_reads_back_row_by_row(tmp_path: Path) -> None:
    """Folder names with a formula, a line break and an escape code, beside an honest classmate."""
    group = tmp_path / "class"
    shutil.copytree(PYTHON_OK, group / "alice")
    for name in ("=cmd|' /C calc'!A0", "two\nlines\x1b[31m"):
        shutil.copytree(PYTHON_OK, group / name)
    book = tmp_path / "grades.csv"
    result = run_grader(["--gradebook", book, "--", *sorted(path.name for path in group.iterdir())], cwd=group)
    assert result.returncode == 0, result.stderr
    with book.open(encoding="utf-8", newline="") as rows:
        names = [row[0] for row in csv.reader(rows)]
    assert names == ["submission", "'=cmd|' /C calc'!A0", "alice", "two\\nlines\\x1b[31m"]


def test_byte_identical_submissions_are_graded_and_marked_as_the_same(tmp_path: Path) -> None:
    """Two students hand in the same files (a cache beside them changes nothing): each is graded, and says so."""
    group = tmp_path / "class"
    for name in ("alice", "bob", "dora"):
        shutil.copytree(PYTHON_OK, group / name)
    (group / "dora" / "__pycache__").mkdir()
    (group / "dora" / "__pycache__" / "hashdict.cpython-311.pyc").write_bytes(b"compiled")
    shutil.copytree(PYTHON_BAD, group / "carol")
    result = run_grader([group, "--format", "json", "--seed", "2"])
    notes = {Path(entry["submission"]).name: entry["notes"] for entry in json.loads(result.stdout)}
    passed = {Path(entry["submission"]).name: entry["failed"] == 0 for entry in json.loads(result.stdout)}
    same = "same as {}: the same files, byte for byte"
    assert notes == {
        "alice": [same.format(f"{group}/bob, {group}/dora")],
        "bob": [same.format(f"{group}/alice, {group}/dora")],
        "carol": [],
        "dora": [same.format(f"{group}/alice, {group}/bob")],
    }
    assert passed == {"alice": True, "bob": True, "carol": False, "dora": True}
