"""The engine behind :func:`~configurations.computer_play`: the reference search, made fast.

It returns exactly what the reference search of SPEC §3 returns -- score,
square and node count, on every board -- and stores exactly the boards it
stores, with their scores, in the same :class:`~hashdict.HashDictionary`.
It differs only in how it does the work:

* **Wins by bit arithmetic.**  Up to 4x4, a player's tiles are a mask of
  squares and a table of every mask says whether it wins.  On larger
  boards every line long enough to win (rows, columns, diagonals,
  anti-diagonals) is laid end to end in one integer per player, with a zero
  bit between lines; a player has ``k`` in a row exactly when that integer
  has ``k`` consecutive one bits, which at most ``ceil(log2 k) + 1``
  shift-and steps find, whatever the board's size.
* **Keys and hashes kept up to date.**  The board is a ``bytearray`` whose
  ``decode`` *is* the configuration string, and since the polynomial hash
  is linear in the characters, placing a tile changes the board's hash by a
  precomputed amount (:meth:`~hashdict.hashing.HashScheme.weight`).
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

from configurations.board import Configurations, winning_lines
from configurations.symbols import COMPUTER_WINS, DRAW, HUMAN_WINS, UNDECIDED
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
# Boards up to this many squares (4x4) test wins with a table of 2**squares
# bytes; larger boards use shift-and steps on their line bits.
_TABLE_SQUARES = 16



@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a search and its table's life.

    A search makes a list per stored board and frees none of them until its
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
    is full).  ``table`` must be empty.  ``stats.nodes`` grows by the tiles
    placed as the search goes (a level adds its count when it returns),
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
    size = configs.board_size
    squares = size * size
    cells = bytearray(configs.configuration(), "latin-1")
    # A player's tiles are bits: on a small board one bit per square, and a
    # table says which sets of squares win; on a larger board one bit per
    # square of each winning line through it, and shift-and steps find runs.
    win_table: tuple[int, ...] | None = None
    shifts = _run_shifts(configs.length_to_win)
    if squares <= _TABLE_SQUARES:
        win_table = _win_table(size, configs.length_to_win)
        place: tuple[int, ...] = tuple(1 << square for square in range(squares))
    else:
        place = _placement_bits(size, configs.length_to_win)

    def has_line(bits: int) -> bool:
        if win_table is not None:
            return win_table[bits] == 1
        for shift in shifts:
            bits &= bits >> shift
        return bits != 0

    human_bits = computer_bits = 0
    for square, code in enumerate(cells):
        if code == _HUMAN_CODE:
            human_bits |= place[square]
        elif code == _COMPUTER_CODE:
            computer_bits |= place[square]
    # A line already on the board stays there; eval_board then sees it
    # whoever moves (the search never makes a second one: a win ends it).
    if has_line(computer_bits):
        settled = COMPUTER_WINS
    elif has_line(human_bits):
        settled = HUMAN_WINS
    else:
        settled = -1

    scheme = table.scheme
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

    bucket_of: Callable[[int], int] | None = None if scheme.direct else scheme.bucket
    # The run test below always takes three steps (a shift of 0 changes
    # nothing) and loops only over the steps beyond, for lines of 9 or more.
    first, second, third, *further = (*shifts, 0, 0, 0)
    decode = cells.decode
    empty = _EMPTY_CODE
    hits = 0
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
            opponent is; ``value`` is the board's hash value before reduction,
            ``mine`` / ``theirs`` the players' tile bits, ``empty_squares``
            the empty squares in row-major order.  Records the chosen square
            in ``best_square`` at level 0.
            """
            nonlocal hits, best_square
            terminal_score = ending_scores[level]
            best = start
            # Nodes are counted where they end: here the moves that end the
            # search and those the table answers; a move searched further is
            # counted by the level below (``level > 0``).
            ended = found = 0
            for square in empty_squares:
                after = mine | place[square]
                if win_table is not None:  # has_line(after), inlined
                    run = win_table[after]
                else:
                    run = after & (after >> first)
                    run &= run >> second
                    run &= run >> third
                    for shift in further:
                        run &= run >> shift
                if run:
                    score = win_score
                    ended += 1
                elif terminal_score is not None:
                    score = terminal_score
                    ended += 1
                else:
                    child_value = (value + delta[square]) % modulus
                    bucket = child_value if bucket_of is None else bucket_of(child_value)
                    cells[square] = code
                    key = decode()  # the board is ASCII: UTF-8, the fastest codec, decodes it
                    chain = chains[bucket]
                    if chain is not None and chain[0] == key:  # most chains hold one board
                        score = sign * chain[1]  # type: ignore[assignment]  # a score follows its key
                        found += 1
                    elif chain is not None and key in chain:
                        score = sign * chain[chain.index(key) + 1]  # type: ignore[assignment]
                        found += 1
                    else:
                        below = empty_squares.copy()
                        below.remove(square)
                        score = -searches[opponent](-beta, -alpha, level + 1, child_value, theirs, after, below)
                        chain = chains[bucket]  # the search below may have started this chain
                        if chain is None:
                            chains[bucket] = (key, sign * score)
                        else:
                            chains[bucket] = (*chain, key, sign * score)
                    cells[square] = empty
                if score > best:
                    best = score
                    if level == 0:
                        best_square = square
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            stats.nodes += ended + found + (level > 0)
            hits += found
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
    # Every probe that missed searched on and stored the board it probed.
    stats.hits += hits
    stats.lookups += hits + len(table)
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


def _run_shifts(length_to_win: int) -> tuple[int, ...]:
    """Shifts that turn a line integer into one with a bit left per ``length_to_win`` run.

    After ``bits &= bits >> shift`` for each shift in turn, bit ``j`` is set
    exactly when bits ``j`` to ``j + length_to_win - 1`` all were: each step
    doubles the run a bit stands for, and a last one tops it up.

    >>> _run_shifts(1), _run_shifts(2), _run_shifts(4), _run_shifts(5), _run_shifts(7)
    ((), (1,), (1, 2), (1, 2, 1), (1, 2, 3))
    """
    shifts = []
    run = 1
    while 2 * run <= length_to_win:
        shifts.append(run)
        run *= 2
    if run < length_to_win:
        shifts.append(length_to_win - run)
    return tuple(shifts)


@functools.lru_cache(maxsize=16)
def _win_table(size: int, length_to_win: int) -> tuple[int, ...]:
    """For a board of at most ``_TABLE_SQUARES`` squares: ``table[tiles]`` is 1
    exactly when the squares of the bit mask ``tiles`` hold a winning line.

    Built as one big integer whose bit ``m`` says whether mask ``m`` wins:
    first the winning lines themselves, then, square by square, every mask
    that holds a winning mask without that square (the superset closure,
    one shift-and-or per square), then unpacked to a byte per mask.

    >>> table = _win_table(2, 2)
    >>> [tiles for tiles in range(16) if table[tiles]]  # squares 0 1 / 2 3: any two win
    [3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15]
    """
    squares = size * size
    masks = 1 << squares
    wins = 0
    for start, stop, step in winning_lines(size, length_to_win):
        line = range(start, stop, step)
        for first in range(len(line) - length_to_win + 1):
            wins |= 1 << sum(1 << square for square in line[first : first + length_to_win])
    packed_bytes = max(masks // 8, 1)
    for square in range(squares):
        span = 1 << square
        wins |= (wins & _masks_without(square, packed_bytes)) << span
    packed = (wins & ((1 << masks) - 1)).to_bytes(packed_bytes, "little")
    table = bytearray(8 * packed_bytes)
    for bit in range(8):
        table[bit::8] = packed.translate(_BIT_OF_BYTE[bit])
    return tuple(table)  # a tuple's items are read faster than a byte string's


def _masks_without(square: int, packed_bytes: int) -> int:
    """The integer whose bit ``m`` is set when mask ``m`` lacks ``square``'s bit (``m`` below ``8 * packed_bytes``)."""
    span = 1 << square
    # Below a byte the pattern repeats within one: 01010101, 00110011, 00001111.
    pattern = bytes([(0x55, 0x33, 0x0F)[square]]) if span < 8 else b"\xff" * (span // 8) + b"\x00" * (span // 8)
    return int.from_bytes((pattern * (packed_bytes // len(pattern) + 1))[:packed_bytes], "little")


# _BIT_OF_BYTE[bit] translates every byte to its bit number ``bit`` (0 or 1).
_BIT_OF_BYTE = tuple(bytes((value >> bit) & 1 for value in range(256)) for bit in range(8))
