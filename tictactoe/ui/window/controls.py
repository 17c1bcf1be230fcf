"""The game window's controls: the menu bar, the toolbar, the bar that sets up a position, and the keys.

:class:`Controls` builds the menus and the toolbar in the window, each
action from the command it is handed, and greys out those that do not
apply; while a position is set up, :class:`SetupBar` stands in place of
the toolbar.  :func:`bind_keys` binds the keyboard.  What an action does
is the window's and its controller's (:mod:`~tictactoe.ui.window.controller`):
the controls only forward it.
"""

from __future__ import annotations

import functools
import tkinter
from tkinter import ttk
from typing import TYPE_CHECKING

from configurations import Side

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

__all__ = ["ACTIONS", "Controls", "SetupBar", "bind_keys"]

# What a person can ask of the window: name, label, key shown, where it appears
# ("menu" names the menu; a button too when "button" is set).
ACTIONS = (
    ("new", "New game…", "Ctrl+N", "Game", True),
    ("again", "Play again", "Ctrl+R", "Game", True),
    ("previous", "Previous games…", "", "Game", False),
    ("setup", "Set up a position…", "", "Game", False),
    ("quit", "Quit", "Ctrl+Q", "Game", True),
    ("undo", "Undo", "Ctrl+Z", "Move", True),
    ("redo", "Redo", "Ctrl+Y", "Move", True),
    ("hint", "Hint", "Ctrl+H", "Move", True),
    ("numbers", "Move numbers", "Ctrl+M", "View", False),
    ("grid", "Stones on the grid", "Ctrl+G", "View", False),
)
_SHIFT = 0x0001  # the Shift bit of a Tk key event's state
_ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}


class Controls:
    """The menu bar and the toolbar of the window ``root``, each action doing ``commands[name]``, and the setup
    bar doing ``setup_commands`` (its ``toggle_mover``, ``clear``, ``play`` and ``cancel``)."""

    def __init__(
        self,
        root: tkinter.Tk,
        commands: Mapping[str, Callable[[], object]],
        setup_commands: Mapping[str, Callable[[], None]],
    ) -> None:
        self.root = root
        #: The toolbar's buttons, by action.
        self.buttons: dict[str, ttk.Button] = {}
        #: Each action's menu and its item's index there.
        self.menu_entries: dict[str, tuple[tkinter.Menu, int]] = {}
        #: The tick of View ▸ Stones on the grid: whether the board is drawn as a grid of stones, set as it is shown.
        self.grid_shown = tkinter.BooleanVar(root, value=False)
        self._build_menus(commands)
        self.toolbar = self._build_toolbar(commands)
        self.setup_bar = SetupBar(root, **setup_commands)
        self._setting_up = False

    def is_enabled(self, action: str) -> bool:
        """Whether ``action``'s menu item (and button, if it has one) can be used now."""
        menu, index = self.menu_entries[action]
        return str(menu.entrycget(index, "state")) == "normal"

    def enable(self, action: str, enabled: bool) -> None:
        """Let ``action`` be used, or grey it out, in its menu and on its button."""
        state = "normal" if enabled else "disabled"
        menu, index = self.menu_entries[action]
        menu.entryconfigure(index, state=state)
        if action in self.buttons:
            self.buttons[action].configure(state=state)

    def show_setup(self, mover: Side | None) -> None:
        """Show the setup bar in place of the toolbar, saying that ``mover`` moves first; None: the toolbar."""
        if mover is None:
            if self._setting_up:
                self.setup_bar.frame.grid_remove()
                self.toolbar.grid()
            self._setting_up = False
            return
        if not self._setting_up:
            self.toolbar.grid_remove()
            self.setup_bar.frame.grid(row=0, column=0, sticky="ew")
        self._setting_up = True
        self.setup_bar.show_mover(mover)

    def _build_menus(self, commands: Mapping[str, Callable[[], object]]) -> None:
        bar = tkinter.Menu(self.root)
        menus: dict[str, tkinter.Menu] = {}
        for name, label, keys, menu_name, _ in ACTIONS:
            if menu_name not in menus:
                menus[menu_name] = tkinter.Menu(bar, tearoff=False)
                bar.add_cascade(label=menu_name, menu=menus[menu_name], underline=0)
            menu = menus[menu_name]
            if name == "quit":
                menu.add_separator()
            if name == "numbers":  # a tick that shows whether the numbers are on (Tk's own variable keeps it)
                menu.add_checkbutton(label=label, accelerator=keys, command=commands[name])
            elif name == "grid":  # a tick whose variable the window sets: the board's game chooses where none did
                menu.add_checkbutton(label=label, accelerator=keys, command=commands[name], variable=self.grid_shown)
            else:
                menu.add_command(label=label, accelerator=keys, command=commands[name])
            index = menu.index("end")
            assert index is not None  # an item was just added
            self.menu_entries[name] = (menu, index)
        self.root.configure(menu=bar)

    def _build_toolbar(self, commands: Mapping[str, Callable[[], object]]) -> ttk.Frame:
        toolbar = ttk.Frame(self.root, padding=(6, 6, 6, 0))
        toolbar.grid(row=0, column=0, sticky="ew")
        labels = {name: label.rstrip("…") for name, label, _, _, button in ACTIONS if button}
        # Quit stands apart at the right, past an empty column that takes the spare width.
        for column, name in ((0, "new"), (1, "again"), (2, "undo"), (3, "redo"), (4, "hint"), (6, "quit")):
            # The buttons never take the keyboard, so that Space always plays the cursor's square.
            button = ttk.Button(toolbar, text=labels[name], command=commands[name], takefocus=False)
            button.grid(row=0, column=column, padx=(0, 4))
            self.buttons[name] = button
        toolbar.columnconfigure(5, weight=1)
        return toolbar


class SetupBar:
    """The buttons of setting up a position, in a frame inside ``parent`` (not placed: the window grids it)."""

    def __init__(
        self,
        parent: tkinter.Misc,
        *,
        toggle_mover: Callable[[], None],
        clear: Callable[[], None],
        play: Callable[[], None],
        cancel: Callable[[], None],
    ) -> None:
        self.frame = ttk.Frame(parent, padding=(6, 6, 6, 0))
        self.buttons = {
            "mover": ttk.Button(self.frame, text=f"{Side.X} to move", command=toggle_mover, takefocus=False),
            "clear": ttk.Button(self.frame, text="Clear", command=clear, takefocus=False),
            "play": ttk.Button(self.frame, text="Play from here", command=play, takefocus=False),
            "cancel": ttk.Button(self.frame, text="Cancel", command=cancel, takefocus=False),
        }
        for column, button in enumerate(self.buttons.values()):
            button.grid(row=0, column=column + (column == len(self.buttons) - 1), padx=(0, 4))
        self.frame.columnconfigure(len(self.buttons) - 1, weight=1)  # Cancel stands apart at the right

    def show_mover(self, side: Side) -> None:
        """Say on the first button who moves first in the position."""
        self.buttons["mover"].configure(text=f"{side} to move")


def bind_keys(
    root: tkinter.Tk,
    letters: Mapping[str, Callable[[], object]],
    *,
    undo: Callable[[], object],
    redo: Callable[[], object],
    move_cursor: Callable[[int, int], object],
    play: Callable[[], object],
) -> None:
    """Bind Ctrl and each of ``letters`` to its action, Ctrl+Z to ``undo`` (Ctrl+Shift+Z to ``redo``), the arrows
    to ``move_cursor`` by a row or a column, and Enter and Space to ``play``."""
    for letter, action in letters.items():
        for keysym in (letter, letter.upper()):  # the upper case comes with Caps Lock
            root.bind(f"<Control-{keysym}>", _key_handler(action))
    root.bind("<Control-z>", _key_handler(undo))

    def control_shift_z(event: tkinter.Event[tkinter.Misc]) -> None:
        """Ctrl+Shift+Z redoes; Ctrl+Z with Caps Lock on (the same keysym, no Shift) undoes."""
        if isinstance(event.state, int) and event.state & _SHIFT:
            redo()
        else:
            undo()

    root.bind("<Control-Z>", control_shift_z)
    for keysym, (rows, cols) in _ARROWS.items():
        root.bind(f"<{keysym}>", _key_handler(functools.partial(move_cursor, rows, cols)))
    for keysym in ("Return", "KP_Enter", "space"):
        root.bind(f"<{keysym}>", _key_handler(play))


def _key_handler(action: Callable[[], object]) -> Callable[[tkinter.Event[tkinter.Misc]], None]:
    """A key binding that does ``action`` and lets Tk go on with the key as usual."""

    def handle(_event: tkinter.Event[tkinter.Misc]) -> None:
        action()

    return handle
