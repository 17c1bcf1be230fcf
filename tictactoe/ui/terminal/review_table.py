"""A game's review at the terminal (``play.py --review ID``): the table of its moves, and the progress meanwhile.

:func:`review_text` writes a reviewed game as a heading naming the game,
a line on what the values mean, a fixed-width table -- one line a move:
its number, side, square, the values before and after it, its mark and a
move that kept the result -- a line summing it up, and the best lines of
each position not over: the depth searched, the three best moves with X's
chances after each, and the best one's line (or a win by fours).
:func:`review_progress` shows, on a terminal, how far a review has come,
in one line rewritten in place.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from configurations import Winner
from tictactoe.game.record import date_text
from tictactoe.game.review.text import (
    LINE_HEADINGS,
    LINES_HEADING,
    MOVE_HEADINGS,
    legend,
    line_cells,
    move_cells,
    summary_text,
)
from tictactoe.ui.terminal.columns import aligned

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TextIO

    from tictactoe.game.record import GameRecord
    from tictactoe.game.review.values import Review

__all__ = ["STORED_NOTE", "review_progress", "review_text"]

#: The line under the heading of a review read back from the history rather than made now.
STORED_NOTE = "The review stored for this game: --redo reviews it again"
_NUMERIC = frozenset({0})  # the columns aligned to the right
_LINES_NUMERIC = frozenset({0, 1})
# How each result ends the second line of the heading.
_RESULT_WORDS = {Winner.X: "won by X", Winner.O: "won by O", Winner.DRAW: "a draw", None: "unfinished"}


def review_text(game_id: int, record: GameRecord, review: Review, *, stored: bool = False) -> str:
    """The whole review of game ``game_id``: heading, legend, the table of moves, the summary, the best lines.

    ``stored``: the review was read from the history (:data:`STORED_NOTE` says so).
    """
    started = "date unknown" if record.started is None else f"started {date_text(record.started)} UTC"
    count = len(record.moves)
    lines = [
        f"Review of game {game_id}: {record.x.name} ({record.x.kind}) as X against "
        f"{record.o.name} ({record.o.kind}) as O",
        f"{record.rules}, {count} move{'s' * (count != 1)}, {started}: {_RESULT_WORDS[record.result]}",
        legend(review),
    ]
    if stored:
        lines.append(STORED_NOTE)
    return "\n".join([*lines, "", _table(review), "", summary_text(review), "", LINES_HEADING, _best_lines(review)])


def _table(review: Review) -> str:
    return aligned([MOVE_HEADINGS, *(move_cells(move) for move in review.moves)], numeric=_NUMERIC)


def _best_lines(review: Review) -> str:
    """The table of the best lines, one row a position with a move to make."""
    rows = [line_cells(ply, value) for ply, value in enumerate(review.positions) if value.best is not None]
    return aligned([LINE_HEADINGS, *rows], numeric=_LINES_NUMERIC)


@contextlib.contextmanager
def review_progress(stream: TextIO) -> Iterator[Callable[[int, int], None] | None]:
    """How far a review has come, told to ``stream`` when it is a terminal (else None: nothing is shown).

    One line rewritten in place, cleared at the end -- also on Ctrl-C, so
    that what follows starts on a clean line.
    """
    if not stream.isatty():
        yield None
        return

    def show(done: int, total: int) -> None:
        stream.write(f"\rReviewing: {done} of {total} positions valued")
        stream.flush()

    try:
        yield show
    finally:
        stream.write("\r\033[K")
        stream.flush()
