"""Every program answers --version with its name and the project's version, and exits 0."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tictactoe
from tests.paths import ROOT

PROGRAMS = [
    (["play.py"], "play.py"),
    (["testdict.py"], "testdict.py"),
    (["testplay.py"], "testplay.py"),
    (["-m", "tictactoe.solver"], "python -m tictactoe.solver"),
    (["-m", "tictactoe.gamegraph"], "python -m tictactoe.gamegraph"),
    (["-m", "tictactoe.cli.report"], "python -m tictactoe.cli.report"),
    (["-m", "tictactoe.cli.prover"], "python -m tictactoe.cli.prover"),
    (["-m", "tictactoe.grade"], "python -m tictactoe.grade"),
    (["-m", "tictactoe.brain"], "python -m tictactoe.brain"),
    (["-m", "tictactoe.proofcheck"], "python -m tictactoe.proofcheck"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("command", "name"), PROGRAMS, ids=[name for _, name in PROGRAMS])
def test_every_program_answers_version(command: list[str], name: str) -> None:
    result = subprocess.run(
        [sys.executable, *command, "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, f"{name} {tictactoe.__version__}\n", "")


def test_the_version_is_the_package_s() -> None:
    assert tictactoe.__version__ == "0.2.0"
    assert 'dynamic = ["version"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
