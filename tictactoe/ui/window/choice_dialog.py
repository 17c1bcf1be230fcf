"""The dialog in which a person chooses under a swap opening: white, black, or (swap2) two more stones.

The game window opens a :class:`ChoiceDialog` while its controller says
a person's choice is due, over the board so that the stones stay in
sight, and closes it once the choice is made (or the game is left).  It
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
# Where the dialog opens, from the top-left corner of the window it belongs to: over the board, below the toolbar.
_OFFSET = (40, 120)


class ChoiceDialog:
    """A dialog over ``parent`` asking ``question``, a button for each of ``options``, ``choose(option)`` when
    one is pressed."""

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
        window = parent.winfo_toplevel()
        top.transient(window)
        top.resizable(width=False, height=False)
        top.geometry(f"+{window.winfo_rootx() + _OFFSET[0]}+{window.winfo_rooty() + _OFFSET[1]}")
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

    def is_open(self) -> bool:
        """Whether the dialog is still on the screen."""
        return bool(self.top.winfo_exists())

    def close(self) -> None:
        """Close the dialog: the choice is made, or no longer due."""
        self.top.destroy()
