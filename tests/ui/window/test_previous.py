"""Tests of the window's game history: finished games saved, the previous games listed and filtered, and replayed.

Real windows on a virtual X server (:mod:`tests.windows`), and real SQLite
files under ``tmp_path``, read back with :mod:`sqlite3` itself.  What is
checked is what a person sees: the lines of the list, the board, caption
and buttons of the replay, the status bar's red line when the history
cannot be used -- and, for saving, the rows in the file.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from configurations.rules import Rules
from tests.paths import ROOT
from tests.records import START, sample_record
from tests.windows import TIMEOUT, classic, click, press, settle, squares
from tictactoe.game.history import APPLICATION_ID, History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.game_list import HEADINGS
from tictactoe.ui.window.saving import WindowHistory

if TYPE_CHECKING:
    from collections.abc import Callable

    from tictactoe.ui.window.app import GameWindow
    from tictactoe.ui.window.previous import PreviousGames
    from tictactoe.ui.window.replay_window import ReplayWindow

# The person (X) beats the reference search on 3x3 in four clicks: a1, c3, c1, c2.
WINNING_CLICKS = ("a1", "c3", "c1", "c2")


def stored_games(db: Path) -> list[tuple[object, ...]]:
    """Each game in the file, the first saved first: players, board, result, and its moves as ``a1 b2 ...``."""
    connection = sqlite3.connect(db)
    try:
        games = connection.execute(
            "SELECT id, x_kind, x_name, o_kind, o_name, size, length, result, move_count FROM games ORDER BY id"
        ).fetchall()
        stored = []
        for game_id, *fields in games:
            moves = connection.execute("SELECT row, col FROM moves WHERE game_id = ? ORDER BY ply", (game_id,))
            stored.append((*fields, " ".join(f"{chr(ord('a') + col)}{row + 1}" for row, col in moves)))
        return stored
    finally:
        connection.close()


def moves_text(game_window: GameWindow) -> str:
    return " ".join(map(str, game_window.session.game.moves))


# Saving -----------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_finished_window_game_lands_in_the_db_file(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, *WINNING_CLICKS[:3])
    # Kept move by move, unfinished until its end: a window killed now would lose none of them.
    assert [game[-3::2] for game in stored_games(db)] == [(None, moves_text(game_window))]
    click(game_window, WINNING_CLICKS[3])
    assert game_window.status_text == "X wins (You)"
    assert stored_games(db) == [("human", "You", "reference", "Computer", 3, 3, "X", 7, moves_text(game_window))]
    assert game_window.history_text == ""


@pytest.mark.slow
def test_a_game_undone_at_its_end_is_saved_once_for_each_different_end(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, *WINNING_CLICKS)
    won = moves_text(game_window)
    press(game_window, "<Control-z>", "<Control-y>")  # back to the same end
    assert game_window.status_text == "X wins (You)"
    assert [game[-1] for game in stored_games(db)] == [won]
    press(game_window, "<Control-z>")  # the winning c2 taken back; a2 instead lets O complete b1-b3
    click(game_window, "a2")
    assert game_window.status_text == "O wins (Computer)"
    assert [game[-3:] for game in stored_games(db)] == [("X", 7, won), ("O", 8, moves_text(game_window))]


@pytest.mark.slow
def test_a_game_left_before_its_end_is_kept_unfinished(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    click(game_window, "b2")
    game_window.new_game().buttons["start"].invoke()  # a new game of the same two, the first not finished
    settle(game_window)
    click(game_window, "a1")
    game_window.quit()
    with History(db) as history:
        kept = [(game.result, game.move_count) for game in history.list_games()]
        assert [str(timed.move) for timed in history.get(1).moves] == ["b2", "a3"]
    assert kept == [(None, 2), (None, 2)]


QUITS_AT_THE_END = textwrap.dedent(
    """
    import sys

    from tictactoe.cli import play as play_program
    from tictactoe.ui.window import app as window_app


    class QuitsAtTheEnd(window_app.GameWindow):
        # Plays without pauses, and closes itself once the game is over, as its person would.
        def __init__(self, root, session, **options):
            super().__init__(root, session, **options | {"move_delay_ms": 0})
            self.root.after(50, self.watch)

        def watch(self):
            if self.session.game.result is None:
                self.root.after(50, self.watch)
            else:
                print(self.status_text, "|", self.history_text, flush=True)
                self.quit()


    window_app.GameWindow = QuitsAtTheEnd
    sys.exit(play_program.main(sys.argv[1:]))
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("given_db", [True, False], ids=["--db", "default"])
def test_play_py_window_saves_in_db_or_else_the_default_history(display: str, tmp_path: Path, given_db: bool) -> None:
    db = tmp_path / "games.sqlite3"
    environment = os.environ | {"XDG_DATA_HOME": str(tmp_path / "data")}
    arguments = ["3", "3", "9", "--x", "rules", "--o", "perfect", "--window"] + (["--db", str(db)] if given_db else [])
    result = subprocess.run(
        [sys.executable, "-c", QUITS_AT_THE_END, *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "Game is a draw | \n", "")
    saved_in = db if given_db else tmp_path / "data" / "tictactoe" / "history.sqlite3"
    [game] = stored_games(saved_in)
    assert game[:-1] == ("rules", "rules", "perfect", "perfect", 3, 3, "draw", 9)
    assert (tmp_path / "data").exists() != given_db  # --db alone is written


def test_the_window_history_saves_a_game_once_it_is_over_and_only_once() -> None:
    session = Session(Rules.square(2, 2), PlayerLimits(0), Competitor("Ada"), Competitor("Bob"))
    saving = WindowHistory(None)
    try:
        assert saving.history is not None
        before = saving.history.count()
        session.play(session.game.parse("a1"))
        assert not saving.kept_after_change(session)
        session.play(session.game.parse("b1"))
        session.play(session.game.parse("a2"))
        assert (saving.kept_after_change(session), saving.kept_after_change(session)) == (True, False)
        assert saving.history.count() == before + 1
    finally:
        saving.close()


# A history that cannot be used --------------------------------------------------------------------


def not_sqlite(path: Path) -> None:
    path.write_text("my notes\n")


def other_program(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
    connection.close()


def newer_schema(path: Path) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 99")
    connection.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (not_sqlite, "not an SQLite database, so not a game history (left as it is)"),
        (other_program, "an SQLite database of another program, not a game history (left as it is)"),
        (
            newer_schema,
            "a game history of schema version 99, newer than this program reads (9):"
            " use a newer version of the program",
        ),
    ],
    ids=["not-sqlite", "another-program", "newer-schema"],
)
def test_a_history_that_cannot_be_opened_is_said_and_the_game_goes_on(
    open_window: Callable[..., GameWindow], tmp_path: Path, make: Callable[[Path], None], reason: str
) -> None:
    db = tmp_path / "games.sqlite3"
    make(db)
    before = db.read_bytes()
    game_window = open_window(classic(), db=db)
    line = f"Cannot use the game history, so games are not saved: {db}: {reason}"
    assert game_window.history_text == line
    assert game_window.status_text == "X to move (You)"
    click(game_window, *WINNING_CLICKS)
    assert (game_window.status_text, game_window.history_text) == ("X wins (You)", line)
    assert game_window.tally_text == "You (X) 1  ·  Computer (O) 0  ·  draws 0"
    previous = game_window.previous_games()
    assert (previous.rows(), previous.note_text) == ([], line)
    assert previous.selected is None
    assert db.read_bytes() == before


@pytest.mark.slow
def test_a_read_only_history_is_read_and_its_refusal_to_save_said_before_the_game(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record())
    db.chmod(0o444)
    game_window = open_window(classic(), db=db)
    assert game_window.history_text == (
        f"Cannot use the game history, so games are not saved: {db}: the file is read-only: cannot save games"
    )
    click(game_window, *WINNING_CLICKS)
    assert game_window.status_text == "X wins (You)"
    assert game_window.history_text == (  # said before the game, and still so after it
        f"Cannot use the game history, so games are not saved: {db}: the file is read-only: cannot save games"
    )
    assert len(game_window.previous_games().rows()) == 1  # still listed and replayed from
    game_window.new_game().buttons["start"].invoke()
    settle(game_window)
    click(game_window, "b2")
    assert game_window.board.rows() == ["   ", " X ", "O  "]  # the next game goes on
    assert len(stored_games(db)) == 1


# The list of previous games -----------------------------------------------------------------------


def history_of_three(db: Path) -> None:
    """Three games saved out of time order: ids 1, 2, 3 ended second, first and last."""
    bob, rules = Competitor("Bob", "human"), Competitor("rules", "rules")
    with History(db) as history:
        history.save(sample_record(started=START + timedelta(days=1)))  # ada against reference, a draw
        history.save(sample_record("a1 b1 a2 b2 a3", x=bob, o=rules))  # X wins
        history.save(sample_record("a1 b1 c3 b2 a3 b3", o=Competitor("Ada", "human"), started=START + timedelta(2)))


def open_previous(game_window: GameWindow) -> PreviousGames:
    """Choose Game > Previous games... in the menu bar; the dialog it opens."""
    menu, index = game_window.menu_entries["previous"]
    menu.invoke(index)
    game_window.root.update()
    assert game_window.previous is not None
    return game_window.previous


def filter_by(previous: PreviousGames, *, player: str | None = None, result: str | None = None) -> None:
    """Type a player's name and press Enter, or choose a result from the list, as a person does."""
    if player is not None:
        previous.fill("player", player)
        entry = previous.filters["player"]
        entry.focus_force()
        entry.update()
        entry.event_generate("<Return>")
    if result is not None:
        previous.fill("result", result)
        previous.filters["result"].event_generate("<<ComboboxSelected>>")
    previous.top.update()


def test_the_previous_games_are_listed_newest_first_and_filtered(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    history_of_three(db)
    game_window = open_window(classic(), db=db)
    previous = open_previous(game_window)
    assert previous.rows() == [
        ("3", "2024-05-03 12:30", "ada", "Ada", "O", "3x3", "3", "6"),
        ("1", "2024-05-02 12:30", "ada", "reference", "draw", "3x3", "3", "9"),
        ("2", "2024-05-01 12:30", "Bob", "rules", "X", "3x3", "3", "5"),
    ]
    assert (previous.note_text, previous.selected) == ("3 games, the newest first.", 3)
    filter_by(previous, player="ADA")  # either side, in any case
    assert [row[0] for row in previous.rows()] == ["3", "1"]
    filter_by(previous, result="draw")
    assert [row[0] for row in previous.rows()] == ["1"]
    assert previous.note_text == "1 game, the newest first."
    filter_by(previous, player="")
    filter_by(previous, result="X")
    assert [row[0] for row in previous.rows()] == ["2"]
    filter_by(previous, player="Carol")
    assert (previous.rows(), previous.note_text, previous.selected) == ([], "No games match.", None)
    filter_by(previous, player="", result="all")
    assert [row[0] for row in previous.rows()] == ["3", "1", "2"]


def test_every_column_of_the_list_shows_its_widest_value_whole(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    medium = Competitor("Medium computer", "medium")
    with History(db) as history:
        history.save(sample_record("m13 a1", size=26, length=5, x=medium, o=Competitor("Hard computer")))
    previous = open_previous(open_window(classic(), db=db))
    [row] = previous.rows()
    assert row == ("1", "2024-05-01 12:30", "Medium computer", "Hard computer", "unfinished", "26x26", "5", "2")
    tree = previous.tree
    for heading, cell in zip(HEADINGS, row, strict=True):
        assert tree.column(heading, "width") >= previous.text_width(cell), (heading, cell)
        assert tree.column(heading, "width") >= previous.text_width(heading), heading


@pytest.mark.slow
def test_a_game_finished_while_the_list_is_open_heads_it(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    game_window = open_window(classic(), db=db)
    previous = open_previous(game_window)
    assert (previous.rows(), previous.note_text) == ([], "No games saved yet.")
    click(game_window, *WINNING_CLICKS)
    [row] = previous.rows()
    assert (row[0], row[2:]) == ("1", ("You", "Computer", "X", "3x3", "3", "7"))
    assert previous.note_text == "1 game, the newest first."
    assert open_previous(game_window) is previous  # the same dialog, brought forward


# Replaying ---------------------------------------------------------------------------------------


def step_keys(replay: ReplayWindow, *keys: str) -> None:
    for key in keys:
        replay.top.focus_force()
        replay.top.update()
        replay.top.event_generate(key)
    replay.top.update()


def buttons_enabled(replay: ReplayWindow) -> list[str]:
    return [step for step in ("first", "back", "forward", "last") if replay.is_enabled(step)]


@pytest.mark.slow
def test_a_game_is_replayed_with_the_buttons_and_the_keys_to_both_ends(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    history_of_three(db)
    previous = open_previous(open_window(classic(), db=db))
    previous.select(2)
    previous.tree.focus_force()
    previous.tree.update()
    previous.tree.event_generate("<Return>")
    replay = previous.replay
    assert replay is not None
    replay.top.update()
    assert replay.top.title() == "Game 2: Bob (X) against rules (O)"
    assert replay.heading_text == "3x3, 3 in a row, 5 moves, started 2024-05-01 12:30 UTC"
    assert (replay.board.rows(), replay.caption_text) == (["   "] * 3, "Start: X to move")
    assert (replay.position_text, buttons_enabled(replay)) == ("0 of 5 moves shown", ["forward", "last"])
    replay.buttons["forward"].invoke()
    assert (replay.board.rows(), replay.caption_text) == (["X  ", "   ", "   "], "Move 1: X plays a1")
    assert buttons_enabled(replay) == ["first", "back", "forward", "last"]
    step_keys(replay, "<Right>", "<Right>", "<Right>")
    assert (replay.board.rows(), replay.caption_text) == (["XO ", "XO ", "   "], "Move 4: O plays b2")
    assert replay.position_text == "4 of 5 moves shown"
    step_keys(replay, "<Right>", "<Right>")  # the second is at the end already: nothing happens
    assert (replay.board.rows(), replay.caption_text) == (["XO ", "XO ", "X  "], "Move 5: X plays a3")
    assert (replay.position_text, buttons_enabled(replay)) == ("X wins (Bob)", ["first", "back"])
    assert list(replay.board.line_drawn()) == squares("a1", "a2", "a3")
    step_keys(replay, "<Left>")
    assert (replay.caption_text, replay.board.line_drawn()) == ("Move 4: O plays b2", ())
    step_keys(replay, "<Home>")
    assert (replay.board.rows(), replay.caption_text, buttons_enabled(replay)) == (
        ["   "] * 3,
        "Start: X to move",
        ["forward", "last"],
    )
    step_keys(replay, "<Left>")  # at the start already
    assert replay.caption_text == "Start: X to move"
    step_keys(replay, "<End>")
    assert (replay.caption_text, buttons_enabled(replay)) == ("Move 5: X plays a3", ["first", "back"])
    replay.buttons["back"].invoke()
    replay.buttons["first"].invoke()
    assert (replay.caption_text, buttons_enabled(replay)) == ("Start: X to move", ["forward", "last"])
    replay.buttons["last"].invoke()
    assert (replay.board.rows(), replay.position_text) == (["XO ", "XO ", "X  "], "X wins (Bob)")


def test_another_game_replays_in_the_same_window_and_a_draw_shows_no_line(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    history_of_three(db)
    previous = open_previous(open_window(classic(), db=db))
    first = previous.replay_selected()  # the newest, listed first and chosen
    assert first is not None
    assert first.top.title() == "Game 3: ada (X) against Ada (O)"
    previous.select(1)
    previous.buttons["replay"].invoke()
    assert previous.replay is first
    step_keys(first, "<End>")
    assert first.top.title() == "Game 1: ada (X) against reference (O)"
    assert (first.board.rows(), first.position_text) == (["OXX", "XXO", "OOX"], "Game is a draw")
    assert first.board.line_drawn() == ()
    step_keys(first, "<Escape>")
    assert not first.is_open()
    assert previous.is_open()


@pytest.mark.slow
def test_an_unfinished_game_is_resumed_from_the_previous_games(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save_all([sample_record(), sample_record("b2 a3")])  # a draw, then a game left after two moves
    game_window = open_window(classic(), db=db)
    previous = game_window.previous_games()
    previous.select(1)
    assert previous.buttons["resume"].instate(["disabled"])  # a finished game is not resumed
    previous.select(2)
    assert previous.buttons["resume"].instate(["!disabled"])
    previous.buttons["resume"].invoke()
    settle(game_window)
    assert not previous.is_open()
    assert game_window.session.game_id == 2
    assert game_window.board.rows() == ["   ", " X ", "O  "]
    assert game_window.status_text == "X to move (ada)"
    game = game_window.session.game
    for move in squares("a1", "b1", "c1", "a2", "c2", "b3", "c3"):  # play on, into the empty squares, to the end
        if game.result is None and game.board.square_is_empty(move.row, move.col):
            click(game_window, str(move))
    result = game_window.session.game.result
    assert result is not None
    with History(db) as history:  # the game resumed is kept under its own id, finished
        assert [(game.id, game.result) for game in history.list_games()] == [(2, result), (1, "draw")]


def test_the_previous_games_export_and_import_sgf(open_window: Callable[..., GameWindow], tmp_path: Path) -> None:
    db, copy = tmp_path / "games.sqlite3", tmp_path / "copy.sqlite3"
    with History(db) as history:
        history.save_all([sample_record(), sample_record("a1 b1 a2 b2 a3")])
    game_window = open_window(classic(), db=db)
    previous = game_window.previous_games()
    previous.export_to(tmp_path / "games.sgf")
    assert previous.note_text == f"Exported 2 games to {tmp_path / 'games.sgf'}"
    game_window.quit()
    other = open_window(classic(), db=copy)
    listing = other.previous_games()
    listing.import_from(tmp_path / "games.sgf")
    assert listing.note_text == f"Imported 2 games from {tmp_path / 'games.sgf'}"
    assert len(listing.rows()) == 2
    listing.import_from(tmp_path / "games.sgf")
    assert listing.note_text == f"Imported 0 games from {tmp_path / 'games.sgf'}, skipped 2 already stored"
    listing.import_from(tmp_path / "missing.sgf")
    assert listing.note_text == f"Cannot import: cannot read {tmp_path / 'missing.sgf'}: No such file or directory"
    (tmp_path / "renjunet.sgf").write_text("(;GM[4]SZ[15]SW[];B[hh];W[ih])", encoding="utf-8")
    listing.import_from(tmp_path / "renjunet.sgf")
    assert listing.note_text == (
        f"Imported 1 game from {tmp_path / 'renjunet.sgf'}\n"
        "game 1: no RU, but its SW (RenjuNet's renju openings) suggest renju: read as freestyle;"
        " --rule renju reads it as renju"
    )


def test_the_previous_games_keep_their_size_whatever_the_note_says(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record())
    previous = open_window(classic(), db=db).previous_games()
    previous.top.update()
    size = (previous.top.winfo_width(), previous.top.winfo_height())
    missing = Path("/nowhere") / ("a-long-folder-name-" * 4) / "games.sgf"  # a text of the same length anywhere
    previous.import_from(missing)
    previous.top.update()
    assert previous.note_text == f"Cannot import: cannot read {missing}: No such file or directory"
    assert 560 < previous.text_width(previous.note_text) < 2 * 560  # two lines of the note, of the three it has
    assert (previous.top.winfo_width(), previous.top.winfo_height()) == size
