"""The list of saved games, as both interfaces show it: its columns and each game's cells."""

from __future__ import annotations

from tictactoe.game.history import GameSummary

__all__ = ["HEADINGS", "summary_cells"]

#: The columns of the list of games, at the terminal and in the window.
HEADINGS = ("ID", "Date", "X", "O", "Result", "Board", "Length", "Moves")


def summary_cells(game: GameSummary) -> tuple[str, ...]:
    """One game's line of the list, a text for each of :data:`HEADINGS` (the date is when it started, in UTC)."""
    return (
        str(game.id),
        game.started.strftime("%Y-%m-%d %H:%M"),
        game.x.name,
        game.o.name,
        game.result,
        f"{game.size}x{game.size}",
        str(game.length),
        str(game.move_count),
    )
