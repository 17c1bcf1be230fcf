"""Proofs that a player can no longer complete a line, read off the board without searching.

Both treat the player as a *maker* trying to fill any one of its live
windows and the opponent as a *breaker* who only blocks: whatever the
breaker can stop, it can stop in the real game too, by playing the
breaker's moves and nothing else.

* **Erdős-Selfridge.**  If the live windows, each weighed ``2 ** -e`` for
  its ``e`` empty squares, weigh less than 1/2 with the maker to move
  (less than 1 with the breaker to move), the breaker can stop them all:
  it keeps taking the square that lowers that weight most.
* **Pairing.**  If disjoint pairs of empty squares can be chosen so that
  every live window holds both squares of some pair, the breaker stops
  them all by answering each of the maker's squares with its partner.  A
  pair serves every window of its line that holds it: two neighbours in a
  row of seven are in four of the row's windows of five.  With the breaker
  to move, it may first take one square, then pair the windows left.

A search asks for pairings of positions that differ by a tile or two, so
:func:`find_pairing` takes a *hint*, the pairing of a position met just
before: the pairs still empty are kept, and only the windows they no
longer cover are paired afresh (letting go the kept pairs in their way
where those windows cannot be paired around them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tictactoe.solver.geometry import squares_of

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Pairing", "breaker_wins_by_pairing", "breaker_wins_by_potential", "find_pairing"]

# How many windows a pairing search may try before it gives up (a failure
# proves nothing, so the search stays cheap next to the search it prunes).
_PAIRING_STEPS = 50
# The same for mending a hint: a hint that needs more is no hint.
_REPAIR_STEPS = 30
# How many times a hint's pairs in the way are let go before the hint is given up (see _mend).
_MEND_ROUNDS = 3


def breaker_wins_by_potential(potential: int, length: int, *, maker_to_move: bool) -> bool:
    """Erdős-Selfridge, for live windows of ``potential = sum(2 ** tiles)`` among windows of ``length`` squares.

    A window holding ``t`` of the maker's tiles has ``length - t`` empty
    squares, so the windows' weight is ``potential / 2 ** length``.

    >>> breaker_wins_by_potential(12, 5, maker_to_move=True)  # 5x5, five in a row, empty: 12 windows
    True
    >>> breaker_wins_by_potential(16, 4, maker_to_move=True), breaker_wins_by_potential(15, 4, maker_to_move=False)
    (False, True)
    """
    return potential < 1 << (length - 1 if maker_to_move else length)


@dataclass(frozen=True, slots=True)
class Pairing:
    """How the breaker stops every live window: ``taken``, the square it takes first (-1 when it does not move
    first), then each of ``pairs``, two empty squares, answering the maker's tile on either with the other."""

    taken: int
    pairs: tuple[tuple[int, int], ...]


def breaker_wins_by_pairing(
    windows: Sequence[int], *, breaker_to_move: bool, holding: Sequence[int] | None = None
) -> bool:
    """Whether the breaker can pair off the maker's live ``windows``, each a mask of its empty squares
    (:func:`find_pairing` says how).

    >>> breaker_wins_by_pairing([0b0011, 0b1100], breaker_to_move=False)
    True
    >>> breaker_wins_by_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=False)  # the middle needs 1 or 2 again
    False
    >>> breaker_wins_by_pairing([0b00111, 0b01110, 0b11100], breaker_to_move=False)  # pairs {1, 2} and {3, 4}
    True
    >>> breaker_wins_by_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=True)  # take square 1, pair 2 and 3
    True
    """
    return find_pairing(windows, breaker_to_move=breaker_to_move, holding=holding) is not None


def find_pairing(
    windows: Sequence[int],
    *,
    breaker_to_move: bool,
    holding: Sequence[int] | None = None,
    hint: Pairing | None = None,
    afresh: bool = True,
) -> Pairing | None:
    """A :class:`Pairing` of the maker's live ``windows``, each a mask of its empty squares; None when none
    was found.

    A window of 0 is left out (a dead window, so that the list can keep
    every window of the board at its own index).  ``holding[square]`` is
    the mask of the indices of the windows through ``square``, as
    :attr:`~tictactoe.solver.geometry.Geometry.windows_holding` gives them
    for a whole board; without it, it is worked out from ``windows``.
    With the breaker to move it first takes a square -- the last empty
    square of a window if there is one, else the hint's, else the square on
    most windows -- and pairs off the windows that square does not kill.
    A ``hint`` (see the module's docstring) is mended first; the search
    starts afresh only when that fails, and only if ``afresh``.

    >>> find_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=True)
    Pairing(taken=1, pairs=((2, 3),))
    >>> find_pairing([0b0011, 0b1100], breaker_to_move=False, hint=Pairing(-1, ((0, 1), (4, 5))))
    Pairing(taken=-1, pairs=((0, 1), (2, 3)))
    """
    if holding is None:
        holding = _holding(windows)
    live = [index for index, window in enumerate(windows) if window]
    empty = forced = 0
    for index in live:
        window = windows[index]
        empty |= window
        if not window & (window - 1):
            forced = window  # the maker's last square in this window: the breaker must take it now or never
    if forced and not breaker_to_move:
        return None
    if not live:  # nothing to pair (under standard a full window is no live one): the breaker need not move first
        return Pairing(-1, ())
    if hint is not None:
        taken = forced or (1 << hint.taken if breaker_to_move and hint.taken >= 0 and empty >> hint.taken & 1 else 0)
        if taken or not breaker_to_move:
            mended = _mend(windows, holding, live, hint, taken=taken, empty=empty)
            if mended is not None:
                return mended
    if not afresh:
        return None
    taken = forced
    if breaker_to_move and not taken:
        live_mask = 0
        for index in live:
            live_mask |= 1 << index
        busiest = max(squares_of(empty), key=lambda square: (holding[square] & live_mask).bit_count(), default=0)
        taken = 1 << busiest
    pairs = _find_pairs(windows, holding, [index for index in live if not windows[index] & taken], 0, _PAIRING_STEPS)
    return None if pairs is None else Pairing(taken.bit_length() - 1, pairs)


def _mend(
    windows: Sequence[int], holding: Sequence[int], live: list[int], hint: Pairing, *, taken: int, empty: int
) -> Pairing | None:
    """The pairing ``hint`` mended for these windows, the breaker first taking ``taken`` (a set of at most one
    square): its pairs of empty squares kept, the windows they leave open paired afresh, within a few steps.

    Where the open windows cannot be paired around the kept pairs, the
    kept pairs in their way are let go and the search tried again: first
    those on the open windows' squares, then those on any window through
    one of them.  A pairing differs from its neighbour's near the tiles
    that differ, so this finds far more than pairing the whole board
    afresh does (on 7x7 with five in a row, half the positions searched).
    """
    kept = []
    for first, second in hint.pairs:
        bits = 1 << first | 1 << second
        if bits & empty == bits and not bits & taken:
            kept.append((first, second))
    for widening in range(_MEND_ROUNDS):
        covered, used = 0, taken
        for first, second in kept:
            covered |= holding[first] & holding[second]
            used |= 1 << first | 1 << second
        still_open = [index for index in live if not covered >> index & 1 and not windows[index] & taken]
        pairs = _find_pairs(windows, holding, still_open, used, _REPAIR_STEPS)
        if pairs is not None:
            return Pairing(taken.bit_length() - 1, (*kept, *pairs))
        if not kept or widening == _MEND_ROUNDS - 1:
            return None
        in_the_way = 0
        for index in still_open:
            in_the_way |= windows[index]
        if widening:  # the second time, the squares of every window through those too
            through = 0
            for square in squares_of(in_the_way):
                through |= holding[square]
            for index in live:
                if through >> index & 1:
                    in_the_way |= windows[index]
        kept = [(first, second) for first, second in kept if not (1 << first | 1 << second) & in_the_way]
    return None


def _find_pairs(
    windows: Sequence[int], holding: Sequence[int], live: list[int], used: int, budget: int
) -> tuple[tuple[int, int], ...] | None:
    """Disjoint pairs of squares outside ``used`` such that each window of ``live`` (indices into ``windows``)
    holds one of them, or None when none were found within ``budget`` steps.

    One pair may serve many windows: the windows of a line that all hold
    its two squares.  A depth-first search takes the uncovered window with
    the fewest free squares and tries each pair of them, the pair in most
    uncovered windows first (of those, the one that takes a free square from
    fewest others), giving up after a bounded number of steps.  A window
    with two free squares left has one pair, taken at once without looking
    further: no window has fewer but one already lost, which a later step
    finds.  Sets of windows are bit masks over their indices, so that
    counting a pair's windows is one ``&`` and a ``bit_count``, and the
    windows still open are one mask handed down rather than a list copied at
    each step (this search is most of the solver's time: docs/solver.md).
    """
    steps = [budget]
    chosen: list[tuple[int, int]] = []

    def cover(uncovered: int, used: int) -> bool:
        """Whether the windows of the mask ``uncovered`` can be covered by pairs of squares outside ``used``; the
        pairs that do it are left in ``chosen``."""
        if not uncovered:
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return False
        fewest, fewest_count = _fewest_free(windows, uncovered, ~used)
        if fewest_count < 2:
            return False
        if fewest_count == 2:  # one pair: nothing to weigh
            first = fewest & -fewest
            both = holding[first.bit_length() - 1] & holding[(fewest ^ first).bit_length() - 1] & uncovered
            chosen.append((first.bit_length() - 1, (fewest ^ first).bit_length() - 1))
            if cover(uncovered & ~both, used | fewest):
                return True
            chosen.pop()
            return False
        for _, _, _, first_square, second_square, both in _ranked_pairs(squares_of(fewest), holding, uncovered):
            chosen.append((first_square, second_square))
            if cover(uncovered & ~both, used | 1 << first_square | 1 << second_square):
                return True
            chosen.pop()
        return False

    return tuple(chosen) if cover(sum(1 << index for index in live), used) else None


def _fewest_free(windows: Sequence[int], uncovered: int, unused: int) -> tuple[int, int]:
    """The free squares (within ``unused``) of the window of the mask ``uncovered`` that has fewest, and how many:
    the first found with fewer than two, or with two, ends the look (nothing has fewer that can still be covered)."""
    fewest, fewest_count, rest = 0, 1 << 30, uncovered
    while rest:
        low = rest & -rest
        rest ^= low
        window = windows[low.bit_length() - 1] & unused
        count = window.bit_count()
        if count < fewest_count:
            fewest, fewest_count = window, count
            if count <= 2:
                break
    return fewest, fewest_count


def _ranked_pairs(free: list[int], holding: Sequence[int], uncovered: int) -> list[tuple[int, int, int, int, int, int]]:
    """Each pair of the squares ``free`` with what makes it promising, the most promising first: the uncovered
    windows it covers, then (negated) those it only takes a square from, then its place among the pairs; then
    its two squares and the mask of the uncovered windows holding both."""
    pairs: list[tuple[int, int, int, int, int, int]] = []
    for place, first_square in enumerate(free):
        first_windows = holding[first_square] & uncovered
        for second_square in free[place + 1 :]:
            second_windows = holding[second_square] & uncovered
            both = first_windows & second_windows
            promise = -((first_windows | second_windows) ^ both).bit_count()
            pairs.append((both.bit_count(), promise, -len(pairs), first_square, second_square, both))
    pairs.sort(reverse=True)
    return pairs


def _holding(windows: Sequence[int]) -> list[int]:
    """For each square, the mask of the indices of the windows that hold it."""
    holding = [0] * max((window.bit_length() for window in windows), default=0)
    for index, window in enumerate(windows):
        for square in squares_of(window):
            holding[square] |= 1 << index
    return holding
