"""How the engine holds a board in bits: a square's tile bits, and the squares where a set of tiles would win.

:func:`bit_geometry` gives, for a board's shape, ``place[square]`` -- the
bits a tile on ``square`` sets -- and ``threats_of[tiles]``, whose ``&``
with ``place[square]`` is non-zero exactly when a tile on ``square`` would
complete a line of ``tiles``.  Up to 4x4 a square is one bit and the
threats are a table of every set of squares (:func:`threat_table`); on
larger boards every line long enough to win (:func:`configurations.lines.winning_lines`)
is laid end to end in one integer, a zero bit between lines
(:func:`placement_bits`), and a few shifts find where one more bit would
complete a run (:class:`LineThreats`), whatever the board's size.  The
search of :mod:`configurations.engine` then tells a winning move by one
``&``.
"""

from __future__ import annotations

import functools
import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from configurations.lines import winning_lines

__all__ = [
    "CACHED_SQUARES",
    "TABLE_SQUARES",
    "Bits",
    "LinePositions",
    "LineThreats",
    "bit_geometry",
    "placement_bits",
    "threat_table",
    "tile_bits",
    "transpose_matrices",
]

#: Boards up to this many squares (4x4) look their threats up in a table of
#: 2**squares items; larger boards work them out from their line bits.
TABLE_SQUARES = 16
#: Boards up to this many squares (50x50) keep every square's line bits,
#: about 3 MB at the most, for the last four boards searched; larger ones
#: make them when asked, since keeping them would take memory growing as the
#: board's squares squared (4 GB for 300x300).
CACHED_SQUARES = 2500


class Bits(Protocol):
    """Bits by number: a square's tile bits (``place``), or a set of tiles' threats (``threats_of``)."""

    def __getitem__(self, index: int, /) -> int: ...


def bit_geometry(size: int, length_to_win: int) -> tuple[Bits, Bits]:
    """``(place, threats_of)`` for a board: how tiles are bits, and which squares a set of tiles threatens.

    ``place[square]`` is the bits a tile on ``square`` sets; a player's
    tiles are the ``|`` of their squares' bits.  ``threats_of[tiles] &
    place[square]`` is non-zero exactly when a tile on ``square`` would give
    ``tiles`` a line of ``length_to_win`` (or they hold one already).  Up
    to 4x4 a square is one bit and the threats are a table of every set of
    squares; larger boards use line bits (:func:`placement_bits`).
    """
    squares = size * size
    if squares <= TABLE_SQUARES:
        return _SQUARE_BITS[:squares], threat_table(size, length_to_win)
    threats = LineThreats(length_to_win)
    if squares <= CACHED_SQUARES:
        return placement_bits(size, length_to_win), threats
    return LinePositions(size, length_to_win), threats


def tile_bits(place: Bits, cells: bytearray, code: int) -> int:
    """The bits of the tiles ``code`` on the board ``cells``, in ``place``'s terms."""
    if isinstance(place, LinePositions):
        return place.combined(square for square, held in enumerate(cells) if held == code)
    bits = 0
    for square, held in enumerate(cells):
        if held == code:
            bits |= place[square]
    return bits


def _lines_end_to_end(size: int, length_to_win: int) -> Iterator[tuple[int, int]]:
    """``(square, bit)`` for every square of every winning line, the lines laid end to end.

    Each line is followed by a zero bit, so that a run of one bits never
    continues from one line into the next.  A square is on up to four
    lines (a row, a column, a diagonal, an anti-diagonal), so it has up to
    four bits.
    """
    bit = 0
    for start, stop, step in winning_lines(size, length_to_win):
        for square in range(start, stop, step):
            yield square, bit
            bit += 1
        bit += 1


@functools.lru_cache(maxsize=4)
def placement_bits(size: int, length_to_win: int) -> tuple[int, ...]:
    """For each square, the bits it sets: one in each winning line through it (see :func:`_lines_end_to_end`).

    On a 2x2 board the two rows take bits 0-1 and 3-4, the columns 6-7 and
    9-10, the diagonal 12-13 and the anti-diagonal 15-16:

    >>> [[bit for bit in range(18) if bits >> bit & 1] for bits in placement_bits(2, 2)]
    [[0, 6, 12], [1, 9, 15], [3, 7, 16], [4, 10, 13]]
    """
    place = [0] * (size * size)
    for square, bit in _lines_end_to_end(size, length_to_win):
        place[square] |= 1 << bit
    return tuple(place)


class LinePositions:
    """:func:`placement_bits` for a board too big to keep them: a square's bits are made when asked for.

    Each square's ``int`` spans all the lines' bits, so keeping one per
    square would take memory growing as the squares squared; this keeps
    each square's bit position in each direction instead (``-1`` where the
    line through it is too short to win), and makes the bits of one
    square, or of many at once, on demand.  Boards of at least 3x3, where
    the four directions' steps through the configuration string differ.

    >>> LinePositions(3, 2)[4] == placement_bits(3, 2)[4]
    True
    """

    __slots__ = ("_directions", "_width")

    def __init__(self, size: int, length_to_win: int) -> None:
        if size < 3:
            raise ValueError(f"a board of {size}x{size} has lines whose steps coincide")
        # Rows step 1 square, columns size, diagonals size + 1, anti-diagonals size - 1.
        steps = (1, size, size + 1, size - 1)
        directions = tuple(array("q", [-1]) * (size * size) for _ in steps)
        bit = 0
        for start, stop, step in winning_lines(size, length_to_win):
            line = range(start, stop, step)
            if len(line) > 1:
                directions[steps.index(step)][start:stop:step] = array("q", range(bit, bit + len(line)))
            else:  # a corner's diagonal, when one tile wins: winning_lines gives it step 1, whatever its direction
                next(positions for positions in directions if positions[start] < 0)[start] = bit
            bit += len(line) + 1  # the zero bit between lines, as _lines_end_to_end lays them
        self._directions = directions
        self._width = bit

    def __len__(self) -> int:
        return len(self._directions[0])

    def __getitem__(self, square: int) -> int:
        bits = 0
        for positions in self._directions:
            if positions[square] >= 0:
                bits |= 1 << positions[square]
        return bits

    def combined(self, squares: Iterable[int]) -> int:
        """The ``|`` of the bits of ``squares``, made in one pass over their positions."""
        raw = bytearray(self._width // 8 + 1)
        for square in squares:
            for positions in self._directions:
                bit = positions[square]
                if bit >= 0:
                    raw[bit >> 3] |= 1 << (bit & 7)
        return int.from_bytes(raw, "little")


class LineThreats:
    """``threats[tiles]`` on a board too big to tabulate, whose tiles are line bits (see :func:`placement_bits`).

    Item ``tiles`` has a bit set at every position where one more tile
    completes a run of ``length_to_win`` -- some ``before`` tiles just below
    it and the other ``length_to_win - 1 - before`` just above -- and is
    ``-1``, every bit, when ``tiles`` already hold such a run.  A handful of
    shifts per player's turn, whatever the board's size, instead of a run
    test per square tried.

    >>> threats = LineThreats(3)
    >>> bin(threats[0b01101])  # tiles at bits 0, 2 and 3: a tile at 1 or 4 makes three
    '0b10010'
    >>> threats[0b111], threats[0]
    (-1, 0)
    """

    __slots__ = ("_length",)

    def __init__(self, length_to_win: int) -> None:
        self._length = length_to_win

    def __getitem__(self, tiles: int) -> int:
        length = self._length
        runs = [-1, tiles]  # runs[m]: bit j is set when bits j to j + m - 1 of tiles all are
        for run in range(1, length):
            runs.append(runs[run] & (tiles >> run))
        if runs[length]:
            return -1
        threats = 0
        for before in range(length):
            threats |= (runs[before] << before) & (runs[length - 1 - before] >> 1)
        return threats


@functools.lru_cache(maxsize=16)
def threat_table(size: int, length_to_win: int) -> Sequence[int]:
    """For a board of at most ``TABLE_SQUARES`` squares: ``table[tiles]`` has bit
    ``s`` set exactly when the mask ``tiles | 1 << s`` holds a winning line.

    Built with big integers whose bit ``m`` stands for mask ``m``, so that
    C loops do the work: first the masks that win -- the winning lines
    themselves, then, square by square, every mask that holds a winning
    mask without that square (the superset closure, one shift-and-or per
    square) -- then each square's *plane*, whether mask ``m`` wins with the
    square added.  Eight squares' planes, laid byte by byte side by side,
    make one 8x8 bit matrix per eight masks; transposed, each matrix gives
    its eight masks one byte of threats apiece.

    >>> table = threat_table(2, 2)  # squares 0 1 / 2 3: any two win
    >>> table[0b0000], table[0b0001], table[0b0011]
    (0, 14, 15)
    >>> threat_table(3, 3)[0b000_010_001]  # a1 and b2: c3 makes a diagonal
    256
    """
    squares = size * size
    masks = 1 << squares
    wins = 0
    for start, stop, step in winning_lines(size, length_to_win):
        line = range(start, stop, step)
        for first in range(len(line) - length_to_win + 1):
            wins |= 1 << sum(1 << square for square in line[first : first + length_to_win])
    packed_bytes = max(masks // 8, 1)
    without = [_masks_without(square, packed_bytes) for square in range(squares)]
    for square in range(squares):
        wins |= (wins & without[square]) << (1 << square)
    planes = [
        (((wins >> (1 << square)) & without[square]) | (wins & ~without[square])).to_bytes(packed_bytes, "little")
        for square in range(squares)
    ]
    groups = []
    for group in range(0, squares, 8):
        matrices = bytearray(8 * packed_bytes)  # byte 8 * b + j: byte b of square group + j's plane
        for row, plane in enumerate(planes[group : group + 8]):
            matrices[row::8] = plane
        transposed = transpose_matrices(int.from_bytes(matrices, "little"), packed_bytes)
        groups.append(transposed.to_bytes(8 * packed_bytes, "little"))
    if len(groups) == 1:
        return tuple(groups[0])
    # Two bytes per mask, in the machine's order, read back as one unsigned integer.  Kept as the
    # list tolist() makes: a tuple would copy 65 536 items, and nothing changes the table.
    items = bytearray(16 * packed_bytes)
    low, high = (0, 1) if sys.byteorder == "little" else (1, 0)
    items[low::2], items[high::2] = groups
    table: list[int] = memoryview(items).cast("H").tolist()
    return table


def transpose_matrices(matrices: int, count: int) -> int:
    """Transpose each of ``count`` 8x8 bit matrices packed in ``matrices``, 64 bits apiece.

    Matrix ``i``'s bit ``8 * row + col`` is bit ``64 * i + 8 * row + col``;
    three rounds of masked swaps (of bits 7, 14 and 28 places apart, never
    across a matrix's edge) exchange ``row`` and ``col`` in all of them at
    once.

    >>> bits = 1 << 8 * 0 + 1 | 1 << 8 * 1 + 7  # (row 0, col 1) and (row 1, col 7)
    >>> transpose_matrices(bits, 1) == 1 << 8 * 1 + 0 | 1 << 8 * 7 + 1  # (row 1, col 0) and (row 7, col 1)
    True
    """
    for shift, pattern in ((7, 0x00AA00AA00AA00AA), (14, 0x0000CCCC0000CCCC), (28, 0x00000000F0F0F0F0)):
        mask = int.from_bytes(pattern.to_bytes(8, "little") * count, "little")
        swapped = (matrices ^ (matrices >> shift)) & mask
        matrices ^= swapped ^ (swapped << shift)
    return matrices


def _masks_without(square: int, packed_bytes: int) -> int:
    """The integer whose bit ``m`` is set when mask ``m`` lacks ``square``'s bit (``m`` below ``8 * packed_bytes``)."""
    span = 1 << square
    # Below a byte the pattern repeats within one: 01010101, 00110011, 00001111.
    pattern = bytes([(0x55, 0x33, 0x0F)[square]]) if span < 8 else b"\xff" * (span // 8) + b"\x00" * (span // 8)
    return int.from_bytes((pattern * (packed_bytes // len(pattern) + 1))[:packed_bytes], "little")


# _SQUARE_BITS[square]: a square's bit in a board of at most TABLE_SQUARES squares.
_SQUARE_BITS = tuple(1 << square for square in range(TABLE_SQUARES))
