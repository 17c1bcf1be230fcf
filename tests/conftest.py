"""Fixtures for every test: games played at a terminal keep their history away from the user's own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the default game history (SPEC §10) into a temporary directory, for this process and its children."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        yield
