"""Tests of bench.strong_depth: the strong search's speed and depth, and what an engine of the protocol reports of
its own search, read from a real process."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from bench.strong_depth import Searched, main, rapfi_about, search_rapfi, search_strong
from tictactoe.solver.position import Position

# X to move, two stones each: X on h8 and i9, O on h9 and i8.
ROWS = ["." * 15] * 7 + ["." * 7 + "XO" + "." * 6, "." * 7 + "OX" + "." * 6] + ["." * 15] * 6

# An engine of the protocol that reports its search as Rapfi does, and keeps the stones it was shown.
FAKE_ENGINE = """\
import sys
from pathlib import Path
stones = []
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("MESSAGE Load config from config.toml", flush=True)
        print("OK", flush=True)
    elif "," in line:
        stones.append(line)
    elif line == "DONE":
        Path("shown.txt").write_text("\\n".join(stones))
        print("MESSAGE Depth 3-5 | Eval 12 | Time 0ms | H8", flush=True)
        print("MESSAGE Speed 2.1M | Depth 14-30 | Eval 418 | Node 1.25M | Time 125ms", flush=True)
        print("MESSAGE Depth 15-19 | Eval 418 | Time 131ms | K10 I10", flush=True)
        print("MESSAGE Speed 211K | Depth 15-19 | Eval 418 | Node 38K | Time 180ms", flush=True)
        print("7,7", flush=True)
    elif line == "END":
        break
"""


def fake_engine(folder: Path) -> Path:
    engine = folder / "pbrain-fake"
    engine.write_text(f"#!{sys.executable}\n{FAKE_ENGINE}", encoding="utf-8")
    engine.chmod(0o755)
    return engine


def test_an_engine_is_shown_the_position_and_its_last_report_is_read(tmp_path: Path) -> None:
    searched = search_rapfi(fake_engine(tmp_path), Position.from_rows(ROWS, 5), 0.2)
    assert (searched.nodes, searched.depth, searched.deepest) == (38_000, 15, 19)
    assert 0 < searched.seconds < 5
    # X's and O's stones alternately, X's first; X is to move, so its stones are the engine's own (1).
    assert (tmp_path / "shown.txt").read_text().splitlines() == ["7,7,1", "8,7,2", "8,8,1", "7,8,2"]


# The first of bench.strong's positions: O to move, no threat on the board.
QUIET = [*["." * 15] * 4, "." * 9 + "O" + "." * 5, "." * 9 + "X" + "." * 5, "." * 9 + "O" + "." * 5, "." * 15]
QUIET += ["." * 8 + "OX" + "." * 5, "." * 9 + "X" + "." * 5, *["." * 15] * 5]


def test_the_engine_s_config_and_the_model_it_names_are_given_by_their_digests(tmp_path: Path) -> None:
    engine = fake_engine(tmp_path)
    (tmp_path / "config.toml").write_text('[model]\nbinary_file = "tiny.bin"\n', encoding="utf-8")
    (tmp_path / "tiny.bin").write_bytes(b"weights")
    config = hashlib.sha256(b'[model]\nbinary_file = "tiny.bin"\n').hexdigest()
    assert rapfi_about(engine).splitlines() == [
        f"rapfi: {engine}, one thread, timeout_turn the same milliseconds",
        f"  config.toml sha256 {config}",
        f"  tiny.bin sha256 {hashlib.sha256(b'weights').hexdigest()}",
    ]


def test_the_strong_search_reports_its_depth_and_positions() -> None:
    searched = search_strong(Position.from_rows(QUIET, 5), 0.3)
    assert searched.depth >= 1
    assert searched.deepest == searched.depth
    assert searched.nodes > 0
    assert isinstance(searched, Searched)


def test_a_missing_engine_is_a_one_line_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--rapfi", str(tmp_path / "nowhere")])
    assert stop.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        f"python -m bench.strong_depth: error: argument --rapfi: no such file: {tmp_path / 'nowhere'}"
    )
