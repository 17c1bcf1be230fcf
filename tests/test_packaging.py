"""What ``pip install .`` puts in a user's environment: three packages and the commands, nothing generic."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# A wheel is built first: seconds.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a copy, so that setuptools' build/ and egg-info never land in the work tree.
    source = tmp_path_factory.mktemp("source") / "project"
    shutil.copytree(
        ROOT, source, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", ".*cache", "__pycache__")
    )
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--quiet",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        str(out),
        ".",
    ]
    subprocess.run(command, cwd=source, check=True, capture_output=True, timeout=300)
    (built,) = out.glob("*.whl")
    return zipfile.ZipFile(built)


def test_only_the_three_packages_are_installed(wheel: zipfile.ZipFile) -> None:
    top_level = {name.split("/")[0] for name in wheel.namelist() if not name.split("/")[0].endswith(".dist-info")}
    assert top_level == {"hashdict", "configurations", "tictactoe"}
    assert "tictactoe/py.typed" in wheel.namelist()
    assert "tictactoe/grade/languages/java_driver/GraderDriver.java" in wheel.namelist()


def test_the_commands_are_installed(wheel: zipfile.ZipFile) -> None:
    (entry_points,) = [name for name in wheel.namelist() if name.endswith(".dist-info/entry_points.txt")]
    scripts = wheel.read(entry_points).decode()
    assert scripts.split("[console_scripts]\n")[1].split("\n\n")[0].splitlines() == [
        "tictactoe = tictactoe.cli.play:console_main",
        "tictactoe-brain = tictactoe.cli.brain:console_main",
        "tictactoe-gamegraph = tictactoe.cli.gamegraph:console_main",
        "tictactoe-grade = tictactoe.cli.grade:console_main",
        "tictactoe-proofcheck = tictactoe.cli.proofcheck:console_main",
        "tictactoe-report = tictactoe.cli.report:console_main",
        "tictactoe-solver = tictactoe.cli.solver:console_main",
        "tictactoe-testdict = tictactoe.cli.testdict:console_main",
        "tictactoe-testplay = tictactoe.cli.testplay:console_main",
    ]
