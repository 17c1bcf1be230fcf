"""The window's new-game dialog: the board's numbers, its rules, and each side's player and name.

The dialog shows a :class:`~tictactoe.ui.window.form.GameForm` and hands
what the person typed to the window, which answers with the reason it
cannot start that game (shown in the dialog, which stays open) or None
(the dialog closes).  It knows nothing of sessions.  For a game from a
position (a replay's, or one set up by clicking) it says which, and its
board's numbers are fixed.  It keeps its size whatever it says: the line
for a refusal has room for three lines from the start.
"""

from __future__ import annotations

import contextlib
import tkinter
from tkinter import ttk
from typing import TYPE_CHECKING

from configurations.rules import Opening, Variant
from tictactoe.players.levels import LEVEL_NAMES
from tictactoe.players.registry import PLAYER_NAMES
from tictactoe.ui.window.form import CUSTOM, GameForm

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.game.game import StartingPosition

__all__ = ["ERROR_COLOUR", "NewGameDialog", "lines_box"]

ERROR_COLOUR = "#b00020"
# The pixels a refusal's line takes, and wraps at.
_ERROR_WIDTH = 440
# The form's rows: field, label, and the values it is chosen from (None: typed).
_ROWS: tuple[tuple[str, str, tuple[str, ...] | None], ...] = (
    ("size", "Board size", None),
    ("length", "In a row to win", None),
    ("rule", "Rule", tuple(variant.value for variant in Variant)),
    ("opening", "Opening rule", tuple(opening.value for opening in Opening)),
    ("level", "Difficulty", (CUSTOM, *LEVEL_NAMES)),
    ("levels", "Levels to look ahead", None),
    ("x_kind", "X player", PLAYER_NAMES),
    ("x_name", "X name", None),
    ("o_kind", "O player", PLAYER_NAMES),
    ("o_name", "O name", None),
)


def lines_box(parent: tkinter.Misc, *, lines: int, width: int, foreground: str = "") -> tuple[ttk.Frame, ttk.Label]:
    """A label wrapped at ``width`` pixels in a box with room for ``lines`` lines from the start (the box is the
    caller's to place), so that a window does not change size when the label says more or less: only a text
    longer than that makes it taller, rather than be cut short."""
    box = ttk.Frame(parent)
    # The height of so many lines, as the label itself asks for it (its border included).
    label = ttk.Label(box, text="\n".join("x" * lines), wraplength=width, justify="left", foreground=foreground)
    label.update_idletasks()
    box.columnconfigure(0, minsize=width)
    box.rowconfigure(0, minsize=label.winfo_reqheight())
    label.configure(text="")
    label.grid(row=0, column=0, sticky="nw")
    return box, label


class NewGameDialog:
    """A dialog over ``parent`` filled in from ``form``; ``accept(form)`` says why it cannot start, or None."""

    def __init__(
        self,
        parent: tkinter.Misc,
        form: GameForm,
        accept: Callable[[GameForm], str | None],
        *,
        start: StartingPosition | None = None,
    ) -> None:
        self._accept = accept
        self.top = top = tkinter.Toplevel(parent)
        top.title("New game" if start is None else "New game from a position")
        top.transient(parent.winfo_toplevel())
        top.resizable(width=False, height=False)
        frame = ttk.Frame(top, padding=12)
        frame.grid(sticky="nsew")
        # Entries hold their own text: a Tk variable freed by the garbage collector in a search's
        # thread would call Tk from the wrong thread.
        self.entries: dict[str, ttk.Entry] = {}
        for row, (field, label, values) in enumerate(_ROWS):
            ttk.Label(frame, text=label).grid(row=row, column=0, sticky="w", padx=(0, 8), pady=2)
            entry: ttk.Entry = (
                ttk.Combobox(frame, values=values, width=14) if values is not None else ttk.Entry(frame, width=16)
            )
            entry.grid(row=row, column=1, sticky="ew", pady=2)
            self.entries[field] = entry
            self.fill(field, getattr(form, field))
        if start is not None:  # the board and its rule are the position's, and no opening is placed on it
            for field in ("size", "length", "rule", "opening"):
                self.entries[field].configure(state="disabled")
        #: The position the game starts from, in words (empty for the empty board).
        self.start_text = "" if start is None else f"From: {start}"
        ttk.Label(frame, text=self.start_text, wraplength=_ERROR_WIDTH).grid(
            row=len(_ROWS) + 1, column=0, columnspan=2, sticky="w"
        )
        self.error = self._error_line(frame, len(_ROWS))
        buttons = ttk.Frame(frame)
        buttons.grid(row=len(_ROWS) + 2, column=0, columnspan=2, sticky="e", pady=(8, 0))
        self.buttons = {
            "swap": ttk.Button(buttons, text="Swap sides", command=self.swap_sides),
            "cancel": ttk.Button(buttons, text="Cancel", command=self.close),
            "start": ttk.Button(buttons, text="Start", command=self.start, default="active"),
        }
        for column, button in enumerate(self.buttons.values()):
            button.grid(row=0, column=column, padx=(0, 16 if column == 0 else 4))
        top.bind("<Return>", lambda _event: self.start())
        top.bind("<KP_Enter>", lambda _event: self.start())
        top.bind("<Escape>", lambda _event: self.close())
        top.protocol("WM_DELETE_WINDOW", self.close)
        self._hold_focus()

    @property
    def form(self) -> GameForm:
        """The form as it now reads."""
        return GameForm(**{field: entry.get() for field, entry in self.entries.items()})

    @property
    def error_text(self) -> str:
        """Why the last try could not start a game; empty before one failed."""
        return str(self.error.cget("text"))

    def is_open(self) -> bool:
        """Whether the dialog is still on the screen."""
        return bool(self.top.winfo_exists())

    def fill(self, field: str, text: str) -> None:
        """Put ``text`` in ``field``'s entry, as if typed there (nothing for a field the position fixes)."""
        entry = self.entries[field]
        if str(entry.cget("state")) == "disabled":
            return
        entry.configure(state="normal")
        entry.delete(0, "end")
        entry.insert(0, text)
        if isinstance(entry, ttk.Combobox):
            entry.configure(state="readonly")  # a player is chosen from the list, not typed

    def _error_line(self, frame: ttk.Frame, row: int) -> ttk.Label:
        """The line that says why a game cannot start, with room for three lines from the start, so that the
        dialog does not change size when it speaks."""
        box, error = lines_box(frame, lines=3, width=_ERROR_WIDTH, foreground=ERROR_COLOUR)
        box.grid(row=row, column=0, columnspan=2, sticky="ew", pady=(6, 0))
        return error

    def swap_sides(self) -> None:
        """Exchange the X and O fields, player and name."""
        form = self.form
        for x_field, o_field in (("x_kind", "o_kind"), ("x_name", "o_name")):
            self.fill(x_field, getattr(form, o_field))
            self.fill(o_field, getattr(form, x_field))

    def start(self) -> None:
        """Start the game the form asks for and close, or show why it cannot start."""
        problem = self._accept(self.form)
        if problem is None:
            self.close()
        else:
            self.error.configure(text=problem)

    def close(self) -> None:
        """Close the dialog without starting a game."""
        self.top.destroy()

    def _hold_focus(self) -> None:
        """Keep the keyboard in the dialog while it is open, when the window system allows."""
        self.top.focus_force()
        # Not yet on the screen, the dialog cannot take the grab: it still works, just not modally.
        with contextlib.suppress(tkinter.TclError):
            self.top.grab_set()
