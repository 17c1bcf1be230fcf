"""Fixtures for every test: games played at a terminal keep their history away from the user's own; windows.

``display`` and ``open_window`` are the game windows' (see :mod:`tests.windows`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

from tests.windows import start_display, window_opener

if TYPE_CHECKING:
    from tictactoe.ui.window.app import GameWindow


@pytest.fixture(autouse=True, scope="session")
def _private_history(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the default game history (docs/history.md) into a temporary folder, for this process and its children."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        yield


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """An X display for every window of the run: a fresh ``Xvfb`` when installed, else ``DISPLAY``, else skip.

    One server for the whole run, not one a module: Tk keeps its connection
    to a display until the process ends, and Xlib ends the process (status
    1, without a word) when it next finds that server gone.
    """
    yield from start_display()


@pytest.fixture
def open_window(display: str) -> Iterator[Callable[..., GameWindow]]:
    """Opens a game window for a session, by default waiting for any computer to move; all are closed after the test."""
    yield from window_opener()
