"""The computer's move: depth-bounded minimax with alpha-beta cuts and a transposition table.

:func:`computer_play` keeps the contract of the reference search of SPEC
§3 to the letter -- the same score, row, column and node count on every
board -- and runs it with the engine of :mod:`configurations.engine`.  The
tests compare it with the reference written out line for line,
:mod:`configurations.reference_search`.
"""

from __future__ import annotations

from configurations.board import Configurations
from configurations.engine import collector_paused, fast_search
from configurations.results import PosPlay, SearchStats

__all__ = ["PosPlay", "SearchStats", "computer_play"]


def computer_play(configs: Configurations, *, stats: SearchStats | None = None) -> PosPlay:
    """The computer's (``"O"``'s) best play on ``configs`` by the reference search.

    The search tries every empty square in row-major order, looks
    ``configs.max_levels`` levels below the computer's own move (the tile
    at level ``max_levels`` is the last one placed), scores a board with
    :meth:`~Configurations.eval_board` when the move just made wins, fills
    the board or reaches that depth, and otherwise takes the score from a
    transposition table or from the search one level down, then stores it.
    The table is a fresh :meth:`~Configurations.create_dictionary` for each
    call.  Alpha-beta bounds are passed down by value and a level returns as
    soon as its bounds cross.

    Returns ``PosPlay(score, row, col)``: the score of the chosen square
    (``COMPUTER_WINS``, ``DRAW``, ``UNDECIDED`` or ``HUMAN_WINS``, as
    bounded by the cuts) and the first square in row-major order that
    reaches it; ``PosPlay(-1, -1, -1)`` when no square is empty.

    The board is left exactly as it was found (the engine works on a copy),
    even when the search is interrupted by an exception.  When ``stats`` is
    given, ``stats.nodes`` grows by the number of trial moves made -- as
    the search goes, so another thread can watch it climb -- and
    ``stats.lookups`` and ``stats.hits`` by the table lookups and the
    lookups that found a score.  Nothing is printed.

    Runtime complexity: O(nodes), the cost of a node independent of the
    board's size; nodes grow exponentially with ``max_levels``.

    >>> configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    >>> stats = SearchStats()
    >>> computer_play(configs, stats=stats), stats.nodes
    (PosPlay(score=3, row=1, col=2), 15)
    """
    if not isinstance(configs, Configurations):
        raise TypeError(f"configs must be a Configurations, not {type(configs).__name__}: {configs!r}")
    with collector_paused():
        table = configs.create_dictionary()
        score, square = fast_search(configs, table, stats if stats is not None else SearchStats())
        del table  # freed now, while the collector cannot see it (see collector_paused)
    if square < 0:
        return PosPlay(score, -1, -1)
    return PosPlay(score, *divmod(square, configs.board_size))
