"""Tests of tictactoe.ui.terminal.menu: questions with defaults, refusals with reasons, the menu at a real terminal."""

from __future__ import annotations

import io
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from configurations.rules import Rules
from tests.cli.test_play import run_in_terminal
from tictactoe.game.history import GameSummary
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.settings import Settings
from tictactoe.ui.terminal.menu import Menu, Offer


def menu_of(answers: list[str]) -> tuple[Menu, io.StringIO, list[Settings], list[str]]:
    typed: Iterator[str] = iter(answers)
    questions: list[str] = []
    played: list[Settings] = []
    out = io.StringIO()

    def read_line(question: str) -> str:
        questions.append(question)
        return next(typed)

    return Menu(read_line, out, played.append), out, played, questions


def test_a_new_game_with_every_default_is_against_a_named_level() -> None:
    """The default was 9 levels of the assignment's search, which on a 7x7 board played a1, b1, c1... and lost."""
    menu, out, played, questions = menu_of(["1", "7", "4", "", "", "", "", "", "3"])
    menu.run()
    assert questions == [
        "Choose [1]: ",
        "Board size [3]: ",
        "Tiles in a row to win [3]: ",
        "Rule: freestyle, standard, renju, caro [freestyle]: ",
        "Opening rule: free, swap, swap2 [free]: ",
        "Levels the computer searches, or a level: easy, medium, hard, best [hard]: ",
        "You play X or O [X]: ",
        "Your name [You]: ",
        "Choose [1]: ",
    ]
    (settings,) = played
    session = settings.session
    assert (session.rules, session.limits.max_levels) == (Rules.square(7, 4), 49)
    assert session.limits.think == 0.25  # an answer within a quarter of a second a move, whatever the board
    assert [(c.name, c.kind) for c in session.competitors] == [("You", "human"), ("Hard computer", "strong")]
    assert out.getvalue() == "\n1) New game\n2) Previous games\n3) Exit\n" * 2


def test_a_depth_asks_for_each_side_s_player() -> None:
    menu, _, played, questions = menu_of(["1", "", "", "", "", "9", "", "", "", "", "3"])
    menu.run()
    assert questions[6:10] == [
        "X is played by (human, reference, sound, strong, perfect, rules, weights) [human]: ",
        "X's name [You]: ",
        "O is played by (human, reference, sound, strong, perfect, rules, weights) [reference]: ",
        "O's name [Computer]: ",
    ]
    session = played[0].session
    assert (session.rules, session.limits.max_levels) == (Rules.square(3, 3), 9)
    assert [(c.name, c.kind) for c in session.competitors] == [("You", "human"), ("Computer", "reference")]


def test_every_answer_is_checked_as_it_is_typed() -> None:
    answers = [
        "4",
        "1",
        "27",
        "x",
        "5",
        "6",
        "4",
        "gomoku",
        "renju",
        "",
        "swap3",
        "",
        "-1",
        "2",
        "robot",
        "reference",
        "",
        "human",
        "Bo",
        "3",
    ]
    menu, out, played, _ = menu_of(answers)
    menu.run()
    assert out.getvalue().splitlines()[4:] == [
        "must be a whole number from 1 to 3, got '4'",
        "must be a whole number from 1 to 26, got '27'",
        "must be a whole number from 1 to 26, got 'x'",
        "must be a whole number from 1 to 5, got '6'",
        "there is no variant 'gomoku': choose from freestyle, standard, renju, caro",
        "renju is played with 5 in a row, not 4",
        "there is no opening rule 'swap3': choose from free, swap, swap2",
        "type a whole number, at least 0, or one of easy, medium, hard, best, got '-1'",
        "there is no player 'robot': choose from human, reference, sound, strong, perfect, rules, weights",
        "",
        "1) New game",
        "2) Previous games",
        "3) Exit",
    ]
    session = played[0].session
    assert (session.rules, session.limits.max_levels) == (Rules.square(5, 4), 2)
    assert [(c.name, c.kind) for c in session.competitors] == [("Computer", "reference"), ("Bo", "human")]


def test_a_level_by_name_asks_only_for_the_person_s_side_and_name() -> None:
    menu, out, played, questions = menu_of(["1", "7", "4", "", "", "Hard", "z", "o", "Ada", "3"])
    menu.run()
    assert questions[4:] == [
        "Opening rule: free, swap, swap2 [free]: ",
        "Levels the computer searches, or a level: easy, medium, hard, best [hard]: ",
        "You play X or O [X]: ",
        "You play X or O [X]: ",
        "Your name [You]: ",
        "Choose [1]: ",
    ]
    assert "type X or O, got 'z'\n" in out.getvalue()
    session = played[0].session
    assert [(c.name, c.kind) for c in session.competitors] == [("Hard computer", "strong"), ("Ada", "human")]
    assert (session.limits.max_levels, session.limits.think) == (49, 0.25)


def test_without_a_history_previous_games_says_so() -> None:
    menu, out, _, _ = menu_of(["2", "3"])
    menu.run()
    assert "No previous games are kept yet.\n" in out.getvalue()


@pytest.mark.skipif(os.name != "posix", reason="needs pseudo-terminals")
def test_play_py_without_arguments_at_a_terminal_opens_the_menu(tmp_path: Path) -> None:
    typed = [b"\n", b"1\n", b"1\n", b"\n", b"\n", b"0\n", b"\n", b"\n", b"\n", b"\n", b"a1\n", b"n\n", b"3\n"]
    private = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}  # a history with no unfinished game to offer
    status, shown = run_in_terminal([], typed, prompts=(b"]: ", b"Your move: ", b"no) "), env=private)
    assert status == 0
    assert shown.endswith(
        textwrap.dedent(
            """\
            Your move: a1
              a
            1 \x1b[7mX\x1b[0m
            Human wins
            Tally: You 1, Computer 0, draws 0
            Play again? (y: yes, s: yes with sides swapped, anything else: no) n

            1) New game
            2) Previous games
            3) Exit
            Choose [1]: 3
            """
        )
    )


def test_a_player_that_cannot_play_the_board_is_refused_at_once() -> None:
    answers = ["1", "5", "4", "", "", "2", "perfect", "human", "", "", "", "3"]
    menu, out, played, _ = menu_of(answers)
    menu.run()
    lines = out.getvalue().splitlines()
    assert lines[4] == (
        "perfect plays only 3x3 with 3 in a row, the game its graph holds, not 5x5 with 4 in a row"
    )  # said right after the player was named, before any name was asked
    session = played[0].session
    assert [(c.name, c.kind) for c in session.competitors] == [("You", "human"), ("Computer", "reference")]


def test_an_empty_or_unprintable_name_is_refused() -> None:
    menu, out, played, _ = menu_of(["1", "", "", "", "", "9", "", "A\x07da", "x" * 31, "Ada", "", "", "3"])
    menu.run()
    lines = out.getvalue().splitlines()
    assert "a name is 1 to 30 printable characters, got 'A\\x07da'" in lines
    assert f"a name is 1 to 30 printable characters, got {'x' * 19 + '…'!r}" in lines
    assert played[0].session.competitors[0].name == "Ada"


def test_the_opening_rule_is_asked_after_the_rule_and_a_level_plays_it() -> None:
    menu, out, played, _ = menu_of(["1", "15", "5", "", "swap9", "Swap2", "hard", "", "", "3"])
    menu.run()
    assert "there is no opening rule 'swap9': choose from free, swap, swap2" in out.getvalue().splitlines()
    session = played[0].session
    assert session.rules == Rules.square(15, 5, opening="swap2")
    assert [(c.name, c.kind) for c in session.competitors] == [("You", "human"), ("Hard computer", "strong")]


def test_an_unfinished_game_is_offered_first_as_entry_0_and_enter_plays_it_on() -> None:
    rules = Rules.square(3, 3)
    session = Session(rules, PlayerLimits(9), Competitor("Ada"), Competitor("Computer", "reference"))
    game = GameSummary(7, *session.competitors, rules, None, None, None, 2)
    offers = iter([Offer(game, lambda: Settings(session)), None])
    menu, out, played, questions = menu_of(["", "3"])
    menu.offer = lambda: next(offers)
    menu.run()
    assert [settings.session for settings in played] == [session]
    assert questions == ["Choose [0]: ", "Choose [1]: "]
    assert out.getvalue() == (
        "\n0) Go on with game 7 (unfinished): Ada (X) against Computer (O), 3x3, 3 in a row, 2 moves\n"
        "1) New game\n2) Previous games\n3) Exit\n"
        "\n1) New game\n2) Previous games\n3) Exit\n"
    )


@pytest.mark.skipif(os.name != "posix", reason="needs pseudo-terminals")
def test_play_py_with_only_a_db_that_cannot_be_used_says_so_before_the_menu(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "games.sqlite3"
    status, shown = run_in_terminal(["--db", str(missing)], [])
    assert (status, shown) == (
        1,
        f"play.py: cannot use the game history: {missing}: the directory {missing.parent} does not exist\n",
    )
