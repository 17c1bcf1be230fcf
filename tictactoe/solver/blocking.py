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
"""

from __future__ import annotations

__all__ = ["breaker_wins_by_pairing", "breaker_wins_by_potential"]

# How many windows a pairing search may try before it gives up (a failure
# proves nothing, so the search stays cheap next to the search it prunes).
_PAIRING_STEPS = 200


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


def breaker_wins_by_pairing(windows: list[int], *, breaker_to_move: bool) -> bool:
    """Whether the breaker can pair off the maker's live ``windows``, each a mask of its empty squares.

    With the breaker to move it first takes a square -- the last empty
    square of a window if there is one, else the square on most windows --
    and pairs off the windows that square does not kill.

    >>> breaker_wins_by_pairing([0b0011, 0b1100], breaker_to_move=False)
    True
    >>> breaker_wins_by_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=False)  # the middle needs 1 or 2 again
    False
    >>> breaker_wins_by_pairing([0b00111, 0b01110, 0b11100], breaker_to_move=False)  # pairs {1, 2} and {3, 4}
    True
    >>> breaker_wins_by_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=True)  # take square 1, pair 2 and 3
    True
    """
    if not breaker_to_move:
        return _pairs_exist(windows)
    union = 0
    for window in windows:
        if not window & (window - 1):
            return _pairs_exist([other for other in windows if not other & window])
        union |= window
    busiest, most = 0, -1
    while union:
        bit = union & -union
        union ^= bit
        on = sum(1 for window in windows if window & bit)
        if on > most:
            busiest, most = bit, on
    return _pairs_exist([window for window in windows if not window & busiest])


def _pairs_exist(windows: list[int]) -> bool:
    """Whether disjoint pairs of squares can be chosen so that every window holds one of them.

    One pair may serve many windows: the windows of a line that all hold
    its two squares.  A depth-first search picks, for the window with the
    fewest free squares, each pair of them in turn (the pair in most
    windows first), and gives up after a bounded number of steps.
    """
    steps = [_PAIRING_STEPS]

    def cover(uncovered: list[int], used: int) -> bool:
        if not uncovered:
            return True
        steps[0] -= 1
        if steps[0] < 0:
            return False
        window = min(uncovered, key=lambda w: (w & ~used).bit_count())
        free = _squares(window & ~used)
        pairs = [free[i] | free[j] for i in range(len(free)) for j in range(i + 1, len(free))]
        pairs.sort(key=lambda pair: -sum(1 for w in uncovered if w & pair == pair))
        return any(cover([w for w in uncovered if w & pair != pair], used | pair) for pair in pairs)

    return cover(windows, 0)


def _squares(mask: int) -> list[int]:
    """The bits of ``mask``, one mask each."""
    bits = []
    while mask:
        bit = mask & -mask
        bits.append(bit)
        mask ^= bit
    return bits
