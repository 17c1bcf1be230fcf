"""A game as a value: who played, on which board, the moves and their times, the result.

A :class:`GameRecord` is what the history stores, what SGF carries and what
a replay steps through.  Its result is never given, but found by playing
the moves through a :class:`~tictactoe.game.game.Game`: a
:class:`~configurations.Winner`, or ``None`` for a game left before its end
(unfinished, to be resumed); a record cannot hold a move off the board, on
a taken square or after the end.  A game from another program may have
ended off the board -- a resignation, a loss on time, a draw agreed --
which its ``declared_result`` keeps as that program wrote it (SGF's
``RE``: :func:`declared_winner` reads it).  Its times may be unknown
(``None``), as in a game imported from a file that gives no date or no
move times, and it may start from stones set up on the board
(:class:`~tictactoe.game.game.StartingPosition`).

Under a swap opening the record keeps the choices made
(``opening_choices``), ``x`` and ``o`` being who had each colour after
them: who placed the stones and who chose follow from the two
(:attr:`GameRecord.opening_play`, :meth:`GameRecord.opening_text`).

Each side is a :class:`Competitor`, a name and the kind of player
(``Competitor("ada", "human")``): this module knows the kind of each
player, never the player itself.

>>> from datetime import datetime, timezone
>>> start = datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc)
>>> record = GameRecord(
...     x=Competitor("ada", "human"), o=Competitor("reference", "reference"),
...     rules=Rules.square(2, 2), max_levels=4, think=None, started=start, ended=start,
...     moves=(TimedMove(Move(0, 0), 1.5), TimedMove(Move(1, 1), 0.0), TimedMove(Move(0, 1), 2.0)),
... )
>>> record.result
<Winner.X: 'X'>
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from configurations import Side, Winner
from configurations.moves import Move, OccupiedSquareError
from configurations.rules import Opening, OpeningChoice, Rules, RulesError, Variant
from configurations.variants import ForbiddenPoint
from tictactoe.game.game import (
    EMPTY_START,
    ForbiddenMoveError,
    Game,
    GameOverError,
    StartingPosition,
    StartingPositionError,
)
from tictactoe.game.openings import FIRST_STONES, MORE_STONES, OpeningChoiceError, OpeningPlay, Role
from tictactoe.players.registry import PlayerKind

__all__ = [
    "FOUL_RESULT",
    "KEPT_PROPERTIES",
    "Competitor",
    "FoulError",
    "GameRecord",
    "RecordError",
    "StartingPosition",
    "TimedMove",
    "date_text",
    "declared_winner",
    "declared_words",
    "lost_by_foul",
    "result_code",
    "square_rules",
    "time_text",
]

# A kind of player as a record accepts it: any word written like PlayerKind's names, so that a history
# outlives the list of players.
_KIND = re.compile(r"[a-z][a-z0-9_-]*")
# Times are kept to the millisecond: finer is noise, and whole milliseconds store in 1 to 4 bytes.
_SECONDS_DIGITS = 3
# About 31 years: anything longer is a broken clock, not a move.
_MAX_SECONDS = 1e9
# SGF's results (FF[4]): a draw, no result, an unknown one; and after "B+" or "W+", how the game was won, or
# nothing, or a score (a number: a Go habit some programs keep).
_DRAWS = ("0", "Draw")
_NO_WINNER = ("Void", "?")
_WIN_WAYS = ("", "R", "Resign", "T", "Time", "F", "Forfeit")
_SCORE = re.compile(r"[0-9]+(\.[0-9]+)?")
_CODES = {Winner.X: "B+", Winner.O: "W+", Winner.DRAW: "0"}
_HOW = {
    "R": "by resignation",
    "Resign": "by resignation",
    "T": "on time",
    "Time": "on time",
    "F": "by forfeit",
    "Forfeit": "by forfeit",
    "0": "by agreement",
    "Draw": "by agreement",
    "?": "result unknown",
    "Void": "no result: void",
}


class RecordError(ValueError):
    """A record that cannot be: its message says what is wrong, and which move when a move is."""

    def __init__(self, problem: str, move_number: int | None = None) -> None:
        super().__init__(problem if move_number is None else f"move {move_number}: {problem}")
        #: The problem alone, without the move number.
        self.problem = problem
        #: The move (counted from 1) that is wrong, or ``None`` when the record is wrong as a whole.
        self.move_number = move_number


class FoulError(RecordError):
    """Black's move ``move_number`` is a point renju forbids (:attr:`forbidden` says why): a record that holds
    one is a game black lost there, which :func:`lost_by_foul` reads it as."""

    def __init__(self, forbidden: ForbiddenPoint, move_number: int) -> None:
        super().__init__(str(forbidden), move_number)
        self.forbidden = forbidden


#: The game information of other programs a record keeps as written (SGF's names, in the order kept): the root
#: comment, the game's name, the event, the place, black's and white's ranks, the time settings and overtime,
#: and RenjuNet's offers of a fifth move and its swap.
KEPT_PROPERTIES = ("C", "GN", "EV", "PC", "BR", "WR", "TM", "OT", "5A", "SW")

#: The result of a game black lost by a forbidden move, as SGF writes it: white won by forfeit.
FOUL_RESULT = "W+F"


def lost_by_foul(
    make: Callable[[tuple[TimedMove, ...], str | None], GameRecord], moves: tuple[TimedMove, ...]
) -> tuple[GameRecord, str | None]:
    """The record ``make`` builds of ``moves`` and no declared result, and ``None``; or, where black played a
    point renju forbids (as Gomocup judges, black lost there), the record of the moves before it won by white
    (:data:`FOUL_RESULT`) and a note that says so.

    ``make(moves, declared_result)`` raises :class:`RecordError` for a record that cannot be.
    """
    try:
        return make(moves, None), None
    except FoulError as foul:
        number = foul.move_number or len(moves)
        left_out = len(moves) - number
        after = f"; the {left_out} move{'s' * (left_out != 1)} after it left out" if left_out else ""
        note = f"move {number}, {foul.forbidden}: black lost there, and the game ends before it{after}"
        return make(moves[: number - 1], FOUL_RESULT), note


@dataclass(frozen=True, slots=True)
class Competitor:
    """Who plays a side: the ``name`` shown for it and the ``kind`` of player (a
    :class:`~tictactoe.players.registry.PlayerKind`'s name: ``human`` for a person, the default).

    ``RecordError`` unless ``kind`` is lower-case letters, digits, ``-`` and
    ``_``, starting with a letter, and ``name`` is non-empty and printable
    (no line breaks or control characters: it is shown in one-line lists).

    >>> Competitor("Ada"), Competitor("Computer", "reference").is_person
    (Competitor(name='Ada', kind='human'), False)
    """

    name: str
    kind: str = PlayerKind.HUMAN.value

    def __post_init__(self) -> None:
        if not _KIND.fullmatch(self.kind):
            raise RecordError(f"a player kind is a lower-case word such as 'human', got {self.kind!r}")
        object.__setattr__(self, "kind", str(self.kind))  # a PlayerKind is kept as its name, as records keep it
        if not self.name or not self.name.isprintable():
            raise RecordError(f"a player name is one line of printable text, got {self.name!r}")

    @property
    def is_person(self) -> bool:
        """Whether a person chooses this side's moves."""
        return self.kind == PlayerKind.HUMAN


@dataclass(frozen=True, slots=True)
class TimedMove:
    """A move and the seconds the player took over it, kept to the millisecond (None: not known), and the comment
    another program wrote on it (SGF's ``C`` on the move's node; None: none).

    >>> TimedMove(Move(1, 1), 2.0004), TimedMove(Move(0, 0), None).seconds
    (TimedMove(move=Move(row=1, col=1), seconds=2.0, comment=None), None)
    """

    move: Move
    seconds: float | None
    comment: str | None = None

    def __post_init__(self) -> None:
        if self.seconds is None:
            return
        if not 0 <= self.seconds < _MAX_SECONDS:  # False for NaN too
            raise RecordError(f"a move takes from 0 to {_MAX_SECONDS:g} seconds, got {self.seconds!r}")
        object.__setattr__(self, "seconds", round(float(self.seconds), _SECONDS_DIGITS))


def declared_winner(text: str) -> Winner | None:
    """Who won by a result as SGF writes it (``B+``, ``W+R``, ``0``, ``Draw``...); None for ``Void`` and ``?``.

    ``RecordError`` for a text that is none of SGF's results.

    >>> declared_winner("B+R"), declared_winner("W+Time"), declared_winner("Draw"), declared_winner("?")
    (<Winner.X: 'X'>, <Winner.O: 'O'>, <Winner.DRAW: 'draw'>, None)
    """
    if text in _DRAWS:
        return Winner.DRAW
    if text in _NO_WINNER:
        return None
    colour, plus, how = text[:1], text[1:2], text[2:]
    if colour in ("B", "W") and plus == "+" and (how in _WIN_WAYS or _SCORE.fullmatch(how)):
        return Winner.X if colour == "B" else Winner.O
    raise RecordError(
        f"a result is one of SGF's: B+ or W+ (then R, T, F or a score may follow), 0 or Draw, Void or ?; got {text!r}"
    )


def declared_words(text: str) -> str:
    """How a declared result says the game ended, in the words a replay ends with (none for a plain ``B+``).

    >>> declared_words("B+R"), declared_words("W+Time"), declared_words("W+2.5"), declared_words("Draw")
    ('by resignation', 'on time', 'by 2.5', 'by agreement')
    >>> declared_words("?"), declared_words("Void"), declared_words("B+")
    ('result unknown', 'no result: void', '')
    """
    how = text[2:] if text[1:2] == "+" else text
    return _HOW.get(how, f"by {how}" if how else "")


def result_code(winner: Winner) -> str:
    """The result as SGF writes it when nothing more is known: ``B+``, ``W+`` or ``0``.

    >>> result_code(Winner.O)
    'W+'
    """
    return _CODES[winner]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game between ``x`` (Black: who moves first on the empty board) and ``o`` played by ``rules`` (on a square
    board), from ``start`` (by default the empty board).

    ``max_levels`` and ``think`` (seconds a move for the ``strong`` player,
    or ``None``) are the settings the game was played with.  ``started``
    and ``ended`` are timezone-aware and kept in UTC, or ``None`` when not
    known.  ``declared_result`` is the result another program wrote (SGF's
    ``RE``) when it says more than the moves do -- how a game was won off
    the board (``B+R``), a draw agreed, ``Void`` or ``?`` -- else None.
    ``opening_choices``: the choices of a swap opening, in order (none
    under the free opening), ``x`` and ``o`` having the colours they left.
    ``properties``: what another program wrote of the game that the record
    has no field for, kept to be written back -- SGF's root comment, game
    name, event, place, ranks, time settings, RenjuNet's opening offers
    (:data:`KEPT_PROPERTIES`) -- each a name and its values, in that order.
    ``result`` is not given: it is what the moves make it
    (``board_result``), or, when they leave the game open, the winner the
    declared result names; ``None`` for a game unfinished.

    ``RecordError`` for anything a game cannot be, naming the move when a
    move is wrong.  Runtime complexity: O(size² + moves · k).
    """

    x: Competitor
    o: Competitor
    rules: Rules
    max_levels: int
    think: float | None
    started: datetime | None
    ended: datetime | None
    moves: tuple[TimedMove, ...]
    start: StartingPosition = EMPTY_START
    declared_result: str | None = None
    opening_choices: tuple[OpeningChoice, ...] = ()
    properties: tuple[tuple[str, tuple[str, ...]], ...] = ()
    result: Winner | None = field(init=False)
    #: What the moves make of the game on the board: the winner, a draw, or None while a move can still be made.
    board_result: Winner | None = field(init=False)

    def __post_init__(self) -> None:
        if self.think is not None and not (self.think > 0 and math.isfinite(self.think)):
            raise RecordError(f"think is a number of seconds above 0, or None, got {self.think!r}")
        for name in ("started", "ended"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, _utc(name, getattr(self, name)))
        if self.started is not None and self.ended is not None and self.ended < self.started:
            raise RecordError(
                f"the game ended ({self.ended.isoformat()}) before it started ({self.started.isoformat()})"
            )
        object.__setattr__(self, "moves", tuple(self.moves))
        self._check_properties()
        self._check_opening()
        try:
            game = Game(self.rules, self.max_levels, self.start)
        except StartingPositionError as error:
            raise RecordError(str(error)) from None
        except (TypeError, ValueError) as error:
            raise RecordError(str(error)) from None
        board_result = _play_through(game, self.moves)
        object.__setattr__(self, "board_result", board_result)
        object.__setattr__(self, "result", self._declared(board_result))

    def _check_properties(self) -> None:
        properties = tuple((str(name), tuple(str(value) for value in values)) for name, values in self.properties)
        object.__setattr__(self, "properties", properties)
        names = [name for name, _ in properties]
        unknown = [name for name in names if name not in KEPT_PROPERTIES]
        if unknown:
            raise RecordError(f"{unknown[0]} is not a property a record keeps: {', '.join(KEPT_PROPERTIES)}")
        if names != sorted(names, key=KEPT_PROPERTIES.index) or len(set(names)) != len(names):
            raise RecordError(f"the properties are kept once each, in the order {', '.join(KEPT_PROPERTIES)}")

    def _check_opening(self) -> None:
        choices = tuple(OpeningChoice(choice) for choice in self.opening_choices)
        object.__setattr__(self, "opening_choices", choices)
        if choices and self.rules.opening is Opening.FREE:
            raise RecordError("a game under the free opening makes no opening choices")
        try:
            self.opening_play  # noqa: B018 -- steps through the choices, refusing one that cannot be made
        except OpeningChoiceError as error:
            raise RecordError(f"the opening choices {', '.join(choices)} cannot be made: {error}") from None

    @property
    def opening_play(self) -> OpeningPlay:
        """The opening as played: its rule, the stones placed before the colours were settled, the choices."""
        play = OpeningPlay(self.rules.opening)
        if self.rules.opening is Opening.FREE:
            return play
        for choice in self.opening_choices:
            due = FIRST_STONES + (MORE_STONES if OpeningChoice.TWO_MORE in play.choices else 0)
            play = OpeningPlay(play.rule, due, play.choices).choosing(choice)
        stones = play.stones_due or play.stones
        return OpeningPlay(play.rule, min(stones, len(self.moves)), play.choices)

    def opening_role(self, role: Role) -> Competitor:
        """Who had ``role`` in the opening: the first placed the first stones (``x`` under the free opening)."""
        black = self.opening_play.black or Role.FIRST
        return self.x if role is black else self.o

    def opening_text(self) -> str:
        """The opening in words, for a person (SGF's comment): empty under the free opening.

        ``swap: Ada placed 3 stones; Bob chose black`` -- Bob then had black, ``x``.
        """
        return self.opening_play.describe([self.opening_role(role).name for role in Role])

    def _declared(self, board_result: Winner | None) -> Winner | None:
        """The result: the board's, or the declared one's winner when the moves leave the game open.

        A declared result that says only what the moves say (``B+`` for a
        line of X's) is dropped, so that a game reads the same however it was written.
        """
        if self.declared_result is None:
            return board_result
        written = declared_winner(self.declared_result)
        if board_result is None:
            return written
        if written is not None and written != board_result:
            ending = "a draw" if board_result.side is None else f"a win for {board_result}"
            raise RecordError(f"the result {self.declared_result} disagrees with the moves, which end in {ending}")
        if self.declared_result == result_code(board_result):
            object.__setattr__(self, "declared_result", None)
        return board_result

    @property
    def finished(self) -> bool:
        """Whether the game has ended: on the board, or as its declared result says."""
        return self.result is not None

    def mover(self, ply: int) -> Side:
        """Who made move ``ply`` (from 0): the side to move at the start on the even ones."""
        return self.start.mover(ply)

    @classmethod
    def from_game(
        cls,
        game: Game,
        *,
        x: Competitor,
        o: Competitor,
        think: float | None,
        started: datetime,
        ended: datetime,
        seconds: Sequence[float | None],
        opening_choices: Sequence[OpeningChoice] = (),
        declared_result: str | None = None,
        properties: tuple[tuple[str, tuple[str, ...]], ...] = (),
    ) -> GameRecord:
        """The record of ``game``, finished or not, with ``seconds[i]`` the time its move ``i`` took, the
        choices of its swap opening, how it ended off the board (``W+T``: lost on time) and the game
        information it keeps (the clocks' ``TM`` and ``OT``).

        ``RecordError`` when the times do not match the moves.
        """
        if len(seconds) != len(game.moves):
            raise RecordError(f"{len(game.moves)} moves were played but {len(seconds)} times were given")
        board = game.board
        return cls(
            x=x,
            o=o,
            rules=game.rules,
            max_levels=board.max_levels,
            think=think,
            started=started,
            ended=ended,
            moves=tuple(TimedMove(move, time) for move, time in zip(game.moves, seconds, strict=True)),
            start=game.start,
            opening_choices=tuple(opening_choices),
            declared_result=declared_result,
            properties=properties,
        )


def square_rules(size: int, length: int, variant: str = Variant.FREESTYLE, opening: str = Opening.FREE) -> Rules:
    """The rules of a record that gives its board's side, the length to win, the variant (freestyle unless it
    says) and the opening rule (free unless it says): on a square.

    ``RecordError`` saying why for a board no game is played on, or a variant there is not.

    >>> square_rules(15, 5, "renju")
    Rules(rows=15, cols=15, k=5, variant=Variant.RENJU)
    >>> square_rules(3, 4)
    Traceback (most recent call last):
    ...
    tictactoe.game.record.RecordError: the length to win must be between 1 and the size (3), got 4
    """
    try:
        return Rules.square(size, length, variant=variant, opening=opening)
    except RulesError as error:
        raise RecordError(str(error)) from None


def date_text(moment: datetime | None) -> str:
    """A record's time as lists and replays show it, to the minute in UTC; ``date unknown`` when not known.

    >>> date_text(datetime(2024, 5, 1, 12, 0, tzinfo=UTC)), date_text(None)
    ('2024-05-01 12:00', 'date unknown')
    """
    return "date unknown" if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def time_text(moment: datetime) -> str:
    """A record's time as text, wherever one is written: ISO 8601 with microseconds, always.

    Every UTC time is then written the same length, so text order is time
    order, and ``datetime.fromisoformat`` reads it back exactly.

    >>> time_text(datetime(2024, 5, 1, 12, 0, tzinfo=UTC))
    '2024-05-01T12:00:00.000000+00:00'
    """
    return moment.isoformat(timespec="microseconds")


def _utc(name: str, moment: datetime) -> datetime:
    offset = moment.utcoffset()
    if offset is None:
        raise RecordError(f"{name} must be a timezone-aware time, got {moment.isoformat()}")
    if offset != timedelta(0):
        raise RecordError(f"{name} must be in UTC, got {moment.isoformat()}")
    return moment.replace(tzinfo=UTC, fold=0)


def _play_through(game: Game, moves: tuple[TimedMove, ...]) -> Winner | None:
    """Play ``moves`` on the ``game`` just started; the result (``None``: unfinished), or ``RecordError`` naming the
    first wrong move."""
    size = game.board.board_size
    for number, timed in enumerate(moves, 1):
        move = timed.move
        if not (0 <= move.row < size and 0 <= move.col < size):
            raise RecordError(f"{move!r} is off the {size}x{size} board", number)
        try:
            game.play(move)
        except OccupiedSquareError:
            raise RecordError(f"{move} is already taken", number) from None
        except GameOverError:
            raise RecordError(f"{move} comes after the end of the game", number) from None
        except ForbiddenMoveError as forbidden:
            raise FoulError(forbidden.forbidden, number) from None
    return game.result
