"""Tests of tictactoe.ui.window.thinking: a search in a daemon thread, polled for its progress and outcome."""

from __future__ import annotations

import threading
import time

import pytest

from configurations import SearchStats
from configurations.moves import Move
from tictactoe.ui.window.thinking import Search


def wait_for(search: Search[Move]) -> Move:
    deadline = time.monotonic() + 10
    while (move := search.outcome()) is None:
        assert time.monotonic() < deadline
        time.sleep(0.001)
    return move


def test_progress_shows_while_the_search_runs_then_its_move() -> None:
    release = threading.Event()
    counted = threading.Event()

    def task(stats: SearchStats) -> Move:
        stats.nodes += 41
        counted.set()
        release.wait(10)
        stats.nodes += 1
        return Move(2, 1)

    search = Search(task)
    assert counted.wait(10)
    assert (search.outcome(), search.stats.nodes) == (None, 41)
    assert search.seconds >= 0
    release.set()
    assert wait_for(search) == Move(2, 1)
    assert (search.outcome(), search.stats.nodes) == (Move(2, 1), 42)


def test_the_search_runs_in_a_daemon_thread() -> None:
    threads: list[threading.Thread] = []

    def task(_stats: SearchStats) -> Move:
        threads.append(threading.current_thread())
        return Move(0, 0)

    wait_for(Search(task))
    assert threads[0] is not threading.main_thread()
    assert threads[0].daemon


def test_what_the_search_raised_is_raised_again_by_its_outcome() -> None:
    def task(_stats: SearchStats) -> Move:
        raise ModuleNotFoundError("No module named 'tictactoe.players.strong'")

    search = Search(task)
    deadline = time.monotonic() + 10
    with pytest.raises(ModuleNotFoundError, match="strong"):  # noqa: PT012 -- polled until it arrives
        while search.outcome() is None:
            assert time.monotonic() < deadline
            time.sleep(0.001)
