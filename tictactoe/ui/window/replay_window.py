"""A saved game replayed in a window of its own: the board move by move, stepped with buttons or keys.

:class:`ReplayWindow` shows a :class:`~tictactoe.game.replay.Replay` of a
:class:`~tictactoe.game.record.GameRecord` from the history: the board at
the position reached (the last move highlighted, the winning line drawn at
the end), a caption as the terminal's replay writes it, and First, Back,
Forward and Last -- as buttons, and as the keys Home, Left, Right and End.
The buttons that would do nothing at either end are disabled.  Given the
history the record came from, it shows the game's review at its right
(:class:`~tictactoe.ui.window.review_panel.ReviewPanel`), the move shown
highlighted, and keeps a review made there; otherwise it reads no file:
the previous-games dialog hands it the record.

>>> from datetime import UTC, datetime
>>> from configurations.moves import Move
>>> from tictactoe.game.record import Competitor, TimedMove
>>> start = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
>>> moves = tuple(TimedMove(Move.parse(text, 3), 1.0) for text in ("a1", "a2", "b1", "b2", "c1"))
>>> from configurations.rules import Rules
>>> players = Competitor("Ada", "human"), Competitor("rules", "rules")
>>> record = GameRecord(*players, Rules.square(3, 3), 9, None, start, start, moves)
>>> replay_title(4, record)
'Game 4: Ada (X) against rules (O)'
>>> replay_heading(record)
'3x3, 3 in a row, 5 moves, started 2024-05-01 12:30 UTC'
>>> replay = Replay(record)
>>> position_text(replay)
'0 of 5 moves shown'
>>> replay.to_end()
>>> position_text(replay)
'X wins (Ada)'
"""

from __future__ import annotations

import tkinter
from tkinter import ttk
from typing import TYPE_CHECKING, TypeAlias

from configurations import Side, Winner
from tictactoe.game.history import HistoryError
from tictactoe.game.record import GameRecord, date_text
from tictactoe.game.replay import Replay, result_line
from tictactoe.ui.window.board_view import BoardView, first_canvas_side
from tictactoe.ui.window.picture import BoardPicture, grid_by_default
from tictactoe.ui.window.review_panel import ReviewPanel
from tictactoe.ui.window.status import DRAW_TEXT

if TYPE_CHECKING:
    from collections.abc import Callable

    from configurations.rules import Rules
    from tictactoe.game.game import StartingPosition
    from tictactoe.game.history import History
    from tictactoe.game.review.values import Review

__all__ = ["KEYS_NOTE", "STEPS", "PlayFrom", "ReplayWindow", "position_text", "replay_heading", "replay_title"]

PlayFrom: TypeAlias = "Callable[[StartingPosition, Rules], object]"
"""Starts a new game from a position (its stones, and who moves), played by the given rules."""

#: The replay's steps: name, button label, and the key that does the same.
STEPS = (("first", "First", "Home"), ("back", "Back", "Left"), ("forward", "Forward", "Right"), ("last", "Last", "End"))
# The most pixels a side of the replay's board takes at first.
_CANVAS_SIDE = 520
#: The note under the buttons, so that the keys can be found.
KEYS_NOTE = "Keys: Home, Left, Right, End; Escape closes"


def replay_title(game_id: int, record: GameRecord) -> str:
    """The replay window's title: which game, and who played it with which symbol."""
    return f"Game {game_id}: {record.x.name} ({Side.X}) against {record.o.name} (O)"


def replay_heading(record: GameRecord) -> str:
    """The line over the board: the game's rule, its length and when it started (UTC, as the list shows it)."""
    moves = len(record.moves)
    started = "date unknown" if record.started is None else f"started {date_text(record.started)} UTC"
    board = str(record.rules)
    return f"{board}, {moves} move{'s' * (moves != 1)}, {started}"


def position_text(replay: Replay) -> str:
    """How far the replay is: the moves shown of all of them, or at the end the result and its winner's name."""
    record = replay.record
    if not replay.at_end:
        total = len(record.moves)
        return f"{replay.position} of {total} move{'s' * (total != 1)} shown"
    if record.result is None:
        return result_line(record)
    if record.result == Winner.DRAW:
        return DRAW_TEXT
    winner = record.x if record.result is Winner.X else record.o
    return f"{record.result} wins ({winner.name})"


class ReplayWindow:
    """A window over ``parent`` replaying game ``game_id``, whose record is ``record``, from the empty board.

    ``history``: the history the record is from; its review is shown beside the board (``review``, None without).
    ``play_from``: starts a new game from the position shown, asked for by Play from here (None: no such button).
    """

    def __init__(
        self,
        parent: tkinter.Misc,
        game_id: int,
        record: GameRecord,
        history: History | None = None,
        *,
        play_from: PlayFrom | None = None,
    ) -> None:
        self.top = top = tkinter.Toplevel(parent)
        top.columnconfigure(0, weight=1)
        top.rowconfigure(1, weight=1)
        self._heading = ttk.Label(top, foreground="#555555", padding=(8, 6, 8, 0))
        self._heading.grid(row=0, column=0, sticky="w")
        # The review beside the board takes about 420 pixels: together they fit a screen of 1024.
        side = min(first_canvas_side(record.rules.size), _CANVAS_SIDE)
        self.canvas = tkinter.Canvas(top, width=side, height=side, highlightthickness=0)
        self.canvas.grid(row=1, column=0, sticky="nsew", padx=6, pady=6)
        self.board = BoardView(self.canvas)
        self._play_from = play_from
        self.numbers = False
        self._build_status()
        self.buttons = self._build_buttons()
        self._bind_keys()
        self._history = history
        self.review: ReviewPanel | None = None
        if history is not None:
            self.review = ReviewPanel(top, record, None, self._keep(game_id), self.go_to)
            self.review.frame.grid(row=0, column=1, rowspan=6, sticky="nsew")
        self.replay = Replay(record)
        # Bound once the replay and its review are there: a redraw draws the best line over the board too.
        self.canvas.bind("<Configure>", lambda _event: self._redraw())
        self.show(game_id, record)
        top.focus_force()

    # What a person sees -------------------------------------------------------------------------

    @property
    def caption_text(self) -> str:
        """The caption under the board: ``Start: X to move`` or ``Move 3: X plays b2``."""
        return str(self._caption.cget("text"))

    @property
    def position_text(self) -> str:
        """How far the replay is, at the right of the caption; the result at the end."""
        return str(self._position.cget("text"))

    @property
    def heading_text(self) -> str:
        """The line over the board."""
        return str(self._heading.cget("text"))

    def is_enabled(self, step: str) -> bool:
        """Whether the button of ``step`` (``first``, ``back``, ``forward``, ``last``) can be pressed."""
        return bool(self.buttons[step].instate(["!disabled"]))

    def is_open(self) -> bool:
        """Whether the window is still on the screen."""
        return bool(self.top.winfo_exists())

    # What a person does -------------------------------------------------------------------------

    def show(self, game_id: int, record: GameRecord) -> None:
        """Replay game ``game_id`` (``record``) instead, from its empty board."""
        self.replay = Replay(record)
        self.top.title(replay_title(game_id, record))
        self._heading.configure(text=replay_heading(record))
        if self.review is not None:
            self.review.load(record, self._stored(game_id, record), self._keep(game_id))
        self._refresh()

    def first(self) -> None:
        """Go back to the empty board."""
        self.replay.to_start()
        self._refresh()

    def back(self) -> None:
        """Take the last move shown off the board (nothing at the start)."""
        self.replay.back()
        self._refresh()

    def forward(self) -> None:
        """Show the next move (nothing at the end)."""
        self.replay.forward()
        self._refresh()

    def last(self) -> None:
        """Show every move and the result."""
        self.replay.to_end()
        self._refresh()

    def go_to(self, position: int) -> None:
        """Show the first ``position`` moves (``IndexError`` outside the game)."""
        self.replay.go_to(position)
        self._refresh()

    def close(self) -> None:
        """Close the replay."""
        self.top.destroy()

    def play_from_here(self) -> None:
        """Start a new game in the game window from the position shown (nothing once the game is over there)."""
        start = self.replay.starting_position()
        if start is not None and self._play_from is not None:
            record = self.replay.record
            self._play_from(start, record.rules)

    def toggle_numbers(self) -> None:
        """Show the moves' numbers on their tiles, or stop showing them, as a click on Numbers does."""
        self.buttons["numbers"].invoke()

    def _numbers_changed(self) -> None:
        self.numbers = self.buttons["numbers"].instate(["selected"])
        self._refresh()

    # Showing and building -----------------------------------------------------------------------

    def _stored(self, game_id: int, record: GameRecord) -> Review | None:
        """The review the history keeps for the game; None when it has none, or one that cannot be read."""
        assert self._history is not None  # asked only with a review panel
        try:
            return self._history.get_review(game_id, record)
        except HistoryError:  # a damaged review: the panel offers to make a new one
            return None

    def _keep(self, game_id: int) -> Callable[[Review], None]:
        history = self._history
        assert history is not None  # asked only with a review panel
        return lambda review: history.save_review(game_id, review)

    def _refresh(self) -> None:
        replay = self.replay
        record = replay.record
        moves = tuple(timed.move for timed in record.moves[: replay.position])
        line = replay.winning_line
        better = None if self.review is None else self.review.better_move(replay.position)
        self.board.draw(
            BoardPicture(
                record.rules.size,
                moves,
                line=line,
                start=record.start,
                better=better,
                numbers=self.numbers,
                grid=grid_by_default(record.rules),
            )
        )
        self._draw_best_line()
        self._caption.configure(text=replay.caption())
        self._position.configure(text=position_text(replay))
        for step in ("first", "back"):
            self.buttons[step].configure(state="disabled" if replay.at_start else "normal")
        for step in ("forward", "last"):
            self.buttons[step].configure(state="disabled" if replay.at_end else "normal")
        if "play" in self.buttons:
            playable = replay.starting_position() is not None
            self.buttons["play"].configure(state="normal" if playable else "disabled")
        if self.review is not None:
            self.review.highlight(replay.position)

    def _redraw(self) -> None:
        """The board drawn again to the canvas's size, with the best line."""
        self.board.redraw()
        self._draw_best_line()

    def _draw_best_line(self) -> None:
        """The review's best line from the position shown, over the board: its moves numbered on from it, as the
        moves that would follow it."""
        review = None if self.review is None else self.review.review
        position = self.replay.position
        best_line = () if review is None else review.best_line(position)
        if best_line:
            self.board.draw_moves(
                best_line, self.replay.record.mover(position), first_number=position + 1, tag="best-line"
            )

    def _build_status(self) -> None:
        status = ttk.Frame(self.top, padding=(8, 0, 8, 0))
        status.grid(row=2, column=0, sticky="ew")
        status.columnconfigure(0, weight=1)
        self._caption = ttk.Label(status, font=("TkDefaultFont", 0, "bold"))
        self._caption.grid(row=0, column=0, sticky="w")
        self._position = ttk.Label(status)
        self._position.grid(row=0, column=1, sticky="e")

    def _build_buttons(self) -> dict[str, ttk.Button | ttk.Checkbutton]:
        bar = ttk.Frame(self.top, padding=(6, 6, 6, 0))
        bar.grid(row=3, column=0, sticky="ew")
        actions = self._actions()
        buttons: dict[str, ttk.Button | ttk.Checkbutton] = {}
        for column, (step, label, _) in enumerate(STEPS):
            # The buttons never take the keyboard, so that the keys always reach the window's bindings.
            buttons[step] = ttk.Button(bar, text=label, command=actions[step], takefocus=False)
            buttons[step].grid(row=0, column=column, padx=(0, 4))
        bar.columnconfigure(len(STEPS), weight=1)
        ttk.Button(bar, text="Close", command=self.close, takefocus=False).grid(row=0, column=len(STEPS) + 1)
        # A second row, under the steps, for what else the replay does; then the keys.
        extra = ttk.Frame(self.top, padding=(6, 4, 6, 0))
        extra.grid(row=4, column=0, sticky="ew")
        # Without a Tk variable of Python's: one freed by the garbage collector in a search's thread would call Tk
        # from the wrong thread. The button keeps its state itself.
        buttons["numbers"] = ttk.Checkbutton(extra, text="Move numbers", command=self._numbers_changed, takefocus=False)
        buttons["numbers"].state(["!alternate", "!selected"])
        buttons["numbers"].grid(row=0, column=0, padx=(2, 12))
        if self._play_from is not None:
            buttons["play"] = ttk.Button(extra, text="Play from here", command=self.play_from_here, takefocus=False)
            buttons["play"].grid(row=0, column=1)
        keys = ttk.Label(self.top, text=KEYS_NOTE, foreground="#555555", padding=(8, 2, 8, 6))
        keys.grid(row=5, column=0, sticky="w")
        return buttons

    def _bind_keys(self) -> None:
        for _, _, key in STEPS:
            for keysym in (key, f"KP_{key}"):  # the keypad's keys too, with Num Lock off
                self.top.bind(f"<{keysym}>", self._key)
        self.top.bind("<Escape>", lambda _event: self.close())

    def _key(self, event: tkinter.Event[tkinter.Misc]) -> None:
        """Home, Left, Right or End: the step of that key."""
        keysym = str(event.keysym).removeprefix("KP_")
        for step, _, key in STEPS:
            if key == keysym:
                self._actions()[step]()

    def _actions(self) -> dict[str, Callable[[], None]]:
        return {"first": self.first, "back": self.back, "forward": self.forward, "last": self.last}
