"""The game window: the board to click, the menu bar and buttons, the status bar, and the turns between.

:class:`GameWindow` drives a :class:`~tictactoe.game.session.Session`
for the person at the window: a click (or the arrow keys and Enter) plays
the person's move, a computer player's move is searched in a worker thread
(:mod:`tictactoe.ui.window.thinking`) while the window stays awake, and
undo, redo, hint and new game are menu items, buttons and keys.  Each
finished game is saved in the game history (:mod:`tictactoe.ui.window.saving`,
whose one-line problem, if any, the status bar shows in red), and "Previous
games" opens :mod:`tictactoe.ui.window.previous` on the same history,
whose replays play a new game on from any position (:meth:`GameWindow.play_from`);
"Set up a position" makes one by clicking (:mod:`tictactoe.ui.window.setup`);
View ▸ Move numbers writes each move's number on its tile.  Tk is touched
only from its own thread: a running search is polled with ``after``.
Drawing the board is :mod:`tictactoe.ui.window.board_view`'s; the words
are :mod:`tictactoe.ui.window.status`'s.
"""

from __future__ import annotations

import functools
import tkinter
from tkinter import ttk
from typing import TYPE_CHECKING

from configurations import Side, Winner
from configurations.moves import Move, MoveError
from tictactoe.game.game import StartingPosition
from tictactoe.game.session import Session
from tictactoe.ui.window.board_view import BoardView, first_canvas_side
from tictactoe.ui.window.dialogs import ERROR_COLOUR, NewGameDialog
from tictactoe.ui.window.form import FormError, GameForm, start_game
from tictactoe.ui.window.picture import BoardPicture, winning_squares
from tictactoe.ui.window.previous import PreviousGames
from tictactoe.ui.window.saving import WindowHistory
from tictactoe.ui.window.setup import SETUP_NOTE, PositionSetup, SetupBar
from tictactoe.ui.window.status import (
    AUTO_MOVE_DELAY_MS,
    HOW_TO_PLAY,
    PLAY_AGAIN_KEYS,
    progress_text,
    state_text,
    tally_text,
    title_text,
)
from tictactoe.ui.window.thinking import Search

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from configurations import SearchStats
    from configurations.rules import Rules
    from tictactoe.game.record import GameRecord

__all__ = ["AUTO_MOVE_DELAY_MS", "POLL_MS", "GameWindow"]

#: Milliseconds between looks at a running search: often enough that the count of positions runs smoothly.
POLL_MS = 50
# What a person can ask of the window: name, label, key shown, where it appears
# ("menu" names the menu; a button too when "button" is set).
_ACTIONS = (
    ("new", "New game…", "Ctrl+N", "Game", True),
    ("again", "Play again", "Ctrl+R", "Game", True),
    ("previous", "Previous games…", "", "Game", False),
    ("setup", "Set up a position…", "", "Game", False),
    ("quit", "Quit", "Ctrl+Q", "Game", True),
    ("undo", "Undo", "Ctrl+Z", "Move", True),
    ("redo", "Redo", "Ctrl+Y", "Move", True),
    ("hint", "Hint", "Ctrl+H", "Move", True),
    ("numbers", "Move numbers", "Ctrl+M", "View", False),
)
_SHIFT = 0x0001  # the Shift bit of a Tk key event's state
_ARROWS = {"Left": (0, -1), "Right": (0, 1), "Up": (-1, 0), "Down": (1, 0)}


class GameWindow:
    """The game window in ``root`` for ``session``; computer moves come ``move_delay_ms`` apart when no person plays.

    Finished games are saved in the history file ``db`` (None: the
    default history).  Built, it starts the session's game at once: a
    computer to move begins thinking.  Run ``root.mainloop()`` to play.
    """

    def __init__(
        self,
        root: tkinter.Tk,
        session: Session,
        *,
        move_delay_ms: int = AUTO_MOVE_DELAY_MS,
        db: Path | None = None,
    ) -> None:
        self.root = root
        self.session = session
        self.move_delay_ms = move_delay_ms
        self.buttons: dict[str, ttk.Button] = {}
        self.menu_entries: dict[str, tuple[tkinter.Menu, int]] = {}
        self.dialog: NewGameDialog | None = None
        self.previous: PreviousGames | None = None
        self.saving = WindowHistory(db)
        self._search: Search | None = None
        self._searching_hint = False
        self._scheduled: str | None = None  # the pending `after` of the next computer move or poll
        self._hint: Move | None = None
        self._message = ""
        #: The position being set up by clicking, or None while a game is played.
        self.setup: PositionSetup | None = None
        #: Whether each move's number is written on its tile.
        self.numbers = False
        self.cursor = self._centre()
        self._build()
        self._turn_changed()

    # What a person sees -------------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """Whether a search (a computer player's move or a hint) is running."""
        return self._search is not None

    @property
    def status_text(self) -> str:
        """The status bar's first line: whose turn, who is thinking, or the result."""
        return str(self._state.cget("text"))

    @property
    def message_text(self) -> str:
        """The status bar's second line: a search's progress, a note on the last thing done, or how to play."""
        return str(self._note.cget("text"))

    @property
    def tally_text(self) -> str:
        """The tally shown at the right of the status bar."""
        return str(self._tally.cget("text"))

    @property
    def history_text(self) -> str:
        """The status bar's red line: why games are not being saved; empty while they are (and it is hidden)."""
        return str(self._history_problem.cget("text")) if self._history_problem.grid_info() else ""

    def is_enabled(self, action: str) -> bool:
        """Whether ``action``'s menu item (and button, if it has one) can be used now."""
        menu, index = self.menu_entries[action]
        return str(menu.entrycget(index, "state")) == "normal"

    # What a person does ---------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` for the person to move; ignored while a search runs, a computer is to move, or a position
        is set up."""
        competitor = self.session.to_move
        if self.setup is not None or self.thinking or (competitor is not None and not competitor.is_person):
            return
        if competitor is None:
            self._show_message(f"The game is over: {PLAY_AGAIN_KEYS}")
            return
        try:
            self.session.play(move)
        except MoveError as refusal:
            self._show_message(str(refusal))
            return
        self.cursor = move
        self._turn_changed()

    def move_cursor(self, rows: int, cols: int) -> None:
        """Move the keyboard's cursor by ``rows`` and ``cols``, stopping at the board's edges."""
        last = self.session.rules.size - 1
        self.cursor = Move(min(max(self.cursor.row + rows, 0), last), min(max(self.cursor.col + cols, 0), last))
        self._draw_board()

    def undo(self) -> None:
        """Take back the last move (against a computer, its reply and the person's move)."""
        if self.is_enabled("undo"):
            taken = self.session.undo()
            self._turn_changed(f"Took back {', '.join(map(str, reversed(taken)))}")

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if self.is_enabled("redo"):
            replayed = self.session.redo()
            self._turn_changed(f"Played again {', '.join(map(str, replayed))}")

    def play_again(self) -> None:
        """Start the next game of the session, the same players on the same sides, once this one is over."""
        if self.is_enabled("again"):
            self.session.new_game()
            self.cursor = self._centre()
            self._turn_changed()

    def resume(self, game_id: int, record: GameRecord) -> str | None:
        """Play on game ``game_id``, left before its end, in this window; or say why it cannot be."""
        try:
            session = Session.resume(record, game_id, think=self.session.limits.think)
        except ValueError as problem:
            return str(problem)
        self.saving.save_unfinished(self.session)  # the game on the board now is kept too
        self.session = session
        self.cursor = self._centre()
        self._turn_changed()
        return None

    def hint(self) -> None:
        """Look for the strong player's move for the person to move, and shade its square when found."""
        if self.is_enabled("hint"):
            self._start_search(self.session.hint, hint=True)

    def new_game(self) -> NewGameDialog:
        """Open the new-game dialog (or bring forward the one open) and return it."""
        if self.dialog is None or not self.dialog.is_open():
            self.dialog = NewGameDialog(self.root, GameForm.of(self.session), self._start_new_game)
        self.dialog.top.lift()
        return self.dialog

    def previous_games(self) -> PreviousGames:
        """Open the list of previous games (or bring forward the one open) and return it."""
        if self.previous is None or not self.previous.is_open():
            self.previous = PreviousGames(
                self.root, self.saving.history, self.saving.problem or "", resume=self.resume, play_from=self.play_from
            )
        self.previous.top.lift()
        return self.previous

    def play_from(self, start: StartingPosition, rules: Rules) -> NewGameDialog:
        """Open the new-game dialog for a game from ``start`` played by ``rules``: its players chosen as for any
        new game, its board fixed."""
        if self.dialog is not None and self.dialog.is_open():
            self.dialog.close()
        form = GameForm.of(self.session).but(size=str(rules.size), length=str(rules.k))
        self.dialog = NewGameDialog(self.root, form, lambda typed: self._start_new_game(typed, start), start=start)
        self.dialog.top.lift()
        return self.dialog

    def set_up_position(self) -> None:
        """Set up a position on the board by clicking, from the one on the board now."""
        if self.setup is not None:
            return
        self._stop_waiting()
        game = self.session.game
        start = game.start
        stones = {side: set(start.squares(side)) for side in Side}
        for ply, move in enumerate(game.moves):
            stones[start.mover(ply)].add(move)
        here = StartingPosition(frozenset(stones[Side.X]), frozenset(stones[Side.O]), game.to_move or Side.X)
        self.setup = PositionSetup(self.session.rules.size, here)
        self._toolbar.grid_remove()
        self.setup_bar.frame.grid(row=0, column=0, sticky="ew")
        self.setup_bar.show_mover(self.setup.to_move)
        self._message = SETUP_NOTE
        self._refresh()

    def toggle_numbers(self) -> None:
        """Write each move's number on its tile, or stop writing them, as View ▸ Move numbers does (its tick too)."""
        menu, index = self.menu_entries["numbers"]
        menu.invoke(index)

    def cancel_setup(self) -> None:
        """Leave the position set up, and go back to the game."""
        if self.setup is None:
            return
        self._leave_setup()
        self._turn_changed()

    def _numbers_toggled(self) -> None:
        self.numbers = not self.numbers
        self._draw_board()

    def _leave_setup(self) -> None:
        self.setup = None
        self.setup_bar.frame.grid_remove()
        self._toolbar.grid()

    def _setup_play(self) -> None:
        """Play from here, in the setup: a new game's dialog for the position clicked."""
        if self.setup is not None:
            self.play_from(self.setup.position(), self.session.rules)

    def _setup_changed(self, change: Callable[[PositionSetup], None]) -> None:
        if self.setup is not None:
            change(self.setup)
            self.setup_bar.show_mover(self.setup.to_move)
            self._refresh()

    def quit(self) -> None:
        """Close the window, keeping a game left before its end; a search still running ends with the program."""
        self.saving.save_unfinished(self.session)
        self.root.destroy()

    # Turns --------------------------------------------------------------------------------------

    def _turn_changed(self, message: str = "") -> None:
        """After the game changed: show it, and set a computer to move thinking."""
        self._stop_waiting()
        self._hint = None
        self._message = message
        if self.saving.save_finished(self.session) and self.previous is not None and self.previous.is_open():
            self.previous.refresh()  # the game just saved heads the list
        self._refresh()
        competitor = self.session.to_move
        if competitor is not None and not competitor.is_person:
            has_person = any(side.is_person for side in self.session.competitors)
            delay = 0 if has_person else self.move_delay_ms
            self._scheduled = self.root.after(delay, self._start_search, self.session.computer_move)

    def _start_search(self, task: Callable[[SearchStats], Move], *, hint: bool = False) -> None:
        self._scheduled = None
        self._search = Search(task)
        self._searching_hint = hint
        self._refresh()
        self._scheduled = self.root.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        """Show a running search's progress; act on its outcome once it is done."""
        search = self._search
        if search is None:
            return
        try:
            move = search.outcome()
        except Exception as failure:  # any player's failure is shown, not raised into Tk
            self._search_failed(failure)
            return
        if move is None:
            self._show_progress(search)
            self._scheduled = self.root.after(POLL_MS, self._poll)
            return
        self._search = None
        self._scheduled = None
        if self._searching_hint:
            self._hint = move
            self._message = f"Hint: {move}"
            self._refresh()
        else:
            try:
                self.session.play(move)
            except MoveError as refusal:
                self._search_failed(refusal)
                return
            self._turn_changed()

    def _search_failed(self, failure: Exception) -> None:
        """Say why the search gave no move; the person can go on (a computer player waits for undo or a new game)."""
        self._search = None
        self._scheduled = None
        if self._searching_hint:
            self._message = f"No hint: {failure}"
        else:
            symbol = self.session.game.to_move
            name = "nobody" if symbol is None else self.session.side(symbol).name
            self._message = f"{symbol} ({name}) could not move: {failure}"
        self._refresh()

    def _start_new_game(self, form: GameForm, start: StartingPosition | None = None) -> str | None:
        """The new-game dialog's answer: start the game ``form`` asks for (from ``start``, a position to play on
        from), or say why it cannot start."""
        # The game on the board is left: kept now, before a next game of the same session takes its place.
        # Should the form be refused, the game goes on, and saving it again keeps it under the same id.
        self.saving.save_unfinished(self.session)
        try:
            session = start_game(form, self.session, start)
        except FormError as problem:
            return str(problem)
        if self.setup is not None:
            self._leave_setup()
        self.session = session
        self.cursor = self._centre()
        self._turn_changed()  # a search of the last game still running ends unheeded
        return None

    def _stop_waiting(self) -> None:
        """Forget the next computer move scheduled and any search running (its thread ends by itself)."""
        if self._scheduled is not None:
            self.root.after_cancel(self._scheduled)
            self._scheduled = None
        self._search = None

    # Showing ------------------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Show the session as it stands: board, title, status, tally, which actions apply."""
        session = self.session
        self.root.title(title_text(session))
        self._draw_board()
        person_to_move = session.to_move is not None and session.to_move.is_person
        state = state_text(session, thinking=self.thinking and not self._searching_hint)
        if self.setup is not None:
            state = f"Setting up a position: {self.setup.to_move} to move"
        self._state.configure(text=state)
        over = session.game.result is not None
        self._note.configure(text=self._message or (HOW_TO_PLAY if person_to_move else PLAY_AGAIN_KEYS if over else ""))
        self._tally.configure(text=tally_text(session))
        self.canvas.configure(cursor="watch" if self.thinking else "")
        game = session.game
        # Between two computer players there is no person's move to take back: they would only play it again.
        playing = self.setup is None
        self._enable("undo", playing and not self.thinking and session.has_person and session.can_undo)
        self._enable("redo", playing and not self.thinking and session.has_person and game.can_redo)
        self._enable("hint", playing and not self.thinking and person_to_move)
        self._enable("again", playing and not self.thinking and over)
        self._enable("setup", playing)
        if self._search is not None:
            self._show_progress(self._search)
        problem = self.saving.problem
        self._history_problem.configure(text=problem or "")
        if problem is None:
            self._history_problem.grid_remove()  # no empty line's height at the bottom
        else:
            self._history_problem.grid()

    def _draw_board(self) -> None:
        session = self.session
        if self.setup is not None:
            self.board.draw(BoardPicture(session.rules.size, (), start=self.setup.position()))
            return
        game = session.game
        person_to_move = session.to_move is not None and session.to_move.is_person
        won = game.result is not None and game.result != Winner.DRAW
        self.board.draw(
            BoardPicture(
                session.rules.size,
                game.moves,
                cursor=self.cursor if person_to_move and not self.thinking else None,
                hint=self._hint,
                line=winning_squares(session.rules, game.start, game.moves) if won else (),
                start=game.start,
                numbers=self.numbers,
                forbidden=tuple(point.point for point in game.forbidden_points()) if person_to_move else (),
            )
        )

    def _show_progress(self, search: Search) -> None:
        self._note.configure(text=progress_text(search.stats.nodes, search.seconds, hint=self._searching_hint))

    def _show_message(self, message: str) -> None:
        self._message = message
        self._note.configure(text=message)

    def _enable(self, action: str, enabled: bool) -> None:
        state = "normal" if enabled else "disabled"
        menu, index = self.menu_entries[action]
        menu.entryconfigure(index, state=state)
        if action in self.buttons:
            self.buttons[action].configure(state=state)

    def _centre(self) -> Move:
        middle = (self.session.rules.size - 1) // 2
        return Move(middle, middle)

    # Building -----------------------------------------------------------------------------------

    def _build(self) -> None:
        root = self.root
        root.protocol("WM_DELETE_WINDOW", self.quit)
        root.columnconfigure(0, weight=1)
        root.rowconfigure(1, weight=1)
        root.minsize(320, 320)
        root.bind("<Destroy>", self._destroyed)
        commands: dict[str, Callable[[], object]] = {
            "new": self.new_game,
            "again": self.play_again,
            "previous": self.previous_games,
            "quit": self.quit,
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.hint,
            "setup": self.set_up_position,
            "numbers": self._numbers_toggled,
        }
        self._build_menus(commands)
        self._build_toolbar(commands)
        self._build_board()
        self._build_status()
        self._bind_keys()

    def _build_menus(self, commands: dict[str, Callable[[], object]]) -> None:
        bar = tkinter.Menu(self.root)
        menus: dict[str, tkinter.Menu] = {}
        for name, label, keys, menu_name, _ in _ACTIONS:
            if menu_name not in menus:
                menus[menu_name] = tkinter.Menu(bar, tearoff=False)
                bar.add_cascade(label=menu_name, menu=menus[menu_name], underline=0)
            menu = menus[menu_name]
            if name == "quit":
                menu.add_separator()
            if name == "numbers":  # a tick that shows whether the numbers are on (Tk's own variable keeps it)
                menu.add_checkbutton(label=label, accelerator=keys, command=commands[name])
            else:
                menu.add_command(label=label, accelerator=keys, command=commands[name])
            index = menu.index("end")
            assert index is not None  # an item was just added
            self.menu_entries[name] = (menu, index)
        self.root.configure(menu=bar)

    def _build_toolbar(self, commands: dict[str, Callable[[], object]]) -> None:
        self._toolbar = toolbar = ttk.Frame(self.root, padding=(6, 6, 6, 0))
        toolbar.grid(row=0, column=0, sticky="ew")
        self.setup_bar = SetupBar(
            self.root,
            toggle_mover=lambda: self._setup_changed(PositionSetup.toggle_mover),
            clear=lambda: self._setup_changed(PositionSetup.clear),
            play=self._setup_play,
            cancel=self.cancel_setup,
        )
        labels = {name: label.rstrip("…") for name, label, _, _, button in _ACTIONS if button}
        # Quit stands apart at the right, past an empty column that takes the spare width.
        for column, name in ((0, "new"), (1, "again"), (2, "undo"), (3, "redo"), (4, "hint"), (6, "quit")):
            # The buttons never take the keyboard, so that Space always plays the cursor's square.
            button = ttk.Button(toolbar, text=labels[name], command=commands[name], takefocus=False)
            button.grid(row=0, column=column, padx=(0, 4))
            self.buttons[name] = button
        toolbar.columnconfigure(5, weight=1)

    def _build_board(self) -> None:
        side = first_canvas_side(self.session.rules.size)
        self.canvas = tkinter.Canvas(self.root, width=side, height=side, highlightthickness=0, takefocus=True)
        self.canvas.grid(row=1, column=0, sticky="nsew", padx=6, pady=6)
        self.board = BoardView(self.canvas)
        self.canvas.bind("<Configure>", lambda _event: self.board.redraw())
        self.canvas.bind("<Button-1>", self._clicked)

    def _build_status(self) -> None:
        status = ttk.Frame(self.root, padding=(8, 0, 8, 6))
        status.grid(row=2, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        # The state has a line of its own: beside the tally, a long name squeezed it into a column a word wide.
        self._state = ttk.Label(status, font=("TkDefaultFont", 0, "bold"))
        self._state.grid(row=0, column=0, sticky="w")
        self._tally = ttk.Label(status)
        self._tally.grid(row=1, column=0, sticky="w")
        self._note = ttk.Label(status, foreground="#555555")
        self._note.grid(row=2, column=0, sticky="w")
        self._history_problem = ttk.Label(status, foreground=ERROR_COLOUR)
        self._history_problem.grid(row=3, column=0, sticky="w")
        self._history_problem.grid_remove()
        self._wrap_status(self.canvas.winfo_reqwidth())
        status.bind("<Configure>", lambda event: self._wrap_status(event.width - 16))

    def _wrap_status(self, width: int) -> None:
        """Wrap the status lines at ``width`` pixels, so that no text, however long, widens the window.

        A wider window would move the board under the pointer whenever a
        hint or a note came and went; a long text takes another line instead.
        """
        width = max(width, 100)
        for label in (self._state, self._tally, self._note, self._history_problem):
            label.configure(wraplength=width)

    def _bind_keys(self) -> None:
        bind = self.root.bind
        keys = (
            ("n", self.new_game),
            ("r", self.play_again),
            ("q", self.quit),
            ("y", self.redo),
            ("h", self.hint),
            ("m", self.toggle_numbers),
        )
        for letter, action in keys:
            for keysym in (letter, letter.upper()):  # the upper case comes with Caps Lock
                bind(f"<Control-{keysym}>", _key_handler(action))
        bind("<Control-z>", lambda _event: self.undo())
        bind("<Control-Z>", self._control_z)
        for keysym, (rows, cols) in _ARROWS.items():
            bind(f"<{keysym}>", _key_handler(functools.partial(self.move_cursor, rows, cols)))
        for keysym in ("Return", "KP_Enter", "space"):
            bind(f"<{keysym}>", lambda _event: self.play(self.cursor))
        self.canvas.focus_set()

    def _destroyed(self, event: tkinter.Event[tkinter.Misc]) -> None:
        """The window is closing (every widget in it reports it too): close the history file."""
        if event.widget is self.root:
            self.saving.close()

    def _control_z(self, event: tkinter.Event[tkinter.Misc]) -> None:
        """Ctrl+Shift+Z redoes; Ctrl+Z with Caps Lock on (the same keysym, no Shift) undoes."""
        if isinstance(event.state, int) and event.state & _SHIFT:
            self.redo()
        else:
            self.undo()

    def _clicked(self, event: tkinter.Event[tkinter.Canvas]) -> None:
        square = self.board.square_at(event.x, event.y)
        if square is not None and self.setup is not None:
            self._setup_changed(lambda setup: setup.click(square))
            return
        if square is None or self.thinking:
            return
        self.cursor = square
        self.play(square)


def _key_handler(action: Callable[[], object]) -> Callable[[tkinter.Event[tkinter.Misc]], None]:
    """A key binding that does ``action`` and lets Tk go on with the key as usual."""

    def handle(_event: tkinter.Event[tkinter.Misc]) -> None:
        action()

    return handle
