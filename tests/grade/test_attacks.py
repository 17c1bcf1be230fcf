"""Hostile submissions graded in a class beside innocent ones: every attack fails, and leaves the machine as it was.

Each fixture of ``fixtures/hostile/<language>/`` is an honest submission
with an attack between ``ATTACK BEGIN`` and ``ATTACK END``; removed, the rest
is its honest code (its twin).  An attack that works turns the honest code
wrong (its ``get`` finds 0 for absent keys), so a verdict equal to the
twin's shows that it did not work; an attack that forges answers (steals the
driver's pipes, replaces the driver) may only lose marks, never gain them.

The whole hostile class of a language is graded at once, ``--jobs 2``, with
an innocent submission (the correct Java fixture) after each attacker, as a
teacher grades a class: from a working directory holding a secret file and
the hidden case file, with a home of its own, a listener on 127.0.0.1, and
root's files of mode 600 and 000 in /var/tmp.  For the machine's safety the
grader itself runs in a control group of twice the grader's own limits
(256 tasks, 2 GB), so that a limit that failed would fail the test, never
the machine; each attacker is bounded by itself to twice the limit it tries.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import junitparser
import pytest

from tests.grade.helpers import FIXTURES, NO_BWRAP, NO_CGROUPS, NO_JDK, SEED, fixture, made_once, missing
from tests.paths import ROOT
from tictactoe.grade import cgroups
from tictactoe.grade.formats.junit import junit_report
from tictactoe.grade.formats.run import RunInfo
from tictactoe.grade.formats.text import text_report
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.results import Status, SubmissionResult
from tictactoe.grade.results import TestResult as Outcome
from tictactoe.grade.sandbox import choice
from tictactoe.grade.submission import expand, refused_link
from tictactoe.grade.suite import builtin_suite

pytestmark = pytest.mark.slow

LANGUAGES = ("java", "python")
HOSTILE = FIXTURES / "hostile"
ATTACKS = {language: sorted(path.name for path in (HOSTILE / language).iterdir()) for language in LANGUAGES}
#: Attacks that forge answers: they may only lose marks against their honest code.
FORGERS = {"steal-channel", "monkeypatch-driver", "replace-driver"}
#: The test's own limits around the whole grader: twice the grader's for each submission.
OUTER_TASKS = 2 * Limits().tasks
OUTER_MEMORY = 2 * Limits().memory_megabytes * 2**20
TIMEOUT = "10"  # processor seconds: play-4x4-speed takes Python about 5, on a loaded machine too
ROOT_FILES = {"600": 0o600, "000": 0o000}
#: The files that hold only attacks: a twin holds them too, unused.
ATTACK_FILES = {"attack.py", "Attack.java", "Hog.java", "Rewriter.java"}


def twin_of(folder: Path, into: Path) -> Path:
    """A copy of ``folder`` without what lies between ATTACK BEGIN and ATTACK END: its honest code."""
    shutil.copytree(folder, into)
    for path in into.iterdir():
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        kept, inside = [], False
        for line in lines:
            if "ATTACK BEGIN" in line:
                inside = True
            elif "ATTACK END" in line:
                inside = False
            elif not inside:
                kept.append(line)
        path.write_text("".join(kept), encoding="utf-8")
    return into


def tree(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every file under ``folder``: its mode and bytes."""
    return {
        str(path.relative_to(folder)): (path.stat().st_mode, path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def hostile_processes() -> list[str]:
    """The command lines of processes that the attacks mark, or that hold a hostile fixture's name."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if b"tictactoe-hostile" in command:
                found.append(command.decode("utf-8", "replace"))
    return found


@dataclass
class Listener:
    """A TCP listener on 127.0.0.1 that records whatever connects."""

    socket: socket.socket = field(default_factory=socket.socket)
    heard: list[bytes] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen()
        threading.Thread(target=self._serve, daemon=True).start()

    @property
    def port(self) -> int:
        return int(self.socket.getsockname()[1])

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            with connection:
                self.heard.append(connection.recv(1024) or b"(connected)")


@dataclass
class Graded:
    """What grading a hostile class found: each submission's report, each twin's, and what changed around it."""

    reports: dict[str, dict[str, Any]]
    twins: dict[str, dict[str, Any]]
    changed: list[str]
    heard: list[bytes]
    left: list[str]


def grade_in_bounds(arguments: list[str | Path], cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """The grader, run in a control group of twice its own limits, from ``cwd`` with ``home``."""
    hierarchy = cgroups.find()
    assert hierarchy is not None
    group = hierarchy.make(OUTER_MEMORY, OUTER_TASKS)
    try:
        joins = " && ".join(f"echo $$ > {folder}/cgroup.procs" for folder in group.folders)
        command = ["/bin/sh", "-c", f'{joins} && exec "$@"', "sh", sys.executable, "-m", "tictactoe.grade"]
        return subprocess.run(
            [*command, *map(str, arguments)],
            capture_output=True,
            text=True,
            cwd=cwd,
            env={**os.environ, "HOME": str(home), "PYTHONPATH": str(ROOT)},
            timeout=1200,
            check=False,
        )
    finally:
        group.close()


def _class(language: str, root: Path, port: int) -> Path:
    """The class: each attacker, with the listener's port written in, and an innocent after it."""
    klass = root / "class"
    klass.mkdir()
    for number, name in enumerate(ATTACKS[language]):
        attacker = klass / f"{number:02}-{name}"
        shutil.copytree(HOSTILE / language / name, attacker)
        for path in attacker.iterdir():
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace("PORT = 0", f"PORT = {port}"), encoding="utf-8")
        shutil.copytree(fixture("java", "correct"), klass / f"{number:02}-{name}-innocent")
    return klass


def _teacher(root: Path) -> tuple[Path, Path, Path]:
    """The teacher's working directory (a secret, the hidden cases), home (a .bashrc), and the report's folder."""
    teacher, home, out = root / "teacher", root / "home", root / "out"
    for folder in (teacher, home, out):
        folder.mkdir()
    (teacher / "tictactoe-secret.txt").write_text("the teacher's secret\n", encoding="utf-8")
    case = {"id": "hidden-1", "check": "board", "size": 3, "length": 3, "board": ["XXX", "OO ", "   "],
            "expect": {"wins_x": True, "eval": 0}}  # fmt: skip
    (teacher / "hidden.jsonl").write_text(json.dumps(case) + "\n", encoding="utf-8")
    (teacher / "hidden.jsonl").chmod(0o600)
    (home / ".bashrc").write_text("# the teacher's\n", encoding="utf-8")
    return teacher, home, out


# Held while a hostile class is graded: the classes of both languages plant the same root files, which the attacks
# look for by name, and each run looks for every marked process, so two test workers must not grade them at once.
LOCK = Path("/var/tmp/tictactoe-grade-attacks.lock")


@cache
def graded(language: str, folder: Path) -> Graded:
    """The hostile class of ``language`` graded once in a test run (``folder``: its ``run_folder``), with the twins
    graded alone, one class at a time on the machine."""
    return made_once(folder, f"hostile-{language}", lambda: _graded_one_at_a_time(language))


def _graded_one_at_a_time(language: str) -> Graded:
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _graded_alone(language)


def _graded_alone(language: str) -> Graded:
    root = Path(tempfile.mkdtemp(prefix="tictactoe-attacks-"))
    listener = Listener()
    try:
        teacher, home, out = _teacher(root)
        klass = _class(language, root, listener.port)
        planted = _plant_root_files()
        watched = {"teacher": teacher, "home": home, "class": klass}
        before = {name: tree(folder) for name, folder in watched.items()} | {"root": _root_files(planted)}
        common: list[str | Path] = [
            "--cases",
            teacher / "hidden.jsonl",
            "--seed",
            str(SEED),
            "--timeout",
            TIMEOUT,
            "--format",
            "json",
        ]
        grade_in_bounds([klass, *common, "--jobs", "2", "--output", out / "report.json"], teacher, home)
        after = {name: tree(folder) for name, folder in watched.items()} | {"root": _root_files(planted)}
        changed = [name for name in before if before[name] != after[name]]
        left = hostile_processes()
        twins = _twins(language, root / "twins")
        grade_in_bounds([root / "twins", *common, "--jobs", "2", "--output", out / "twins.json"], teacher, home)
        reports = {Path(entry["submission"]).name: entry for entry in json.loads((out / "report.json").read_text())}
        graded_twins = {Path(entry["submission"]).name: entry for entry in json.loads((out / "twins.json").read_text())}
        twin_reports = {attack: graded_twins[folder] for attack, folder in twins.items()}
        return Graded(reports, twin_reports, changed, list(listener.heard), left)
    finally:
        listener.socket.close()
        for path in Path("/var/tmp").glob("tictactoe-grade-root-*"):
            path.unlink()
        shutil.rmtree(root, ignore_errors=True)


def _twins(language: str, into: Path) -> dict[str, str]:
    """Each attack's twin, made in ``into``: the name of its folder there, twins of the same honest code made once."""
    made: dict[tuple[tuple[str, bytes], ...], str] = {}
    folders = {}
    for name in ATTACKS[language]:
        twin = twin_of(HOSTILE / language / name, into / name)
        honest = tuple(
            (path.name, path.read_bytes()) for path in sorted(twin.iterdir()) if path.name not in ATTACK_FILES
        )
        if honest in made:
            shutil.rmtree(twin)
        folders[name] = made.setdefault(honest, name)
    return folders


def _plant_root_files() -> list[Path]:
    """root's secrets of mode 600 and 000 in /var/tmp, outside the working directory and home."""
    paths = []
    for suffix, mode in ROOT_FILES.items():
        path = Path("/var/tmp") / f"tictactoe-grade-root-{suffix}"
        path.write_text("root's secret\n", encoding="utf-8")
        path.chmod(mode)
        paths.append(path)
    return paths


def _root_files(paths: list[Path]) -> dict[str, tuple[int, int]]:
    return {str(path): (path.stat().st_mode, path.stat().st_size) for path in paths}


def _statuses(entry: dict[str, Any]) -> dict[str, str]:
    return {test["name"]: test["status"] for test in entry["tests"]}


def _passed(entry: dict[str, Any]) -> set[str]:
    return {name for name, status in _statuses(entry).items() if status == "passed"}


def _need(language: str) -> None:
    missing(NO_BWRAP)
    missing(NO_CGROUPS)
    missing(NO_JDK)  # the innocent beside every attacker is in Java
    if os.geteuid() != 0:
        pytest.skip("root's files of mode 600 and 000 are planted by root")


@pytest.mark.parametrize(("language", "attack"), [(lang, name) for lang in LANGUAGES for name in ATTACKS[lang]])
def test_the_attack_fails_and_the_innocent_beside_it_keeps_full_marks(
    language: str, attack: str, run_folder: Path
) -> None:
    _need(language)
    result = graded(language, run_folder)
    number = ATTACKS[language].index(attack)
    attacker, twin = result.reports[f"{number:02}-{attack}"], result.twins[attack]
    if attack in FORGERS:
        assert _passed(attacker) <= _passed(twin)
    elif attack == "loops-at-load":
        assert _passed(attacker) == _passed(twin) & {"policy"}  # the policy reads attack.py too, as the twin's
        assert all("did not finish loading" in test["message"] for test in attacker["tests"][:-2])
    else:
        assert _statuses(attacker) == _statuses(twin)
    innocent = result.reports[f"{number:02}-{attack}-innocent"]
    assert (innocent["passed"], innocent["failed"]) == (len(innocent["tests"]), 0)
    assert (result.changed, result.heard, result.left) == ([], [], [])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_limits_stopped_the_fork_bomb_and_the_memory_hog(language: str, run_folder: Path) -> None:
    """Twice the limit tried, the grader's limit hit: its note says so, and the attacker's verdict is its twin's."""
    _need(language)
    reports = graded(language, run_folder).reports
    fork_bomb = reports[f"{ATTACKS[language].index('fork-bomb'):02}-fork-bomb"]
    memory_hog = reports[f"{ATTACKS[language].index('memory-hog'):02}-memory-hog"]
    assert any("fork(s) or thread(s) refused: the limit is 128 tasks" in note for note in fork_bomb["notes"])
    assert any("ended for want of memory: the limit is 1024 MB" in note for note in memory_hog["notes"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_escape_codes_and_nul_reach_no_report_raw(language: str, tmp_path: Path, run_folder: Path) -> None:
    _need(language)
    entry = graded(language, run_folder).reports[f"{ATTACKS[language].index('escape-codes'):02}-escape-codes"]
    tests = tuple(Outcome(test["name"], Status(test["status"]), test["message"]) for test in entry["tests"])
    result = SubmissionResult(str(entry["submission"]), language, tests)
    assert any("\x1b]0;owned\x07" in test.message for test in tests)  # what the code raised, as it raised it
    text = text_report(result)
    assert not {"\x1b", "\x00", "\x07"} & set(text)
    assert "\\x1b]0;owned\\x07\\x1b[2J\\x1b[31mthe board is haunted\\x00\\x1b[0m" in text
    path = tmp_path / "report.xml"
    path.write_text(junit_report([result], RunInfo(SEED, "bwrap")), encoding="utf-8")
    assert sum(suite.errors for suite in junitparser.JUnitXml.fromfile(str(path))) == entry["failed"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_process_left_behind_cannot_rewrite_results_json(language: str, tmp_path: Path) -> None:
    """Gradescope's run_autograder with an attacker that leaves a process rewriting results.json to 999."""
    _need(language)
    root = tmp_path / "autograder"
    shutil.copytree(HOSTILE / language / "rewrite-results", root / "submission" / "My Work")
    (root / "source" / "cases").mkdir(parents=True)
    (root / "venv" / "bin").mkdir(parents=True)
    (root / "venv" / "bin" / "python").symlink_to(sys.executable)
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "PYTHONPATH": str(ROOT)}
    script = ROOT / "docs" / "gradescope" / "run_autograder"
    subprocess.run(["bash", script], env=env, cwd=tmp_path, timeout=600, check=True, capture_output=True)
    assert hostile_processes() == []  # none left to write later
    results = json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))
    # Every test that runs code passed: the policy, which reads attack.py too, is the only one that may fail.
    assert results["score"] == sum(test["score"] for test in results["tests"])
    assert all(test["score"] == test["max_score"] for test in results["tests"] if test["name"] != "policy")


def test_a_link_in_a_class_is_refused_never_followed(tmp_path: Path) -> None:
    """A class unzipped as handed in may hold links: one to the teacher's folder of cases, one to a classmate's work.
    Each is listed, refused with a note and every test failed; the classmate beside them keeps full marks."""
    missing(NO_BWRAP)
    teacher = tmp_path / "teacher"
    shutil.copytree(fixture("python", "correct"), teacher)
    (teacher / "hidden.jsonl").write_text("the teacher's cases\n", encoding="utf-8")
    group = tmp_path / "class"
    shutil.copytree(fixture("python", "correct"), group / "alice")
    (group / "bob").symlink_to(teacher)
    (group / "carol").symlink_to(group / "alice")
    (group / "dave").symlink_to(teacher / "hidden.jsonl")
    submissions = expand([group])
    assert [path.name for path in submissions] == ["alice", "bob", "carol", "dave"]
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        alice, *links = grader.grade_all(submissions, 2, lambda done: None)
    assert alice.all_passed
    for link in links:
        assert link.passed == 0
        assert link.notes == (refused_link(Path(link.submission)),)
        assert all(test.message.startswith("a link, refused: the grader never follows one") for test in link.tests)
