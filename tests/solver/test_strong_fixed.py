"""The strong search at a fixed depth with no clock finds what it found when tests/data/strong_fixed.json was
recorded (``python -m bench.strong_fixed --write``): the same move, score, depth and positions visited on each of
bench.strong's 40 positions, so that a change meant to leave its play as it is shows that it does."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from tests.paths import ROOT
from tictactoe.solver.position import Position
from tictactoe.solver.strong_search import StrongSearch

RECORD = ROOT / "tests" / "data" / "strong_fixed.json"


def recorded() -> tuple[int, list[dict[str, Any]]]:
    """The depth searched and each position's figures, as recorded."""
    figures = json.loads(RECORD.read_text(encoding="utf-8"))
    return figures["plies"], figures["positions"]


def found(rows: list[str], plies: int) -> dict[str, Any]:
    """What a fresh search of ``rows`` to ``plies`` finds now, in the record's terms."""
    position = Position.from_rows(rows, 5)
    decision = StrongSearch(position.rules).choose(position, max_plies=plies, think=math.inf)
    move = [decision.move.row, decision.move.col]
    return {"rows": rows, "move": move, "score": decision.score, "depth": decision.depth, "nodes": decision.nodes}


def test_the_record_holds_forty_positions_searched_to_four_plies() -> None:
    plies, positions = recorded()
    assert (plies, len(positions)) == (4, 40)
    assert all(len(figures["rows"]) == 15 and 1 <= figures["depth"] <= plies for figures in positions)


def test_the_first_positions_are_searched_as_recorded() -> None:
    plies, positions = recorded()
    for figures in positions[:2]:
        assert found(figures["rows"], plies) == figures


@pytest.mark.slow
def test_every_position_is_searched_as_recorded() -> None:
    plies, positions = recorded()
    assert [found(figures["rows"], plies) for figures in positions] == positions
