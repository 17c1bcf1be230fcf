"""Proofs that a player can no longer complete a line, read off the board without searching.

Both treat the player as a *maker* trying to fill any one of its live
windows and the opponent as a *breaker* who only blocks: whatever the
breaker can stop, it can stop in the real game too, by playing the
breaker's moves and nothing else.

* **Erdős-Selfridge.**  If the live windows, each weighed ``2 ** -e`` for
  its ``e`` empty squares, weigh less than 1/2 with the maker to move
  (less than 1 with the breaker to move), the breaker can stop them all:
  it keeps taking the square that lowers that weight most.
* **Pairing.**  If each live window can be given two of its own empty
  squares, no square given to two windows, the breaker stops them all by
  answering each of the maker's squares with its partner.  With the
  breaker to move, it may first take one square, then pair the rest.
"""

from __future__ import annotations

__all__ = ["breaker_wins_by_pairing", "breaker_wins_by_potential"]


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
    >>> breaker_wins_by_pairing([0b0011, 0b0110, 0b1100], breaker_to_move=False)  # four squares, three windows
    False
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
    """Whether each window can be given two of its squares, no square given twice.

    A bipartite matching of two slots per window onto squares, grown by
    augmenting paths (Kuhn's algorithm), after the quick count that there
    are squares enough.
    """
    union = 0
    for window in windows:
        if not window & (window - 1):
            return False  # fewer than two empty squares
        union |= window
    if 2 * len(windows) > union.bit_count():
        return False
    slots = [window for window in windows for _ in range(2)]
    holder: list[int] = [-1] * union.bit_length()  # the slot each square is given to

    def give(slot: int, tried: list[int]) -> bool:
        """Give ``slot`` a square, moving other slots to other squares if need be; ``tried[0]`` marks squares tried."""
        free = slots[slot] & ~tried[0]
        while free:
            bit = free & -free
            free ^= bit
            tried[0] |= bit
            square = bit.bit_length() - 1
            if holder[square] < 0 or give(holder[square], tried):
                holder[square] = slot
                return True
        return False

    return all(give(slot, [0]) for slot in range(len(slots)))
