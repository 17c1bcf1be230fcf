"""Game records as SGF, the Smart Game Format (FF[4]) that other board-game programs read.

:func:`to_sgf` writes records as a collection of game trees; :func:`parse_sgf`
reads one back, every game of it or none.  A game is SGF's Gomoku
(``GM[4]``): ``X``, who moves first, is Black (``B``), ``O`` is White
(``W``), and a square is written column letter then row letter, ``a``
first (``b3`` is ``[bc]``).  The standard properties written are ``FF``,
``GM``, ``CA`` (``UTF-8``), ``SZ``, ``PB``, ``PW``, ``DT`` (the UTC date
the game started), ``RE`` (``B+``, ``W+`` or ``0`` for a draw), and ``B``
or ``W`` for each move.  What SGF has no property for is kept in private
properties, so that a record read back is identical to the one written:

====  ==========  ===============================================================
node  property    meaning
====  ==========  ===============================================================
root  ``KL[5]``   the length to win, tiles in a line (read as 5, Gomoku's, if absent)
root  ``ML[9]``   ``max_levels``, the depth of the computer's search (0 if absent)
root  ``TH[2.5]`` seconds to think a move for the ``strong`` player (absent: none)
root  ``BK``      the kind of player of Black (``human``, ``strong``, ...; ``human`` if absent)
root  ``WK``      the kind of player of White
root  ``DS``      when the game started, ISO 8601 UTC with microseconds (``DT`` at midnight if absent)
root  ``DE``      when the game ended (not known if absent)
move  ``MT[1.5]`` the seconds the move took (0 if absent)
====  ==========  ===============================================================

A reviewed game (:mod:`tictactoe.game.review.search`) carries its review as SGF
comments: the root's ``C`` says what the values mean and sums the review
up, and each move's ``C`` gives the values before and after it and, for a
move that threw away a result, its mark and a move that kept the result.
Reading ignores comments: a review is not read back.

A game without ``DT``/``DS`` has no known date, and one whose moves do
not end it is unfinished (neither is written with ``RE``; ``DT``, ``DS``
and ``DE`` are left out where the time is not known).

Reading takes the first node for the game's information, ignores
properties it does not know, and refuses -- with one :class:`SgfError`
whose message says what is wrong and where (a byte offset for a text that
cannot be read, the game's and the move's number for a game that cannot
be) -- a game that is not ``GM[4]``, lacks ``SZ``, is not square or
larger than 26, has set-up stones, passes or variations, a move off the
board, on a taken square, out of turn or after the end, or whose ``RE``
names another winner than its moves.

>>> from datetime import UTC, datetime
>>> from configurations.moves import Move
>>> from tictactoe.game.record import GameRecord, Competitor, TimedMove
>>> start = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
>>> record = GameRecord(
...     x=Competitor("ada", "human"), o=Competitor("reference", "reference"), size=2, length=2, max_levels=4,
...     think=None, started=start, ended=start,
...     moves=(TimedMove(Move(0, 0), 1.5), TimedMove(Move(1, 1), 0.0), TimedMove(Move(0, 1), 2.0)),
... )
>>> print(to_sgf([record]), end="")
(;FF[4]GM[4]CA[UTF-8]SZ[2]KL[2]ML[4]
PB[ada]BK[human]PW[reference]WK[reference]
DT[2024-05-01]DS[2024-05-01T12:00:00.000000+00:00]DE[2024-05-01T12:00:00.000000+00:00]RE[B+]
;B[aa]MT[1.5];W[bb]MT[0.0];B[ba]MT[2.0])
>>> parse_sgf(to_sgf([record])) == [record]
True
"""

from __future__ import annotations

import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, overload

from configurations import Side, Winner
from configurations.drawing import column_label
from configurations.moves import MAX_BOARD_SIZE, Move
from tictactoe.game.record import Competitor, GameRecord, RecordError, TimedMove, time_text
from tictactoe.game.review.text import legend, move_comment, summary_text
from tictactoe.players.registry import PlayerKind

if TYPE_CHECKING:
    from tictactoe.game.review.values import Review

__all__ = ["MAX_SGF_BYTES", "SgfError", "parse_sgf", "read_sgf_file", "to_sgf"]

#: The largest SGF file :func:`read_sgf_file` reads: a game of 26x26 takes about 10 KB, so this holds thousands.
MAX_SGF_BYTES = 64 * 2**20

# SGF's colours for the two players: X moves first, as Black does.
_COLOUR = {Side.X: "B", Side.O: "W"}
_RESULT_TEXT = {Side.X: "B+", Side.O: "W+", Winner.DRAW: "0"}
_MOVES_A_LINE = 8
# Gomoku's length to win, for a Gomoku game from another program that does not say.
_GOMOKU_LENGTH = 5
_SETUP = ("AB", "AW", "AE")
_INTEGER = re.compile(r"[+-]?[0-9]+")
# float() alone would also take "nan", "inf" and "1_000".
_DECIMAL = re.compile(r"[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_WHITESPACE = b" \t\r\n\v\f"
# The most digits a number of a game may have: 18 stay below 2**63, SQLite's largest integer.
_MAX_DIGITS = 18
_LINE_BREAK = re.compile(rb"\r\n|\n\r|\r|\n")


def _cut(text: str) -> str:
    """``text`` as a message echoes it: on one line (a line break is shown as ``\\n``) and at most 20 characters."""
    shown = text if text.isprintable() else repr(text)[1:-1]
    return shown if len(shown) <= 20 else shown[:19] + "\u2026"


class SgfError(ValueError):
    """SGF text that cannot be read as games: the message says what is wrong and where, on one line."""


# Writing


def to_sgf(records: Iterable[GameRecord], reviews: Sequence[Review | None] | None = None) -> str:
    """The records as an SGF collection, one game tree each, each ending with a line break.

    ``reviews[i]``, when given and not None, is the review of the ``i``-th
    record, written as comments; ``ValueError`` when there are not as many
    reviews as records.  Runtime complexity: O(moves + length of the names).
    """
    games = list(records)
    if reviews is not None and len(reviews) != len(games):
        raise ValueError(f"{len(games)} games were given with {len(reviews)} reviews")
    paired = [None] * len(games) if reviews is None else reviews
    return "".join(_game_text(record, review) for record, review in zip(games, paired, strict=True))


def _game_text(record: GameRecord, review: Review | None = None) -> str:
    think = "" if record.think is None else f"TH[{record.think!r}]"
    dates = ""
    if record.started is not None:
        dates = f"DT[{record.started.date().isoformat()}]DS[{time_text(record.started)}]"
    if record.ended is not None:
        dates += f"DE[{time_text(record.ended)}]"
    result = "" if record.result is None else f"RE[{_RESULT_TEXT[record.result]}]"
    lines = [
        f"(;FF[4]GM[4]CA[UTF-8]SZ[{record.size}]KL[{record.length}]ML[{record.max_levels}]{think}",
        f"PB[{_escape(record.x.name)}]BK[{record.x.kind}]PW[{_escape(record.o.name)}]WK[{record.o.kind}]",
        f"{dates}{result}",
    ]
    nodes = [f";{'BW'[ply % 2]}[{_point(timed.move)}]MT[{timed.seconds!r}]" for ply, timed in enumerate(record.moves)]
    if review is None:
        lines += ["".join(nodes[start : start + _MOVES_A_LINE]) for start in range(0, len(nodes), _MOVES_A_LINE)]
    else:  # a move a line, its comment after it
        lines.append(f"C[{_escape(f'{legend(review)}. {summary_text(review)}')}]")
        lines += [f"{node}C[{_escape(move_comment(move))}]" for node, move in zip(nodes, review.moves, strict=True)]
    return "\n".join(line for line in lines if line) + ")\n"  # no empty line for an undated unfinished game


def _escape(text: str) -> str:
    """``text`` as an SGF value: ``\\`` and ``]`` escaped with a backslash."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _point(move: Move) -> str:
    return column_label(move.col) + column_label(move.row)


# Reading: the text into game trees


@dataclass(frozen=True, slots=True)
class _Property:
    """A property of a node as read: its name, its values (unescaped text) and the byte where it starts."""

    name: str
    values: tuple[str, ...]
    offset: int


_Node = dict[str, _Property]


def read_sgf_file(path: Path) -> list[GameRecord]:
    """Every game of the SGF file ``path``, or :class:`SgfError` saying why none can be read.

    Only a regular file of at most :data:`MAX_SGF_BYTES` is read: anything
    else -- a pipe that may never be written to, a device that never ends --
    is refused before it is opened.
    """
    try:
        # Asked before opening: opening a pipe that nobody writes to would wait for ever.
        if not stat.S_ISREG(path.stat().st_mode):
            raise SgfError(f"cannot read {path}: not a regular file")
        with path.open("rb") as file:
            data = file.read(MAX_SGF_BYTES + 1)
    except OSError as error:
        raise SgfError(f"cannot read {path}: {error.strerror}") from None
    if len(data) > MAX_SGF_BYTES:
        raise SgfError(
            f"cannot read {path}: larger than {MAX_SGF_BYTES // 2**20} MiB, more than SGF files of games hold"
        )
    return parse_sgf(data)


def parse_sgf(data: bytes | str) -> list[GameRecord]:
    """Every game of the SGF collection ``data`` (UTF-8 when bytes), or ``SgfError`` and none.

    Runtime complexity: O(len(data) + board squares).
    """
    raw = data.encode("utf-8", errors="surrogatepass") if isinstance(data, str) else data
    trees = _Parser(raw).collection()
    return [_GameReader(number, nodes).record() for number, nodes in enumerate(trees, 1)]


class _Parser:
    """Reads SGF's syntax: a collection of game trees, each the main line of nodes it holds."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    def collection(self) -> list[list[_Node]]:
        trees = []
        while self._skip_space() < len(self._data):
            trees.append(self._tree())
        if not trees:
            raise SgfError("byte 0: no game: an SGF collection starts with '('")
        return trees

    def _tree(self) -> list[_Node]:
        """The nodes of the game tree at ``(``, one after the other; a tree with variations is refused."""
        data, start = self._data, self._pos
        if data[start : start + 1] != b"(":
            raise self._error(f"expected '(' to start a game, found {self._found()}")
        nodes: list[_Node] = []
        depth = 0
        closed = False  # whether the subtree at the current depth has been closed: only ')' may follow
        while True:
            char = data[self._skip_space() : self._pos + 1]
            if not char:
                raise SgfError(f"byte {self._pos}: the text ends inside the game that starts at byte {start}")
            if char == b"(":
                if closed:
                    raise self._error("a game with variations: only one line of play can be read")
                if depth and not nodes:
                    raise self._error("a game tree must hold a node before another tree")
                depth += 1
                self._pos += 1
            elif char == b";":
                if closed:
                    raise self._error("a node after a variation")
                nodes.append(self._node())
            elif char == b")":
                if not nodes:
                    raise self._error("an empty game tree")
                depth -= 1
                closed = True
                self._pos += 1
                if depth == 0:
                    return nodes
            else:
                raise self._error(f"expected '(', ';' or ')', found {self._found()}")

    def _node(self) -> _Node:
        data = self._data
        self._pos += 1  # the ';'
        node: _Node = {}
        while True:
            start = self._skip_space()
            end = start
            while data[end : end + 1].isalpha():
                end += 1
            if end == start:
                return node
            # Upper-case letters name the property; lower-case ones are older SGF's decoration.
            name = "".join(char for char in data[start:end].decode("ascii") if char.isupper())
            self._pos = end
            values = []
            while self._skip_space() < len(data) and data[self._pos] == ord("["):
                values.append(self._value())
            if not values:
                raise self._error(f"property {name} has no value")
            if name in node:
                raise SgfError(f"byte {start}: property {name} is given twice in one node")
            node[name] = _Property(name, tuple(values), start)

    def _value(self) -> str:
        """The value at ``[``, unescaped: ``\\x`` is ``x``; a backslash and a line break after it are dropped."""
        data, start = self._data, self._pos
        chunks: list[bytes] = []
        pos = start + 1
        while True:
            close = data.find(b"]", pos)
            if close < 0:
                raise SgfError(f"byte {len(data)}: the text ends inside the value that starts at byte {start}")
            # Look for an escape only before the close: searching on to the end of the text for each
            # value would make reading a file of many games take time growing as its square.
            escape = data.find(b"\\", pos, close)
            if escape < 0:
                break
            chunks.append(data[pos:escape])
            pos = escape + 1
            line_break = _LINE_BREAK.match(data, pos)
            if line_break:
                pos = line_break.end()
            else:
                chunks.append(data[pos : pos + 1])
                pos += 1
        chunks.append(data[pos:close])
        self._pos = close + 1
        try:
            return b"".join(chunks).decode("utf-8")
        except UnicodeDecodeError:
            raise SgfError(f"byte {start}: the value is not UTF-8 text") from None

    def _skip_space(self) -> int:
        data, pos = self._data, self._pos
        while pos < len(data) and data[pos] in _WHITESPACE:
            pos += 1
        self._pos = pos
        return pos

    def _found(self) -> str:
        char = self._data[self._pos : self._pos + 1]
        return repr(char.decode("latin-1")) if char else "the end of the text"

    def _error(self, problem: str) -> SgfError:
        return SgfError(f"byte {self._pos}: {problem}")


# Reading: a game tree into a record


class _GameReader:
    """Reads game ``number`` of a collection from its nodes, the first holding the game's information."""

    def __init__(self, number: int, nodes: list[_Node]) -> None:
        self._number = number
        self._nodes = nodes
        self._root = nodes[0]

    def record(self) -> GameRecord:
        """The game as a record; ``SgfError`` naming the game, and the move where one is wrong."""
        game_type = self._text("GM")
        if game_type is None:
            raise self._error("no GM property: only k-in-a-row games, GM[4], can be read")
        if game_type != "4":
            raise self._error(f"GM[{_cut(game_type)}] is not a k-in-a-row game: only GM[4] can be read")
        size = self._size()
        moves = self._moves(size)
        started, ended = self._times()
        try:
            record = GameRecord(
                x=Competitor(self._name("PB", "Black"), self._text("BK", PlayerKind.HUMAN)),
                o=Competitor(self._name("PW", "White"), self._text("WK", PlayerKind.HUMAN)),
                size=size,
                length=self._whole("KL", _GOMOKU_LENGTH),
                max_levels=self._whole("ML", 0),
                think=float(think) if (think := self._number_text("TH", _DECIMAL)) else None,
                started=started,
                ended=ended,
                moves=moves,
            )
        except RecordError as error:
            raise self._error(error.problem, error.move_number) from None
        self._check_result(record.result)
        return record

    def _size(self) -> int:
        text = self._text("SZ")
        if text is None:
            raise self._error("no SZ property: the board size is needed")
        columns, _, rows = text.partition(":")
        if rows and rows != columns:
            raise self._error(f"SZ[{_cut(text)}]: only square boards can be read")
        if not _INTEGER.fullmatch(columns):
            raise self._error(f"SZ[{_cut(text)}] is not a board size")
        if len(columns.lstrip("+-")) > _MAX_DIGITS or not 1 <= int(columns) <= MAX_BOARD_SIZE:
            raise self._error(
                f"SZ[{_cut(text)}]: a board has 1 to {MAX_BOARD_SIZE} rows, one for each letter of its columns"
            )
        return int(columns)

    def _moves(self, size: int) -> tuple[TimedMove, ...]:
        moves: list[TimedMove] = []
        for node in self._nodes:
            for name in _SETUP:
                if name in node:
                    raise self._error(f"set-up stones ({name}) cannot be read: a game starts from an empty board")
            colours = [colour for colour in "BW" if colour in node]
            if not colours:
                continue
            number = len(moves) + 1
            if len(colours) > 1:
                raise self._error("B and W in one node", number)
            point = self._single(node[colours[0]])
            expected = "BW"[len(moves) % 2]
            if colours[0] != expected:
                raise self._error(f"{colours[0]}[{_cut(point)}] out of turn: {expected} is to move", number)
            move = self._point(f"{expected}[{_cut(point)}]", point, size, number)
            seconds = node.get("MT")
            try:
                moves.append(TimedMove(move, float(self._matched(seconds, _DECIMAL)) if seconds else 0.0))
            except RecordError as error:
                raise self._error(error.problem, number) from None
        return tuple(moves)

    def _point(self, written: str, point: str, size: int, number: int) -> Move:
        if not point or (point == "tt" and size <= 19):
            raise self._error(f"{written} is a pass: a move names a square", number)
        if len(point) != 2 or not all("a" <= letter <= "z" for letter in point):
            raise self._error(f"{written} is not a square: two letters a to z, column then row", number)
        col, row = (ord(letter) - ord("a") for letter in point)
        if not (row < size and col < size):
            raise self._error(f"{written} is off the {size}x{size} board", number)
        return Move(row, col)

    def _times(self) -> tuple[datetime | None, datetime | None]:
        """When the game started and ended: DS and DE, else DT at midnight, else not known (None)."""
        started = self._time("DS")
        if started is None:
            date = self._text("DT")
            if date is None:
                return None, self._time("DE")
            if not _DATE.match(date):
                raise self._error(f"DT[{_cut(date)}] is not a date such as 2024-05-01")
            try:
                started = datetime(int(date[:4]), int(date[5:7]), int(date[8:10]), tzinfo=UTC)
            except ValueError:
                raise self._error(f"DT[{_cut(date)}] is not a date of the calendar") from None
        return started, self._time("DE") or started

    def _time(self, name: str) -> datetime | None:
        text = self._text(name)
        if text is None:
            return None
        try:
            return datetime.fromisoformat(text)
        except ValueError:
            raise self._error(f"{name}[{_cut(text)}] is not a time such as 2024-05-01T12:00:00+00:00") from None

    def _check_result(self, result: Winner | None) -> None:
        """Refuse an RE that is no result, or that names another winner than the moves'.

        A game whose moves do not end it is unfinished whatever its RE says:
        another program may record a resignation or a loss on time there.
        """
        text = self._text("RE")
        if text is None:
            return
        written = {"B": Winner.X, "W": Winner.O}.get(text[:1]) if text[1:2] == "+" else None
        if text in ("0", "Draw"):
            written = Winner.DRAW
        if written is None:
            raise self._error(f"RE[{_cut(text)}] is not the result of a finished game: B+, W+ or 0")
        if result is not None and written != result:
            ending = "a draw" if result.side is None else f"a win for {_COLOUR[result.side]}"
            raise self._error(f"RE[{_cut(text)}] disagrees with the moves, which end in {ending}")

    def _name(self, name: str, default: str) -> str:
        # A name is SGF's SimpleText: any white space, line breaks included, reads as a space.
        return re.sub(r"\r\n|\n\r|\s", " ", self._text(name, default))

    def _whole(self, name: str, default: int) -> int:
        """The root's whole number ``name``, or ``default`` without one; out of range past SQLite's integers.

        A longer number is refused before ``int()`` is asked to read what
        may be thousands of digits.
        """
        text = self._number_text(name, _INTEGER)
        if text is None:
            return default
        if len(text.lstrip("+-")) > _MAX_DIGITS:
            raise self._error(f"{name}[{_cut(text)}] is out of range: at most {_MAX_DIGITS} digits")
        return int(text)

    def _number_text(self, name: str, pattern: re.Pattern[str]) -> str | None:
        prop = self._root.get(name)
        return None if prop is None else self._matched(prop, pattern)

    def _matched(self, prop: _Property, pattern: re.Pattern[str]) -> str:
        text = self._single(prop)
        if not pattern.fullmatch(text):
            raise self._error(f"{prop.name}[{_cut(text)}] is not a number (byte {prop.offset})")
        return text

    @overload
    def _text(self, name: str) -> str | None: ...
    @overload
    def _text(self, name: str, default: str) -> str: ...
    def _text(self, name: str, default: str | None = None) -> str | None:
        """The value of the first node's property ``name``, or ``default`` when it has none."""
        prop = self._root.get(name)
        return default if prop is None else self._single(prop)

    def _single(self, prop: _Property) -> str:
        if len(prop.values) != 1:
            raise self._error(f"{prop.name} has {len(prop.values)} values, one expected (byte {prop.offset})")
        return prop.values[0]

    def _error(self, problem: str, move_number: int | None = None) -> SgfError:
        where = f"game {self._number}" if move_number is None else f"game {self._number}, move {move_number}"
        return SgfError(f"{where}: {problem}")
