"""Room on the interpreter's stack for a search as deep as the board: one ply a square, a few frames a ply.

The solver's searches recurse once a move: :meth:`Solver._search
<tictactoe.solver.solve.Solver>` calls ``_best_of``, which calls it back
for each move, and the certificate's walk and the search of wins by threats
go the same way.  A search can go as deep as the board has empty squares,
and a 26x26 board has 676: three frames a ply is more than Python's default
limit of 1,000 frames, which a 25x25 board just fits.  Before a search,
:func:`make_room` raises the limit to what the board needs -- never lowers
it, for another thread may be searching deeper at the same time (the window
reviews a game in a thread of its own).  No frame of these searches holds
more than a few locals, and since Python 3.11 a call between Python
functions takes no C stack, so the higher limit costs nothing until it is
used.

>>> import sys
>>> make_room(26 * 26) >= 3 * 26 * 26 and sys.getrecursionlimit() >= 3 * 26 * 26
True
"""

from __future__ import annotations

import sys
import threading

__all__ = ["FRAMES_PER_PLY", "make_room"]

#: The most frames one ply of any of the solver's searches takes: the search, its loop over the moves, and the
#: certificate's walk's three (a prover's move, the replies, the other's turn).
FRAMES_PER_PLY = 3
# Frames below the search (its caller: a program, the test runner, the window's thread) and above its deepest ply
# (the table, the pairing search, whose depth is bounded by its budget of steps).
_FRAMES_BESIDE = 1_000
_LOCK = threading.Lock()


def make_room(squares: int) -> int:
    """Raise the interpreter's recursion limit, if it is lower, to what a search of ``squares`` plies needs; the
    limit now."""
    needed = squares * FRAMES_PER_PLY + _FRAMES_BESIDE
    with _LOCK:
        if sys.getrecursionlimit() < needed:
            sys.setrecursionlimit(needed)
        return sys.getrecursionlimit()
