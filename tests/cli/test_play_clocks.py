"""Tests of play.py's game clocks (``--move-time``, ``--game-time``): the options, the clocks' line before each move,
and a flag fall's last lines -- in-process on a fake time source, and at a real pseudo-terminal on the real one."""

from __future__ import annotations

import io
import os
import textwrap
import time
from pathlib import Path

import pytest

from configurations.rules import Rules
from tests.cli.test_play import run_main
from tests.game.test_clocks import FakeClock
from tictactoe.game.clocks import TimeControl
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.game.sgf import to_sgf
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.terminal.conversation import play_game


def play_on_clock(session: Session, clock: FakeClock, typed: list[tuple[float, str]]) -> str:
    """Play ``session``'s game with each line of ``typed`` entered that many seconds after it was asked for."""
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        seconds, line = typed.pop(0)
        clock.wait(seconds)
        out.write(f"{prompt}{line}\n")
        return line

    play_game(session, read_line, out)
    return out.getvalue()


def test_a_move_entered_after_the_time_a_move_loses_the_assignments_game_on_time() -> None:
    clock = FakeClock()
    players = Competitor("You"), Competitor("Computer", "reference")
    session = Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=TimeControl(move=10.0), now=clock)
    shown = play_on_clock(session, clock, [(9.5, "b2"), (10.0, "a1")])
    assert shown == textwrap.dedent(
        """\
        You are X and move first; the computer is O. Type help for how to play.
          a b c
        1 . . .
        2 . . .
        3 . . .
        Clocks: 10 s a move
        Your move: b2
        Clocks: 10 s a move
        Computer plays a3
          a b c
        1 . . .
        2 . X .
        3 O . .
        Clocks: 10 s a move
        Your move: a1
          a b c
        1 . . .
        2 . X .
        3 O . .
        X ran out of time: O wins
        Computer wins
        """
    )


def test_the_clocks_of_the_game_count_down_and_a_person_playing_o_loses_on_time() -> None:
    clock = FakeClock()
    players = Competitor("Ann"), Competitor("Bob")
    control = TimeControl(game=60.0)
    session = Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=control, now=clock)
    shown = play_on_clock(session, clock, [(12.5, "b2"), (40.0, "a1"), (30.0, "c3"), (20.0, "a3")])
    assert shown.splitlines()[-9:] == [
        "Clocks: X 0:18, O 0:20",
        "Your move: a3",
        "  a b c",
        "1 O . .",
        "2 . X .",
        "3 . . X",
        "O ran out of time: X wins",
        "Winner: Ann (X)",
        "X wins",
    ]
    assert [line for line in shown.splitlines() if line.startswith("Clocks")] == [
        "Clocks: X 1:00, O 1:00",
        "Clocks: X 0:48, O 1:00",
        "Clocks: X 0:48, O 0:20",
        "Clocks: X 0:18, O 0:20",
    ]
    assert (session.record().declared_result, session.tally.first) == ("B+T", 1)


def test_bad_times_are_one_line_usage_errors() -> None:
    for option, text, unit in (("--move-time", "0", "seconds"), ("--game-time", "-1", "minutes")):
        status, out, err = run_main(["3", "3", "9", option, text], "")
        assert (status, out) == (2, "")
        assert (
            err.splitlines()[-1]
            == f"play.py: error: argument {option}: must be a number of {unit} above 0, got {text!r}"
        )


def test_without_clocks_no_clocks_line_is_shown() -> None:
    status, out, _ = run_main(["3", "3", "9"], "b2\nquit\n")
    assert status == 0
    assert "Clocks" not in out


def test_a_game_with_clocks_is_recorded_with_them_and_resumed_with_them(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    status, out, _ = run_main(["3", "3", "9", "--game-time", "2", "--move-time", "45", "--db", str(db)], "b2\nquit\n")
    assert status == 0
    assert out.splitlines()[5] == "Clocks: X 2:00, O 2:00, 45 s a move"
    with History(db, create=False) as history:
        record = history.get(1)
    assert record.properties == (("TM", ("120",)), ("OT", ("45 s a move",)))
    assert "TM[120]OT[45 s a move]" in to_sgf([record])
    status, out, _ = run_main(["--resume-game", "1", "--db", str(db)], "quit\n")
    assert status == 0
    assert "Clocks: X 2:00, O 2:00, 45 s a move\nYour move: quit\n" in out


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs pseudo-terminals")
def test_at_a_terminal_a_move_typed_too_late_loses_on_time_and_is_kept_so(tmp_path: Path) -> None:
    from tests.cli.test_kept_games import Terminal  # its module is all slow tests

    db = tmp_path / "games.sqlite3"
    game = Terminal("3", "3", "9", "--move-time", "0.5", "--db", str(db))
    game.wait_for_prompt()
    time.sleep(0.6)  # the person thinks past the time a move
    game.type("b2")
    game.wait_for(b"anything else: no) ")  # the whole question: it may come in more than one read
    shown = game.shown.decode().replace("\r\n", "\n")
    assert "\nX ran out of time: O wins\nComputer wins\nTally: You 0, Computer 1, draws 0\nPlay again? (" in shown
    assert "Clocks: 0.5 s a move\nYour move: b2\n" in shown
    game.type("n")
    assert game.process.wait(timeout=30) == 0
    game.close()
    with History(db, create=False) as history:
        record = history.get(1)
    assert (record.declared_result, record.moves) == ("W+T", ())


def test_help_says_the_clocks_rule() -> None:
    status, out, _ = run_main(["3", "3", "9", "--game-time", "1.5", "--move-time", "0.5"], "help\nquit\n")
    assert status == 0
    assert "\nClocks: 1:30 a game, 0.5 s a move; a move entered after its side's time ran out loses.\n" in out
    _, plain, _ = run_main(["3", "3", "9"], "help\nquit\n")
    assert "Clocks" not in plain
