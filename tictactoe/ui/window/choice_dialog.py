"""The dialog in which a person chooses under a swap opening: white, black, or (swap2) two more stones.

The game window opens a :class:`ChoiceDialog` while its controller says
a person's choice is due, over the foot of the board, below the opening's
stones near the centre, and closes it once the choice is made (or the
game is left).  It
asks with the words it is given (:func:`~tictactoe.ui.window.status.choice_question`)
and hands the button pressed to ``choose``; it cannot be closed without
a choice, and it leaves the window usable, for a new game or to quit.
"""

from __future__ import annotations

import functools
import tkinter
from tkinter import ttk
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from configurations.rules import OpeningChoice

__all__ = ["ChoiceDialog"]

# The pixels the question wraps at.
_QUESTION_WIDTH = 360
# The pixels between the dialog and the bottom edge of what it covers.
_MARGIN = 6


class ChoiceDialog:
    """A dialog over the foot of ``parent`` (the board) asking ``question``, a button for each of ``options``,
    ``choose(option)`` when one is pressed."""

    def __init__(
        self,
        parent: tkinter.Misc,
        question: str,
        options: Sequence[OpeningChoice],
        choose: Callable[[OpeningChoice], None],
    ) -> None:
        self.options = tuple(options)
        self.top = top = tkinter.Toplevel(parent)
        top.title("Choose a colour")
        top.transient(parent.winfo_toplevel())
        top.resizable(width=False, height=False)
        frame = ttk.Frame(top, padding=12)
        frame.grid(sticky="nsew")
        self.question = ttk.Label(frame, text=question, wraplength=_QUESTION_WIDTH, justify="left")
        self.question.grid(row=0, column=0, columnspan=len(self.options), sticky="w", pady=(0, 10))
        #: A button for each option, by its name (``white``, ``black``, ``two more``).
        self.buttons: dict[str, ttk.Button] = {}
        for column, option in enumerate(self.options):
            button = ttk.Button(frame, text=option.capitalize(), command=functools.partial(choose, option))
            button.grid(row=1, column=column, padx=(0, 6))
            self.buttons[str(option)] = button
        top.protocol("WM_DELETE_WINDOW", lambda: None)  # a choice is due: there is no closing it without one
        top.update_idletasks()
        left = parent.winfo_rootx() + (parent.winfo_width() - top.winfo_reqwidth()) // 2
        below = parent.winfo_rooty() + parent.winfo_height() - top.winfo_reqheight() - _MARGIN
        top.geometry(f"+{max(left, 0)}+{max(below, 0)}")

    def is_open(self) -> bool:
        """Whether the dialog is still on the screen."""
        return bool(self.top.winfo_exists())

    def close(self) -> None:
        """Close the dialog: the choice is made, or no longer due."""
        self.top.destroy()
