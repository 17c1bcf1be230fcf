"""The game the window plays, without the window: the moves, the computer's turns, undo and redo, hints, a swap
opening's stones and choices, saving, and what the status bar says.

:class:`GameController` drives a :class:`~tictactoe.game.session.Session`
for the person at the window (:mod:`~tictactoe.ui.window.app`), which
draws what it says and forwards the person's clicks and keys to it.  It
imports no Tk -- an import-linter contract holds it to that -- so that
the game's flow can be tested without a display: it tells the window to
show the game again through a :class:`Screen`, and waits through a
:class:`Timer` (the window's Tk ``after``, or a test's own).  A computer
player's move, or its choice under a swap opening, and a hint are searched
in a worker thread (:mod:`~tictactoe.ui.window.thinking`) polled every
:data:`POLL_MS` milliseconds, so that the window stays awake.

Under a swap opening (docs/window.md) a person places the opening's
stones by clicking, as moves, and chooses in a dialog the window shows
while :attr:`GameController.choice_due` says what may be chosen; the
computer's part is the session's (:mod:`tictactoe.game.openings`,
:mod:`tictactoe.players.swap`), as at the terminal.  Undo inside the
opening takes back the person's last stone.

With game clocks (``--move-time``, ``--game-time``) the controller keeps a
tick running every :data:`TICK_MS` milliseconds while the game is on: the
window's clocks are shown again (:meth:`Screen.show_clocks`), and the game
ends on time the moment the side to move's time runs out, a computer
player's search included.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Protocol

from configurations import Side
from configurations.moves import Move, MoveError
from configurations.rules import Opening
from tictactoe.game.clocks import clock_text, flag_line
from tictactoe.game.game import StartingPosition
from tictactoe.game.session import Session
from tictactoe.ui.window.form import FormError, start_game
from tictactoe.ui.window.picture import BoardPicture, grid_by_default
from tictactoe.ui.window.saving import WindowHistory
from tictactoe.ui.window.setup import SETUP_NOTE, PositionSetup
from tictactoe.ui.window.status import (
    AUTO_MOVE_DELAY_MS,
    CHOOSE_NOTE,
    HOW_TO_PLAY,
    PLAY_AGAIN_KEYS,
    chosen_text,
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
    from configurations.rules import OpeningChoice
    from tictactoe.game.record import GameRecord
    from tictactoe.ui.window.form import GameForm

__all__ = ["POLL_MS", "TICK_MS", "GameController", "Screen", "Timer"]

#: Milliseconds between looks at a running search: often enough that the count of positions runs smoothly.
POLL_MS = 50
#: Milliseconds between looks at the clocks: a clock reads whole seconds, and a flag falls within a fifth of one.
TICK_MS = 200


class Screen(Protocol):
    """What the controller asks of the window that shows it."""

    def show(self) -> None:
        """Show the game as it stands now: the board, the status bar, which actions apply, a dialog due."""

    def show_progress(self) -> None:
        """Show how far a running search has gone (:meth:`GameController.note_line`), and nothing else."""

    def saved(self) -> None:
        """A game was saved in the history just now."""

    def show_clocks(self) -> None:
        """Show the clocks as they read now (:meth:`GameController.clock_texts`), and nothing else."""


class Timer(Protocol):
    """Calls a function later, in the thread that asked: Tk's ``after`` and ``after_cancel``."""

    def after(self, ms: int, func: Callable[[], object], /) -> str:
        """Call ``func`` in ``ms`` milliseconds; an id to cancel it by."""
        ...

    def after_cancel(self, id: str, /) -> None:
        """Forget the call ``id``, not made yet."""
        ...


class _Purpose(enum.Enum):
    """What a running search is for."""

    MOVE = "move"
    HINT = "hint"
    CHOICE = "choice"


class GameController:
    """The game of ``session`` as the window plays it, shown on ``screen``, waiting through ``timer``.

    Computer moves come ``move_delay_ms`` apart when no person plays.
    Finished games are saved in the history file ``db`` (None: the
    default history).  The board is drawn as a grid of stones with ``grid``
    True, as squares with False, and with None as its game is usually drawn
    (:func:`~tictactoe.ui.window.picture.grid_by_default`).  :meth:`start`
    starts the game: a computer to move begins thinking.
    """

    def __init__(
        self,
        session: Session,
        screen: Screen,
        timer: Timer,
        *,
        move_delay_ms: int = AUTO_MOVE_DELAY_MS,
        db: Path | None = None,
        grid: bool | None = None,
    ) -> None:
        self.session = session
        self.screen = screen
        self.timer = timer
        self.move_delay_ms = move_delay_ms
        self.saving = WindowHistory(db)
        self._search: Search[Move | OpeningChoice] | None = None
        self._purpose = _Purpose.MOVE
        self._scheduled: str | None = None  # the pending `after` of the next computer move or poll
        self._ticking: str | None = None  # the pending `after` of the clocks' next tick
        #: The move a hint suggested, shaded on the board until the game changes.
        self.hinted: Move | None = None
        #: A note on the last thing done, shown under the state until the game changes.
        self.message = ""
        #: The position being set up by clicking, or None while a game is played.
        self.setup: PositionSetup | None = None
        #: Whether each move's number is written on its tile.
        self.numbers = False
        #: The person's choice of stones on a grid (True) or X and O in squares (False); None: as the board's game.
        self.grid_choice = grid
        #: The square the keyboard plays.
        self.cursor = self._centre()

    def start(self) -> None:
        """Show the game and let a computer to move (or to choose) begin."""
        self._turn_changed()

    # What the window shows ----------------------------------------------------------------------

    @property
    def thinking(self) -> bool:
        """Whether a search (a computer player's move or choice, or a hint) is running."""
        return self._search is not None

    @property
    def person_to_move(self) -> bool:
        """Whether a person is to move (or to place an opening's stone) now."""
        competitor = self.session.to_move
        return competitor is not None and competitor.is_person

    @property
    def choice_due(self) -> tuple[OpeningChoice, ...]:
        """What the person choosing under a swap opening may choose now; empty when no person chooses."""
        chooser = self.session.chooser
        if chooser is None or not chooser.is_person or self.setup is not None:
            return ()
        return self.session.opening_options

    def state_line(self) -> str:
        """The status bar's first line: whose turn, who is thinking, or the result."""
        if self.setup is not None:
            return f"Setting up a position: {self.setup.to_move} to move"
        return state_text(self.session, thinking=self.thinking and self._purpose is not _Purpose.HINT)

    def note_line(self) -> str:
        """The status bar's note: a search's progress, a note on the last thing done, or how to go on."""
        search = self._search
        if search is not None and self._purpose is _Purpose.CHOICE:  # its estimates count no positions
            return f"Weighing the stones... {search.seconds:.1f} s"
        if search is not None:
            return progress_text(search.stats.nodes, search.seconds, hint=self._purpose is _Purpose.HINT)
        if self.message:
            return self.message
        if self.person_to_move:
            return HOW_TO_PLAY
        if self.choice_due:
            return CHOOSE_NOTE
        return PLAY_AGAIN_KEYS if self.session.game.result is not None else ""

    def clock_texts(self) -> tuple[str, str] | None:
        """What X's clock and O's clock read, ``X 4:58 · 0:25 this move`` for the side to move and ``O 5:00 ·
        30 s a move`` for the other; None for a game without clocks."""
        session = self.session
        clocks = session.clocks
        if clocks is None:
            return None
        texts = []
        for side in Side:
            left = session.time_left(side)
            parts = [str(side) if left is None else f"{side} {clock_text(left)}"]
            if clocks.move is not None and side == session.clock_running:
                parts.append(f"{clock_text(clocks.move - session.move_elapsed())} this move")
            elif clocks.move is not None:
                parts.append(f"{clocks.move:g} s a move")
            texts.append((" · " if left is not None else " ").join(parts))
        return texts[0], texts[1]

    def tally_line(self) -> str:
        """The session's wins and draws, each named with the symbol they play."""
        return tally_text(self.session)

    def title(self) -> str:
        """The window's title: the board, the rule and who plays whom."""
        return title_text(self.session)

    def can(self, action: str) -> bool:
        """Whether ``action`` (``undo``, ``redo``, ``hint``, ``again`` or ``setup``) applies now."""
        session = self.session
        if action == "setup":
            return self.setup is None
        settled = session.opening_play.settled
        if self.setup is not None or self.thinking or (action != "undo" and not settled):
            return False
        # Between two computer players there is no person's move to take back: they would only play it again.
        if action == "undo":
            return session.has_person and session.can_undo
        if action == "redo":
            return session.has_person and session.game.can_redo
        if action == "hint":
            return self.person_to_move
        return action == "again" and session.game.result is not None

    @property
    def grid(self) -> bool:
        """Whether the board is drawn as a grid with stones on its intersections (else as squares with X and O)."""
        return grid_by_default(self.session.rules) if self.grid_choice is None else self.grid_choice

    def picture(self) -> BoardPicture:
        """The board to draw: the stones, the marks, the cursor while a person is to move, the line once won."""
        session = self.session
        if self.setup is not None:
            return BoardPicture(session.rules.size, (), start=self.setup.position(), grid=self.grid)
        game = session.game
        person_to_move = self.person_to_move
        return BoardPicture(
            session.rules.size,
            game.moves,
            cursor=self.cursor if person_to_move and not self.thinking else None,
            hint=self.hinted,
            line=game.winning_line,
            start=game.start,
            numbers=self.numbers,
            forbidden=tuple(point.point for point in game.forbidden_points()) if person_to_move else (),
            grid=self.grid,
        )

    # What the person does -------------------------------------------------------------------------

    def click(self, square: Move) -> None:
        """A click on ``square``: a stone set up, or the person's move there."""
        if self.setup is not None:
            self.setup.click(square)
            self.screen.show()
            return
        if not self.thinking:
            self.cursor = square
            self.play(square)

    def play(self, move: Move) -> None:
        """Play ``move`` (or place it as an opening's stone) for the person to move; ignored while a search runs,
        a computer or a chooser is to act, or a position is set up."""
        competitor = self.session.to_move
        if self.setup is not None or self.thinking or self.session.chooser is not None:
            return
        if competitor is None:
            self._say(f"The game is over: {PLAY_AGAIN_KEYS}")
            return
        if not competitor.is_person:
            return
        try:
            self.session.play(move)
        except MoveError as refusal:
            self._say(str(refusal))
            return
        self.cursor = move
        self._turn_changed()

    def play_cursor(self) -> None:
        """Play the square under the keyboard's cursor."""
        self.play(self.cursor)

    def move_cursor(self, rows: int, cols: int) -> None:
        """Move the keyboard's cursor by ``rows`` and ``cols``, stopping at the board's edges."""
        last = self.session.rules.size - 1
        self.cursor = Move(min(max(self.cursor.row + rows, 0), last), min(max(self.cursor.col + cols, 0), last))
        self.screen.show()

    def choose(self, choice: OpeningChoice) -> None:
        """The person's ``choice`` under a swap opening; ignored when no person chooses now."""
        if self.choice_due:
            self._chosen(choice)

    def undo(self) -> None:
        """Take back the last move (against a computer, its reply and the person's move); inside a swap opening,
        the person's last stone."""
        if not self.can("undo"):
            return
        session = self.session
        taken = session.undo()
        self._turn_changed(f"Took back {', '.join(map(str, reversed(taken)))}")

    def redo(self) -> None:
        """Play again what the last undo took back."""
        if self.can("redo"):
            replayed = self.session.redo()
            self._turn_changed(f"Played again {', '.join(map(str, replayed))}")

    def hint(self) -> None:
        """Look for the strong player's move for the person to move, and shade its square when found."""
        if self.can("hint"):
            self._start_search(self.session.hint, _Purpose.HINT)

    def play_again(self) -> None:
        """Start the next game of the session, the same players on the same sides, once this one is over."""
        if self.can("again"):
            self.session.new_game()
            self.cursor = self._centre()
            self._turn_changed()

    def toggle_numbers(self) -> None:
        """Write each move's number on its tile, or stop writing them."""
        self.numbers = not self.numbers
        self.screen.show()

    def toggle_grid(self) -> None:
        """Draw the board as a grid with stones on its intersections, or as squares with X and O: the other of the
        two, for this game and the next."""
        self.grid_choice = not self.grid
        self.screen.show()

    # Games in place of this one -------------------------------------------------------------------

    def start_new_game(self, form: GameForm, start: StartingPosition | None = None) -> str | None:
        """Start the game ``form`` asks for (from ``start``, a position to play on from), or say why it cannot
        start: the new-game dialog's answer."""
        # The game on the board is left: kept now, before a next game of the same session takes its place.
        # Should the form be refused, the game goes on, and saving it again keeps it under the same id.
        self.saving.save_unfinished(self.session)
        try:
            session = start_game(form, self.session, start)
        except FormError as problem:
            return str(problem)
        self._replace(session)  # a search of the last game still running ends unheeded
        return None

    def resume(self, game_id: int, record: GameRecord) -> str | None:
        """Play on game ``game_id``, left before its end, in place of this one; or say why it cannot be."""
        try:
            session = Session.resume(record, game_id, think=self.session.limits.think)
        except ValueError as problem:
            return str(problem)
        self.saving.save_unfinished(self.session)  # the game on the board now is kept too
        self._replace(session)
        return None

    def leave(self) -> int | None:
        """The window closes: keep a game left before its end; the id it is kept under (None: none is kept)."""
        return self.saving.save_unfinished(self.session)

    # Setting up a position ------------------------------------------------------------------------

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
        self._tick_again()  # no clock runs while a position is set up
        self._say(SETUP_NOTE)

    def change_setup(self, change: Callable[[PositionSetup], None]) -> None:
        """Make ``change`` to the position being set up (none being set up: nothing)."""
        if self.setup is not None:
            change(self.setup)
            self.screen.show()

    def cancel_setup(self) -> None:
        """Leave the position set up, and go back to the game."""
        if self.setup is not None:
            self.setup = None
            self._turn_changed()

    # Turns ----------------------------------------------------------------------------------------

    def _turn_changed(self, message: str = "") -> None:
        """After the game changed: save it if it ended, show it, and set a computer to act thinking."""
        self._stop_waiting()
        self.hinted = None
        flagged = self.session.game.flagged
        self.message = message or ("" if flagged is None else flag_line(flagged))
        if self.saving.kept_after_change(self.session):
            self.screen.saved()
        self.screen.show()
        actor = self.session.to_move or self.session.chooser
        delay = 0
        if actor is not None and not actor.is_person:
            delay = 0 if self.session.has_person else self.move_delay_ms
            self._scheduled = self.timer.after(delay, self._computer_turn)
        self._tick_again(pause=delay > 0)

    def _tick_again(self, *, pause: bool = False) -> None:
        """Look at the clocks again in :data:`TICK_MS`, while a game with clocks is on; else no more, nor during
        a ``pause`` before a computer's move (no player's time: :meth:`_computer_turn` ticks again after it)."""
        if self._ticking is not None:
            self.timer.after_cancel(self._ticking)
            self._ticking = None
        if self.session.clocks is not None and self.session.game.result is None and self.setup is None and not pause:
            self._ticking = self.timer.after(TICK_MS, self._tick)

    def _tick(self) -> None:
        """The clocks shown as they read now; the game ended on time if the side to move's time ran out."""
        self._ticking = None
        if self.session.flag_if_out_of_time():
            self._turn_changed()  # says whose time ran out; a search running is forgotten: its move comes too late
            return
        self.screen.show_clocks()
        self._tick_again()

    def _computer_turn(self) -> None:
        """Set the computer player to act thinking: about its choice of colour, or its move."""
        session = self.session
        if not session.has_person:
            session.start_move_clock()  # the pause between two computer players' moves is neither's time
            self._tick_again()
        if session.chooser is not None:
            self._start_search(lambda _stats: session.computer_choice(), _Purpose.CHOICE)
        else:
            self._start_search(session.computer_move, _Purpose.MOVE)

    def _start_search(self, task: Callable[[SearchStats], Move | OpeningChoice], purpose: _Purpose) -> None:
        self._scheduled = None
        self._search = Search(task)
        self._purpose = purpose
        self.screen.show()
        self._scheduled = self.timer.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        """Show a running search's progress; act on its outcome once it is done."""
        search = self._search
        if search is None:
            return
        try:
            outcome = search.outcome()
        except Exception as failure:  # any player's failure is shown, not raised into the window
            self._search_failed(failure)
            return
        if outcome is None:
            self.screen.show_progress()
            self._scheduled = self.timer.after(POLL_MS, self._poll)
            return
        self._search = None
        self._scheduled = None
        if not isinstance(outcome, Move):
            self._chosen(outcome)
        elif self._purpose is _Purpose.HINT:
            self.hinted = outcome
            self._say(f"Hint: {outcome}")
        else:
            choice = self._choice_said()
            try:
                self.session.play(outcome)
            except MoveError as refusal:
                self._search_failed(refusal)
                return
            self._turn_changed(choice)

    def _chosen(self, choice: OpeningChoice) -> None:
        """Make the chooser's ``choice``, and say it -- with the colours, once they are settled."""
        chooser = self.session.chooser
        assert chooser is not None  # asked only while somebody chooses
        self.session.choose(choice)
        self._turn_changed(chosen_text(chooser.name, choice, self.session))

    def _choice_said(self) -> str:
        """The note of a swap opening's choice, when the computer is about to play the first move after it: the
        colours are said until the person has seen them, not wiped by the computer's answer at once."""
        opening = self.session.opening_play
        first_move = opening.rule is not Opening.FREE and len(self.session.game.moves) == opening.stones
        return self.message if first_move else ""

    def _search_failed(self, failure: Exception) -> None:
        """Say why the search gave no move; the person can go on (a computer player waits for undo or a new game)."""
        self._search = None
        self._scheduled = None
        if self._purpose is _Purpose.HINT:
            self._say(f"No hint: {failure}")
        elif self._purpose is _Purpose.CHOICE:
            chooser = self.session.chooser
            self._say(f"{'nobody' if chooser is None else chooser.name} could not choose: {failure}")
        else:
            symbol = self.session.game.to_move
            name = "nobody" if symbol is None else self.session.side(symbol).name
            self._say(f"{symbol} ({name}) could not move: {failure}")

    def _stop_waiting(self) -> None:
        """Forget the next computer move scheduled and any search running (its thread ends by itself)."""
        if self._scheduled is not None:
            self.timer.after_cancel(self._scheduled)
            self._scheduled = None
        self._search = None

    def _replace(self, session: Session) -> None:
        """Play ``session`` from now on, in place of the one played."""
        self.setup = None
        self.session = session
        self.cursor = self._centre()
        self._turn_changed()

    def _say(self, message: str) -> None:
        self.message = message
        self.screen.show()

    def _centre(self) -> Move:
        middle = (self.session.rules.size - 1) // 2
        return Move(middle, middle)
