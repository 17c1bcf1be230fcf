"""The ``MESSAGE`` line the brain sends before its move: what the search found, for the manager to show.

>>> from configurations.moves import Move
>>> from configurations.results import Outcome
>>> from tictactoe.solver.strong_search import Decision
>>> choice_message(Decision(Move(1, 1), 12, None, depth=6, nodes=41234, seconds=0.7912))
'MESSAGE estimate 12, depth 6, 41234 positions, 0.79 s'
>>> choice_message(Decision(Move(1, 1), 0, Outcome.DRAW, depth=9, nodes=2001, seconds=0.01))
'MESSAGE proved: draw, depth 9, 2001 positions, 0.01 s'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tictactoe.solver.strong_search import Decision

__all__ = ["choice_message"]


def choice_message(choice: Decision) -> str:
    """``MESSAGE`` and the value of ``choice`` (proved, or the search's estimate), its depth, positions and
    processor seconds."""
    value = f"proved: {choice.outcome.value}" if choice.outcome is not None else f"estimate {choice.score}"
    return f"MESSAGE {value}, depth {choice.depth}, {choice.nodes} positions, {choice.seconds:.2f} s"
