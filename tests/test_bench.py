"""The benchmark's own pieces: its workloads are the issue's, and a workload runs in a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.workloads import WORKLOADS, by_name, peak_memory_kib, search_once

ROOT = Path(__file__).resolve().parents[1]


def test_workloads_open_where_the_issue_says() -> None:
    assert [w.name for w in WORKLOADS] == ["W1", "W2", "W3", "W4", "W5", "W6"]
    assert by_name("W5").board().configuration() == " " * 14 + "X" + " " * 21  # c3: row 3, column c
    assert by_name("W1").board().configuration() == "X" + " " * 8
    with pytest.raises(LookupError, match="no workload named 'W9'"):
        by_name("W9")


@pytest.mark.parametrize("name", ["W1", "W3", "W5"])
def test_small_workloads_place_the_reference_number_of_tiles(name: str) -> None:
    workload = by_name(name)
    nodes, seconds = search_once(workload.board())
    assert nodes == workload.reference_nodes
    assert seconds > 0


def test_a_workload_in_a_fresh_process_reports_nodes_and_memory() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.workloads", "W1"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    report = json.loads(result.stdout)
    assert report["nodes"] == 925
    assert 1 < report["peak_mib"] < 1024
    assert peak_memory_kib() > 1024
