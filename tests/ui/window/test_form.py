"""Tests of tictactoe.ui.window.form: what the new-game dialog accepts, refuses, and which session it starts."""

from __future__ import annotations

import pytest

from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.clocks import TimeControl
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session, Tally
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.settings import default_name
from tictactoe.ui.window.form import FormError, GameForm, start_game


def finished_session() -> Session:
    """You (X) beat the reference search at 3 3 9, on a session with its own thinking time and seed."""
    session = Session(
        Rules.square(3, 3), PlayerLimits(9, 0.5, 7), Competitor("Ann"), Competitor("Computer", "reference")
    )
    for text in ("a1", "c3", "c1", "c2"):
        session.play(session.game.parse(text))
        if session.game.result is None:
            session.play(session.computer_move())
    assert session.tally == Tally(1, 0, 0)
    return session


def test_the_form_is_filled_from_the_game_being_played() -> None:
    assert GameForm.of(finished_session()) == GameForm(
        size="3", length="3", levels="9", x_kind="human", x_name="Ann", o_kind="reference", o_name="Computer"
    )
    assert GameForm.of(finished_session()).level == "custom"


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"size": ""}, "board size must be a whole number from 1 to 26, got ''"),
        ({"size": "0"}, "board size must be a whole number from 1 to 26, got '0'"),
        ({"size": "3.5"}, "board size must be a whole number from 1 to 26, got '3.5'"),
        ({"length": "0"}, "in a row must be a whole number, at least 1, got '0'"),
        ({"length": " 4 "}, "in a row must be from 1 to the board size (3), got '4'"),
        ({"levels": "many"}, "levels must be a whole number, at least 0, got 'many'"),
        ({"x_kind": "best"}, "there is no player 'best': choose from human, reference, sound, strong, perfect, rules"),
        ({"level": "expert"}, "there is no level 'expert': choose from custom, easy, medium, hard, best"),
        ({"level": "easy", "x_kind": "human", "o_kind": "human"}, "a level sets how the computer plays, but both"),
        ({"level": "easy", "x_kind": "strong"}, "a level is for a game against a person: one side must be human"),
    ],
)
def test_a_form_that_cannot_start_a_game_says_why_and_changes_nothing(fields: dict[str, str], reason: str) -> None:
    session = finished_session()
    moves = session.game.moves
    with pytest.raises(FormError) as refusal:
        start_game(GameForm.of(session).but(**fields), session)
    assert str(refusal.value).startswith(reason)
    assert "\n" not in str(refusal.value)
    assert (session.game.moves, session.tally) == (moves, Tally(1, 0, 0))


def test_a_player_that_cannot_be_made_is_refused_by_name() -> None:
    session = finished_session()
    with pytest.raises(FormError, match="perfect"):
        start_game(GameForm.of(session).but(size="4", o_kind="perfect"), session)


def test_the_same_two_on_the_same_board_play_on_in_the_same_session() -> None:
    session = finished_session()
    form = GameForm.of(session)
    assert start_game(form.but(x_name=" Ann "), session) is session
    assert (session.game.moves, session.tally) == ((), Tally(1, 0, 0))
    swapped = form.but(x_kind="reference", x_name="Computer", o_kind="human", o_name="Ann")
    assert start_game(swapped, session) is session
    assert (session.x.name, session.o.name) == ("Computer", "Ann")


def test_another_board_or_player_starts_a_new_session() -> None:
    session = finished_session()
    renamed = start_game(GameForm.of(session).but(o_name="Bob"), session)
    assert renamed is not session
    assert (renamed.x.name, renamed.o.name, renamed.tally) == ("Ann", "Bob", Tally())
    assert (renamed.rules, renamed.limits) == (session.rules, session.limits)  # the thinking time and seed go on
    bigger = start_game(GameForm.of(session).but(size="5", length="4", levels="2", x_name=""), session)
    assert (bigger.rules, bigger.limits) == (Rules.square(5, 4), PlayerLimits(2, 0.5, 7))
    assert bigger.x.name == default_name("human") == "You"


def test_an_opening_is_kept_only_on_the_same_board() -> None:
    session = Session(Rules.square(3, 3), PlayerLimits(2), Competitor("Ann"), Competitor("Bob"), opening=[Move(1, 1)])
    same_board = start_game(GameForm.of(session).but(levels="1", o_kind="reference"), session)
    assert same_board.game.moves == (Move(1, 1),)
    other_board = start_game(GameForm.of(session).but(size="4"), session)
    assert other_board.game.moves == ()


def test_a_form_has_exactly_its_fields() -> None:
    with pytest.raises(TypeError, match="colour"):
        GameForm.of(finished_session()).but(colour="red")


def test_a_level_sets_the_computer_side_its_depth_time_and_name() -> None:
    session = finished_session()
    # The levels field is left as it was: the level decides the depth.
    hard = start_game(GameForm.of(session).but(level="Hard", size="7", length="4", levels="x"), session)
    assert [(c.name, c.kind) for c in hard.competitors] == [("Ann", "human"), ("Hard computer", "strong")]
    assert (hard.rules, hard.limits) == (Rules.square(7, 4), PlayerLimits(49, 0.25, 7))
    assert GameForm.of(hard).level == "hard"
    # The person plays O; a name typed for the computer is kept.
    easy = start_game(
        GameForm.of(hard).but(level="easy", x_kind="reference", x_name="Hal", o_kind="human", o_name="Ann"), hard
    )
    assert [(c.name, c.kind) for c in easy.competitors] == [("Hal", "weights"), ("Ann", "human")]
    assert GameForm.of(easy).level == "easy"
    # Back to custom: the levels and players as typed.
    custom = start_game(GameForm.of(easy).but(level="custom", levels="3", x_kind="sound"), easy)
    assert (custom.x.kind, custom.limits.max_levels) == ("sound", 3)


def test_the_rule_and_the_opening_rule_are_the_game_s_and_can_be_chosen() -> None:
    session = Session(
        Rules.square(9, 5, opening="swap2"), PlayerLimits(2, 0.2), Competitor("Ann"), Competitor("strong", "strong")
    )
    form = GameForm.of(session)
    assert (form.rule, form.opening) == ("freestyle", "swap2")
    assert start_game(form, session) is session  # the next game of the same two, by the same rules
    assert session.opening_play.placer is not None  # a swap2 opening, its first stone to place
    renju = start_game(form.but(rule="Renju", opening="swap"), session)
    assert renju.rules == Rules.square(9, 5, variant="renju", opening="swap")
    free = start_game(form.but(opening="free", size="7", length="4"), session)
    assert free.rules == Rules.square(7, 4)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"rule": "renju", "length": "4"}, "renju is played with 5 in a row, not 4"),
        ({"rule": "gomoku"}, "there is no variant 'gomoku': choose from freestyle, standard, renju, caro"),
        ({"opening": "swap3"}, "there is no opening rule 'swap3': choose from free, swap, swap2"),
        ({"opening": "swap"}, "reference plays the free opening only, not swap"),
    ],
)
def test_a_rule_that_cannot_be_played_is_refused_in_one_line(fields: dict[str, str], reason: str) -> None:
    session = finished_session()
    with pytest.raises(FormError) as refusal:
        start_game(GameForm.of(session).but(size="9", **fields), session)
    assert str(refusal.value).startswith(reason)
    assert "\n" not in str(refusal.value)


def test_a_new_game_of_the_window_keeps_the_clocks_of_the_command_line() -> None:
    clocks = TimeControl(move=10.0, game=300.0)
    session = Session(Rules.square(3, 3), PlayerLimits(2), Competitor("Ann"), Competitor("Bob"), clocks=clocks)
    assert start_game(GameForm.of(session).but(size="4"), session).clocks == clocks
    assert start_game(GameForm.of(session).but(o_name="Carl"), session).clocks == clocks
