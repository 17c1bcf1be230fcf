"""Certificates: the strategy behind a solved value, written so that a checker trusting only the rules can verify it.

The format (``python -m tictactoe.proofcheck`` reads it; ``docs/proofs.md``
describes it for people): the first line is one JSON object, the
:func:`header`; every other line is one *record*, three fields apart by one
space: ``PROVER BOARD ENTRY``.

* ``PROVER`` (``X`` or ``O``) is the player whose strategy the record
  belongs to.  For ``X wins`` every record is X's, a strategy that wins;
  for ``draw`` X's records stop O from winning and O's stop X.
* ``BOARD`` is the position, its squares row by row (``X``, ``O``, ``.``),
  written in its *least orientation*: of the board's images under its
  symmetries (eight for a square, four for a rectangle), the least string
  (``.`` < ``O`` < ``X``).  So a position and its symmetric images and
  transpositions share one record.
* ``ENTRY`` is ``move c3`` (the prover is to move and plays ``c3``, named
  in the record's orientation), or a leaf that needs no more moves,
  proving that the other player (the *maker*) can no longer win:
  ``pairs a1-b2 c3-d4 ...`` (disjoint pairs of empty squares such that
  every window free of the prover's tiles holds both squares of a pair:
  the prover answers a tile on one square of a pair with the other) or
  ``weight`` (the Erdős-Selfridge bound: the maker's windows free of the
  prover's tiles, each weighing ``2 ** -empty squares``, weigh less than
  1/2 with the maker to move, less than 1 with the prover to move); or a
  move and then the leaf of the position after it (``move c3 pairs ...``).

A strategy is followed from the header's board: where the prover is to
move, its record gives the move (or a leaf); where the other player is to
move, every empty square is a reply, and each position after one needs a
record of its own (or a leaf record for the position itself) -- except
where the game has ended, or the prover can complete a line at once,
which the checker sees for itself.  The records are the positions the
strategy reaches, each once.
"""

from __future__ import annotations

import enum
import gzip
import json
from dataclasses import dataclass
from operator import itemgetter
from typing import IO, TYPE_CHECKING

from configurations import Winner
from configurations.moves import Move
from hashdict import Data, HashDictionary
from tictactoe.solver.blocking import Pairing, breaker_wins_by_potential
from tictactoe.solver.geometry import geometry, squares_of
from tictactoe.solver.position import EMPTY_ROW_MARK
from tictactoe.solver.records import DRAWN, WON
from tictactoe.solver.search_board import CROSS, NOUGHT, SIDES

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from tictactoe.solver.position import Position
    from tictactoe.solver.solve import Solver

__all__ = [
    "FORMAT",
    "VERSION",
    "Goal",
    "ProofExtractor",
    "ProofRecords",
    "Record",
    "RecordWriter",
    "goals",
    "header",
    "write_certificate",
]

#: The header's ``format`` and ``version``: what a reader checks before it reads on.
FORMAT = "k-in-a-row proof"
VERSION = 1
# The table of positions the extraction has written, per prover: about as many buckets as a big proof has records.
_DONE_BUCKETS = 393241


class Goal(enum.Enum):
    """What a prover's strategy achieves: a win, or stopping the other player from ever completing a line."""

    WIN = "win"
    BLOCK = "block"


def header(position: Position, value: Winner, records: int, *, restrict: str | None = None) -> str:
    """The first line of a certificate of ``value`` for ``position``, holding ``records`` records; it names the
    position's rule (``freestyle`` or ``standard``); ``restrict`` names the region a restricted solve let X choose
    its moves in (``5x5``), which the header records.

    >>> from tictactoe.solver.position import Position
    >>> header(Position.from_rows(["X.", ".."], length=2), Winner.X, 1)
    '{"format": "k-in-a-row proof", "version": 1, "rows": 2, "cols": 2, "length": 2, "rule": "freestyle", \
"board": ["X.", ".."], "value": "X wins", "records": 1}'
    """
    fields = {
        "format": FORMAT,
        "version": VERSION,
        "rows": position.height,
        "cols": position.width,
        "length": position.length,
        "rule": str(position.rules.variant),
        "board": position.rows(),
        "value": value.phrase,
        "records": records,
    }
    if restrict is not None:
        fields["restrict"] = restrict
    return json.dumps(fields)


def goals(value: Winner) -> list[tuple[int, Goal]]:
    """The strategies that prove ``value``: ``(player, goal)`` pairs, players as the search numbers them.

    >>> goals(Winner.DRAW), goals(Winner.O)
    ([(0, <Goal.BLOCK: 'block'>), (1, <Goal.BLOCK: 'block'>)], [(1, <Goal.WIN: 'win'>)])
    """
    if value.side is None:
        return [(CROSS, Goal.BLOCK), (NOUGHT, Goal.BLOCK)]
    return [(SIDES.index(value.side), Goal.WIN)]


def write_certificate(
    path: Path, position: Position, value: Winner, records: list[str], *, compress: bool, restrict: str | None = None
) -> None:
    """Write the certificate -- the header, then ``records`` -- to ``path``, gzip-compressed if ``compress``."""
    first = header(position, value, len(records), restrict=restrict)
    if compress:
        with gzip.open(path, "wt", encoding="ascii", compresslevel=6) as packed:
            _write_lines(packed, first, records)
    else:
        with open(path, "w", encoding="ascii") as plain:
            _write_lines(plain, first, records)


def _write_lines(out: IO[str], first: str, records: list[str]) -> None:
    out.write(first + "\n")
    for record in records:
        out.write(record + "\n")


@dataclass(frozen=True, slots=True)
class Record:
    """One record: ``key``, its prover and board (``X ..X..O...``), which name it for a reader; its ``text``;
    and ``edges``, the places in the same list of the records the strategy goes on to from it.

    A position where the other player is to move and every reply is
    followed has a record with no text, never written, whose edges are the
    replies' records: so that proofs joined together follow, at each such
    position, the replies of one proof or the leaf of another, never both.
    """

    key: str
    text: str
    edges: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ProofRecords:
    """The records of one or more strategies, and ``roots``: for each player (by number), the places of the
    records its strategy needs in the position itself."""

    records: tuple[Record, ...]
    roots: tuple[tuple[int, ...], tuple[int, ...]]

    def lines(self) -> list[str]:
        """The records' text, in order (the records with none left out)."""
        return [record.text for record in self.records if record.text]


class RecordWriter:
    """Writes records of positions of one board shape: each in its least orientation, squares named in it
    (``symmetries``: only the first few of the board's symmetries, for a key rather than a record)."""

    __slots__ = ("_cols", "_images", "_names", "_squares")

    def __init__(self, rows: int, cols: int, length: int, *, symmetries: int | None = None) -> None:
        shape = geometry(rows, cols, length)
        self._cols, self._squares = cols, shape.squares
        # The least orientation among all the board's symmetries (a certificate's), or among the first few.
        self._images = [itemgetter(*inverse) for inverse in shape.inverse_symmetries[:symmetries]]
        # The name of each square in each orientation: _names[symmetry][square].
        self._names = [[str(Move(*divmod(image, cols))) for image in images] for images in shape.symmetries]

    def key(self, tiles: tuple[int, int], prover: int) -> str:
        """The key of the position with ``tiles`` (X's, O's) for ``prover``: the start of its record."""
        return self.text(tiles, prover, [])

    def text(self, tiles: tuple[int, int], prover: int, kinds: list[str], squares: Iterable[int] = ()) -> str:
        """The record of the position with ``tiles`` (X's, O's) for ``prover``: ``kinds`` (``move``, then
        possibly the leaf of the position after it; or a leaf), with ``squares`` in the tiles' orientation."""
        marks = [EMPTY_ROW_MARK] * self._squares
        for square in squares_of(tiles[CROSS]):
            marks[square] = SIDES[CROSS]
        for square in squares_of(tiles[NOUGHT]):
            marks[square] = SIDES[NOUGHT]
        drawn = "".join(marks)
        least, symmetry = min(("".join(image(drawn)), index) for index, image in enumerate(self._images))
        names = self._names[symmetry]
        named = [names[square] for square in squares]
        fields = [_symbol(prover), least]
        for kind in kinds:
            fields.append(kind)
            if kind == "move":
                fields.append(named.pop(0))
            elif kind == "pairs":
                fields += [f"{first}-{second}" for first, second in zip(named[::2], named[1::2], strict=True)]
        return " ".join(fields)


class ProofExtractor:
    """Walks the strategies a :class:`~tictactoe.solver.solve.Solver` proved and writes their records.

    The solver's table answers most positions; where it does not (a reply
    the search never needed, such as a square on no live window) the
    solver searches it.  Each position is written once per prover, in the
    order the walk meets it.
    """

    __slots__ = ("_and_done", "_and_needs", "_done", "_records", "_solver", "_writer")

    def __init__(self, solver: Solver) -> None:
        self._solver = solver
        board = solver.board
        self._writer = RecordWriter(board.rows, board.cols, board.length)
        self._done = HashDictionary(_DONE_BUCKETS)  # prover + the solver's key -> place of the record
        self._and_done = HashDictionary(_DONE_BUCKETS)  # the same for the other's turns -> place in _and_needs
        self._and_needs: list[tuple[int, ...]] = []
        self._records: list[Record] = []

    def extract(self, value: Winner) -> list[str]:
        """The records proving ``value`` for the solver's position (none
        for a finished game)."""
        return self.prove(goals(value)).lines()

    def prove(self, strategies: list[tuple[int, Goal]]) -> ProofRecords:
        """The records of ``strategies`` (``(player, goal)`` pairs, as :func:`goals` gives them) from the
        solver's position, which the solver must have proved they hold."""
        position, board = self._solver.position, self._solver.board
        roots: list[tuple[int, ...]] = [(), ()]
        if position.winner is None and position.empty_squares:
            for prover, goal in strategies:
                if board.mover == prover:
                    place = self._prover_moves(prover, goal)
                    roots[prover] = () if place < 0 else (place,)
                else:
                    roots[prover] = self._other_moves(prover, goal)
        return ProofRecords(tuple(self._records), (roots[CROSS], roots[NOUGHT]))

    def _prover_moves(self, prover: int, goal: Goal) -> int:
        """The place of the record of the prover's move (or leaf) in the position on the board, the prover to
        move, after recording what follows; -1 when the prover completes a line (the checker sees it)."""
        solver = self._solver
        board = solver.board
        if board.threats[prover]:
            return -1
        key = self._key(prover)
        place = self._done.get(key)
        if place >= 0:
            return place
        if goal is Goal.BLOCK:
            maker = 1 - prover
            if breaker_wins_by_potential(board.potential[maker], board.length, maker_to_move=False):
                return self._add(key, prover, ["weight"])
            pairing = solver.pairing(maker, breaker_to_move=True, afresh=not solver.searched())
            if pairing is not None and pairing.taken < 0:  # nothing to take first: the pairs stop the maker as they are
                return self._add(key, prover, ["pairs"], _squares(pairing))
            if pairing is not None:
                return self._add(key, prover, ["move", "pairs"], [pairing.taken, *_squares(pairing)])
        move = solver.move_reaching(WON if goal is Goal.WIN else DRAWN)
        place = self._add(key, prover, ["move"], [move])
        board.play(move)
        edges = self._other_moves(prover, goal)
        board.undo()
        self._records[place] = Record(self._records[place].key, self._records[place].text, tuple(edges))
        return place

    def _other_moves(self, prover: int, goal: Goal) -> tuple[int, ...]:
        """The places of the records that every reply of the other player, to move on the board, needs (or of
        the leaf that shows it cannot win), after recording them."""
        board = self._solver.board
        maker = 1 - prover
        key = self._key(prover)
        place = self._and_done.get(key)
        if place >= 0:
            return self._and_needs[place]
        leaf = self._maker_blocked(key, prover) if goal is Goal.BLOCK else -1
        if leaf >= 0:
            needs: tuple[int, ...] = (leaf,)
        elif board.threats[maker]:
            raise ValueError(f"the strategy lets {_symbol(maker)} complete a line: {board.tiles}")
        else:
            replies = tuple(self._replies(prover, goal))
            needs = (len(self._records),)
            self._records.append(Record(self._writer.key(board.tiles, prover), "", replies))
        self._and_done.put(Data(key, len(self._and_needs)))
        self._and_needs.append(needs)
        return needs

    def _replies(self, prover: int, goal: Goal) -> list[int]:
        """The places of the records of the positions after each reply of the other player, to move."""
        board = self._solver.board
        needs = []
        for reply in board.empty_squares():
            board.play(reply)
            if not board.threats[prover]:  # else the prover completes a line at once
                if board.empties:
                    place = self._prover_moves(prover, goal)
                    if place >= 0 and place not in needs:
                        needs.append(place)
                elif goal is Goal.WIN:
                    raise ValueError(f"the strategy lets the game end in a draw: {board.tiles}")
            board.undo()
        return needs

    def _maker_blocked(self, key: str, prover: int) -> int:
        """The place of a leaf showing that the maker, to move, cannot win, recorded if there is one; else -1."""
        solver = self._solver
        board = solver.board
        maker = 1 - prover
        if breaker_wins_by_potential(board.potential[maker], board.length, maker_to_move=True):
            return self._add(key, prover, ["weight"])
        pairing = solver.pairing(maker, breaker_to_move=False, afresh=not solver.searched())
        return -1 if pairing is None else self._add(key, prover, ["pairs"], _squares(pairing))

    def _key(self, prover: int) -> str:
        """The key of the position on the board for ``prover``: the solver's, or -- where the solver's keys use
        fewer symmetries than the board has (a restricted solve) -- the record's own, so that two positions the
        certificate counts as one get one record."""
        board = self._solver.board
        if board.symmetries == len(board.shape.symmetries):
            return _symbol(prover) + board.key()[0]
        return self._writer.key(board.tiles, prover)

    def _add(self, key: str, prover: int, kinds: list[str], squares: Iterable[int] = ()) -> int:
        """Add the record of the position on the board (under ``key``) and return its place."""
        place = len(self._records)
        self._done.put(Data(key, place))
        text = self._writer.text(self._solver.board.tiles, prover, kinds, squares)
        self._records.append(Record(text[: text.index(" ", 2)], text, ()))
        return place


def _squares(pairing: Pairing) -> list[int]:
    """The squares of ``pairing``'s pairs, two by two."""
    return [square for pair in pairing.pairs for square in pair]


def _symbol(player: int) -> str:
    return SIDES[player].value
