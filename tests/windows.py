"""Driving real game windows in the tests, as a person does: an X display, windows opened on it, clicks and keys.

The fixtures ``display`` and ``open_window`` (in ``conftest.py``) come
from :func:`start_display` and :func:`window_opener`: one fresh ``Xvfb`` for
the run on a free display when it is installed (and otherwise ``DISPLAY``,
or a skip), and windows that are all closed after the test.  Clicks and keys are
synthetic events sent to the window after it has taken the keyboard
(``focus_force`` and ``update`` first); :func:`settle` runs the window
until what a test waits for has happened, within :data:`TIMEOUT`.
"""

from __future__ import annotations

import contextlib
import gc
import importlib.util
import os
import select
import shutil
import subprocess
import time
from typing import TYPE_CHECKING

import pytest

from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import DEFAULT_THINK, PlayerLimits
from tictactoe.ui.window import launch as window

if TYPE_CHECKING:
    import tkinter
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from tictactoe.ui.window.app import GameWindow

TIMEOUT = 30  # seconds; generous, so that a hung window fails a test instead of blocking the run
HAS_TK = importlib.util.find_spec("_tkinter") is not None


def classic(size: int = 3, length: int = 3, levels: int = 9, *, think: float = DEFAULT_THINK) -> Session:
    """The game of docs/playing.md: a person (``X``) against the reference search."""
    return Session(
        Rules.square(size, length), PlayerLimits(levels, think), Competitor("You"), Competitor("Computer", "reference")
    )


def wait_for_window(title: str, timeout: float = TIMEOUT) -> None:
    """Return once a window of another process with a title that starts with ``title`` is on the display, as
    ``xwininfo`` (Debian: x11-utils) lists the display's windows; skip the test without ``xwininfo``."""
    xwininfo = shutil.which("xwininfo")
    if xwininfo is None:
        pytest.skip("xwininfo is not installed (Debian: x11-utils)")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        listed = subprocess.run([xwininfo, "-root", "-tree"], capture_output=True, text=True, check=False).stdout
        if f'"{title}' in listed:
            return
        time.sleep(0.05)
    raise AssertionError(f"no window titled {title!r}... opened within {timeout} s")


def squares(*texts: str) -> list[Move]:
    return [Move.parse(text, 26) for text in texts]


def start_display() -> Iterator[str]:
    """An X display for the windows: a fresh ``Xvfb`` when installed, else ``DISPLAY``, else skip."""
    if not HAS_TK:
        pytest.skip("this Python has no tkinter")
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        if not os.environ.get("DISPLAY"):
            pytest.skip("no X display, and no Xvfb to start one (Debian: apt-get install xvfb)")
        problem = window.window_available()
        if problem is not None:
            pytest.skip(f"no Xvfb, and the display {os.environ['DISPLAY']} cannot be used: {problem}")
        yield os.environ["DISPLAY"]
        return
    ready, told = os.pipe()
    # -displayfd: the server picks a free display itself and writes its number once it accepts clients.
    server = subprocess.Popen(
        [xvfb, "-displayfd", str(told), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(told,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(told)
    try:
        number = _read_display_number(ready)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("DISPLAY", f":{number}")
            yield f":{number}"
    finally:
        os.close(ready)
        server.terminate()
        server.wait(TIMEOUT)


def _read_display_number(ready: int) -> str:
    text = b""
    deadline = time.monotonic() + TIMEOUT
    while not text.endswith(b"\n"):
        readable, _, _ = select.select([ready], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(ready, 16) if readable else b""
        if not chunk:
            pytest.fail("Xvfb did not start")
        text += chunk
    return text.decode().strip()


def window_opener() -> Iterator[Callable[..., GameWindow]]:
    """Opens a game window for a session, by default waiting for any computer to move; all are closed after.

    ``opened(session, move_delay_ms=0, *, settled=True, db=None)``: ``db``
    is the window's history file (None: the default, a temporary one in the tests).
    """
    import tkinter

    from tictactoe.ui.window.app import GameWindow

    roots: list[tkinter.Tk] = []

    def opened(session: Session, move_delay_ms: int = 0, *, settled: bool = True, db: Path | None = None) -> GameWindow:
        root = tkinter.Tk()
        roots.append(root)
        root.geometry("+0+0")
        game_window = GameWindow(root, session, move_delay_ms=move_delay_ms, db=db)
        root.update()
        if settled:
            settle(game_window)
        return game_window

    yield opened
    for root in roots:
        with contextlib.suppress(tkinter.TclError):  # already closed by the test, as its person closes it
            root.destroy()
    # Free the windows here, in Tk's thread: a search's thread that collected them would abort the run.
    roots.clear()
    gc.collect()


def settle(game_window: GameWindow, done: Callable[[], bool] | None = None, timeout: float = TIMEOUT) -> None:
    """Let the window run until ``done()`` (default: no search running and no computer to move or choose), within
    ``timeout`` seconds."""

    def waiting_for_computer() -> bool:
        session = game_window.session
        competitor = session.to_move or session.chooser  # the computer may have a colour to choose
        return game_window.thinking or (competitor is not None and not competitor.is_person)

    finished = done or (lambda: not waiting_for_computer())
    deadline = time.monotonic() + timeout
    while not finished():
        assert time.monotonic() < deadline, f"still waiting; the status says {game_window.status_text!r}"
        game_window.root.update()
        time.sleep(0.005)
    game_window.root.update()


def focused(game_window: GameWindow) -> tkinter.Misc:
    game_window.root.focus_force()
    game_window.root.update()
    return game_window.canvas


def click(game_window: GameWindow, *texts: str) -> None:
    """Click each square in turn, as a person does, waiting for the computer's reply after each."""
    for move in squares(*texts):
        canvas = focused(game_window)  # first, so that the board is drawn to the window's present size
        x, y = game_window.board.geometry.centre(move)
        canvas.event_generate("<Button-1>", x=x, y=y)
        settle(game_window)


def press(game_window: GameWindow, *keys: str) -> None:
    """Press each key (a Tk event pattern such as ``<Left>`` or ``<Control-z>``), waiting after each."""
    for key in keys:
        focused(game_window).event_generate(key)
        settle(game_window)


def enabled(game_window: GameWindow) -> set[str]:
    """The actions a person can use now, checking that each button agrees with its menu item."""
    names = ("new", "again", "previous", "quit", "undo", "redo", "hint")
    actions = {name for name in names if game_window.is_enabled(name)}
    for name, button in game_window.buttons.items():
        assert button.instate(["!disabled"]) == (name in actions), name
    return actions
