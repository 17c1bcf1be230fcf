"""The engine behind :func:`~configurations.computer_play`: the reference search, made fast.

It returns exactly what the reference search of SPEC §3 returns -- score,
square and node count, on every board -- and stores exactly the boards it
stores, with their scores, in the same :class:`~hashdict.HashDictionary`.
It differs only in how it does the work:

* **Wins by bit arithmetic, once per turn.**  A player's tiles are bits,
  and a level first works out its player's *threats*: the squares whose tile
  would complete a line.  Up to 4x4 a table of every set of squares holds
  them; on larger boards every line long enough to win is laid end to end
  in one integer, with a zero bit between lines, and a few shifts find where
  one more bit would complete a run of ``k``, whatever the board's size.  A
  move then wins when its square is a threat: one ``&``.
* **Keys and hashes kept up to date.**  The board is a ``bytearray`` whose
  ``decode`` *is* the configuration string, and since the polynomial hash
  is linear in the characters, placing a tile changes the board's hash by a
  precomputed amount (:meth:`~hashdict.hashing.HashScheme.weights`).
* **Last levels scored without trying.**  Where every move ends the
  search (the last level, or the last empty square), a move scores a win or
  the level's one other score, so the level's value and how many moves it
  tries follow from where its first winning move is.
* **Lists instead of scans.**  Each level is handed the empty squares in
  row-major order (its parent's list less the square just played), so it
  never looks at a taken one; "the board is full" is the level's number.
* **Negamax form.**  The person's scores are negated so that one loop
  serves both players; it makes the same comparisons as the reference (a
  strict improvement, then the same bound, then the same cut).
* **One table probe per board.**  The reference asks the table a second
  time before storing a board; the search below a board only stores boards
  with more tiles, so that second answer is always "absent".
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys

from configurations.board import Configurations, winning_lines
from configurations.symbols import COMPUTER, COMPUTER_WINS, DRAW, HUMAN, HUMAN_WINS, UNDECIDED
from hashdict import HashDictionary

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TypeAlias

    from configurations.search import SearchStats

    # A player's search: (alpha, beta, level, hash value, own tiles, other tiles, empty squares) -> value.
    Search: TypeAlias = Callable[[int, int, int, int, int, int, list[int]], int]

__all__ = ["collector_paused", "fast_search"]

_EMPTY_CODE = ord(" ")
_HUMAN_CODE = ord("X")
_COMPUTER_CODE = ord("O")
# Boards up to this many squares (4x4) look their threats up in a table of
# 2**squares items; larger boards work them out from their line bits.
_TABLE_SQUARES = 16


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a search and its table's life.

    A search makes a tuple per stored board and frees none of them until its
    table goes, so the collector would only walk the growing table again and
    again; and woken while the table still stands, it would walk it once
    more.  Drop the table inside the block, and reference counting frees it
    before the collector resumes.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def fast_search(configs: Configurations, table: HashDictionary, stats: SearchStats) -> tuple[int, int]:
    """The reference search for the computer on ``configs``, storing boards in ``table``.

    Returns ``(score, square)``: the reference's score and the index
    ``row * board_size + col`` of its chosen square (``-1`` when the board
    is full).  ``table`` must be empty and hash by the direct form, as every
    table :meth:`~Configurations.create_dictionary` makes does
    (``ValueError`` otherwise).  ``stats.nodes`` grows by the tiles placed
    as the search goes (a level adds its count when it returns),
    ``stats.lookups`` and ``stats.hits`` by the table probes and the probes
    that found a score, when it ends.  The board is left untouched (the
    engine works on its own copy).

    Runtime complexity: O(nodes) -- the cost per node does not grow with the
    board (the bit arithmetic and the key's ``decode`` are C loops over a
    few hundred bits or bytes).

    >>> configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    >>> from configurations.search import SearchStats
    >>> stats = SearchStats()
    >>> fast_search(configs, configs.create_dictionary(), stats), stats
    ((3, 5), SearchStats(nodes=15, lookups=8, hits=0))
    """
    scheme = table.scheme
    if not scheme.direct:
        raise ValueError(f"the engine needs a table hashed by the direct form, as {table!r} is not")
    size = configs.board_size
    squares = size * size
    cells = bytearray(configs.configuration(), "latin-1")
    # A player's tiles are bits.  threats_of[tiles] has the bits of the
    # squares whose tile would complete a line; a move wins when its square's
    # bits meet them.
    threats_of: tuple[int, ...] | _LineThreats
    if squares <= _TABLE_SQUARES:
        threats_of = _threat_table(size, configs.length_to_win)
        place = _SQUARE_BITS[:squares]
    else:
        threats_of = _LineThreats(configs.length_to_win)
        place = _placement_bits(size, configs.length_to_win)
    human_bits = computer_bits = 0
    for square, code in enumerate(cells):
        if code == _HUMAN_CODE:
            human_bits |= place[square]
        elif code == _COMPUTER_CODE:
            computer_bits |= place[square]
    # A line already on the board stays there; eval_board then sees it
    # whoever moves (the search never makes a second one: a win ends it).
    if configs.wins(COMPUTER):
        settled = COMPUTER_WINS
    elif configs.wins(HUMAN):
        settled = HUMAN_WINS
    else:
        settled = -1

    modulus = scheme.modulus
    weights = scheme.weights(squares)
    start_value = sum(code * weight for code, weight in zip(cells, weights, strict=True)) % modulus
    order = [square for square in range(squares) if cells[square] == _EMPTY_CODE]
    if not order:
        return -1, -1

    # What a move that does not win scores at each level, when the
    # reference's eval_board ends the search there: a full board with no line
    # on it is a draw, and a board at the last level is undecided (or keeps
    # the line that was on it from the start).  None where the search goes
    # on below the move -- even onto a full board that holds an old line,
    # whose search then finds no square and keeps its starting value, as the
    # reference's does.
    terminal_scores: list[int | None] = [None] * (len(order) + 1)
    for level in range(len(order)):
        if level == len(order) - 1 and settled < 0:
            terminal_scores[level] = DRAW
        elif level >= configs.max_levels:
            terminal_scores[level] = settled if settled >= 0 else UNDECIDED

    decode = cells.decode
    empty = _EMPTY_CODE
    nodes_before = stats.nodes
    ended = 0  # the moves that ended the search (a win, or a last level's)
    best_square = -1
    # The two players' searches, each calling the other's for the level below.
    searches: list[Search] = []

    def make_search(code: int, sign: int) -> Search:
        """The search for the player whose tile is ``code``, seeing scores with ``sign`` (negamax).

        The player's constants are bound here once, not looked up per call:
        how its tile changes the hash, the score of a move of its that wins,
        its scores of the moves that end the search at each level, and the
        value a level starts from (below every score it can reach: the
        reference's -1 for the computer and 4 for the person, negated).
        """
        delta = [(code - _EMPTY_CODE) * weight % modulus for weight in weights]
        computer = code == _COMPUTER_CODE
        win_score = sign * (COMPUTER_WINS if computer or settled == COMPUTER_WINS else HUMAN_WINS)
        ending_scores = [None if score is None else sign * score for score in terminal_scores]
        start = -1 if computer else -4
        opponent = len(searches) ^ 1  # made in turn: computer first, person second

        # The search's state travels in arguments: the fastest way to hand it down.
        def search(  # noqa: PLR0917
            alpha: int, beta: int, level: int, value: int, mine: int, theirs: int, empty_squares: list[int]
        ) -> int:
            """The value of the board for this player, seen from its side.

            ``alpha`` is the best the player is sure of, ``beta`` the best its
            opponent is; ``value`` is the board's hash value (its bucket),
            ``mine`` / ``theirs`` the players' tile bits, ``empty_squares``
            the empty squares in row-major order.  Records the chosen square
            in ``best_square`` at level 0.
            """
            nonlocal ended, best_square
            threats = threats_of[mine]
            terminal_score = ending_scores[level]
            if terminal_score is not None:
                # Every move ends the search here, scoring win_score or
                # terminal_score (never more), so the moves need no trying:
                # the level tries them in order until the first that reaches
                # beta, or to the last, and returns the best.
                tried = len(empty_squares)
                chosen = empty_squares[0]
                best = win_score if threats & place[chosen] else terminal_score
                if best >= beta:
                    tried = 1
                elif best < win_score:
                    for index, square in enumerate(empty_squares):
                        if threats & place[square]:
                            best, chosen = win_score, square
                            if best >= beta:
                                tried = index + 1
                            break
                if level == 0:
                    best_square = chosen
                stats.nodes += tried
                ended += tried
                return best
            best = start
            for square in empty_squares:
                if threats & place[square]:
                    score = win_score
                    ended += 1
                else:
                    child_value = (value + delta[square]) % modulus
                    cells[square] = code
                    key = decode()  # the board is ASCII: UTF-8, the fastest codec, decodes it
                    chain = chains[child_value]
                    if chain is not None and chain[0] == key:  # most chains hold one board
                        score = sign * chain[1]  # type: ignore[assignment]  # a score follows its key
                    elif chain is not None and key in chain:
                        score = sign * chain[chain.index(key) + 1]  # type: ignore[assignment]
                    else:
                        below = empty_squares.copy()
                        below.remove(square)
                        after = mine | place[square]
                        score = -searches[opponent](-beta, -alpha, level + 1, child_value, theirs, after, below)
                        chain = chains[child_value]  # the search below may have started this chain
                        if chain is None:
                            chains[child_value] = (key, sign * score)
                        else:
                            chains[child_value] = (key, sign * score, *chain)
                    cells[square] = empty
                if score > best:
                    best = score
                    if level == 0:
                        best_square = square
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            stats.nodes += empty_squares.index(square) + 1
                            return best
            stats.nodes += len(empty_squares)
            return best

        return search

    searches.append(make_search(_COMPUTER_CODE, 1))
    searches.append(make_search(_HUMAN_CODE, -1))
    try:
        with table.filling() as chains:
            score = searches[0](-1, 4, 0, start_value, computer_bits, human_bits, order)
    finally:
        # Each search reaches the other through this list: a reference cycle
        # that would keep the table's chains alive for the cyclic collector.
        searches.clear()
    # Every move that did not end the search probed the table, and every
    # probe that missed searched on and stored the board it probed.
    lookups = stats.nodes - nodes_before - ended
    stats.lookups += lookups
    stats.hits += lookups - len(table)
    return score, best_square


@functools.lru_cache(maxsize=16)
def _placement_bits(size: int, length_to_win: int) -> tuple[int, ...]:
    """For each square, the bits it sets: one in each winning line through it.

    The lines are laid end to end, each followed by a zero bit, so that a run
    of one bits never continues from one line into the next.

    On a 2x2 board the two rows take bits 0-1 and 3-4, the columns 6-7 and
    9-10, the diagonal 12-13 and the anti-diagonal 15-16:

    >>> [[bit for bit in range(18) if bits >> bit & 1] for bits in _placement_bits(2, 2)]
    [[0, 6, 12], [1, 9, 15], [3, 7, 16], [4, 10, 13]]
    """
    place = [0] * (size * size)
    bit = 0
    for start, stop, step in winning_lines(size, length_to_win):
        for square in range(start, stop, step):
            place[square] |= 1 << bit
            bit += 1
        bit += 1
    return tuple(place)


class _LineThreats:
    """``threats[tiles]`` on a board too big to tabulate, whose tiles are line bits (see :func:`_placement_bits`).

    Item ``tiles`` has a bit set at every position where one more tile
    completes a run of ``length_to_win`` -- some ``before`` tiles just below
    it and the other ``length_to_win - 1 - before`` just above -- and is
    ``-1``, every bit, when ``tiles`` already hold such a run.  A handful of
    shifts per player's turn, whatever the board's size, instead of a run
    test per square tried.

    >>> threats = _LineThreats(3)
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
def _threat_table(size: int, length_to_win: int) -> tuple[int, ...]:
    """For a board of at most ``_TABLE_SQUARES`` squares: ``table[tiles]`` has bit
    ``s`` set exactly when the mask ``tiles | 1 << s`` holds a winning line.

    Built with big integers whose bit ``m`` stands for mask ``m``, so that
    C loops do the work: first the masks that win -- the winning lines
    themselves, then, square by square, every mask that holds a winning
    mask without that square (the superset closure, one shift-and-or per
    square) -- then each square's *plane*, whether mask ``m`` wins with the
    square added.  Eight squares' planes, laid byte by byte side by side,
    make one 8x8 bit matrix per eight masks; transposed, each matrix gives
    its eight masks one byte of threats apiece.

    >>> table = _threat_table(2, 2)  # squares 0 1 / 2 3: any two win
    >>> table[0b0000], table[0b0001], table[0b0011]
    (0, 14, 15)
    >>> _threat_table(3, 3)[0b000_010_001]  # a1 and b2: c3 makes a diagonal
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
        transposed = _transpose_matrices(int.from_bytes(matrices, "little"), packed_bytes)
        groups.append(transposed.to_bytes(8 * packed_bytes, "little"))
    if len(groups) == 1:
        return tuple(groups[0])
    # Two bytes per mask, in the machine's order, read back as one unsigned integer.
    items = bytearray(16 * packed_bytes)
    low, high = (0, 1) if sys.byteorder == "little" else (1, 0)
    items[low::2], items[high::2] = groups
    return tuple(memoryview(items).cast("H").tolist())


def _transpose_matrices(matrices: int, count: int) -> int:
    """Transpose each of ``count`` 8x8 bit matrices packed in ``matrices``, 64 bits apiece.

    Matrix ``i``'s bit ``8 * row + col`` is bit ``64 * i + 8 * row + col``;
    three rounds of masked swaps (of bits 7, 14 and 28 places apart, never
    across a matrix's edge) exchange ``row`` and ``col`` in all of them at
    once.

    >>> bits = 1 << 8 * 0 + 1 | 1 << 8 * 1 + 7  # (row 0, col 1) and (row 1, col 7)
    >>> _transpose_matrices(bits, 1) == 1 << 8 * 1 + 0 | 1 << 8 * 7 + 1  # (row 1, col 0) and (row 7, col 1)
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


# _SQUARE_BITS[square]: a square's bit in a board of at most _TABLE_SQUARES squares.
_SQUARE_BITS = tuple(1 << square for square in range(_TABLE_SQUARES))
