"""The reference search, line for line, over :class:`~configurations.Configurations`.

This is the contract's pseudo-code written out in Python with the very
calls it names -- ``create_dictionary``, ``repeated_configuration``,
``add_configuration``, ``wins``, ``is_draw``, ``eval_board`` -- and nothing
else, so that a reader can check it line by line against the reference search
as docs/dictionary.md describes it.  It is
slow (every node asks ``wins`` and ``is_draw`` of the whole board) and is
not what the game uses: :func:`configurations.computer_play` runs the
engine of :mod:`configurations.engine`, which must return the same score,
square and node count on every board.  The tests hold the engine against
this module, and ``python -m bench`` times one beside the other.

>>> from configurations import Configurations, SearchStats
>>> stats = SearchStats()
>>> computer_play(Configurations.from_rows(["XX ", "OO ", "X  "], 3, 4), stats=stats), stats.nodes
(PosPlay(score=3, row=1, col=2), 15)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.board import Configurations
from configurations.results import PosPlay, SearchStats
from configurations.symbols import COMPUTER, EMPTY, HUMAN, Symbol, opponent

if TYPE_CHECKING:
    from hashdict import HashDictionary

__all__ = ["computer_play"]


def computer_play(configs: Configurations, *, stats: SearchStats | None = None) -> PosPlay:
    """The computer's best play by the reference search, as :func:`configurations.computer_play` returns it.

    ``stats.nodes`` grows by one per tile placed; ``stats.lookups`` by the
    table lookups that can find a score (the first of each pair) and
    ``stats.hits`` by those that did.  Runtime: O(nodes * board_size²).
    """
    table = configs.create_dictionary()  # a fresh one for every call
    return search(configs, table, stats if stats is not None else SearchStats(), COMPUTER, -1, 4, 0)


def search(  # noqa: PLR0917 (the pseudo-code's own parameters, in its order)
    configs: Configurations,
    table: HashDictionary,
    stats: SearchStats,
    symbol: Symbol,
    highest: int,
    lowest: int,
    level: int,
) -> PosPlay:
    """``SEARCH(symbol, highest, lowest, level)`` of the reference search on ``configs``, boards stored in ``table``."""
    other = opponent(symbol)
    value = -1 if symbol == COMPUTER else 4
    best = (-1, -1)
    for row in range(configs.board_size):
        for col in range(configs.board_size):
            if not configs.square_is_empty(row, col):
                continue
            configs.save_play(row, col, symbol)
            stats.nodes += 1
            if configs.wins(symbol) or configs.is_draw() or level >= configs.max_levels:
                score = configs.eval_board()
            else:
                score = configs.repeated_configuration(table)
                stats.lookups += 1  # counted for the tests, which compare lookups with the engine's
                if score == -1:
                    score = search(configs, table, stats, other, highest, lowest, level + 1).score
                    if configs.repeated_configuration(table) == -1:
                        configs.add_configuration(table, score)
                else:
                    stats.hits += 1
            configs.save_play(row, col, EMPTY)
            if (symbol == COMPUTER and score > value) or (symbol == HUMAN and score < value):
                value = score
                best = (row, col)
                if symbol == COMPUTER and value > highest:
                    highest = value
                elif symbol == HUMAN and value < lowest:
                    lowest = value
                if highest >= lowest:
                    return PosPlay(value, *best)
    return PosPlay(value, *best)
