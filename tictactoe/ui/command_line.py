"""``play.py``'s command line: three numbers, then the options of SPEC §7, made into a session.

``size length max_levels`` alone is SPEC §4's game, a person (``X``)
against the reference search (``O``), and is read without argparse so that
the game starts at once; anything else goes through argparse, which
explains every mistake and exits with status 2 before a game starts.  Both
read the bounds of the three numbers from :data:`NUMBERS`.
"""

from __future__ import annotations

import math
from pathlib import Path

from configurations.moves import MAX_BOARD_SIZE, Move, MoveError
from tictactoe.game.session import Competitor, Session
from tictactoe.players.registry import DEFAULT_THINK, PLAYER_NAMES, PlayerOptions

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

__all__ = ["NUMBERS", "Settings", "parse_settings", "quick_settings"]

#: The three numbers of the command line: name, least value, greatest value (None: no bound), help.
NUMBERS: tuple[tuple[str, int, int | None, str], ...] = (
    ("size", 1, MAX_BOARD_SIZE, f"board size, 1 to {MAX_BOARD_SIZE}"),
    ("length", 1, None, "tiles in a row needed to win, 1 to size"),
    ("max_levels", 0, None, "how many moves ahead the computer looks; more is stronger and slower"),
)


class Settings:
    """What the command line asks for: the session, and how to run it.

    ``delay`` is the pause, in seconds, before each move of a game between
    two computer players, so that it can be watched (None when not asked
    for: none at the terminal, the window's own); ``window`` asks for
    the game in a window (SPEC §11) instead of at the terminal; ``db`` is
    the game history asked for with ``--db`` (None: the default, and only
    at a terminal).
    """

    __slots__ = ("db", "delay", "session", "window")

    def __init__(
        self, session: Session, delay: float | None = None, *, window: bool = False, db: Path | None = None
    ) -> None:
        self.session = session
        self.delay = delay
        self.window = window
        self.db = db


def quick_settings(arguments: Sequence[str]) -> Settings | None:
    """SPEC §4's session when ``arguments`` are just three numbers within :data:`NUMBERS`' bounds.

    None otherwise -- an option, a missing or extra argument, a bad value --
    and then :func:`parse_settings` parses them again and explains.
    """
    if len(arguments) != len(NUMBERS) or any(text.startswith("-") for text in arguments):
        return None
    try:
        numbers = [int(text) for text in arguments]
    except ValueError:
        return None
    for number, (_, low, high, _) in zip(numbers, NUMBERS, strict=True):
        if number < low or (high is not None and number > high):
            return None
    size, length, max_levels = numbers
    if _length_problem(size, length):
        return None
    return Settings(
        Session(PlayerOptions(size, length, max_levels), Competitor("You"), Competitor("Computer", "reference"))
    )


def parse_settings(arguments: Sequence[str], program: str = "play.py") -> Settings:
    """What the command line asks for; argparse's ``SystemExit`` (2, or 0 for ``--help``) otherwise."""
    parser = _parser(program)
    args = parser.parse_args(arguments)
    problem = _length_problem(args.size, args.length)
    if problem:
        parser.error(problem)
    options = PlayerOptions(args.size, args.length, args.max_levels, args.think, args.seed)
    try:
        opening = [Move.parse(text, args.size) for text in args.opening.split(",")] if args.opening else []
    except MoveError as refusal:
        parser.error(f"argument --opening: {refusal}")
    x, o = _competitors(args.x, args.o, args.name_x, args.name_o)
    try:
        return Settings(Session(options, x, o, opening), args.delay, window=args.window, db=args.db)
    except MoveError as refusal:
        parser.error(f"argument --opening: {refusal}")
    except ValueError as unplayable:  # a player that cannot play this board
        parser.error(str(unplayable))


def _competitors(x_kind: str, o_kind: str, x_name: str | None, o_name: str | None) -> tuple[Competitor, Competitor]:
    """The two sides, named as asked or else "You" (a lone person), "Player 1" and "Player 2", or the kind."""
    people = (x_kind, o_kind).count("human")

    def default(kind: str, number: int) -> str:
        if kind != "human":
            return kind
        return "You" if people == 1 else f"Player {number}"

    return Competitor(x_name or default(x_kind, 1), x_kind), Competitor(o_name or default(o_kind, 2), o_kind)


def _length_problem(size: int, length: int) -> str | None:
    """Why ``length`` cannot be played on a board of ``size``, or None when it can."""
    return f"argument length: must be from 1 to size ({size}), got {length}" if length > size else None


def _parser(program: str) -> argparse.ArgumentParser:
    import argparse  # noqa: PLC0415 -- about 10 ms: only a command line that needs it pays for it

    from tictactoe.ui.arguments import whole_number  # noqa: PLC0415 -- argparse's helper, as argparse

    parser = argparse.ArgumentParser(
        prog=program,
        usage="%(prog)s [-h] size length max_levels [options]",
        description="Play k-in-a-row against the computer. You are X and move first; the computer is O.",
        epilog=f"Example: {program} 3 3 9 is tic-tac-toe with the computer searching to the end of the game. "
        f"Saved games: {program} --history, --replay ID, --export FILE, --import FILE ({program} --history -h).",
    )
    for name, low, high, description in NUMBERS:
        parser.add_argument(name, type=whole_number(low, high), help=description)
    players = ", ".join(PLAYER_NAMES)
    parser.add_argument("--x", default="human", choices=PLAYER_NAMES, metavar="PLAYER", help=f"X's player: {players}")
    parser.add_argument("--o", default="reference", choices=PLAYER_NAMES, metavar="PLAYER", help="O's player")
    parser.add_argument(
        "--think", type=_seconds, default=DEFAULT_THINK, metavar="SECONDS", help="the strong player's time a move"
    )
    parser.add_argument("--opening", metavar="MOVES", help="moves played first, alternately from X, e.g. e5,f6,d4")
    parser.add_argument("--seed", type=int, metavar="N", help="makes every random choice repeatable")
    parser.add_argument("--name-x", metavar="NAME", help="X's name in the tally (default: You, or the player)")
    parser.add_argument("--name-o", metavar="NAME", help="O's name in the tally")
    parser.add_argument("--window", action="store_true", help="play in a window: click a square, or arrows and Enter")
    parser.add_argument(
        "--delay", type=_pause, metavar="SECONDS", help="pause before each move of two computer players"
    )
    parser.add_argument("--db", type=Path, metavar="PATH", help="the game history file (SQLite) to save games in")
    return parser


def _pause(text: str) -> float:
    """argparse ``type`` for ``--delay``: a number of seconds, 0 or more."""
    import argparse  # noqa: PLC0415 -- see _parser

    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (seconds >= 0 and math.isfinite(seconds)):
        raise argparse.ArgumentTypeError(f"must be a number of seconds, 0 or more, got {text!r}")
    return seconds


def _seconds(text: str) -> float:
    """argparse ``type`` for ``--think``: a number of seconds above 0."""
    import argparse  # noqa: PLC0415 -- see _parser

    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not (seconds > 0 and math.isfinite(seconds)):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, got {text!r}")
    return seconds
