"""The list of saved games, as both interfaces show it: its columns and each game's cells."""

from __future__ import annotations

from tictactoe.game.history import UNFINISHED, GameSummary
from tictactoe.game.record import date_text

__all__ = ["HEADINGS", "UNFINISHED", "summary_cells"]

#: The columns of the list of games, at the terminal and in the window.
HEADINGS = ("ID", "Date", "X", "O", "Result", "Board", "Length", "Moves")


def summary_cells(game: GameSummary) -> tuple[str, ...]:
    """One game's line of the list, a text for each of :data:`HEADINGS`.

    The date is when it started, in UTC (``-`` when not known); the result
    is ``X``, ``O``, ``draw``, or ``unfinished`` for a game left before its end.
    """
    return (
        str(game.id),
        "-" if game.started is None else date_text(game.started),
        game.x.name,
        game.o.name,
        UNFINISHED if game.result is None else game.result,
        game.rules.board,
        str(game.rules.k),
        str(game.move_count),
    )
