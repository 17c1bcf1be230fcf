"""The sandbox and the limits, tried on harmless programs: what a submission's process can see, write, reach and use.

Each test runs a small shell (or Python) program in a real jail, as the
grader runs a submission's processes, and reads what it could do.  The
limits are set low here (a scratch of 4 MB, 64 MB of memory, 24 tasks), and
each program is bounded by itself too (it writes, allocates or forks at
most twice the limit), so that a limit that failed would fail the test,
never the machine.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from pathlib import Path

import pytest

from tests.grade.helpers import IN_CI, NO_BWRAP, NO_CGROUPS, grading_account, missing
from tictactoe.grade import cgroups
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import Completed, Program, Sandbox, SandboxError, choice

SMALL = Limits(scratch_megabytes=4, memory_megabytes=64, tasks=24, file_megabytes=8)
PYTHON = os.path.realpath(sys.executable)
PREFIX = (Path(sys.base_prefix),)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "grader"
    folder.mkdir()
    return folder


def run(root: Path, command: list[str], *, kind: str = "bwrap", limits: Limits = SMALL) -> tuple[Completed, list[str]]:
    """``command`` run to its end in a submission's jail: what it printed, and the jail's notes on its limits."""
    sandbox = Sandbox(choice(kind), limits, root, threading.Event())
    sandbox.check()
    with sandbox.jail(root / "submission") as jail:
        completed = jail.run(Program(lambda place, command_fd, answer_fd: command, system=PREFIX), timeout=60)
        return completed, jail.notes()


def shell(root: Path, script: str, **options: object) -> Completed:
    return run(root, ["/bin/sh", "-c", script], **options)[0]  # type: ignore[arg-type]


@pytest.fixture
def bwrap() -> None:
    missing(NO_BWRAP)


@pytest.fixture
def limited() -> None:
    missing(NO_CGROUPS)


def test_ci_has_the_control_groups_that_hold_each_submission_s_memory_and_processes() -> None:
    """With CI=true the per-submission limits must be in force: the grader refuses to run without them."""
    if not IN_CI:
        pytest.skip("CI is not true: a machine without control groups grades with limits per process")
    assert cgroups.find() is not None


@pytest.mark.usefixtures("bwrap")
def test_the_process_sees_only_the_allowlist_and_its_scratch(root: Path) -> None:
    result = shell(root, "ls -a /; echo; pwd; echo $HOME; ls /proc | grep -c '^[0-9]'")
    listed, rest = result.stdout.split("\n\n")
    allowed = {".", "..", "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "proc", "dev", "scratch"}
    top_of_prefix = Path(sys.base_prefix).parts[1]
    assert set(listed.split()) - {top_of_prefix} <= allowed
    assert {"usr", "proc", "dev", "scratch"} <= set(listed.split())
    where, home, processes = rest.split()
    assert (where, home) == ("/scratch", "/scratch")
    assert int(processes) <= 4  # its own PID namespace: bubblewrap's init, the shell, ls and grep


@pytest.mark.usefixtures("bwrap")
def test_the_scratch_is_the_only_writable_place_and_is_capped(root: Path) -> None:
    script = (
        "for path in /usr/planted /planted /proc/planted /dev/planted; do touch $path 2>/dev/null && echo wrote"
        " $path; done; head -c 8388608 /dev/zero > /scratch/filler 2>/dev/null; wc -c < /scratch/filler"
    )
    result = shell(root, script)
    assert "wrote" not in result.stdout
    assert int(result.stdout.split()[-1]) <= 4 * 2**20  # twice the cap asked for, the cap given
    assert int(result.stdout.split()[-1]) > 3 * 2**20


@pytest.mark.usefixtures("bwrap")
def test_the_process_has_no_network(root: Path) -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.5)
        port = listener.getsockname()[1]
        code = (
            f"import socket\ntry:\n socket.create_connection(('127.0.0.1', {port}), 2)\n print('connected')\n"
            "except OSError as error:\n print(error.errno)"
        )
        result, _ = run(root, [PYTHON, "-I", "-S", "-c", code])
        with pytest.raises(TimeoutError):
            listener.accept()
    assert result.stdout.strip() != "connected"


@pytest.mark.usefixtures("bwrap")
def test_the_process_has_no_capability_and_cannot_unmount_or_make_namespaces(root: Path) -> None:
    script = (
        "grep CapEff /proc/self/status; umount /scratch 2>/dev/null && echo unmounted;"
        " mount -o remount,rw /usr 2>/dev/null && echo remounted; unshare -U true 2>/dev/null && echo unshared; id -u"
    )
    result = shell(root, script)
    assert result.stdout.split() == ["CapEff:", "0000000000000000", "65534"]


@pytest.mark.slow
@pytest.mark.usefixtures("bwrap", "limited")
def test_a_submission_s_memory_is_capped_as_a_whole(root: Path) -> None:
    """Three processes of 40 MB each (twice the 64 MB limit together): the kernel ends one, and says so."""
    code = (
        "import time\nblock = bytearray(40 * 2**20)\nfor i in range(0, len(block), 4096): block[i] = 1\ntime.sleep(3)"
    )
    script = f"for i in 1 2 3; do {PYTHON} -I -S -c '{code}' & done; wait; echo done"
    result, notes = run(root, ["/bin/sh", "-c", script])
    assert result.stdout.strip() == "done"
    assert any("ended for want of memory: the limit is 64 MB" in note for note in notes), notes


@pytest.mark.usefixtures("bwrap", "limited")
def test_a_submission_s_processes_are_capped_as_a_whole(root: Path) -> None:
    """48 sleeping processes (twice the limit of 24 tasks): some forks are refused, and the jail says so."""
    script = "n=0; for i in $(seq 48); do sleep 30 & n=$((n+1)); done 2>/dev/null; echo started"
    result, notes = run(root, ["/bin/sh", "-c", script])
    assert any("fork(s) or thread(s) refused: the limit is 24 tasks" in note for note in notes), notes
    assert result.stdout.strip() in ("", "started")


@pytest.mark.usefixtures("bwrap")
def test_no_process_outlives_its_jail(root: Path) -> None:
    marker = f"tictactoe-grade-left-{os.getpid()}"
    shell(root, f"setsid sh -c 'exec -a {marker} sleep 300' & (sh -c 'exec -a {marker} sleep 300' &) ; echo left")
    assert not _running(marker)


def _running(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_a_missing_account_is_one_line_saying_how_to_make_it(root: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("--sandbox user:NAME needs root")
    sandbox = Sandbox(choice("user:tictactoe-nobody-here"), SMALL, root, threading.Event())
    with pytest.raises(SandboxError, match=r"^no account 'tictactoe-nobody-here' .*: make one with useradd"):
        sandbox.check()


@pytest.fixture
def account() -> str:
    """An unprivileged account for ``--sandbox user:NAME`` (made here when missing: the tests run as root)."""
    if os.geteuid() != 0:
        missing("--sandbox user:NAME needs the grader to run as root")
    return grading_account()


@pytest.mark.slow
@pytest.mark.usefixtures("limited")
def test_an_account_runs_the_code_without_the_grader_s_rights(root: Path, account: str, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("teacher's\n", encoding="utf-8")
    secret.chmod(0o600)
    marker = f"tictactoe-grade-left-{os.getpid()}"
    script = (
        f"id -un; cat {secret} 2>/dev/null || echo unreadable; touch /planted 2>/dev/null || echo unwritable;"
        f" setsid sh -c 'exec -a {marker} sleep 300' & echo left"
    )
    result, _ = run(root, ["/bin/sh", "-c", script], kind=f"user:{account}")
    assert result.stdout.split() == [account, "unreadable", "unwritable", "left"]
    assert not _running(marker)


def test_an_account_s_scratch_is_capped_too(root: Path, account: str) -> None:
    """``user:NAME``: root mounts a tmpfs of the scratch's size for the account, which fills that and no more."""
    result = shell(root, "head -c 8388608 /dev/zero > filler 2>/dev/null; wc -c < filler", kind=f"user:{account}")
    assert 3 * 2**20 < int(result.stdout.split()[-1]) <= 4 * 2**20  # 8 MB tried, the 4 MB cap given
    assert not [line for line in Path("/proc/self/mounts").read_text().splitlines() if str(root) in line]
