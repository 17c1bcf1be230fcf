"""The board the solver plays on, with what its search asks kept up to date move by move.

Players are numbered ``CROSS = 0`` (``X``) and ``NOUGHT = 1`` (``O``).  A player's tiles are a bit
mask of squares (see :mod:`tictactoe.solver.geometry`), and from them the
board keeps, for each player:

* its *threats*: the empty squares that would complete one of its windows;
* the *potential* of its *live windows* (those holding none of the
  opponent's tiles: the only ones it can still complete),
  ``sum(2 ** tiles_in_window)``, which the Erdős-Selfridge test reads (0
  when it has no live window left);
* its *near* windows: those holding ``length - 2`` of its tiles and none
  of the opponent's, one tile short of a threat (as a set of window
  indices), from which :meth:`SearchBoard.fours` and
  :meth:`SearchBoard.double_threats` read the squares of its forcing
  moves;
* the *value* of its live windows, ``sum(VALUE_BASE ** (tiles - 1))``
  over those holding at least one of its tiles: what the strong player's
  evaluation reads (:mod:`tictactoe.solver.evaluation`);

and for both players together:

* each square's *line weight*, ``sum(3 ** tiles)`` over the live windows
  through it (a window empty of tiles counts 1, a window holding both
  players' tiles 0): the move order.  Every window through a move changes
  its weight, so the weights are kept in one integer with a field per
  square, and a window's change is added to all its squares at once (with
  a mask of the fields of the empty squares beside it, so that the weights
  of the moves are read in one step);
* the board under each of the board's symmetries (eight for a square, four
  for a rectangle), as integers, whose least is the key a position is
  stored under.

:meth:`SearchBoard.play` updates all of it from the windows through the
square played (the line weights and the keys when first read: a search
scores most positions without asking for either), and
:meth:`SearchBoard.undo` restores the previous state.
"""

from __future__ import annotations

import functools
import sys
from operator import add
from typing import TYPE_CHECKING, Final

from configurations import Side
from tictactoe.solver.geometry import squares_of

if TYPE_CHECKING:
    from typing import Literal

    from tictactoe.solver.geometry import Geometry
    from tictactoe.solver.position import Position

__all__ = ["CROSS", "NOUGHT", "SIDES", "VALUE_BASE", "SearchBoard"]

CROSS = 0
NOUGHT = 1
#: The side each player number plays: ``SIDES[CROSS]`` is ``X``.
SIDES: Final = (Side.X, Side.O)
# A window's line weight grows threefold with each tile, so that one window
# a tile from completion outweighs the windows of fewer tiles around it.
_WEIGHT_BASE = 3
#: A live window's value grows by this factor with each tile: one window a
#: tile nearer completion is worth more than several of fewer tiles, as a
#: player would judge them.
VALUE_BASE = 8


class SearchBoard:
    """A position being searched: the tiles, the player to move, and what the search asks of them.

    Attributes (read them, never assign them): ``mover`` (``CROSS`` or ``NOUGHT``),
    ``tiles``, ``threats``, ``near``, ``potential`` and ``values`` (each a pair indexed
    by player, as the module's docstring describes them), ``empties`` (the
    number of empty squares), ``rules`` (the game's), ``rows``, ``cols``, ``length`` (to win), ``squares``,
    ``shape`` (the board's :class:`~tictactoe.solver.geometry.Geometry`) and
    ``symmetries`` (how many of the shape's symmetries its keys use).

    >>> from tictactoe.solver.position import Position
    >>> board = SearchBoard(Position.from_rows(["X..", ".O.", "..X"], length=3))
    >>> board.mover, board.threats, board.potential  # X: 4 live windows of one tile; O: 3 of one
    (1, (0, 0), (8, 6))
    >>> board.play(2)  # O at c1
    >>> board.threats[NOUGHT] == 1 << 6  # a3 would complete c1-b2-a3
    True
    >>> board.undo(); board.threats
    (0, 0)
    """

    __slots__ = (
        "_centre_order",
        "_full",
        "_history",
        "_key_bytes",
        "_key_steps",
        "_keys",
        "_masks",
        "_open",
        "_open_fields",
        "_pending",
        "_powers",
        "_score_bytes",
        "_score_format",
        "_scores",
        "_spreads",
        "_values",
        "_windows_through",
        "cols",
        "empties",
        "length",
        "mover",
        "near",
        "potential",
        "rows",
        "rules",
        "shape",
        "squares",
        "symmetries",
        "threats",
        "tiles",
        "values",
    )

    def __init__(self, position: Position, *, symmetries: int | None = None) -> None:
        shape = position.shape
        # The symmetries a key is the least image under: all the board's, or the first few (those that keep a
        # restricted solve's region: :class:`~tictactoe.solver.geometry.Region`).
        kept = shape.symmetries[:symmetries]
        self.symmetries = len(kept)
        self.shape = shape
        self.rules = position.rules
        self.rows = shape.rows
        self.cols = shape.cols
        self.length = shape.length
        self.squares = shape.squares
        self._masks = shape.windows
        self._windows_through = shape.windows_through
        self._centre_order = shape.centre_order
        self._full = (1 << shape.squares) - 1
        layout = _layout(shape, len(kept))
        self._powers, self._values = layout.powers, layout.values
        self._score_format, self._score_bytes = layout.score_format, layout.score_bytes
        self._spreads, self._open_fields = layout.spreads, layout.open_fields
        self._key_steps, self._key_bytes = layout.key_steps, layout.key_bytes
        self._history: list[tuple[object, ...]] = []
        # The last move played, while its change to the line weights and the keys is not yet worked out; else -1.
        self._pending = -1
        self.tiles = (position.x_tiles, position.o_tiles)
        self.mover = CROSS if self.tiles[CROSS].bit_count() == self.tiles[NOUGHT].bit_count() else NOUGHT
        taken = position.x_tiles | position.o_tiles
        self.empties = shape.squares - taken.bit_count()
        keys = [0] * len(kept)
        for player in (CROSS, NOUGHT):
            for square in squares_of(self.tiles[player]):
                keys = list(map(add, keys, self._key_steps[player][square]))
        self._keys = tuple(keys)
        # The fields of the empty squares: the rest read 0 in ordered_moves.
        self._open = layout.all_open
        for square in squares_of(taken):
            self._open ^= self._open_fields[square]
        self._count_windows()

    def _count_windows(self) -> None:
        """Work out threats, potentials and line weights from the tiles alone."""
        threats, near, potential, values = [0, 0], [0, 0], [0, 0], [0, 0]
        scores = 0
        for index, (mask, spread) in enumerate(zip(self._masks, self._spreads, strict=True)):
            held = [(mask & tiles).bit_count() for tiles in self.tiles]
            for player in (CROSS, NOUGHT):
                if held[1 - player]:
                    continue
                potential[player] += 1 << held[player]
                values[player] += self._values[held[player]]
                if held[player] == self.length - 1:
                    threats[player] |= mask & ~self.tiles[player]
                elif held[player] == self.length - 2:
                    near[player] |= 1 << index
                if held[player] or player == CROSS:  # an empty window weighs 1, not once for each player
                    scores += self._powers[held[player]] * spread
        self.threats = (threats[CROSS], threats[NOUGHT])
        self.near = (near[CROSS], near[NOUGHT])
        self.potential = (potential[CROSS], potential[NOUGHT])
        self.values = (values[CROSS], values[NOUGHT])
        self._scores = scores

    def play(self, square: int) -> None:
        """Put the mover's tile on the empty ``square`` and pass the turn.

        ``square`` must not complete a line (the search stops at a threat instead of playing it).  Runtime
        complexity: O(windows through the square), each costing a few operations on integers of a few hundred bits.
        The line weights and the keys (what :meth:`ordered_moves` and :meth:`key` read) follow only when first asked
        for, or at the next move: most positions a search reaches are scored where it stops, and never ask (on 15x15
        they are half the cost of a move).
        """
        self._catch_up()
        # The board's fields are read into locals once and written back at the end: the loop below runs for every
        # node of the search, and locals are several times quicker than attributes there.
        mover, other = self.mover, 1 - self.mover
        self._history.append(
            (self.tiles, self.threats, self.near, self.potential, self.values, self._scores, self._keys, self._open)
        )
        bit, masks, values = 1 << square, self._masks, self._values
        mine, theirs = self.tiles[mover], self.tiles[other]
        my_threats, their_threats = self.threats[mover], self.threats[other] & ~bit
        my_near, their_near = self.near[mover], self.near[other]
        my_potential, their_potential = self.potential[mover], self.potential[other]
        my_value, their_value = self.values[mover], self.values[other]
        two_short = self.length - 2  # a window holding this many of the mover's tiles becomes a threat
        for window in self._windows_through[square]:
            mask = masks[window]
            if mask & theirs:
                if mask & mine:
                    continue  # dead already
                # The opponent's window dies.
                count = (mask & theirs).bit_count()
                their_potential -= 1 << count
                their_value -= values[count]
                if count == two_short:
                    their_near &= ~(1 << window)
                continue
            count = (mask & mine).bit_count()
            my_potential += 1 << count
            my_value += values[count + 1] - values[count]
            if not count:  # an empty window: the opponent loses it
                their_potential -= 1
                if not two_short:  # with two in a row to win, an empty window is one tile short of a threat
                    their_near &= ~(1 << window)
            if count == two_short:
                my_threats |= mask & ~(mine | bit)
                my_near &= ~(1 << window)
            elif count + 1 == two_short:
                my_near |= 1 << window
        # Each pair is indexed by player, written out for each mover: building them by zip cost a tenth of a move.
        if mover == CROSS:
            self.tiles, self.threats = (mine | bit, theirs), (my_threats, their_threats)
            self.near, self.potential = (my_near, their_near), (my_potential, their_potential)
            self.values = (my_value, their_value)
        else:
            self.tiles, self.threats = (theirs, mine | bit), (their_threats, my_threats)
            self.near, self.potential = (their_near, my_near), (their_potential, my_potential)
            self.values = (their_value, my_value)
        self._pending = square
        self._open ^= self._open_fields[square]
        self.mover = other
        self.empties -= 1

    def _catch_up(self) -> None:
        """Work out the line weights and the keys of the last :meth:`play`, if they are not yet."""
        square = self._pending
        if square < 0:
            return
        self._pending = -1
        player = 1 - self.mover
        mine, theirs = self.tiles[player] & ~(1 << square), self.tiles[1 - player]
        scores, masks, spreads, powers = self._scores, self._masks, self._spreads, self._powers
        for window in self._windows_through[square]:
            mask = masks[window]
            if mask & theirs:
                if not mask & mine:  # the opponent's window dies
                    scores -= powers[(mask & theirs).bit_count()] * spreads[window]
                continue
            count = (mask & mine).bit_count()
            scores += (powers[count + 1] - powers[count]) * spreads[window]
        self._scores = scores
        self._keys = tuple(map(add, self._keys, self._key_steps[player][square]))

    def undo(self) -> None:
        """Take back the last :meth:`play`."""
        (self.tiles, self.threats, self.near, self.potential, self.values, self._scores, self._keys, self._open) = (
            self._history.pop()  # type: ignore[assignment]
        )
        self.mover = 1 - self.mover
        self.empties += 1
        self._pending = -1  # what it held is the state before the move, as the history was saved

    def key(self) -> tuple[str, int]:
        """The position's table key and the symmetry that gives it.

        The key is the least of the board's images (each as an
        integer with two bits per square), written as a string of bytes:
        the same for every position a symmetry maps onto this one.  The
        symmetry is an index into ``geometry(...).symmetries``.
        """
        self._catch_up()
        keys = self._keys
        least = min(keys)
        return least.to_bytes(self._key_bytes, "little").decode("latin-1"), keys.index(least)

    def ordered_moves(self) -> list[int]:
        """The empty squares on some live window, heaviest line weight first (ties: nearer the centre).

        An empty square on no live window can help neither player; the
        search leaves such squares out.
        """
        # A taken square reads 0, as does an empty square on no live window; a stable sort keeps the centre's order
        # among equal weights, and puts the squares of weight 0 last.
        self._catch_up()
        fields = self._scores & self._open
        weights = memoryview(fields.to_bytes(self._score_bytes, sys.byteorder)).cast(self._score_format).tolist()
        moves = sorted(self._centre_order, key=weights.__getitem__, reverse=True)
        del moves[len(weights) - weights.count(0) :]
        return moves

    def stops(self, player: int) -> int:
        """The squares where the other player's stone leaves ``player`` no square that completes a line: its one
        threat, and none against two (on a variant's board a stone beside a line can stop it too, and black may not
        stop one on a forbidden point: :meth:`VariantBoard.stops
        <tictactoe.solver.variant_board.VariantBoard.stops>`)."""
        threats = self.threats[player]
        return 0 if threats & (threats - 1) else threats

    def forbidden(self, square: int) -> bool:
        """Whether black may not play the empty ``square``: never, but on a renju board
        (:class:`~tictactoe.solver.variant_board.VariantBoard`)."""
        return False

    def playable(self, player: int, squares: list[int], limit: int | None = None) -> list[int]:
        """Of ``squares``, in order, those ``player`` may play: all of them, but on a renju board, where black's
        forbidden points are left out (:meth:`VariantBoard.playable
        <tictactoe.solver.variant_board.VariantBoard.playable>`, which ``limit`` is for)."""
        return squares

    def near_pairs(self, player: int) -> list[tuple[int, int]]:
        """The two empty squares of each of ``player``'s near windows, each as a set of one square.

        A tile on either square of a pair makes the other a threat.
        """
        return [(first := both & -both, both ^ first) for both in self._near_empties(player)]

    def fours(self, player: int) -> int:
        """The empty squares where ``player``'s tile would make a threat, as a set of squares."""
        squares = 0
        for both in self._near_empties(player):
            squares |= both
        return squares

    def double_threats(self, player: int) -> int:
        """The empty squares where ``player``'s tile would make two threats at once, as a set of squares.

        A square is double when its near windows leave at least two
        different squares to threaten (see :meth:`near_pairs`).  (An open
        three of five in a row has two such squares: either end that makes
        it an open four.)
        """
        near = self.near[player]
        if not near & (near - 1):
            return 0  # one near window: each of its two squares threatens the other alone
        doubles = 0
        pairs = self._near_empties(player)
        for index, pair in enumerate(pairs):
            # A square in two different pairs threatens two squares.  Two windows of one line can leave the same
            # pair (XX..XX), and threaten one square between them.
            for earlier in pairs[:index]:
                if earlier & pair and earlier != pair:
                    doubles |= earlier & pair
        return doubles

    def _near_empties(self, player: int) -> list[int]:
        """The two empty squares of each of ``player``'s near windows, as one set for each window."""
        empty = self._full & ~(self.tiles[CROSS] | self.tiles[NOUGHT])
        near, masks = self.near[player], self._masks
        found = []
        while near:
            low = near & -near
            near ^= low
            found.append(masks[low.bit_length() - 1] & empty)
        return found

    def empty_squares(self) -> list[int]:
        """Every empty square, nearest the centre first."""
        empty = self._full & ~(self.tiles[CROSS] | self.tiles[NOUGHT])
        return [square for square in self._centre_order if empty >> square & 1]

    def live_windows(self, player: int) -> list[int]:
        """For every window of the board, in order: its empty squares if ``player`` can still complete it, else 0."""
        theirs = self.tiles[1 - player]
        empty = self._full & ~(self.tiles[CROSS] | self.tiles[NOUGHT])
        return [0 if mask & theirs else mask & empty for mask in self._masks]


class _Layout:
    """What a :class:`SearchBoard` of one shape needs whatever its tiles, worked out once per shape (on 15x15, a
    thirtieth of a second: a sixth of a 0.2 s move, when each board built it).

    ``powers`` and ``values``: a window's line weight and value by its tiles.  ``spreads[window]``: a 1 in the
    field of each of its squares.  ``open_fields[square]``: its field's bits, ``all_open`` every square's.
    ``key_steps[player][square]``: what a tile there adds to the key under each symmetry kept.
    """

    __slots__ = (
        "all_open",
        "key_bytes",
        "key_steps",
        "open_fields",
        "powers",
        "score_bytes",
        "score_format",
        "spreads",
        "values",
    )

    def __init__(self, shape: Geometry, symmetries: int) -> None:
        self.powers = tuple(_WEIGHT_BASE**count for count in range(shape.length + 1))
        self.values = (0, *(VALUE_BASE ** (count - 1) for count in range(1, shape.length + 1)))
        field_bits = _field_bits(max(map(len, shape.windows_through)) * self.powers[-1])
        self.score_format = _FIELD_FORMATS[field_bits]
        self.score_bytes = field_bits // 8 * shape.squares
        self.spreads = tuple(sum(1 << field_bits * square for square in squares_of(window)) for window in shape.windows)
        field = (1 << field_bits) - 1
        self.open_fields = tuple(field << field_bits * square for square in range(shape.squares))
        self.all_open = sum(self.open_fields)
        # Square s of player p sets bit 2 * image + p of the key under each symmetry.
        kept = shape.symmetries[:symmetries]
        self.key_steps = tuple(
            tuple(tuple(1 << 2 * images[square] + player for images in kept) for square in range(shape.squares))
            for player in (CROSS, NOUGHT)
        )
        self.key_bytes = (2 * shape.squares + 7) // 8


@functools.lru_cache(maxsize=16)
def _layout(shape: Geometry, symmetries: int) -> _Layout:
    """The :class:`_Layout` of boards of ``shape`` whose keys use its first ``symmetries`` symmetries."""
    return _Layout(shape, symmetries)


# memoryview formats of unsigned integers of 16, 32 and 64 bits.
_FIELD_FORMATS: dict[int, Literal["H", "I", "Q"]] = {16: "H", 32: "I", 64: "Q"}


def _field_bits(largest: int) -> int:
    """The narrowest of 16, 32 and 64 bits that holds ``largest``."""
    for bits in (16, 32, 64):
        if largest < 1 << bits:
            return bits
    raise ValueError(f"a line weight of {largest} needs more than 64 bits")
