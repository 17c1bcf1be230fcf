"""Check a certificate: read it, then follow the strategy it records from its board, checking every claim.

The format is the solver's guide's (``docs/proofs.md``): a JSON header,
then records ``PROVER BOARD ENTRY``.  The walk needs no search: where the
prover is to move it plays the record's move; where the other player is
to move it tries every empty square and looks up the record of the
position after it; a leaf (a pairing, an Erdős-Selfridge weight) it checks
against the windows itself.  It ends a line where the game has ended, or
where the prover can complete a line at once.  Every record must be met
once, so the time grows with the file, not with the game; and what it
holds is bounded as the file is read (:mod:`.reading`).

The board a certificate starts from must be one a game reaches and has
not finished: a board where a move was made after a line was completed,
or where the game is already over, proves nothing of the game a reader
has in mind.  The verdict names the board, the length to win, whose move
it is and the position, so that a certificate of a position a few moves
in cannot pass for one of the empty board.

>>> verdict = check_lines(['{"format": "k-in-a-row proof", "version": 1, "rows": 1, "cols": 1, "length": 1, '
...                        '"board": ["."], "value": "X wins", "records": 0}'])
>>> verdict.value, verdict.records, verdict.board, verdict.mover
('X wins', 0, ('.',), 'X')
"""

from __future__ import annotations

import functools
import gzip
import operator
import zlib
from dataclasses import dataclass
from fractions import Fraction
from operator import add
from typing import TYPE_CHECKING

from tictactoe.proofcheck.reading import (
    LONGEST_HEADER,
    MOST_RECORDS,
    CertificateError,
    LineReader,
    RecordIndex,
    header_fields,
    record_limit,
)
from tictactoe.proofcheck.rules import Shape

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
    (``board``, its rows) and ``mover``, whose move it is there."""

    value: str
    records: int
    rows: int
    cols: int
    length: int
    board: tuple[str, ...]
    mover: str


def check_file(path: Path, *, most_records: int = MOST_RECORDS) -> Verdict:
    """Check the certificate in ``path`` (gzip-compressed or not); ``CertificateError`` says why it is invalid.

    A certificate that counts more than ``most_records`` records is refused before any is read.
    """
    try:
        with open(path, "rb") as raw:
            compressed = raw.read(2) == b"\x1f\x8b"
        with gzip.open(path, "rt", encoding="ascii") if compressed else open(path, encoding="ascii") as text:
            return _check(LineReader(text.readline), most_records)
    except OSError as error:  # gzip.BadGzipFile is one
        raise CertificateError(f"cannot read {path}: {error.strerror or error}") from None
    except (EOFError, zlib.error):
        raise CertificateError("the compressed file is cut short or damaged") from None
    except UnicodeDecodeError:
        raise CertificateError("the file is not text of the certificate's alphabet") from None


def check_lines(lines: Iterable[str], *, most_records: int = MOST_RECORDS) -> Verdict:
    """Check the certificate whose lines (without line ends) are ``lines``."""
    return _check(LineReader.of(iter(lines)), most_records)


def check_strategies(
    shape: tuple[int, int, int], board: Sequence[str], strategies: Sequence[tuple[str, bool]], records: Iterable[str]
) -> int:
    """Check that ``records`` prove each of ``strategies`` from the position ``board`` (its rows) on a board of
    ``shape`` (rows, cols, length): each a prover (``X`` or ``O``) and whether it wins (else it stops the other
    from winning).  The number of records, all visited; ``CertificateError`` says what is wrong.

    A certificate proves the strategies its value needs; a part of a solve
    (a position and a bound of its value) proves one or two of them.
    """
    checked = Shape(*shape)
    walk = _Walk(checked, _root(checked, list(board)))
    lines = LineReader.of(iter(records))
    walk.read(lines, _MOST_PART_RECORDS, exact=False)
    for prover, win in strategies:
        walk.follow(prover, win)
    walk.check_all_visited()
    return walk.visited


# A part of a solve holds its records in memory already: no more than a certificate's budget.
_MOST_PART_RECORDS = MOST_RECORDS


def _check(lines: LineReader, most_records: int) -> Verdict:
    header = _header(lines.next(LONGEST_HEADER) or "", most_records)
    shape = Shape(header.rows, header.cols, header.length)
    root = _root(shape, header.board)
    walk = _Walk(shape, root)
    walk.read(lines, header.records, exact=True)
    for prover, win in _STRATEGIES[header.value]:
        walk.follow(prover, win)
    walk.check_all_visited()
    mover = "X" if root[0].bit_count() == root[1].bit_count() else "O"
    return Verdict(header.value, walk.visited, header.rows, header.cols, header.length, tuple(header.board), mover)


@dataclass(frozen=True, slots=True)
class _Header:
    rows: int
    cols: int
    length: int
    board: list[str]
    value: str
    records: int


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
    value, board = fields.get("value"), fields.get("board")
    if not isinstance(value, str) or value not in _VALUES:
        raise CertificateError(f"the header's value is {value!r}, not one of {', '.join(_VALUES)}")
    if not (isinstance(board, list) and len(board) == rows and all(isinstance(row, str) for row in board)):
        raise CertificateError(f"the header's board is not {rows} rows")
    return _Header(rows, cols, length, board, value, records)


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
        lines = [window for window in shape.windows if window & tiles == window]
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


class _Walk:
    """The records of one certificate, and the walk that follows its strategies through them."""

    def __init__(self, shape: Shape, root: tuple[int, int]) -> None:
        self._shape = shape
        self._root = root
        self._full = (1 << shape.squares) - 1
        self._key_bytes = (2 * shape.squares + 7) // 8
        self._entries: list[str] = []  # each record's ENTRY, by number - 1
        self._index = RecordIndex(0)  # prover + key -> record number - 1
        self._seen_positions = RecordIndex(0)  # the other player's turns already followed
        self._visited = bytearray()
        self.visited = 0

    def read(self, lines: LineReader, total: int, *, exact: bool) -> None:
        """Read and index the ``total`` records of ``lines`` (at most ``total`` unless ``exact``), checking each
        one's form, and refusing one that repeats a record before it as soon as it is read."""
        shape = self._shape
        limit = record_limit(shape.squares)
        self._index = RecordIndex(min(total, 1 << 20))
        while (line := lines.next(limit)) is not None:
            number = len(self._entries) + 1
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
            self._entries.append(entry)
        read = len(self._entries)
        if exact and read < total:
            raise CertificateError(f"the file ends after {read} of the {total} records it counts")
        self._seen_positions = RecordIndex(read)
        self._visited = bytearray(read)

    def follow(self, prover: str, win: bool) -> None:
        """Check that ``prover``'s strategy wins (``win``) or stops the other from winning, from the root;
        ``CertificateError`` at the first flaw."""
        x_tiles, o_tiles = self._root
        keys = self._shape.keys(x_tiles, o_tiles)
        stack: list[_Position] = []
        if (x_tiles.bit_count() == o_tiles.bit_count()) == (prover == "X"):
            mine, theirs = (x_tiles, o_tiles) if prover == "X" else (o_tiles, x_tiles)
            if self._shape.threats(mine, theirs):
                return  # the prover completes a line
            stack.append((x_tiles, o_tiles, keys))
        else:
            self._other_turn(prover, win, (x_tiles, o_tiles, keys), stack)
        while stack:
            self._prover_turn(prover, win, stack.pop(), stack)

    def check_all_visited(self) -> None:
        """``CertificateError`` naming the first record the walk did not visit, if any."""
        if self.visited != len(self._entries):
            raise CertificateError(f"record {self._visited.index(0) + 1} is no part of the proof")

    def _prover_turn(self, prover: str, win: bool, position: _Position, stack: list[_Position]) -> None:
        """The prover to move, with no line to complete: play its record's move, or check its leaf."""
        x_tiles, o_tiles, keys = position
        record, symmetry = self._find(prover, keys)
        if record < 0:
            raise CertificateError(f"no record of {prover}'s move in {self._shape.draw(x_tiles, o_tiles)}")
        if not self._visit(record):
            return
        entry = self._entries[record].split(" ")
        if entry[0] != "move":
            self._leaf((record, symmetry), prover, win, (x_tiles, o_tiles), entry, maker_to_move=False)
            return
        if len(entry) < 2 or entry[1] in ("pairs", "weight"):
            raise CertificateError(f"record {record + 1}: a move names one square")
        square = self._square(record, symmetry, entry[1])
        if (x_tiles | o_tiles) >> square & 1:
            raise CertificateError(f"record {record + 1}: {prover}'s move {entry[1]} is on a square already taken")
        if prover == "X":
            x_tiles |= 1 << square
        else:
            o_tiles |= 1 << square
        if len(entry) > 2:  # the leaf of the position after the move
            self._leaf((record, symmetry), prover, win, (x_tiles, o_tiles), entry[2:], maker_to_move=True)
            return
        keys = tuple(map(add, keys, self._shape.steps[prover][square]))
        if x_tiles | o_tiles == self._full:
            if win:
                raise CertificateError(f"record {record + 1}: the game ends in a draw, and {prover} must win")
            return
        self._other_turn(prover, win, (x_tiles, o_tiles, keys), stack)

    def _other_turn(self, prover: str, win: bool, position: _Position, stack: list[_Position]) -> None:
        """The other player to move: check its leaf if it has a record, else stack every reply that needs one."""
        x_tiles, o_tiles, keys = position
        shape, other = self._shape, "O" if prover == "X" else "X"
        record, symmetry = self._find(prover, keys)
        if record >= 0:
            if self._visit(record):
                if self._entries[record].startswith("move"):
                    raise CertificateError(f"record {record + 1} gives {prover} a move, but {other} is to move")
                entry = self._entries[record].split(" ")
                self._leaf((record, symmetry), prover, win, (x_tiles, o_tiles), entry, maker_to_move=True)
            return
        if self._seen_positions.add(prover + self._bytes(min(keys)), 0) >= 0:
            return
        mine, theirs = (x_tiles, o_tiles) if prover == "X" else (o_tiles, x_tiles)
        if shape.threats(theirs, mine):
            raise CertificateError(f"{other} completes a line, to move in {shape.draw(x_tiles, o_tiles)}")
        threats = shape.threats(mine, theirs)
        steps = shape.steps[other]
        empty = self._full & ~(x_tiles | o_tiles)
        while empty:
            bit = empty & -empty
            empty ^= bit
            if threats & ~bit:
                continue  # the prover completes a line next
            x_after, o_after = (x_tiles, o_tiles | bit) if other == "O" else (x_tiles | bit, o_tiles)
            square = bit.bit_length() - 1
            if x_after | o_after == self._full:
                if win:
                    drawn = shape.draw(x_tiles, o_tiles)
                    raise CertificateError(f"{other}'s {shape.name(square)} in {drawn} ends the game in a draw")
                continue
            stack.append((x_after, o_after, tuple(map(add, keys, steps[square]))))

    def _leaf(
        self,
        found: tuple[int, int],
        prover: str,
        win: bool,
        tiles: tuple[int, int],
        entry: list[str],
        *,
        maker_to_move: bool,
    ) -> None:
        """Check the leaf ``entry`` of the record ``found`` (its number and the symmetry to its board): the other
        player (the maker) cannot complete a window."""
        record, symmetry = found
        x_tiles, o_tiles = tiles
        shape, other = self._shape, "O" if prover == "X" else "X"
        kind, *squares = entry
        if kind not in ("pairs", "weight") or (kind == "weight" and squares):
            raise CertificateError(f"record {record + 1}: {self._entries[record]!r} is no entry of the format")
        if win:
            raise CertificateError(f"record {record + 1}: a {kind} leaf shows only that {other} cannot win")
        mine = x_tiles if prover == "X" else o_tiles
        if kind == "weight":
            theirs = o_tiles if prover == "X" else x_tiles
            weight = sum(Fraction(1, 2 ** (w & ~theirs).bit_count()) for w in shape.windows if not w & mine)
            bound = Fraction(1, 2) if maker_to_move else Fraction(1)
            if weight >= bound:
                raise CertificateError(f"record {record + 1}: {other}'s windows weigh {weight}, not under {bound}")
            return
        covered = used = 0
        for pair in squares:
            first, _, second = pair.partition("-")
            bits = 1 << self._square(record, symmetry, first) | 1 << self._square(record, symmetry, second)
            if bits.bit_count() != 2 or bits & (used | x_tiles | o_tiles):
                raise CertificateError(f"record {record + 1}: the pair {pair} is not two empty squares of its own")
            used |= bits
            ends = [shape.holding[bit.bit_length() - 1] for bit in (bits & -bits, bits & (bits - 1))]
            covered |= ends[0] & ends[1]
        for index, window in enumerate(shape.windows):
            if not window & mine and not covered >> index & 1:
                ends = sorted(shape.images[symmetry][s] for s in range(shape.squares) if window >> s & 1)
                named = f"{shape.name(ends[0])}-{shape.name(ends[-1])}"
                raise CertificateError(f"record {record + 1}: no pair lies in {other}'s window {named}")

    def _find(self, prover: str, keys: tuple[int, ...]) -> tuple[int, int]:
        """The record of the position whose images have ``keys`` (-1 if none), and the symmetry to its board."""
        least = min(keys)
        return self._index.get(prover + self._bytes(least)), keys.index(least)

    def _square(self, record: int, symmetry: int, name: str) -> int:
        """The square ``name`` of ``record``'s board, as a square of the walk's board."""
        try:
            return self._shape.inverses[symmetry][self._shape.square(name)]
        except ValueError as error:
            raise CertificateError(f"record {record + 1}: {error}") from None

    def _visit(self, record: int) -> bool:
        """Mark ``record`` visited; False when it was already."""
        if self._visited[record]:
            return False
        self._visited[record] = 1
        self.visited += 1
        return True

    def _bytes(self, key: int) -> str:
        return key.to_bytes(self._key_bytes, "big").decode("latin-1")
