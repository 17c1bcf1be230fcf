"""Tests of the game history at the terminal: games saved, and play.py's --history, --replay, --export, --import.

Every test uses a real SQLite file under ``tmp_path``; games are played and
commands run in-process through ``play_program.main`` with piped streams.
"""

from __future__ import annotations

import io
import os
import textwrap
from pathlib import Path

import pytest

from configurations import Side
from configurations.moves import Move
from tests.cli.test_play import run_in_terminal
from tests.records import START, sample_record
from tictactoe.cli import play as play_program
from tictactoe.game.game import StartingPosition
from tictactoe.game.history import History, HistoryError, default_path
from tictactoe.game.record import Competitor
from tictactoe.game.sgf import to_sgf
from tictactoe.ui.settings import Settings
from tictactoe.ui.terminal.browse import (
    CLEAR_SCREEN,
    REPLAY_KEYS,
    REPLAY_PROMPT,
    browse,
    replay_by_keys,
    replay_interactively,
)
from tictactoe.ui.terminal.conversation import PLAY_AGAIN

# A 2x2 game, 2 in a row, that the person (X) wins against the reference search in three moves.
SHORT_GAME = "a1\nb2\n"
SHORT_SGF_MOVES = ["a1", "b1", "b2"]


def run_main(args: list[str], moves: str = "") -> tuple[int, str, str]:
    """``play_program.main(args)`` with ``moves`` as piped input: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = play_program.main(args, stdin=io.StringIO(moves), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def saved(db: Path) -> list[str]:
    """Each saved game as one line: its players, result and moves, the first saved first."""
    with History(db) as history:
        records = [history.get(game.id) for game in reversed(history.list_games(limit=None))]
    return [
        f"{r.x.name}/{r.x.kind} {r.o.name}/{r.o.kind} {r.rules.size}x{r.rules.k} {r.result}: "
        + " ".join(str(timed.move) for timed in r.moves)
        for r in records
    ]


def test_a_piped_game_with_db_saves_exactly_that_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    status, out, err = run_main(["2", "2", "2", "--name-x", "Ada", "--db", str(db)], SHORT_GAME)
    assert (status, err) == (0, "")
    assert out.endswith("Human wins\n")
    assert saved(db) == ["Ada/human Computer/reference 2x2 X: a1 b1 b2"]
    with History(db) as history:
        record = history.get(1)
    assert record.started is not None
    assert record.ended is not None
    assert record.started <= record.ended
    assert len(record.moves) == 3


def test_a_game_between_computers_is_saved_with_its_times(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    status, out, _ = run_main(["2", "2", "4", "--x", "reference", "--o", "reference", "--db", str(db)])
    assert (status, out.splitlines()[-1]) == (0, "X wins")
    assert saved(db) == ["Computer 1/reference Computer 2/reference 2x2 X: a1 b1 a2"]


def test_a_game_quit_or_left_unfinished_is_saved_unfinished(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    assert run_main(["3", "3", "1", "--db", str(db)], "b2\nquit\n")[0] == 0
    assert run_main(["3", "3", "1", "--db", str(db)], "b2\n")[0] == 1
    assert run_main(["3", "3", "1", "--db", str(db)], "quit\n")[0] == 0  # no move played: nothing to keep
    assert saved(db) == ["You/human Computer/reference 3x3 None: b2 a1"] * 2


def test_a_piped_game_without_db_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path().is_relative_to(tmp_path)
    status, out, err = run_main(["2", "2", "2"], SHORT_GAME)
    assert (status, err, out.splitlines()[-1]) == (0, "", "Human wins")
    assert list(tmp_path.iterdir()) == []


def test_a_game_that_cannot_be_saved_is_played_to_its_end_and_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(history: History, record: object) -> int:
        raise HistoryError(f"{history.path}: the file is locked by another program (waited 5 s)")

    monkeypatch.setattr(History, "save", refuse)
    db = tmp_path / "games.sqlite3"
    status, out, err = run_main(["2", "2", "2", "--db", str(db)], SHORT_GAME)
    assert (status, out.splitlines()[-1]) == (1, "Human wins")
    assert err == f"play.py: cannot save the game: {db}: the file is locked by another program (waited 5 s)\n"


def test_a_db_that_cannot_be_written_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    History(db).close()
    before = db.read_bytes()
    db.chmod(0o444)
    try:
        status, out, err = run_main(["3", "3", "9", "--db", str(db)], "b2\n")
    finally:
        db.chmod(0o644)
    assert (status, out) == (1, "")
    assert err == f"play.py: cannot use the game history: {db}: the file is read-only: cannot save games\n"
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    "args", [["3", "3", "1"], ["--history"], ["--replay", "1"], ["--review", "1"], ["--export", "out.sgf"]]
)
def test_a_db_that_is_not_a_history_is_refused_before_anything_starts(tmp_path: Path, args: list[str]) -> None:
    db = tmp_path / "notes.txt"
    db.write_bytes(b"shopping list\n")
    status, out, err = run_main([*args, "--db", str(db)], "b2\n")
    assert (status, out) == (1, "")
    assert err == (
        f"play.py: cannot use the game history: {db}: not an SQLite database, so not a game history (left as it is)\n"
    )
    assert db.read_bytes() == b"shopping list\n"


def test_a_db_in_a_missing_directory_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "nowhere" / "games.sqlite3"
    status, out, err = run_main(["3", "3", "1", "--db", str(db)], "b2\n")
    assert (status, out) == (1, "")
    assert err == f"play.py: cannot use the game history: {db}: the directory {db.parent} does not exist\n"
    assert not db.parent.exists()


def two_games(db: Path) -> None:
    with History(db) as history:
        history.save(sample_record())
        history.save(
            sample_record("a1 b1 b2", size=2, length=2, x=Competitor("Bo", "weights"), started=START.replace(hour=14))
        )


def test_history_lists_the_games_newest_first(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    status, out, err = run_main(["--history", "--db", str(db)])
    assert (status, err) == (0, "")
    assert out == textwrap.dedent(
        """\
        ID  Date              X    O          Result  Board  Length  Moves
         2  2024-05-01 14:30  Bo   reference  X       2x2         2      3
         1  2024-05-01 12:30  ada  reference  draw    3x3         3      9
        """
    )


def test_history_filters_by_player_and_result(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    assert run_main(["--history", "--db", str(db), "--player", "ADA"])[1].splitlines()[1:] == [
        " 1  2024-05-01 12:30  ada  reference  draw    3x3         3      9"
    ]
    assert run_main(["--history", "--db", str(db), "--result", "x"])[1].splitlines()[1][:4] == " 2  "
    assert run_main(["--history", "--db", str(db), "--result", "O"])[1] == "No games match.\n"
    status, _, err = run_main(["--history", "--db", str(db), "--result", "win"])
    assert status == 2
    assert err.endswith("play.py: error: argument --result: must be X, O, draw or unfinished, got 'win'\n")


def test_history_of_an_empty_history(tmp_path: Path) -> None:
    History(tmp_path / "new.sqlite3").close()
    assert run_main(["--history", "--db", str(tmp_path / "new.sqlite3")]) == (0, "No games saved.\n", "")


@pytest.mark.parametrize(
    "mode",
    [
        ["--history"],
        ["--replay", "1"],
        ["--review", "1"],
        ["--export", "out.sgf"],
        ["--export", "out.sgf", "--game", "1"],
    ],
)
def test_a_reading_command_never_makes_a_history(tmp_path: Path, mode: list[str]) -> None:
    typo = tmp_path / "gmaes.sqlite3"
    assert run_main([*mode, "--db", str(typo)]) == (
        1,
        "",
        f"play.py: cannot use the game history: {typo}: no such file\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_without_a_history_yet_the_default_one_says_so_and_is_not_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert run_main(["--history"]) == (0, "No games saved yet.\n", "")
    assert not (tmp_path / "data").exists()


def test_history_modes_take_no_game_numbers(tmp_path: Path) -> None:
    status, _, err = run_main(["--history", "3", "3", "1", "--db", str(tmp_path / "g.sqlite3")])
    assert status == 2
    assert err.endswith("play.py: error: unrecognized arguments: 3 3 1\n")


SHORT_REPLAY = textwrap.dedent(
    """\
    Bo (weights) as X against reference (reference) as O
    2x2, 2 in a row, started 2024-05-01 14:30 UTC

    Start: X to move
      a b
    1 . .
    2 . .

    Move 1: X plays a1
      a b
    1[X].
    2 . .

    Move 2: O plays b1
      a b
    1 X[O]
    2 . .

    Move 3: X plays b2
      a b
    1 X O
    2 .[X]

    X wins
    """
)


def test_replay_piped_prints_every_position(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    assert run_main(["--replay", "2", "--db", str(db)]) == (0, SHORT_REPLAY, "")


def test_replay_of_a_missing_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    assert run_main(["--replay", "7", "--db", str(db)]) == (1, "", f"play.py: {db}: there is no game 7\n")


def test_replay_stepped_by_the_person() -> None:
    record = sample_record("a1 b1 b2", size=2, length=2, x=Competitor("Bo", "weights"), started=START.replace(hour=14))
    typed = iter(["", "e", "b", "s", "x", "q"])
    prompts: list[str] = []
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    replay_interactively(record, read_line, out)
    assert prompts == [REPLAY_PROMPT] * 6
    captions = [line for line in out.getvalue().splitlines() if line.startswith(("Start", "Move", "Unknown", "X "))]
    assert captions == [
        "Start: X to move",
        "Move 1: X plays a1",
        "Move 3: X plays b2",
        "X wins",
        "Move 2: O plays b1",
        "Start: X to move",
        "Unknown command 'x'",
        "Start: X to move",
    ]


def test_replay_by_keys_acts_on_each_key_and_redraws_in_place() -> None:
    record = sample_record("a1 b1 b2", size=2, length=2, x=Competitor("Bo", "weights"), started=START.replace(hour=14))
    # Keys that do nothing (up, x) draw nothing; Backspace steps back as Left does.
    keys = iter(["right", "up", "x", "end", "left", "home", "enter", "backspace", "q"])
    out = io.StringIO()
    replay_by_keys(record, lambda: next(keys), out)
    frames = out.getvalue().split(CLEAR_SCREEN)
    assert frames[0] == ""
    heading = "Bo (weights) as X against reference (reference) as O\n2x2, 2 in a row, started 2024-05-01 14:30 UTC\n"
    assert all(frame.startswith(heading) for frame in frames[1:])
    assert all(frame.endswith(REPLAY_KEYS) for frame in frames[1:-1])
    assert frames[-1].endswith(REPLAY_KEYS + "\n")
    captions = [
        [line for line in frame.splitlines() if line.startswith(("Start", "Move", "X "))] for frame in frames[1:]
    ]
    assert captions == [
        ["Start: X to move"],
        ["Move 1: X plays a1"],
        ["Move 3: X plays b2", "X wins"],
        ["Move 2: O plays b1"],
        ["Start: X to move"],
        ["Move 1: X plays a1"],
        ["Start: X to move"],
    ]


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
def test_replay_at_a_terminal_steps_with_single_keys(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    # No Enter after any key: each acts as it is pressed.  End, Left, Home (two of their spellings), then q.
    status, shown = run_in_terminal(
        ["--replay", "2", "--db", str(db)], [b"\x1b[F", b"\x1b[D", b"\x1bOH", b"\x1b[C", b"q"], (REPLAY_KEYS.encode(),)
    )
    assert status == 0, shown
    frames = shown.split(CLEAR_SCREEN)[1:]
    assert [frame.split("\n")[2] for frame in frames] == [
        "Start: X to move",
        "Move 3: X plays b2",
        "Move 2: O plays b1",
        "Start: X to move",
        "Move 1: X plays a1",
    ]
    assert frames[1].endswith("X wins\n" + REPLAY_KEYS)
    assert frames[-1].endswith(REPLAY_KEYS + "\n")


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
def test_a_replay_at_a_terminal_plays_on_from_its_position_and_saves_that_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    # Right (to move 1), p (play on from there), 9 levels, Enter for each player and name, then the game.
    typed = [b"\x1b[C", b"p", b"9\n", b"\n", b"\n", b"\n", b"\n", b"b2\n", b"n\n"]
    status, shown = run_in_terminal(["--replay", "2", "--db", str(db)], typed, (REPLAY_KEYS.encode(), b": ", b"no) "))
    assert status == 0, shown
    assert "A new game from X a1; O to move\n" in shown
    assert "Computer plays b1" in shown
    assert shown.rstrip().endswith(f"Human wins\nTally: You 1, Computer 0, draws 0\n{PLAY_AGAIN}n")
    with History(db) as history:
        played = history.get(3)
    assert (str(played.start), [str(timed.move) for timed in played.moves], played.result) == (
        "X a1; O to move",
        ["b1", "b2"],
        "X",
    )


def test_export_then_import_gives_the_same_records(tmp_path: Path) -> None:
    db, copy, sgf = tmp_path / "games.sqlite3", tmp_path / "copy.sqlite3", tmp_path / "games.sgf"
    two_games(db)
    assert run_main(["--export", str(sgf), "--db", str(db)]) == (0, f"Exported 2 games to {sgf}\n", "")
    assert run_main(["--import", str(sgf), "--db", str(copy)]) == (0, f"Imported 2 games into {copy}\n", "")
    with History(db) as first, History(copy) as second:
        assert [first.get(1), first.get(2)] == [second.get(1), second.get(2)]


def test_export_of_one_game(tmp_path: Path) -> None:
    db, sgf = tmp_path / "games.sqlite3", tmp_path / "one.sgf"
    two_games(db)
    assert run_main(["--export", str(sgf), "--game", "2", "--db", str(db)]) == (0, f"Exported 1 game to {sgf}\n", "")
    assert sgf.read_text(encoding="utf-8").count("(;") == 1
    assert "PB[Bo]" in sgf.read_text(encoding="utf-8")


def test_a_corrupt_sgf_imports_nothing(tmp_path: Path) -> None:
    db, good, bad = tmp_path / "games.sqlite3", tmp_path / "good.sgf", tmp_path / "bad.sgf"
    two_games(db)
    assert run_main(["--export", str(good), "--db", str(db)])[0] == 0
    bad.write_bytes(good.read_bytes() + b"(;FF[4]GM[4]SZ[3")  # a good file, then a game cut short
    status, out, err = run_main(["--import", str(bad), "--db", str(db)])
    assert (status, out) == (1, "")
    assert len(err.splitlines()) == 1
    assert err.startswith(f"play.py: {bad}: byte ")
    with History(db) as history:
        assert history.count() == 2


def test_import_of_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.sgf"
    status, out, err = run_main(["--import", str(missing), "--db", str(tmp_path / "g.sqlite3")])
    assert (status, out, err) == (1, "", f"play.py: cannot read {missing}: No such file or directory\n")


def test_browsing_previous_games_from_the_menu(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    two_games(db)
    typed = iter(["bo", "", "9", "2", "", "e", "q"])  # game 2, replayed (Enter), to its end
    out = io.StringIO()
    browse(lambda prompt: next(typed), out, db)
    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "ID  Date              X   O          Result  Board  Length  Moves",
        " 2  2024-05-01 14:30  Bo  reference  X       2x2         2      3",
        "choose one of the ids listed, got '9'",
    ]
    assert lines[-1] == "X wins"


def browsed(db: Path, *answers: str) -> tuple[str, list[Settings], list[str]]:
    """The menu's Previous games on ``db``, answered with ``answers``: what it printed, the games it asked to play,
    and the questions it asked."""
    typed = iter(answers)
    asked: list[str] = []
    played: list[Settings] = []
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        asked.append(prompt)
        return next(typed)

    browse(read_line, out, db, play=played.append)
    return out.getvalue(), played, asked


def test_an_unfinished_game_is_resumed_from_the_menu(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save_all([sample_record(), sample_record("b2 a1")])
    _, played, asked = browsed(db, "", "", "2", "resume")
    assert asked[-1] == "Game 2: replay, resume, review or export? [replay]: "
    (settings,) = played
    assert (settings.session.game_id, [str(move) for move in settings.session.game.moves]) == (2, ["b2", "a1"])
    out, _, asked = browsed(db, "", "", "1", "res", "rep", "q")  # a finished game is not resumed: only replayed
    assert asked[3:5] == ["Game 1: replay, review or export? [replay]: "] * 2
    assert "type one of replay, review or export, got 'res'" in out.splitlines()


def test_a_game_is_reviewed_and_exported_from_the_menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record("a1 a2 b1 b2 c3"))
    out, _, _ = browsed(db, "", "", "1", "rev")
    assert (
        "O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it)."
        in out.splitlines()
    )
    assert out.splitlines()[-1] == "  5      1  c2 O wins                        c2"  # the last of the best lines
    with History(db) as history:
        record, review = history.get(1), history.get_review(1)
    assert review is not None
    out, _, asked = browsed(db, "", "", "1", "export", "")
    assert asked[-1] == "File to export game 1 to [game-1.sgf]: "
    assert out.splitlines()[-1] == "Exported game 1 to game-1.sgf"
    assert (tmp_path / "game-1.sgf").read_text(encoding="utf-8") == to_sgf([record], [review])
    out, _, _ = browsed(db, "", "", "1", "export", "game-1.sgf", "n")
    assert out.splitlines()[-1] == "Not exported"


def test_a_new_game_is_played_on_from_a_replayed_position(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record())
    out, played, asked = browsed(db, "", "", "1", "", "e", "p", "b", "b", "p", "hard", "O", "Zoë")
    assert "The game is over here: step back to play on from an earlier position" in out.splitlines()
    assert "A new game from X b1 c1 a2 b2; O a1 c2 a3; O to move" in out.splitlines()
    assert asked[-3:] == [
        "Levels the computer searches, or a level: easy, medium, hard, best [hard]: ",
        "You play X or O [X]: ",
        "Your name [You]: ",
    ]
    (settings,) = played
    session = settings.session
    assert (session.x.name, session.o.name, session.o.kind, session.to_move) == (
        "Hard computer",
        "Zoë",
        "human",
        session.o,
    )
    assert session.game.start == StartingPosition(
        frozenset(Move.parse(square, 3) for square in ("b2", "c1", "a2", "b1")),
        frozenset(Move.parse(square, 3) for square in ("a1", "a3", "c2")),
        Side.O,
    )
    assert session.record().start == session.game.start  # kept with the game when it is saved


def test_browsing_with_nothing_to_show(tmp_path: Path) -> None:
    out = io.StringIO()
    typed = iter(["", "draw"])
    browse(lambda prompt: next(typed), out, tmp_path / "new.sqlite3")
    assert out.getvalue() == "No games match.\n"


def test_export_to_a_missing_directory(tmp_path: Path) -> None:
    db, sgf = tmp_path / "games.sqlite3", tmp_path / "nowhere" / "games.sgf"
    two_games(db)
    status, out, err = run_main(["--export", str(sgf), "--db", str(db)])
    assert (status, out, err) == (1, "", f"play.py: cannot write {sgf}: No such file or directory\n")
