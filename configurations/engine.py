"""The engine behind :func:`~configurations.computer_play`: the reference search, made fast.

It returns exactly what the reference search (docs/dictionary.md)
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
``CACHED_SQUARES`` squares a square's line bits are made when asked for
(:class:`LinePositions`) rather than kept for every square, and the
table's hash weights are made only when the search can reach the table.
"""

from __future__ import annotations

import contextlib
import gc
from typing import TYPE_CHECKING

from configurations.bitboard import bit_geometry, tile_bits
from configurations.board import Configurations
from configurations.symbols import COMPUTER, COMPUTER_WINS, DRAW, HUMAN, HUMAN_WINS, UNDECIDED

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import TypeAlias

    from configurations.results import SearchStats
    from hashdict import FastPath, HashDictionary

    # A level's search: (alpha, beta, level, hash value, own tiles, other tiles, empty squares) -> value.
    Search: TypeAlias = Callable[[int, int, int, int, int, int, list[int]], int]


__all__ = ["collector_paused", "fast_search"]

_EMPTY_CODE = ord(" ")
_HUMAN_CODE = ord("X")
_COMPUTER_CODE = ord("O")


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


def fast_search(
    configs: Configurations, table: HashDictionary, stats: SearchStats, *, capacity: int | None = None
) -> tuple[int, int]:
    """The reference search for the computer on ``configs``, storing boards in ``table``.

    With a ``capacity``, :class:`~hashdict.TableFullError` once the search
    would store more boards than that.

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
    levels = _levels(game, table, tally, capacity)
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
    :func:`~configurations.bitboard.bit_geometry`).  ``human_bits`` / ``computer_bits``: the tiles on
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
        self.place, self.threats_of = bit_geometry(configs.board_size, configs.length_to_win)
        self.human_bits = tile_bits(self.place, self.cells, _HUMAN_CODE)
        self.computer_bits = tile_bits(self.place, self.cells, _COMPUTER_CODE)
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


def _levels(game: _Game, table: HashDictionary, tally: _Tally, capacity: int | None) -> list[Search]:
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
        path = table.fast_path(len(game.cells), capacity)
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
