"""The computer's move: depth-bounded minimax with alpha-beta cuts and a transposition table.

This module is the reference search of SPEC §3, written to be read.  Any
faster engine that replaces it must keep :func:`computer_play`'s contract
to the letter: the same score, row, column and node count on every board.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurations.board import Configurations
from configurations.symbols import COMPUTER, EMPTY, Score, Symbol, opponent
from hashdict import DictionaryADT

__all__ = ["PosPlay", "SearchStats", "computer_play"]

# Bounds outside every score (HUMAN_WINS = 0 … COMPUTER_WINS = 3): the
# computer's best starts below all of them and the person's above, so the
# first square tried always becomes the best so far.
_BELOW_ALL_SCORES = -1
_ABOVE_ALL_SCORES = 4


@dataclass(frozen=True, slots=True)
class PosPlay:
    """A play and its score: the square ``(row, col)`` and what it is worth.

    >>> PosPlay(3, 1, 2)
    PosPlay(score=3, row=1, col=2)
    """

    score: Score
    row: int
    col: int


@dataclass(slots=True)
class SearchStats:
    """Counters a search adds to; every one starts at 0.

    ``nodes``: trial moves made (one per tile the search placed).
    ``lookups``: boards looked up in the transposition table.
    ``hits``: lookups that found the board's score there.

    >>> SearchStats()
    SearchStats(nodes=0, lookups=0, hits=0)
    """

    nodes: int = 0
    lookups: int = 0
    hits: int = 0


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

    The board is left exactly as it was found, even when the search is
    interrupted by an exception.  When ``stats`` is given, ``stats.nodes``
    grows by the number of trial moves made, ``stats.lookups`` and
    ``stats.hits`` by the table lookups and the lookups that found a score.
    Nothing is printed.

    Runtime complexity: O(nodes * board_size²); nodes grow exponentially
    with ``max_levels``.

    >>> configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    >>> stats = SearchStats()
    >>> computer_play(configs, stats=stats), stats.nodes
    (PosPlay(score=3, row=1, col=2), 15)
    """
    if not isinstance(configs, Configurations):
        raise TypeError(f"configs must be a Configurations, not {type(configs).__name__}: {configs!r}")
    searcher = _Searcher(configs, configs.create_dictionary(), stats if stats is not None else SearchStats())
    return searcher.search(COMPUTER, _BELOW_ALL_SCORES, _ABOVE_ALL_SCORES, 0)


class _Searcher:
    """One search: the board it works on, its table and its counters."""

    __slots__ = ("configs", "stats", "table")

    def __init__(self, configs: Configurations, table: DictionaryADT, stats: SearchStats) -> None:
        self.configs = configs
        self.table = table
        self.stats = stats

    def search(self, symbol: Symbol, highest: Score, lowest: Score, level: int) -> PosPlay:
        """The best play for ``symbol`` at ``level``, the SEARCH of SPEC §3 step by step.

        ``highest`` is the best score the computer is sure of so far and
        ``lowest`` the best the person is sure of; both are this call's own.
        """
        configs, stats, table = self.configs, self.stats, self.table
        size = configs.board_size
        computer_to_move = symbol == COMPUTER
        value = _BELOW_ALL_SCORES if computer_to_move else _ABOVE_ALL_SCORES
        best_row = best_col = -1
        for row in range(size):
            for col in range(size):
                if not configs.square_is_empty(row, col):
                    continue
                configs.save_play(row, col, symbol)
                stats.nodes += 1
                try:
                    if configs.wins(symbol) or configs.is_draw() or level >= configs.max_levels:
                        score = configs.eval_board()
                    else:
                        stats.lookups += 1
                        score = configs.repeated_configuration(table)
                        if score == -1:
                            score = self.search(opponent(symbol), highest, lowest, level + 1).score
                            # The reference asks the table again before storing, but the
                            # search below only stores boards with more tiles than this one,
                            # so this board cannot be there yet.
                            configs.add_configuration(table, score)
                        else:
                            stats.hits += 1
                finally:
                    configs.save_play(row, col, EMPTY)
                if (score > value) if computer_to_move else (score < value):
                    value, best_row, best_col = score, row, col
                    if computer_to_move:
                        highest = max(highest, value)
                    else:
                        lowest = min(lowest, value)
                    if highest >= lowest:
                        return PosPlay(value, best_row, best_col)
        return PosPlay(value, best_row, best_col)
