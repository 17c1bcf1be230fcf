"""The game logic of k-in-a-row: the board, its scores and the computer's search.

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
