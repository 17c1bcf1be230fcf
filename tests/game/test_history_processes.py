"""The history file with other processes: a reader during saves, and a writer killed while saving."""

from __future__ import annotations

import itertools
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.history_writer import batches
from tests.paths import ROOT
from tictactoe.game.history import History
from tictactoe.game.record import GameRecord

# Enough transactions for the reader to fall between them many times.
BATCHES = 60


def writer(path: Path, seed: int, batches: int | None = None, *, paced: bool = False) -> subprocess.Popen[str]:
    """The writer saving the batches of ``seed`` to ``path``: ``batches`` of them, or until killed; when
    ``paced``, each only once a line is written to its standard input."""
    count = [] if batches is None else [str(batches)]
    command = [sys.executable, "-m", "tests.history_writer", str(path), str(seed), *count]
    stdin = subprocess.PIPE if paced else None
    return subprocess.Popen(
        [*command, *(["--paced"] if paced else [])], cwd=ROOT, stdin=stdin, stdout=subprocess.PIPE, text=True
    )


def torn_games(connection: sqlite3.Connection) -> list[int]:
    """The games whose moves rows do not match their move count, and the moves rows of no game, in one statement."""
    rows = connection.execute(
        """SELECT id FROM games WHERE move_count != (SELECT count(*) FROM moves WHERE game_id = games.id)
           UNION ALL SELECT -game_id FROM moves WHERE game_id NOT IN (SELECT id FROM games)"""
    ).fetchall()
    return [game_id for (game_id,) in rows]


@pytest.mark.slow
def test_a_reader_sees_a_game_whole_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path).close()
    reader = sqlite3.connect(path, timeout=30)
    with History(path, timeout=30) as history, writer(path, seed=1, batches=BATCHES) as process:
        while process.poll() is None:
            assert torn_games(reader) == []
            for summary in history.list_games(limit=3):
                assert len(history.get(summary.id).moves) == summary.move_count
        assert process.returncode == 0
        expected = sum(len(batch) for _, batch in zip(range(BATCHES), batches(1), strict=False))
        assert history.count() == expected
    reader.close()


@pytest.mark.slow
def test_between_two_saves_a_reader_sees_every_game_of_the_first_and_none_of_the_second(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path).close()
    reader = sqlite3.connect(path, timeout=30)
    saved = 0
    with writer(path, seed=3, batches=8, paced=True) as process:
        assert process.stdin is not None
        assert process.stdout is not None
        for batch in itertools.islice(batches(3), 8):
            process.stdin.write("\n")
            process.stdin.flush()
            assert len(process.stdout.readline().split()) == len(batch)  # the batch is committed
            saved += len(batch)
            assert reader.execute("SELECT count(*) FROM games").fetchone() == (saved,)
            assert torn_games(reader) == []
        process.stdin.close()
    assert process.wait() == 0
    reader.close()


@pytest.mark.slow
def test_a_writer_killed_while_saving_loses_no_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    rng = random.Random(2)
    saved: dict[int, GameRecord] = {}
    logs_left = 0
    for seed in range(5):
        expected = batches(seed)
        with writer(path, seed) as process:
            assert process.stdout is not None
            for _ in range(rng.randint(1, 4)):
                ids = [int(game_id) for game_id in process.stdout.readline().split()]
                saved.update(zip(ids, next(expected), strict=True))
            time.sleep(rng.uniform(0, 0.1))
            process.send_signal(signal.SIGKILL)
        log = Path(f"{path}-wal")
        logs_left += log.exists() and log.stat().st_size > 0  # writes the killed program had not checkpointed
        connection = sqlite3.connect(path)
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert torn_games(connection) == []
        connection.close()
    with History(path) as history:
        assert all(history.get(game_id) == record for game_id, record in saved.items())
        assert history.count() >= len(saved)
    assert logs_left > 0  # some kills left the write-ahead log for the next program to recover from
