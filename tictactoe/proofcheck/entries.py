"""A record's ENTRY, checked from the record alone as it is read, and kept as one small number.

Everything an entry claims that its own board decides is checked before
the record is stored: its move names a square of the board, empty, and the
prover is the one to move there (the tile counts say whose move it is);
its leaf -- a pairing or an Erdős-Selfridge weight, of the record's
position or of the position after its move -- holds against the other
player's windows (those free of the prover's tiles; under standard not
those with one of the other player's own tiles at an end either, whose
run could only be too long: :meth:`.rules.Shape.spoiled`).  What the walk still needs of it is the move and the
kind of leaf, packed into one int (:meth:`EntryReader.code`): a record then costs
the checker its key and a few bytes whatever its entry's length, so a file
of long entries, compressed to little because they repeat, holds no more
than a file of short ones.

>>> entries = EntryReader(Shape(3, 3, 3))
>>> code = entries.code(1, "X", ".........", "move b2 pairs a1-b1 a2-a3 b3-c3 c1-c2")
>>> move_of(code), leaf_of(code)
(4, 'pairs')
>>> entries.code(2, "X", "....X....", "move a1")
Traceback (most recent call last):
...
tictactoe.proofcheck.reading.CertificateError: record 2 gives X a move, but O is to move
"""

from __future__ import annotations

from fractions import Fraction

from tictactoe.proofcheck.reading import CertificateError
from tictactoe.proofcheck.rules import Shape, squares_in

__all__ = ["EntryReader", "leaf_of", "move_of"]

# The kinds of leaf, by their number in an entry's code (0: none).
_LEAVES = ("", "pairs", "weight")
_X_BITS = str.maketrans({"X": "1", "O": "0", ".": "0"})
_O_BITS = str.maketrans({"X": "0", "O": "1", ".": "0"})
# The most different pairings kept read at once: a few MB on the largest board.
_KEPT_PAIRINGS = 1024


class EntryReader:
    """Checks the entries of one certificate's records and gives their codes (:meth:`code`).

    A pairing's squares are read once for each different pairing text,
    kept for the next records (a few thousand at most: a solver writes the
    same pairing beside many positions), so a record whose pairing was met
    before costs a few operations on its squares.
    """

    __slots__ = ("_pairings", "_shape", "_windows")

    def __init__(self, shape: Shape) -> None:
        self._shape = shape
        self._windows = (1 << len(shape.windows)) - 1
        self._pairings: dict[str, tuple[int, int]] = {}  # a pairing's text -> its squares, the windows it covers

    def code(self, number: int, prover: str, board: str, entry: str) -> int:
        """The code of record ``number``'s ``entry`` (its move and its leaf), once every claim of it that its
        ``board`` decides holds; ``CertificateError`` saying which does not.

        The board is a string of the board's squares, ``X``, ``O`` and
        ``.``, already checked to be one; the move's square is the square
        of the record's own orientation.
        """
        shape = self._shape
        x_tiles = int(board[::-1].translate(_X_BITS), 2)
        o_tiles = int(board[::-1].translate(_O_BITS), 2)
        prover_moves = (x_tiles.bit_count() == o_tiles.bit_count()) == (prover == "X")
        other = "O" if prover == "X" else "X"
        first, _, rest = entry.partition(" ")
        move, leaf = first == "move", entry
        square = -1
        if move:
            name, _, leaf = rest.partition(" ")
            if not name or name in _LEAVES:
                raise CertificateError(f"record {number}: a move names one square")
            if not prover_moves:
                raise CertificateError(f"record {number} gives {prover} a move, but {other} is to move")
            square = _square(shape, number, name)
            if (x_tiles | o_tiles) >> square & 1:
                raise CertificateError(f"record {number}: {prover}'s move {name} is on a square already taken")
            if prover == "X":
                x_tiles |= 1 << square
            else:
                o_tiles |= 1 << square
        kind = 0
        if leaf or not move:
            tiles = (x_tiles, o_tiles) if prover == "X" else (o_tiles, x_tiles)
            kind = self._leaf((number, entry), other, tiles, leaf, maker_to_move=square >= 0 or not prover_moves)
        return (square + 1) << 2 | kind

    def _leaf(
        self, record: tuple[int, str], maker: str, tiles: tuple[int, int], leaf: str, *, maker_to_move: bool
    ) -> int:
        """The number of the leaf ``leaf`` of ``record`` (its number and entry) once it is checked: the ``maker``
        completes no window against the prover, where the prover holds ``tiles[0]`` and the maker ``tiles[1]``."""
        number, entry = record
        shape, (mine, theirs) = self._shape, tiles
        kind = leaf.partition(" ")[0]
        if kind not in _LEAVES[1:] or (kind == "weight" and leaf != kind):
            raise CertificateError(f"record {number}: {entry!r} is no entry of the format")
        if kind == "weight":
            # Each window weighs 2^-(its empty squares); in units of 2^-length the sum is a whole number.
            total = sum(
                1 << (window & theirs).bit_count()
                for window, ends in zip(shape.windows, shape.ends, strict=True)
                if not window & mine and not ends & theirs
            )
            bound = Fraction(1, 2) if maker_to_move else Fraction(1)
            if total >= bound * (1 << shape.length):
                weight = Fraction(total, 1 << shape.length)
                raise CertificateError(f"record {number}: {maker}'s windows weigh {weight}, not under {bound}")
            return _LEAVES.index(kind)
        used, covered = self._pairing(number, leaf)
        if used & (mine | theirs):
            pair = next(p for p in leaf.split(" ")[1:] if _pair_squares(shape, number, p) & (mine | theirs))
            raise CertificateError(f"record {number}: the pair {pair} is not two empty squares of its own")
        touched = 0
        for square in squares_in(mine):
            touched |= shape.holding[square]
        open_windows = self._windows & ~touched & ~covered & ~shape.spoiled(theirs)
        if open_windows:
            window = shape.windows[(open_windows & -open_windows).bit_length() - 1]
            ends = squares_in(window)
            named = f"{shape.name(ends[0])}-{shape.name(ends[-1])}"
            raise CertificateError(f"record {number}: no pair lies in {maker}'s window {named}")
        return _LEAVES.index(kind)

    def _pairing(self, number: int, leaf: str) -> tuple[int, int]:
        """The squares of the pairing ``leaf`` (``pairs`` and its pairs), and the windows that hold a pair of it
        (bit ``i`` for ``shape.windows[i]``); ``CertificateError`` unless its pairs are of two squares each, apart."""
        found = self._pairings.get(leaf)
        if found is not None:
            return found
        used = covered = 0
        for pair in leaf.split(" ")[1:]:
            bits = _pair_squares(self._shape, number, pair)
            if bits.bit_count() != 2 or bits & used:
                raise CertificateError(f"record {number}: the pair {pair} is not two empty squares of its own")
            used |= bits
            first, second = squares_in(bits)
            covered |= self._shape.holding[first] & self._shape.holding[second]
        if len(self._pairings) >= _KEPT_PAIRINGS:
            self._pairings.clear()
        self._pairings[leaf] = used, covered
        return used, covered


def move_of(code: int) -> int:
    """The square of the move an entry's code holds, or -1 if none."""
    return (code >> 2) - 1


def leaf_of(code: int) -> str:
    """The kind of leaf an entry's code holds (``pairs``, ``weight``), or ``""`` if none."""
    return _LEAVES[code & 3]


def _square(shape: Shape, number: int, name: str) -> int:
    """The square ``name`` of record ``number``'s board."""
    try:
        return shape.square(name)
    except ValueError as error:
        raise CertificateError(f"record {number}: {error}") from None


def _pair_squares(shape: Shape, number: int, pair: str) -> int:
    """The squares of ``pair`` (``a1-b1``) as a set: of one square when it names one twice."""
    first, _, second = pair.partition("-")
    return 1 << _square(shape, number, first) | 1 << _square(shape, number, second)
