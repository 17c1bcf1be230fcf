"""What the window's status bar and title say: whose turn, who is thinking, the result, the tally.

Plain text from a session, so that it can be checked without a window.
Under a swap opening the state says who places which stone and who
chooses, and the names go without a symbol until the colours are chosen.

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
from configurations.rules import OpeningChoice
from tictactoe.game.openings import Role

#: The milliseconds between two computer players' moves in the window when ``--delay`` is not given:
#: such a game is there to be watched.
AUTO_MOVE_DELAY_MS = 600

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tictactoe.game.record import Competitor
    from tictactoe.game.session import Session

__all__ = [
    "AUTO_MOVE_DELAY_MS",
    "CHOOSE_NOTE",
    "DRAW_TEXT",
    "HOW_TO_PLAY",
    "PLAY_AGAIN_KEYS",
    "choice_question",
    "chosen_text",
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
#: The note while a person chooses under a swap opening.
CHOOSE_NOTE = "Choose with the buttons of the dialog"


def state_text(session: Session, *, thinking: bool = False) -> str:
    """The game's state: the result once it is over, else who moves -- or, ``thinking``, who is thinking."""
    result = session.game.result
    if result == Winner.DRAW:
        return DRAW_TEXT
    if result is not None:
        return f"{result} wins ({session.side(Side(result)).name})"
    symbol = session.game.to_move
    assert symbol is not None  # the game is not over
    opening = _opening_state(session, symbol)
    if opening is not None:
        what, name = opening
        return f"{what}: {name} is thinking..." if thinking else f"{what} ({name})"
    name = session.side(symbol).name
    return f"{symbol} ({name}) is thinking..." if thinking else f"{symbol} to move ({name})"


def _opening_state(session: Session, mover: Side) -> tuple[str, str] | None:
    """What is to be done while a swap opening is not settled -- a stone to place, or a choice -- and who does it;
    None once it is settled.

    >>> from tictactoe.game.record import Competitor
    >>> from tictactoe.game.session import Session
    >>> from configurations.rules import Rules
    >>> from tictactoe.players.registry import PlayerLimits
    >>> rules = Rules.square(7, 4, opening="swap2")
    >>> session = Session(rules, PlayerLimits(1), Competitor("You"), Competitor("Computer", "strong"))
    >>> state_text(session), state_text(session, thinking=True)
    ('Stone 1 (black) to place (You)', 'Stone 1 (black) to place: You is thinking...')
    >>> for square in ("d4", "e4", "d5"):
    ...     session.play(session.game.parse(square))
    >>> state_text(session), state_text(session, thinking=True)
    ('To choose: white, black or two more (Computer)', 'To choose: white, black or two more: Computer is thinking...')
    """
    chooser = session.chooser
    if chooser is not None:
        return f"To choose: {_either(session.opening_options)}", chooser.name
    placer = session.to_move if session.opening_play.placer is not None else None
    if placer is None:
        return None
    return f"Stone {len(session.game.moves) + 1} ({_colour(mover)}) to place", placer.name


def choice_question(session: Session) -> str:
    """What the dialog asks the person who chooses under a swap opening: what was placed, and what each choice does.

    >>> from tictactoe.game.record import Competitor
    >>> from tictactoe.game.session import Session
    >>> from configurations.rules import Rules
    >>> from tictactoe.players.registry import PlayerLimits
    >>> session = Session(Rules.square(7, 4, opening="swap2"), PlayerLimits(1), Competitor("Ada"), Competitor("Bo"))
    >>> for square in ("d4", "e4", "d5"):
    ...     session.play(session.game.parse(square))
    >>> print(choice_question(session))
    Stones 1 to 3 are placed (by Ada). Choose (Bo): white, black or two more.
    White plays stone 4; two more: you place stones 4 and 5 (white, black), then Ada chooses.
    """
    chooser = session.chooser
    assert chooser is not None  # the dialog is shown only while somebody chooses
    stones = len(session.game.moves)
    if session.opening_play.choices:  # swap2's second placed two more
        placed = f"Stones {stones - 1} and {stones} are placed (by {session.role(Role.SECOND).name})"
    else:
        placed = f"Stones 1 to {stones} are placed (by {session.role(Role.FIRST).name})"
    options = session.opening_options
    then = f"White plays stone {stones + 1}"
    if OpeningChoice.TWO_MORE in options:
        first = session.role(Role.FIRST).name
        then += f"; two more: you place stones {stones + 1} and {stones + 2} (white, black), then {first} chooses"
    return f"{placed}. Choose ({chooser.name}): {_either(options)}.\n{then}."


def chosen_text(name: str, choice: OpeningChoice, session: Session) -> str:
    """The note once ``name`` has chosen ``choice`` in ``session`` (the choice made): the colours, once they are
    settled."""
    if not session.opening_play.settled:
        return f"{name} chose {choice}"
    return f"{name} chose {choice}: X (black) is {session.x.name} and O (white) is {session.o.name}"


def _either(options: Sequence[str]) -> str:
    """The options as a person reads them: ``white, black or two more``.

    >>> _either(["white", "black"])
    'white or black'
    """
    return f"{', '.join(options[:-1])} or {options[-1]}"


def _colour(side: Side) -> str:
    """The colour a side's stones have under the rules of gomoku: X black, O white."""
    return "black" if side is Side.X else "white"


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
    """A competitor's name with the symbol they play: none while a swap opening has not settled the colours."""
    if not session.opening_play.settled:
        return competitor.name
    return f"{competitor.name} ({Side.X if competitor is session.x else Side.O})"
