"""The grader's tests: its fixtures are submissions to grade, never modules for pytest to collect or import."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

collect_ignore = ["fixtures"]


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run's own that all its workers share: pytest-xdist gives each worker a base folder
    inside the run's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
