"""The benchmark's own pieces: its workloads are the issue's, a workload runs in a fresh process,
and ``python -m bench`` ends as the other programs do."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.__main__ import matches_reference, optional, parse_arguments
from bench.workloads import WORKLOADS, by_name, peak_memory_kib, search_once
from tests.paths import ROOT

BENCH = [sys.executable, "-m", "bench"]


def test_workloads_open_where_the_issue_says() -> None:
    assert [w.name for w in WORKLOADS] == ["W1", "W2", "W3", "W4", "W5", "W6"]
    assert by_name("W5").board().configuration() == " " * 14 + "X" + " " * 21  # c3: row 3, column c
    assert by_name("W1").board().configuration() == "X" + " " * 8
    with pytest.raises(LookupError, match="no workload named 'W9'"):
        by_name("W9")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["W1", "W3", "W5"])
@pytest.mark.parametrize("plain", [False, True])
def test_small_workloads_place_the_reference_number_of_tiles(name: str, plain: bool) -> None:
    workload = by_name(name)
    started = time.perf_counter()
    nodes, seconds = search_once(workload.board(), plain=plain)
    assert nodes == workload.reference_nodes
    assert 0 < seconds <= time.perf_counter() - started  # the search's own time, within the call's


def test_a_workload_in_a_fresh_process_reports_nodes_and_memory() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.workloads", "W1", "--plain"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    report = json.loads(result.stdout)
    assert report["nodes"] == 925
    assert 1 < report["peak_mib"] < 1024


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="compared with /proc's own figures")
def test_peak_memory_is_the_high_water_mark() -> None:
    """At least the memory resident now, and it grows by what a new block holds while it is resident."""
    code = (
        "from bench.workloads import peak_memory_kib\n"
        "def resident():\n"
        "    with open('/proc/self/status') as status:\n"
        "        return next(int(line.split()[1]) for line in status if line.startswith('VmRSS:'))\n"
        "before = peak_memory_kib()\n"
        "assert before >= resident(), (before, resident())\n"
        "block = bytearray(64 << 20)\n"  # 64 MiB, written (zeroed), so resident
        "now = resident()\n"  # read before the peak: reading /proc may itself take a few more KiB
        "after = peak_memory_kib()\n"
        "print(before, after, now)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    before, after, resident = map(int, result.stdout.split())
    assert after >= before + (60 << 10)
    assert after >= resident
    assert peak_memory_kib() >= before  # this process (pytest) is larger than a bare one


def test_table_cells() -> None:
    assert optional(None, ".2f") == "-"
    assert optional(0.456, ".2f") == "0.46"
    assert matches_reference(by_name("W1"), 925) == "yes"
    assert matches_reference(by_name("W1"), 924) == "NO"
    assert matches_reference(by_name("W6"), 1) == "-"


def test_the_bench_imports_without_resource() -> None:
    """resource does not exist on Windows: importing the bench must not need it."""
    code = "import sys; sys.modules['resource'] = None; import bench.__main__, bench.workloads; print('imported')"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout == "imported\n"


@pytest.mark.slow
def test_write_puts_the_tables_in_a_file(tmp_path: Path) -> None:
    target = tmp_path / "results.txt"
    result = subprocess.run(
        [*BENCH, "--quick", "--only", "dictionary", "--write", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert target.read_text(encoding="utf-8") == result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Python ")
    assert re.search(r", medians of 3 runs after a warm-up; load [\d.]+ [\d.]+ [\d.]+ on \d+ processors$", lines[0])
    assert lines[1] == ""
    assert lines[2].startswith("operation")
    assert any(line.startswith("polynomial_hash, 100-character key") for line in lines)


def test_write_defaults_to_bench_results() -> None:
    assert parse_arguments(["--write"]).write == ROOT / "bench" / "results.txt"
    assert parse_arguments(["--quick"]).write is None


def test_a_closed_output_ends_the_bench_quietly() -> None:
    """As ``python -m bench | head`` does: the reader goes before the bench writes; status 141, nothing on stderr."""
    process = subprocess.Popen(
        [*BENCH, "--quick", "--only", "dictionary"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None
    process.stdout.close()
    _, errors = process.communicate(timeout=120)
    assert (process.returncode, errors) == (141, b"")


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_ends_the_bench_with_one_line() -> None:
    process = subprocess.Popen(
        [*BENCH, "--only", "search"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith("Python ")  # the bench is under way: its first line is out
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=60)
    assert (process.returncode, errors) == (130, "python -m bench: interrupted\n")


def test_the_strong_player_s_clock_game_times_every_move() -> None:
    from bench.strong import clock_game

    game = clock_game(6, think=0.05)
    cpu, wall = game["cpu"], game["wall"]
    assert isinstance(cpu, list)
    assert isinstance(wall, list)
    assert 1 <= len(cpu) == len(wall) <= 36
    assert game["result"] in ("X", "O", "draw")
    assert game["result"] != "draw" or len(cpu) == 36
    assert isinstance(game["peak_mib"], float)
    assert game["peak_mib"] > 1


def test_the_strong_player_s_table_marks_each_target() -> None:
    from bench.strong import Row, format_table

    rows = [Row("strong vs reference", "100.0%", ">= 95%", True), Row("... mean s/move", "0.0120", "<= 0.010", False)]
    assert format_table(rows) == (
        "measure              figure    target  met\n"
        "strong vs reference  100.0%    >= 95%  yes\n"
        "... mean s/move      0.0120  <= 0.010  MISSED"
    )


def test_the_speed_under_each_rule_is_weighed_against_freestyle_s(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import strong
    from configurations.rules import Variant

    speeds = {Variant.FREESTYLE: 1000, Variant.STANDARD: 800, Variant.RENJU: 650, Variant.CARO: 500}
    monkeypatch.setattr(strong, "search_speed", lambda variant, position: (speeds[variant], 1.0))
    rows = strong.speed_rows(strong.time_positions(count=1), list(speeds))
    assert [(row.figure, row.target, row.met) for row in rows] == [
        ("1,000", "-", True),
        ("80%", ">= 70%", True),
        ("65%", ">= 70%", False),
        ("50%", "-", True),
    ]
    assert rows[2].measure == "... renju (650), share of freestyle's"
    with pytest.raises(SystemExit):
        strong.main(["--rule", "renju"])  # a rule beside freestyle is a speed's
