"""Game records as SGF, the Smart Game Format (FF[4]) that other board-game programs read.

:func:`to_sgf` writes records as a collection of game trees; :func:`read_sgf`
reads one back, every game of it or none (:func:`parse_sgf`: the games
alone).  A game is SGF's Gomoku (``GM[4]``): ``X``, who moves first on the
empty board, is Black (``B``), ``O`` is White (``W``), and a square is
written column letter then row letter, ``a`` first (``b3`` is ``[bc]``).
The standard properties written are ``FF``, ``GM``, ``CA`` (``UTF-8``),
``SZ``, ``PB``, ``PW``, ``DT`` (the UTC date the game started), ``RE``
(``B+``, ``W+`` or ``0`` for a draw, or the result another program wrote,
as it wrote it), ``AB``, ``AW`` and ``PL`` for a game from a position set
up (the stones, and who moves first), and ``B`` or ``W`` for each move.
What SGF has no property for is kept in private properties, so that a
record read back is identical to the one written:

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
root  ``OR``      the opening rule, ``swap`` or ``swap2`` (``free`` if absent)
root  ``OC``      a swap opening's choices in order, ``two more,white`` (none if absent)
move  ``MT[1.5]`` the seconds the move took (not known if absent)
====  ==========  ===============================================================

A game under a swap opening says in the root's ``C`` who placed the stones
and who chose what (``swap: Ada placed 3 stones; Bob chose black``), and
``PB``/``PW`` name who had each colour after the choice.

A reviewed game (:mod:`tictactoe.game.review.search`) carries its review as SGF
comments: the root's ``C`` says what the values mean and sums the review
up, and each move's ``C`` gives the values before and after it and, for a
marked move, its mark and a better move, on the line after the move's own
comment.  A review is not read back: reading keeps the root's comment and
each move's without the lines this program writes there itself.

A game without ``DT``/``DS`` has no known date, and one whose moves do
not end it and whose ``RE`` names no winner is unfinished (neither is
written with ``RE``; ``DT``, ``DS``, ``DE`` and ``MT`` are left out where
the time is not known).

Reading takes SGF as other programs write it: a byte-order mark; ``CA``,
the character set of the text (any that Python's codecs know; without
one, UTF-8 when the text is UTF-8, else ISO-8859-1, SGF's default); names
empty or missing (``Black`` and ``White``); every ``RE`` of the standard
(``B+``, ``W+R``, ``B+Resign``, ``W+T``, ``B+F``, ``0``, ``Draw``, ``?``,
``Void``, a score), kept as written; stones set up with ``AB``, ``AW``
and ``AE`` before the first move (a list or a rectangle ``aa:cc``), with
``PL`` -- or else the first move -- saying who moves first; and
variations, of which the main line (the first at each branch) is read and
the others counted (:attr:`SgfGames.variations_left_out`).  Properties
it does not know are ignored.  It refuses -- with one :class:`SgfError`
whose message says what is wrong and where (a byte offset for a text that
cannot be read, the game's and the move's number for a game that cannot
be) -- a game that is not ``GM[4]``, lacks ``SZ``, is not square or
larger than 26, has passes, stones set up after a move, a move off the
board, on a taken square, out of turn or after the end, or whose ``RE``
names another winner than its moves.

>>> from datetime import UTC, datetime
>>> from configurations.moves import Move
>>> from configurations.rules import Rules
>>> from tictactoe.game.record import GameRecord, Competitor, TimedMove
>>> start = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
>>> record = GameRecord(
...     x=Competitor("ada", "human"), o=Competitor("reference", "reference"), rules=Rules.square(2, 2), max_levels=4,
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

import codecs
import dataclasses
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, overload

from configurations import Side
from configurations.drawing import column_label
from configurations.moves import MAX_BOARD_SIZE, Move
from configurations.rules import Opening, OpeningChoice, Variant
from tictactoe.game.record import (
    KEPT_PROPERTIES,
    Competitor,
    GameRecord,
    RecordError,
    StartingPosition,
    TimedMove,
    declared_winner,
    lost_by_foul,
    result_code,
    square_rules,
    time_text,
)
from tictactoe.game.review.text import LEGEND_START, legend, move_comment, summary_text
from tictactoe.players.registry import PlayerKind

if TYPE_CHECKING:
    from tictactoe.game.review.values import Review

__all__ = [
    "MAX_SGF_BYTES",
    "ForeignGameError",
    "SgfError",
    "SgfGames",
    "parse_sgf",
    "read_sgf",
    "read_sgf_file",
    "to_sgf",
]

#: The largest SGF file :func:`read_sgf_file` reads: a game of 26x26 takes about 10 KB, so this holds thousands.
MAX_SGF_BYTES = 64 * 2**20

# SGF's colours for the two players: X moves first on the empty board, as Black does.
_COLOUR = {Side.X: "B", Side.O: "W"}
_SIDE = {"B": Side.X, "W": Side.O}
_SETUP = {"AB": Side.X, "AW": Side.O, "AE": None}
_MOVES_A_LINE = 8
# Gomoku's length to win, for a Gomoku game from another program that does not say.
_GOMOKU_LENGTH = 5
# RU's names of the rules, as read (in any case) and as written; Gomoku is freestyle's other name.
_RULES_READ = {variant.value: variant for variant in Variant} | {"gomoku": Variant.FREESTYLE}
_RULES_WRITTEN = {variant: variant.value.capitalize() for variant in Variant}
# Go's game number, which a program that plays gomoku on a Go board (KataGomo) writes with a gomoku RU.
_GO = "1"
# RenjuNet's and RenLib's properties of a renju tournament opening: the fifth move's offers, and a swap.
_RENJUNET = frozenset({"5A", "SW"})
_INTEGER = re.compile(r"[+-]?[0-9]+")
# float() alone would also take "nan", "inf" and "1_000".
_DECIMAL = re.compile(r"[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_WHITESPACE = b" \t\r\n\v\f"
# The most digits a number of a game may have: 18 stay below 2**63, SQLite's largest integer.
_MAX_DIGITS = 18
_LINE_BREAK = re.compile(rb"\r\n|\n\r|\r|\n")
_BYTE_ORDER_MARK = codecs.BOM_UTF8
# SGF's character set when a file names none (FF[4]); a text that is UTF-8 all through is read as UTF-8, which
# is what most programs write today without saying so.
_DEFAULT_CHARSET = "ISO-8859-1"


def _cut(text: str) -> str:
    """``text`` as a message echoes it: on one line (a line break is shown as ``\\n``) and at most 20 characters."""
    shown = text if text.isprintable() else repr(text)[1:-1]
    return shown if len(shown) <= 20 else shown[:19] + "\u2026"


class SgfError(ValueError):
    """SGF text that cannot be read as games: the message says what is wrong and where, on one line."""


class ForeignGameError(SgfError):
    """A game of a collection that is not k-in-a-row (Go's, GM[1] without a gomoku rule): skipped with a note
    where the collection holds another game, else the collection's error."""


@dataclass(frozen=True, slots=True)
class SgfGames:
    """The games of an SGF collection, each its main line, and how many variations were left out of them."""

    records: list[GameRecord]
    variations_left_out: int = 0
    #: What the reader should be told of the games, one line each (a game black lost by a forbidden move, a
    #: record that looks like renju read by another rule).
    notes: tuple[str, ...] = ()


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
    kept = record.properties
    dates = ""
    if record.started is not None:
        dates = f"DT[{record.started.date().isoformat()}]DS[{time_text(record.started)}]"
    if record.ended is not None:
        dates += f"DE[{time_text(record.ended)}]"
    written = record.declared_result or (None if record.result is None else result_code(record.result))
    result = "" if written is None else f"RE[{_escape(written)}]"
    lines = [
        f"(;FF[4]GM[4]CA[UTF-8]SZ[{record.rules.size}]KL[{record.rules.k}]{_rule_text(record.rules.variant)}"
        f"{_opening_text(record)}ML[{record.max_levels}]{think}",
        f"PB[{_escape(record.x.name)}]BK[{record.x.kind}]PW[{_escape(record.o.name)}]WK[{record.o.kind}]",
        f"{dates}{result}",
        "".join(name + "".join(f"[{_escape(value)}]" for value in values) for name, values in kept if name != "C"),
        _setup_text(record.start),
    ]
    nodes = [
        f";{_COLOUR[record.mover(ply)]}[{_point(timed.move)}]"
        + ("" if timed.seconds is None else f"MT[{timed.seconds!r}]")
        for ply, timed in enumerate(record.moves)
    ]
    own = [timed.comment for timed in record.moves]
    comments = [value for name, values in kept if name == "C" for value in values]
    comments += [record.opening_text()] if record.opening_text() else []
    if review is not None:
        comments.append(f"{legend(review)}. {summary_text(review)}")
    if comments:
        lines.append(f"C[{_escape(chr(10).join(comments))}]")
    if review is None:
        nodes = [node if text is None else f"{node}C[{_escape(text)}]" for node, text in zip(nodes, own, strict=True)]
        lines += ["".join(nodes[start : start + _MOVES_A_LINE]) for start in range(0, len(nodes), _MOVES_A_LINE)]
    else:  # a move a line, its own comment and the review's after it, the review's last
        lines += [
            f"{node}C[{_escape('' if text is None else text + chr(10))}{_escape(move_comment(move))}]"
            for node, text, move in zip(nodes, own, review.moves, strict=True)
        ]
    return "\n".join(line for line in lines if line) + ")\n"  # no empty line for an undated unfinished game


def _setup_text(start: StartingPosition) -> str:
    """The root's ``AB``, ``AW`` and ``PL`` of a game from ``start``; nothing for the empty board, X to move."""
    if start.is_empty:
        return ""
    stones = "".join(
        f"A{_COLOUR[side]}" + "".join(f"[{_point(move)}]" for move in start.squares(side))
        for side in Side
        if start.squares(side)
    )
    return f"{stones}PL[{_COLOUR[start.to_move]}]"


def _escape(text: str) -> str:
    """``text`` as an SGF value: ``\\`` and ``]`` escaped with a backslash."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _point(move: Move) -> str:
    return column_label(move.col) + column_label(move.row)


# Reading: the text into game trees


@dataclass(frozen=True, slots=True)
class _Property:
    """A property of a node as read: its name, its values (unescaped, not yet decoded) and the byte where it
    starts."""

    name: str
    values: tuple[bytes, ...]
    offset: int


_Node = dict[str, _Property]


@dataclass(slots=True)
class _Tree:
    """A game tree's main line: its nodes, and how many variations beside it were left out."""

    nodes: list[_Node]
    left_out: int = 0


def read_sgf_file(path: Path, *, rule: Variant = Variant.FREESTYLE) -> list[GameRecord]:
    """Every game of the SGF file ``path``, or :class:`SgfError` saying why none can be read; a game whose ``RU``
    names no rule is played by ``rule``.

    Only a regular file of at most :data:`MAX_SGF_BYTES` is read: anything
    else -- a pipe that may never be written to, a device that never ends --
    is refused before it is opened.
    """
    return read_sgf(read_file_bytes(path, MAX_SGF_BYTES, SgfError), rule=rule).records


def read_file_bytes(path: Path, limit: int, error: type[ValueError]) -> bytes:
    """The bytes of the regular file ``path``, of at most ``limit`` bytes; ``error`` saying why not.

    Asked before opening whether it is a regular file: opening a pipe that
    nobody writes to would wait for ever.
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise error(f"cannot read {path}: not a regular file")
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except OSError as problem:
        raise error(f"cannot read {path}: {problem.strerror}") from None
    if len(data) > limit:
        raise error(f"cannot read {path}: larger than {limit // 2**20} MiB, more than files of games hold")
    return data


def parse_sgf(data: bytes | str, *, rule: Variant = Variant.FREESTYLE) -> list[GameRecord]:
    """Every game of the SGF collection ``data``, or ``SgfError`` and none (:func:`read_sgf`'s games)."""
    return read_sgf(data, rule=rule).records


def read_sgf(data: bytes | str, *, rule: Variant = Variant.FREESTYLE) -> SgfGames:
    """Every game of the SGF collection ``data`` -- the main line of each -- or ``SgfError`` and none.

    ``data`` is bytes in the character set its ``CA`` names, or text.  A
    game without ``RU`` is played by ``rule`` (freestyle: SGF's gomoku).
    Runtime complexity: O(len(data) + board squares).
    """
    raw = data.encode("utf-8", errors="surrogatepass") if isinstance(data, str) else data
    trees = _Parser(raw).collection()
    records: list[GameRecord] = []
    notes: list[str] = []
    foreign: list[ForeignGameError] = []
    for number, tree in enumerate(trees, 1):
        reader = _GameReader(number, tree.nodes, rule)
        try:
            records.append(reader.record())
        except ForeignGameError as error:  # another game of the collection may still be k-in-a-row
            foreign.append(error)
            notes.append(f"{error}: skipped")
        notes += reader.notes
    if foreign and not records:
        raise foreign[0]
    return SgfGames(records, sum(tree.left_out for tree in trees), tuple(notes))


class _Parser:
    """Reads SGF's syntax: a collection of game trees, each the main line of nodes it holds."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        # A byte-order mark says the text is UTF-8; it is no part of the SGF.
        self._pos = len(_BYTE_ORDER_MARK) if data.startswith(_BYTE_ORDER_MARK) else 0

    def collection(self) -> list[_Tree]:
        trees = []
        while self._skip_space() < len(self._data):
            trees.append(self._tree())
        if not trees:
            raise SgfError("byte 0: no game: an SGF collection starts with '('")
        return trees

    def _tree(self) -> _Tree:
        """The main line of the game tree at ``(``: its nodes, then those of its first subtree, and so on.

        The other subtrees -- variations -- are read for their syntax and
        counted.  A loop, not recursion, so that no nesting is too deep.
        """
        data, start = self._data, self._pos
        if data[start : start + 1] != b"(":
            raise self._error(f"expected '(' to start a game, found {self._found()}")
        tree = _Tree([])
        # For each tree open on the main line, whether it has had a subtree yet: a second one is a variation.
        branched: list[bool] = []
        while True:
            char = data[self._skip_space() : self._pos + 1]
            if not char:
                raise SgfError(f"byte {self._pos}: the text ends inside the game that starts at byte {start}")
            if char == b"(":
                self._subtree(tree, branched, start)
            elif char == b";":
                if branched[-1]:
                    raise self._error("a node after a variation")
                tree.nodes.append(self._node())
            elif char == b")":
                if not tree.nodes:
                    raise self._error("an empty game tree")
                branched.pop()
                self._pos += 1
                if not branched:
                    return tree
            else:
                raise self._error(f"expected '(', ';' or ')', found {self._found()}")

    def _subtree(self, tree: _Tree, branched: list[bool], game_start: int) -> None:
        """At ``(``: enter the subtree when it is the first of its tree (the main line), else skip and count it."""
        if branched and branched[-1]:
            self._skip_variation(game_start)
            tree.left_out += 1
            return
        if branched and not tree.nodes:
            raise self._error("a game tree must hold a node before another tree")
        if branched:
            branched[-1] = True
        branched.append(False)
        self._pos += 1

    def _skip_variation(self, game_start: int) -> None:
        """Read past the variation at ``(``, checking only its syntax."""
        depth = 0
        while True:
            char = self._data[self._skip_space() : self._pos + 1]
            if not char:
                raise SgfError(f"byte {self._pos}: the text ends inside the game that starts at byte {game_start}")
            if char == b";":
                self._node()
                continue
            if char not in b"()":
                raise self._error(f"expected '(', ';' or ')', found {self._found()}")
            depth += 1 if char == b"(" else -1
            self._pos += 1
            if depth == 0:
                return

    def _node(self) -> _Node:
        data = self._data
        self._pos += 1  # the ';'
        node: _Node = {}
        while True:
            start = self._skip_space()
            end = start
            while data[end : end + 1].isalnum():
                end += 1
            if end == start:
                return node
            # Upper-case letters name the property (and digits, as RenjuNet's 5A); lower-case ones are older
            # SGF's decoration.
            name = "".join(char for char in data[start:end].decode("ascii") if char.isupper() or char.isdigit())
            self._pos = end
            values = []
            while self._skip_space() < len(data) and data[self._pos] == ord("["):
                values.append(self._value())
            if not values:
                raise self._error(f"property {name} has no value")
            if name in node:
                raise SgfError(f"byte {start}: property {name} is given twice in one node")
            node[name] = _Property(name, tuple(values), start)

    def _value(self) -> bytes:
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
        return b"".join(chunks)

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


def _opening_text(record: GameRecord) -> str:
    """The game's ``OR`` and ``OC`` properties: none under the free opening."""
    opening = record.rules.opening
    if opening is Opening.FREE:
        return ""
    choices = ",".join(record.opening_choices)
    return f"OR[{opening}]" + (f"OC[{choices}]" if choices else "")


def _rule_text(variant: Variant) -> str:
    """The game's ``RU`` property: none for freestyle, the game k-in-a-row is when nothing says otherwise."""
    return "" if variant is Variant.FREESTYLE else f"RU[{_RULES_WRITTEN[variant]}]"


# Reading: a game tree into a record


class _GameReader:
    """Reads game ``number`` of a collection from its main line, the first node holding the game's information."""

    def __init__(self, number: int, nodes: list[_Node], rule: Variant = Variant.FREESTYLE) -> None:
        self._number = number
        self._rule = rule  # the rule of a game whose RU names none
        self._nodes = nodes
        self._root = nodes[0]
        self._charset = self._character_set()
        #: What the reader noticed and the reader of the file should be told, one line each.
        self.notes: list[str] = []

    def record(self) -> GameRecord:
        """The game as a record; ``SgfError`` naming the game, and the move where one is wrong.  What the reader
        noticed on the way is in :attr:`notes`."""
        variant = self._variant()
        size = self._size()
        start, first_move = self._start(size)
        moves = self._moves(size, start.to_move, first_move)
        started, ended = self._times()
        x = Competitor(self._name("PB", "Black"), self._text("BK", PlayerKind.HUMAN))
        o = Competitor(self._name("PW", "White"), self._text("WK", PlayerKind.HUMAN))
        max_levels = self._whole("ML", 0)  # read before the rules, as every property before the record
        length, opening = self._whole("KL", _GOMOKU_LENGTH), self._text("OR", Opening.FREE)
        think = float(think_text) if (think_text := self._number_text("TH", _DECIMAL)) else None
        choices = self._opening_choices()
        kept = self._kept(opening)

        def make(played: tuple[TimedMove, ...], result: str | None) -> GameRecord:
            rules = square_rules(size, length, variant, opening)
            return GameRecord(
                x, o, rules, max_levels, think, started, ended, played, start, result, choices, properties=kept
            )

        try:
            record, foul = lost_by_foul(make, moves)
        except RecordError as error:
            raise self._error(error.problem, error.move_number) from None
        if foul is None:
            return self._with_result(record)
        self.notes.append(f"game {self._number}: {foul}{self._result_not_kept()}")
        return record

    def _kept(self, opening: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The game information a record keeps as written (:data:`~tictactoe.game.record.KEPT_PROPERTIES`), each
        with its values in the game's character set; the root comment without the lines this program writes of a
        swap opening and of a review (written again from the record and the review)."""
        kept = []
        for name in KEPT_PROPERTIES:
            prop = self._root.get(name)
            if prop is None:
                continue
            values = tuple(self._decoded(prop, value) for value in prop.values)
            if name == "C":  # without the lines this program writes there itself, from the record and its review
                lines = values[0].split("\n") if values else []
                ours = (f"{opening}: ", LEGEND_START)
                values = ("\n".join(line for line in lines if not line.startswith(ours)),)
                if not values[0]:
                    continue
            kept.append((name, values))
        return tuple(kept)

    def _decoded(self, prop: _Property, value: bytes) -> str:
        try:
            return value.decode(self._charset)
        except UnicodeDecodeError:
            raise self._error(f"{prop.name}: the value is not {self._charset} text (byte {prop.offset})") from None

    def _opening_choices(self) -> tuple[OpeningChoice, ...]:
        """The choices of ``OC`` (none if absent); ``SgfError`` for one there is not."""
        written = self._text("OC")
        if not written:
            return ()
        try:
            return tuple(OpeningChoice(choice.strip()) for choice in written.split(","))
        except ValueError:
            raise self._error(f"OC[{_cut(written)}] holds a choice other than white, black and two more") from None

    def _variant(self) -> Variant:
        """The game's rule: its ``RU`` (``Gomoku``/``Freestyle``, ``Standard``, ``Renju``, ``Caro``, in any case),
        freestyle where it names none; ``SgfError`` for a game that is not k-in-a-row: one of ``GM[4]``, or
        ``GM[1]`` (Go's number, which KataGomo writes) with one of those rules; the reader's rule where no ``RU``
        is given."""
        game_type, rule = self._text("GM"), self._text("RU")
        if game_type is None:
            raise self._error("no GM property: only k-in-a-row games, GM[4], can be read")
        variant = None if rule is None else _RULES_READ.get(rule.strip().lower())
        if game_type == _GO and variant is not None:
            return variant
        if game_type != "4":
            problem = f"GM[{_cut(game_type)}] is not a k-in-a-row game: only GM[4] can be read"
            raise self._error(problem, kind=ForeignGameError)
        if rule is not None and variant is None:
            names = ", ".join(_RULES_WRITTEN.values())
            raise self._error(f"RU[{_cut(rule)}] is no rule of k-in-a-row this game knows: {names} or Gomoku")
        if variant is None and self._rule is not Variant.RENJU and _RENJUNET.intersection(self._root):
            marks = "/".join(sorted(_RENJUNET.intersection(self._root)))
            self.notes.append(
                f"game {self._number}: no RU, but its {marks} (RenjuNet's renju openings) suggest renju: "
                f"read as {self._rule}; --rule renju reads it as renju"
            )
        return self._rule if variant is None else variant

    def _character_set(self) -> str:
        """The codec of the game's text: its ``CA``; else UTF-8 when every value is UTF-8, else SGF's default."""
        prop = self._root.get("CA")
        if prop is not None:
            name = self._single(prop).decode("latin-1").strip()
            try:
                b"a".decode(name)  # a codec of text: "base64" and its like are not
            except UnicodeDecodeError:
                pass  # a codec of text, of more than a byte a character (UTF-16)
            except (LookupError, ValueError):  # ValueError: a name no codec can have, such as one holding a NUL
                raise self._error(f"CA[{_cut(name)}] is not a character set this program knows") from None
            return name
        try:
            for node in self._nodes:
                for each in node.values():
                    for value in each.values:
                        value.decode("utf-8")
        except UnicodeDecodeError:
            return _DEFAULT_CHARSET
        return "utf-8"

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

    def _start(self, size: int) -> tuple[StartingPosition, int]:
        """The position the moves start from -- stones set up in the nodes before the first move, and who moves
        first (``PL``, else the first move's colour, else the side with fewer stones) -- and that node's index."""
        stones: dict[Move, Side] = {}
        first_move = next((index for index, node in enumerate(self._nodes) if "B" in node or "W" in node), None)
        before = self._nodes if first_move is None else self._nodes[:first_move]
        for node in before:
            placed: set[Move] = set()
            for name, side in _SETUP.items():
                for move in self._points(node[name], size) if name in node else ():
                    if move in placed:
                        raise self._error(f"{move} is set up twice in one node")
                    placed.add(move)
                    if side is None:
                        stones.pop(move, None)
                    else:
                        stones[move] = side
        for node in self._nodes[len(before) :]:
            for name in _SETUP:
                if name in node:
                    raise self._error(f"{name}: stones set up after a move: only a starting position can be read")
        x, o = (frozenset(move for move, owner in stones.items() if owner is side) for side in Side)
        return StartingPosition(x, o, self._first_mover(before, first_move, len(x) > len(o))), len(before)

    def _first_mover(self, setup: list[_Node], first_move: int | None, x_ahead: bool) -> Side:
        played = [node for node in setup if "PL" in node]
        if played:
            colour = self._single(played[-1]["PL"]).decode("latin-1").strip().upper()
            if colour not in _SIDE:
                raise self._error(f"PL[{_cut(colour)}] is not a colour: B or W")
            return _SIDE[colour]
        if first_move is not None:
            return _SIDE["B" if "B" in self._nodes[first_move] else "W"]
        return Side.O if x_ahead else Side.X

    def _points(self, prop: _Property, size: int) -> list[Move]:
        """The squares of a set-up property: points, or rectangles ``aa:cc`` of them (SGF's compressed lists)."""
        squares = []
        for value in prop.values:
            text = value.decode("latin-1")
            corner, _, other = text.partition(":")
            first = self._point(f"{prop.name}[{_cut(text)}]", corner, size, None)
            last = self._point(f"{prop.name}[{_cut(text)}]", other, size, None) if other else first
            rows = range(min(first.row, last.row), max(first.row, last.row) + 1)
            cols = range(min(first.col, last.col), max(first.col, last.col) + 1)
            squares += [Move(row, col) for row in rows for col in cols]
        return squares

    def _moves(self, size: int, first: Side, first_node: int) -> tuple[TimedMove, ...]:
        moves: list[TimedMove] = []
        reviewed = self._reviewed()
        for node in self._nodes[first_node:]:
            colours = [colour for colour in "BW" if colour in node]
            if not colours:
                continue
            number = len(moves) + 1
            if len(colours) > 1:
                raise self._error("B and W in one node", number)
            point = self._single(node[colours[0]]).decode("latin-1")
            expected = _COLOUR[first if len(moves) % 2 == 0 else first.opponent]
            if colours[0] != expected:
                raise self._error(f"{colours[0]}[{_cut(point)}] out of turn: {expected} is to move", number)
            move = self._point(f"{expected}[{_cut(point)}]", point, size, number)
            seconds = node.get("MT")
            try:
                time = None if seconds is None else float(self._matched(seconds, _DECIMAL))
                moves.append(TimedMove(move, time, self._move_comment(node, reviewed)))
            except RecordError as error:
                raise self._error(error.problem, number) from None
        return tuple(moves)

    def _reviewed(self) -> bool:
        """Whether this program wrote the game with its review: the root's comment has the review's legend."""
        prop = self._root.get("C")
        root_comment = "" if prop is None or not prop.values else self._decoded(prop, prop.values[0])
        return any(line.startswith(LEGEND_START) for line in root_comment.split("\n"))

    def _move_comment(self, node: _Node, reviewed: bool) -> str | None:
        """A move's own comment, without the line a review writes last on each move (None: none)."""
        prop = node.get("C")
        if prop is None or not prop.values:
            return None
        text = self._decoded(prop, prop.values[0])
        if reviewed:
            text = text.rpartition("\n")[0]
        return text or None

    def _point(self, written: str, point: str, size: int, number: int | None) -> Move:
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

    def _result_not_kept(self) -> str:
        """Where a game was lost by a foul: its ``RE``, when it names another result, said not to be kept."""
        text = self._text("RE")
        if text is None or text.strip().startswith("W+"):
            return ""
        return f" (its RE[{_cut(text.strip())}] is not kept)"

    def _with_result(self, record: GameRecord) -> GameRecord:
        """``record`` with its ``RE``, as written; ``SgfError`` for an RE that is no result, or that names
        another winner than the moves."""
        text = self._text("RE")
        if text is None:
            return record
        text = text.strip()
        try:
            written = declared_winner(text)
        except RecordError:
            raise self._error(
                f"RE[{_cut(text)}] is not a result: B+ or W+ (then R, T, F or a score), 0, Draw, Void or ?"
            ) from None
        result = record.board_result
        if result is not None and written is not None and written != result:
            ending = "a draw" if result.side is None else f"a win for {_COLOUR[result.side]}"
            raise self._error(f"RE[{_cut(text)}] disagrees with the moves, which end in {ending}")
        return dataclasses.replace(record, declared_result=text)

    def _name(self, name: str, default: str) -> str:
        """A player's name: SGF's SimpleText, any white space read as a space (line breaks included) and what
        cannot be printed left out; ``default`` for a name missing, empty or blank."""
        text = "".join(char for char in re.sub(r"\r\n|\n\r|\s", " ", self._text(name, "")) if char.isprintable())
        return text if text.strip() else default

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
        text = self._single(prop).decode("latin-1")
        if not pattern.fullmatch(text):
            raise self._error(f"{prop.name}[{_cut(text)}] is not a number (byte {prop.offset})")
        return text

    @overload
    def _text(self, name: str) -> str | None: ...
    @overload
    def _text(self, name: str, default: str) -> str: ...
    def _text(self, name: str, default: str | None = None) -> str | None:
        """The value of the first node's property ``name`` in the game's character set, or ``default``."""
        prop = self._root.get(name)
        return default if prop is None else self._decoded(prop, self._single(prop))

    def _single(self, prop: _Property) -> bytes:
        if len(prop.values) != 1:
            raise self._error(f"{prop.name} has {len(prop.values)} values, one expected (byte {prop.offset})")
        return prop.values[0]

    def _error(self, problem: str, move_number: int | None = None, kind: type[SgfError] = SgfError) -> SgfError:
        where = f"game {self._number}" if move_number is None else f"game {self._number}, move {move_number}"
        return kind(f"{where}: {problem}")
