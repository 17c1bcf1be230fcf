"""The game window: the board to click, the menu bar and buttons, the status bar, and the dialogs.

:class:`GameWindow` only draws and forwards: the game it shows is its
:class:`~tictactoe.ui.window.controller.GameController`'s, which plays
the moves, sets the computer thinking, undoes, hints, saves each game and
says what the status bar says, and which calls the window back to show
the game again.  A click (or the arrow keys and Enter) goes to the
controller; the menus, the toolbar and the keys are
:mod:`~tictactoe.ui.window.controls`', the status lines
:mod:`~tictactoe.ui.window.status_bar`'s, and the board is drawn by
:mod:`~tictactoe.ui.window.board_view`.  The window opens the dialogs:
a new game (:mod:`~tictactoe.ui.window.dialogs`), the previous games
(:mod:`~tictactoe.ui.window.previous`), whose replays play a new game on
from any position (:meth:`GameWindow.play_from`), and the choice of a
colour under a swap opening (:mod:`~tictactoe.ui.window.choice_dialog`).
Tk is touched only from its own thread: the controller polls a running
search with Tk's ``after``.
"""

from __future__ import annotations

import tkinter
from typing import TYPE_CHECKING

from tictactoe.ui.window.board_view import BoardView, first_canvas_side
from tictactoe.ui.window.choice_dialog import ChoiceDialog
from tictactoe.ui.window.controller import POLL_MS, GameController
from tictactoe.ui.window.controls import Controls, bind_keys
from tictactoe.ui.window.dialogs import NewGameDialog
from tictactoe.ui.window.form import GameForm
from tictactoe.ui.window.previous import PreviousGames
from tictactoe.ui.window.setup import PositionSetup
from tictactoe.ui.window.status import AUTO_MOVE_DELAY_MS, choice_question
from tictactoe.ui.window.status_bar import StatusBar

if TYPE_CHECKING:
    from pathlib import Path

    from configurations.rules import Rules
    from tictactoe.game.game import StartingPosition
    from tictactoe.game.session import Session

__all__ = ["AUTO_MOVE_DELAY_MS", "POLL_MS", "GameWindow"]

# The actions the controller says apply or not; the others always do.
_GUARDED = ("undo", "redo", "hint", "again", "setup")


class GameWindow:
    """The game window in ``root`` for ``session``; computer moves come ``move_delay_ms`` apart when no person plays.

    Finished games are saved in the history file ``db`` (None: the
    default history).  ``grid`` draws the board as a grid of stones (True)
    or as squares (False); None: as its game is usually drawn.  Built, it starts the session's game at once: a
    computer to move begins thinking.  Run ``root.mainloop()`` to play.
    """

    def __init__(
        self,
        root: tkinter.Tk,
        session: Session,
        *,
        move_delay_ms: int = AUTO_MOVE_DELAY_MS,
        db: Path | None = None,
        grid: bool | None = None,
    ) -> None:
        self.root = root
        self.dialog: NewGameDialog | None = None
        self.previous: PreviousGames | None = None
        #: The dialog of a person's choice under a swap opening, while one is due.
        self.choice: ChoiceDialog | None = None
        #: The game shown, and what is done to it.
        self.controller = GameController(session, self, root, move_delay_ms=move_delay_ms, db=db, grid=grid)
        self._build()
        self.controller.start()

    # What a person sees -------------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The session being played (a new game may start a new one)."""
        return self.controller.session

    @property
    def thinking(self) -> bool:
        """Whether a search (a computer player's move or choice, or a hint) is running."""
        return self.controller.thinking

    @property
    def status_text(self) -> str:
        """The status bar's first line: whose turn, who is thinking, or the result."""
        return self.status_bar.text(self.status_bar.state)

    @property
    def message_text(self) -> str:
        """The status bar's second line: a search's progress, a note on the last thing done, or how to play."""
        return self.status_bar.text(self.status_bar.note)

    @property
    def tally_text(self) -> str:
        """The tally shown at the right of the status bar."""
        return self.status_bar.text(self.status_bar.tally)

    @property
    def history_text(self) -> str:
        """The status bar's red line: why games are not being saved; empty while they are (and it is hidden)."""
        return self.status_bar.text(self.status_bar.problem)

    def is_enabled(self, action: str) -> bool:
        """Whether ``action``'s menu item (and button, if it has one) can be used now."""
        return self.controls.is_enabled(action)

    # Showing: what the controller asks for ------------------------------------------------------

    def show(self) -> None:
        """Show the game as the controller has it: board, title, status, which actions apply, a choice due."""
        game = self.controller
        self.root.title(game.title())
        self.board.draw(game.picture())
        self.controls.grid_shown.set(game.grid)
        self.status_bar.show(game.state_line(), game.tally_line(), game.note_line(), game.saving.problem)
        self.status_bar.show_clocks(game.clock_texts())
        self.canvas.configure(cursor="watch" if game.thinking else "")
        for action in _GUARDED:
            self.controls.enable(action, game.can(action))
        self.controls.show_setup(None if game.setup is None else game.setup.to_move)
        self._show_choice()

    def show_progress(self) -> None:
        """Show how far the running search has gone, in the note."""
        self.status_bar.note.configure(text=self.controller.note_line())

    def show_clocks(self) -> None:
        """Show what the clocks read now, ticking."""
        self.status_bar.show_clocks(self.controller.clock_texts())

    def saved(self) -> None:
        """A game was just saved: it heads the list of previous games, if open."""
        if self.previous is not None and self.previous.is_open():
            self.previous.refresh()

    # Dialogs and the window itself ----------------------------------------------------------------

    def new_game(self) -> NewGameDialog:
        """Open the new-game dialog (or bring forward the one open) and return it."""
        if self.dialog is None or not self.dialog.is_open():
            self.dialog = NewGameDialog(self.root, GameForm.of(self.session), self.controller.start_new_game)
        self.dialog.top.lift()
        return self.dialog

    def previous_games(self) -> PreviousGames:
        """Open the list of previous games (or bring forward the one open) and return it."""
        if self.previous is None or not self.previous.is_open():
            saving = self.controller.saving
            self.previous = PreviousGames(
                self.root, saving.history, saving.problem or "", resume=self.controller.resume, play_from=self.play_from
            )
        self.previous.top.lift()
        return self.previous

    def play_from(self, start: StartingPosition, rules: Rules) -> NewGameDialog:
        """Open the new-game dialog for a game from ``start`` played by ``rules``: its players chosen as for any
        new game, its board fixed."""
        if self.dialog is not None and self.dialog.is_open():
            self.dialog.close()
        board = {"size": str(rules.size), "length": str(rules.k), "rule": rules.variant.value, "opening": "free"}
        form = GameForm.of(self.session).but(**board)
        self.dialog = NewGameDialog(
            self.root, form, lambda typed: self.controller.start_new_game(typed, start), start=start
        )
        self.dialog.top.lift()
        return self.dialog

    def toggle_numbers(self) -> None:
        """Write each move's number on its tile, or stop writing them, as View ▸ Move numbers does (its tick too)."""
        menu, index = self.controls.menu_entries["numbers"]
        menu.invoke(index)

    def quit(self) -> None:
        """Close the window, keeping a game left before its end; a search still running ends with the program."""
        self.controller.leave()
        self.root.destroy()

    def _show_choice(self) -> None:
        """Open the dialog of a person's choice while one is due (asking afresh when the question changed), and
        close it once none is."""
        options = self.controller.choice_due
        question = choice_question(self.session) if options else ""
        if self.choice is not None and self.choice.is_open():
            if str(self.choice.question.cget("text")) == question:
                return
            self.choice.close()
        self.choice = ChoiceDialog(self.canvas, question, options, self.controller.choose) if options else None

    def _play_set_up(self) -> None:
        """Play from here, in the setup: a new game's dialog for the position clicked."""
        if self.controller.setup is not None:
            self.play_from(self.controller.setup.position(), self.session.rules)

    # Building -------------------------------------------------------------------------------------

    def _build(self) -> None:
        root, game = self.root, self.controller
        root.protocol("WM_DELETE_WINDOW", self.quit)
        root.columnconfigure(0, weight=1)
        root.rowconfigure(1, weight=1)
        root.minsize(320, 320)
        root.bind("<Destroy>", self._destroyed)
        commands = {
            "new": self.new_game,
            "again": game.play_again,
            "previous": self.previous_games,
            "quit": self.quit,
            "undo": game.undo,
            "redo": game.redo,
            "hint": game.hint,
            "setup": game.set_up_position,
            "numbers": game.toggle_numbers,
            "grid": game.toggle_grid,
        }
        self.controls = Controls(
            root,
            commands,
            {
                "toggle_mover": lambda: game.change_setup(PositionSetup.toggle_mover),
                "clear": lambda: game.change_setup(PositionSetup.clear),
                "play": self._play_set_up,
                "cancel": game.cancel_setup,
            },
        )
        self.buttons, self.menu_entries = self.controls.buttons, self.controls.menu_entries
        self.setup_bar = self.controls.setup_bar
        side = first_canvas_side(game.session.rules.size)
        self.canvas = tkinter.Canvas(root, width=side, height=side, highlightthickness=0, takefocus=True)
        self.canvas.grid(row=1, column=0, sticky="nsew", padx=6, pady=6)
        self.board = BoardView(self.canvas)
        self.canvas.bind("<Configure>", lambda _event: self.board.redraw())
        self.canvas.bind("<Button-1>", self._clicked)
        self.status_bar = StatusBar(root, row=2, width=self.canvas.winfo_reqwidth())
        letters = {"n": self.new_game, "r": game.play_again, "q": self.quit, "y": game.redo, "h": game.hint}
        bind_keys(
            root,
            letters | {"m": self.toggle_numbers, "g": game.toggle_grid},
            undo=game.undo,
            redo=game.redo,
            move_cursor=game.move_cursor,
            play=game.play_cursor,
        )
        self.canvas.focus_set()

    def _clicked(self, event: tkinter.Event[tkinter.Canvas]) -> None:
        square = self.board.square_at(event.x, event.y)
        if square is not None:
            self.controller.click(square)

    def _destroyed(self, event: tkinter.Event[tkinter.Misc]) -> None:
        """The window is closing (every widget in it reports it too): close the history file."""
        if event.widget is self.root:
            self.controller.saving.close()
