"""Tests of tictactoe.proofcheck.checker: certificates written by hand, the same ones tampered with, and any bytes
at all; none of it made by the solver."""

from __future__ import annotations

import gzip
import json
import time
import tracemalloc
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.proofcheck import CertificateError, Verdict, check_file, check_lines
from tictactoe.proofcheck.entries import EntryReader, leaf_of
from tictactoe.proofcheck.rules import Shape

if TYPE_CHECKING:
    from pathlib import Path


def header(shape: tuple[int, int, int], board: list[str], value: str, records: int) -> str:
    rows, cols, length = shape
    fields = {"format": "k-in-a-row proof", "version": 1, "rows": rows, "cols": cols, "length": length}
    return json.dumps({**fields, "board": board, "value": value, "records": records})


# 3x3: X plays the centre and pairs off O's four windows; O answers X's centre in a corner, and so on.
DRAW_3X3 = """\
X ......... move b2
X ....X.... pairs a1-b1 a2-a3 b3-c3 c1-c2
O ....X.... move a1
O ....X..XO move b1
O ...OXX.XO weight
O ..OOXX.X. move b1
O .OXXXO.XO weight
O ..OOXX..X move a1
O ...OXXX.O weight
O ..OOXXX.. weight
O ....XXO.. move a2
O ..OXXO..X move a1
O ..XXXOOXO weight
O ....X.O.X move a1
O ..O.XXX.O move a2
O ..OOXXX.O pairs b3-b1
O ..O.X.X.. move a1
O .......X. move b2
O ....OX.X. weight
O ...XOX... weight
O ....O..XX move a3
O ....O.OXX pairs c2-c1 b1-a1
O ....OXX.. weight
O ........X move b2
O ....O.X.X move b3
O ..XXOO..X weight
O ..X.O.X.. move b1
O ..XOOXX.. move c3
O ..XOOXX.O pairs a1-b1""".splitlines()

# 3 rows of 4, three in a row: X wins.
WIN_3X4 = """\
X ............ move b2
X .....OX..... move b1
X ...O.OX..X.. move c3
X ......X...O. move b2
X ......X..O.. move b2
X ......XO.... move d1
X ...X..XO.O.. move b1
X .....X.O.... move c2
X ....OXXO.... move b1
X ......X....O move b2
X ......X.O... move b2""".splitlines()


def draw_3x3(records: list[str] = DRAW_3X3, value: str = "draw", board: list[str] | None = None) -> list[str]:
    return [header((3, 3, 3), board or ["..."] * 3, value, len(records)), *records]


def replaced(records: list[str], old: str, new: str) -> list[str]:
    assert old in records
    return [new if record == old else record for record in records]


EMPTY_3X3 = ("...", "...", "...")
DRAW_3X3_VERDICT = Verdict("draw", 29, 3, 3, 3, EMPTY_3X3, "X")


def test_the_3x3_draw_is_valid_and_every_record_is_visited() -> None:
    assert check_lines(draw_3x3()) == DRAW_3X3_VERDICT


def test_the_3x4_win_is_valid_and_says_what_it_proves() -> None:
    verdict = check_lines([header((3, 4, 3), ["...."] * 3, "X wins", 11), *WIN_3X4])
    assert verdict == Verdict("X wins", 11, 3, 4, 3, ("....",) * 3, "X")


@pytest.mark.parametrize(
    ("lines", "value"),
    [
        ([header((2, 2, 2), ["..", ".."], "X wins", 1), "X .... move a1"], "X wins"),  # any first square
        ([header((1, 1, 1), ["."], "X wins", 0)], "X wins"),  # X completes a line at once
        ([header((1, 3, 3), ["..."], "draw", 3), "X ... move b1", "X .X. weight", "O ... weight"], "draw"),
        ([header((1, 3, 3), ["..."], "draw", 2), "X ... move b1 weight", "O ... weight"], "draw"),
        (
            [
                header((3, 3, 3), ["..."] * 3, "draw", 28),
                "X ......... move b2 pairs a1-b1 a2-a3 b3-c3 c1-c2",
                *DRAW_3X3[2:],
            ],
            "draw",
        ),
        ([header((2, 3, 3), ["XX.", "OO."], "X wins", 0)], "X wins"),  # X to move completes c1
    ],
)
def test_tiny_certificates_written_by_hand(lines: list[str], value: str) -> None:
    assert check_lines(lines).value == value


@pytest.mark.parametrize(
    ("lines", "reason"),
    [
        (draw_3x3(value="X wins"), "record 2: a pairs leaf shows only that O cannot win"),
        (draw_3x3(value="O wins"), "record 22: a pairs leaf shows only that X cannot win"),
        (
            draw_3x3([r for r in DRAW_3X3 if r != "O ....X..XO move b1"]),
            "no record of O's move in O../XX./...",
        ),
        (draw_3x3(replaced(DRAW_3X3, "X ......... move b2", "X ......... move b4")), "'b4' is not a square of"),
        (
            draw_3x3(replaced(DRAW_3X3, "O ....X.... move a1", "O ....X.... move b2")),
            "record 3: O's move b2 is on a square already taken",
        ),
        (
            draw_3x3(replaced(DRAW_3X3, DRAW_3X3[1], "X ....X.... pairs a1-b1 a2-a3 b3-c3")),
            "record 2: no pair lies in O's window c1-c3",
        ),
        (
            draw_3x3(replaced(DRAW_3X3, DRAW_3X3[1], "X ....X.... pairs a1-b1 a1-a3 b3-c3 c1-c2")),
            "record 2: the pair a1-a3 is not two empty squares of its own",
        ),
        (
            draw_3x3(replaced(DRAW_3X3, DRAW_3X3[1], "X ....X.... weight")),
            "record 2: O's windows weigh 1/2, not under 1/2",
        ),
        (
            draw_3x3(replaced(DRAW_3X3, DRAW_3X3[1], "X ....X.... move a1")),
            "record 2 gives X a move, but O is to move",
        ),
        (draw_3x3(board=["X..", "...", "..."]), "no record of X's move in X../.../..O"),
        (draw_3x3(board=["X..", "...", "..", "..."]), "the header's board is not 3 rows"),
        (draw_3x3(board=["X..", "...", "..Z"]), "the header's board is not 3 rows of 3 of X, O and ."),
        (draw_3x3(board=["XX.", "...", "..."]), "the header's board has tile counts no game reaches"),
        (draw_3x3(board=["XOX", "XOO", "OXX"]), "the header's board is a finished game: it is full"),
        ([header((2, 2, 2), ["XO", "X."], "X wins", 0)], "the header's board is a finished game: X has a line"),
        (
            [header((3, 3, 3), ["XXX", "OO.", "..O"], "X wins", 0)],
            "no game reaches the header's board: O moved after X completed a line",
        ),
        (
            [header((3, 3, 3), ["OOO", "XX.", "XX."], "O wins", 0)],
            "no game reaches the header's board: X moved after O completed a line",
        ),
        (
            [header((3, 5, 2), ["XX.XX", "O.O.O", "....."], "X wins", 0)],
            "no game reaches the header's board: X's lines have no square in common",
        ),
        ([header((3, 3, 3), ["XXX", "OOO", "..."], "X wins", 0)], "no game reaches the header's board: O moved after"),
        (
            ['{"format": "k-in-a-row proof", "version": 1, "rows": 3, "cols": 3, "length": 4, "length": 3}'],
            "the header names 'length' twice",
        ),
        ([header((3, 3, 3), ["..."] * 3, "draw", 30), *DRAW_3X3], "the file ends after 29 of the 30 records it counts"),
        ([header((3, 3, 3), ["..."] * 3, "draw", 28), *DRAW_3X3], "holds more than the 28 records its header counts"),
        (draw_3x3([*DRAW_3X3, "O XXXOO.... move c2"]), "record 30 is no part of the proof"),
        # A leaf is checked as its record is read, whether the walk reaches it or not.
        (draw_3x3([*DRAW_3X3, "O XXXOOOXXO weight"]), "record 30: X's windows weigh 1, not under 1"),
        (draw_3x3([*DRAW_3X3, DRAW_3X3[3]]), "record 30 repeats record 4"),
        ([header((4, 4, 3), ["...."] * 4, "draw", 29), *DRAW_3X3], "record 1: its board is not one of 4x4 squares"),
        (draw_3x3(replaced(DRAW_3X3, DRAW_3X3[0], "X ......... move")), "record 1: a move names one square"),
        (draw_3x3(replaced(DRAW_3X3, DRAW_3X3[0], "X ......... move pairs")), "record 1: a move names one square"),
        (
            [header((3, 3, 3), ["..."] * 3, "draw", 28), "X ......... move b2 pairs a1-b1 a2-a3 b3-c3", *DRAW_3X3[2:]],
            "record 1: no pair lies in O's window c1-c3",
        ),
        (
            [header((3, 3, 3), ["..."] * 3, "draw", 28), "X ......... move b2 weight", *DRAW_3X3[2:]],
            "record 1: O's windows weigh 1/2, not under 1/2",
        ),
        (draw_3x3(replaced(DRAW_3X3, DRAW_3X3[0], "X .........")), "record 1 is not PROVER BOARD ENTRY"),
        (draw_3x3(replaced(DRAW_3X3, DRAW_3X3[1], "X ....X.... pair a1-b1")), "'pair a1-b1' is no entry"),
        ([header((2, 2, 2), ["..", ".."], "X wins", 1), "X .... move a1"][:1], "the file ends after 0 of the 1"),
        ([], "the first line is not the header of a k-in-a-row proof"),
        (['{"format": "k-in-a-row proof", "version": 2}'], "version 2 is not one this checker reads"),
        (["[" * 1000 + "]" * 1000], "the header nests its values deeper than a header does"),
        (['{"board": ' + "[" * 8000 + "]" * 8000 + "}"], "the header nests its values deeper than a header does"),
        ([header((27, 3, 3), [], "draw", 0)], "the header's rows is 27"),
        ([header((3, 3, 4), ["..."] * 3, "draw", 0)], "the header's length is 4"),
        ([header((3, 3, 3), ["..."] * 3, "X lost", 0)], "the header's value is 'X lost'"),
        ([header((1, 1, 1), ["."], "draw", 0)], "X completes a line, to move in ."),
    ],
)
def test_a_certificate_tampered_with_is_refused_with_its_reason(lines: list[str], reason: str) -> None:
    with pytest.raises(CertificateError) as refusal:
        check_lines(lines)
    assert reason in str(refusal.value)


def test_a_win_that_ends_in_a_draw_is_refused() -> None:
    # One row of two, two to win: X's a1 leaves O the last square.
    with pytest.raises(CertificateError, match=r"O's b1 in X\. ends the game in a draw"):
        check_lines([header((1, 2, 2), [".."], "X wins", 1), "X .. move a1"])
    # One row of three, three to win: O answers b1 in a corner, and X's last square fills the board.
    with pytest.raises(CertificateError, match="record 2: the game ends in a draw, and X must win"):
        check_lines([header((1, 3, 3), ["..."], "X wins", 2), "X ... move b1", "X .XO move a1"])


def test_gzip_and_plain_files_read_alike(tmp_path: Path) -> None:
    text = "\n".join(draw_3x3()) + "\n"
    (tmp_path / "plain.txt").write_text(text, encoding="ascii")
    (tmp_path / "packed.gz").write_bytes(gzip.compress(text.encode("ascii")))
    assert check_file(tmp_path / "plain.txt") == check_file(tmp_path / "packed.gz") == DRAW_3X3_VERDICT
    (tmp_path / "cut.gz").write_bytes(gzip.compress(text.encode("ascii"))[:-30])
    with pytest.raises(CertificateError, match="the compressed file is cut short or damaged"):
        check_file(tmp_path / "cut.gz")
    with pytest.raises(CertificateError, match=r"cannot read .*missing"):
        check_file(tmp_path / "missing")
    (tmp_path / "latin.txt").write_bytes(text.encode("ascii") + b"\xe9\n")
    with pytest.raises(CertificateError, match="not text"):
        check_file(tmp_path / "latin.txt")


FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None)
EXAMPLE = ("\n".join(draw_3x3()) + "\n").encode("ascii")


def check_within_limits(tmp_path: Path, data: bytes) -> Verdict | CertificateError:
    """Check ``data`` as a file: a verdict or one refusal, within a second and a bounded amount of memory."""
    path = tmp_path / "fuzzed"
    path.write_bytes(data)
    tracemalloc.start()
    started = time.process_time()
    try:
        outcome: Verdict | CertificateError = check_file(path)
    except CertificateError as refusal:
        outcome = refusal
    finally:
        seconds = time.process_time() - started
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert seconds < 1.0
    assert peak <= 2_000_000 + 200 * len(data)
    return outcome


@FUZZ
@given(st.binary(max_size=2000))
def test_any_bytes_are_a_valid_certificate_or_one_refusal(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    check_within_limits(tmp_path_factory.mktemp("fuzz"), data)


@pytest.mark.slow
@FUZZ
@given(st.integers(0, len(EXAMPLE)), st.integers(0, 40), st.binary(max_size=40))
def test_a_real_certificate_cut_or_spliced_anywhere_is_valid_or_refused(
    tmp_path_factory: pytest.TempPathFactory, start: int, cut: int, inserted: bytes
) -> None:
    outcome = check_within_limits(tmp_path_factory.mktemp("fuzz"), EXAMPLE[:start] + inserted + EXAMPLE[start + cut :])
    if not inserted and not cut:
        assert outcome == DRAW_3X3_VERDICT


@pytest.mark.slow
@settings(FUZZ, max_examples=50)
@given(st.integers(0, 2000), st.integers(1, 26), st.integers(1, 26))
def test_a_header_that_asks_for_much_costs_little(
    tmp_path_factory: pytest.TempPathFactory, records: int, rows: int, cols: int
) -> None:
    lines = [header((rows, cols, max(rows, cols)), ["." * cols] * rows, "X wins", records * 10**9)]
    check_within_limits(tmp_path_factory.mktemp("fuzz"), "\n".join(lines).encode("ascii"))


def ruled(lines: list[str], rule: str) -> list[str]:
    """``lines`` with the header naming ``rule``."""
    return [json.dumps({**json.loads(lines[0]), "rule": rule}), *lines[1:]]


def test_a_header_without_a_rule_is_freestyle_s_and_one_can_be_asked_for() -> None:
    assert check_lines(draw_3x3()).rule == "freestyle"
    assert check_lines(ruled(draw_3x3(), "freestyle"), rule="freestyle") == DRAW_3X3_VERDICT
    with pytest.raises(
        CertificateError, match=r"^the certificate proves its value under freestyle, not under standard$"
    ):
        check_lines(draw_3x3(), rule="standard")


def test_tic_tac_toe_s_draw_holds_under_standard_too() -> None:
    # On 3x3 no line can be longer than three: the same strategies, the same leaves.
    verdict = check_lines(ruled(draw_3x3(), "standard"), rule="standard")
    assert (verdict.value, verdict.records, verdict.rule) == ("draw", 29, "standard")


def test_under_standard_a_four_is_no_win() -> None:
    board = ["XX.X...", "OO..O.."]  # three in a row, X to move: c1 makes four, a win under freestyle only
    assert check_lines([header((2, 7, 3), board, "X wins", 0)]).value == "X wins"
    with pytest.raises(CertificateError, match=r"^no record of X's move in XX\.X\.\.\./OO\.\.O\.\.$"):
        check_lines(ruled([header((2, 7, 3), board, "X wins", 0)], "standard"))


def test_under_standard_a_leaf_need_not_stop_a_window_with_the_maker_s_tile_at_an_end() -> None:
    board = "XXXX..."  # 1x7, three in a row: every window of X's is in a longer run, or has an X just beyond it
    standard = EntryReader(Shape(1, 7, 3, rule="standard"))
    assert [leaf_of(standard.code(1, "O", board, leaf)) for leaf in ("pairs", "weight")] == ["pairs", "weight"]
    with pytest.raises(CertificateError, match=r"^record 1: no pair lies in X's window a1-c1$"):
        EntryReader(Shape(1, 7, 3)).code(1, "O", board, "pairs")
    with pytest.raises(CertificateError, match=r"^record 1: X's windows weigh 23/8, not under 1$"):
        EntryReader(Shape(1, 7, 3)).code(1, "O", board, "weight")
