"""Tests of tictactoe.game.session: who moves, undo against the computer, redo, tallies, swapped sides."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session, Tally
from tictactoe.players.registry import PlayerLimits


def session_of(x_kind: str, o_kind: str, size: int = 3, length: int = 3, max_levels: int = 9) -> Session:
    return Session(
        Rules.square(size, length), PlayerLimits(max_levels), Competitor("Ann", x_kind), Competitor("Bob", o_kind)
    )


def test_the_computer_is_asked_only_on_its_turn() -> None:
    session = session_of("human", "reference")
    assert session.to_move is session.competitors[0]
    with pytest.raises(ValueError, match="not a computer player's turn"):
        session.computer_move()
    session.play(Move(1, 1))
    assert session.computer_move() == Move(2, 0)  # the reference search's reply to b2, as play.py shows it


def test_undo_against_a_computer_playing_x_takes_back_its_reply_and_the_person_move() -> None:
    session = session_of("reference", "human")
    session.play(session.computer_move())
    session.play(Move(1, 1))
    session.play(session.computer_move())
    assert len(session.game.moves) == 3
    taken = session.undo()
    assert len(taken) == 2
    assert taken[1] == Move(1, 1)
    assert session.game.to_move == "O"
    assert session.redo() == [Move(1, 1), taken[0]]


def test_undo_before_the_person_has_moved_takes_nothing_back_and_keeps_the_sides() -> None:
    session = session_of("reference", "human")
    opening = session.computer_move()
    session.play(opening)
    assert session.undo() == []
    assert session.game.moves == (opening,)
    assert session.to_move is session.competitors[1]  # still the person, as O
    session.play(Move(2, 2))
    assert session.game.board.configuration()[8] == "O"


def test_undo_never_takes_back_the_opening_for_a_person() -> None:
    session = Session(
        Rules.square(3, 3),
        PlayerLimits(9),
        Competitor("Ann"),
        Competitor("Bob", "reference"),
        opening=[Move(1, 1), Move(0, 0)],
    )
    assert session.undo() == []
    assert len(session.game.moves) == 2


def test_between_two_people_undo_takes_back_one_move() -> None:
    session = session_of("human", "human")
    session.play(Move(0, 0))
    session.play(Move(1, 1))
    assert session.undo() == [Move(1, 1)]
    assert session.undo() == [Move(0, 0)]
    assert session.undo() == []


def test_every_move_is_timed_and_undo_forgets_the_time() -> None:
    session = session_of("human", "human")
    session.play(Move(0, 0))
    session.play(Move(1, 1))
    assert len(session.move_seconds) == 2
    assert all(seconds is not None and seconds >= 0 for seconds in session.move_seconds)
    session.undo()
    assert len(session.move_seconds) == 1


def test_the_tally_counts_finished_games_and_follows_swapped_sides() -> None:
    session = session_of("human", "human", size=2, length=2)
    for move in (Move(0, 0), Move(0, 1), Move(1, 0)):  # X (Ann) wins
        session.play(move)
    assert session.tally == Tally(first=1, second=0, draws=0)
    session.new_game(swap_sides=True)
    assert (session.x.name, session.o.name, session.tally) == ("Bob", "Ann", Tally(1, 0, 0))
    for move in (Move(0, 0), Move(0, 1), Move(1, 0)):  # X (now Bob) wins
        session.play(move)
    assert session.tally == Tally(1, 1, 0)
    session.undo()
    assert session.tally == Tally(1, 0, 0)  # the game is no longer over


def test_an_opening_starts_every_game() -> None:
    session = Session(
        Rules.square(3, 3), PlayerLimits(1), Competitor("Ann"), Competitor("Bob"), opening=[Move(0, 0), Move(1, 1)]
    )
    assert session.game.moves == (Move(0, 0), Move(1, 1))
    session.new_game()
    assert session.game.moves == (Move(0, 0), Move(1, 1))


def test_a_session_saves_its_game_new_then_in_place_and_a_resumed_one_in_place(tmp_path: Path) -> None:
    history = History(tmp_path / "games.sqlite3")
    session = session_of("human", "human")
    session.play(Move(0, 0))
    first = session.save(history)
    assert (first, session.game_id) == (first, first)
    session.play(Move(1, 1))
    assert session.save(history) == first  # the same game, saved again in place
    assert [timed.move for timed in history.get(first).moves] == [Move(0, 0), Move(1, 1)]
    resumed = Session.resume(history.get(first), first)
    resumed.play(Move(2, 2))
    assert resumed.save(history) == first
    assert len(history.get(first).moves) == 3
    other = session_of("human", "human")
    other.play(Move(2, 0))
    second = other.save(history)
    assert second != first  # a game of its own
    assert [game.id for game in history.list_games()] == sorted([first, second], reverse=True)
    history.close()


def test_before_the_colours_are_chosen_undo_takes_back_a_person_s_last_stone_since_the_last_choice() -> None:
    rules = Rules.square(9, 4, opening=Opening.SWAP2)
    session = Session(rules, PlayerLimits(2), Competitor("Ann"), Competitor("Bob"))
    assert (session.can_undo, session.undo()) == (False, [])
    for square in (Move(4, 4), Move(4, 5)):
        session.play(square)
    assert session.can_undo
    assert session.undo() == [Move(4, 5)]
    assert (session.opening_play.stones, session.game.moves) == (1, (Move(4, 4),))
    session.play(Move(3, 3))
    session.play(Move(5, 5))
    session.choose(OpeningChoice.TWO_MORE)
    assert (session.can_undo, session.undo()) == (False, [])  # the stones the choice was made on stay
    session.play(Move(0, 0))
    assert session.undo() == [Move(0, 0)]
    assert session.game.moves == (Move(4, 4), Move(3, 3), Move(5, 5))
