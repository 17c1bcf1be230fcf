"""SGF as other programs write it: a corpus of files, one feature each, read with every result and setup kept.

The files in ``sgf_corpus/`` were written by hand in the styles of other
gomoku programs and sites: a byte-order mark and CRLF, charsets named by
``CA`` (Latin-1, GB2312) or by no one, empty and missing names, every
``RE`` of the standard, stones set up with ``AB``/``AW``/``AE`` and
``PL``, variations, FF[3]'s long property names, markup.  Each is read,
stored in a real history, read back and written out again: nothing the
history holds is lost on the way.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.game.history import History
from tictactoe.game.sgf import read_sgf, to_sgf

CORPUS = Path(__file__).parent / "sgf_corpus"
FIVE = "h8 i8 h9 i9 h10 i10 h11 i11 h12"
OPEN = "h8 i8 h9 i9 h10 i10"
# Each file's games: Black's and White's names, the result (None: unfinished), the RE kept (None: none beyond the
# moves), the starting position, the moves; and the variations left out of the file.
EXPECTED: dict[str, tuple[list[tuple[str, str, str | None, str | None, str, str]], int]] = {
    "bom-utf8.sgf": ([("Łukasz", "Åsa", "X", None, "X to move", FIVE)], 0),
    "latin1-ca.sgf": ([("José Müller", "Françoise", "O", "W+R", "X to move", "h8 i8 h9 i9")], 0),
    "latin1-no-ca.sgf": ([("Søren", "Zoë", None, None, "X to move", "h8 i8 g7")], 0),
    "gb2312.sgf": ([("王小明", "李华", "O", "W+T", "X to move", "h8 i8 h9")], 0),
    "empty-names.sgf": ([("Black", "White", "X", None, "X to move", FIVE)], 0),
    "no-names.sgf": ([("Black", "White", "X", None, "X to move", FIVE)], 0),
    "re-b-resign.sgf": ([("Ann", "Ben", "X", "B+R", "X to move", OPEN + " h11")], 0),
    "re-w-resign-word.sgf": ([("Ann", "Ben", "O", "W+Resign", "X to move", OPEN)], 0),
    "re-w-time.sgf": ([("Ann", "Ben", "O", "W+T", "X to move", OPEN)], 0),
    "re-b-time-word.sgf": ([("Ann", "Ben", "X", "B+Time", "X to move", OPEN + " h11")], 0),
    "re-b-forfeit.sgf": ([("Ann", "Ben", "X", "B+F", "X to move", "h8")], 0),
    "re-draw-zero.sgf": ([("Ann", "Ben", "draw", "0", "X to move", OPEN)], 0),
    "re-draw-word.sgf": ([("Ann", "Ben", "draw", "Draw", "X to move", OPEN)], 0),
    "re-unknown.sgf": ([("Ann", "Ben", None, "?", "X to move", OPEN)], 0),
    "re-void.sgf": ([("Ann", "Ben", None, "Void", "X to move", OPEN)], 0),
    "re-score.sgf": ([("Ann", "Ben", "O", "W+3.5", "X to move", OPEN)], 0),
    "setup-pl-white.sgf": ([("Black", "White", None, None, "X h8 i9; O h9; O to move", "j10 g7 k11")], 0),
    "setup-pl-black.sgf": ([("Black", "White", None, None, "X h8; O i8; X to move", "h9 i9 h10")], 0),
    "setup-no-pl.sgf": ([("Black", "White", None, None, "X h8 h9; O i8; O to move", "i9 g7")], 0),
    "setup-ae.sgf": ([("Black", "White", None, None, "X h8 h9; O i8 i9; X to move", "g7 j10")], 0),
    "setup-rectangle.sgf": ([("Black", "White", None, None, "X a1 b1 a2 b2; O d1 d2 d3; O to move", "d4")], 0),
    "variations.sgf": ([("Ann", "Ben", None, None, "X to move", "h8 i8 h9 i9 h10")], 2),
    "nested-variations.sgf": ([("Black", "White", None, None, "X to move", "h8 i8 h9 i9")], 2),
    "nested-moves.sgf": ([("Black", "White", None, None, "X to move", "h8 i8 h9 i9")], 0),
    "ff3-long-names.sgf": ([("Ann", "Ben", "X", None, "X to move", FIVE)], 0),
    "markup.sgf": ([("Ann", "Ben", None, None, "X to move", "h8 i8 h9")], 0),
    "two-games.sgf": (
        [("Ann", "Ben", "X", "B+R", "X to move", "h8 i8"), ("Ben", "Ann", "X", None, "X to move", FIVE)],
        0,
    ),
    "board-20-tt.sgf": ([("Ann", "Ben", None, None, "X to move", "t20 a1 s20")], 0),
}


def test_the_corpus_is_what_the_table_lists() -> None:
    assert sorted(path.name for path in CORPUS.iterdir()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_file_is_read_with_its_names_result_and_setup(name: str) -> None:
    games = read_sgf((CORPUS / name).read_bytes())
    expected, left_out = EXPECTED[name]
    assert [
        (
            record.x.name,
            record.o.name,
            record.result,
            record.declared_result,
            str(record.start),
            " ".join(str(timed.move) for timed in record.moves),
        )
        for record in games.records
    ] == expected
    assert games.variations_left_out == left_out
    assert all(timed.seconds is None for record in games.records for timed in record.moves)  # no MT: not known


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_file_goes_through_the_history_and_back_to_sgf_unchanged(name: str, tmp_path: Path) -> None:
    records = read_sgf((CORPUS / name).read_bytes()).records
    with History(tmp_path / "games.sqlite3") as history:
        ids, skipped = history.save_new(records)
        assert (len(ids), skipped) == (len(records), 0)
        stored = [history.get(game_id) for game_id in ids]
        assert history.save_new(records) == ([], len(records))  # the same games again: all skipped
    assert stored == records
    text = to_sgf(stored)
    assert "MT[" not in text  # times not known are not made up
    assert read_sgf(text).records == records
