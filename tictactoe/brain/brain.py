"""The brain: the game as the manager tells it, line by line, and the lines it answers.

:meth:`Brain.handle` takes one line the manager sent and returns the lines
to send back (none for ``INFO``, a stone of ``BOARD`` or ``END``; ``OK``;
``MESSAGE`` and the move ``X,Y``; ``ERROR`` or ``UNKNOWN`` and a reason).
A line it cannot take is answered ``ERROR`` or ``UNKNOWN`` and the brain
goes on: a bad ``TURN`` leaves the board as it was.  After ``END``, :attr:`Brain.ended` is true.

The board is a rectangle of ``width`` columns and ``height`` rows (``START
N`` a square), its squares numbered row by row (see
:mod:`tictactoe.solver.geometry`).
The brain does not know which colour it plays: when it is asked for a
move, it is the player to move, so it plays ``X`` (who moved first) when
both have as many stones, and ``O`` when the opponent has one more.  Five
or more in a row wins (``INFO rule 0``); ``INFO length K`` asks for ``K``.
``INFO rule`` chooses the variant (:func:`rule_variant`); a rule the brain
does not play is refused, and so is every move asked under it until a rule
it plays, or ``RESTART``: it never plays on under a rule it did not accept.
``SWAP2BOARD`` asks for its part of a swap2 opening, as Gomocup's managers
send it (:meth:`Brain.swap2`); it leaves the board as it was, since the
manager sends the game's stones with ``BOARD`` once the colours are settled.

>>> brain = Brain()
>>> brain.handle("INFO length 3"), brain.handle("START 3"), brain.handle("TURN 1,1")[-1]
([], ['OK'], '0,0')
>>> brain.handle("TURN 1,1")
['ERROR 1,1 is taken']
>>> brain.handle("INFO rule 12")
['ERROR rule 12 (renju, caro) is not played here: only 0 freestyle, 1 standard, 4 renju and 8 caro']
>>> brain.handle("TURN 2,2")
['ERROR no move under rule 12, which is not played here: send a rule that is, or RESTART']
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from importlib import metadata

from configurations.moves import MAX_BOARD_SIZE, Move
from configurations.rules import RENJU_LENGTH, OpeningChoice, Rules, Variant
from tictactoe.brain.budget import Clock, table_capacity
from tictactoe.brain.commands import (
    About,
    Begin,
    BoardStart,
    CommandError,
    Done,
    End,
    Info,
    Placed,
    Point,
    Restart,
    Start,
    Stone,
    Swap2Board,
    Takeback,
    Turn,
    UnknownCommandError,
    parse,
)
from tictactoe.brain.reply import choice_message
from tictactoe.players.swap import SwapEstimates
from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.strong_search import StrongSearch

__all__ = ["DEFAULT_LENGTH", "FREESTYLE", "MAX_SIDE", "RULE_VARIANTS", "Brain", "BrainError", "rule_variant"]

#: Five or more in a row wins, unless ``INFO length`` says otherwise.
DEFAULT_LENGTH = 5
#: ``INFO rule 0``: five or more in a row wins; the rule until another is accepted.
FREESTYLE = 0
#: The values of ``INFO rule`` played here, and their variants: the protocol's bits, one at a time.
RULE_VARIANTS = {FREESTYLE: Variant.FREESTYLE, 1: Variant.STANDARD, 4: Variant.RENJU, 8: Variant.CARO}
#: ``INFO rule``'s bit for a continuous game (several games in a row), which changes nothing of a move.
CONTINUOUS = 2
#: What Rapfi reads 5 as: freestyle from a swap opening, an opening rule the brain does not take.
_SWAP_RULE = 5
#: The longest side of a board (as the game's own boards).
MAX_SIDE = MAX_BOARD_SIZE
#: What the bits of ``INFO rule`` ask for, in the protocol's words.
RULE_BITS = {1: "exactly five in a row", 2: "continuous game", 4: "renju", 8: "caro"}
# BOARD's fields: the brain's own stone, the opponent's.
_OWN, _THEIRS = 1, 2
_MS = 1000


class BrainError(ValueError):
    """A command the brain cannot carry out as things stand; the message says why."""


def rule_variant(number: int) -> Variant:
    """The variant ``INFO rule number`` asks for, read as Rapfi reads it; :class:`BrainError` for one not played.

    The protocol's bits: 1 exactly five, 2 a continuous game, 4 renju, 8
    caro.  2 is let pass beside another bit, and means renju alone (as
    Yixin-Board sends it); Rapfi reads 5 as freestyle from a swap opening,
    and every other combination as no rule it knows.

    >>> rule_variant(0), rule_variant(2), rule_variant(6), rule_variant(10)
    (<Variant.FREESTYLE: 'freestyle'>, <Variant.RENJU: 'renju'>, <Variant.RENJU: 'renju'>, <Variant.CARO: 'caro'>)
    >>> rule_variant(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tictactoe.brain.brain.BrainError: rule 5 (freestyle from a swap opening, as Rapfi reads it) is not played here: ...
    """
    variant = RULE_VARIANTS[4] if number == CONTINUOUS else RULE_VARIANTS.get(number & ~CONTINUOUS)
    if variant is not None:
        return variant
    if number & ~CONTINUOUS == _SWAP_RULE:
        names = "freestyle from a swap opening, as Rapfi reads it"
    else:
        names = ", ".join(name for bit, name in RULE_BITS.items() if number & bit and bit != CONTINUOUS) or "unknown"
    played = [f"{value} {variant}" for value, variant in RULE_VARIANTS.items()]
    raise BrainError(f"rule {number} ({names}) is not played here: only {', '.join(played[:-1])} and {played[-1]}")


class Brain:
    """The state of one brain: the board and its stones, the length to win, the clock, the memory limit."""

    __slots__ = (
        "_board_open",
        "_clock",
        "_height",
        "_length",
        "_max_memory",
        "_own",
        "_refused",
        "_search",
        "_swap2",
        "_theirs",
        "_variant",
        "_width",
        "ended",
    )

    def __init__(self) -> None:
        self._width = self._height = 0  # no board before START
        self._own = self._theirs = 0  # the stones, as sets of squares (row * width + column)
        self._length = DEFAULT_LENGTH
        self._variant = Variant.FREESTYLE
        # The value of the last INFO rule, when it was refused: no move is made until one is accepted, or RESTART.
        self._refused: int | None = None
        self._clock = Clock()
        self._max_memory = 0
        self._search: StrongSearch | None = None
        self._board_open = False  # between BOARD and DONE
        self._swap2: list[Point] | None = None  # between SWAP2BOARD and DONE: the opening's stones so far
        #: Whether END was received.
        self.ended = False

    @property
    def clock(self) -> Clock:
        """The manager's clock as the brain knows it now."""
        return self._clock

    def handle(self, line: str) -> list[str]:
        """The lines to answer ``line`` with (its line ending already gone)."""
        try:
            command = parse(line, in_board=self._board_open, in_swap2=self._swap2 is not None)
        except UnknownCommandError as unknown:
            return [f"UNKNOWN {unknown}"]
        except CommandError as error:
            return [f"ERROR {error}"]
        try:
            match command:
                case Start(width, height):
                    return self._start(width, height)
                case Info(key, value):
                    return self._info(key, value)
                case Stone(point, field):
                    return self._stone(point, field)
                case Placed(point):
                    return self._placed(point)
                case End():
                    self.ended = True
                    return []
                case About():
                    return [_about()]
            return self._game_command(command)
        except BrainError as error:
            return [f"ERROR {error}"]

    def _game_command(self, command: Begin | Turn | BoardStart | Swap2Board | Done | Restart | Takeback) -> list[str]:
        """A command about the game on the board, which START must have set up."""
        if not self._width:
            raise BrainError("there is no board yet: START comes first")
        match command:
            case Restart():
                self._own = self._theirs = 0
                self._refused = None  # the last rule accepted holds
                return ["OK"]
            case BoardStart():
                self._own = self._theirs = 0
                self._board_open = True
                return []
            case Swap2Board():
                self._swap2 = []
                return []
            case Done():
                return self._done()
            case Begin():
                self._require_rule()
                if self._own | self._theirs:
                    raise BrainError("BEGIN opens a game on an empty board; this one has stones (RESTART first)")
                return self._move()
            case Turn(point):
                self._require_rule()
                if self._is_over():
                    raise BrainError("the game is over: there is no move to make")
                bit = 1 << self._empty_square(point)
                self._theirs |= bit
                try:
                    return self._move()
                except BrainError:
                    self._theirs &= ~bit  # the move that could not be answered is not kept
                    raise
            case Takeback(point):
                bit = 1 << self._square(point)
                if not (self._own | self._theirs) & bit:
                    raise BrainError(f"there is no stone on {point} to take back")
                self._own &= ~bit
                self._theirs &= ~bit
                return ["OK"]
        raise AssertionError(command)  # every game command is matched above

    def _done(self) -> list[str]:
        """``DONE``: the end of ``SWAP2BOARD``'s stones or of ``BOARD``'s, answered with the brain's part."""
        if self._swap2 is not None:
            stones, self._swap2 = self._swap2, None
            self._require_rule()
            return self.swap2(stones)
        self._board_open = False
        self._require_rule()
        return self._move()

    def _start(self, width: int, height: int) -> list[str]:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise BrainError(f"the board's sides must be 1 to {MAX_SIDE} squares, got {width}x{height}")
        self._width, self._height = width, height
        self._own = self._theirs = 0
        self._board_open = False
        self._prepare()
        return ["OK"]

    def _info(self, key: str, value: str) -> list[str]:
        """``INFO key value``: a setting the brain keeps; keys it does not know are let pass, as the
        protocol asks."""
        settings = ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule", "length")
        if key not in settings:
            return []
        if not value.isdecimal() or len(value) > 12:
            raise BrainError(f"INFO {key} takes a whole number, got {value[:40]!r}")
        number = int(value)
        if key == "rule":
            self._rule(number)
        elif key == "length":
            if not 1 <= number <= MAX_SIDE:
                raise BrainError(f"INFO length takes 1 to {MAX_SIDE} in a row, got {number}")
            if self._variant is Variant.RENJU and number != RENJU_LENGTH:
                raise BrainError(f"renju is played with {RENJU_LENGTH} in a row, not {number}: INFO rule first")
            self._length = number
            self._prepare()
        elif key == "max_memory":
            self._max_memory = number
            self._prepare()
        else:
            field = {"timeout_turn": "turn_ms", "timeout_match": "match_ms", "time_left": "left_ms"}[key]
            self._clock = replace(self._clock, **{field: number})
        return []

    def _rule(self, number: int) -> None:
        """``INFO rule number``: the variant it asks for from now on, or, refused, no move until another."""
        self._refused = number
        variant = rule_variant(number)
        if variant is Variant.RENJU and self._length != RENJU_LENGTH:
            raise BrainError(f"rule {number} (renju) is played with {RENJU_LENGTH} in a row, not {self._length}")
        self._refused = None
        self._variant = variant
        self._prepare()

    def _require_rule(self) -> None:
        """:class:`BrainError` while the last ``INFO rule`` was refused."""
        if self._refused is not None:
            raise BrainError(
                f"no move under rule {self._refused}, which is not played here: send a rule that is, or RESTART"
            )

    def _stone(self, point: Point, field: int) -> list[str]:
        """A stone of ``BOARD``."""
        if field not in (_OWN, _THEIRS):
            raise BrainError(f"field {field} of {point} is not played here: 1 is the brain's stone, 2 the opponent's")
        bit = 1 << self._empty_square(point)
        if field == _OWN:
            self._own |= bit
        else:
            self._theirs |= bit
        return []

    def _placed(self, point: Point) -> list[str]:
        """A stone of ``SWAP2BOARD``."""
        assert self._swap2 is not None  # parse reads a Placed only between SWAP2BOARD and DONE
        self._square(point)
        if point in self._swap2:
            raise BrainError(f"{point} is taken")
        self._swap2.append(point)
        return []

    def swap2(self, stones: list[Point]) -> list[str]:
        """The brain's part of a swap2 opening after ``stones`` (black, white, black... in the order placed):
        on none, the first three stones; on three, ``SWAP`` (it takes black), the fourth move (it keeps white)
        or two more stones (the manager's brain chooses); on five, ``SWAP`` or the sixth move.  The board is
        left as it was.

        >>> brain = Brain()
        >>> brain.handle("START 15"), brain.handle("SWAP2BOARD"), brain.handle("7,7"), brain.handle("8,7")
        (['OK'], [], [], [])
        >>> brain.handle("DONE")
        ['ERROR SWAP2BOARD comes with 0, 3 or 5 stones of the opening, got 2']
        """
        if len(stones) not in (0, 3, 5):
            raise BrainError(f"SWAP2BOARD comes with 0, 3 or 5 stones of the opening, got {len(stones)}")
        if self._search is None:
            raise BrainError(f"no line of {self._length} fits on this board: swap2 needs one")
        position = self._opening_position(stones)
        started = time.monotonic()
        estimates = SwapEstimates(think=self._clock.seconds(), search=self._search)  # one table, within max_memory
        if not stones:
            return [self._points(estimates.place_stones(position, 3))]
        options = [OpeningChoice.WHITE, OpeningChoice.BLACK]
        options += [OpeningChoice.TWO_MORE] if len(stones) == 3 else []
        choice = estimates.choose_at(position, options)
        if choice is OpeningChoice.BLACK:
            return ["SWAP"]
        if choice is OpeningChoice.TWO_MORE:
            return [self._points(estimates.place_stones(position, 2))]
        left = self._clock.seconds() - (time.monotonic() - started)
        decision = self._search.choose(position, max_plies=position.empty_squares, think=max(left, 0.05))
        return [choice_message(decision), self._points([decision.move])]

    def _opening_position(self, stones: list[Point]) -> Position:
        """The position of an opening's ``stones``, black first; :class:`BrainError` when no game reaches it."""
        assert self._search is not None
        x_tiles = o_tiles = 0
        for index, point in enumerate(stones):
            bit = 1 << self._square(point)
            x_tiles, o_tiles = (x_tiles | bit, o_tiles) if index % 2 == 0 else (x_tiles, o_tiles | bit)
        return self._playable(
            x_tiles,
            o_tiles,
            unreachable="no game reaches the opening's stones",
            over="the opening's stones end the game: there is no choice to make",
        )

    def _playable(self, x_tiles: int, o_tiles: int, *, unreachable: str, over: str) -> Position:
        """The position of these stones, a move still to make in it; :class:`BrainError` saying ``unreachable``
        (and why) when no game reaches it, ``over`` when its game has ended."""
        assert self._search is not None
        try:
            position = Position(self._search.rules, x_tiles, o_tiles)
        except PositionError as error:
            raise BrainError(f"{unreachable}: {error}") from None
        if position.winner is not None or not position.empty_squares:
            raise BrainError(over)
        return position

    def _points(self, moves: Sequence[Move]) -> str:
        """``moves`` as the protocol writes them, ``X,Y`` apart by spaces."""
        return " ".join(str(Point(move.col, move.row)) for move in moves)

    def _square(self, point: Point) -> int:
        """The number of ``point``'s square; :class:`BrainError` off the board."""
        if not (point.x < self._width and point.y < self._height):
            raise BrainError(f"{point} is off the {self._width}x{self._height} board")
        return point.y * self._width + point.x

    def _empty_square(self, point: Point) -> int:
        square = self._square(point)
        if (self._own | self._theirs) >> square & 1:
            raise BrainError(f"{point} is taken")
        return square

    def _prepare(self) -> None:
        """Make the search for the board, the length and the memory as they are now, unless it is made; none
        while no line fits on the board."""
        if not self._width or self._length > max(self._width, self._height):
            self._search = None
            return
        rules = Rules(self._height, self._width, self._length, self._variant)
        capacity = table_capacity(self._max_memory, squares=rules.squares)
        search = self._search
        if search is not None and (search.rules, search.capacity) == (rules, capacity):
            return
        self._search = StrongSearch(rules, capacity=capacity)

    def _move(self) -> list[str]:
        """Choose the brain's move, play it on the board, and answer it."""
        started = time.monotonic()
        width = self._width
        own, theirs = self._own.bit_count(), self._theirs.bit_count()
        if own not in (theirs, theirs - 1):
            raise BrainError(
                f"the brain has {own} stones and the opponent {theirs}: "
                "the brain moves when it has as many as the opponent, or one fewer"
            )
        x_tiles, o_tiles = (self._own, self._theirs) if own == theirs else (self._theirs, self._own)
        if self._search is None:  # no line fits: nobody can win, every move draws
            square = self._first_empty()
            message = f"MESSAGE no line of {self._length} fits on this board: every move draws"
        else:
            position = self._playable(
                x_tiles,
                o_tiles,
                unreachable="no game reaches this board",
                over="the game is over: there is no move to make",
            )
            choice = self._search.choose(position, max_plies=position.empty_squares, think=self._clock.seconds())
            square = choice.move.row * width + choice.move.col
            message = choice_message(choice)
        self._own |= 1 << square
        self._spend(time.monotonic() - started)
        return [message, str(Point(square % width, square // width))]

    def _is_over(self) -> bool:
        """Whether the game on the board has ended (a line, or no empty square), so that no stone may follow."""
        if self._search is None:
            return False
        own, theirs = self._own, self._theirs
        # Asked before the opponent's stone: the brain moved last, so it is X only with one stone more.
        x_tiles, o_tiles = (own, theirs) if own.bit_count() > theirs.bit_count() else (theirs, own)
        try:
            position = Position(self._search.rules, x_tiles, o_tiles)
        except PositionError:
            return False  # a board no game reaches: the move is refused for that, by _move
        return position.winner is not None or not position.empty_squares

    def _first_empty(self) -> int:
        """The first empty square of the board, row by row."""
        taken = self._own | self._theirs
        return next(square for square in range(self._width * self._height) if not taken >> square & 1)

    def _spend(self, seconds: float) -> None:
        """Count ``seconds`` off the match's time, until the manager says what is left."""
        clock = self._clock
        left = clock.left_ms if clock.left_ms is not None else clock.match_ms
        if left is not None and clock.match_ms != 0:
            self._clock = replace(clock, left_ms=max(0, left - round(seconds * _MS)))


def _about() -> str:
    """The reply to ``ABOUT``: the brain's name, version and author, as the protocol writes them."""
    try:
        version = metadata.version("tictactoe-hashtable")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return f'name="tictactoe-brain", version="{version}", author="tictactoe-hashtable", country="-"'
