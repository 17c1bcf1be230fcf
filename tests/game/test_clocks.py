"""Tests of game clocks: tictactoe.game.clocks, and the session's clocks on a fake time source (nothing sleeps)."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.clocks import TimeControl, clock_text
from tictactoe.game.history import History
from tictactoe.game.journal import Journal
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.game.sgf import parse_sgf, to_sgf
from tictactoe.players.registry import PlayerLimits
from tictactoe.players.strong import StrongPlayer
from tictactoe.solver.timing import move_budget


class FakeClock:
    """A time source a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


def clocked(
    clock: FakeClock, control: TimeControl, x_kind: str = "human", o_kind: str = "human", size: int = 3
) -> Session:
    length = min(size, 3)
    x, o = Competitor("Ann", x_kind), Competitor("Bob", o_kind)
    return Session(Rules.square(size, length), PlayerLimits(9), x, o, clocks=control, now=clock)


def test_a_time_control_limits_something_and_each_limit_is_above_zero() -> None:
    with pytest.raises(ValueError, match="limits a move, a game or both"):
        TimeControl()
    with pytest.raises(ValueError, match="the time a move is a number of seconds above 0, got 0"):
        TimeControl(move=0)
    with pytest.raises(ValueError, match="the time a game is a number of seconds above 0, got inf"):
        TimeControl(game=float("inf"))


def test_a_clock_reads_its_seconds_rounded_up() -> None:
    assert [clock_text(s) for s in (300.0, 299.999, 59.5, 0.4, -3.0, 3600.0)] == [
        "5:00",
        "5:00",
        "1:00",
        "0:01",
        "0:00",
        "1:00:00",
    ]


def test_the_properties_of_a_time_control_read_back_and_other_words_limit_nothing() -> None:
    for control in (TimeControl(move=1.5), TimeControl(game=90.0), TimeControl(move=30.0, game=600.0)):
        assert TimeControl.from_properties(control.properties()) == control
    assert TimeControl.from_properties([("OT", ("3x30 byo-yomi",))]) is None
    assert TimeControl.from_properties([("TM", ("ten minutes",))]) is None
    assert TimeControl.from_properties([("TM", ("0",))]) is None


def test_each_side_uses_its_own_clock_of_the_game() -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(game=60.0))
    assert session.time_left(Side.X) == 60.0
    clock.wait(10.0)
    assert session.time_left(Side.X) == 50.0  # X's clock runs while X thinks
    session.play(Move(1, 1))
    clock.wait(4.0)
    assert (session.time_left(Side.X), session.time_left(Side.O)) == (50.0, 56.0)
    session.play(Move(0, 0))
    assert (session.time_used(Side.X), session.time_used(Side.O)) == (10.0, 4.0)


def test_a_move_after_the_time_a_move_loses_on_time_and_is_not_played() -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(move=5.0))
    clock.wait(4.99)
    session.play(Move(1, 1))  # just in time
    clock.wait(5.0)  # the clock reads 0:00: the flag has fallen
    assert session.out_of_time()
    session.play(Move(0, 0))
    assert session.game.moves == (Move(1, 1),)
    assert (session.game.result, session.game.flagged, session.game.to_move) == (Winner.X, Side.O, None)
    assert session.game.winning_line == ()
    assert session.tally.first == 1


def test_the_clock_of_the_game_runs_out_over_several_moves() -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(move=30.0, game=20.0))
    for square in (Move(0, 0), Move(1, 1), Move(0, 1), Move(2, 2)):
        clock.wait(9.0)
        session.play(square)
    assert session.move_time_left() == 2.0  # X used 18 of 20: less than the time a move
    clock.wait(2.5)
    session.play(Move(0, 2))  # would have won: too late
    assert (session.game.result, session.game.flagged) == (Winner.O, Side.X)


def test_a_fallen_flag_is_not_taken_back_and_undo_after_the_time_ran_out_loses() -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(move=5.0))
    session.play(Move(1, 1))
    clock.wait(6.0)
    assert session.undo() == []  # O's time ran out before it asked
    assert session.game.flagged is Side.O
    assert not session.can_undo
    assert session.undo() == []
    assert session.redo() == []
    assert session.game.moves == (Move(1, 1),)


def test_a_game_lost_on_time_is_recorded_as_sgf_writes_a_win_on_time(tmp_path: Path) -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(move=5.0, game=120.0))
    session.play(Move(1, 1))
    clock.wait(7.0)
    session.play(Move(0, 0))
    record = session.record()
    assert (record.declared_result, record.result) == ("B+T", Winner.X)
    assert record.properties == (("TM", ("120",)), ("OT", ("5 s a move",)))
    text = to_sgf([record])
    assert "RE[B+T]" in text
    assert "TM[120]OT[5 s a move]" in text
    (back,) = parse_sgf(text)
    assert (back.declared_result, back.result, back.properties) == ("B+T", Winner.X, record.properties)
    with History(tmp_path / "games.sqlite3") as history:
        kept = history.get(history.save(record))
    assert (kept.declared_result, kept.result, kept.properties) == ("B+T", Winner.X, record.properties)


def test_a_resumed_game_keeps_its_clocks_and_what_each_side_had_left(tmp_path: Path) -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(game=60.0))
    with History(tmp_path / "games.sqlite3") as history:
        session.keep_in(Journal(history))
        clock.wait(25.0)
        session.play(Move(1, 1))
        clock.wait(12.0)
        session.play(Move(0, 0))
        clock.wait(30.0)  # X thinks, and the program is killed: this move's time is not kept
        kept = history.get(session.game_id or 0)
    later = FakeClock()
    resumed = Session.resume(kept, 1, now=later)
    assert resumed.clocks == TimeControl(game=60.0)
    assert (resumed.time_left(Side.X), resumed.time_left(Side.O)) == (35.0, 48.0)
    later.wait(36.0)
    resumed.play(Move(2, 2))
    assert resumed.game.flagged is Side.X


@pytest.mark.parametrize(
    ("control", "think", "budget"),
    [
        (TimeControl(move=1.0, game=30.0), move_budget(0.5, 29.5, default=1.0), 0.4),  # 80% of the move's 0.5 s
        (TimeControl(move=30.0, game=10.0), move_budget(29.5, 9.5, default=1.0), 0.378),  # a 25th of the game's
        (TimeControl(move=30.0), 1.0, 1.0),  # never more than --think
    ],
)
def test_a_strong_player_is_given_the_budget_of_what_its_clock_has_left(
    control: TimeControl, think: float, budget: float
) -> None:
    clock = FakeClock()
    session = clocked(clock, control, o_kind="strong", size=7)
    player = session._players[1]
    assert isinstance(player, StrongPlayer)
    clock.wait(0.9)
    session.play(Move(3, 3))
    clock.wait(0.5)  # the terminal drew the board
    session.computer_move()
    assert player.think == think == budget


def test_without_clocks_the_strong_player_keeps_its_think_and_nothing_runs_out() -> None:
    clock = FakeClock()
    x, o = Competitor("Ann"), Competitor("strong", "strong")
    session = Session(Rules.square(7, 4), PlayerLimits(9, 0.25), x, o, now=clock)
    session.play(Move(3, 3))
    clock.wait(1e6)
    assert (session.move_time_left(), session.time_left(Side.O), session.out_of_time()) == (None, None, False)
    session.computer_move()
    player = session._players[1]
    assert isinstance(player, StrongPlayer)
    assert player.think == 0.25
    assert session.record().properties == ()


def test_undo_gives_back_the_moves_time_but_not_the_thinking_since() -> None:
    clock = FakeClock()
    session = clocked(clock, TimeControl(move=30.0, game=100.0))
    clock.wait(10.0)
    session.play(Move(1, 1))
    clock.wait(20.0)
    session.play(Move(0, 0))
    clock.wait(25.0)  # X thinks, then takes O's move back: O's 20 s come back; X's 25 s stay on X's clock
    assert session.undo() == [Move(0, 0)]
    assert (session.time_left(Side.X), session.time_left(Side.O)) == (65.0, 100.0)
    clock.wait(5.0)
    assert session.redo() == [Move(0, 0)]
    assert (session.time_used(Side.X), session.time_used(Side.O)) == (35.0, 5.0)
    assert session.move_time_left() == 30.0  # the move after a redo has its whole time a move


def test_a_game_of_another_program_with_a_time_a_game_plays_on_with_it() -> None:
    (record,) = parse_sgf("(;FF[4]GM[4]SZ[3]KL[3]TM[60]OT[3x30 byo-yomi];B[bb]MT[12.5];W[aa]MT[40])")
    clock = FakeClock()
    session = Session.resume(record, now=clock)
    assert session.clocks == TimeControl(game=60.0)  # byo-yomi is not a rule of this program's clocks
    assert (session.time_left(Side.X), session.time_left(Side.O)) == (47.5, 20.0)
    assert session.record().properties == (("TM", ("60",)), ("OT", ("3x30 byo-yomi",)))
