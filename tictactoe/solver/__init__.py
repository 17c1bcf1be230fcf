"""Searches that decide k-in-a-row positions; they know the board and the dictionary, never a player or a screen.

* :func:`solve` (:mod:`.search`): who wins a :class:`Position` with perfect
  play, and a move that gets it -- the engine behind
  ``python -m tictactoe.solver`` (SPEC §8).  Its parts: the board's shape
  (:mod:`.geometry`), the board it plays on (:mod:`.board`), proofs that a
  player can no longer win (:mod:`.blocking`) and its table's records
  (:mod:`.records`).
* :func:`sound_play` (:mod:`.sound`): the reference search of SPEC §3 with
  its table made sound, for the ``sound`` player.

>>> solve(Position.from_rows(["X..", "...", "..."], length=3)).value
'draw'
"""

from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.search import Solution, solve
from tictactoe.solver.sound import sound_play

__all__ = ["Position", "PositionError", "Solution", "solve", "sound_play"]
