"""The board of a k-in-a-row game and the questions the search asks of it."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from configurations.drawing import draw_board
from configurations.lines import winning_lines
from configurations.rules import Rules
from configurations.symbols import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    EMPTY,
    HUMAN,
    HUMAN_WINS,
    SYMBOLS,
    UNDECIDED,
    Score,
    Symbol,
    opponent,
    require_player,
)
from configurations.variants import BLACK, wins
from hashdict import Data, DictionaryADT, HashDictionary, require_int, table_size_for

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Configurations", "as_computer", "dictionary_size", "require_levels"]


def dictionary_size(empty_squares: int, max_levels: int) -> int:
    """The number of buckets of a transposition table for one search.

    The search stores a board only after placing 1 to ``max_levels`` tiles
    on the ``empty_squares`` free squares, the computer first, so it can
    store at most ``sum(comb(e, t) * comb(t, ceil(t / 2)) for t in 1..L)``
    boards (``e = empty_squares``, ``L = min(max_levels, e)``).  The size is
    what :func:`hashdict.table_size_for` gives for that bound: a prime from
    1 019 to 230 563 buckets, at least the bound where it can be.  The cap
    keeps the table's own memory under 2 MB; deep searches on big boards
    then share buckets, but alpha-beta cuts keep them far below the bound
    (4x4 searched to the end stores 155 156 boards of a bound in the tens
    of millions, about two for every three buckets).

    Runtime complexity: O(min(max_levels, empty_squares)).

    >>> dictionary_size(8, 0), dictionary_size(8, 2), dictionary_size(48, 9)
    (1019, 1019, 230563)
    """
    bound = 0
    for tiles in range(1, min(max_levels, empty_squares) + 1):
        bound += math.comb(empty_squares, tiles) * math.comb(tiles, (tiles + 1) // 2)
        if table_size_for(bound) < bound:  # past the largest table: more boards cannot change the size
            break
    return table_size_for(bound)


def require_levels(max_levels: object) -> int:
    """``max_levels`` itself if it is a search depth: an ``int`` (not a ``bool``) of at least 0.

    ``TypeError`` or ``ValueError`` naming it otherwise; every player that
    searches checks its depth so.

    >>> require_levels(-1)
    Traceback (most recent call last):
    ...
    ValueError: max_levels must be at least 0, got -1
    """
    levels = require_int("max_levels", max_levels)
    if levels < 0:
        raise ValueError(f"max_levels must be at least 0, got {levels!r}")
    return levels


class Configurations:
    """A square board of ``board_size`` rows on which ``length_to_win`` tiles in a line win.

    Squares are addressed by ``(row, col)``, both counted from 0 at the top
    left.  ``max_levels`` is how deep the computer's search looks ahead.

    >>> configs = Configurations(3, 3, 2)
    >>> configs.save_play(1, 1, "X")
    >>> configs.configuration()
    '    X    '
    >>> configs
    Configurations.from_rows(['   ', ' X ', '   '], length_to_win=3, max_levels=2)
    """

    __slots__ = ("_board_size", "_configuration", "_length_to_win", "_lines", "_max_levels", "_squares", "_tiles")

    def __init__(self, board_size: int, length_to_win: int, max_levels: int) -> None:
        for name, value in (("board_size", board_size), ("length_to_win", length_to_win)):
            require_int(name, value)
        if board_size < 1:
            raise ValueError(f"board_size must be at least 1, got {board_size!r}")
        if not 1 <= length_to_win <= board_size:
            raise ValueError(f"length_to_win must be between 1 and board_size ({board_size}), got {length_to_win!r}")
        require_levels(max_levels)
        self._board_size = board_size
        self._length_to_win = length_to_win
        self._max_levels = max_levels
        self._squares = [EMPTY] * (board_size * board_size)
        self._tiles = 0  # squares that are not empty, so that fullness is O(1)
        self._configuration: str | None = None  # the joined squares, until the next play
        self._lines = winning_lines(board_size, length_to_win)

    @classmethod
    def from_rows(cls, rows: Sequence[str], length_to_win: int, max_levels: int) -> Configurations:
        """A board of ``len(rows)`` rows, each a string of that many ``"X"``, ``"O"``, ``" "``.

        The tiles are placed with :meth:`save_play`.  ``ValueError`` when a
        row has the wrong length or holds another character, and as the
        constructor.  Runtime complexity: O(board_size²).

        >>> Configurations.from_rows(["XO", " X"], length_to_win=2, max_levels=0).wins("X")
        True
        >>> Configurations.from_rows(["XO", "X"], length_to_win=2, max_levels=0)
        Traceback (most recent call last):
        ...
        ValueError: row 1 is 'X': a board of 2 rows needs 2 squares in each, got 1
        """
        configs = cls(_checked_size(rows), length_to_win, max_levels)
        _place_rows(configs, rows)
        return configs

    @classmethod
    def for_rules(cls, rules: Rules, max_levels: int, *, rows: Sequence[str] = ()) -> Configurations:
        """A board played by ``rules``, searched ``max_levels`` deep: empty, or holding ``rows`` as :meth:`from_rows`.

        :attr:`rules` is ``rules``, and :meth:`wins` (so :meth:`is_draw` and
        :meth:`eval_board`) applies its variant; the opening rule is the
        game's to apply.  The board is square: :class:`~configurations.rules.RulesError`
        otherwise.  ``ValueError`` for ``rows`` of another size, and as
        :meth:`from_rows`.  A freestyle board from the constructor answers
        the same as one from here, a little faster.

        >>> standard = Configurations.for_rules(Rules.square(4, 3, variant="standard"), 0, rows=["XXXX"] + ["    "] * 3)
        >>> standard.wins("X"), Configurations.from_rows(["XXXX"] + ["    "] * 3, 3, 0).wins("X")
        (False, True)
        >>> Configurations.for_rules(Rules(7, 6, 4), 2)
        Traceback (most recent call last):
        ...
        configurations.rules.RulesError: a board of 7x6 is not square
        """
        configs = _RuledConfigurations(rules, max_levels)
        if rows:
            if _checked_size(rows) != rules.size:
                raise ValueError(f"rows must be {rules.size} rows for a {rules.board} board, got {len(rows)}")
            _place_rows(configs, rows)
        return configs

    @property
    def board_size(self) -> int:
        """The number of rows, and of columns (read-only)."""
        return self._board_size

    @property
    def length_to_win(self) -> int:
        """How many tiles in a line win (read-only)."""
        return self._length_to_win

    @property
    def rules(self) -> Rules:
        """The rules this board is played by: freestyle on a square of ``board_size`` with ``length_to_win``.

        >>> Configurations(3, 3, 0).rules
        Rules(rows=3, cols=3, k=3)
        """
        return Rules.square(self._board_size, self._length_to_win)

    @property
    def max_levels(self) -> int:
        """How many levels below the computer's move the search explores (read-only)."""
        return self._max_levels

    def create_dictionary(self) -> HashDictionary:
        """An empty transposition table for a search from the current board.

        Its number of buckets is a prime chosen by :func:`dictionary_size`
        from the empty squares and ``max_levels``.  Runtime complexity:
        O(buckets).

        >>> table = Configurations(3, 3, 0).create_dictionary()
        >>> table.size, table.num_records()
        (1019, 0)
        """
        return HashDictionary(dictionary_size(len(self._squares) - self._tiles, self._max_levels))

    def configuration(self) -> str:
        """The board as a string: its squares row by row, ``"X"``, ``"O"`` or ``" "``.

        Its length is ``board_size²``.  Runtime complexity: O(board_size²)
        after a play, O(1) when asked again.

        >>> configs = Configurations(2, 2, 0)
        >>> configs.save_play(1, 0, "O")
        >>> configs.configuration()
        '  O '
        """
        if self._configuration is None:
            self._configuration = "".join(self._squares)
        return self._configuration

    def repeated_configuration(self, table: DictionaryADT) -> int:
        """The score ``table`` holds for the current board, or -1 if it holds none.

        Runtime complexity: O(board_size²) plus one ``table.get``.

        >>> configs = Configurations(3, 3, 1)
        >>> table = configs.create_dictionary()
        >>> configs.repeated_configuration(table)
        -1
        >>> configs.add_configuration(table, 2)
        >>> configs.repeated_configuration(table)
        2
        """
        return table.get(self.configuration())

    def add_configuration(self, table: DictionaryADT, score: Score) -> None:
        """Store the current board in ``table`` with ``score``.

        ``DictionaryException`` if the board is already stored (the table is
        then unchanged).  Runtime complexity: O(board_size²) plus one
        ``table.put``.
        """
        table.put(Data(self.configuration(), score))

    def save_play(self, row: int, col: int, symbol: Symbol) -> None:
        """Put ``symbol`` on square ``(row, col)``: ``"X"``, ``"O"``, or ``" "`` to clear it.

        ``IndexError`` outside the board (negative indices never wrap
        around), ``ValueError`` for any other symbol; the board is then
        unchanged.  Runtime complexity: O(1).

        >>> configs = Configurations(3, 3, 0)
        >>> configs.save_play(3, 0, "X")
        Traceback (most recent call last):
        ...
        IndexError: square (3, 0) is outside the 3x3 board: rows and columns run from 0 to 2
        >>> configs.save_play(0, 0, "x")
        Traceback (most recent call last):
        ...
        ValueError: symbol must be 'X', 'O' or ' ', got 'x'
        """
        index = self._index(row, col)
        if not (isinstance(symbol, str) and symbol in SYMBOLS):
            raise ValueError(f"symbol must be {HUMAN!r}, {COMPUTER!r} or {EMPTY!r}, got {symbol!r}")
        squares = self._squares
        self._tiles += (symbol != EMPTY) - (squares[index] != EMPTY)
        squares[index] = symbol
        self._configuration = None

    def square_is_empty(self, row: int, col: int) -> bool:
        """Whether square ``(row, col)`` holds no tile.

        ``IndexError`` outside the board.  Runtime complexity: O(1).

        >>> Configurations(3, 3, 0).square_is_empty(2, 2)
        True
        """
        return self._squares[self._index(row, col)] == EMPTY

    def wins(self, symbol: Symbol) -> bool:
        """Whether ``symbol`` has ``length_to_win`` tiles in a row, column, diagonal or anti-diagonal.

        ``ValueError`` unless ``symbol`` is ``"X"`` or ``"O"``.  Runtime
        complexity: O(board_size²).

        >>> configs = Configurations.from_rows(["  O", " O ", "OXX"], length_to_win=3, max_levels=0)
        >>> configs.wins("O"), configs.wins("X")
        (True, False)
        """
        board = self.configuration()
        run = require_player(symbol) * self._length_to_win
        return any(run in board[start:stop:step] for start, stop, step in self._lines)

    def is_draw(self) -> bool:
        """Whether no square is empty and neither player wins.

        Runtime complexity: O(1) while a square is empty, else O(board_size²).

        >>> Configurations.from_rows(["XOX", "XOO", "OXX"], length_to_win=3, max_levels=0).is_draw()
        True
        >>> Configurations.from_rows(["XO", "OX"], length_to_win=2, max_levels=0).is_draw()  # X wins
        False
        """
        return self._tiles == len(self._squares) and not self.wins(HUMAN) and not self.wins(COMPUTER)

    def eval_board(self) -> Score:
        """The board's score: ``COMPUTER_WINS`` if ``"O"`` wins (checked first),
        else ``HUMAN_WINS`` if ``"X"`` wins, else ``DRAW`` if :meth:`is_draw`,
        else ``UNDECIDED``.

        Runtime complexity: O(board_size²).

        >>> Configurations.from_rows(["XXX", "OO ", "   "], length_to_win=3, max_levels=0).eval_board()
        0
        """
        if self.wins(COMPUTER):
            return COMPUTER_WINS
        if self.wins(HUMAN):
            return HUMAN_WINS
        if self._tiles == len(self._squares):  # is_draw(), without asking wins() again
            return DRAW
        return UNDECIDED

    def __str__(self) -> str:
        """The board drawn for a person (see :func:`~configurations.draw_board`)."""
        return draw_board(self)

    def __repr__(self) -> str:
        """An expression that builds an equal board: the constructor's when it is empty."""
        if self._tiles == 0:
            return (
                f"{type(self).__name__}(board_size={self._board_size!r}, "
                f"length_to_win={self._length_to_win!r}, max_levels={self._max_levels!r})"
            )
        return (
            f"{type(self).__name__}.from_rows({self._rows()!r}, "
            f"length_to_win={self._length_to_win!r}, max_levels={self._max_levels!r})"
        )

    def _rows(self) -> list[str]:
        """The board's rows, each a string of its squares."""
        board, size = self.configuration(), self._board_size
        return [board[start : start + size] for start in range(0, size * size, size)]

    def _blank(self, max_levels: int, *, swap: bool) -> Configurations:
        """An empty board of the same rules, searched ``max_levels`` deep, for a copy with the symbols swapped
        (``swap``) or not: the constructor's, which the assignment's board keeps."""
        return Configurations(self._board_size, self._length_to_win, max_levels)

    def _index(self, row: int, col: int) -> int:
        """The position of square ``(row, col)`` in the configuration string."""
        require_int("row", row)
        require_int("col", col)
        size = self._board_size
        if not (0 <= row < size and 0 <= col < size):
            raise IndexError(
                f"square ({row!r}, {col!r}) is outside the {size}x{size} board: "
                f"rows and columns run from 0 to {size - 1}"
            )
        return row * size + col


class _RuledConfigurations(Configurations):
    """A board made by :meth:`Configurations.for_rules`: it keeps its rules, and its :meth:`wins` asks their variant.

    A board of its own class, so that the assignment's :class:`Configurations`
    keeps its win test as it was, at its speed: the reference search asks it
    millions of times.  ``black`` is the symbol that plays black, ``O`` in a
    copy that :func:`as_computer` swapped.
    """

    __slots__ = ("_black", "_rules")

    def __init__(self, rules: Rules, max_levels: int, black: Symbol = BLACK) -> None:
        super().__init__(rules.size, rules.k, max_levels)
        self._rules = rules
        self._black = black

    @property
    def rules(self) -> Rules:
        """The rules this board was made for."""
        return self._rules

    def wins(self, symbol: Symbol) -> bool:
        """Whether ``symbol`` has a winning line under the board's variant (see :mod:`configurations.variants`).

        ``ValueError`` unless ``symbol`` is ``"X"`` or ``"O"``.  Runtime
        complexity: O(board_size²).
        """
        return wins(self._rules, self.configuration(), require_player(symbol), black=self._black)

    def __repr__(self) -> str:
        """An expression that builds an equal board: :meth:`Configurations.for_rules`'s, swapped back by
        :func:`as_computer` where the symbols were swapped."""
        rows = self._rows()
        if self._black != BLACK:
            rows = [row.translate(_SWAP) for row in rows]
        shown = f", rows={rows!r}" if self._tiles else ""
        made = f"Configurations.for_rules({self._rules!r}, max_levels={self._max_levels!r}{shown})"
        return made if self._black == BLACK else f"as_computer({made}, {BLACK!r}, {self._max_levels!r})"

    def _blank(self, max_levels: int, *, swap: bool) -> Configurations:
        return _RuledConfigurations(self._rules, max_levels, opponent(self._black) if swap else self._black)


#: What swaps the players' symbols in a row of squares.
_SWAP = str.maketrans({HUMAN: COMPUTER, COMPUTER: HUMAN})


def _checked_size(rows: Sequence[str]) -> int:
    """The size of the board ``rows`` draw: their number; ``TypeError`` or ``ValueError`` as
    :meth:`Configurations.from_rows` says."""
    if isinstance(rows, str):
        raise TypeError(f"rows must be a sequence of strings, not a single str: {rows!r}")
    size = len(rows)
    for index, row in enumerate(rows):
        if not isinstance(row, str):
            raise TypeError(f"row {index} must be a str, not {type(row).__name__}: {row!r}")
        if len(row) != size:
            raise ValueError(
                f"row {index} is {row!r}: a board of {size} rows needs {size} squares in each, got {len(row)}"
            )
        for col, symbol in enumerate(row):
            if symbol not in SYMBOLS:
                raise ValueError(f"row {index} is {row!r}: square {col} holds {symbol!r}, not 'X', 'O' or ' '")
    return size


def _place_rows(configs: Configurations, rows: Sequence[str]) -> None:
    """Place the tiles of ``rows`` (checked by :func:`_checked_size`) on ``configs`` with ``save_play``."""
    for index, row in enumerate(rows):
        for col, symbol in enumerate(row):
            if symbol != EMPTY:
                configs.save_play(index, col, symbol)


def as_computer(board: Configurations, mover: Symbol, max_levels: int) -> Configurations:
    """A copy of ``board``, searched ``max_levels`` deep, in which ``mover``'s tiles are the computer's (``"O"``).

    The reference search always plays ``O``; to move for ``X``, a player
    hands it this copy with every ``X`` and ``O`` swapped, so that the
    search plays ``X``'s tiles.  Swapping the symbols swaps the search's view
    of who is who and nothing else: a board from :meth:`Configurations.for_rules`
    keeps its rules, and under renju the swapped copy's black is ``O``.
    ``ValueError`` unless ``mover`` is a player.  Runtime complexity:
    O(board_size²).

    >>> as_computer(Configurations.from_rows(["XO ", "   ", "   "], 3, 0), "X", 2)
    Configurations.from_rows(['OX ', '   ', '   '], length_to_win=3, max_levels=2)
    """
    swap = require_player(mover) == HUMAN
    copy = board._blank(max_levels, swap=swap)
    size = board.board_size
    for square, symbol in enumerate(board.configuration()):
        if symbol != EMPTY:
            copy.save_play(
                square // size, square % size, (HUMAN if symbol == COMPUTER else COMPUTER) if swap else symbol
            )
    return copy
