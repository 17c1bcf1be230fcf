"""The review beside a replay: the table of a game's moves with their values and marks, and the graph of them.

:class:`ReviewPanel` sits at the right of the
:class:`~tictactoe.ui.window.replay_window.ReplayWindow`.  It shows the
review kept in the history when the game has one; otherwise its Review
button starts one (:class:`~tictactoe.ui.window.review_work.ReviewWork`, a
worker thread at :data:`REVIEW_THINK` seconds a position) whose progress
it shows while the window stays awake, then keeps it through ``keep``.
The table has the terminal's columns (:data:`MOVE_HEADINGS`), the graph
is :class:`~tictactoe.ui.window.review_graph.ReviewGraph`, and the move the
replay shows is selected in the one and ringed in the other; clicking a
move in the table, or a point of the graph, shows that position.  Closing the
window, or replaying another game, stops a review under way.  A review
whose search fails underneath says so in one red line, and shows the moves
it had valued.
"""

from __future__ import annotations

import contextlib
import tkinter
from tkinter import font, ttk
from typing import TYPE_CHECKING

from tictactoe.game.history import HistoryError
from tictactoe.game.review.search import ReviewFailed, ReviewStopped
from tictactoe.game.review.text import MOVE_HEADINGS, legend, move_cells, summary_text
from tictactoe.players.base import DEFAULT_THINK
from tictactoe.ui.window.dialogs import ERROR_COLOUR, lines_box
from tictactoe.ui.window.review_graph import ReviewGraph
from tictactoe.ui.window.review_work import ReviewWork

if TYPE_CHECKING:
    from collections.abc import Callable

    from configurations.moves import Move
    from tictactoe.game.record import GameRecord
    from tictactoe.game.review.values import Review

__all__ = ["NOT_REVIEWED", "REVIEW_POLL_MS", "REVIEW_THINK", "ReviewPanel", "review_progress_text"]

#: The seconds a position a review made in the window has, as ``play.py --review`` by default.
REVIEW_THINK = DEFAULT_THINK
#: How often the window looks at a review under way, in milliseconds.
REVIEW_POLL_MS = 100
#: What the panel says of a game not reviewed yet.
NOT_REVIEWED = "Not reviewed yet: Review values every position"
# Pixels around a cell's text, so that a column as wide as its widest text shows it whole.
_CELL_PADDING = 16
# The button's label before a game's first review, and after.
_BUTTON_LABELS = ("Review", "Review again")
# The pixels the status (beside the button) and the legend (under both) wrap at.
_STATUS_WIDTH, _TEXT_WIDTH = 300, 360
# The widest texts a column usually shows, its width from the start: a larger estimate still widens it.
_USUAL: dict[str, tuple[str, ...]] = {
    "No": ("99",),
    "Side": ("X", "O"),
    "Move": ("m13",),
    "Before": ("~X +333", "~X wins", "draw"),
    "After": ("~X +333", "~X wins", "draw"),
    "Mark": ("~??",),
    "Better": ("m13",),
}


def review_progress_text(done: int, total: int) -> str:
    """How far a review has come, as the terminal says it.

    >>> review_progress_text(3, 10)
    'Reviewing: 3 of 10 positions valued'
    """
    return f"Reviewing: {done} of {total} positions valued"


class ReviewPanel:
    """The review of ``record`` in a frame inside ``parent``: ``stored`` when the history has one.

    ``keep(review)`` is called with each review made here (it may raise
    :class:`~tictactoe.game.history.HistoryError`, which the panel says);
    ``pick(position)`` when a person clicks the position after that many
    moves, in the table or on the graph.
    """

    def __init__(
        self,
        parent: tkinter.Misc,
        record: GameRecord,
        stored: Review | None,
        keep: Callable[[Review], None],
        pick: Callable[[int], None],
    ) -> None:
        self.frame = frame = ttk.Frame(parent, padding=(0, 6, 8, 6))
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(2, weight=1)
        # The status and the legend have room for three lines each from the start, and the columns for the usual
        # values, so that the replay keeps its size when a review comes in.
        status_box, self._status = lines_box(frame, lines=3, width=_STATUS_WIDTH)
        status_box.grid(row=0, column=0, sticky="w")
        # As wide as its longer label from the start (in characters, as ttk counts a button's width).
        width = max(len(label) for label in _BUTTON_LABELS)
        self.button = ttk.Button(frame, text=_BUTTON_LABELS[0], width=width, command=self.start, takefocus=False)
        self.button.grid(row=0, column=1, sticky="e", padx=(6, 0))
        legend_box, self._legend = lines_box(frame, lines=3, width=_TEXT_WIDTH, foreground="#555555")
        legend_box.grid(row=1, column=0, columnspan=2, sticky="w", pady=(4, 4))
        self.tree = self._build_table(frame)
        self.graph = ReviewGraph(frame)
        self.graph.canvas.grid(row=3, column=0, columnspan=2, sticky="w", pady=(6, 0))
        self._pick = pick
        self.tree.bind("<ButtonRelease-1>", self._row_clicked)
        self.graph.canvas.bind("<Button-1>", self._graph_clicked)
        self.work: ReviewWork | None = None
        self._poll_id: str | None = None
        #: The review shown (None: none yet), whole or as far as it went.
        self.review: Review | None = None
        frame.bind("<Destroy>", self._destroyed)
        self.load(record, stored, keep)

    # What a person sees -------------------------------------------------------------------------

    @property
    def status_text(self) -> str:
        """The line at the top: not reviewed yet, the progress, or the review's summary."""
        return str(self._status.cget("text"))

    def rows(self) -> list[tuple[str, ...]]:
        """The table's lines, as shown."""
        return [tuple(str(cell) for cell in self.tree.item(item, "values")) for item in self.tree.get_children()]

    def selected_move(self) -> int | None:
        """The number of the move selected in the table, or None."""
        chosen = self.tree.selection()
        return int(chosen[0]) if chosen else None

    # What the replay and a person do ------------------------------------------------------------

    def load(self, record: GameRecord, stored: Review | None, keep: Callable[[Review], None]) -> None:
        """Show the review of ``record`` instead: ``stored``, or none yet; a review under way is stopped."""
        self.stop()
        self._record, self._keep, self._position = record, keep, 0
        self._show(stored)
        if stored is None:
            self._say(NOT_REVIEWED)

    def start(self) -> None:
        """Review the game (again), in a worker thread; the progress is shown as it goes."""
        self.stop()
        self.work = ReviewWork(self._record, REVIEW_THINK)
        self.button.configure(state="disabled")
        self._say(review_progress_text(0, self.work.total))
        self._poll_id = self.frame.after(REVIEW_POLL_MS, self._poll)

    def stop(self) -> None:
        """Stop the review under way, if any (it ends within a position's time); nothing is kept of it."""
        if self._poll_id is not None:
            self.frame.after_cancel(self._poll_id)
            self._poll_id = None
        if self.work is not None:
            self.work.stop()

    def highlight(self, position: int) -> None:
        """The replay shows the position after ``position`` moves: select that move, ring that point."""
        self._position = position
        self.tree.selection_set([str(position)] if position and self.tree.exists(str(position)) else [])
        if position and self.tree.exists(str(position)):
            self.tree.see(str(position))
        self.graph.highlight(position)

    # Building and showing -------------------------------------------------------------------------

    def _poll(self) -> None:
        self._poll_id = None
        work = self.work
        assert work is not None  # polled only while a review runs
        try:
            review = work.outcome()
        except ReviewStopped:
            return
        except ReviewFailed as failure:  # what was valued is shown, and the failure in one line
            self._show(failure.review)
            self._pick(self._position)  # the board too, with a better move if the review names one
            self._say(f"{str(failure)[:1].upper()}{str(failure)[1:]}", error=True)
            self.button.configure(state="normal")
            return
        except Exception as error:  # a failure of the search: said in the panel, the window goes on
            self._say(f"The review failed: {error}", error=True)
            self.button.configure(state="normal")
            return
        if review is None:
            self._say(review_progress_text(work.done, work.total))
            self._poll_id = self.frame.after(REVIEW_POLL_MS, self._poll)
            return
        self._show(review)
        self._pick(self._position)  # the board too, with a better move if the review names one
        try:
            self._keep(review)
        except HistoryError as error:
            self._say(f"{self.status_text} Not kept: {error}", error=True)

    def better_move(self, position: int) -> Move | None:
        """The better move the review names for the move that made ``position``, if that move is marked."""
        review = self.review
        if review is None or not 0 < position <= len(review.moves):
            return None
        return review.moves[position - 1].better

    def _show(self, review: Review | None) -> None:
        self.review = review
        self.button.configure(state="normal", text=_BUTTON_LABELS[review is not None])
        self.tree.delete(*self.tree.get_children())
        if review is not None:
            for move in review.moves:
                self.tree.insert("", "end", iid=str(move.number), values=move_cells(move))
            self._say(summary_text(review))
        self._fit_columns()
        self._legend.configure(text="" if review is None else legend(review))
        self.graph.draw(review, self._position, len(self._record.moves))
        self.highlight(self._position)

    def _say(self, text: str, *, error: bool = False) -> None:
        self._status.configure(text=text, foreground=ERROR_COLOUR if error else "")

    def text_width(self, text: str) -> int:
        """The pixels a column needs to show ``text`` whole, in the table's font."""
        return font.nametofont("TkDefaultFont").measure(text) + _CELL_PADDING

    def _fit_columns(self) -> None:
        """Make each column as wide as its widest text, heading included, so that no value is cut short; the
        widths stay put while the replay steps."""
        rows = self.rows()
        for column, heading in enumerate(MOVE_HEADINGS):
            texts = [heading, *_USUAL[heading], *(row[column] for row in rows)]
            width = max(self.text_width(text) for text in texts)
            self.tree.column(heading, width=width, minwidth=width)

    def _build_table(self, frame: ttk.Frame) -> ttk.Treeview:
        tree = ttk.Treeview(frame, columns=MOVE_HEADINGS, show="headings", height=10, selectmode="browse")
        for heading in MOVE_HEADINGS:
            tree.heading(heading, text=heading)
            tree.column(heading, anchor="e" if heading == "No" else "w", stretch=False)
        tree.grid(row=2, column=0, columnspan=2, sticky="nsew")
        scroll = ttk.Scrollbar(frame, orient="vertical", command=tree.yview)
        scroll.grid(row=2, column=2, sticky="ns")
        tree.configure(yscrollcommand=scroll.set)
        return tree

    def _row_clicked(self, event: tkinter.Event[tkinter.Misc]) -> None:
        row = self.tree.identify_row(event.y)
        if row:
            self._pick(int(row))

    def _graph_clicked(self, event: tkinter.Event[tkinter.Misc]) -> None:
        position = self.graph.position_at(event.x)
        if position is not None:
            self._pick(position)

    def _destroyed(self, event: tkinter.Event[tkinter.Misc]) -> None:
        """The window closes: stop the review under way (its thread ends within a position's time)."""
        if event.widget is self.frame:
            with contextlib.suppress(tkinter.TclError):  # the whole of Tk may be going
                self.stop()
