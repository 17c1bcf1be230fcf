"""The game window's status bar: the state, the sides' clocks, the tally, a note, and a red line when games are not
being saved.

:class:`StatusBar` shows the words it is given (the controller's, made
by :mod:`~tictactoe.ui.window.status`) and wraps them at the window's
width, so that no text, however long, widens the window.
"""

from __future__ import annotations

from tkinter import ttk
from typing import TYPE_CHECKING

from tictactoe.ui.window.dialogs import ERROR_COLOUR

if TYPE_CHECKING:
    import tkinter

__all__ = ["StatusBar"]


class StatusBar:
    """The status lines in a frame at row ``row`` of ``parent``'s grid, wrapped at first at ``width`` pixels."""

    def __init__(self, parent: tkinter.Misc, *, row: int, width: int) -> None:
        frame = ttk.Frame(parent, padding=(8, 0, 8, 6))
        frame.grid(row=row, column=0, sticky="ew")
        frame.columnconfigure(0, weight=1)
        # The state has a line of its own: beside the tally, a long name squeezed it into a column a word wide.
        self.state = ttk.Label(frame, font=("TkDefaultFont", 0, "bold"))
        self.state.grid(row=0, column=0, sticky="w")
        # Each side's clock, X's at the left and O's at the right of a line of their own, hidden without clocks.
        self.clocks = ttk.Frame(frame)
        self.clocks.grid(row=4, column=0, sticky="ew")
        self.clocks.columnconfigure(1, weight=1)
        self.clock_x = ttk.Label(self.clocks, font=("TkDefaultFont", 0, "bold"))
        self.clock_x.grid(row=0, column=0, sticky="w")
        self.clock_o = ttk.Label(self.clocks, font=("TkDefaultFont", 0, "bold"))
        self.clock_o.grid(row=0, column=2, sticky="e")
        self.clocks.grid_remove()
        self.tally = ttk.Label(frame)
        self.tally.grid(row=1, column=0, sticky="w")
        self.note = ttk.Label(frame, foreground="#555555")
        self.note.grid(row=2, column=0, sticky="w")
        self.problem = ttk.Label(frame, foreground=ERROR_COLOUR)
        self.problem.grid(row=3, column=0, sticky="w")
        self.problem.grid_remove()
        self._wrap(width)
        frame.bind("<Configure>", lambda event: self._wrap(event.width - 16))

    def show(self, state: str, tally: str, note: str, problem: str | None) -> None:
        """Show these lines; the red ``problem`` only when there is one (None: no empty line's height either)."""
        self.state.configure(text=state)
        self.tally.configure(text=tally)
        self.note.configure(text=note)
        self.problem.configure(text=problem or "")
        if problem is None:
            self.problem.grid_remove()
        else:
            self.problem.grid()

    def show_clocks(self, texts: tuple[str, str] | None) -> None:
        """Show what X's and O's clocks read; None: the game has no clocks, and the line is hidden."""
        if texts is None:
            self.clocks.grid_remove()
            return
        self.clock_x.configure(text=texts[0])
        self.clock_o.configure(text=texts[1])
        self.clocks.grid()

    def text(self, label: ttk.Label) -> str:
        """What ``label`` (one of the lines) says; the red line says nothing while it is hidden."""
        if label is self.problem and not label.grid_info():
            return ""
        if label in (self.clock_x, self.clock_o) and not self.clocks.grid_info():
            return ""
        return str(label.cget("text"))

    def _wrap(self, width: int) -> None:
        """Wrap the lines at ``width`` pixels.

        A wider window would move the board under the pointer whenever a
        hint or a note came and went; a long text takes another line instead.
        """
        width = max(width, 100)
        for label in (self.state, self.tally, self.note, self.problem):
            label.configure(wraplength=width)
