"""The game in a window (docs/window.md): whether one can open, and opening it for a session.

:func:`run_window` plays a session in a Tk window until the person closes
it, or raises :class:`NoWindowError` saying why none can open; the program
then prints :func:`cannot_open_message`.

This module imports :mod:`tkinter` only when asked for a window: it costs
about 24 ms, which a game at the terminal need not pay, and so this module
loads, and says what is missing, on a Python built without Tk.

>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from configurations.rules import Rules
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(7, 4), PlayerLimits(3), Competitor("You"), Competitor("Computer", "reference"))
>>> print(cannot_open_message("no display (DISPLAY is not set)", session))
play.py: cannot open a window: no display (DISPLAY is not set); play in the terminal instead: python play.py 7 4 3
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from typing import TYPE_CHECKING

from configurations.rules import Opening, Variant
from tictactoe.game.session import Session
from tictactoe.players.registry import DEFAULT_THINK, PlayerKind
from tictactoe.ui.window.status import AUTO_MOVE_DELAY_MS

if TYPE_CHECKING:
    import tkinter
    from pathlib import Path
    from types import TracebackType

__all__ = [
    "NoWindowError",
    "WindowStopped",
    "cannot_open_message",
    "interruptible_root",
    "run_window",
    "terminal_command",
    "window_available",
]


class NoWindowError(Exception):
    """No window can open here; the message says why in a few words."""


class WindowStopped(Exception):
    """The window was closed by Ctrl-C at the terminal, or by a signal the program stops on (SIGHUP, SIGTERM),
    which raised ``stop`` in its main loop; the game on the board was left, and is kept unfinished under the id
    ``kept`` (None: it was not kept, being over or holding nothing worth keeping)."""

    def __init__(self, stop: KeyboardInterrupt, kept: int | None) -> None:
        super().__init__(str(stop))
        self.stop = stop
        self.kept = kept


def window_available() -> str | None:
    """Why no window can open here, in a few words; None when one can.

    Tk must be built into this Python, an X11 system must name a display
    in ``DISPLAY``, and Tk must be able to connect to it (tried by opening
    and closing a hidden window).
    """
    reason = _missing_requirement()
    if reason is not None:
        return reason
    import tkinter  # noqa: PLC0415 -- _missing_requirement has just checked that it imports

    try:
        root = tkinter.Tk()
    except tkinter.TclError as refusal:
        return str(refusal)
    root.destroy()
    del root
    _collect_closed_windows()
    return None


def cannot_open_message(reason: str, session: Session) -> str:
    """The one line that says no window opens, and ``reason``, and how to play ``session``'s game in the terminal."""
    return f"play.py: cannot open a window: {reason}; play in the terminal instead: {terminal_command(session)}"


def terminal_command(session: Session) -> str:
    """The ``play.py`` command that plays ``session``'s game in the terminal: its numbers and options.

    >>> from tictactoe.game.record import Competitor
    >>> from tictactoe.game.session import Session
    >>> from configurations.rules import Rules
    >>> from tictactoe.players.registry import PlayerLimits
    >>> from configurations.moves import Move
    >>> limits = PlayerLimits(2, think=0.5, seed=7)
    >>> sides = Competitor("reference", "reference"), Competitor("You")
    >>> session = Session(Rules.square(9, 5), limits, *sides, opening=[Move(4, 4)])
    >>> terminal_command(session)
    'python play.py 9 5 2 --x reference --o human --think 0.5 --opening e5 --seed 7'
    >>> sides = Competitor("You"), Competitor("strong", "strong")
    >>> rules = Rules.square(15, 5, variant="renju", opening="swap2")
    >>> terminal_command(Session(rules, PlayerLimits(1), *sides))
    'python play.py 15 5 1 --x human --o strong --rule renju --opening-rule swap2'
    """
    rules, limits = session.rules, session.limits
    words = ["python", "play.py", str(rules.size), str(rules.k), str(limits.max_levels)]
    first, second = session.competitors
    if (first.kind, second.kind) != (PlayerKind.HUMAN, PlayerKind.REFERENCE):
        words += ["--x", first.kind, "--o", second.kind]
    if rules.variant is not Variant.FREESTYLE:
        words += ["--rule", str(rules.variant)]
    if rules.opening is not Opening.FREE:
        words += ["--opening-rule", str(rules.opening)]
    if limits.think != DEFAULT_THINK:
        words += ["--think", f"{limits.think:g}"]
    if session.opening:
        words += ["--opening", ",".join(map(str, session.opening))]
    if limits.seed is not None:
        words += ["--seed", str(limits.seed)]
    return " ".join(words)


def run_window(
    session: Session, *, db: Path | None = None, delay: float | None = None, grid: bool | None = None
) -> None:
    """Play ``session`` in a window until the person closes it.

    Two computer players' moves come ``delay`` seconds apart (None: the
    window's own pace, :data:`AUTO_MOVE_DELAY_MS`).

    Returns once the window is closed -- at once, even while a computer
    player is still searching.  Ctrl-C, or a signal the program turns into
    one (:class:`~tictactoe.ui.terminal.reader.Stopped`), ends the window
    too, the game left as on closing it: :class:`WindowStopped` says what
    came and under which id the game is kept.  Finished games are saved in the history
    file ``db`` (None: the default history); one that cannot be used is said
    in the window, which plays on.  :class:`NoWindowError` when no window
    can open.  ``grid`` draws the board as a grid of stones (True) or as
    squares (False); None: as the game is usually drawn.
    """
    reason = _missing_requirement()
    if reason is None:
        import tkinter  # noqa: PLC0415 -- only a window pays for Tk

        try:
            root = interruptible_root()
        except tkinter.TclError as refusal:
            reason = str(refusal)
    if reason is not None:
        raise NoWindowError(reason)
    from tictactoe.ui.window.app import GameWindow  # noqa: PLC0415 -- needs tkinter, checked above

    game_window = GameWindow(root, session, db=db, move_delay_ms=move_delay_ms(delay), grid=grid)
    try:
        root.mainloop()
    except KeyboardInterrupt as stop:  # the game left, as when the person closes the window, before it closes
        raise WindowStopped(stop, game_window.controller.leave()) from None
    finally:  # closed, or Ctrl-C at the terminal
        with contextlib.suppress(tkinter.TclError):  # already closed
            root.destroy()
        del root
        _collect_closed_windows()


def interruptible_root() -> tkinter.Tk:
    """A Tk main window whose callbacks let Ctrl-C through to the program.

    Tkinter reports whatever a callback raises and goes on, so a Ctrl-C
    that lands while one runs (a redraw, say) would be printed as an error
    and lost, and the window would stay open; here it ends ``mainloop``.
    """
    import tkinter  # noqa: PLC0415 -- only a window pays for Tk

    class InterruptibleTk(tkinter.Tk):
        def report_callback_exception(
            self, exc: type[BaseException], val: BaseException, tb: TracebackType | None
        ) -> None:
            if isinstance(val, KeyboardInterrupt):
                raise val  # out of the callback into Tcl, which hands it to mainloop
            super().report_callback_exception(exc, val, tb)

    return InterruptibleTk()


def move_delay_ms(delay: float | None) -> int:
    """The milliseconds between two computer players' moves in the window for ``--delay`` ``delay``.

    Without one, the window's own pace: a game between two computer
    players is there to be watched.

    >>> move_delay_ms(0.25), move_delay_ms(0), move_delay_ms(None)
    (250, 0, 600)
    """
    return AUTO_MOVE_DELAY_MS if delay is None else round(delay * 1000)


def _collect_closed_windows() -> None:
    """Free the windows closed and no longer referred to now, in Tk's own thread.

    A Tk window's objects refer to one another, so only the garbage
    collector frees them -- and it runs in whichever thread happens to be
    allocating, such as a search still running after the window closed,
    where freeing Tk aborts the program.
    """
    gc.collect()


def _missing_requirement() -> str | None:
    """What this Python or system lacks for a window, checked without connecting to a display."""
    try:
        import tkinter  # noqa: F401, PLC0415 -- imported to learn whether it can be
    except ImportError:
        return "this Python has no tkinter (Tk support)"
    if sys.platform not in ("win32", "darwin") and not os.environ.get("DISPLAY"):
        return "no display (DISPLAY is not set)"
    return None
