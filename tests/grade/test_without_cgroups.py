"""A teacher without root and without a control group: the limits of each process, one submission at a time.

Run as root, the test grades as an unprivileged account of its own (root is exempt from the per-user process limit,
so only an ordinary teacher shows it working); where that account cannot run a Python of 3.11 or later, it skips.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.grade.helpers import FIXTURES, NO_BWRAP, NO_JDK, SEED, fixture, missing
from tests.paths import ROOT

pytestmark = pytest.mark.slow

TEACHER = "tictactoe-grade-teacher"


def as_teacher() -> list[str]:
    """The command prefix that runs a program as an unprivileged teacher: nothing when the tests are not root."""
    if os.geteuid() != 0:
        return []
    if subprocess.run(["id", "-u", TEACHER], capture_output=True, check=False).returncode != 0:
        command = ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", TEACHER]
        made = subprocess.run(command, capture_output=True, text=True, check=False)
        assert made.returncode in (0, 9), made.stderr
    return [
        "setpriv",
        f"--reuid={TEACHER}",
        f"--regid={TEACHER}",
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--",
    ]


def teacher_python(prefix: list[str]) -> str | None:
    """A Python of 3.11 or later that the teacher can run, or None."""
    probe = "import sys; sys.exit(sys.version_info < (3, 11))"
    # The system's first: a Python below root's home may run for the teacher, yet not inside the teacher's bubblewrap.
    for candidate in dict.fromkeys(["/usr/bin/python3", os.path.realpath(shutil.which("python3") or "")]):
        if (
            candidate
            and subprocess.run([*prefix, candidate, "-c", probe], capture_output=True, check=False).returncode == 0
        ):
            return candidate
    return None


def test_without_a_control_group_the_classmate_beside_a_fork_bomb_keeps_full_marks() -> None:
    """The fork bomb tries twice the 128 tasks a submission may have: the per-user limit stops it, and grading one
    submission at a time keeps that limit from starving the classmate's JVM.  The report says which limits held."""
    missing(NO_BWRAP)
    missing(NO_JDK)
    prefix = as_teacher()
    python = teacher_python(prefix)
    if python is None:
        pytest.skip("no Python of 3.11 or later that an unprivileged teacher can run")
    folder = Path(tempfile.mkdtemp(prefix="tictactoe-teacher-"))
    try:
        shutil.copytree(FIXTURES / "hostile" / "python" / "fork-bomb", folder / "class" / "00-fork-bomb")
        shutil.copytree(fixture("java", "correct"), folder / "class" / "01-innocent")
        # The project as the teacher has it: a copy of its own, since the checkout may sit where only root reads
        # (continuous integration's is in a folder of mode 0700).
        for package in ("hashdict", "configurations", "tictactoe"):
            shutil.copytree(ROOT / package, folder / "project" / package, ignore=shutil.ignore_patterns("__pycache__"))
        if prefix:
            for path in [folder, *folder.rglob("*")]:
                shutil.chown(path, TEACHER, TEACHER)
        command = [*prefix, python, "-m", "tictactoe.grade", "class", "--jobs", "2", "--format", "json"]
        result = subprocess.run(
            [*command, "--seed", str(SEED), "--timeout", "10"],
            capture_output=True,
            text=True,
            cwd=folder,
            env={
                "PATH": os.environ["PATH"],
                "HOME": str(folder),
                "PYTHONPATH": str(folder / "project"),
                "LANG": "C.UTF-8",
            },
            timeout=600,
            check=False,
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report = json.loads(result.stdout or "null")
    assert report is not None, result.stderr
    failed = {
        Path(entry["submission"]).name: [test["name"] for test in entry["tests"] if test["status"] != "passed"]
        for entry in report
    }
    # The fork bomb's every verdict stands but the policy's: its attack holds a dict, which the policy reports.
    assert failed == {"00-fork-bomb": ["policy"], "01-innocent": []}
    limits = report[0]["limits"]
    assert "a per-process memory limit does not bound a submission's total" in limits or "control group" in limits
    if "no control group" in limits:
        assert "graded one at a time" in limits
