"""The game logic of k-in-a-row: the board, its scores and the computer's search.

The board (:mod:`~configurations.board`) is drawn for a person by
:mod:`~configurations.drawing`; its length-k windows, which every floor
asks, are :mod:`~configurations.lines`; a square typed as ``b3`` is a move
(:mod:`~configurations.moves`), a typed number is read by
:mod:`~configurations.numbers`; the players' symbols, sides and winners are
:mod:`~configurations.symbols`, and what a search proved and its scores
:mod:`~configurations.results`.  The rules of a game are one value
(:mod:`~configurations.rules`), and what each variant counts as a win, with
renju's forbidden points, is :mod:`~configurations.variants`.  The
computer's search (:mod:`~configurations.search`) is the contract's
reference search (:mod:`~configurations.reference_search`) run by a fast
engine (:mod:`~configurations.engine`) over bit tables
(:mod:`~configurations.bitboard`).

>>> from configurations import Configurations, computer_play
>>> configs = Configurations.from_rows(["XX ", "O  ", "   "], length_to_win=3, max_levels=2)
>>> computer_play(configs)
PosPlay(score=1, row=0, col=2)
"""

from configurations.board import Configurations, dictionary_size
from configurations.drawing import column_label, draw_board
from configurations.results import Outcome
from configurations.search import PosPlay, SearchStats, computer_play
from configurations.symbols import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    EMPTY,
    HUMAN,
    HUMAN_WINS,
    UNDECIDED,
    Score,
    Side,
    Symbol,
    Winner,
    opponent,
)

__all__ = [
    "COMPUTER",
    "COMPUTER_WINS",
    "DRAW",
    "EMPTY",
    "HUMAN",
    "HUMAN_WINS",
    "UNDECIDED",
    "Configurations",
    "Outcome",
    "PosPlay",
    "Score",
    "SearchStats",
    "Side",
    "Symbol",
    "Winner",
    "column_label",
    "computer_play",
    "dictionary_size",
    "draw_board",
    "opponent",
]
