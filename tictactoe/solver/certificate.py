"""Certificates: the strategy behind a solved value, written so that a checker trusting only the rules can verify it.

The format (``python -m tictactoe.proofcheck`` reads it; ``docs/solver.md``
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
from operator import itemgetter
from typing import IO, TYPE_CHECKING

from configurations import COMPUTER, HUMAN
from configurations.moves import Move
from hashdict import Data, HashDictionary
from tictactoe.solver.blocking import Pairing, breaker_wins_by_potential
from tictactoe.solver.geometry import geometry, squares_of
from tictactoe.solver.position import EMPTY_ROW_MARK
from tictactoe.solver.records import DRAWN, WON
from tictactoe.solver.search_board import CROSS, NOUGHT

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from tictactoe.solver.position import Position
    from tictactoe.solver.solve import Solver

__all__ = ["FORMAT", "VERSION", "Goal", "ProofExtractor", "goals", "header", "write_certificate"]

#: The header's ``format`` and ``version``: what a reader checks before it reads on.
FORMAT = "k-in-a-row proof"
VERSION = 1
# The table of positions the extraction has written, per prover: about as many buckets as a big proof has records.
_DONE_BUCKETS = 393241


class Goal(enum.Enum):
    """What a prover's strategy achieves: a win, or stopping the other player from ever completing a line."""

    WIN = "win"
    BLOCK = "block"


def header(position: Position, value: str, records: int) -> str:
    """The first line of a certificate of ``value`` for ``position``, holding ``records`` records.

    >>> from tictactoe.solver.position import Position
    >>> header(Position.from_rows(["X.", ".."], length=2), "X wins", 1)
    '{"format": "k-in-a-row proof", "version": 1, "rows": 2, "cols": 2, "length": 2, "board": ["X.", ".."], \
"value": "X wins", "records": 1}'
    """
    fields = {
        "format": FORMAT,
        "version": VERSION,
        "rows": position.height,
        "cols": position.width,
        "length": position.length,
        "board": position.rows(),
        "value": value,
        "records": records,
    }
    return json.dumps(fields)


def goals(value: str) -> list[tuple[int, Goal]]:
    """The strategies that prove ``value``: ``(player, goal)`` pairs, players as the search numbers them.

    >>> goals("draw")
    [(0, <Goal.BLOCK: 'block'>), (1, <Goal.BLOCK: 'block'>)]
    """
    if value == "draw":
        return [(CROSS, Goal.BLOCK), (NOUGHT, Goal.BLOCK)]
    return [(CROSS if value == f"{HUMAN} wins" else NOUGHT, Goal.WIN)]


def write_certificate(path: Path, position: Position, value: str, records: list[str], *, compress: bool) -> None:
    """Write the certificate -- the header, then ``records`` -- to ``path``, gzip-compressed if ``compress``."""
    if compress:
        with gzip.open(path, "wt", encoding="ascii", compresslevel=6) as packed:
            _write_lines(packed, position, value, records)
    else:
        with open(path, "w", encoding="ascii") as plain:
            _write_lines(plain, position, value, records)


def _write_lines(out: IO[str], position: Position, value: str, records: list[str]) -> None:
    out.write(header(position, value, len(records)) + "\n")
    for record in records:
        out.write(record + "\n")


class ProofExtractor:
    """Walks the strategy a solved :class:`~tictactoe.solver.solve.Solver` found and writes its records.

    The solver's table answers most positions; where it does not (a reply
    the search never needed, such as a square on no live window) the
    solver searches it.  Positions are written once per prover, in the
    order the walk meets them.
    """

    __slots__ = ("_done", "_images", "_names", "_solver", "records")

    def __init__(self, solver: Solver) -> None:
        self._solver = solver
        board = solver.board
        shape = geometry(board.rows, board.length, cols=board.cols)
        self._images = [itemgetter(*inverse) for inverse in shape.inverse_symmetries]
        # The name of each square in each orientation: _names[symmetry][square].
        self._names = [[str(Move(*divmod(image, board.cols))) for image in images] for images in shape.symmetries]
        self._done = HashDictionary(_DONE_BUCKETS)
        self.records: list[str] = []

    def extract(self, value: str) -> list[str]:
        """The records proving ``value`` (``X wins``, ``O wins`` or ``draw``) for the solver's position (none
        for a finished game)."""
        position, board = self._solver.position, self._solver.board
        if position.winner is not None or not position.empty_squares:
            return self.records
        for prover, goal in goals(value):
            if board.mover == prover:
                self._prover_moves(prover, goal)
            else:
                self._other_moves(prover, goal)
        return self.records

    def _prover_moves(self, prover: int, goal: Goal) -> None:
        """Record the prover's move (or a leaf) in the position on the board, the prover to move, and go on."""
        solver = self._solver
        board = solver.board
        if board.threats[prover] or self._seen(prover):
            return  # a line to complete: the checker sees the win for itself
        if goal is Goal.BLOCK:
            maker = 1 - prover
            if breaker_wins_by_potential(board.potential[maker], board.length, maker_to_move=False):
                self._write(prover, ["weight"])
                return
            pairing = solver.pairing(maker, breaker_to_move=True, afresh=not solver.searched())
            if pairing is not None:
                self._write(prover, ["move", "pairs"], [pairing.taken, *_squares(pairing)])
                return
        move = solver.move_reaching(WON if goal is Goal.WIN else DRAWN)
        self._write(prover, ["move"], [move])
        board.play(move)
        self._other_moves(prover, goal)
        board.undo()

    def _other_moves(self, prover: int, goal: Goal) -> None:
        """Go on from every reply of the other player, who is to move on the board (or record a leaf)."""
        board = self._solver.board
        maker = 1 - prover
        if self._seen(prover):
            return
        if goal is Goal.BLOCK and self._maker_blocked(prover):
            return
        if board.threats[maker]:
            raise ValueError(f"the strategy lets {_symbol(maker)} complete a line: {board.tiles}")
        for reply in board.empty_squares():
            board.play(reply)
            if not board.threats[prover]:  # else the prover completes a line at once
                if board.empties:
                    self._prover_moves(prover, goal)
                elif goal is Goal.WIN:
                    raise ValueError(f"the strategy lets the game end in a draw: {board.tiles}")
            board.undo()

    def _maker_blocked(self, prover: int) -> bool:
        """Whether a leaf shows that the maker, to move, cannot win; the leaf is recorded if so."""
        solver = self._solver
        board = solver.board
        maker = 1 - prover
        if breaker_wins_by_potential(board.potential[maker], board.length, maker_to_move=True):
            self._write(prover, ["weight"])
            return True
        pairing = solver.pairing(maker, breaker_to_move=False, afresh=not solver.searched())
        if pairing is None:
            return False
        self._write(prover, ["pairs"], _squares(pairing))
        return True

    def _seen(self, prover: int) -> bool:
        """Whether the walk has been at the position on the board for ``prover`` before; marks it seen."""
        key = _symbol(prover) + self._solver.board.key()[0]
        if self._done.get(key) >= 0:
            return True
        self._done.put(Data(key, 0))
        return False

    def _write(self, prover: int, kinds: list[str], squares: Iterable[int] = ()) -> None:
        """Add the record of the position on the board: ``kinds`` (``move``, then possibly the leaf of the
        position after it), with ``squares`` in the board's orientation."""
        board = self._solver.board
        x_tiles, o_tiles = board.tiles
        marks = [EMPTY_ROW_MARK] * board.squares
        for square in squares_of(x_tiles):
            marks[square] = HUMAN
        for square in squares_of(o_tiles):
            marks[square] = COMPUTER
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
        self.records.append(" ".join(fields))


def _squares(pairing: Pairing) -> list[int]:
    """The squares of ``pairing``'s pairs, two by two."""
    return [square for pair in pairing.pairs for square in pair]


def _symbol(player: int) -> str:
    return HUMAN if player == CROSS else COMPUTER
