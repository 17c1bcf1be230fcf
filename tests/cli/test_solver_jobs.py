"""Tests of python -m tictactoe.solver solving as jobs, as a person runs it: --workers, --scheduler (a real Dask
cluster), --resume after kill -9, Ctrl-C, and the progress line at a terminal."""

from __future__ import annotations

import os
import pty
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from typing import TYPE_CHECKING

import pytest

from tests.limited import one_line, run_limited
from tests.paths import ROOT
from tests.started import started
from tictactoe.cli import solver as solver_cli
from tictactoe.solver.jobs.tree import JobTree

if TYPE_CHECKING:
    from pathlib import Path

SOLVE = ["-m", "tictactoe.solver"]


def solve(*arguments: object) -> list[str]:
    result = run_limited([*SOLVE, *map(str, arguments)])
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout.splitlines()


@pytest.mark.slow
def test_the_value_and_the_certificate_are_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    reports = {}
    for workers in ("1", "2", "3"):
        lines = solve("5", "4", "--workers", workers, "--proof", tmp_path / f"{workers}.txt")
        reports[workers] = [line for line in lines if not line.startswith(("nodes", "seconds"))]
    assert (
        reports["1"]
        == reports["2"]
        == reports["3"]
        == [
            "value: draw",
            "best: c3",
            "sub-positions: 6",
        ]
    )
    one = (tmp_path / "1.txt").read_bytes()
    assert one == (tmp_path / "2.txt").read_bytes() == (tmp_path / "3.txt").read_bytes()
    checked = run_limited(["-m", "tictactoe.proofcheck", tmp_path / "2.txt"])
    assert checked.stdout.splitlines()[:2] == ["proof: valid", "value: draw"]


@pytest.mark.slow
def test_a_dask_cluster_solves_the_same(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="dask is not installed (pip install '.[cluster]')")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        lines = solve("5", "4", "--scheduler", cluster.scheduler_address, "--proof", tmp_path / "dask.txt")
    assert lines[0] == "value: draw"
    assert lines[-1] == "sub-positions: 6"
    solve("5", "4", "--workers", "1", "--proof", tmp_path / "here.txt")
    assert (tmp_path / "dask.txt").read_bytes() == (tmp_path / "here.txt").read_bytes()


@pytest.mark.slow
def test_no_scheduler_at_the_address_is_one_line_and_status_1() -> None:
    pytest.importorskip("distributed", reason="dask is not installed (pip install '.[cluster]')")
    result = run_limited([*SOLVE, "3", "3", "--scheduler", "tcp://127.0.0.1:9"])
    assert result.returncode == 1
    assert one_line(result).startswith("python -m tictactoe.solver: no Dask scheduler answers at 'tcp://127.0.0.1:9'")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("address", "status", "reason"),
    [
        ("garbage", 2, "error: --scheduler: 'garbage' is no Dask scheduler's address: missing port number"),
        ("", 2, "error: --scheduler: '' is no Dask scheduler's address"),
        ("tcp://", 2, "error: --scheduler: 'tcp://' is no Dask scheduler's address"),
        ("http://127.0.0.1:8786", 2, "is no Dask scheduler's address: unknown address scheme 'http'"),
        ("tcp://[::1", 2, "error: --scheduler: 'tcp://[::1' is no Dask scheduler's address"),
        ("inproc://nothing", 2, "error: --scheduler: 'inproc://nothing' is no Dask scheduler's address"),
        ("tls://127.0.0.1:9", 1, "python -m tictactoe.solver: no Dask scheduler answers at 'tls://127.0.0.1:9'"),
    ],
)
def test_a_scheduler_address_that_cannot_be_used_is_one_line(address: str, status: int, reason: str) -> None:
    pytest.importorskip("distributed", reason="dask is not installed (pip install '.[cluster]')")
    result = run_limited([*SOLVE, "3", "3", "--scheduler", address])
    assert result.returncode == status
    assert reason in one_line(result)


@pytest.mark.slow
def test_a_restricted_solve_on_workers_writes_a_valid_certificate(tmp_path: Path) -> None:
    # Every worker's job that X did not win once ended in a traceback ("no move reaches 0"): its search was
    # asked to prove O's strategy, which must answer X's moves outside the region too.
    proof = tmp_path / "p.txt"
    result = run_limited([*SOLVE, "6", "4", "--restrict", "4x4", "--workers", "2", "--proof", proof])
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[0] == "value: X wins"
    checked = run_limited(["-m", "tictactoe.proofcheck", proof])
    assert checked.stdout.splitlines()[:2] == ["proof: valid", "value: X wins"]


def stored(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT job, low, high, nodes, seconds FROM answers ORDER BY job").fetchall()


@pytest.mark.slow
def test_a_run_killed_and_resumed_solves_nothing_it_had_stored(tmp_path: Path) -> None:
    db = tmp_path / "answers.db"
    command = [sys.executable, *SOLVE, "5", "4", "--workers", "1", "--split", "200", "--resume", str(db)]
    with subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    ) as run:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (db.exists() and stored(db)):
            time.sleep(0.05)
        os.killpg(run.pid, signal.SIGKILL)
        run.communicate()
    before = stored(db)
    assert len(before) >= 1
    lines = solve("5", "4", "--workers", "2", "--split", "200", "--resume", db)
    assert lines[0] == "value: draw"
    assert re.fullmatch(rf"sub-positions: [0-9]+ \({len(before)} resumed\)", lines[-1])
    assert int(lines[-1].split()[1]) > len(before)  # the rest was solved
    after = stored(db)
    assert set(before) <= set(after)  # each stored answer untouched
    new_nodes = sum(int(row[3]) for row in after if row not in before)  # type: ignore[call-overload]
    assert f"nodes: {new_nodes}" in lines  # this run visited only the positions of the answers it added


def started_workers(parent: int, count: int) -> list[int]:
    """The process ids of ``parent``'s children once there are ``count`` of them: its workers, started."""
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < count and time.monotonic() < deadline:
        time.sleep(0.05)
        listed = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True, check=False)
        workers = [int(pid) for pid in listed.stdout.split()]
    return workers


def default_signals() -> None:
    """In a child about to run a program: Ctrl-C and SIGTERM handled as a program started at a terminal finds
    them, whatever the test run's own (a run started in the background ignores SIGINT, and its children with it)."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def two_worker_solve(tmp_path: Path) -> subprocess.Popen[str]:
    """7x7, five in a row, solved by two workers into a resume file in ``tmp_path``, its signals as a terminal's."""
    return subprocess.Popen(
        [sys.executable, *SOLVE, "7", "5", "--workers", "2", "--resume", str(tmp_path / "a.db")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_signals,  # noqa: PLW1509 (the test's process has no thread a fork could catch)
    )


def test_ctrl_c_stops_the_workers_and_ends_quietly(tmp_path: Path) -> None:
    with two_worker_solve(tmp_path) as run:
        workers = started_workers(run.pid, 2)
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 130
    assert (out, err) == ("", "python -m tictactoe.solver: interrupted\n")
    assert len(workers) >= 2
    for pid in workers:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.slow
def test_at_a_terminal_the_progress_shows_on_standard_error() -> None:
    main, secondary = pty.openpty()
    command = [sys.executable, *SOLVE, "4x7", "4", "--workers", "2", "--think", "3"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=secondary) as run:
        os.close(secondary)
        shown = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        out = run.communicate(timeout=60)[0]
    os.close(main)
    assert out.decode().startswith("value: ")
    progress = re.findall(rb"sub-positions: \d+ proved, \d+ left; [\d,]+ positions/s; 0:00:0\d", shown)
    assert progress, shown
    assert shown.endswith(b"\r")  # the line is cleared before the report


def gone(pids: list[int], seconds: float = 30.0) -> bool:
    """Whether every process of ``pids`` has ended (its id no longer names a live process) within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = []
        for pid in pids:
            state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True, text=True, check=False)
            if state.stdout.strip() and not state.stdout.strip().startswith("Z"):
                alive.append(pid)
        if not alive:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.slow
@pytest.mark.parametrize("end", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "kill -9"])
def test_the_workers_end_with_the_solve_however_it_ends(tmp_path: Path, end: signal.Signals) -> None:
    with two_worker_solve(tmp_path) as run:
        workers = started_workers(run.pid, 2)
        assert len(workers) >= 2
        run.send_signal(end)
        out, err = run.communicate(timeout=60)
    assert out == ""
    assert run.returncode == (143 if end == signal.SIGTERM else -signal.SIGKILL)
    assert err == ("python -m tictactoe.solver: terminated\n" if end == signal.SIGTERM else "")
    assert gone(workers)  # none left behind under PID 1


@pytest.mark.slow
def test_sigterm_at_any_moment_ends_the_solve_within_a_second_and_says_so() -> None:
    # The solve's exit once waited for ever, now and then, on a queue's thread still writing a job to a worker
    # that close() had killed; and SIGTERM ended it without a word.  50 tries, each sent at a random moment of
    # the first three seconds of a solve of many jobs (6x6, four in a row, split at 300 positions).
    chance = random.Random(143)
    for attempt in range(50):
        run = started([*SOLVE, "6", "4", "--workers", "2", "--split", "300"], preexec_fn=default_signals)
        with run:
            time.sleep(chance.uniform(0.0, 3.0))
            sent = time.monotonic()
            run.send_signal(signal.SIGTERM)
            try:
                out, err = run.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                run.kill()
                run.communicate()
                pytest.fail(f"try {attempt}: the solve had not ended 30 s after SIGTERM")
            seconds = time.monotonic() - sent
        assert (run.returncode, out, err) == (143, "", "python -m tictactoe.solver: terminated\n"), attempt
        assert seconds < 1.0, (attempt, seconds)


@pytest.mark.slow
def test_a_dask_worker_process_runs_one_job_at_a_time_whatever_its_threads() -> None:
    distributed = pytest.importorskip("distributed", reason="dask is not installed (pip install '.[cluster]')")
    from tictactoe.solver.jobs.runners import RESOURCE, DaskCluster

    with distributed.LocalCluster(n_workers=2, threads_per_worker=3, processes=True, dashboard_address=None) as cluster:
        runner = DaskCluster(cluster.scheduler_address)
        try:
            assert runner.capacity == 2  # worker processes, not their six threads
            workers = runner._client.scheduler_info()["workers"].values()
            assert [worker["resources"] for worker in workers] == [{RESOURCE: 1}] * 2
        finally:
            runner.close()


@pytest.mark.slow
def test_a_cluster_takes_no_new_job_once_the_solve_is_gone(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed", reason="dask is not installed (pip install '.[cluster]')")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        command = [sys.executable, *SOLVE, "7", "5", "--scheduler", cluster.scheduler_address, "--split", "2000"]
        with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
            deadline = time.monotonic() + 60
            while not cluster.scheduler.tasks and time.monotonic() < deadline:
                time.sleep(0.05)
            assert cluster.scheduler.tasks  # the solve has handed the cluster its jobs
            run.kill()
            run.communicate()
        deadline = time.monotonic() + 60
        while cluster.scheduler.tasks and time.monotonic() < deadline:  # the running job ends within its budget
            time.sleep(0.1)
        assert not cluster.scheduler.tasks


@pytest.mark.slow
def test_the_share_proved_is_reckoned_only_for_a_line_shown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each reckoning visits every position still waiting, as a walk does: reckoned each second whether shown or
    # not, it cost the coordinator of 7x7 with four in a row and X in 5x5 a second of processor time in four.
    reckoned = [0]
    share_proved = JobTree.share_proved

    def counted(tree: JobTree) -> float:
        reckoned[0] += 1
        return share_proved(tree)

    monkeypatch.setattr(JobTree, "share_proved", counted)
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # the test's process keeps its handlers
    monkeypatch.setattr(solver_cli, "_LOG_INTERVAL", 1e9)  # no line to show
    began = time.monotonic()  # 6x6, where 5x5 ended within the second on a quiet machine
    assert solver_cli.main(["6", "4", "--workers", "1", "--split", "100"]) == 0
    assert time.monotonic() - began > 1.0  # long enough to have reckoned it once a second
    assert capsys.readouterr().err == ""
    assert reckoned[0] == 0
    monkeypatch.setattr(solver_cli, "_LOG_INTERVAL", 0.0)  # a line for every answer
    assert solver_cli.main(["5", "4", "--workers", "1", "--split", "100"]) == 0
    assert reckoned[0] == len(capsys.readouterr().err.splitlines()) > 3


def test_without_a_terminal_a_long_solve_writes_its_progress_to_the_log(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(solver_cli, "_LOG_INTERVAL", 0.0)  # a line for every answer, as a long solve's each minute
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # the test's process keeps its handlers
    assert solver_cli.main(["5", "4", "--workers", "1", "--split", "200"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "value: draw"
    lines = err.splitlines()
    assert len(lines) > 3
    left = r"(, about [0-9]+:[0-9]{2}:[0-9]{2} left)?"
    pattern = rf"{re.escape(solver_cli.PROGRAM)}: [0-9.]+% proved{left}; sub-positions: .+"
    assert all(re.fullmatch(pattern, line) for line in lines), lines
    assert "left; sub-positions" in lines[-1]
