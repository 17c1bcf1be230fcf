"""What the window's status bar and title say: whose turn, who is thinking, the result, the tally.

Plain text from a session, so that it can be checked without a window.

>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from configurations.rules import Rules
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("You"), Competitor("Computer", "reference"))
>>> state_text(session)
'X to move (You)'
>>> session.play(session.game.parse("b2"))
>>> state_text(session, thinking=True), progress_text(nodes=12345, seconds=2.25)
('O (Computer) is thinking...', '12,345 positions tried, 2.2 s')
>>> tally_text(session)
'You (X) 0  ·  Computer (O) 0  ·  draws 0'
>>> title_text(session)
'k-in-a-row: 3x3, 3 in a row, You (X) against Computer (O)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Side, Winner

#: The milliseconds between two computer players' moves in the window when ``--delay`` is not given:
#: such a game is there to be watched.
AUTO_MOVE_DELAY_MS = 600

if TYPE_CHECKING:
    from tictactoe.game.record import Competitor
    from tictactoe.game.session import Session

__all__ = [
    "AUTO_MOVE_DELAY_MS",
    "DRAW_TEXT",
    "HOW_TO_PLAY",
    "PLAY_AGAIN_KEYS",
    "progress_text",
    "state_text",
    "tally_text",
    "title_text",
]

#: What the status bar says once a game is a draw (as the terminal says it).
DRAW_TEXT = "Game is a draw"
#: The note under the state while a person is to move and nothing else is to be said.
HOW_TO_PLAY = "Click a square, or move with the arrow keys and play with Enter or Space"
#: The note under the result of a game, when nothing else is to be said.
PLAY_AGAIN_KEYS = "Ctrl+R plays again, Ctrl+N starts a new game"


def state_text(session: Session, *, thinking: bool = False) -> str:
    """The game's state: the result once it is over, else who moves -- or, ``thinking``, who is thinking."""
    result = session.game.result
    if result == Winner.DRAW:
        return DRAW_TEXT
    if result is not None:
        return f"{result} wins ({session.side(Side(result)).name})"
    symbol = session.game.to_move
    assert symbol is not None  # the game is not over
    name = session.side(symbol).name
    return f"{symbol} ({name}) is thinking..." if thinking else f"{symbol} to move ({name})"


def progress_text(nodes: int, seconds: float, *, hint: bool = False) -> str:
    """How far a search has gone: positions tried and seconds so far (for a ``hint``, saying so).

    >>> progress_text(0, 0.04, hint=True)
    'Looking for a hint... 0 positions tried, 0.0 s'
    """
    progress = f"{nodes:,} positions tried, {seconds:.1f} s"
    return f"Looking for a hint... {progress}" if hint else progress


def tally_text(session: Session) -> str:
    """Each competitor's wins, named with the symbol they play in this game, and the draws."""
    tally = session.tally
    first, second = session.competitors
    return (
        f"{_named(session, first)} {tally.first}  ·  {_named(session, second)} {tally.second}  ·  draws {tally.draws}"
    )


def title_text(session: Session) -> str:
    """The window's title: the board, the rule and who plays whom."""
    board = str(session.rules)
    return f"k-in-a-row: {board}, {_named(session, session.x)} against {_named(session, session.o)}"


def _named(session: Session, competitor: Competitor) -> str:
    return f"{competitor.name} ({Side.X if competitor is session.x else Side.O})"
