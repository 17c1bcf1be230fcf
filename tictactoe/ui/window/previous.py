"""The window's previous games: the history's games newest first, filtered by player and result, and replayed.

:class:`PreviousGames` is a dialog over the game window.  It lists the
games as the terminal's ``--history`` does (the same columns, the latest to
start first), keeps those of one player's name and of one result (``X``,
``O`` or ``draw``) when asked, and opens the game chosen in a
:class:`~tictactoe.ui.window.replay_window.ReplayWindow` (the Replay button, Enter
or a double click).  It does not hold the person up: the game window
goes on while it is open.

Every problem with the history -- there is none to read, or a game is
damaged -- is one line in the dialog, never an exception into Tk.
"""

from __future__ import annotations

import tkinter
from collections.abc import Callable
from pathlib import Path
from tkinter import filedialog, font, ttk
from typing import TYPE_CHECKING

from configurations.moves import MAX_BOARD_SIZE
from tictactoe.game.game_files import GameFileError, read_game_file
from tictactoe.game.history import RESULT_FILTERS, UNFINISHED, DamagedGame, HistoryError
from tictactoe.game.sgf import to_sgf
from tictactoe.players.levels import LEVEL_NAMES
from tictactoe.ui.game_list import HEADINGS, summary_cells
from tictactoe.ui.settings import level_name
from tictactoe.ui.window.dialogs import ERROR_COLOUR, lines_box
from tictactoe.ui.window.replay_window import PlayFrom, ReplayWindow

if TYPE_CHECKING:
    from typing import Literal

    from tictactoe.game.history import GameSummary, History
    from tictactoe.game.record import GameRecord

__all__ = ["ALL", "LIST_LIMIT", "PreviousGames", "list_note"]

_SGF_FILES = (("SGF games", "*.sgf"), ("All files", "*"))
_GAME_FILES = (
    ("Games (SGF, PSQ)", ("*.sgf", "*.psq")),
    ("SGF games", "*.sgf"),
    ("PSQ games", "*.psq"),
    ("All files", "*"),
)

#: The most games listed at once: the newest, which are the ones a person looks for.
LIST_LIMIT = 200
#: The result filter's choice that keeps every result.
ALL = "all"
# The widest texts each column shows (a person's name may be wider: X and O take the spare width), measured in
# the list's font so that no font cuts a value short; and the columns of numbers, aligned to the right.
_NAMES = tuple(level_name(level) for level in LEVEL_NAMES)
_WIDEST: dict[str, tuple[str, ...]] = {
    "ID": ("99999",),
    "Date": ("0000-00-00 00:00",),
    "X": _NAMES,
    "O": _NAMES,
    "Result": (UNFINISHED,),
    "Board": (f"{MAX_BOARD_SIZE}x{MAX_BOARD_SIZE}",),
    "Length": ("99",),
    "Moves": ("999",),
}
_NUMERIC = frozenset({"ID", "Length", "Moves"})
# The pixels a cell takes beside its text.
_CELL_PADDING = 16


def list_note(shown: int, total: int, *, filtered: bool) -> str:
    """The line under the list: how many games it shows, or why it is empty.

    >>> list_note(0, 0, filtered=False), list_note(0, 0, filtered=True)
    ('No games saved yet.', 'No games match.')
    >>> list_note(1, 1, filtered=False), list_note(200, 350, filtered=True)
    ('1 game, the newest first.', 'The newest 200 of 350 games.')
    """
    if not shown:
        return "No games match." if filtered else "No games saved yet."
    if shown < total:
        return f"The newest {shown} of {total} games."
    return f"{total} game{'s' * (total != 1)}, the newest first."


class PreviousGames:
    """The dialog over ``parent`` listing ``history``'s games; ``unavailable`` says why when ``history`` is None."""

    def __init__(
        self,
        parent: tkinter.Misc,
        history: History | None,
        unavailable: str = "",
        *,
        resume: Callable[[int, GameRecord], str | None] | None = None,
        play_from: PlayFrom | None = None,
    ) -> None:
        self._history = history
        self._unavailable = unavailable
        self._resume = resume
        self._play_from = play_from
        self.replay: ReplayWindow | None = None
        self.top = top = tkinter.Toplevel(parent)
        top.title("Previous games")
        top.transient(parent.winfo_toplevel())
        top.columnconfigure(0, weight=1)
        top.rowconfigure(1, weight=1)
        self._build_filters()
        self._build_list()
        # Room for three lines from the start: a long path or error in the note does not resize the dialog.
        box, self._note = lines_box(top, lines=3, width=560)
        box.grid(row=2, column=0, sticky="ew", padx=8)
        self._build_buttons()
        top.bind("<Escape>", lambda _event: self.close())
        self.refresh()
        top.focus_force()
        self.tree.focus_set()

    # What a person sees -------------------------------------------------------------------------

    @property
    def note_text(self) -> str:
        """The line under the list: how many games are shown, or why there are none."""
        return str(self._note.cget("text"))

    def rows(self) -> list[tuple[str, ...]]:
        """The games listed, top to bottom, each as its cells read (one under each of ``HEADINGS``)."""
        return [tuple(str(cell) for cell in self.tree.item(item, "values")) for item in self.tree.get_children()]

    @property
    def selected(self) -> int | None:
        """The id of the game chosen in the list, or None."""
        chosen = self.tree.selection()
        return int(chosen[0]) if chosen else None

    def text_width(self, text: str) -> int:
        """The pixels a column needs to show ``text`` whole, in the list's font."""
        return font.nametofont("TkDefaultFont").measure(text) + _CELL_PADDING

    def is_open(self) -> bool:
        """Whether the dialog is still on the screen."""
        return bool(self.top.winfo_exists())

    # What a person does -------------------------------------------------------------------------

    def fill(self, field: str, text: str) -> None:
        """Put ``text`` in the filter ``field`` (``player`` or ``result``), as if typed or chosen; not yet applied."""
        entry = self.filters[field]
        if isinstance(entry, ttk.Combobox):
            entry.set(text)
        else:
            entry.delete(0, "end")
            entry.insert(0, text)

    def select(self, game_id: int) -> None:
        """Choose game ``game_id`` in the list, as a click on its line does."""
        self.tree.selection_set(str(game_id))
        self.tree.focus(str(game_id))
        self.tree.see(str(game_id))
        self._enable_resume()

    def refresh(self) -> None:
        """List the games again with the filters as they read now, keeping the game chosen when it is still listed."""
        kept = self.selected
        self.tree.delete(*self.tree.get_children())
        try:
            shown, note = self._games()
            colour = "" if self._history is not None else ERROR_COLOUR
        except HistoryError as error:
            shown, note, colour = [], f"Cannot read the game history: {error}", ERROR_COLOUR
        for game in shown:
            cells = summary_cells(game)
            self.tree.insert("", "end", iid=cells[0], values=cells)
        self._note.configure(text=note, foreground=colour)
        ids = [game.id for game in shown]
        if ids:
            self.select(kept if kept in ids else ids[0])
        self.buttons["replay"].configure(state="normal" if ids else "disabled")
        self._enable_resume()

    def _enable_resume(self) -> None:
        """Resume applies to a game chosen in the list that was left before its end."""
        chosen = self.tree.selection()
        unfinished = bool(chosen) and self.tree.item(chosen[0], "values")[4] == UNFINISHED
        self.buttons["resume"].configure(state="normal" if unfinished and self._resume else "disabled")

    def replay_selected(self) -> ReplayWindow | None:
        """Replay the game chosen in the list (in the replay already open, if any); None when it cannot be."""
        game_id = self.selected
        if game_id is None or self._history is None:
            return None
        try:
            record = self._history.get(game_id)
        except HistoryError as error:
            self._note.configure(text=f"Cannot replay game {game_id}: {error}", foreground=ERROR_COLOUR)
            return None
        if self.replay is None or not self.replay.is_open():
            self.replay = ReplayWindow(self.top, game_id, record, self._history, play_from=self._play_from)
        else:
            self.replay.show(game_id, record)
            self.replay.top.lift()
            self.replay.top.focus_force()
        return self.replay

    def resume_selected(self) -> bool:
        """Play on the game chosen in the list, left before its end, in the game's window; whether it could be."""
        game_id = self.selected
        if game_id is None or self._history is None or self._resume is None:
            return False
        try:
            problem = self._resume(game_id, self._history.get(game_id))
        except HistoryError as error:
            problem = str(error)
        if problem is not None:
            self._note.configure(text=f"Cannot resume game {game_id}: {problem}", foreground=ERROR_COLOUR)
            return False
        self.close()
        return True

    def export_to(self, path: Path) -> None:
        """Write every game to the SGF file ``path`` (asked for by Export…), and say how it went under the list."""
        if self._history is None:
            return
        damaged: list[DamagedGame] = []
        try:
            records = self._history.records(damaged)
            path.write_text(to_sgf(records), encoding="utf-8")
        except (HistoryError, OSError) as error:
            self._note.configure(text=f"Cannot export: {error}", foreground=ERROR_COLOUR)
            return
        left_out = f"; {len(damaged)} damaged left out" if damaged else ""
        self._note.configure(text=f"Exported {len(records)} game{'s' * (len(records) != 1)} to {path}{left_out}")

    def import_from(self, path: Path) -> None:
        """Add the games of the SGF or PSQ file ``path`` not stored yet (asked for by Import…), and say how it went."""
        if self._history is None:
            return
        try:
            games = read_game_file(path)
            ids, skipped = self._history.save_new(games.records)
        except (HistoryError, GameFileError) as error:
            self._note.configure(text=f"Cannot import: {error}", foreground=ERROR_COLOUR)
            return
        self.refresh()
        already = f", skipped {skipped} already stored" if skipped else ""
        left_out = games.variations_left_out
        variations = f"; {left_out} variation{'s' * (left_out != 1)} left out" if left_out else ""
        notes = "".join(f"\n{note}" for note in games.notes)
        imported = f"Imported {len(ids)} game{'s' * (len(ids) != 1)} from {path}{already}{variations}"
        self._note.configure(text=imported + notes)

    def close(self) -> None:
        """Close the dialog, and the replay it opened."""
        self.top.destroy()

    def _ask_export(self) -> None:
        name = filedialog.asksaveasfilename(
            parent=self.top, title="Export games", defaultextension=".sgf", filetypes=_SGF_FILES
        )
        if name:
            self.export_to(Path(name))

    def _ask_import(self) -> None:
        name = filedialog.askopenfilename(parent=self.top, title="Import games", filetypes=_GAME_FILES)
        if name:
            self.import_from(Path(name))

    # Reading and building -----------------------------------------------------------------------

    def _games(self) -> tuple[list[GameSummary], str]:
        """The games to list under the filters, and the note on them; ``HistoryError`` when unreadable."""
        if self._history is None:
            return [], self._unavailable
        player = self.filters["player"].get().strip() or None
        choice = self.filters["result"].get()
        result = next((result for result in RESULT_FILTERS if result == choice), None)
        shown = self._history.list_games(player=player, result=result, limit=LIST_LIMIT)
        total = self._history.count(player=player, result=result) if len(shown) == LIST_LIMIT else len(shown)
        return shown, list_note(len(shown), total, filtered=player is not None or result is not None)

    def _build_filters(self) -> None:
        bar = ttk.Frame(self.top, padding=(8, 8, 8, 4))
        bar.grid(row=0, column=0, sticky="ew")
        # Entries hold their own text: a Tk variable freed by the garbage collector in a search's
        # thread would call Tk from the wrong thread.
        player = ttk.Entry(bar, width=18)
        result = ttk.Combobox(bar, values=(ALL, *RESULT_FILTERS), width=6, state="readonly")
        result.set(ALL)
        self.filters: dict[str, ttk.Entry] = {"player": player, "result": result}
        ttk.Label(bar, text="Player").grid(row=0, column=0, padx=(0, 4))
        player.grid(row=0, column=1, padx=(0, 12))
        ttk.Label(bar, text="Result").grid(row=0, column=2, padx=(0, 4))
        result.grid(row=0, column=3, padx=(0, 12))
        self.filter_button = ttk.Button(bar, text="Filter", command=self.refresh)
        self.filter_button.grid(row=0, column=4)
        player.bind("<Return>", lambda _event: self.refresh())
        player.bind("<KP_Enter>", lambda _event: self.refresh())
        result.bind("<<ComboboxSelected>>", lambda _event: self.refresh())

    def _build_list(self) -> None:
        frame = ttk.Frame(self.top, padding=(8, 0, 8, 4))
        frame.grid(row=1, column=0, sticky="nsew")
        frame.columnconfigure(0, weight=1)
        frame.rowconfigure(0, weight=1)
        self.tree = tree = ttk.Treeview(frame, columns=HEADINGS, show="headings", height=12, selectmode="browse")
        for heading in HEADINGS:
            anchor: Literal["e", "w"] = "e" if heading in _NUMERIC else "w"
            tree.heading(heading, text=heading, anchor=anchor)
            width = max(self.text_width(text) for text in (heading, *_WIDEST[heading]))
            tree.column(heading, width=width, minwidth=width, anchor=anchor, stretch=heading in ("X", "O"))
        tree.grid(row=0, column=0, sticky="nsew")
        scrollbar = ttk.Scrollbar(frame, orient="vertical", command=tree.yview)
        scrollbar.grid(row=0, column=1, sticky="ns")
        tree.configure(yscrollcommand=scrollbar.set)
        for sequence in ("<Return>", "<KP_Enter>", "<Double-Button-1>"):
            tree.bind(sequence, lambda _event: self.replay_selected())
        tree.bind("<<TreeviewSelect>>", lambda _event: self._enable_resume())

    def _build_buttons(self) -> None:
        bar = ttk.Frame(self.top, padding=(8, 4, 8, 8))
        bar.grid(row=3, column=0, sticky="e")
        self.buttons = {
            "import": ttk.Button(bar, text="Import…", command=self._ask_import),
            "export": ttk.Button(bar, text="Export…", command=self._ask_export),
            "resume": ttk.Button(bar, text="Resume", command=self.resume_selected),
            "replay": ttk.Button(bar, text="Replay", command=self.replay_selected, default="active"),
            "close": ttk.Button(bar, text="Close", command=self.close),
        }
        available = "normal" if self._history is not None else "disabled"
        self.buttons["import"].configure(state=available)
        self.buttons["export"].configure(state=available)
        for column, button in enumerate(self.buttons.values()):
            button.grid(row=0, column=column, padx=(0, 4))
