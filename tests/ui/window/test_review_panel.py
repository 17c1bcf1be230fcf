"""Tests of the review beside the window's replay: made in a worker thread with its progress, kept, shown with its
graph, the highlight following the replay, and stopped when the window closes.

Real windows on a virtual X server (:mod:`tests.windows`) and real history
files: the replay is opened from Game > Previous games as a person opens it.
Set ``REVIEW_SCREENSHOT=docs/review.png`` to save the screenshot of the
replay with its review as the guide's picture.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

import pytest

from tests.paths import ROOT
from tests.records import sample_record
from tests.screenshots import grab, hex_colour, xwd_available
from tests.ui.window.test_previous import open_previous, step_keys
from tests.windows import TIMEOUT, classic
from tictactoe.game.history import History, HistoryError
from tictactoe.game.record import Competitor
from tictactoe.game.review import search
from tictactoe.game.review.search import review_game
from tictactoe.game.review.text import MOVE_HEADINGS
from tictactoe.solver import Position, Solution, solve
from tictactoe.ui.window.board_view import BETTER_COLOUR
from tictactoe.ui.window.dialogs import ERROR_COLOUR
from tictactoe.ui.window.review_graph import MARK_COLOUR, POINT_COLOUR, SHOWN_COLOUR
from tictactoe.ui.window.review_panel import NOT_REVIEWED, REVIEW_THINK, ReviewPanel

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tictactoe.game.review.values import Review
    from tictactoe.ui.window.app import GameWindow
    from tictactoe.ui.window.replay_window import ReplayWindow

# X keeps the draw, O's a2 loses it, X is then won and throws the win away with c3 (as at the terminal).
KNOWN_GAME = "a1 a2 b1 b2 c3"
# A 15x15 game whose review takes many seconds: each position not proved at once is estimated for a while.
LONG_GAME = "h8 a1 j8 a3 g10 c1 k6 c3 e5 e1 m11 e3 c12 g1 l3 g3 f2 i1 n14 i3"


def replay_of(open_window: Callable[..., GameWindow], db: Path, game_id: int) -> ReplayWindow:
    previous = open_previous(open_window(classic(), db=db))
    previous.select(game_id)
    replay = previous.replay_selected()
    assert replay is not None
    replay.top.update()
    return replay


def panel_of(replay: ReplayWindow) -> ReviewPanel:
    assert replay.review is not None
    return replay.review


def run_until(replay: ReplayWindow, done: Callable[[], bool]) -> None:
    """Let the window run until ``done()``, as a person waits, within :data:`TIMEOUT`."""
    deadline = time.monotonic() + TIMEOUT
    while not done():
        assert time.monotonic() < deadline, f"still waiting; the panel says {panel_of(replay).status_text!r}"
        replay.top.update()
        time.sleep(0.01)
    replay.top.update()


def click_row(panel: ReviewPanel, number: int) -> None:
    """Click move ``number``'s line in the table, as a person does."""
    panel.tree.update()
    box = panel.tree.bbox(str(number))
    assert isinstance(box, tuple)  # the line is in view
    x, y, width, height = box
    panel.tree.event_generate("<Button-1>", x=x + width // 2, y=y + height // 2)
    panel.tree.event_generate("<ButtonRelease-1>", x=x + width // 2, y=y + height // 2)
    panel.tree.update()


def click_point(panel: ReviewPanel, ply: int) -> None:
    """Click the graph's point of the position after ``ply`` moves."""
    canvas = panel.graph.canvas
    left, top, right, bottom = canvas.coords(canvas.find_withtag(f"ply{ply}")[0])
    canvas.event_generate("<Button-1>", x=round((left + right) / 2), y=round((top + bottom) / 2))
    canvas.update()


@pytest.mark.slow
def test_a_review_is_made_in_the_window_kept_and_follows_the_replay(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save_all([sample_record(), sample_record(KNOWN_GAME)])
    replay = replay_of(open_window, db, 2)
    panel = panel_of(replay)
    assert (panel.status_text, panel.rows(), panel.graph.points()) == (NOT_REVIEWED, [], [])
    assert str(panel.button.cget("text")) == "Review"
    panel.button.invoke()
    assert panel.status_text == "Reviewing: 0 of 6 positions valued"
    assert panel.button.instate(["disabled"])
    summary = "O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it)."
    run_until(replay, lambda: panel.status_text == summary)
    assert panel.rows() == [
        ("1", "X", "a1", "draw", "draw", "", ""),
        ("2", "O", "a2", "draw", "X wins", "?", "b2"),
        ("3", "X", "b1", "X wins", "X wins", "", ""),
        ("4", "O", "b2", "X wins", "X wins", "", ""),
        ("5", "X", "c3", "X wins", "O wins", "??", "c1"),
    ]
    assert panel.graph.points() == [
        (0, "proved", False),
        (1, "proved", False),
        (2, "proved", True),
        (3, "proved", False),
        (4, "proved", False),
        (5, "proved", True),
    ]
    assert (panel.graph.highlighted(), panel.selected_move()) == (0, None)
    step_keys(replay, "<Right>", "<Right>")
    assert (replay.caption_text, panel.graph.highlighted(), panel.selected_move()) == ("Move 2: O plays a2", 2, 2)
    step_keys(replay, "<End>")
    assert (panel.graph.highlighted(), panel.selected_move()) == (5, 5)
    click_row(panel, 3)
    assert (replay.caption_text, panel.graph.highlighted(), panel.selected_move()) == ("Move 3: X plays b1", 3, 3)
    click_point(panel, 1)
    assert (replay.caption_text, panel.graph.highlighted(), panel.selected_move()) == ("Move 1: X plays a1", 1, 1)
    with History(db) as history:
        kept = history.get_review(2)
    assert kept is not None
    assert kept.think == REVIEW_THINK
    replay.close()
    again = panel_of(replay_of(open_window, db, 2))  # the review kept is shown at once
    assert (again.status_text, again.rows()[1], str(again.button.cget("text"))) == (
        summary,
        ("2", "O", "a2", "draw", "X wins", "?", "b2"),
        "Review again",
    )


@pytest.mark.slow
def test_closing_the_window_during_a_review_stops_it_and_keeps_nothing(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save(sample_record(LONG_GAME, size=15, length=5))
    replay = replay_of(open_window, db, 1)
    panel = panel_of(replay)
    panel.button.invoke()
    shown = [f"Reviewing: {done} of 21 positions valued" for done in range(2, 21)]
    run_until(replay, lambda: panel.status_text in shown)
    step_keys(replay, "<Right>")  # the window answers while the review runs
    assert (replay.caption_text, panel.graph.highlighted()) == ("Move 1: X plays h8", None)
    work = panel.work
    assert work is not None
    replay.close()
    assert work.stopping
    work.thread.join(TIMEOUT)
    assert not work.thread.is_alive()
    assert work.done < work.total
    with History(db) as history:
        assert history.get_review(1) is None


def test_a_screenshot_shows_the_graph_s_points_and_marks(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    if not xwd_available():
        pytest.skip("xwd is not installed (Debian: x11-apps)")
    db = tmp_path / "games.sqlite3"
    record = sample_record(KNOWN_GAME)
    with History(db) as history:
        game_id = history.save(record)
        history.save_review(game_id, review_game(record, 5.0))
    replay = replay_of(open_window, db, game_id)
    step_keys(replay, "<Right>", "<Right>", "<Right>")
    image = grab(replay.top)
    image.write_png(tmp_path / "review.png")
    canvas = panel_of(replay).graph.canvas
    for ply in range(6):
        left, top, right, bottom = canvas.coords(canvas.find_withtag(f"ply{ply}")[0])
        colour = MARK_COLOUR if ply in (2, 5) else POINT_COLOUR
        # Beside the centre: the line of the position shown crosses its point there.
        assert image.at(canvas, round((left + right) / 2) + 2, round((top + bottom) / 2)) == hex_colour(colour), ply
    left, top, right, _ = canvas.coords(canvas.find_withtag("ring")[0])
    ring = [image.at(canvas, round((left + right) / 2), round(top) + step) for step in range(-1, 3)]
    assert hex_colour(SHOWN_COLOUR) in ring


@pytest.mark.slow
def test_replaying_another_game_stops_the_review_under_way(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    with History(db) as history:
        history.save_all([sample_record(LONG_GAME, size=15, length=5), sample_record(KNOWN_GAME)])
    previous = open_previous(open_window(classic(), db=db))
    previous.select(1)
    replay = previous.replay_selected()
    assert replay is not None
    panel = panel_of(replay)
    panel.button.invoke()
    work = panel.work
    assert work is not None
    previous.select(2)
    assert previous.replay_selected() is replay  # the same window, showing game 2
    assert (work.stopping, panel.status_text, panel.rows()) == (True, NOT_REVIEWED, [])
    work.thread.join(TIMEOUT)
    assert not work.thread.is_alive()
    replay.top.update()
    assert panel.status_text == NOT_REVIEWED  # nothing of game 1's review shows up


@pytest.mark.slow
def test_a_review_that_cannot_be_kept_is_shown_and_says_why(open_window: Callable[..., GameWindow]) -> None:
    root = open_window(classic()).root

    def refuse(_review: Review) -> None:
        raise HistoryError("games.sqlite3: the file is read-only")

    panel = ReviewPanel(root, sample_record(KNOWN_GAME), None, refuse, lambda _position: None)
    panel.frame.grid()
    panel.start()
    deadline = time.monotonic() + TIMEOUT
    while str(panel.button.cget("state")) == "disabled" and time.monotonic() < deadline:
        root.update()
        time.sleep(0.01)
    assert panel.status_text == (
        "O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it)."
        " Not kept: games.sqlite3: the file is read-only"
    )
    assert len(panel.rows()) == 5


# 15x15: X makes an open three (h8 i8 j8) and O ignores it with a3: a blunder the solver cannot prove in 0.1 s.
BLUNDER_GAME = "h8 a1 i8 a2 j8 a3 k8"


def test_a_blunder_marked_by_the_estimate_shows_its_better_move_on_the_board(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    """Set ``REVIEW_SCREENSHOT=docs/review.png`` to save this screenshot as the guide's picture."""
    db = tmp_path / "games.sqlite3"
    record = sample_record(BLUNDER_GAME, size=15, length=5, x=Competitor("Ada"), o=Competitor("Bob"))
    review = review_game(record, 0.1)
    with History(db) as history:
        game_id = history.save(record)
        history.save_review(game_id, review)
    replay = replay_of(open_window, db, game_id)
    panel = panel_of(replay)
    blunder = panel.rows()[5]
    assert blunder[:3] == ("6", "O", "a3")
    assert (blunder[5], blunder[6]) == (review.moves[5].mark_text, str(review.moves[5].better))
    assert blunder[5] in ("~?", "~??")
    assert [point for point in panel.graph.points() if point[2]] == [(6, "proved", True)]
    step_keys(replay, *["<Right>"] * 5)
    assert replay.board.better_drawn() is None  # X's j8 is not marked
    step_keys(replay, "<Right>")
    better = review.moves[5].better
    assert better is not None
    assert (replay.caption_text, replay.board.better_drawn(), panel.selected_move()) == (
        "Move 6: O plays a3",
        better,
        6,
    )
    # X's win from here, numbered on the board from 7 on: its open four first (a win by fours, both sides' moves).
    best_line = review.best_line(6)
    assert str(best_line[0]) in ("g8", "k8")
    assert replay.board.numbers_drawn() == {move: str(number) for number, move in enumerate(best_line, 7)}
    assert [replay.board.tile_at(move) for move in best_line] == ["X", "O", "X"][: len(best_line)]
    replay.canvas.event_generate("<Configure>", width=400, height=400)  # a resized board keeps it
    replay.top.update()
    assert replay.board.numbers_drawn() == {move: str(number) for number, move in enumerate(best_line, 7)}
    for row in panel.rows():  # every value whole in its column
        for heading, cell in zip(MOVE_HEADINGS, row, strict=True):
            assert panel.tree.column(heading, "width") >= panel.text_width(cell), (heading, cell)
    if not xwd_available():
        return
    image = grab(replay.top)
    if os.environ.get("REVIEW_SCREENSHOT"):
        image.write_png(ROOT / os.environ["REVIEW_SCREENSHOT"])
    left, top, right, _ = replay.board.geometry.box(better)
    # The frame's top edge: the best line's first stone may cover the middle of its square.
    edge = top + max(2, replay.board.geometry.square // 12) // 2 + 1
    ring = [image.at(replay.canvas, x, edge) for x in range(left, right)]
    assert hex_colour(BETTER_COLOUR) in ring


def test_a_review_whose_search_fails_says_so_in_one_red_line_and_shows_what_it_had(
    open_window: Callable[..., GameWindow], monkeypatch: pytest.MonkeyPatch
) -> None:
    solved: list[Position] = []

    def failing_solve(position: Position, seconds: float) -> Solution:
        if len(solved) == 3:
            raise RecursionError("maximum recursion depth exceeded")
        solved.append(position)
        return solve(position, seconds)

    monkeypatch.setattr(search, "solve", failing_solve)
    root = open_window(classic()).root
    panel = ReviewPanel(root, sample_record(KNOWN_GAME), None, lambda _review: None, lambda _position: None)
    panel.frame.grid()
    panel.start()
    deadline = time.monotonic() + TIMEOUT
    while str(panel.button.cget("state")) == "disabled" and time.monotonic() < deadline:
        root.update()
        time.sleep(0.01)
    assert (
        panel.status_text == "The review stopped at position 3 of 5: RecursionError: maximum recursion depth exceeded"
    )
    assert str(panel._status.cget("foreground")) == ERROR_COLOUR
    assert panel.rows() == [("1", "X", "a1", "draw", "draw", "", ""), ("2", "O", "a2", "draw", "X wins", "?", "b2")]
    assert [point[0] for point in panel.graph.points()] == [0, 1, 2]


def test_the_replay_keeps_its_size_when_a_game_with_a_review_follows_one_without(
    open_window: Callable[..., GameWindow], tmp_path: Path
) -> None:
    """The status, the legend and the table's columns grew with the review: the window changed size under the
    pointer."""
    db = tmp_path / "games.sqlite3"
    record = sample_record(BLUNDER_GAME, size=15, length=5, x=Competitor("Ada"), o=Competitor("Bob"))
    with History(db) as history:
        history.save(record)
        game_id = history.save(record)
        history.save_review(game_id, review_game(record, 0.1))
    previous = open_previous(open_window(classic(), db=db))
    previous.select(1)
    replay = previous.replay_selected()
    assert replay is not None
    replay.top.update()
    size = (replay.top.winfo_width(), replay.top.winfo_height())
    assert panel_of(replay).status_text == NOT_REVIEWED
    previous.select(game_id)
    assert previous.replay_selected() is replay  # the same window, the reviewed game in it
    replay.top.update()
    panel = panel_of(replay)
    assert len(panel.rows()) == len(record.moves)
    assert panel.status_text != NOT_REVIEWED
    assert (replay.top.winfo_width(), replay.top.winfo_height()) == size
