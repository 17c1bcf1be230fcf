"""Records for the tests of the game history: a fixed small game, hypothesis's random finished games, and random
games as other programs' files bring them (a starting position set up, a result declared, times unknown)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import strategies as st

from bench.history import finished_moves
from configurations import Side
from configurations.moves import Move
from configurations.rules import Rules, Variant
from tictactoe.game.game import Game, StartingPosition
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.players.registry import PLAYER_NAMES

START = datetime(2024, 5, 1, 12, 30, 15, 250_000, tzinfo=UTC)
ADA = Competitor("ada", "human")
REFERENCE = Competitor("reference", "reference")


def sample_record(
    texts: str = "b2 a1 c1 a3 a2 c2 b1 b3 c3",
    *,
    size: int = 3,
    length: int = 3,
    x: Competitor = ADA,
    o: Competitor = REFERENCE,
    started: datetime = START,
    variant: Variant = Variant.FREESTYLE,
) -> GameRecord:
    """A game of the moves ``texts`` (``b2 a1 ...``), each taking 1.5 s longer than the one before, played by
    ``variant`` (freestyle)."""
    moves = tuple(TimedMove(Move.parse(text, size), 0.25 + 1.5 * number) for number, text in enumerate(texts.split()))
    return GameRecord(
        x=x,
        o=o,
        rules=Rules.square(size, length, variant=variant),
        max_levels=9,
        think=2.5,
        started=started,
        ended=started + timedelta(minutes=2),
        moves=moves,
    )


# Printable names with the characters that SGF must escape.
NAMES = st.text(st.characters(categories=["L", "M", "N", "P", "S"], include_characters=" ]\\:"), min_size=1).filter(
    lambda name: name.isprintable() and not name.isspace()
)
KINDS = st.sampled_from(PLAYER_NAMES) | st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)
PLAYERS = st.builds(Competitor, NAMES, KINDS)
SECONDS = st.floats(min_value=0, max_value=1e6)


@st.composite
def records(draw: st.DrawFn, max_size: int = 6) -> GameRecord:
    """A random finished game: random board, players, settings and times, moves on random empty squares."""
    size = draw(st.integers(1, max_size))
    length = draw(st.integers(1, size))
    moves = finished_moves(Rules.square(size, length), draw(st.permutations(range(size * size))))
    started = draw(st.datetimes(datetime(1970, 1, 1), datetime(3000, 1, 1), timezones=st.just(UTC)))
    return GameRecord(
        x=draw(PLAYERS),
        o=draw(PLAYERS),
        rules=Rules.square(size, length),
        max_levels=draw(st.integers(0, 100)),
        think=draw(st.none() | st.floats(min_value=1e-3, max_value=1e4)),
        started=started,
        ended=started + draw(st.timedeltas(timedelta(0), timedelta(days=2))),
        moves=tuple(TimedMove(move, draw(SECONDS)) for move in moves),
    )


# Every form of SGF's RE: what a game ended off the board may declare.
DECLARED = ("B+", "B+R", "B+Resign", "W+T", "W+Time", "B+F", "W+Forfeit", "W+2.5", "0", "Draw", "?", "Void")


@st.composite
def starting_positions(draw: st.DrawFn, size: int, length: int, squares: list[int]) -> StartingPosition:
    """Stones on the first squares of ``squares``, each X's or O's, none making a line, and a side to move."""
    stones: dict[Side, set[Move]] = {Side.X: set(), Side.O: set()}
    for square in squares[: draw(st.integers(0, size * size - 1))]:
        side = draw(st.sampled_from(Side))
        stones[side].add(Move(*divmod(square, size)))
        try:
            Game(
                Rules.square(size, length), start=StartingPosition(frozenset(stones[Side.X]), frozenset(stones[Side.O]))
            )
        except ValueError:  # a line: that stone is left off
            stones[side].discard(Move(*divmod(square, size)))
    return StartingPosition(frozenset(stones[Side.X]), frozenset(stones[Side.O]), draw(st.sampled_from(Side)))


@st.composite
def imported_records(draw: st.DrawFn, max_size: int = 6) -> GameRecord:
    """A random game as other programs' files bring it: from a position set up or not, played to its end or
    left before it with a result declared or none, moves of known and unknown times, dates known or not."""
    size = draw(st.integers(1, max_size))
    length = draw(st.integers(1, size))
    squares = draw(st.permutations(range(size * size)))
    start = draw(starting_positions(size, length, squares))
    game = Game(Rules.square(size, length), start=start)
    for square in squares:
        move = Move(*divmod(square, size))
        if game.result is None and game.board.square_is_empty(*move) and draw(st.integers(0, 9)):
            game.play(move)
    winner_declared = st.sampled_from([text for text in DECLARED if text[:1] == "BW"[game.result == "O"]])
    declared = draw(st.none() | (st.sampled_from(DECLARED) if game.result is None else winner_declared))
    started = draw(st.none() | st.datetimes(datetime(1970, 1, 1), datetime(3000, 1, 1), timezones=st.just(UTC)))
    return GameRecord(
        x=draw(PLAYERS),
        o=draw(PLAYERS),
        rules=Rules.square(size, length),
        max_levels=draw(st.integers(0, 100)),
        think=draw(st.none() | st.floats(min_value=1e-3, max_value=1e4)),
        started=started,
        ended=None if started is None else started + draw(st.timedeltas(timedelta(0), timedelta(days=2))),
        moves=tuple(TimedMove(move, draw(st.none() | SECONDS)) for move in game.moves),
        start=start,
        declared_result=None if game.result == "draw" else declared,
    )
