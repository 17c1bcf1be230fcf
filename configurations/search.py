"""The computer's move: depth-bounded minimax with alpha-beta cuts and a transposition table.

:func:`computer_play` keeps the contract of the reference search
(docs/dictionary.md) to the letter -- the same score, row, column and node count on every
board -- and runs it with the engine of :mod:`configurations.engine`.  The
tests compare it with the reference written out line for line,
:mod:`configurations.reference_search`.
"""

from __future__ import annotations

import math
import os
from types import ModuleType

from configurations.board import Configurations
from configurations.engine import collector_paused, fast_search
from configurations.results import PosPlay, SearchStats
from hashdict import TableFullError

resource: ModuleType | None
try:
    import resource
except ImportError:  # not on Windows, which has no address-space limit to ask for
    resource = None

__all__ = [
    "PosPlay",
    "SearchMemoryError",
    "SearchStats",
    "computer_play",
    "default_memory",
    "most_positions",
    "record_bytes",
]

# What a search's table holds besides the key's characters, per board: the key string's own
# header (49 bytes) and the board's share of its chain, a tuple of keys and scores (about 56).
_RECORD_OVERHEAD = 105


class SearchMemoryError(MemoryError):
    """A search's table grew past its memory budget; the message says how to ask for a smaller one."""


def default_memory() -> int:
    """The memory a search's table may take unless told otherwise, in bytes: a quarter of the machine's.

    Where the machine does not say (no ``sysconf``), 1 GiB; and no more
    than half of the address space the process is allowed, when it is
    limited (``ulimit -v``), so that the search stops before Python runs
    out of memory.
    """
    try:
        budget = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 4
    except (AttributeError, ValueError, OSError):
        budget = 2**30
    if resource is not None:
        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
        if limit != resource.RLIM_INFINITY:
            budget = min(budget, limit // 2)
    return budget


def record_bytes(squares: int) -> int:
    """About how many bytes the table of a search on a board of ``squares`` squares takes for each board it stores.

    >>> record_bytes(9), record_bytes(676)
    (114, 781)
    """
    return squares + _RECORD_OVERHEAD


def computer_play(configs: Configurations, *, stats: SearchStats | None = None, memory: int | None = None) -> PosPlay:
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

    The table may take ``memory`` bytes (by default
    :func:`default_memory`, a quarter of the machine's): a search that would
    store more boards than fit raises :class:`SearchMemoryError`, whose
    message names a smaller ``max_levels`` and the ``strong`` player.

    Runtime complexity: O(nodes), the cost of a node independent of the
    board's size; nodes grow exponentially with ``max_levels``.

    >>> configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    >>> stats = SearchStats()
    >>> computer_play(configs, stats=stats), stats.nodes
    (PosPlay(score=3, row=1, col=2), 15)
    """
    if not isinstance(configs, Configurations):
        raise TypeError(f"configs must be a Configurations, not {type(configs).__name__}: {configs!r}")
    budget = default_memory() if memory is None else memory
    capacity = budget // record_bytes(configs.board_size**2)
    with collector_paused():
        table = configs.create_dictionary()
        try:
            score, square = fast_search(
                configs, table, stats if stats is not None else SearchStats(), capacity=capacity
            )
        except TableFullError:
            raise SearchMemoryError(_too_large(configs, budget)) from None
        finally:
            del table  # freed now, while the collector cannot see it (see collector_paused)
    if square < 0:
        return PosPlay(score, -1, -1)
    return PosPlay(score, *divmod(square, configs.board_size))


def _too_large(configs: Configurations, budget: int) -> str:
    levels = configs.max_levels
    fewer = f"search fewer levels than {levels}" if levels > 1 else "search fewer levels"
    return (
        f"the search on this {configs.board_size}x{configs.board_size} board outgrew its memory"
        f" ({budget / 2**20:.0f} MiB) at {levels} levels: {fewer}, or let the strong player move,"
        " whose table stays bounded"
    )


def most_positions(empty_squares: int, max_levels: int) -> int:
    """The most trial moves the reference search can make from a board with ``empty_squares`` free squares.

    The search expands a board (tries each of its empty squares) only
    when the board is not in its table, and stores the board once it has
    been expanded; a board with ``t`` tiles more than the start is expanded
    only when ``t <= max_levels`` and it still has an empty square.  There
    are ``comb(e, t) * comb(t, ceil(t / 2))`` such boards (``O`` moves
    first), each trying ``e - t`` squares, plus the ``e`` tries at the
    start.  Alpha-beta cuts and wins make the real count far smaller.

    >>> most_positions(8, 0), most_positions(8, 1), most_positions(0, 5)
    (8, 64, 0)
    """
    deepest = min(max_levels, empty_squares - 1)
    return empty_squares + sum(
        math.comb(empty_squares, tiles) * math.comb(tiles, (tiles + 1) // 2) * (empty_squares - tiles)
        for tiles in range(1, deepest + 1)
    )
