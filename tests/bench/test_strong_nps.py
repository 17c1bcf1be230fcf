"""Tests of bench.strong_nps: a checkout's search timed in a process of its own, on its own code."""

from __future__ import annotations

import json

import pytest

from bench.strong_nps import main, search_in
from tests.paths import ROOT
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch

ROWS = ["." * 15] * 7 + ["." * 7 + "X" + "." * 7] + ["." * 15] * 7


@pytest.mark.slow
def test_a_checkout_searches_as_this_one_does_node_for_node() -> None:
    nodes, seconds = search_in(ROOT, json.dumps([ROWS]), 2)
    position = Position.from_rows(ROWS, 5)
    assert nodes == StrongSearch(position.rules).choose(position, max_plies=2, think=600).nodes
    assert seconds > 0


@pytest.mark.slow
def test_the_table_names_each_checkout_with_its_share_of_the_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(ROOT), str(ROOT), "--plies", "1", "--runs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("commit ")
    assert "40 positions to 1 plies; load " in lines[0]
    assert [line.split(":")[0] for line in lines[1:]] == [str(ROOT), str(ROOT)]
    assert lines[1].endswith("1.000 of the first")
