"""Tests of the review at the terminal: the exact table of a known game, estimates, and the progress line."""

from __future__ import annotations

import io
import textwrap

from configurations import Winner
from configurations.moves import Move
from configurations.results import XScore
from tests.records import sample_record
from tictactoe.game.review.search import review_game
from tictactoe.game.review.text import LINES_HEADING
from tictactoe.game.review.values import PositionValue, build_review
from tictactoe.ui.terminal.review_table import review_progress, review_text

# How the legend ends: what the percentages are.
LEGEND_END = "X's chances of winning, as fitted to its self-play (bench/review.py --fit)"
# X keeps the draw, O's a2 loses it, X is then won (a1 b1, threat at c1) and throws the win away with c3,
# letting O complete its middle row at c2.
KNOWN_GAME = "a1 a2 b1 b2 c3"


def test_a_known_game_s_review_is_this_table() -> None:
    record = sample_record(KNOWN_GAME)
    assert review_text(4, record, review_game(record, 5.0)) == textwrap.dedent(
        """\
        Review of game 4: ada (human) as X against reference (reference) as O
        3x3, 3 in a row, 5 moves, started 2024-05-01 12:30 UTC: unfinished
        Values proved by the solver within 5 s a position, or ~ the strong player's estimate (and ~ its marks): LEGEND

        No  Side  Move  Before  After   Mark  Better
         1  X     a1    draw    draw
         2  O     a2    draw    X wins  ?     b2
         3  X     b1    X wins  X wins
         4  O     b2    X wins  X wins
         5  X     c3    X wins  O wins  ??    c1

        O threw away a draw at move 2 (a2?; b2 kept it); X threw away a win at move 5 (c3??; c1 kept it).

        LINES_HEADING
        Pos  Depth  Candidates                       Best line
          0      3  b2 draw, a1 draw, c1 draw        b2 a1 c1 a3 a2 c2
          1      2  b2 draw, c1 X wins, a3 X wins    b2 c1 b1 b3
          2      1  b2 X wins, c1 X wins, b1 X wins  fours: b1 c1 b2 b3 c3
          3      1  c1 X wins                        c1 b2 b3 c3
          4      1  c1 X wins                        c1
          5      1  c2 O wins                        c2"""
    ).replace("LEGEND", LEGEND_END).replace("LINES_HEADING", LINES_HEADING)


def test_a_review_read_back_says_so_and_a_finished_game_its_result() -> None:
    record = sample_record()
    text = review_text(1, record, review_game(record, 0.5), stored=True)
    assert text.splitlines()[1:4] == [
        "3x3, 3 in a row, 9 moves, started 2024-05-01 12:30 UTC: a draw",
        "Values proved by the solver within 0.5 s a position, or ~ the strong player's estimate (and ~ its marks):"
        " X's chances of winning, as fitted to its self-play (bench/review.py --fit)",
        "The review stored for this game: --redo reviews it again",
    ]
    assert text.splitlines()[-13:-10] == ["No move marked.", "", LINES_HEADING]
    assert text.splitlines()[-1] == "  8      1  c3 draw                    c3"


def test_estimates_read_with_a_tilde_as_x_s_chances_and_are_counted() -> None:
    record = sample_record("h8 a1 i8", size=15, length=5)
    values = (
        PositionValue.estimated(XScore(98), None, Move(7, 7)),
        PositionValue.estimated(XScore(0), None, Move(7, 8)),
        PositionValue.estimated(XScore(-1234), None, Move(7, 8)),
        PositionValue.estimated(XScore(2**40), Winner.X, Move(7, 9)),
    )
    lines = review_text(9, record, build_review(record, 0.25, values)).splitlines()
    assert lines[4:11] == [
        "No  Side  Move  Before  After    Mark  Better",
        " 1  X     h8    ~53%    ~50%",
        " 2  O     a1    ~50%    ~16%",
        " 3  X     i8    ~16%    ~X wins",
        "",
        "No move marked. 4 of 4 positions only estimated.",
        "",
    ]
    assert lines[12:] == [
        "Pos  Depth  Candidates  Best line",
        "  0         h8 53%",
        "  1         i8 50%",
        "  2         i8 16%",
        "  3         j8 X wins",
    ]


def test_progress_is_one_line_rewritten_at_a_terminal_and_nothing_elsewhere() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    with review_progress(screen) as progress:
        assert progress is not None
        progress(0, 3)
        progress(1, 3)
    assert screen.getvalue() == ("\rReviewing: 0 of 3 positions valued\rReviewing: 1 of 3 positions valued\r\x1b[K")
    piped = io.StringIO()
    with review_progress(piped) as progress:
        assert progress is None
    assert piped.getvalue() == ""
