"""The whole project type-checks under ``mypy --strict``, passes ``ruff check`` and is ``ruff format``-ted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [
        pytest.param([sys.executable, "-m", "mypy"], id="mypy --strict (configured in pyproject.toml)"),
        pytest.param([sys.executable, "-m", "ruff", "check", "."], id="ruff check"),
        pytest.param([sys.executable, "-m", "ruff", "format", "--check", "."], id="ruff format --check"),
    ],
)
def test_static_checks_pass(command: list[str]) -> None:
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
