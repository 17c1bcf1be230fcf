"""Tests of tictactoe.game.openings and of a session played under swap and swap2: who places, who chooses, and
who has which colour after the choice."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules
from tictactoe.game.history import History
from tictactoe.game.openings import OpeningChoiceError, OpeningPlay, Role, parse_choice
from tictactoe.game.record import Competitor, RecordError
from tictactoe.game.session import Session
from tictactoe.game.sgf import SgfError, parse_sgf, to_sgf
from tictactoe.players.registry import PlayerLimits

WHITE, BLACK, TWO_MORE = OpeningChoice.WHITE, OpeningChoice.BLACK, OpeningChoice.TWO_MORE
STONES = [Move(3, 3), Move(3, 4), Move(4, 3), Move(4, 4), Move(5, 5)]


def test_the_free_opening_is_settled_from_the_start_with_the_first_player_black() -> None:
    play = OpeningPlay(Opening.FREE)
    assert (play.settled, play.black, play.placer, play.chooser, play.options) == (True, Role.FIRST, None, None, ())
    assert play.placed() is play
    assert play.describe(("Ada", "Bob")) == ""


def test_swap_the_first_places_three_then_the_second_chooses_white_or_black() -> None:
    play = OpeningPlay(Opening.SWAP)
    for stone in range(3):
        assert (play.placer, play.chooser, play.stones, play.stones_due) == (Role.FIRST, None, stone, 3)
        play = play.placed()
    assert (play.placer, play.chooser, play.options, play.settled) == (None, Role.SECOND, (WHITE, BLACK), False)
    with pytest.raises(OpeningChoiceError, match="the second player chooses now"):
        play.placed()
    with pytest.raises(OpeningChoiceError, match="'two more' is not a choice here: choose white or black"):
        play.choosing(TWO_MORE)
    assert play.choosing(WHITE).black is Role.FIRST
    assert play.choosing(BLACK).black is Role.SECOND
    settled = play.choosing(BLACK)
    assert (settled.settled, settled.placer, settled.chooser, settled.stones_due) == (True, None, None, 0)
    assert settled.placed() is settled  # later stones are moves, not the opening's
    with pytest.raises(OpeningChoiceError, match="no colour is to be chosen now"):
        settled.choosing(WHITE)


@pytest.mark.parametrize(
    ("choices", "black", "described"),
    [
        ((WHITE,), Role.FIRST, "swap2: Ada placed 3 stones; Bob chose white"),
        ((BLACK,), Role.SECOND, "swap2: Ada placed 3 stones; Bob chose black"),
        (
            (TWO_MORE, WHITE),
            Role.SECOND,
            "swap2: Ada placed 3 stones; Bob chose two more and placed 2 stones; Ada chose white",
        ),
        (
            (TWO_MORE, BLACK),
            Role.FIRST,
            "swap2: Ada placed 3 stones; Bob chose two more and placed 2 stones; Ada chose black",
        ),
    ],
)
def test_swap2_every_path_settles_the_colours(choices: tuple[OpeningChoice, ...], black: Role, described: str) -> None:
    play = OpeningPlay(Opening.SWAP2, 3)
    assert play.options == (WHITE, BLACK, TWO_MORE)
    play = play.choosing(choices[0])
    if choices[0] is TWO_MORE:
        assert (play.placer, play.stones_due, play.settled) == (Role.SECOND, 5, False)
        play = play.placed().placed()
        assert (play.chooser, play.options) == (Role.FIRST, (WHITE, BLACK))
        play = play.choosing(choices[1])
    assert (play.settled, play.black, play.choices) == (True, black, choices)
    assert play.describe(("Ada", "Bob")) == described


def test_parse_choice_reads_words_and_first_letters_and_refuses_the_rest() -> None:
    options = (WHITE, BLACK, TWO_MORE)
    assert [parse_choice(text, options) for text in ("white", "B", " Two  More ", "t", "bl")] == [
        WHITE,
        BLACK,
        TWO_MORE,
        TWO_MORE,
        BLACK,
    ]
    with pytest.raises(OpeningChoiceError, match=r"^'grey' is not a choice here: choose white, black or two more$"):
        parse_choice("grey", options)
    with pytest.raises(OpeningChoiceError, match="'' is not a choice here"):
        parse_choice("  ", options)


def people(opening: Opening) -> Session:
    return Session(Rules.square(9, 4, opening=opening), PlayerLimits(2), Competitor("Ada"), Competitor("Bob"))


def place(session: Session, count: int, start: int = 0) -> None:
    for move in STONES[start : start + count]:
        session.play(move)


def test_a_swap_session_lets_the_first_place_three_and_the_second_take_white() -> None:
    session = people(Opening.SWAP)
    ada, bob = session.competitors
    for _ in range(3):
        assert (session.to_move, session.chooser) == (ada, None)
        place(session, 1, len(session.game.moves))
    assert session.game.board.configuration().count("X") == 2  # black, white, black
    assert (session.to_move, session.chooser, session.opening_options) == (None, bob, (WHITE, BLACK))
    with pytest.raises(OpeningChoiceError, match="Bob chooses a colour now: no stone can be placed"):
        session.play(Move(0, 0))
    session.choose(WHITE)
    assert (session.x, session.o, session.to_move, session.chooser) == (ada, bob, bob, None)
    assert session.game.to_move is Side.O


def test_a_swap_session_where_the_second_takes_black_gives_the_first_white_and_the_fourth_move() -> None:
    session = people(Opening.SWAP)
    ada, bob = session.competitors
    place(session, 3)
    session.choose(BLACK)
    assert (session.x, session.o, session.to_move) == (bob, ada, ada)
    session.play(Move(0, 0))
    assert session.to_move is bob


@pytest.mark.parametrize(
    ("choices", "black_index", "sixth_mover"),
    [((WHITE,), 0, 1), ((BLACK,), 1, 0), ((TWO_MORE, WHITE), 1, 0), ((TWO_MORE, BLACK), 0, 1)],
)
def test_a_swap2_session_follows_every_choice(
    choices: tuple[OpeningChoice, ...], black_index: int, sixth_mover: int
) -> None:
    session = people(Opening.SWAP2)
    ada, bob = session.competitors
    place(session, 3)
    assert (session.chooser, session.opening_options) == (bob, (WHITE, BLACK, TWO_MORE))
    session.choose(choices[0])
    if choices[0] is TWO_MORE:
        assert (session.to_move, session.chooser) == (bob, None)
        place(session, 2, 3)
        assert (session.to_move, session.chooser, session.opening_options) == (None, ada, (WHITE, BLACK))
        session.choose(choices[1])
        assert session.game.to_move is Side.O  # white plays move 6
    assert session.x is session.competitors[black_index]
    assert session.o is session.competitors[1 - black_index]
    assert session.to_move is session.competitors[sixth_mover]


def test_undo_never_takes_back_the_opening_stones_and_the_winner_counts_after_the_choice() -> None:
    session = people(Opening.SWAP)
    place(session, 3)
    session.choose(BLACK)  # Bob is black
    assert session.undo() == []
    session.play(Move(0, 0))
    assert session.undo() == [Move(0, 0)]
    assert session.undo() == []
    assert len(session.game.moves) == 3
    for move in (Move(0, 0), Move(5, 3), Move(0, 1), Move(6, 3)):  # black d4 d5 d6 d7
        session.play(move)
    assert session.game.result is Winner.X
    assert session.tally == (0, 1, 0)


def test_the_next_game_swaps_who_places_first_when_asked() -> None:
    session = people(Opening.SWAP)
    ada, bob = session.competitors
    place(session, 3)
    session.choose(BLACK)
    session.new_game(swap_sides=True)
    assert (session.to_move, session.x, session.opening_play) == (bob, bob, OpeningPlay(Opening.SWAP))
    session.new_game()
    assert session.to_move is bob  # the same sides as the game before
    session.new_game(swap_sides=True)
    assert session.to_move is ada


def test_a_swap_session_refuses_opening_moves_and_a_set_up_start() -> None:
    with pytest.raises(ValueError, match="a swap opening is placed on the empty board"):
        Session(
            Rules.square(9, 4, opening=Opening.SWAP),
            PlayerLimits(2),
            Competitor("Ada"),
            Competitor("Bob"),
            opening=[Move(0, 0)],
        )


def test_a_swap2_game_is_saved_with_its_choices_and_resumed_with_the_colours_they_left(tmp_path: Path) -> None:
    session = people(Opening.SWAP2)
    place(session, 3)
    session.choose(TWO_MORE)
    place(session, 2, 3)
    session.choose(WHITE)  # Ada, the first, takes white: Bob is black
    session.play(Move(0, 0))
    record = session.record()
    assert (record.x.name, record.o.name, record.opening_choices) == ("Bob", "Ada", (TWO_MORE, WHITE))
    assert record.opening_text() == (
        "swap2: Ada placed 3 stones; Bob chose two more and placed 2 stones; Ada chose white"
    )
    with History(tmp_path / "games.sqlite") as history:
        game_id = session.save(history)
        kept = history.get(game_id)
    assert kept == dataclasses.replace(record, ended=kept.ended)  # saved a moment later
    assert kept.rules.opening is Opening.SWAP2
    resumed = Session.resume(kept, game_id)
    assert (resumed.x.name, resumed.o.name, resumed.to_move.name if resumed.to_move else None) == ("Bob", "Ada", "Bob")
    assert resumed.role(Role.FIRST).name == "Ada"
    assert resumed.undo() == [Move(0, 0)]
    assert resumed.undo() == []  # the opening's five stones stay


def test_a_record_refuses_choices_that_cannot_be_made() -> None:
    record = people(Opening.SWAP).record()
    with pytest.raises(RecordError, match="the opening choices two more cannot be made: 'two more' is not a choice"):
        dataclasses.replace(record, opening_choices=(TWO_MORE,))
    with pytest.raises(RecordError, match="a game under the free opening makes no opening choices"):
        dataclasses.replace(record, rules=Rules.square(9, 4), opening_choices=(WHITE,))


def test_a_swap_game_in_sgf_names_the_players_after_the_choice_says_the_choices_and_reads_back() -> None:
    session = people(Opening.SWAP)
    place(session, 3)
    session.choose(BLACK)  # Bob takes black
    session.play(Move(0, 0))
    record = session.record()
    text = to_sgf([record])
    assert "RU[" not in text
    assert "OR[swap]OC[black]" in text
    assert "PB[Bob]BK[human]PW[Ada]WK[human]" in text
    assert "C[swap: Ada placed 3 stones; Bob chose black]" in text
    (read,) = parse_sgf(text)
    assert read == record
    assert read.opening_role(Role.FIRST).name == "Ada"


def test_sgf_refuses_an_opening_choice_there_is_not() -> None:
    text = "(;FF[4]GM[4]SZ[9]KL[4]OR[swap]OC[grey];B[dd];W[ee];B[dc])"
    with pytest.raises(SgfError, match=r"OC\[grey\] holds a choice other than white, black and two more"):
        parse_sgf(text)
