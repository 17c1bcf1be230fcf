"""Tests of tictactoe.game.sgf: records written as SGF, read back identical, and every refusal."""

from __future__ import annotations

import re
import textwrap
import time
import tracemalloc
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Side, Winner
from configurations.moves import Move
from configurations.rules import Rules, Variant
from tests.records import ADA, imported_records, records, sample_record
from tictactoe.game.history import History
from tictactoe.game.record import Competitor, GameRecord, StartingPosition, TimedMove
from tictactoe.game.review.search import review_game
from tictactoe.game.sgf import SgfError, parse_sgf, read_sgf, to_sgf

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None)
# The head of a game on a 3x3 board, before its moves; each case below adds to it or changes it.
HEAD = "(;FF[4]GM[4]SZ[3]KL[3]DT[2024-05-01]"
X_WINS = ";B[aa];W[ab];B[ba];W[bb];B[ca])"


def test_a_record_is_written_with_the_standard_and_the_private_properties() -> None:
    assert to_sgf([sample_record()]) == textwrap.dedent(
        """\
        (;FF[4]GM[4]CA[UTF-8]SZ[3]KL[3]ML[9]TH[2.5]
        PB[ada]BK[human]PW[reference]WK[reference]
        DT[2024-05-01]DS[2024-05-01T12:30:15.250000+00:00]DE[2024-05-01T12:32:15.250000+00:00]RE[0]
        ;B[bb]MT[0.25];W[aa]MT[1.75];B[ca]MT[3.25];W[ac]MT[4.75];B[ab]MT[6.25];W[cb]MT[7.75];B[ba]MT[9.25];W[bc]MT[10.75]
        ;B[cc]MT[12.25])
        """
    )


def test_results_and_a_missing_think_time_are_written_as_sgf_says() -> None:
    x_wins, o_wins = sample_record("a1 a2 b1 b2 c1"), sample_record("a1 a2 b1 b2 c3 c2")
    assert "RE[B+]" in to_sgf([x_wins])
    assert "RE[W+]" in to_sgf([o_wins])
    start = x_wins.started
    record = GameRecord(
        Competitor("rules", "rules"), ADA, Rules.square(1, 1), 0, None, start, start, (TimedMove(Move(0, 0), 0),)
    )
    assert "TH[" not in to_sgf([record])


@pytest.mark.slow
@SETTINGS
@given(record=records())
def test_any_record_reads_back_identical(record: GameRecord) -> None:
    assert parse_sgf(to_sgf([record])) == [record]


@pytest.mark.slow
@SETTINGS
@given(record=imported_records())
def test_any_game_of_another_program_reads_back_identical(record: GameRecord) -> None:
    assert parse_sgf(to_sgf([record])) == [record]


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(record=imported_records(max_size=5))
def test_import_export_import_keeps_every_property_the_history_holds(
    record: GameRecord, tmp_path_factory: pytest.TempPathFactory
) -> None:
    (imported,) = parse_sgf(to_sgf([record]))
    with History(tmp_path_factory.mktemp("history") / "games.sqlite3") as history:
        game_id = history.save(imported)
        stored = history.get(game_id)
    (again,) = parse_sgf(to_sgf([stored]))
    assert imported == stored == again == record


def test_a_game_from_a_position_set_up_is_written_with_ab_aw_and_pl() -> None:
    start = StartingPosition(frozenset({Move(1, 1), Move(0, 0)}), frozenset({Move(0, 1)}), Side.O)
    record = GameRecord(ADA, ADA, Rules.square(3, 3), 0, None, None, None, (TimedMove(Move(2, 2), None),), start, "W+R")
    assert to_sgf([record]) == (
        "(;FF[4]GM[4]CA[UTF-8]SZ[3]KL[3]ML[0]\nPB[ada]BK[human]PW[ada]WK[human]\nRE[W+R]\nAB[aa][bb]AW[ba]PL[W]\n;W[cc])\n"
    )
    assert parse_sgf(to_sgf([record])) == [record]


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(games=st.lists(records(max_size=4), min_size=1, max_size=4))
def test_a_collection_reads_back_in_order(games: list[GameRecord]) -> None:
    assert parse_sgf(to_sgf(games).encode("utf-8")) == games


def test_a_26x26_game_reads_back_identical() -> None:
    squares = " ".join(
        f"{column}{row}" for column, row in [("a", 1), ("a", 2), ("b", 1), ("b", 2), ("z", 26), ("z", 25)]
    )
    record = sample_record(squares + " c1", size=26, length=3)
    assert ";B[zz]" in to_sgf([record])
    assert parse_sgf(to_sgf([record])) == [record]


def test_brackets_and_backslashes_in_names_are_escaped() -> None:
    record = sample_record(x=Competitor("a]b\\c", "human"), o=Competitor("[x]\\", "weights"))
    text = to_sgf([record])
    assert "PB[a\\]b\\\\c]" in text
    assert "PW[[x\\]\\\\]" in text
    assert parse_sgf(text) == [record]


def test_a_game_from_another_program_takes_the_documented_defaults() -> None:
    text = (
        "(;GM[4]FF[4]SZ[15]DT[2023-07-14,15]GN[five]\r\n"
        "PB[Black\\\n player]PlayerWhite[Sam\tSmith]AP[Other:1.0]C[a comment]\n"
        ";B[hh]C[centre];W[aa];B[hi];W[ab];B[hj];W[ac];B[hk];W[ad];B[hl])\n"
    )
    [record] = parse_sgf(text)
    midnight = datetime(2023, 7, 14, tzinfo=UTC)
    assert (record.x, record.o) == (Competitor("Black player", "human"), Competitor("Sam Smith", "human"))
    assert (record.rules, record.max_levels, record.think) == (Rules.square(15, 5), 0, None)
    assert (record.started, record.ended, record.result) == (midnight, midnight, "X")
    assert record.moves[0].move == Move(7, 7)
    assert {timed.seconds for timed in record.moves} == {None}  # not known, and so not written back
    assert "MT[" not in to_sgf([record])


def refused(problem: str) -> pytest.RaisesExc[SgfError]:
    return pytest.raises(SgfError, match=f"^{re.escape(problem)}$")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        pytest.param(
            HEAD.replace("GM[4]", "GM[1]") + X_WINS,
            "game 1: GM[1] is not a k-in-a-row game: only GM[4] can be read",
            id="Go",
        ),
        pytest.param(
            HEAD.replace("GM[4]", "") + X_WINS,
            "game 1: no GM property: only k-in-a-row games, GM[4], can be read",
            id="no GM",
        ),
        pytest.param(
            HEAD.replace("GM[4]", "GM[1]RU[Japanese]") + X_WINS,
            "game 1: GM[1] is not a k-in-a-row game: only GM[4] can be read",
            id="Go with Go's rules",
        ),
        pytest.param(
            HEAD + "RU[Swap2]" + X_WINS,
            "game 1: RU[Swap2] is no rule of k-in-a-row this game knows: Freestyle, Standard, Renju, Caro or Gomoku",
            id="RU unknown",
        ),
        pytest.param(
            HEAD.replace("SZ[3]", "") + X_WINS, "game 1: no SZ property: the board size is needed", id="no SZ"
        ),
        pytest.param(
            HEAD.replace("SZ[3]", "SZ[27]") + X_WINS,
            "game 1: SZ[27]: a board has 1 to 26 rows, one for each letter of its columns",
            id="27",
        ),
        pytest.param(
            HEAD.replace("SZ[3]", "SZ[3:4]") + X_WINS, "game 1: SZ[3:4]: only square boards can be read", id="oblong"
        ),
        pytest.param(
            HEAD.replace("SZ[3]", "SZ[three]") + X_WINS, "game 1: SZ[three] is not a board size", id="SZ text"
        ),
        pytest.param(
            HEAD.replace("KL[3]", "KL[4]") + X_WINS,
            "game 1: the length to win must be between 1 and the size (3), got 4",
            id="KL",
        ),
        pytest.param(HEAD.replace("KL[3]", "KL[x]") + X_WINS, "game 1: KL[x] is not a number (byte 17)", id="KL text"),
        pytest.param(
            HEAD.replace("DT[2024-05-01]", "DT[May 1st]") + X_WINS,
            "game 1: DT[May 1st] is not a date such as 2024-05-01",
            id="DT not a date",
        ),
        pytest.param(
            HEAD + "DS[May 1st]" + X_WINS,
            "game 1: DS[May 1st] is not a time such as 2024-05-01T12:00:00+00:00",
            id="DS",
        ),
        pytest.param(
            HEAD + "DS[2024-05-01T12:00:00]" + X_WINS,
            "game 1: started must be a timezone-aware time, got 2024-05-01T12:00:00",
            id="naive",
        ),
        pytest.param(
            HEAD + "TH[0]" + X_WINS, "game 1: think is a number of seconds above 0, or None, got 0.0", id="TH"
        ),
        pytest.param(HEAD + ";B[dd]" + X_WINS[6:], "game 1, move 1: B[dd] is off the 3x3 board", id="off board"),
        pytest.param(HEAD + ";B[aa];W[aa])", "game 1, move 2: a1 is already taken", id="taken"),
        pytest.param(
            HEAD + X_WINS[:-1] + ";W[cb])", "game 1, move 6: c2 comes after the end of the game", id="after end"
        ),
        pytest.param(HEAD + ";B[aa];B[ab])", "game 1, move 2: B[ab] out of turn: W is to move", id="turn"),
        pytest.param(HEAD + "PL[B];W[aa])", "game 1, move 1: W[aa] out of turn: B is to move", id="white first"),
        pytest.param(HEAD + "PL[X];B[aa])", "game 1: PL[X] is not a colour: B or W", id="PL"),
        pytest.param(
            HEAD + "CA[Klingon]" + X_WINS, "game 1: CA[Klingon] is not a character set this program knows", id="CA"
        ),
        pytest.param(
            HEAD + "CA[base64]" + X_WINS, "game 1: CA[base64] is not a character set this program knows", id="CA codec"
        ),
        pytest.param(
            HEAD + "CA[utf\0-8]" + X_WINS,
            "game 1: CA[utf\\x00-8] is not a character set this program knows",
            id="CA NUL",
        ),
        pytest.param(HEAD + "AB[aa]AW[aa];W[bb])", "game 1: a1 is set up twice in one node", id="setup twice"),
        pytest.param(
            HEAD + "AB[aa][ba][ca];W[bb])",
            "game 1: the starting position is over already: X has a line",
            id="setup over",
        ),
        pytest.param(HEAD + "AB[ad]" + X_WINS, "game 1: AB[ad] is off the 3x3 board", id="setup off"),
        pytest.param(
            HEAD + ";B[aa];AW[bb];W[cc])",
            "game 1: AW: stones set up after a move: only a starting position can be read",
            id="setup late",
        ),
        pytest.param(HEAD + ";B[aa];W[])", "game 1, move 2: W[] is a pass: a move names a square", id="pass"),
        pytest.param(HEAD + ";B[aa];W[tt])", "game 1, move 2: W[tt] is a pass: a move names a square", id="tt"),
        pytest.param(
            HEAD + ";B[aA])", "game 1, move 1: B[aA] is not a square: two letters a to z, column then row", id="point"
        ),
        pytest.param(HEAD + ";B[aa]W[bb])", "game 1, move 1: B and W in one node", id="B and W"),
        pytest.param(
            HEAD + ";B[aa]MT[-1]" + X_WINS[6:],
            "game 1, move 1: a move takes from 0 to 1e+09 seconds, got -1.0",
            id="MT",
        ),
        pytest.param(HEAD + ";B[aa]MT[soon]" + X_WINS[6:], "game 1: MT[soon] is not a number (byte 42)", id="MT text"),
        pytest.param(
            HEAD + "RE[W+]" + X_WINS, "game 1: RE[W+] disagrees with the moves, which end in a win for B", id="RE"
        ),
        pytest.param(
            HEAD + "RE[Win]" + X_WINS,
            "game 1: RE[Win] is not a result: B+ or W+ (then R, T, F or a score), 0, Draw, Void or ?",
            id="RE not a result",
        ),
        pytest.param(
            HEAD + "RE[B+R];B[aa];W[ab];B[bb];W[ac];B[ba];W[ad])",
            "game 1, move 6: W[ad] is off the 3x3 board",
            id="after resignation",
        ),
        pytest.param(HEAD + "SZ[4]" + X_WINS, "byte 36: property SZ is given twice in one node", id="twice"),
        pytest.param(HEAD + "PB[a][b]" + X_WINS, "game 1: PB has 2 values, one expected (byte 36)", id="two values"),
        pytest.param(HEAD + ";B[aa](;W[ab]);B[ba])", "byte 50: a node after a variation", id="node after"),
        pytest.param("(;GM[4]SZ[3", "byte 11: the text ends inside the value that starts at byte 9", id="in value"),
        pytest.param(
            "(;GM[4]SZ[3] ;B[aa]", "byte 19: the text ends inside the game that starts at byte 0", id="in tree"
        ),
        pytest.param(
            "(;GM[4]SZ[3\\]", "byte 13: the text ends inside the value that starts at byte 9", id="escaped end"
        ),
        pytest.param("(;GM", "byte 4: property GM has no value", id="no value"),
        pytest.param("(;GM[4]SZ[3]%)", "byte 12: expected '(', ';' or ')', found '%'", id="junk"),
        pytest.param("()", "byte 1: an empty game tree", id="empty tree"),
        pytest.param("my notes", "byte 0: expected '(' to start a game, found 'm'", id="text"),
        pytest.param(" \n", "byte 0: no game: an SGF collection starts with '('", id="nothing"),
    ],
)
def test_each_problem_is_refused_saying_what_and_where(text: str, problem: str) -> None:
    with refused(problem):
        parse_sgf(text)


def test_text_is_read_in_the_charset_ca_names_else_utf8_else_latin1() -> None:
    ([named], [utf8], [latin1]) = (
        parse_sgf(HEAD.encode() + b"CA[cp1251]PB[\xc0\xed\xff]" + X_WINS.encode()),
        parse_sgf(HEAD.encode() + "PB[Zoë]".encode() + X_WINS.encode()),
        parse_sgf(HEAD.encode() + b"PB[Zo\xeb]" + X_WINS.encode()),
    )
    assert (named.x.name, utf8.x.name, latin1.x.name) == ("Аня", "Zoë", "Zoë")
    with refused("game 1: PB: the value is not UTF-8 text (byte 45)"):
        parse_sgf(HEAD.encode() + b"CA[UTF-8]PB[\xff]" + X_WINS.encode())


def test_a_byte_order_mark_is_skipped_and_names_empty_or_unprintable_take_the_defaults() -> None:
    [record] = parse_sgf(b"\xef\xbb\xbf" + HEAD.encode() + b"PB[]PW[\x01\x02]" + X_WINS.encode())
    assert (record.x.name, record.o.name) == ("Black", "White")


def test_variations_leave_the_main_line_and_are_counted() -> None:
    games = read_sgf(HEAD + ";B[aa](;W[ab];B[ba](;W[bb])(;W[cc]))(;W[bb]))")
    assert [str(timed.move) for timed in games.records[0].moves] == ["a1", "a2", "b1", "b2"]
    assert games.variations_left_out == 2


def test_a_bad_game_anywhere_in_a_collection_imports_nothing(tmp_path: Path) -> None:
    good = to_sgf([sample_record(), sample_record("a1 a2 b1 b2 c1")])
    with History(tmp_path / "history.sqlite3") as history:
        with refused("game 3, move 2: a1 is already taken"):
            history.save_all(parse_sgf(good + HEAD + ";B[aa];W[aa])"))
        assert history.count() == 0
        assert history.save_all(parse_sgf(good)) == [1, 2]


# Fuzzing: whatever bytes come, the reader gives games or one SgfError, in bounded time and memory.

FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None)
# Bytes SGF is made of, so that random text reaches past the first character more often than noise does.
SGF_ALPHABET = b"();[]\\:BWGMSZDTKLMRE+-0123456789abctz \n"
# A reader that holds its input and the games it made stays well inside this, per byte read.
BYTES_PER_BYTE = 400
EXAMPLE = to_sgf([sample_record(), sample_record("a1 b1 a2 b2 a3")]).encode("utf-8")


def read_within_limits(data: bytes) -> list[GameRecord] | SgfError:
    """``parse_sgf(data)``, checked to take at most a second and :data:`BYTES_PER_BYTE` bytes a byte of input."""
    tracemalloc.start()
    started = time.process_time()
    try:
        outcome: list[GameRecord] | SgfError = parse_sgf(data)
    except SgfError as refusal:
        outcome = refusal
    finally:
        seconds = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert seconds < 1.0
    assert peak <= 100_000 + BYTES_PER_BYTE * len(data)
    assert "\n" not in str(outcome) or not isinstance(outcome, SgfError)
    return outcome


@FUZZ
@given(st.binary(max_size=2000))
def test_any_bytes_read_as_games_or_one_error(data: bytes) -> None:
    read_within_limits(data)


@pytest.mark.slow
@FUZZ
@given(st.lists(st.sampled_from(list(SGF_ALPHABET)), max_size=400).map(bytes))
def test_any_text_of_sgf_s_own_characters_reads_as_games_or_one_error(data: bytes) -> None:
    read_within_limits(data)


@pytest.mark.slow
@FUZZ
@given(st.integers(0, len(EXAMPLE)), st.integers(0, 40), st.binary(max_size=40))
def test_a_real_file_cut_or_spliced_anywhere_reads_as_games_or_one_error(start: int, cut: int, inserted: bytes) -> None:
    outcome = read_within_limits(EXAMPLE[:start] + inserted + EXAMPLE[start + cut :])
    if not inserted and not cut:
        assert outcome == [sample_record(), sample_record("a1 b1 a2 b2 a3")]


def test_a_game_without_a_date_is_read_with_its_date_unknown() -> None:
    (record,) = parse_sgf(HEAD.replace("DT[2024-05-01]", "") + X_WINS)
    assert (record.started, record.ended, record.result) == (None, None, "X")
    assert "DT[" not in to_sgf([record])
    assert parse_sgf(to_sgf([record])) == [record]


def test_an_unfinished_game_is_read_as_unfinished_and_written_without_a_result() -> None:
    (record,) = parse_sgf(HEAD + ";B[aa];W[ab];B[ba])")
    assert (record.result, [str(timed.move) for timed in record.moves]) == (None, ["a1", "a2", "b1"])
    assert "RE[" not in to_sgf([record])
    assert parse_sgf(to_sgf([record])) == [record]
    (resigned,) = parse_sgf(HEAD + "RE[W+R];B[aa];W[ab];B[ba])")  # a resignation: the moves do not end the game
    assert (resigned.result, resigned.board_result, resigned.declared_result) == ("O", None, "W+R")
    assert "RE[W+R]" in to_sgf([resigned])


def test_an_undated_unfinished_game_has_no_empty_line() -> None:
    record = replace(sample_record("b2 a1"), started=None, ended=None)
    assert to_sgf([record]).splitlines() == [
        "(;FF[4]GM[4]CA[UTF-8]SZ[3]KL[3]ML[9]TH[2.5]",
        "PB[ada]BK[human]PW[reference]WK[reference]",
        ";B[bb]MT[0.25];W[aa]MT[1.75])",
    ]


def test_reviewed_games_carry_comments_and_read_back_as_the_games() -> None:
    proved = sample_record("a1 a2 b1 b2 c3")
    estimated = sample_record("h8 a1 i8 a2 j8 a3 k8", size=15, length=5)
    reviews = [review_game(proved, 5.0), None, review_game(estimated, 0.002)]
    text = to_sgf([proved, sample_record(), estimated], reviews)
    assert text.count("C[") == (1 + 5) + (1 + 7)
    assert "C[X wins before, O wins after; c3?? threw away a win, c1 kept it])" in text
    assert re.search(r";B\[hh\]MT\[0\.25\]C\[~[^]]+ before, ~[^]]+ after\]", text)
    assert parse_sgf(text) == [proved, sample_record(), estimated]
    with pytest.raises(ValueError, match=r"^3 games were given with 2 reviews$"):
        to_sgf([proved, proved, proved], reviews[:2])


#: Black's six on 9x9, f1 last: a win in freestyle and caro, none in standard (the game goes on).
OVERLINE = "c1 c9 d1 d9 e1 e9 g1 f9 h1 a5 f1"


@pytest.mark.parametrize(
    ("variant", "written"), [(Variant.STANDARD, "RU[Standard]"), (Variant.CARO, "RU[Caro]")], ids=str
)
def test_a_game_of_another_rule_is_written_with_its_ru_and_read_back_as_it(variant: Variant, written: str) -> None:
    record = sample_record(OVERLINE, size=9, length=5, variant=variant)
    text = to_sgf([record])
    assert text.startswith(f"(;FF[4]GM[4]CA[UTF-8]SZ[9]KL[5]{written}ML[9]")
    (back,) = parse_sgf(text)
    assert back == record
    assert "RU[" not in to_sgf([sample_record()])  # freestyle: the game SGF's gomoku is when nothing says


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("GM[4]RU[renju]", Variant.RENJU),
        ("GM[4]RU[Gomoku]", Variant.FREESTYLE),
        ("GM[4]RU[FREESTYLE]", Variant.FREESTYLE),
        ("GM[4]", Variant.FREESTYLE),
        ("GM[1]RU[Renju]", Variant.RENJU),  # KataGomo's gomoku on a Go board
        ("GM[1]RU[standard]", Variant.STANDARD),
        ("GM[1]RU[caro]", Variant.CARO),
    ],
)
def test_ru_names_the_rule_in_any_case_and_go_s_gm_with_a_gomoku_rule_is_read_as_that_game(
    game: str, variant: Variant
) -> None:
    (record,) = parse_sgf(f"(;FF[4]{game}SZ[15];B[hh];W[ih];B[hi])")
    assert record.rules == Rules.square(15, 5, variant=variant)
    assert [str(timed.move) for timed in record.moves] == ["h8", "i8", "h9"]


def test_a_renju_record_whose_black_plays_a_forbidden_point_is_a_game_black_lost_there() -> None:
    points = ["ha", "ai", "ia", "bi", "ja", "ci", "la", "di", "ma", "ea", "ka", "fi"]  # black h1 i1 j1 l1 m1, k1
    moves = "".join(f";{'BW'[ply % 2]}[{point}]" for ply, point in enumerate(points))
    games = read_sgf(f"(;FF[4]GM[4]RU[Renju]SZ[15]RE[B+]{moves})")
    (record,) = games.records
    assert [str(timed.move) for timed in record.moves][-2:] == ["m1", "e1"]  # up to k1, black's overline
    assert (record.board_result, record.result, record.declared_result) == (None, Winner.O, "W+F")
    assert games.notes == (
        "game 1: move 11, k1 is forbidden for black: overline (h1-m1): black lost there, and the game ends before"
        " it; the 1 move after it left out (its RE[B+] is not kept)",
    )
    assert to_sgf([record]).endswith(";B[ma];W[ea])\n")
    assert "RE[W+F]" in to_sgf([record])


def test_the_same_record_under_freestyle_is_black_s_win_by_six() -> None:
    points = ["ha", "ai", "ia", "bi", "ja", "ci", "la", "di", "ma", "ea", "ka"]
    moves = "".join(f";{'BW'[ply % 2]}[{point}]" for ply, point in enumerate(points))
    games = read_sgf(f"(;FF[4]GM[4]SZ[15]{moves})")
    assert (games.records[0].result, games.notes) == (Winner.X, ())


@pytest.mark.parametrize("marks", ["5A[hh]", "SW[]", "5A[ii][jj]SW[1]"])
def test_renjunet_s_opening_properties_are_read_and_suggest_renju_in_a_note(marks: str) -> None:
    games = read_sgf(f"(;FF[4]GM[4]SZ[15]{marks};B[hh];W[ih])")
    assert games.records[0].rules.variant is Variant.FREESTYLE
    shown = "/".join(sorted({mark[:2] for mark in ("5A", "SW") if mark in marks}))
    assert games.notes == (
        f"game 1: no RU, but its {shown} (RenjuNet's renju openings) suggest renju: read as freestyle;"
        " --rule renju reads it as renju",
    )
    assert read_sgf(f"(;FF[4]GM[4]SZ[15]{marks};B[hh];W[ih])", rule=Variant.RENJU).notes == ()
    assert read_sgf(f"(;FF[4]GM[4]RU[Renju]SZ[15]{marks};B[hh];W[ih])").notes == ()


def test_a_game_of_another_kind_in_a_collection_is_skipped_with_a_note_and_the_rest_read() -> None:
    go, gomoku = "(;FF[4]GM[1]SZ[19];B[pd];W[dp])", "(;FF[4]GM[4]SZ[15];B[hh];W[ih])"
    games = read_sgf(go + gomoku + go.replace("GM[1]", "GM[2]"))
    assert [[str(timed.move) for timed in record.moves] for record in games.records] == [["h8", "i8"]]
    assert games.notes == (
        "game 1: GM[1] is not a k-in-a-row game: only GM[4] can be read: skipped",
        "game 3: GM[2] is not a k-in-a-row game: only GM[4] can be read: skipped",
    )
    with refused("game 1: GM[1] is not a k-in-a-row game: only GM[4] can be read"):
        read_sgf(go + go)


RENJUNET_ROOT = (
    "GN[Final]EV[World Ch. 2024]PC[Tallinn]BR[5d]WR[3d]TM[1800]OT[byo-yomi]5A[hh][ii]SW[]C[A fine game\\] indeed]"
)


def test_other_programs_game_information_is_kept_and_written_back_as_it_was() -> None:
    (record,) = parse_sgf(f"(;GM[4]FF[4]SZ[15]RU[Renju]{RENJUNET_ROOT};B[hh];W[ih])")
    assert record.properties == (
        ("C", ("A fine game] indeed",)),
        ("GN", ("Final",)),
        ("EV", ("World Ch. 2024",)),
        ("PC", ("Tallinn",)),
        ("BR", ("5d",)),
        ("WR", ("3d",)),
        ("TM", ("1800",)),
        ("OT", ("byo-yomi",)),
        ("5A", ("hh", "ii")),
        ("SW", ("",)),
    )
    text = to_sgf([record])
    assert "GN[Final]EV[World Ch. 2024]PC[Tallinn]BR[5d]WR[3d]TM[1800]OT[byo-yomi]5A[hh][ii]SW[]\n" in text
    assert "C[A fine game\\] indeed]\n" in text
    assert parse_sgf(text) == [record]


def test_a_root_comment_beside_a_swap_opening_s_own_line_reads_back_as_it_was() -> None:
    moves = ";B[hh];W[ih];B[hi];W[ii]"
    (record,) = parse_sgf(f"(;GM[4]FF[4]SZ[15]OR[swap]OC[white]PB[Ada]PW[Bob]C[Played online]{moves})")
    assert record.properties == (("C", ("Played online",)),)
    text = to_sgf([record])
    assert "C[Played online\nswap: " in text  # the person's comment, then the opening in words
    assert parse_sgf(text) == [record]  # the opening's line is not read into the comment


def test_each_move_s_comment_is_kept_in_the_history_and_written_back_beside_a_review(tmp_path: Path) -> None:
    moves = ";B[aa]C[Opening\\] as planned];W[ab];B[ba]C[threatens c1\nand c3];W[bb];B[ca]"
    (record,) = parse_sgf(f"{HEAD}PB[Ada]PW[Bob]{moves})")
    comments = [timed.comment for timed in record.moves]
    assert comments == ["Opening] as planned", None, "threatens c1\nand c3", None, None]
    with History(tmp_path / "games.sqlite3") as history:
        stored = history.get(history.save(record))
    assert stored.moves == record.moves
    text = to_sgf([stored])
    assert ";B[aa]C[Opening\\] as planned];W[ab];B[ba]C[threatens c1\nand c3];W[bb];B[ca])" in text
    assert parse_sgf(text) == [record]
    reviewed = to_sgf([stored], [review_game(stored, 5.0)])
    assert ";B[ba]C[threatens c1\nand c3\nX wins before, X wins after]" in reviewed
    assert ";W[bb]C[X wins before, X wins after]" in reviewed  # no comment of its own: the review's alone
    assert parse_sgf(reviewed) == [record]  # the review's lines are not read into the moves' comments
