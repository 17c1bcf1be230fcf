"""Tables aligned by the columns a terminal draws: wide CJK characters and emoji two, combining marks none."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from configurations.rules import Rules
from tictactoe.game.history import GameSummary
from tictactoe.game.record import Competitor
from tictactoe.ui.terminal.browse import history_table
from tictactoe.ui.terminal.columns import aligned, display_width


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("Ada", 3),
        ("李雷", 4),  # CJK: wide
        ("ｶﾀｶﾅ", 4),  # half-width katakana: narrow
        ("한글", 4),  # hangul: wide
        ("\uff26\uff55\uff4c\uff4c", 8),  # full-width Latin
        ("\U0001f3b2", 2),  # an emoji: wide
        ("\u263a", 1),  # a symbol drawn as text
        ("\u263a\ufe0f", 2),  # the same asked for as emoji
        ("\U0001f469\u200d\U0001f4bb", 2),  # two emoji joined into one
        ("e\u0301", 1),  # e and a combining acute accent
        ("a\u200bb", 2),  # a zero-width space
        ("", 0),
    ],
)
def test_display_width_counts_the_columns_a_terminal_draws(text: str, columns: int) -> None:
    assert display_width(text) == columns


# Pieces whose widths are known, to build cells from: (text, columns).
PIECES = [("a", 1), ("7", 1), ("李", 2), ("\U0001f3b2", 2), ("e\u0301", 1), ("ﾅ", 1), ("한", 2)]


@given(
    st.lists(st.lists(st.lists(st.sampled_from(PIECES), max_size=4), min_size=3, max_size=3), min_size=1, max_size=5)
)
def test_every_column_starts_at_the_same_terminal_column_on_every_line(
    table: list[list[list[tuple[str, int]]]],
) -> None:
    rows = [["".join(text for text, _ in cell) for cell in row] for row in table]
    widths = [[sum(columns for _, columns in cell) for cell in row] for row in table]
    lines = aligned(rows, numeric={1}).split("\n")
    widest = [max(row[column] for row in widths) for column in range(3)]
    for line, row, cell_widths in zip(lines, rows, widths, strict=True):
        # Each line is its cells padded to the widest of their column, two spaces apart: the left column
        # padded after, the numeric one before, the last one's padding cut.
        padded = [
            row[0] + " " * (widest[0] - cell_widths[0]),
            " " * (widest[1] - cell_widths[1]) + row[1],
            row[2],
        ]
        assert line == "  ".join(padded).rstrip()


def test_the_history_table_lines_up_names_in_chinese_and_with_emoji() -> None:
    def summary(game: int, x: str, o: str) -> GameSummary:
        return GameSummary(game, Competitor(x), Competitor(o), Rules.square(3, 3), None, None, None, game)

    assert history_table([summary(2, "Bo", "韩梅梅"), summary(1, "李雷", "Ada \U0001f3b2")]) == (
        "ID  Date  X     O       Result      Board  Length  Moves\n"
        " 2  -     Bo    韩梅梅  unfinished  3x3         3      2\n"
        " 1  -     李雷  Ada \U0001f3b2  unfinished  3x3         3      1"
    )
