"""Tests of tictactoe.cli.history: the history modes of play.py that a new user tripped on."""

from __future__ import annotations

import contextlib
import io
import os
import select
import signal
import sqlite3
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from configurations.moves import Move
from tests.cli.test_play import DEFAULT_SIGNALS, ended
from tests.paths import ROOT
from tests.records import START, sample_record
from tests.started import started
from tictactoe.cli import history as history_program
from tictactoe.cli import play as play_program
from tictactoe.game.history import MIGRATIONS, History
from tictactoe.game.record import GameRecord
from tictactoe.game.review import search
from tictactoe.game.review.search import review_game
from tictactoe.game.review.values import Review
from tictactoe.game.sgf import to_sgf
from tictactoe.solver import Position, Solution, solve
from tictactoe.ui.terminal.review_table import STORED_NOTE, review_text


def run_main(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play_program.main(list(args), stdin=io.StringIO(""), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with History(path) as history:
        history.save_all([sample_record(), sample_record("a1 b1 a2 b2 a3")])
    return path


def test_an_export_does_not_replace_a_file_unless_forced(games: Path, tmp_path: Path) -> None:
    keep = tmp_path / "keep.txt"
    keep.write_text("my notes\n", encoding="utf-8")
    assert run_main("--export", str(keep), "--db", str(games)) == (
        1,
        "",
        f"play.py: {keep} exists already: give --force to replace it\n",
    )
    assert keep.read_text(encoding="utf-8") == "my notes\n"
    assert run_main("--export", str(keep), "--db", str(games), "--force") == (0, f"Exported 2 games to {keep}\n", "")
    assert keep.read_text(encoding="utf-8") == to_sgf([sample_record(), sample_record("a1 b1 a2 b2 a3")])


def test_force_goes_with_export_only(games: Path) -> None:
    status, _, err = run_main("--history", "--force", "--db", str(games))
    assert (status, err.splitlines()[-1]) == (2, "play.py: error: argument --force: goes with --export only")


def test_importing_a_file_twice_skips_the_games_already_stored(games: Path, tmp_path: Path) -> None:
    sgf = tmp_path / "games.sgf"
    assert run_main("--export", str(sgf), "--db", str(games))[0] == 0
    copy = tmp_path / "copy.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(copy)) == (0, f"Imported 2 games into {copy}\n", "")
    assert run_main("--import", str(sgf), "--db", str(copy)) == (
        0,
        f"Imported 0 games into {copy}, skipped 2 already stored\n",
        "",
    )
    with History(copy) as history:
        assert history.count() == 2


def test_a_game_twice_in_one_file_is_stored_once(tmp_path: Path) -> None:
    sgf = tmp_path / "twice.sgf"
    sgf.write_text(to_sgf([sample_record(), sample_record(), sample_record("a1 b1 a2 b2 a3")]), encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(db)) == (
        0,
        f"Imported 2 games into {db}, skipped 1 already stored\n",
        "",
    )


CORPUS = Path(__file__).parents[1] / "game" / "sgf_corpus"


def test_other_programs_files_import_their_main_lines_and_replay_with_their_results(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    assert run_main("--import", str(CORPUS / "variations.sgf"), "--db", str(db)) == (
        0,
        f"Imported 1 game into {db}; 2 variations left out (the main line is read)\n",
        "",
    )
    assert run_main("--import", str(CORPUS / "re-w-resign-word.sgf"), "--db", str(db))[0] == 0
    status, out, _ = run_main("--replay", "2", "--db", str(db))
    assert (status, out.splitlines()[-1]) == (0, "O wins by resignation")
    assert run_main("--import", str(CORPUS / "setup-pl-white.sgf"), "--db", str(db))[0] == 0
    status, out, _ = run_main("--replay", "3", "--db", str(db))
    assert out.split("\n\n")[1].splitlines()[0] == "Start: X h8 i9; O h9; O to move"
    assert out.split("\n\n")[2].splitlines()[0] == "Move 1: O plays j10"
    exported = tmp_path / "again.sgf"
    assert run_main("--export", str(exported), "--db", str(db))[0] == 0
    text = exported.read_text(encoding="utf-8")
    assert "RE[W+Resign]" in text
    assert "AB[hh][ii]AW[hi]PL[W]" in text
    assert "MT[" not in text


def test_an_import_says_what_it_noticed_of_each_game_one_note_a_line(tmp_path: Path) -> None:
    sgf = tmp_path / "renjunet.sgf"
    sgf.write_text(
        "(;GM[4]SZ[15]5A[hh]SW[];B[hh];W[ih])(;GM[4]SZ[15]RU[Renju];B[ih];W[aa];B[jh];W[ao];"
        "B[hi];W[oa];B[hj];W[oo];B[hh])",
        encoding="utf-8",
    )
    db = tmp_path / "games.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(db)) == (
        0,
        f"Imported 2 games into {db}\n"
        "note: game 1: no RU, but its 5A/SW (RenjuNet's renju openings) suggest renju: read as freestyle;"
        " --rule renju reads it as renju\n"
        "note: game 2: move 9, h8 is forbidden for black: double three (h8-j8, h8-h10): black lost there, and the"
        " game ends before it\n",
        "",
    )


def test_a_gomocup_psq_file_imports_beside_sgf(tmp_path: Path) -> None:
    psq = tmp_path / "0x1-9(1).psq"
    psq.write_bytes(b"Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,1500\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n")
    db = tmp_path / "games.sqlite3"
    assert run_main("--import", str(psq), "--db", str(db)) == (0, f"Imported 1 game into {db}\n", "")
    _, out, _ = run_main("--history", "--db", str(db))
    assert out.splitlines()[1].split() == ["1", "-", "pbrain-a.exe", "pbrain-b.exe", "unfinished", "20x20", "5", "2"]
    broken = tmp_path / "broken.psq"
    broken.write_bytes(b"Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n10,10,0\r\n")
    assert run_main("--import", str(broken), "--db", str(db)) == (
        1,
        "",
        f"play.py: {broken}: line 3: j10 is already taken\n",
    )


def test_import_rule_gives_the_rule_of_games_whose_file_names_none(tmp_path: Path) -> None:
    psq = tmp_path / "game.psq"
    psq.write_bytes(b"Piskvorky 15x15, 11:11, 0\r\n8,8,0\r\n9,9,0\r\n-1\r\n")
    sgf = tmp_path / "games.sgf"
    sgf.write_text("(;FF[4]GM[4]SZ[15];B[hh];W[gg])(;FF[4]GM[4]RU[Caro]SZ[15];B[hh];W[jj])", encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    for path in (psq, sgf):
        assert run_main("--import", str(path), "--rule", "renju", "--db", str(db))[0] == 0
    with History(db) as history:
        rules = sorted(str(history.get(game_id).rules.variant) for game_id in (1, 2, 3))
    assert rules == ["caro", "renju", "renju"]  # the file's own RU wins


def test_games_alike_but_for_a_known_date_are_both_kept(tmp_path: Path) -> None:
    first = sample_record()
    later = sample_record(started=START.replace(year=START.year + 1))
    with History(tmp_path / "games.sqlite3") as history:
        assert history.save_new([first, later]) == ([1, 2], 0)
        assert history.find(later) == 2


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any directory, so nothing is refused")
def test_an_unwritable_directory_says_why(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    db = locked / "games.sqlite3"
    status, _, err = run_main("--import", str(tmp_path / "none.sgf"), "--db", str(db))
    assert (status, err) == (
        1,
        f"play.py: cannot use the game history: {db}: cannot create the file: the directory {locked} is not writable\n",
    )


def test_a_history_made_by_the_first_schema_is_upgraded_and_keeps_its_games(tmp_path: Path) -> None:
    """A file of schema version 1, with a game in it as the program wrote them before there were unfinished games."""
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    for statement in MIGRATIONS[0]:
        connection.execute(statement)
    connection.execute(
        "INSERT INTO games VALUES (1, 'human', 'Ada', 'reference', 'reference', 2, 2, 2, NULL, 'X',"
        " '2026-11-22T04:40:00.000000+00:00', '2026-11-22T04:40:09.000000+00:00', 3)"
    )
    connection.executemany("INSERT INTO moves VALUES (1, ?, ?, ?, ?)", [(0, 0, 0, 1500), (1, 0, 1, 0), (2, 1, 1, 2000)])
    connection.execute("PRAGMA user_version = 1")
    connection.commit()
    connection.close()
    status, out, err = run_main("--history", "--db", str(path))
    assert (status, err) == (0, "")
    assert out.splitlines()[1].split() == ["1", "2026-11-22", "04:40", "Ada", "reference", "X", "2x2", "2", "3"]
    with History(path) as history:
        history.save(sample_record("a1 b1"))  # unfinished: what version 1 could not hold
        assert history.get(2).result is None
        assert [timed.move for timed in history.get(1).moves] == [Move(0, 0), Move(0, 1), Move(1, 1)]
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone() == (9,)
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    connection.close()


def test_a_game_quit_before_its_end_is_kept_and_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    out, err = io.StringIO(), io.StringIO()
    status = play_program.main(
        ["3", "3", "9", "--db", str(db)], stdin=io.StringIO("b2\nquit\n"), stdout=out, stderr=err
    )
    assert (status, err.getvalue()) == (0, "")
    status, listing, _ = run_main("--history", "--db", str(db))
    assert listing.splitlines()[1].split()[-4:] == ["unfinished", "3x3", "3", "2"]
    out = io.StringIO()
    status = play_program.main(
        ["--resume-game", "1", "--db", str(db)], stdin=io.StringIO("a1\nc3\nc1\nc2\n"), stdout=out, stderr=err
    )
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue().splitlines()[1:5] == ["  a b c", "1 . . .", "2 . X .", "3 O . ."]  # where it was left
    assert out.getvalue().splitlines()[-1] in ("Human wins", "Computer wins", "Game is a draw")
    with History(db) as history:
        (summary,) = history.list_games()
        assert (summary.id, summary.result is not None) == (1, True)  # the same game, finished now


def test_a_piped_game_whose_input_ends_is_kept_when_asked_to_save(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    status = play_program.main(
        ["3", "3", "9", "--db", str(db)], stdin=io.StringIO("b2\n"), stdout=io.StringIO(), stderr=io.StringIO()
    )
    assert status == 1  # the input ended before the game did
    with History(db) as history:
        assert [game.result for game in history.list_games()] == [None]


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--resume-game", "1"], "cannot resume game 1: the game is over: there is nothing to resume"),
        (["--resume-game", "5"], "cannot resume game 5: {db}: there is no game 5"),
    ],
)
def test_a_game_that_cannot_be_resumed_says_why(games: Path, arguments: list[str], problem: str) -> None:
    assert run_main(*arguments, "--db", str(games)) == (1, "", f"play.py: {problem.format(db=games)}\n")


# --review


KNOWN_GAME = "a1 a2 b1 b2 c3"  # O's a2 loses the draw; X's c3 throws away its win (see tests/ui/terminal)


@pytest.fixture
def reviewable(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with History(path) as history:
        history.save_all([sample_record(), sample_record(KNOWN_GAME)])
    return path


def stored_think(db: Path, game_id: int) -> float | None:
    with History(db) as history:
        review = history.get_review(game_id)
    return None if review is None else review.think


def test_review_prints_the_table_and_keeps_the_review(reviewable: Path) -> None:
    status, out, err = run_main("--review", "2", "--db", str(reviewable), "--think", "5")
    assert (status, err) == (0, "")
    with History(reviewable) as history:
        record = history.get(2)
        review = history.get_review(2, record)
    assert review is not None
    assert out == review_text(2, record, review) + "\n"
    summary = out.splitlines().index(
        "O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it)."
    )
    assert out.splitlines()[summary + 3 :] == [
        "Pos  Depth  Candidates                       Best line",
        "  0      3  b2 draw, a1 draw, c1 draw        b2 a1 c1 a3 a2 c2",
        "  1      2  b2 draw, c1 X wins, a3 X wins    b2 c1 b1 b3",
        "  2      1  b2 X wins, c1 X wins, b1 X wins  fours: b1 c1 b2 b3 c3",
        "  3      1  c1 X wins                        c1 b2 b3 c3",
        "  4      1  c1 X wins                        c1",
        "  5      1  c2 O wins                        c2",
    ]
    assert stored_think(reviewable, 1) is None  # only the game asked for


def test_a_review_kept_is_shown_again_unless_another_think_or_redo_asks(
    reviewable: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_main("--review", "2", "--db", str(reviewable), "--think", "5")[0] == 0
    first = run_main("--review", "2", "--db", str(reviewable), "--think", "5")[1]
    reviewed: list[float] = []

    def counted(record: GameRecord, think: float, **options: Any) -> Review:
        reviewed.append(think)
        return review_game(record, think, **options)

    monkeypatch.setattr(history_program, "review_game", counted)
    for arguments, new_think in [([], None), (["--think", "5"], None), (["--think", "2"], 2.0), (["--redo"], 1.0)]:
        status, out, err = run_main("--review", "2", "--db", str(reviewable), *arguments)
        assert (status, err) == (0, "")
        assert (STORED_NOTE in out.splitlines()) == (new_think is None)
        assert reviewed[-1:] == ([] if new_think is None else [new_think])
        assert stored_think(reviewable, 2) == (5.0 if new_think is None else new_think)
        reviewed.clear()
    assert first.splitlines()[3] == STORED_NOTE


def test_a_review_whose_search_fails_underneath_says_one_line_and_shows_what_it_had(
    reviewable: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solved: list[Position] = []

    def failing_solve(position: Position, seconds: float) -> Solution:
        if len(solved) == 4:  # the position after move 4: as the solver's recursion fails on a deep board
            raise RecursionError("maximum recursion depth exceeded")
        solved.append(position)
        return solve(position, seconds)

    monkeypatch.setattr(search, "solve", failing_solve)
    status, out, err = run_main("--review", "2", "--db", str(reviewable), "--think", "5")
    assert (status, err) == (
        1,
        "play.py: the review stopped at position 4 of 5: RecursionError: maximum recursion depth exceeded;"
        " the moves valued before are shown, nothing is stored\n",
    )
    assert out.splitlines()[4:10] == [
        "No  Side  Move  Before  After   Mark  Better",
        " 1  X     a1    draw    draw",
        " 2  O     a2    draw    X wins  ?     b2",
        " 3  X     b1    X wins  X wins",
        "",
        "O threw away a draw at move 2 (a2?; b2 kept it).",
    ]
    assert stored_think(reviewable, 2) is None


def test_a_missing_game_or_history_is_one_line(reviewable: Path, tmp_path: Path) -> None:
    assert run_main("--review", "7", "--db", str(reviewable)) == (1, "", f"play.py: {reviewable}: there is no game 7\n")
    missing = tmp_path / "gmaes.sqlite3"
    assert run_main("--review", "1", "--db", str(missing)) == (
        1,
        "",
        f"play.py: cannot use the game history: {missing}: no such file\n",
    )


def test_a_damaged_review_is_one_line_and_redo_replaces_it(reviewable: Path) -> None:
    assert run_main("--review", "2", "--db", str(reviewable), "--think", "5")[0] == 0
    with sqlite3.connect(reviewable) as connection:
        connection.execute("UPDATE review_positions SET score = 'lots' WHERE ply = 3")
    connection.close()
    assert run_main("--review", "2", "--db", str(reviewable)) == (
        1,
        "",
        f"play.py: {reviewable}: game 2 is damaged: its review: the score of position 3, 'lots', is not a whole"
        " number: --redo reviews the game again\n",
    )
    status, out, _ = run_main("--review", "2", "--db", str(reviewable), "--redo")
    assert (status, out.splitlines()[-1]) == (0, "  5      1  c2 O wins                        c2")


def test_an_export_of_a_reviewed_game_has_its_comments_and_is_imported_again(reviewable: Path, tmp_path: Path) -> None:
    assert run_main("--review", "2", "--db", str(reviewable), "--think", "5")[0] == 0
    sgf = tmp_path / "games.sgf"
    assert run_main("--export", str(sgf), "--db", str(reviewable)) == (0, f"Exported 2 games to {sgf}\n", "")
    text = sgf.read_text(encoding="utf-8")
    first, second = text.split("\n(")
    assert "C[" not in first  # the game not reviewed
    assert second.splitlines()[3:] == [
        "C[Values proved by the solver within 5 s a position, or ~ the strong player's estimate (and ~ its marks):"
        " X's chances of winning, as fitted to its self-play (bench/review.py --fit)."
        " O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it).]",
        ";B[aa]MT[0.25]C[draw before, draw after]",
        ";W[ab]MT[1.75]C[draw before, X wins after; a2? threw away a draw, b2 kept it]",
        ";B[ba]MT[3.25]C[X wins before, X wins after]",
        ";W[bb]MT[4.75]C[X wins before, X wins after]",
        ";B[cc]MT[6.25]C[X wins before, O wins after; c3?? threw away a win, c1 kept it])",
    ]
    copy = tmp_path / "copy.sqlite3"
    assert run_main("--import", str(sgf), "--db", str(copy)) == (0, f"Imported 2 games into {copy}\n", "")
    with History(copy) as history:
        assert history.records() == [sample_record(), sample_record(KNOWN_GAME)]
        assert history.get_review(2) is None  # comments are not read back as a review
    assert run_main("--export", str(tmp_path / "one.sgf"), "--game", "2", "--db", str(reviewable))[0] == 0
    assert (tmp_path / "one.sgf").read_text(encoding="utf-8") == "(" + second


@pytest.fixture
def long_game(tmp_path: Path) -> Path:
    """A history holding a 15x15 game of 20 moves: at 5 s a position, its review would take a minute or two."""
    path = tmp_path / "long.sqlite3"
    with History(path) as history:
        history.save(
            sample_record("h8 a1 j8 a3 g10 c1 k6 c3 e5 e1 m11 e3 c12 g1 l3 g3 f2 i1 n14 i3", size=15, length=5)
        )
    return path


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals and pseudo-terminals")
def test_at_a_terminal_the_progress_is_shown_until_ctrl_c_ends_the_review(long_game: Path) -> None:
    controller, follower = os.openpty()
    command = [*DEFAULT_SIGNALS, "play.py", "--review", "1", "--db", str(long_game), "--think", "5"]
    with subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, cwd=ROOT) as review:
        os.close(follower)
        shown = b""
        deadline = time.monotonic() + 30
        while b"Reviewing: 1 of 21 positions valued" not in shown and time.monotonic() < deadline:
            if select.select([controller], [], [], 1)[0]:
                shown += os.read(controller, 4096)
        review.send_signal(signal.SIGINT)
        status = ended(review, shown)
        with contextlib.suppress(OSError):  # the terminal closed with the program
            while select.select([controller], [], [], 0.5)[0] and (chunk := os.read(controller, 4096)):
                shown += chunk
    os.close(controller)
    assert status == 130
    assert shown.startswith(b"\rReviewing: 0 of 21 positions valued\rReviewing: 1 of 21 positions valued")
    assert shown.endswith(b"\r\x1b[Kplay.py: interrupted\r\n")
    assert stored_think(long_game, 1) is None  # a review stopped short is not kept


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_piped_a_review_shows_no_progress_and_ctrl_c_is_one_line(long_game: Path) -> None:
    review = started(["play.py", "--review", "1", "--db", str(long_game), "--think", "5"])
    review.send_signal(signal.SIGINT)
    out, err = review.communicate(timeout=30)
    assert (review.returncode, out, err) == (130, "", "play.py: interrupted\n")


def test_a_game_exports_as_psq_by_the_file_s_name_one_game_at_a_time(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save_all([sample_record("e5 a1 e6", size=9, length=5), sample_record()])
    psq = tmp_path / "game.PSQ"
    assert run_main("--export", str(psq), "--game", "1", "--db", str(db)) == (0, f"Exported 1 game to {psq}\n", "")
    assert psq.read_text(encoding="utf-8").startswith("Piskvorky 9x9, 0:0, 0\n5,5,250\n")
    assert run_main("--export", str(tmp_path / "all.psq"), "--db", str(db)) == (
        1,
        "",
        f"play.py: {tmp_path / 'all.psq'}: a PSQ file holds one game: give --game ID, or export as SGF\n",
    )
    assert run_main("--export", str(tmp_path / "three.psq"), "--game", "2", "--db", str(db)) == (
        1,
        "",
        "play.py: game 2: PSQ holds five in a row only, not 3: export it as SGF\n",
    )
    assert not (tmp_path / "three.psq").exists()
