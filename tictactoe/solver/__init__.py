"""Searches that decide k-in-a-row positions; they know the board and the dictionary, never a player or a screen.

* :func:`solve` (:mod:`.solve`): who wins a :class:`Position` (:mod:`.position`)
  with perfect play under freestyle or standard, and a move that gets it -- the engine behind
  ``python -m tictactoe.solver`` (docs/solver.md).  Its parts: the board's
  shape (:mod:`.geometry`), the board it plays on (:mod:`.search_board`),
  proofs that a player can no longer win (:mod:`.blocking`), its
  table's records (:mod:`.records`) held to a memory budget
  (:mod:`.memory`), the one clock of the searches (:mod:`.clock`) and the
  stack room a deep search needs (:mod:`.depth`).  Around it: certificates
  of its values (:mod:`.certificate`), and solves split into jobs
  (:mod:`.jobs`, a package of its own) (docs/proofs.md).
* :func:`sound_play` (:mod:`.sound_search`): the reference search
  (docs/dictionary.md) with its table made sound, for the ``sound`` player.
* :class:`StrongSearch` (:mod:`.strong_search`): the best move within a
  time budget on any board, for the ``strong`` player, and a position's
  best lines, each searched to one depth (:mod:`.analysis`).  Its parts: the
  rules and threat guards at its root (:mod:`.strong_root`), the tree
  below it (:mod:`.strong_tree`), the move orders it may try moves in by
  name (:mod:`.move_orders`), the clock of a move, which the brain's
  budget shares (:mod:`.timing`), wins by
  continuous threats (:mod:`.threats`; below the root,
  :mod:`.tree_threats`), the evaluation at its horizon
  (:mod:`.evaluation`, or on large boards the patterns on the lines,
  :mod:`.patterns`), a table bounded in size (:mod:`.table`), and under
  standard, renju and caro the board that counts the variant's wins and
  renju's forbidden points (:mod:`.variant_board`).

>>> solve(Position.from_rows(["X..", "...", "..."], length=3)).value
<Winner.DRAW: 'draw'>
"""

from tictactoe.solver.position import Position, PositionError
from tictactoe.solver.solve import Solution, solve
from tictactoe.solver.sound_search import sound_play
from tictactoe.solver.strong_search import Decision, StrongSearch

__all__ = ["Decision", "Position", "PositionError", "Solution", "StrongSearch", "solve", "sound_play"]
