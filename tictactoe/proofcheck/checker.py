"""Check a certificate: read it, then follow the strategy it records from its board, checking every claim.

The format is the solver's guide's (``docs/proofs.md``): a JSON header,
then records ``PROVER BOARD ENTRY``.  The walk needs no search: where the
prover is to move it plays the record's move; where the other player is
to move it tries every empty square and looks up the record of the
position after it; a leaf (a pairing, an Erdős-Selfridge weight) is
checked against the windows as its record is read (:mod:`.entries`).  It
ends a line where the game has ended, or where the prover can complete a
line at once.  Every record must be met once, so the time grows with the
file, not with the game; and what it holds is bounded by what it has read
(:mod:`.reading`, :mod:`.entries`, :class:`_Walk`).

The header names the rule the value holds under (``freestyle``, the
rule of a header that names none, or ``standard``), and the walk applies
it with the checker's own rules (:mod:`.rules`): under standard only
exactly ``length`` in a row wins, so a line the prover completes, a line
the other player threatens, a finished board and the windows a leaf must
stop are all judged by it.  A caller may ask for one rule: a certificate
of another is refused.

The board a certificate starts from must be one a game reaches and has
not finished: a board where a move was made after a line was completed,
or where the game is already over, proves nothing of the game a reader
has in mind.  The verdict names the board, the length to win, whose move
it is and the position, so that a certificate of a position a few moves
in cannot pass for one of the empty board.

>>> verdict = check_lines(['{"format": "k-in-a-row proof", "version": 1, "rows": 1, "cols": 1, "length": 1, '
...                        '"board": ["."], "value": "X wins", "records": 0}'])
>>> verdict.value, verdict.records, verdict.board, verdict.mover, verdict.rule
('X wins', 0, ('.',), 'X', 'freestyle')
"""

from __future__ import annotations

import functools
import gzip
import operator
import zlib
from array import array
from dataclasses import dataclass
from operator import add
from typing import TYPE_CHECKING

from tictactoe.proofcheck.entries import EntryReader, leaf_of, move_of
from tictactoe.proofcheck.reading import (
    LONGEST_HEADER,
    MOST_RECORDS,
    CertificateError,
    LineReader,
    RecordIndex,
    header_fields,
    record_limit,
)
from tictactoe.proofcheck.rules import RULES, Shape

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from pathlib import Path

__all__ = ["CertificateError", "Verdict", "check_file", "check_lines", "check_strategies"]

_VALUES = ("X wins", "O wins", "draw")
# The strategies each value needs: (prover, whether it must win; else it stops the other from winning).
_STRATEGIES = {"X wins": (("X", True),), "O wins": (("O", True),), "draw": (("X", False), ("O", False))}
# A position on the walk: X's squares, O's squares, and the key of each of its images.
_Position = tuple[int, int, tuple[int, ...]]
_MAX_SIDE = 26


@dataclass(frozen=True, slots=True)
class Verdict:
    """A valid certificate: the ``value`` it proves, how many ``records`` the walk visited (all of them), and what
    it proves it of: the board (``rows`` x ``cols``, ``length`` in a row to win), the position it starts from
    (``board``, its rows), ``mover``, whose move it is there, and the ``rule`` (``freestyle`` or ``standard``)."""

    value: str
    records: int
    rows: int
    cols: int
    length: int
    board: tuple[str, ...]
    mover: str
    rule: str = "freestyle"


def check_file(path: Path, *, most_records: int = MOST_RECORDS, rule: str | None = None) -> Verdict:
    """Check the certificate in ``path`` (gzip-compressed or not); ``CertificateError`` says why it is invalid.

    A certificate that counts more than ``most_records`` records is refused before any is read, and with
    ``rule``, one of another rule.
    """
    try:
        with open(path, "rb") as raw:
            compressed = raw.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rt", encoding="ascii") if compressed else open(path, encoding="ascii") as text:
            return _check(LineReader(text.readline), most_records, rule)
    except OSError as error:  # gzip.BadGzipFile is one
        raise CertificateError(f"cannot read {path}: {error.strerror or error}") from None
    except (EOFError, zlib.error):
        raise CertificateError("the compressed file is cut short or damaged") from None
    except UnicodeDecodeError:
        raise CertificateError("the file is not text of the certificate's alphabet") from None


def check_lines(lines: Iterable[str], *, most_records: int = MOST_RECORDS, rule: str | None = None) -> Verdict:
    """Check the certificate whose lines (without line ends) are ``lines`` (``rule``: as :func:`check_file`)."""
    return _check(LineReader.of(iter(lines)), most_records, rule)


def check_strategies(
    shape: tuple[int, int, int],
    board: Sequence[str],
    strategies: Sequence[tuple[str, bool]],
    records: Iterable[str],
    *,
    rule: str = "freestyle",
) -> int:
    """Check that ``records`` prove each of ``strategies`` from the position ``board`` (its rows) on a board of
    ``shape`` (rows, cols, length) under ``rule``: each a prover (``X`` or ``O``) and whether it wins (else it
    stops the other from winning).  The number of records, all visited; ``CertificateError`` says what is wrong.

    A certificate proves the strategies its value needs; a part of a solve
    (a position and a bound of its value) proves one or two of them.
    """
    if rule not in RULES:
        raise CertificateError(f"the rule {rule!r} is not one of {', '.join(RULES)}")
    checked = Shape(*shape, rule=rule)
    walk = _Walk(checked, _root(checked, list(board)))
    lines = LineReader.of(iter(records))
    walk.read(lines, _MOST_PART_RECORDS, exact=False)
    for prover, win in strategies:
        walk.follow(prover, win)
    walk.check_all_visited()
    return walk.visited


# A part of a solve holds its records in memory already: no more than a certificate's budget.
_MOST_PART_RECORDS = MOST_RECORDS


def _check(lines: LineReader, most_records: int, rule: str | None) -> Verdict:
    header = _header(lines.next(LONGEST_HEADER) or "", most_records)
    if rule is not None and header.rule != rule:
        raise CertificateError(f"the certificate proves its value under {header.rule}, not under {rule}")
    shape = Shape(header.rows, header.cols, header.length, rule=header.rule)
    root = _root(shape, header.board)
    walk = _Walk(shape, root)
    walk.read(lines, header.records, exact=True)
    for prover, win in _STRATEGIES[header.value]:
        walk.follow(prover, win)
    walk.check_all_visited()
    mover = "X" if root[0].bit_count() == root[1].bit_count() else "O"
    board = tuple(header.board)
    return Verdict(header.value, walk.visited, header.rows, header.cols, header.length, board, mover, header.rule)


@dataclass(frozen=True, slots=True)
class _Header:
    rows: int
    cols: int
    length: int
    board: list[str]
    value: str
    records: int
    rule: str


def _header(line: str, most_records: int) -> _Header:
    """The header's fields, each checked."""
    fields = header_fields(line)
    if fields.get("format") != "k-in-a-row proof":
        raise CertificateError("the first line is not the header of a k-in-a-row proof")
    if fields.get("version") != 1:
        raise CertificateError(f"version {fields.get('version')!r} is not one this checker reads (1)")
    rows, cols = _whole(fields, "rows", _MAX_SIDE), _whole(fields, "cols", _MAX_SIDE)
    length, records = _whole(fields, "length", max(rows, cols)), _whole(fields, "records", None, low=0)
    if records > most_records:
        raise CertificateError(f"the header counts {records} records, more than the {most_records} allowed")
    rule = fields.get("rule", RULES[0])  # a header of before there was another rule: freestyle's
    if not isinstance(rule, str) or rule not in RULES:
        raise CertificateError(f"the header's rule is {rule!r}, not one of {', '.join(RULES)}")
    value, board = fields.get("value"), fields.get("board")
    if not isinstance(value, str) or value not in _VALUES:
        raise CertificateError(f"the header's value is {value!r}, not one of {', '.join(_VALUES)}")
    if not (isinstance(board, list) and len(board) == rows and all(isinstance(row, str) for row in board)):
        raise CertificateError(f"the header's board is not {rows} rows")
    return _Header(rows, cols, length, board, value, records, rule)


def _whole(fields: dict[str, object], name: str, high: int | None, *, low: int = 1) -> int:
    number = fields.get(name)
    if type(number) is not int or number < low or (high is not None and number > high):
        raise CertificateError(f"the header's {name} is {number!r}")
    return number


def _root(shape: Shape, rows: list[str]) -> tuple[int, int]:
    """The starting board as ``(X's squares, O's squares)``, checked to be a position a game reaches and has not
    finished."""
    text = "".join(rows)
    if any(len(row) != shape.cols for row in rows) or text.strip("XO."):
        raise CertificateError(f"the header's board is not {shape.rows} rows of {shape.cols} of X, O and .")
    x_tiles = sum(1 << square for square, mark in enumerate(text) if mark == "X")
    o_tiles = sum(1 << square for square, mark in enumerate(text) if mark == "O")
    x_count, o_count = x_tiles.bit_count(), o_tiles.bit_count()
    if not 0 <= x_count - o_count <= 1:
        raise CertificateError("the header's board has tile counts no game reaches")
    for player, other, tiles, moved_after in (
        ("X", "O", x_tiles, x_count == o_count),
        ("O", "X", o_tiles, x_count > o_count),
    ):
        lines = shape.lines(tiles)
        if not lines:
            continue
        if moved_after:
            raise CertificateError(f"no game reaches the header's board: {other} moved after {player} completed a line")
        if not functools.reduce(operator.and_, lines):
            raise CertificateError(f"no game reaches the header's board: {player}'s lines have no square in common")
    for player, tiles in (("X", x_tiles), ("O", o_tiles)):
        if shape.has_line(tiles):
            raise CertificateError(f"the header's board is a finished game: {player} has a line")
    if (x_tiles | o_tiles).bit_count() == shape.squares:
        raise CertificateError("the header's board is a finished game: it is full")
    return x_tiles, o_tiles


@dataclass(slots=True)
class _Replies:
    """A position with the other player to move, and the replies of its not yet followed (a set of squares)."""

    x_tiles: int
    o_tiles: int
    keys: tuple[int, ...]
    left: int


class _Walk:
    """The records of one certificate, and the walk that follows its strategies through them.

    What it holds is bounded by what it has read: each record's key and
    its entry's code (:mod:`.entries`), and, while it walks, one position a
    move deep on the line it follows, each with the replies it has left to
    try -- never every reply at once, which on a large board would hold
    hundreds of positions for each move of a line a short file records.
    """

    def __init__(self, shape: Shape, root: tuple[int, int]) -> None:
        self._shape = shape
        self._root = root
        self._full = (1 << shape.squares) - 1
        self._key_bytes = (2 * shape.squares + 7) // 8
        self._codes = array("q")  # each record's entry as its code (entries.EntryReader.code), by number - 1
        self._index = RecordIndex(0)  # prover + key -> record number - 1
        self._seen_positions = RecordIndex(0)  # the other player's turns already followed
        self._visited = bytearray()
        self.visited = 0

    def read(self, lines: LineReader, total: int, *, exact: bool) -> None:
        """Read and index the ``total`` records of ``lines`` (at most ``total`` unless ``exact``), checking each
        one's form and every claim its own board decides (:meth:`.entries.EntryReader.code`), and refusing one that
        repeats a record before it as soon as it is read."""
        shape = self._shape
        limit = record_limit(shape.squares)
        self._index = RecordIndex(min(total, 1 << 20))
        entries = EntryReader(shape)
        while (line := lines.next(limit)) is not None:
            number = len(self._codes) + 1
            if number > total:
                raise CertificateError(f"the file holds more than the {total} records its header counts")
            prover, board, entry = ([*line.split(" ", 2), "", ""])[:3]
            if prover not in ("X", "O") or not entry:
                raise CertificateError(f"record {number} is not PROVER BOARD ENTRY")
            if len(board) != shape.squares or board.strip("XO."):
                raise CertificateError(f"record {number}: its board is not one of {shape.rows}x{shape.cols} squares")
            earlier = self._index.add(prover + self._bytes(shape.key(board)), number - 1)
            if earlier >= 0:
                raise CertificateError(f"record {number} repeats record {earlier + 1}")
            self._codes.append(entries.code(number, prover, board, entry))
        read = len(self._codes)
        if exact and read < total:
            raise CertificateError(f"the file ends after {read} of the {total} records it counts")
        self._seen_positions = RecordIndex(read)
        self._visited = bytearray(read)

    def follow(self, prover: str, win: bool) -> None:
        """Check that ``prover``'s strategy wins (``win``) or stops the other from winning, from the root;
        ``CertificateError`` at the first flaw."""
        x_tiles, o_tiles = self._root
        keys = self._shape.keys(x_tiles, o_tiles)
        lines: list[_Replies] = []  # the other player's turns on the line followed, the last the deepest
        if (x_tiles.bit_count() == o_tiles.bit_count()) == (prover == "X"):
            mine, theirs = (x_tiles, o_tiles) if prover == "X" else (o_tiles, x_tiles)
            if self._shape.threats(mine, theirs):
                return  # the prover completes a line
            self._prover_turn(prover, win, (x_tiles, o_tiles, keys), lines)
        else:
            self._other_turn(prover, win, (x_tiles, o_tiles, keys), lines)
        while lines:
            position = self._next_reply(prover, win, lines[-1])
            if position is None:
                lines.pop()
            else:
                self._prover_turn(prover, win, position, lines)

    def check_all_visited(self) -> None:
        """``CertificateError`` naming the first record the walk did not visit, if any."""
        if self.visited != len(self._codes):
            raise CertificateError(f"record {self._visited.index(0) + 1} is no part of the proof")

    def _prover_turn(self, prover: str, win: bool, position: _Position, lines: list[_Replies]) -> None:
        """The prover to move, with no line to complete: play its record's move, or take its leaf."""
        x_tiles, o_tiles, keys = position
        record, symmetry = self._find(prover, keys)
        if record < 0:
            raise CertificateError(f"no record of {prover}'s move in {self._shape.draw(x_tiles, o_tiles)}")
        if not self._visit(record):
            return
        code = self._codes[record]
        if move_of(code) < 0 or leaf_of(code):
            self._leaf(record, prover, win)
            return
        square = self._shape.inverses[symmetry][move_of(code)]
        if prover == "X":
            x_tiles |= 1 << square
        else:
            o_tiles |= 1 << square
        keys = tuple(map(add, keys, self._shape.steps[prover][square]))
        if x_tiles | o_tiles == self._full:
            if win:
                raise CertificateError(f"record {record + 1}: the game ends in a draw, and {prover} must win")
            return
        self._other_turn(prover, win, (x_tiles, o_tiles, keys), lines)

    def _other_turn(self, prover: str, win: bool, position: _Position, lines: list[_Replies]) -> None:
        """The other player to move: take its leaf if it has a record, else add its replies that need one to
        ``lines``."""
        x_tiles, o_tiles, keys = position
        shape, other = self._shape, "O" if prover == "X" else "X"
        record, _ = self._find(prover, keys)
        if record >= 0:
            if self._visit(record):
                self._leaf(record, prover, win)  # the entry's code refused a move where the prover is not to move
            return
        if self._seen_positions.add(prover + self._bytes(min(keys)), 0) >= 0:
            return
        mine, theirs = (x_tiles, o_tiles) if prover == "X" else (o_tiles, x_tiles)
        if shape.threats(theirs, mine):
            raise CertificateError(f"{other} completes a line, to move in {shape.draw(x_tiles, o_tiles)}")
        threats = shape.threats(mine, theirs)
        empty = self._full & ~(x_tiles | o_tiles)
        # A reply off the prover's one threat (or any reply, against two) lets the prover complete a line next.
        left = empty if not threats else threats if threats.bit_count() == 1 else 0
        lines.append(_Replies(x_tiles, o_tiles, keys, left))

    def _next_reply(self, prover: str, win: bool, replies: _Replies) -> _Position | None:
        """The position after the next of ``replies`` that needs a record (the highest square first), or None
        when none is left."""
        shape, other = self._shape, "O" if prover == "X" else "X"
        x_tiles, o_tiles = replies.x_tiles, replies.o_tiles
        while replies.left:
            square = replies.left.bit_length() - 1
            replies.left ^= 1 << square
            x_after, o_after = (x_tiles, o_tiles | 1 << square) if other == "O" else (x_tiles | 1 << square, o_tiles)
            if x_after | o_after != self._full:
                return x_after, o_after, tuple(map(add, replies.keys, shape.steps[other][square]))
            if win:
                drawn = shape.draw(x_tiles, o_tiles)
                raise CertificateError(f"{other}'s {shape.name(square)} in {drawn} ends the game in a draw")
        return None

    def _leaf(self, record: int, prover: str, win: bool) -> None:
        """The leaf of ``record``, checked as it was read (:meth:`.entries.EntryReader.code`), ends the line unless the
        prover must win: a leaf shows only that the other player cannot."""
        if win:
            other = "O" if prover == "X" else "X"
            kind = leaf_of(self._codes[record])
            raise CertificateError(f"record {record + 1}: a {kind} leaf shows only that {other} cannot win")

    def _find(self, prover: str, keys: tuple[int, ...]) -> tuple[int, int]:
        """The record of the position whose images have ``keys`` (-1 if none), and the symmetry to its board."""
        least = min(keys)
        return self._index.get(prover + self._bytes(least)), keys.index(least)

    def _visit(self, record: int) -> bool:
        """Mark ``record`` visited; False when it was already."""
        if self._visited[record]:
            return False
        self._visited[record] = 1
        self.visited += 1
        return True

    def _bytes(self, key: int) -> str:
        return key.to_bytes(self._key_bytes, "big").decode("latin-1")
