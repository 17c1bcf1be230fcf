"""Tests of tictactoe.game.psq and tictactoe.game.game_files: Piskvork's and the Gomocup's PSQ files read as games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from configurations import Winner
from configurations.rules import Rules, Variant
from tests.records import sample_record
from tictactoe.game.game_files import GameFileError, read_game_file
from tictactoe.game.psq import PsqError, is_psq, parse_psq, to_psq
from tictactoe.game.record import Competitor, GameRecord
from tictactoe.game.sgf import to_sgf

# A Gomocup tournament's file, as its manager writes it: CRLF, the programs' paths, the end code.
GOMOCUP = (
    b"Piskvorky 20x20, 11:11, 0\r\n"
    b"10,10,0\r\n10,11,0\r\n11,10,0\r\n"  # the opening, played by the manager
    b"11,11,1250\r\n12,10,984\r\n12,11,2011\r\n"
    b"13,10,1500\r\n9,9,870\r\n14,10,1200\r\n"
    b"C:\\gomocup\\pbrain-embryo.exe\r\nC:\\gomocup\\pbrain-yixin.exe\r\n-1\r\n"
)


def test_a_gomocup_game_is_read_with_its_programs_moves_times_and_result() -> None:
    [record] = parse_psq(GOMOCUP)
    assert (record.rules, record.max_levels) == (Rules.square(20, 5), 0)
    assert (record.x, record.o) == (Competitor("pbrain-embryo.exe", "engine"), Competitor("pbrain-yixin.exe", "engine"))
    assert [str(timed.move) for timed in record.moves] == ["j10", "j11", "k10", "k11", "l10", "l11", "m10", "i9", "n10"]
    assert [timed.seconds for timed in record.moves][:5] == [0.0, 0.0, 0.0, 1.25, 0.984]
    assert record.result == record.board_result == Winner.X  # j10 to n10
    assert (record.started, record.ended) == (None, None)


def test_the_second_named_player_moved_first_when_the_header_says_1() -> None:
    [record] = parse_psq(b"Piskvorky 15x15, 0:5, 1\n8,8,100\n9,9,200\nhomo-1\npbrain-five.exe\n0\n")
    assert (record.x, record.o) == (Competitor("pbrain-five.exe", "engine"), Competitor("White"))
    assert [str(timed.move) for timed in record.moves] == ["h8", "i9"]


def test_a_players_own_file_without_names_or_times_and_an_older_header() -> None:
    [record] = parse_psq(b"\xef\xbb\xbfPiskvorky 15x15\n8,8\n9,9\n")
    assert (record.x, record.o) == (Competitor("Black"), Competitor("White"))
    assert [timed.seconds for timed in record.moves] == [None, None]
    assert record.result is None
    assert "MT[" not in to_sgf([record])


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"Piskvork 20x20\n", "line 1: 'Piskvork 20x20' is not a PSQ header such as 'Piskvorky 20x20, 0:0, 0'"),
        (b"Piskvorky 20x15, 0:0, 0\n1,1,0\n", "line 1: a board of 20x15: only square boards can be read"),
        (b"Piskvorky 30x30, 0:0, 0\n1,1,0\n", "line 1: a board of 30x30: a board has 1 to 26 rows"),
        (b"Piskvorky 15x15, 0:0, 0\n1,1,0\n16,1,0\n", "line 3: '16,1,0' is off the 15x15 board"),
        (b"Piskvorky 15x15, 0:0, 0\n1,1,0\n1,1,0\n", "line 3: a1 is already taken"),
        (b"Piskvorky 15x15, 0:0, 0\n1,1,-5\n", "line 2: a move takes from 0 to 1e+09 seconds, got -0.005"),
        (
            b"Piskvorky 5x5, 0:0, 0\n1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n5,2,0\n",
            "line 11: e2 comes after the end of the game",
        ),
    ],
)
def test_a_file_that_is_no_game_is_one_line_naming_the_line(data: bytes, problem: str) -> None:
    with pytest.raises(PsqError, match=f"^{re.escape(problem)}$"):
        parse_psq(data)


def test_files_are_told_apart_by_how_they_start(tmp_path: Path) -> None:
    assert is_psq(b"  \nPiskvorky 20x20, 0:0, 0")
    assert not is_psq(b"(;GM[4]SZ[3])")
    psq, sgf, neither = tmp_path / "a.psq", tmp_path / "b.sgf", tmp_path / "c.txt"
    psq.write_bytes(GOMOCUP)
    sgf.write_text(to_sgf([sample_record()]), encoding="utf-8")
    neither.write_text("my notes\n")
    assert read_game_file(psq).records == parse_psq(GOMOCUP)
    assert read_game_file(sgf).records == [sample_record()]
    with pytest.raises(
        GameFileError, match=rf"^{re.escape(str(neither))}: byte 0: expected '\(' to start a game, found 'm'$"
    ):
        read_game_file(neither)
    with pytest.raises(GameFileError, match=f"^cannot read {re.escape(str(tmp_path))}: not a regular file$"):
        read_game_file(tmp_path)


def test_a_renju_game_whose_black_plays_a_forbidden_point_is_lost_by_black_there(tmp_path: Path) -> None:
    # Black i8 j8 h9 h10, then h8: two open threes at once.
    moves = b"9,8,0\n1,1,0\n10,8,0\n1,15,0\n8,9,0\n15,1,0\n8,10,0\n15,15,0\n8,8,0\n"
    psq = tmp_path / "foul.psq"
    psq.write_bytes(b"Piskvorky 15x15, 0:0, 0\n" + moves + b"-1\n")
    games = read_game_file(psq, rule=Variant.RENJU)
    [record] = games.records
    assert (len(record.moves), record.result, record.declared_result) == (8, Winner.O, "W+F")
    assert games.notes == (
        "game 1: move 9, h8 is forbidden for black: double three (h8-j8, h8-h10): black lost there, and the game"
        " ends before it",
    )
    assert read_game_file(psq).records[0].moves[-1].move.row == 7  # freestyle: h8 is a move like any


def test_a_game_written_as_psq_reads_back_with_its_moves_times_and_programs() -> None:
    [record] = parse_psq(GOMOCUP)
    text = to_psq(record)
    assert text.splitlines()[:3] == ["Piskvorky 20x20, 0:0, 0", "10,10,0", "10,11,0"]
    assert text.splitlines()[-3:] == ["pbrain-embryo.exe", "pbrain-yixin.exe", "-1"]
    assert parse_psq(text.encode()) == [record]


def test_a_person_is_written_as_piskvork_names_one_and_a_computer_player_by_its_name() -> None:
    record = sample_record("e5 a1 e6", size=9, length=5)  # Ada, a person, against the reference search
    assert to_psq(record) == "Piskvorky 9x9, 0:0, 0\n5,5,250\n1,1,1750\n5,6,3250\nhomo-1\nreference\n-1\n"
    [back] = parse_psq(to_psq(record).encode())
    assert (back.x, back.o) == (Competitor("Black"), Competitor("reference", "engine"))
    assert [timed.move for timed in back.moves] == [timed.move for timed in record.moves]


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        (
            sample_record(size=9, length=5, variant=Variant.RENJU),
            "PSQ holds no rule, so it cannot hold a game of renju: export it as SGF",
        ),
        (sample_record(), "PSQ holds five in a row only, not 3: export it as SGF"),
    ],
)
def test_a_game_psq_cannot_hold_is_refused_saying_what_it_lacks(record: GameRecord, problem: str) -> None:
    with pytest.raises(PsqError, match=f"^{re.escape(problem)}$"):
        to_psq(record)
