"""The game against the 3x3 game graph (``python -m tictactoe.gamegraph play``), played as the main game is.

The person takes a side; the graph's best moves play the other, as the
``perfect`` player (:class:`~tictactoe.players.perfect.PerfectPlayer`).  Everything
else is the main game's conversation (:mod:`tictactoe.ui.terminal.conversation`):
the same board, moves typed as ``b2``, ``undo``, ``hint``, ``help``, and at a
terminal another game when one ends.

>>> import io
>>> out = io.StringIO()
>>> typed = iter(["", "Z", "o"])
>>> choose_side(lambda prompt: next(typed), out), out.getvalue()
('O', "Type X or O (or quit), not 'Z'\\n")
"""

from __future__ import annotations

from typing import TextIO

from configurations import Side
from configurations.rules import Rules
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerKind, PlayerLimits
from tictactoe.ui.settings import Settings, default_name
from tictactoe.ui.terminal.reader import Reader

__all__ = ["HELP", "SIDE_PROMPT", "choose_side", "graph_settings"]

SIDE_PROMPT = "Play X or O? X moves first: "
HELP = (
    "You play X or O against the game graph, which knows the value of every 3x3 position: the best you can\n"
    "do is a draw. Moves are typed as in play.py, column letter then row number (b2); undo, redo, hint, help\n"
    "and quit work as there."
)
_SIZE = 3


def choose_side(read_line: Reader, out: TextIO) -> str | None:
    """The side the person types, asked until it is ``X`` or ``O`` (in either case); None when the person quits."""
    while True:
        typed = read_line(SIDE_PROMPT).strip()
        answer = typed.upper()
        if answer in (Side.X, Side.O):
            return answer
        if answer == "QUIT":
            return None
        if typed:
            print(f"Type {Side.X} or {Side.O} (or quit), not {typed!r}", file=out)


def graph_settings(person: str) -> Settings:
    """The game of a person playing ``person`` (``X`` or ``O``) against the graph's perfect moves.

    >>> [(side.name, side.kind) for side in graph_settings("O").session.competitors]
    [('perfect', 'perfect'), ('You', 'human')]
    """
    you, graph = (
        Competitor(default_name(PlayerKind.HUMAN)),
        Competitor(default_name(PlayerKind.PERFECT), PlayerKind.PERFECT),
    )
    x, o = (you, graph) if person == Side.X else (graph, you)
    return Settings(Session(Rules.square(_SIZE, _SIZE), PlayerLimits(_SIZE * _SIZE), x, o))
