"""The reference search (docs/dictionary.md) made sound: stored scores are trusted only where they decide.

The reference search (:func:`configurations.computer_play`) stores every
score it computes as if it were exact, even one that alpha-beta cut short,
and reads it back later as exact.  That is why it can lose at ``3 3 9``
(``a1``, ``c3``, ``c1``, ``c2`` wins for ``X``).  :func:`sound_play`
searches the same way -- the same squares in the same row-major order, the
same depth rule and the same four scores -- but marks each stored score
*exact*, a *lower bound* (the search failed high) or an *upper bound*
(it failed low), as judged by the alpha-beta window of the search that
stored it.  A stored score is used only where it decides: exact, a lower
bound at or above the caller's ``lowest``, an upper bound at or below its
``highest``.  Otherwise the board is searched again within the window
narrowed by the bound, and the new result replaces the record.

Three more differences, none of which changes a score or the square
chosen:

* a level stops trying moves as soon as one reaches the best score the
  player can still reach: a win at most, and where no live window (one
  without the opponent's tiles) can be filled with the tiles the player
  places before the depth limit, a draw if the board fills within the
  limit, else ``UNDECIDED``;
* likewise a board whose least or greatest reachable score already
  settles the caller's window is not searched: that score is the answer;
* a board with a line already on it is refused, since no game goes on
  from it.

Under another variant than freestyle a tile wins where the board's rules
say (:func:`configurations.variants.wins_through`), and under renju the
player who plays black never places a tile on a point forbidden to it
(:func:`configurations.variants.renju_foul`): a rule, not a choice, so
the search's promise holds among the moves the rules allow.

The result is the exact minimax score of the depth-bounded game tree and
the first square in row-major order that reaches it; at full depth the
computer never loses a game it could draw.
"""

from __future__ import annotations

from collections.abc import Callable

from configurations import COMPUTER, COMPUTER_WINS, DRAW, EMPTY, HUMAN, HUMAN_WINS, UNDECIDED, Configurations
from configurations.moves import Move
from configurations.results import PosPlay, SearchStats
from configurations.rules import Variant
from configurations.symbols import Symbol
from configurations.variants import BLACK, renju_foul, wins_through
from hashdict import Data, HashDictionary
from tictactoe.solver.geometry import geometry
from tictactoe.solver.records import Bound, interval, pack, settled

__all__ = ["sound_play"]


_EMPTY_CODE = ord(EMPTY)
_CODES = (ord(HUMAN), ord(COMPUTER))  # a player's tile, by player number: X is 0, O is 1
_SWAP = str.maketrans({HUMAN: COMPUTER, COMPUTER: HUMAN})


def sound_play(configs: Configurations, *, stats: SearchStats | None = None, black: Symbol = BLACK) -> PosPlay:
    """The computer's (``"O"``'s) best play on ``configs``, searched ``configs.max_levels`` deep.

    Returns ``PosPlay(score, row, col)``: the exact minimax score of the
    depth-bounded game (the reference's four scores, the reference's depth
    rule) and the first square in row-major order that reaches it;
    ``PosPlay(-1, -1, -1)`` when no square is empty.  ``ValueError`` when a
    player already has a line.  The board is left as it was found.
    ``stats.nodes`` grows by the tiles the search placed, as
    :func:`~configurations.computer_play` counts them.  The game is played
    by ``configs.rules``, where ``black`` plays black (``O`` on a board
    :func:`~configurations.board.as_computer` swapped).

    >>> configs = Configurations.from_rows(["X  ", "   ", "   "], length_to_win=3, max_levels=9)
    >>> sound_play(configs)
    PosPlay(score=2, row=1, col=1)
    """
    if configs.wins(HUMAN) or configs.wins(COMPUTER):
        raise ValueError("a player already has a line: the game is over")
    search = _SoundSearch(configs, configs.create_dictionary(), stats if stats is not None else SearchStats(), black)
    score, square = search.search(1, HUMAN_WINS, COMPUTER_WINS, 0)
    if square < 0:
        return PosPlay(-1, -1, -1)
    return PosPlay(score, *divmod(square, configs.board_size))


class _SoundSearch:
    """One search: the board as bytes and as each player's tile bits, the table, the counters.

    ``table`` holds the boards searched so far, each with its score and
    bound kind (:func:`~tictactoe.solver.records.pack`); :func:`sound_play` starts
    every search with an empty one.
    """

    def __init__(
        self, configs: Configurations, table: HashDictionary, stats: SearchStats, black: Symbol = BLACK
    ) -> None:
        shape = geometry(configs.board_size, configs.board_size, configs.length_to_win)
        self._rules = rules = configs.rules
        self._black = black
        # The win test and the player kept off renju's forbidden points (-1: none), chosen once for the search.
        self._wins: Callable[[int, int], bool] = (
            self._completes if rules.variant is Variant.FREESTYLE else self._wins_under_variant
        )
        self._restricted = _CODES.index(ord(black)) if rules.variant is Variant.RENJU else -1
        self._masks = shape.windows
        self._length = shape.length
        self._windows_through = shape.windows_through
        self._cells = bytearray(configs.configuration(), "ascii")
        self._tiles = [0, 0]
        for square, code in enumerate(self._cells):
            if code != _EMPTY_CODE:
                self._tiles[_CODES.index(code)] |= 1 << square
        self._empties = self._cells.count(_EMPTY_CODE)
        self._max_levels = configs.max_levels
        self._table = table
        self._stats = stats

    def search(
        self, player: int, highest: int, lowest: int, level: int, reachable: tuple[int, int] | None = None
    ) -> tuple[int, int]:
        """The score of the board with ``player`` (``1`` the computer, ``0`` the person) to move, and its square.

        Scores are the computer's.  ``highest`` is the score the computer is
        already sure of and ``lowest`` the score the person is already sure
        of (alpha and beta).  Fail-soft: a score at or below ``highest``
        promises the board is worth at most that, a score at or above
        ``lowest`` that it is worth at least that, and a score between them
        is exact.  The square is the first, in row-major order, whose score
        is the one returned (``-1`` if no square is empty).  ``reachable``
        is :meth:`_reachable`'s answer for this board, if the caller has it.
        """
        computer = player == 1
        value = HUMAN_WINS - 1 if computer else COMPUTER_WINS + 1
        least, greatest = reachable if reachable is not None else self._reachable(player, level)
        enough = greatest if computer else least  # the level stops trying moves once it has this score
        best = -1
        cells, code, tiles = self._cells, _CODES[player], self._tiles
        for square, held in enumerate(cells):
            if held != _EMPTY_CODE or (player == self._restricted and self._forbidden(square)):
                continue
            cells[square] = code
            tiles[player] |= 1 << square
            self._empties -= 1
            self._stats.nodes += 1
            if self._wins(player, square):
                score = COMPUTER_WINS if computer else HUMAN_WINS
            elif not self._empties:
                score = DRAW
            elif level >= self._max_levels:
                score = UNDECIDED
            else:
                score = self._score_below(1 - player, highest, lowest, level + 1)
            cells[square] = _EMPTY_CODE
            tiles[player] ^= 1 << square
            self._empties += 1
            if (computer and score > value) or (not computer and score < value):
                value, best = score, square
                if computer and value > highest:
                    highest = value
                elif not computer and value < lowest:
                    lowest = value
                if highest >= lowest or value == enough:
                    break
        return value, best

    def _reachable(self, player: int, level: int) -> tuple[int, int]:
        """The least and greatest score the board can be worth with ``player`` to place the tile of ``level``.

        A player wins only by filling a live window (none of the opponent's
        tiles in it) with the tiles it still places before the depth limit:
        one every second level up to ``max_levels``, the mover's first.
        Games that neither player wins end in a draw if the board fills
        within the limit, else ``UNDECIDED`` at the limit.
        """
        plies = self._max_levels - level + 1  # tiles still placed, this level's included
        otherwise = DRAW if self._empties <= plies else UNDECIDED
        computer_tiles, person_tiles = (plies + 1) // 2, plies // 2
        if player == 0:
            computer_tiles, person_tiles = person_tiles, computer_tiles
        high = COMPUTER_WINS if self._can_complete(1, computer_tiles) else otherwise
        low = HUMAN_WINS if self._can_complete(0, person_tiles) else otherwise
        return low, high

    def _can_complete(self, player: int, tiles: int) -> bool:
        """Whether ``tiles`` more of ``player``'s tiles could fill one of its live windows."""
        mine, theirs, needed = self._tiles[player], self._tiles[1 - player], self._length - tiles
        return any(not mask & theirs and (mask & mine).bit_count() >= needed for mask in self._masks)

    def _score_below(self, player: int, highest: int, lowest: int, level: int) -> int:
        """The score of the board just made, from the table where its record decides, else searched.

        Same promise as :meth:`search`.  The table holds the board's score
        packed with its bound kind (:mod:`tictactoe.solver.records`); a record that does
        not decide narrows the window of the search that replaces it.
        """
        key = self._cells.decode("ascii")
        record = self._table.get(key)
        low, high = HUMAN_WINS, COMPUTER_WINS
        if record >= 0:
            low, high = interval(record, HUMAN_WINS, COMPUTER_WINS)
            answer = settled(low, high, highest, lowest)
            if answer is not None:
                return answer
        reachable = self._reachable(player, level)
        low, high = max(low, reachable[0]), min(high, reachable[1])
        answer = settled(low, high, highest, lowest)
        if answer is not None:
            return answer
        window_low, window_high = max(highest, low), min(lowest, high)
        score = self.search(player, window_low, window_high, level, reachable)[0]
        failed_high = score >= window_high
        if failed_high:
            low = max(low, score)
        elif score <= window_low:
            high = min(high, score)
        else:
            low = high = score
        if record >= 0:
            self._table.remove(key)
        if low == high:
            self._table.put(Data(key, pack(low, Bound.EXACT)))
        else:
            self._table.put(Data(key, pack(low, Bound.LOWER) if failed_high else pack(high, Bound.UPPER)))
        return low if failed_high or low == high else high

    def _completes(self, player: int, square: int) -> bool:
        """Whether ``player``'s tile on ``square`` completes a line (freestyle's win)."""
        tiles, masks = self._tiles[player], self._masks
        return any(masks[window] & tiles == masks[window] for window in self._windows_through[square])

    def _wins_under_variant(self, player: int, square: int) -> bool:
        """Whether ``player``'s tile on ``square`` wins under the rules' variant."""
        if not self._completes(player, square):
            return False  # every variant's win fills a window
        move = Move(*divmod(square, self._rules.cols))
        return wins_through(self._rules, self._cells.decode("ascii"), move, black=self._black)

    def _forbidden(self, square: int) -> bool:
        """Whether the empty ``square`` is forbidden to black under renju."""
        board, cols = self._cells.decode("ascii"), self._rules.cols
        if self._black != BLACK:  # renju's referee reads black as X
            board = board.translate(_SWAP)
        return renju_foul(board, self._rules.rows, cols, Move(*divmod(square, cols))) is not None
