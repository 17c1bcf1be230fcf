"""Tests of tictactoe.game.journal: a session's game written to a real SQLite history as it is played."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from configurations import Winner
from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules
from tictactoe.game.history import History
from tictactoe.game.journal import Journal
from tictactoe.game.record import Competitor, GameRecord
from tictactoe.game.review.values import PositionValue, Review, build_review
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerLimits


@pytest.fixture
def history(tmp_path: Path) -> History:
    return History(tmp_path / "games.sqlite3")


def two_people(size: int = 3) -> Session:
    return Session(Rules.square(size, 3), PlayerLimits(9), Competitor("Ada"), Competitor("Bo"))


def stored(history: History, game_id: int | None) -> list[str]:
    """The moves game ``game_id`` holds on disk, read by another connection as another program would."""
    assert game_id is not None
    connection = sqlite3.connect(history.path)
    rows = connection.execute("SELECT row, col FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()
    connection.close()
    return [str(Move(row, col)) for row, col in rows]


def play(session: Session, *moves: str) -> None:
    for text in moves:
        session.play(session.game.parse(text))


def test_a_game_is_written_when_it_starts_and_each_move_as_it_is_played(history: History) -> None:
    session = two_people()
    session.keep_in(Journal(history))
    assert session.game_id == 1
    assert (history.count(result="unfinished"), stored(history, 1)) == (1, [])
    for count, text in enumerate(("b2", "a1", "c3"), start=1):
        play(session, text)
        assert stored(history, 1) == ["b2", "a1", "c3"][:count]
        assert history.get(1).result is None
    play(session, "a3", "c1", "a2")  # a2: O's column a
    record = history.get(1)
    assert (record.result, [str(timed.move) for timed in record.moves]) == (Winner.O, stored(history, 1))
    assert len(stored(history, 1)) == 6


def test_undo_and_redo_change_the_moves_on_disk(history: History) -> None:
    session = two_people()
    session.keep_in(Journal(history))
    play(session, "b2", "a1", "c3")
    session.undo()
    assert stored(history, 1) == ["b2", "a1"]
    session.redo()
    assert stored(history, 1) == ["b2", "a1", "c3"]
    session.undo()
    play(session, "a3")
    assert stored(history, 1) == ["b2", "a1", "a3"]
    assert len(history.get(1).moves) == len(session.move_seconds)


def test_a_game_left_with_no_move_is_deleted_and_one_with_a_move_is_kept_unfinished(history: History) -> None:
    session = two_people()
    session.keep_in(Journal(history))
    assert (session.leave(), history.count()) == (None, 0)
    session = two_people()
    session.keep_in(Journal(history))
    play(session, "b2")
    game_id = session.game_id
    assert session.leave() == game_id
    assert history.get(game_id or 0).result is None
    play(session, "a1")  # after leaving, nothing more is written
    assert stored(history, game_id) == ["b2"]


def test_a_swap_opening_left_before_the_colours_are_chosen_is_kept_and_resumes_where_it_stood(
    history: History,
) -> None:
    rules = replace(Rules.square(15, 5), opening=Opening.SWAP)
    session = Session(rules, PlayerLimits(9), Competitor("Ada"), Competitor("Bo"))
    session.keep_in(Journal(history))
    play(session, "h8", "h9")  # two of the three stones Ada places
    game_id = session.game_id
    assert (session.leave(), stored(history, game_id)) == (game_id, ["h8", "h9"])
    resumed = Session.resume(history.get(game_id or 0), game_id)
    assert resumed.to_move == Competitor("Ada")
    play(resumed, "i9")
    assert (resumed.chooser, resumed.opening_options) == (Competitor("Bo"), (OpeningChoice.WHITE, OpeningChoice.BLACK))
    resumed.keep_in(Journal(history))
    resumed.choose(OpeningChoice.BLACK)
    assert resumed.leave() == game_id  # the choice is something a player did: kept, with no move after it
    kept = history.get(game_id or 0)
    assert (kept.opening_choices, kept.x.name, len(kept.moves)) == (("black",), "Bo", 3)


def test_a_finished_game_left_is_kept_with_its_result_and_the_next_game_gets_a_row_of_its_own(history: History) -> None:
    session = Session(Rules.square(1, 1), PlayerLimits(0), Competitor("Ada"), Competitor("Bo"))
    session.keep_in(Journal(history))
    play(session, "a1")
    session.new_game()
    assert (history.get(1).result, session.game_id) == (Winner.X, 2)
    assert session.leave() is None  # the new game holds nothing: deleted
    assert [game.id for game in history.list_games()] == [1]


def test_a_resumed_game_goes_on_under_its_id_and_loses_a_review_once_its_moves_change(history: History) -> None:
    session = two_people()
    session.keep_in(Journal(history))
    play(session, "b2", "a1")
    session.leave()
    record = history.get(1)
    history.save_review(1, review_of(record))
    resumed = Session.resume(record, 1)
    resumed.keep_in(Journal(history))
    assert history.get_review(1) is not None  # written again as it stands: its moves are the same
    play(resumed, "c3")
    assert (stored(history, 1), history.count()) == (["b2", "a1", "c3"], 1)
    assert history.get_review(1) is None
    assert resumed.leave() == 1  # a resumed game is never deleted, only kept


def review_of(record: GameRecord) -> Review:
    """A review of an unfinished 3x3 game that calls every position a draw: values to keep and lose."""
    positions = tuple(PositionValue.proved_as(Winner.DRAW, None) for _ in range(len(record.moves) + 1))
    return build_review(record, 1.0, positions)


def test_a_file_locked_for_a_while_misses_nothing_once_it_is_free(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    problems: list[str] = []
    with History(path, timeout=0.05) as history:
        session = two_people()
        journal = Journal(history, problems.append)
        session.keep_in(journal)
        locker = sqlite3.connect(path, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")
        play(session, "b2", "a1")
        assert journal.problem is not None
        assert problems == [journal.problem]  # said once, not at every move
        assert "the file is locked by another program (waited 0.05 s)" in journal.problem
        locker.execute("ROLLBACK")
        locker.close()
        play(session, "c3")
        assert journal.problem is None
        assert stored(history, 1) == ["b2", "a1", "c3"]


def test_another_program_reads_the_game_while_it_is_played(history: History) -> None:
    session = two_people()
    session.keep_in(Journal(history))
    reader = sqlite3.connect(history.path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM moves").fetchone()  # a reader holding its snapshot
    play(session, "b2")  # does not wait for it, in the write-ahead log's mode
    reader.execute("COMMIT")
    assert reader.execute("SELECT count(*) FROM moves").fetchone() == (1,)
    reader.close()


def test_a_game_imported_with_another_program_s_information_keeps_it_when_played_on(history: History) -> None:
    session = two_people()
    session.play(session.game.parse("b2"))
    imported = replace(session.record(), properties=(("EV", ("Club night",)),))
    game_id = history.save(imported)
    resumed = Session.resume(history.get(game_id), game_id)
    resumed.keep_in(Journal(history))
    play(resumed, "a1")
    kept = history.get(game_id)
    assert (kept.properties, [str(timed.move) for timed in kept.moves]) == (imported.properties, ["b2", "a1"])
