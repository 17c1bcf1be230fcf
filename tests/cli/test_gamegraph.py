"""Tests of ``python -m tictactoe.gamegraph`` as a program: with no command at all it shows its help."""

from __future__ import annotations

import subprocess
import sys

from tests.paths import ROOT


def test_no_command_shows_the_help_and_exits_0() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tictactoe.gamegraph"], capture_output=True, text=True, cwd=ROOT, timeout=60, check=False
    )
    helped = subprocess.run(
        [sys.executable, "-m", "tictactoe.gamegraph", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == helped.stdout
    assert result.stdout.startswith("usage: python -m tictactoe.gamegraph")
    for command in ("count", "show", "play", "stats"):
        assert f"    {command} " in result.stdout
