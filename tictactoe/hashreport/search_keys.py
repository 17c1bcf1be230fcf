"""The boards a real search stores, as keys for the hash report: ``search:SIZE,LENGTH,MAX_LEVELS[,OPENING]``.

Which search, exactly: the first search of a game of ``play.py SIZE LENGTH
MAX_LEVELS``.  On an empty SIZE x SIZE board with LENGTH in a row to win,
the person (``X``) opens at OPENING -- by default the centre square,
``(SIZE - 1) // 2`` rows down and columns across (``b2`` on 4x4, ``c3`` on
5x5 and 6x6, the first of the four middle squares on an even board) -- and
the computer (``O``) answers with :func:`configurations.computer_play`
searching MAX_LEVELS levels.  The keys are the configuration strings that
search leaves in its transposition table, read from the table itself once
the search is over, and the report's table has that table's number of
buckets (:meth:`~configurations.Configurations.create_dictionary`), so
that its figures are those of the table the game fills.  They come in the
table's order, bucket by bucket: the search stores them through
:meth:`~hashdict.HashDictionary.fast_path`, and no figure of the report
depends on the order keys go into an empty table.

:mod:`tictactoe.hashreport.sources` registers the family (:func:`register`).

A search is refused before it starts when it could try more than
:data:`MAX_SEARCH_POSITIONS` positions (:func:`most_positions`).
"""

from __future__ import annotations

from configurations import HUMAN, Configurations, computer_play
from configurations.moves import MAX_BOARD_SIZE, Move, MoveError
from configurations.numbers import NumberError, read_whole_number
from configurations.search import most_positions
from hashdict import HashDictionary
from tictactoe.hashreport.registry import KeySource, SourceError, SourceFamily, SourceRegistry

__all__ = ["MAX_SEARCH_POSITIONS", "PREFIX", "USAGE", "register", "search_source", "stored_boards"]

PREFIX = "search"
USAGE = f"{PREFIX}:SIZE,LENGTH,MAX_LEVELS[,OPENING]"
DESCRIPTION = "the boards computer_play stores answering X's opening (default: the centre square)"
#: The most positions a search the report runs could try.  The bound is loose (searches try a hundredth
#: to a thousandth of it), so what it admits ends within seconds: the slowest admitted search found,
#: 21x21 with 2 in a row at 2 levels, stores 87 596 boards and its report takes about 2.5 s and 70 MiB.
MAX_SEARCH_POSITIONS = 10**8


class _TableKeeper(Configurations):
    """A board that keeps the table :meth:`create_dictionary` hands the search, so that it can be read after."""

    __slots__ = ("tables",)

    def __init__(self, board_size: int, length_to_win: int, max_levels: int) -> None:
        super().__init__(board_size, length_to_win, max_levels)
        self.tables: list[HashDictionary] = []

    def create_dictionary(self) -> HashDictionary:
        table = super().create_dictionary()
        self.tables.append(table)
        return table


def stored_boards(size: int, length: int, max_levels: int, opening: Move) -> tuple[list[str], int]:
    """The boards ``computer_play`` stores answering ``X`` at ``opening``, and its table's number of buckets.

    >>> boards, buckets = stored_boards(3, 3, 1, Move(1, 1))
    >>> len(boards), buckets, "O   X    " in boards
    (8, 1019, True)
    """
    board = _TableKeeper(size, length, max_levels)
    board.save_play(opening.row, opening.col, HUMAN)
    computer_play(board)
    (table,) = board.tables  # computer_play makes one table a search
    return [record.configuration for record in table], table.size


def search_source(arguments: str) -> KeySource:
    """The source ``search:ARGUMENTS``: the boards of the search that ``ARGUMENTS`` describe.

    :class:`~tictactoe.hashreport.registry.SourceError` with a one-line reason, before
    anything is searched, when they describe no search or one larger than
    :data:`MAX_SEARCH_POSITIONS` allows.

    >>> source = search_source("3,3,1")
    >>> source.name, len(list(source.keys())), source.table_size
    ('search:3,3,1', 8, 1019)
    >>> print(source.description)
    the 8 boards computer_play stores replying to X at b2 on a 3x3 board, 3 in a row, 1 level; a table of 1019 buckets
    >>> search_source("3,1,9")
    Traceback (most recent call last):
    ...
    tictactoe.hashreport.registry.SourceError: LENGTH 1: X's opening wins at once, so the computer never replies
    """
    size, length, max_levels, opening = _parse(arguments)
    positions = most_positions(size * size - 1, max_levels)
    if positions > MAX_SEARCH_POSITIONS:
        raise SourceError(
            f"the search could try up to {positions} positions, more than the {MAX_SEARCH_POSITIONS} the report allows:"
            " lower MAX_LEVELS or SIZE"
        )
    boards, buckets = stored_boards(size, length, max_levels, opening)
    levels = "level" if max_levels == 1 else "levels"
    description = (
        f"the {len(boards)} boards computer_play stores replying to {HUMAN} at {opening} on a {size}x{size} board,"
        f" {length} in a row, {max_levels} {levels}; a table of {buckets} buckets"
    )
    return KeySource(f"{PREFIX}:{arguments}", description, lambda: boards, table_size=buckets)


def register(registry: SourceRegistry) -> None:
    """Add the family ``search:...`` to ``registry``."""
    registry.add_family(SourceFamily(PREFIX, USAGE, DESCRIPTION, search_source))


def _parse(arguments: str) -> tuple[int, int, int, Move]:
    """SIZE, LENGTH, MAX_LEVELS and the opening square; :class:`SourceError` saying what is wrong."""
    values = arguments.split(",") if arguments else []
    if len(values) not in (3, 4):
        raise SourceError(
            f"needs SIZE,LENGTH,MAX_LEVELS[,OPENING], 3 or 4 values separated by commas, got {len(values)}"
        )
    size = _number("SIZE", values[0], 1, MAX_BOARD_SIZE)
    length = _number("LENGTH", values[1], 1, size)
    max_levels = _number("MAX_LEVELS", values[2], 0)
    if length == 1:
        raise SourceError("LENGTH 1: X's opening wins at once, so the computer never replies")
    centre = (size - 1) // 2
    try:
        opening = Move.parse(values[3], size) if len(values) == 4 else Move(centre, centre)
    except MoveError as error:
        raise SourceError(f"OPENING: {error}") from None
    return size, length, max_levels, opening


def _number(name: str, text: str, low: int, high: int | None = None) -> int:
    """The whole number ``text`` for ``name``, from ``low`` to ``high``; :class:`SourceError` otherwise."""
    try:
        return read_whole_number(text, low, high)
    except NumberError as error:
        raise SourceError(f"{name} {error}") from None
