"""Tests of tictactoe.ui.window.controller: the game the window plays, driven without a window or a display.

The controller is handed a screen that counts what it is asked to show
and a timer the test runs by hand (as Tk's ``after`` would call back);
its searches run in their real threads, its games are saved in real
SQLite files under ``tmp_path``.  What is checked is what the window would
show: the status lines, the board's picture, which actions apply.
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from typing import TYPE_CHECKING

from configurations import SearchStats
from configurations.moves import Move
from configurations.rules import OpeningChoice, Rules
from tests.game.test_clocks import FakeClock
from tests.paths import ROOT
from tests.windows import TIMEOUT, classic, squares
from tictactoe.game.clocks import TimeControl
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.window.controller import GameController

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


class HandTimer:
    """A timer whose calls wait until the test runs them, the earliest asked first (their delays are ignored)."""

    def __init__(self) -> None:
        self.pending: dict[str, Callable[[], object]] = {}
        self._count = 0

    def after(self, ms: int, func: Callable[[], object], /) -> str:
        self._count += 1
        self.pending[f"after#{self._count}"] = func
        return f"after#{self._count}"

    def after_cancel(self, id: str, /) -> None:
        del self.pending[id]

    def run_next(self) -> bool:
        """Make the earliest call waiting; whether there was one."""
        if not self.pending:
            return False
        func = self.pending.pop(next(iter(self.pending)))
        func()
        return True


class CountingScreen:
    """A screen that counts what it is asked to show."""

    def __init__(self) -> None:
        self.shown = 0
        self.progress = 0
        self.saves = 0
        self.clocks = 0

    def show(self) -> None:
        self.shown += 1

    def show_progress(self) -> None:
        self.progress += 1

    def show_clocks(self) -> None:
        self.clocks += 1

    def saved(self) -> None:
        self.saves += 1


class Driven(GameController):
    """A controller with its screen and timer at hand, as the tests drive it."""

    def __init__(self, session: Session, db: Path) -> None:
        self.hand = HandTimer()
        self.counting = CountingScreen()
        super().__init__(session, self.counting, self.hand, move_delay_ms=0, db=db)
        self.start()

    def settle(self) -> None:
        """Run the calls waiting (polls of a search in its thread among them) until none is left."""
        deadline = time.monotonic() + TIMEOUT
        while self.hand.run_next():
            assert time.monotonic() < deadline, f"still waiting; the state is {self.state_line()!r}"
            time.sleep(0.002)

    def clicks(self, *texts: str) -> None:
        """Click each square in turn, as a person does, waiting for the computer's answer after each."""
        for move in squares(*texts):
            self.click(move)
            self.settle()


def test_the_controller_loads_without_tk() -> None:
    code = "import sys; sys.modules['tkinter'] = None; import tictactoe.ui.window.controller; print('loaded')"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "loaded\n", "")


def test_a_game_clicked_to_its_end_is_shown_and_saved(tmp_path: Path) -> None:
    game = Driven(classic(), tmp_path / "games.sqlite3")
    assert (game.state_line(), game.note_line()) == (
        "X to move (You)",
        "Click a square, or move with the arrow keys and play with Enter or Space",
    )
    assert [action for action in ("undo", "redo", "hint", "again", "setup") if game.can(action)] == ["hint", "setup"]
    game.clicks("a1", "c3", "c1", "c2")
    assert game.state_line() == "X wins (You)"
    assert game.tally_line() == "You (X) 1  ·  Computer (O) 0  ·  draws 0"
    assert game.note_line() == "Ctrl+R plays again, Ctrl+N starts a new game"
    assert game.picture().line == tuple(squares("c1", "c2", "c3"))
    assert game.counting.saves == 1
    assert game.saving.history is not None
    assert [record.result for record in game.saving.history.list_games()] == [game.session.game.result]
    game.clicks("b3")
    assert game.note_line() == "The game is over: Ctrl+R plays again, Ctrl+N starts a new game"


def test_undo_redo_and_the_cursor(tmp_path: Path) -> None:
    game = Driven(classic(), tmp_path / "games.sqlite3")
    game.move_cursor(-5, -5)
    assert game.picture().cursor == Move(0, 0)
    game.play_cursor()
    game.settle()
    assert game.session.game.moves == tuple(squares("a1", "b2"))
    game.undo()
    assert (game.note_line(), game.session.game.moves) == ("Took back a1, b2", ())
    assert game.can("redo")
    game.redo()
    assert game.note_line() == "Played again a1, b2"


def test_a_hint_shades_its_square_and_is_said(tmp_path: Path) -> None:
    game = Driven(classic(think=0.2), tmp_path / "games.sqlite3")
    game.clicks("a1")
    game.hint()
    assert game.thinking
    assert game.note_line().startswith("Looking for a hint... ")
    game.settle()
    assert (game.note_line(), game.picture().hint) == ("Hint: c1", Move.parse("c1", 3))


def test_a_computer_s_search_is_polled_and_its_progress_shown(tmp_path: Path) -> None:
    session = Session(Rules.square(7, 4), PlayerLimits(3), Competitor("Computer", "reference"), Competitor("You"))
    gate = threading.Event()
    search = session.computer_move

    def held(stats: SearchStats | None = None) -> Move:  # the move found, then held until the test has looked
        move = search(stats)
        gate.wait(TIMEOUT)
        return move

    session.computer_move = held  # type: ignore[method-assign]
    game = Driven(session, tmp_path / "games.sqlite3")
    assert (game.thinking, game.state_line()) == (False, "X to move (Computer)")  # its turn comes by the timer
    game.hand.run_next()
    assert (game.thinking, game.state_line()) == (True, "X (Computer) is thinking...")
    assert not any(game.can(action) for action in ("undo", "redo", "hint", "again"))
    game.hand.run_next()
    assert game.counting.progress == 1
    assert re.fullmatch(r"[\d,]+ positions tried, \d+\.\d s", game.note_line())
    gate.set()
    game.settle()
    assert (len(game.session.game.moves), game.state_line()) == (1, "O to move (You)")


def test_a_position_set_up_by_clicks(tmp_path: Path) -> None:
    game = Driven(classic(), tmp_path / "games.sqlite3")
    game.clicks("b2")  # and the reference search's a3
    game.set_up_position()
    assert game.state_line() == "Setting up a position: X to move"
    assert not game.can("setup")
    game.clicks("c1", "a3")  # an X on c1; a3's O becomes nothing
    assert str(game.picture().start) == "X c1 b2; X to move"
    game.cancel_setup()
    assert (game.setup, game.state_line()) == (None, "X to move (You)")


# A swap opening ---------------------------------------------------------------------------------------------------


def swap2(first: Competitor, second: Competitor, *, think: float = 0.2) -> Session:
    """A swap2 game on 5x5, three in a row, ``first`` placing the first stones, ``second`` choosing."""
    return Session(Rules.square(5, 3, opening="swap2"), PlayerLimits(2, think, seed=1), first, second)


def empty_squares(game: GameController, count: int) -> list[str]:
    """The first ``count`` empty squares, row by row."""
    taken = set(game.session.game.moves)
    size = game.session.rules.size
    empty = [Move(row, col) for row in range(size) for col in range(size) if Move(row, col) not in taken]
    return [str(move) for move in empty[:count]]


def test_the_person_places_the_stones_and_the_computer_chooses_black(tmp_path: Path) -> None:
    game = Driven(swap2(Competitor("You"), Competitor("Computer", "strong")), tmp_path / "games.sqlite3")
    assert (game.state_line(), game.tally_line()) == (
        "Stone 1 (black) to place (You)",
        "You 0  ·  Computer 0  ·  draws 0",
    )
    assert not game.can("hint")  # no move to suggest before the colours are chosen
    game.clicks("c3", "e5")
    assert game.state_line() == "Stone 3 (black) to place (You)"
    game.click(Move.parse("b3", 5))  # black's open two, white to move: black wins, and the computer sees it
    game.hand.run_next()  # the computer's turn to choose: it starts thinking
    assert game.state_line() == "To choose: white, black or two more: Computer is thinking..."
    assert re.fullmatch(r"Weighing the stones\.\.\. \d+\.\d s", game.note_line())
    game.settle()
    assert game.note_line() == "Computer chose black: X (black) is Computer and O (white) is You"
    assert game.state_line() == "O to move (You)"
    assert game.tally_line() == "You (O) 0  ·  Computer (X) 0  ·  draws 0"
    assert not game.can("undo")  # the stones stay: the colours were chosen on them
    game.clicks("a3")
    assert game.state_line() == "X wins (Computer)"
    assert game.saving.history is not None
    record = game.saving.history.get(1)
    assert (record.x.name, record.o.name) == ("Computer", "You")
    assert record.opening_text() == "swap2: You placed 3 stones; Computer chose black"


def test_the_person_chooses_two_more_and_the_computer_then_a_colour(tmp_path: Path) -> None:
    game = Driven(swap2(Competitor("Computer", "strong"), Competitor("You")), tmp_path / "games.sqlite3")
    game.settle()
    assert len(game.session.game.moves) == 3  # the computer placed its three stones
    assert [str(option) for option in game.choice_due] == ["white", "black", "two more"]
    assert (game.state_line(), game.note_line()) == (
        "To choose: white, black or two more (You)",
        "Choose with the buttons of the dialog",
    )
    game.clicks(*empty_squares(game, 1))  # a stone is refused while a colour is to be chosen
    assert len(game.session.game.moves) == 3
    game.choose(OpeningChoice.TWO_MORE)
    assert (game.note_line(), game.state_line(), game.choice_due) == (
        "You chose two more",
        "Stone 4 (white) to place (You)",
        (),
    )
    game.clicks(*empty_squares(game, 1))
    assert game.state_line() == "Stone 5 (black) to place (You)"
    game.clicks(*empty_squares(game, 1))
    assert game.session.opening_play.settled
    black, white = ("Computer", "You") if game.session.x.name == "Computer" else ("You", "Computer")
    assert game.note_line() in (
        f"Computer chose white: X (black) is {black} and O (white) is {white}",
        f"Computer chose black: X (black) is {black} and O (white) is {white}",
    )
    assert game.note_line().startswith("Computer chose black" if black == "Computer" else "Computer chose white")


def test_undo_in_the_opening_takes_back_the_last_stone_and_the_game_saves_as_played(tmp_path: Path) -> None:
    game = Driven(swap2(Competitor("Ada"), Competitor("Bo")), tmp_path / "games.sqlite3")
    assert not game.can("undo")
    game.clicks("c3", "e5", "b3")
    assert game.state_line() == "To choose: white, black or two more (Bo)"
    assert [str(option) for option in game.choice_due] == ["white", "black", "two more"]
    assert (game.can("undo"), game.can("redo")) == (True, False)
    game.undo()
    assert (game.note_line(), game.state_line(), game.choice_due) == (
        "Took back b3",
        "Stone 3 (black) to place (Ada)",
        (),
    )
    game.undo()
    assert game.session.game.moves == tuple(squares("c3"))
    game.clicks("a1", "a5")
    game.choose(OpeningChoice.TWO_MORE)
    assert not game.can("undo")  # Ada's stones are Bo's to choose on now
    game.clicks("e1")
    game.undo()  # Bo's own stone
    assert (game.note_line(), game.state_line()) == ("Took back e1", "Stone 4 (white) to place (Bo)")
    game.clicks("e1", "d2")
    game.choose(OpeningChoice.BLACK)
    assert game.state_line() == "O to move (Bo)"  # Ada chose black: Bo has white
    game.clicks("b2")
    game.leave()  # the window closes on the game left before its end
    assert game.saving.problem is None
    assert game.saving.history is not None
    record = game.saving.history.get(1)
    assert [str(timed.move) for timed in record.moves] == ["c3", "a1", "a5", "e1", "d2", "b2"]
    assert record.opening_text() == "swap2: Ada placed 3 stones; Bo chose two more and placed 2 stones; Ada chose black"
    assert (record.x.name, record.o.name) == ("Ada", "Bo")


def test_every_move_is_on_disk_as_it_is_played_so_a_window_killed_loses_none(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = Driven(classic(), db)
    game.clicks("a1")
    game.clicks("c3")
    played = [str(move) for move in game.session.game.moves]
    assert len(played) == 4  # two of the person's and two replies
    # Read by another connection while the window still runs, as after a kill -9: nothing was left to write.
    with History(db) as other:
        [summary] = other.list_games()
        assert (summary.result, [str(timed.move) for timed in other.get(summary.id).moves]) == (None, played)
    game.leave()  # the window closes: the same game, kept under the same id
    with History(db) as other:
        assert [(summary.id, summary.move_count) for summary in other.list_games()] == [(1, 4)]


def test_a_window_closed_before_the_colours_are_chosen_keeps_the_stones_and_resumes_the_choice(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game = Driven(swap2(Competitor("Ada"), Competitor("Bo")), db)
    game.clicks("c3", "e5", "b3")
    game.leave()  # closed while Bo is to choose
    with History(db) as history:
        [summary] = history.list_games()
        record = history.get(summary.id)
    assert (summary.result, [str(timed.move) for timed in record.moves]) == (None, ["c3", "e5", "b3"])
    again = Driven(swap2(Competitor("Ada"), Competitor("Bo")), db)
    assert again.resume(summary.id, record) is None
    assert again.state_line() == "To choose: white, black or two more (Bo)"
    again.choose(OpeningChoice.BLACK)
    assert again.state_line() == "O to move (Ada)"


# How the board is drawn ---------------------------------------------------------------------------------------


def people(size: int, length: int) -> Session:
    return Session(Rules.square(size, length), PlayerLimits(0), Competitor("Ada"), Competitor("Bo"))


def test_five_in_a_row_is_drawn_as_a_grid_and_tic_tac_toe_as_squares_until_the_person_chooses(tmp_path: Path) -> None:
    gomoku, tictactoe = Driven(people(15, 5), tmp_path / "a.sqlite3"), Driven(classic(), tmp_path / "b.sqlite3")
    assert (gomoku.picture().grid, tictactoe.picture().grid) == (True, False)
    shown = tictactoe.counting.shown
    tictactoe.toggle_grid()
    assert (tictactoe.picture().grid, tictactoe.counting.shown) == (True, shown + 1)
    gomoku.toggle_grid()
    assert gomoku.picture().grid is False
    gomoku.toggle_grid()
    assert gomoku.picture().grid is True


def test_the_grid_asked_for_holds_for_the_next_game(tmp_path: Path) -> None:
    game = GameController(classic(), CountingScreen(), HandTimer(), db=tmp_path / "games.sqlite3", grid=True)
    assert game.picture().grid is True
    squares_asked = GameController(people(15, 5), CountingScreen(), HandTimer(), db=tmp_path / "b.sqlite3", grid=False)
    assert squares_asked.picture().grid is False


def test_the_line_drawn_is_the_game_s_winning_line(tmp_path: Path) -> None:
    game = Driven(people(15, 5), tmp_path / "games.sqlite3")
    game.clicks("h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9")
    assert game.picture().line == ()
    game.clicks("g8")
    assert game.state_line() == "X wins (Ada)"
    assert game.picture().line == game.session.game.winning_line == tuple(squares("g8", "h8", "i8", "j8", "k8"))


def test_leaving_says_under_which_id_the_game_is_kept(tmp_path: Path) -> None:
    game = Driven(people(15, 5), tmp_path / "games.sqlite3")
    assert game.leave() is None  # nothing played: nothing kept
    again = Driven(people(15, 5), tmp_path / "games.sqlite3")
    again.clicks("h8", "h9")
    assert again.leave() == 1


# Clocks ---------------------------------------------------------------------------------------------------------


def clocked(clock: FakeClock, control: TimeControl, o_kind: str = "human") -> Session:
    players = Competitor("Ann"), Competitor("Bob", o_kind)
    return Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=control, now=clock)


def test_the_clocks_tick_and_the_game_ends_as_the_time_a_move_runs_out(tmp_path: Path) -> None:
    clock = FakeClock()
    game = Driven(clocked(clock, TimeControl(move=5.0)), tmp_path / "games.sqlite3")
    assert game.clock_texts() == ("X 0:05 this move", "O 5 s a move")
    clock.wait(2.2)
    assert game.hand.run_next()  # the tick
    assert (game.counting.clocks, game.clock_texts()) == (1, ("X 0:03 this move", "O 5 s a move"))
    game.click(Move(1, 1))
    assert game.clock_texts() == ("X 5 s a move", "O 0:05 this move")
    clock.wait(5.0)
    assert game.hand.run_next()
    assert (game.state_line(), game.note_line()) == ("X wins (Ann)", "O ran out of time: X wins")
    assert game.hand.pending == {}  # the game is over: no clock ticks any more
    assert game.clock_texts() == ("X 5 s a move", "O 5 s a move")
    assert not game.can("undo")
    assert game.picture().line == ()
    assert game.counting.saves == 1
    assert game.saving.history is not None
    (summary,) = game.saving.history.list_games()
    record = game.saving.history.get(summary.id)
    assert (record.declared_result, record.properties) == ("B+T", (("OT", ("5 s a move",)),))
    game.play_again()
    assert len(game.hand.pending) == 1  # the next game's clocks tick


def test_a_computer_still_searching_when_its_game_clock_runs_out_loses_on_time(tmp_path: Path) -> None:
    clock = FakeClock()
    game = Driven(clocked(clock, TimeControl(game=60.0), o_kind="reference"), tmp_path / "games.sqlite3")
    assert game.clock_texts() == ("X 1:00", "O 1:00")
    clock.wait(15.0)
    game.click(Move(1, 1))  # the computer's turn is scheduled, and the clocks' tick
    clock.wait(60.0)
    while game.session.game.result is None:
        assert game.hand.run_next()
    assert game.session.game.moves == (Move(1, 1),)
    assert (game.state_line(), game.note_line()) == ("X wins (Ann)", "O ran out of time: X wins")
    assert game.clock_texts() == ("X 0:45", "O 0:00")
    assert not game.thinking


def test_with_both_limits_the_side_to_move_shows_its_game_and_its_move(tmp_path: Path) -> None:
    clock = FakeClock()
    game = Driven(clocked(clock, TimeControl(move=30.0, game=300.0)), tmp_path / "games.sqlite3")
    clock.wait(4.5)
    assert game.clock_texts() == ("X 4:56 · 0:26 this move", "O 5:00 · 30 s a move")
    game.set_up_position()
    assert game.hand.pending == {}  # no clock runs while a position is set up


def test_the_pause_between_two_computer_players_moves_is_on_no_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    players = Competitor("rules 1", "rules"), Competitor("rules 2", "rules")
    session = Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=TimeControl(move=0.5), now=clock)
    hand = HandTimer()
    game = GameController(session, CountingScreen(), hand, move_delay_ms=600, db=tmp_path / "games.sqlite3")
    game.start()
    assert len(hand.pending) == 1  # the computer's move after the pause, and no clock's tick
    clock.wait(0.6)
    assert hand.run_next()
    assert session.move_time_left() == 0.5
    assert len(hand.pending) == 2  # the search's poll and the clocks' tick
