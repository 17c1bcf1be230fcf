"""The engine behind :func:`~configurations.computer_play`: the reference search, made fast.

It returns exactly what the reference search of SPEC §3
(:mod:`configurations.reference_search`) returns -- score, square and node count,
on every board -- and stores exactly the boards it stores, with their
scores, in the same :class:`~hashdict.HashDictionary`.  It differs only in
how it does the work:

* **Wins by bit arithmetic, once per turn.**  A player's tiles are bits,
  and a level first works out its player's *threats*: the squares whose tile
  would complete a line.  Up to 4x4 a table of every set of squares holds
  them; on larger boards every line long enough to win is laid end to end
  in one integer, with a zero bit between lines, and a few shifts find where
  one more bit would complete a run of ``k``, whatever the board's size.  A
  move then wins when its square is a threat: one ``&``.
* **Keys and hashes kept up to date.**  The board is a ``bytearray`` whose
  ``decode`` *is* the configuration string, and the table's
  :meth:`~hashdict.HashDictionary.fast_path` lets the search keep each
  board's hash value up to date by one addition per move, and probe and
  store without hashing the key again.
* **Last levels scored without trying.**  Where every move ends the
  search (the last level, or the last empty square), a move scores a win or
  the level's one other score, so the level's value and how many moves it
  tries follow from where its first winning move is (:func:`_last_level`).
* **Lists instead of scans.**  Each level is handed the empty squares in
  row-major order (its parent's list less the square just played), so it
  never looks at a taken one; "the board is full" is the level's number.
* **Negamax form.**  The person's scores are negated so that one loop
  serves both players; it makes the same comparisons as the reference (a
  strict improvement, then the same bound, then the same cut).
* **One table probe per board.**  The reference asks the table a second
  time before storing a board; the search below a board only stores boards
  with more tiles, so that second answer is always "absent".

Memory is proportional to the board: on boards of more than
``_CACHED_SQUARES`` squares a square's line bits are made when asked for
(:class:`_LinePositions`) rather than kept for every square, and the
table's hash weights are made only when the search can reach the table.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys
from typing import TYPE_CHECKING

from configurations.board import Configurations, winning_lines
from configurations.symbols import COMPUTER, COMPUTER_WINS, DRAW, HUMAN, HUMAN_WINS, UNDECIDED

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from typing import Protocol, TypeAlias

    from configurations.results import SearchStats
    from hashdict import FastPath, HashDictionary

    # A level's search: (alpha, beta, level, hash value, own tiles, other tiles, empty squares) -> value.
    Search: TypeAlias = Callable[[int, int, int, int, int, int, list[int]], int]

    class Bits(Protocol):
        """Bits by number: a square's tile bits (``place``), or a set of tiles' threats (``threats_of``)."""

        def __getitem__(self, index: int, /) -> int: ...


__all__ = ["collector_paused", "fast_search"]

_EMPTY_CODE = ord(" ")
_HUMAN_CODE = ord("X")
_COMPUTER_CODE = ord("O")
# Boards up to this many squares (4x4) look their threats up in a table of
# 2**squares items; larger boards work them out from their line bits.
_TABLE_SQUARES = 16
# Boards up to this many squares (50x50) keep every square's line bits,
# about 3 MB at the most, for the last four boards searched; larger ones
# make them when asked, since keeping them would take memory growing as the
# board's squares squared (4 GB for 300x300).
_CACHED_SQUARES = 2500


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
    is full).  ``table`` must be empty.  ``stats.nodes`` grows by the tiles
    placed as the search goes (a level adds its count when it returns),
    ``stats.lookups`` and ``stats.hits`` by the table probes and the probes
    that found a score, when it ends.  The board is left untouched (the
    engine works on its own copy).

    Runtime complexity: O(nodes) -- the cost per node does not grow with the
    board up to 50x50 (the bit arithmetic and the key's ``decode`` are C
    loops over a few hundred bits or bytes).

    >>> configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    >>> from configurations.results import SearchStats
    >>> stats = SearchStats()
    >>> fast_search(configs, configs.create_dictionary(), stats), stats
    ((3, 5), SearchStats(nodes=15, lookups=8, hits=0))
    """
    game = _Game(configs)
    if not game.empty_squares:
        return -1, -1
    tally = _Tally(stats)
    nodes_before = stats.nodes
    levels = _levels(game, table, tally)
    try:
        score = levels[0](-1, 4, 0, game.start_value, game.computer_bits, game.human_bits, game.empty_squares)
    finally:
        # A level's search reaches the level below through this list: a
        # reference cycle that would keep the table's chains alive for the
        # cyclic collector.
        levels.clear()
    # Every move that did not end the search probed the table, and every
    # probe that missed searched on and stored the board it probed.
    lookups = stats.nodes - nodes_before - tally.ended
    stats.lookups += lookups
    stats.hits += lookups - len(table)
    return score, tally.square


class _Tally:
    """What the levels of one search report besides their values.

    ``stats``: the caller's counters, whose ``nodes`` each level adds to.
    ``ended``: moves that ended the search (wins, and a last level's
    moves), which probed no table.  ``square``: the root's chosen square.
    """

    __slots__ = ("ended", "square", "stats")

    def __init__(self, stats: SearchStats) -> None:
        self.stats = stats
        self.ended = 0
        self.square = -1


class _Game:
    """What a search knows of its board before it starts, in the forms its levels use.

    ``cells``: the board's configuration as bytes, which the search changes
    and restores.  ``empty_squares``: in row-major order.  ``place`` and
    ``threats_of``: a square's tile bits and a set of tiles' threats (see
    :func:`_geometry`).  ``human_bits`` / ``computer_bits``: the tiles on
    the board.  ``ending_scores[level]``: the score of every move at
    ``level`` that does not win, when every move there ends the search;
    ``None`` where the search can go on (see :func:`_ending_scores`).
    ``settled``: the score of a line already on the board, or -1.
    ``start_value``: the board's hash value, set once the table is bound.
    """

    __slots__ = (
        "cells",
        "computer_bits",
        "empty_squares",
        "ending_scores",
        "human_bits",
        "place",
        "settled",
        "start_value",
        "threats_of",
    )

    def __init__(self, configs: Configurations) -> None:
        self.cells = bytearray(configs.configuration(), "latin-1")
        self.empty_squares = [square for square, code in enumerate(self.cells) if code == _EMPTY_CODE]
        self.place, self.threats_of = _geometry(configs.board_size, configs.length_to_win)
        self.human_bits = _tile_bits(self.place, self.cells, _HUMAN_CODE)
        self.computer_bits = _tile_bits(self.place, self.cells, _COMPUTER_CODE)
        # A line already on the board stays there; eval_board then sees it
        # whoever moves (the search never makes a second one: a win ends it).
        if configs.wins(COMPUTER):
            self.settled = COMPUTER_WINS
        elif configs.wins(HUMAN):
            self.settled = HUMAN_WINS
        else:
            self.settled = -1
        self.ending_scores = _ending_scores(len(self.empty_squares), configs.max_levels, self.settled)
        self.start_value = 0


def _ending_scores(empty: int, max_levels: int, settled: int) -> list[int | None]:
    """For each level the search can reach, the score of a move there that does not win, if it ends the search.

    The reference's ``eval_board`` ends the search after a move that fills
    the board with no line on it (a draw) or that reaches ``max_levels``
    (undecided, or the line that was on the board from the start).  The
    list stops at the first such level, or at the full board ``empty``
    tiles down, where a search that gets there (onto a full board that
    holds an old line) finds no square and keeps its starting value, as the
    reference's does.

    >>> _ending_scores(3, 9, -1)  # three empty squares, searched to the end
    [None, None, 2]
    >>> _ending_scores(9, 1, -1)  # level 1 is the last
    [None, 1]
    >>> _ending_scores(1, 9, HUMAN_WINS)  # the computer fills the board past X's line: X finds no square
    [None, None]
    """
    scores: list[int | None] = []
    for level in range(min(empty, max_levels) + 1):
        if level == empty - 1 and settled < 0:
            scores.append(DRAW)
        elif empty > level >= max_levels:
            scores.append(settled if settled >= 0 else UNDECIDED)
        else:
            scores.append(None)
            continue
        break  # no level below one whose moves all end the search is ever reached
    return scores


def _levels(game: _Game, table: HashDictionary, tally: _Tally) -> list[Search]:
    """The search of each level, from the root (the computer's) down: item ``level``.

    Levels alternate between the computer (even) and the person (odd); a
    level whose moves all end the search gets :func:`_last_level`, the
    full board (reached only past an old line) :func:`_full_board`, any
    other :func:`_full_level`, which calls the next item of this list.  The
    table's fast path is bound, and the board hashed, only where a level
    can reach the table.
    """
    path = None
    if game.ending_scores[0] is None:
        path = table.fast_path(len(game.cells))
        game.start_value = path.hasher.value(game.cells.decode())
    levels: list[Search] = []
    made: list[tuple[int, int | None, Search]] = []  # one function per player and kind, whatever the level
    for level, ending in enumerate(game.ending_scores):
        code = _HUMAN_CODE if level % 2 else _COMPUTER_CODE
        if level == len(game.empty_squares):
            levels.append(_full_board(game, code))
            break
        search = next((function for player, kind, function in made if (player, kind) == (code, ending)), None)
        if search is None:
            if ending is not None:
                search = _last_level(game, code, ending, tally)
            else:
                assert path is not None  # a full level is never below a last one
                search = _full_level(game, code, levels, path, tally)
            made.append((code, ending, search))
        levels.append(search)
    return levels


def _player_constants(game: _Game, code: int) -> tuple[int, int, int]:
    """``(sign, win_score, start)`` of the player whose tile is ``code``, in negamax form.

    ``sign`` turns the computer's scores into the player's; ``win_score``
    is what a move of the player's that wins scores (``eval_board`` checks
    the computer's line first, so with the computer's old line on the board
    even the person's win scores ``COMPUTER_WINS``); ``start`` is the value
    a level starts from, below every score it can reach (the reference's -1
    for the computer and 4 for the person, negated).
    """
    computer = code == _COMPUTER_CODE
    sign = 1 if computer else -1
    win_score = sign * (COMPUTER_WINS if computer or game.settled == COMPUTER_WINS else HUMAN_WINS)
    return sign, win_score, -1 if computer else -4


def _full_board(game: _Game, code: int) -> Search:
    """The search of a full board: no square to try, so the reference's starting value, in negamax form.

    Only the person meets one: the computer's move onto the last square
    ends the search unless the person's line is on the board already, and
    then the person's search finds no square and keeps its 4.  (With the
    computer's line on the board, every move of the computer "wins" and
    ends the search, so the person never fills the board.)
    """
    start = _player_constants(game, code)[2]

    def search(alpha: int, beta: int, level: int, value: int, mine: int, theirs: int, empty_squares: list[int]) -> int:  # noqa: PLR0917 (a level's search takes what every level is given)
        return start

    return search


def _full_level(game: _Game, code: int, levels: list[Search], path: FastPath, tally: _Tally) -> Search:
    """The search of a level where the player whose tile is ``code`` may move and the search go on.

    ``search(alpha, beta, level, value, mine, theirs, empty_squares)`` is
    the reference's ``SEARCH`` at ``level`` in negamax form: scores are
    seen from the mover's side (the computer's scores, or the person's
    negated).  ``alpha`` is the best the mover is already sure of higher
    up (``highest`` for the computer, ``-lowest`` for the person), ``beta``
    the bound past which the opponent will not let the game come
    (``lowest``, or ``-highest``), ``alpha < beta``.  It returns the
    reference's ``value`` in the mover's terms: the best score of the moves
    tried, stopping at the first that reaches ``beta``.  ``value`` is the
    board's hash value, ``mine`` / ``theirs`` the tile bits, and
    ``empty_squares`` in row-major order.  A move that does not win probes
    its board, and stores it with its score (the computer's) if absent.
    ``cells`` is left as found; ``stats.nodes`` grows by the moves tried.
    """
    sign, win_score, start = _player_constants(game, code)
    gains = path.hasher.changes(" ", chr(code))
    # Speed: every name the loop reads is bound here once, a closure cell, where an attribute
    # look-up per use would cost a search hundreds of thousands of them.
    cells, decode, place, threats_of, stats = game.cells, game.cells.decode, game.place, game.threats_of, tally.stats
    probe, store, modulus, empty = path.probe, path.store, path.hasher.modulus, _EMPTY_CODE

    def search(alpha: int, beta: int, level: int, value: int, mine: int, theirs: int, empty_squares: list[int]) -> int:  # noqa: PLR0917 (arguments are the fastest way down a level)
        threats = threats_of[mine]
        below_search = levels[level + 1]
        best = start
        tried = 0
        for square in empty_squares:
            tried += 1  # noqa: SIM113 (by hand: enumerate costs more per move than the index saves)
            if threats & place[square]:
                score = win_score
                tally.ended += 1
            else:
                child_value = (value + gains[square]) % modulus
                cells[square] = code
                key = decode()  # the board is ASCII: UTF-8, the fastest codec, decodes it
                score = probe(child_value, key)
                if score < 0:
                    below = empty_squares.copy()
                    del below[tried - 1]
                    score = -below_search(-beta, -alpha, level + 1, child_value, theirs, mine | place[square], below)
                    store(child_value, key, sign * score)
                else:
                    score *= sign
                cells[square] = empty
            if score > best:
                best = score
                if level == 0:
                    tally.square = square
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        stats.nodes += tried
                        return best
        stats.nodes += len(empty_squares)
        return best

    return search


def _last_level(game: _Game, code: int, ending: int, tally: _Tally) -> Search:
    """The search of a level where every move ends the search, for the player whose tile is ``code``.

    Same contract as :func:`_full_level`'s, but no move is tried: a move
    here scores ``win_score`` if it completes a line, else ``ending`` (the
    computer's score, seen from the mover's side), and ``win_score`` is
    never below it.  So the reference, trying the squares in order,
    improves on its start with the first square, then only with the first
    winning square, and cuts as soon as its value reaches ``beta``; which
    square that is, and so how many moves it tried, follows from the
    threats alone.

    For example: the person (``X``) to move at ``max_levels`` on a 3x3
    board with squares 3, 5 and 7 empty and a threat only at 5.  A move
    that does not win leaves the board undecided (1, so -1 in the person's
    terms); one that wins scores ``HUMAN_WINS`` (0, and -0 = 0).  Square 3
    scores -1: the value so far, and a cut after one move if ``beta <=
    -1``.  Otherwise square 5 wins: the value is 0, and a cut after two
    moves if ``beta <= 0``; else square 7 is tried as well and cannot do
    better: three moves.  Without the threat, all three are tried and the
    value is square 3's -1.
    """
    sign, win_score, _ = _player_constants(game, code)
    other = sign * ending
    place, threats_of, stats = game.place, game.threats_of, tally.stats

    def search(alpha: int, beta: int, level: int, value: int, mine: int, theirs: int, empty_squares: list[int]) -> int:  # noqa: PLR0917 (a level's search takes what every level is given)
        threats = threats_of[mine]
        tried = len(empty_squares)
        chosen = empty_squares[0]
        best = win_score if threats & place[chosen] else other
        if best >= beta:
            tried = 1
        elif best < win_score and threats:
            for index, square in enumerate(empty_squares):
                if threats & place[square]:
                    best, chosen = win_score, square
                    if best >= beta:
                        tried = index + 1
                    break
        if level == 0:
            tally.square = chosen
        stats.nodes += tried
        tally.ended += tried
        return best

    return search


def _geometry(size: int, length_to_win: int) -> tuple[Bits, Bits]:
    """``(place, threats_of)`` for a board: how tiles are bits, and which squares a set of tiles threatens.

    ``place[square]`` is the bits a tile on ``square`` sets; a player's
    tiles are the ``|`` of their squares' bits.  ``threats_of[tiles] &
    place[square]`` is non-zero exactly when a tile on ``square`` would give
    ``tiles`` a line of ``length_to_win`` (or they hold one already).  Up
    to 4x4 a square is one bit and the threats are a table of every set of
    squares; larger boards use line bits (:func:`_placement_bits`).
    """
    squares = size * size
    if squares <= _TABLE_SQUARES:
        return _SQUARE_BITS[:squares], _threat_table(size, length_to_win)
    threats = _LineThreats(length_to_win)
    if squares <= _CACHED_SQUARES:
        return _placement_bits(size, length_to_win), threats
    return _LinePositions(size, length_to_win), threats


def _tile_bits(place: Bits, cells: bytearray, code: int) -> int:
    """The bits of the tiles ``code`` on the board ``cells``, in ``place``'s terms."""
    if isinstance(place, _LinePositions):
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
def _placement_bits(size: int, length_to_win: int) -> tuple[int, ...]:
    """For each square, the bits it sets: one in each winning line through it (see :func:`_lines_end_to_end`).

    On a 2x2 board the two rows take bits 0-1 and 3-4, the columns 6-7 and
    9-10, the diagonal 12-13 and the anti-diagonal 15-16:

    >>> [[bit for bit in range(18) if bits >> bit & 1] for bits in _placement_bits(2, 2)]
    [[0, 6, 12], [1, 9, 15], [3, 7, 16], [4, 10, 13]]
    """
    place = [0] * (size * size)
    for square, bit in _lines_end_to_end(size, length_to_win):
        place[square] |= 1 << bit
    return tuple(place)


class _LinePositions:
    """:func:`_placement_bits` for a board too big to keep them: a square's bits are made when asked for.

    Each square's ``int`` spans all the lines' bits, so keeping one per
    square would take memory growing as the squares squared; this keeps
    each square's bit position in each direction instead (``-1`` where the
    line through it is too short to win), and makes the bits of one
    square, or of many at once, on demand.  Boards of at least 3x3, where
    the four directions' steps through the configuration string differ.

    >>> _LinePositions(3, 2)[4] == _placement_bits(3, 2)[4]
    True
    """

    __slots__ = ("_directions", "_width")

    def __init__(self, size: int, length_to_win: int) -> None:
        if size < 3:
            raise ValueError(f"a board of {size}x{size} has lines whose steps coincide")
        # Only huge boards need arrays; loading the module costs every game about 2 ms.
        from array import array  # noqa: PLC0415

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
def _threat_table(size: int, length_to_win: int) -> Sequence[int]:
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
    # Two bytes per mask, in the machine's order, read back as one unsigned integer.  Kept as the
    # list tolist() makes: a tuple would copy 65 536 items, and nothing changes the table.
    items = bytearray(16 * packed_bytes)
    low, high = (0, 1) if sys.byteorder == "little" else (1, 0)
    items[low::2], items[high::2] = groups
    table: list[int] = memoryview(items).cast("H").tolist()
    return table


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
