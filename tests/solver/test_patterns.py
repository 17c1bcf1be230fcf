"""The patterns the strong player's evaluation reads, against models: a line's patterns are those a scan of its
text finds, the sums kept move by move are those worked out afresh from the tiles, and the search's score at its
horizon on a large board is what the patterns of each position it stops at say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations.rules import Rules
from tictactoe.solver.geometry import geometry
from tictactoe.solver.patterns import LinePatterns, line_weights, pattern_counts
from tictactoe.solver.position import Position
from tictactoe.solver.search_board import CROSS, SearchBoard
from tictactoe.solver.strong_search import ROOT_WIDTH, StrongSearch

SETTINGS = settings(deadline=None, max_examples=150, derandomize=True, database=None)


def scan(text: str, mine: str, length: int) -> tuple[list[int], list[int]]:
    """The open and closed patterns of ``mine`` in ``text`` (``.`` empty), read from the text itself."""
    opens, closed = [0] * (length + 1), [0] * (length + 1)
    for start in range(len(text) - length + 1):
        window = text[start : start + length]
        if all(square in (mine, ".") for square in window):
            closed[window.count(mine)] += 1
    for start in range(len(text) - length):
        window = text[start : start + length + 1]
        if window[0] == window[-1] == "." and all(square in (mine, ".") for square in window):
            opens[window.count(mine)] += 1
    return opens, closed


@SETTINGS
@given(st.integers(1, 26).flatmap(lambda size: st.tuples(st.just(size), st.text("XO.", min_size=size, max_size=size))))
def test_a_line_s_patterns_are_those_a_scan_of_its_text_finds(line: tuple[int, str]) -> None:
    size, text = line
    xs = sum(1 << place for place, square in enumerate(text) if square == "X")
    os = sum(1 << place for place, square in enumerate(text) if square == "O")
    for length in range(1, min(size, 7) + 1):
        assert pattern_counts(xs, os, size, length) == scan(text, "X", length)
        assert pattern_counts(os, xs, size, length) == scan(text, "O", length)


def scan_under(text: str, mine: str, length: int, *, exact: bool, caro: bool) -> tuple[list[int], list[int]]:
    """:func:`scan` of what can still win under a variant: with ``exact``, no pattern with ``mine`` just beyond it
    (filled, an overline); with ``caro``, no closed pattern between two of the other's tiles."""
    padded = f"#{text}#"  # the edge: neither player's
    other = "O" if mine == "X" else "X"
    opens, closed = [0] * (length + 1), [0] * (length + 1)
    for start in range(1, len(text) - length + 2):
        window, before, after = padded[start : start + length], padded[start - 1], padded[start + length]
        beyond = (exact and mine in (before, after)) or (caro and before == after == other)
        if all(square in (mine, ".") for square in window) and not beyond:
            closed[window.count(mine)] += 1
    for start in range(1, len(text) - length + 1):
        window, before, after = padded[start : start + length + 1], padded[start - 1], padded[start + length + 1]
        free = window[0] == window[-1] == "." and all(square in (mine, ".") for square in window)
        if free and not (exact and mine in (before, after)):
            opens[window.count(mine)] += 1
    return opens, closed


@SETTINGS
@given(st.integers(1, 20).flatmap(lambda size: st.tuples(st.just(size), st.text("XO.", min_size=size, max_size=size))))
def test_a_line_s_patterns_under_a_variant_are_those_a_scan_finds(line: tuple[int, str]) -> None:
    size, text = line
    xs = sum(1 << place for place, square in enumerate(text) if square == "X")
    os = sum(1 << place for place, square in enumerate(text) if square == "O")
    for length in range(1, min(size, 6) + 1):
        for exact, caro in ((True, False), (False, True)):
            found = pattern_counts(xs, os, size, length, exact=exact, caro=caro)
            assert found == scan_under(text, "X", length, exact=exact, caro=caro), (text, length, exact)


def test_an_open_three_weighs_more_than_a_closed_one_and_the_mover_s_more_than_the_other_s() -> None:
    open_three, closed_three = line_weights(0b0011100, 0, 7, 5), line_weights(0b0011100, 0b1000000, 7, 5)
    assert open_three[0] > closed_three[0] > 0  # ..XXX.. against ..XXX.O, X to move
    assert open_three[0] > open_three[1]  # the same three, with O to move: a tempo further from a line
    assert line_weights(0, 0b0011100, 7, 5) == (0, 0, open_three[0], open_three[1])  # O's three, mirrored


@st.composite
def games(draw: st.DrawFn) -> tuple[int, int, int, list[int], list[bool]]:
    """A board (rows, columns, length), squares to try in turn, and after which of them to take one back."""
    rows, cols = draw(st.integers(3, 11)), draw(st.integers(3, 11))
    length = draw(st.integers(2, min(6, max(rows, cols))))
    order = draw(st.permutations(range(rows * cols)))
    takebacks = draw(st.lists(st.booleans(), min_size=len(order), max_size=len(order)))
    return rows, cols, length, list(order[: draw(st.integers(0, len(order)))]), takebacks


def afresh(rows: int, cols: int, length: int, tiles: list[int]) -> list[int]:
    """The sums of line weights, every line of the board read from the tiles: the squares grouped by their row,
    their column, their column less their row (a diagonal) and their column plus their row (an anti-diagonal),
    each group in the order of its rows, then columns."""
    groups: dict[tuple[str, int], list[int]] = {}
    for square in range(rows * cols):
        row, col = divmod(square, cols)
        for name, value in (("row", row), ("column", col), ("diagonal", col - row), ("anti", col + row)):
            groups.setdefault((name, value), []).append(square)
    sums = [0, 0, 0, 0]
    for line in groups.values():
        if len(line) < length:
            continue
        xs = sum(1 << place for place, square in enumerate(line) if tiles[0] >> square & 1)
        os = sum(1 << place for place, square in enumerate(line) if tiles[1] >> square & 1)
        sums = [a + b for a, b in zip(sums, line_weights(xs, os, len(line), length), strict=True)]
    return sums


@pytest.mark.slow
@SETTINGS
@given(games())
def test_the_patterns_kept_move_by_move_are_those_worked_out_afresh(
    game: tuple[int, int, int, list[int], list[bool]],
) -> None:
    rows, cols, length, squares, takebacks = game
    shape = geometry(rows, cols, length)
    patterns = LinePatterns(shape)
    tiles = [0, 0]
    played: list[int] = []
    for square, takeback in zip(squares, takebacks, strict=False):
        player = len(played) % 2
        patterns.play(square, player)
        tiles[player] |= 1 << square
        played.append(square)
        if takeback:
            patterns.undo()
            tiles[player] &= ~(1 << played.pop())
    assert patterns.sums == LinePatterns(shape, x_tiles=tiles[0], o_tiles=tiles[1]).sums
    assert list(patterns.sums) == afresh(rows, cols, length, tiles)


def test_a_one_ply_search_of_a_large_board_scores_each_move_by_the_patterns_after_it() -> None:
    """With nothing forcing on the board, a search of one ply is the best of the root's moves, each scored at
    the horizon by the patterns of the position after it, as the opponent to move sees them, negated."""
    rows = ["." * 15] * 6 + [".....O.X.......", "......X........", ".....O.........", *["." * 15] * 6]
    position = Position.from_rows(rows, length=5)
    board = SearchBoard(position)
    assert board.mover == CROSS
    assert board.threats == (0, 0)
    best = None
    for move in board.ordered_moves()[:ROOT_WIDTH]:
        sums = afresh(15, 15, 5, [position.x_tiles | 1 << move, position.o_tiles])
        score = -(sums[2] - sums[1])  # O to move after it: O's patterns as the mover's, less X's as the other's
        best = score if best is None else max(best, score)
    choice = StrongSearch(Rules.square(15, 5)).choose(position, max_plies=1, think=60.0)
    assert (choice.depth, choice.score) == (1, best)
