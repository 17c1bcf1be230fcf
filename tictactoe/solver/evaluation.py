"""How good a position looks to the player to move, when the search can look no further.

The measure is the line-weight idea: every window a player can still
complete (one holding none of the opponent's tiles) counts for that player,
the more the more of its tiles it holds -- ``VALUE_BASE ** (tiles - 1)``,
kept up to date move by move in :attr:`SearchBoard.values
<tictactoe.solver.search_board.SearchBoard>`.  An open three of five in a row lies
in three such windows, a three closed at one end in fewer, so open lines
count for more than closed ones without naming the patterns.

The player to move is a tempo ahead: its windows count
``TEMPO_NUMERATOR / TEMPO_DENOMINATOR`` times those of the opponent, who
must answer before building.

>>> from tictactoe.solver.search_board import SearchBoard
>>> from tictactoe.solver.position import Position
>>> evaluate(SearchBoard(Position.from_rows(["X..", "...", "..."], length=3)))  # O to move; X: 3 windows of 1
-6
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.solver.search_board import SearchBoard

__all__ = ["TEMPO_DENOMINATOR", "TEMPO_NUMERATOR", "evaluate"]

#: The mover's windows count TEMPO_NUMERATOR / TEMPO_DENOMINATOR times the opponent's.
TEMPO_NUMERATOR = 3
TEMPO_DENOMINATOR = 2


def evaluate(board: SearchBoard) -> int:
    """The position's worth to the player to move: above 0 is good for it.

    Runtime complexity: O(1); the board keeps the sums.
    """
    mine, theirs = board.values[board.mover], board.values[1 - board.mover]
    return mine * TEMPO_NUMERATOR - theirs * TEMPO_DENOMINATOR
