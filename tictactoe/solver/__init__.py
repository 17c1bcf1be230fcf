"""Searches that decide k-in-a-row positions; they know the board and the dictionary, never a player or a screen.

* :func:`solve` (:mod:`.search`): who wins a :class:`Position` with perfect
  play, and a move that gets it -- the engine behind
  ``python -m tictactoe.solver`` (SPEC §8).  Its parts: the board's shape
  (:mod:`.geometry`), the board it plays on (:mod:`.board`), proofs that a
  player can no longer win (:mod:`.blocking`) and its table's records
  (:mod:`.records`).
* :func:`sound_play` (:mod:`.sound`): the reference search of SPEC §3 with
  its table made sound, for the ``sound`` player.
* :class:`StrongSearch` (:mod:`.strong`): the best move within a time
  budget on any board, for the ``strong`` player.  Its parts: wins by
  continuous threats (:mod:`.threats`), the evaluation at its horizon
  (:mod:`.evaluation`) and a table bounded in size (:mod:`.table`).

>>> solve(Position.from_rows(["X..", "...", "..."], length=3)).value
'draw'
"""

from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.solve import Solution, solve
from tictactoe.solver.sound_search import sound_play
from tictactoe.solver.strong_search import Choice, StrongSearch

__all__ = ["Choice", "Position", "PositionError", "Solution", "StrongSearch", "solve", "sound_play"]
