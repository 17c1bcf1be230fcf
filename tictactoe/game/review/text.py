"""The words of a review, the same at the terminal, in the window and in SGF comments.

A proved value reads ``X wins``, ``O wins`` or ``draw`` (the result with
both sides playing perfectly); an estimate starts with ``~``: the result
the strong player found or believes (``~X wins``), or else its score from
the side ahead (``~X +98``, ``~O +12``, ``~even``).

>>> from configurations.moves import Move
>>> value_text(PositionValue.proved_as(Winner.DRAW, Move(1, 1))), value_text(PositionValue.estimated(-12, None, None))
('draw', '~O +12')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Winner
from tictactoe.game.review.values import Mark, PositionValue

if TYPE_CHECKING:
    from tictactoe.game.review.values import MoveReview, Review

__all__ = [
    "ESTIMATE_SIGN",
    "MOVE_HEADINGS",
    "legend",
    "move_cells",
    "move_comment",
    "summary_text",
    "think_text",
    "thrown_away",
    "value_text",
]

#: What starts an estimate's text.
ESTIMATE_SIGN = "~"
#: The columns of a review's moves, at the terminal and in the window: one line a move.
MOVE_HEADINGS = ("No", "Side", "Move", "Before", "After", "Mark", "Better")


def value_text(value: PositionValue) -> str:
    """A position's value in a few characters: proved, or ``~`` and the estimate."""
    if value.proved:
        assert value.winner is not None  # a proved value always has one
        return _result(value.winner)
    if value.winner is not None:
        return ESTIMATE_SIGN + _result(value.winner)
    if value.score == 0:
        return f"{ESTIMATE_SIGN}even"
    return f"{ESTIMATE_SIGN}{'X' if value.score > 0 else 'O'} +{abs(value.score)}"


def move_cells(move: MoveReview) -> tuple[str, ...]:
    """One move's line of a review, a text for each of :data:`MOVE_HEADINGS`.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import MoveReview
    >>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(0, 0)), PositionValue.proved_as(Winner.X, None)
    >>> move_cells(MoveReview(2, "O", Move(0, 1), draw, x_wins, Mark.MISTAKE, Move(0, 0)))
    ('2', 'O', 'b1', 'draw', 'X wins', '?', 'a1')
    """
    better = "" if move.better is None else str(move.better)
    return (
        str(move.number),
        move.side,
        str(move.move),
        value_text(move.before),
        value_text(move.after),
        move.mark.value,
        better,
    )


def think_text(think: float) -> str:
    """The seconds a position as a review states them.

    >>> think_text(1.0), think_text(0.25)
    ('1 s', '0.25 s')
    """
    return f"{think:g} s"


def legend(review: Review) -> str:
    """What the values mean and where they come from, on one line."""
    return (
        f"Values proved by the solver within {think_text(review.think)} a position, "
        f"or {ESTIMATE_SIGN} the strong player's estimate (never marked)"
    )


def thrown_away(move: MoveReview) -> str:
    """What a marked move threw away: ``a win`` or ``a draw``."""
    won = move.before.winner is not None and move.before.winner.side is move.side
    return "a win" if won else "a draw"


def summary_text(review: Review) -> str:
    """One line on the whole review: the moves that threw away a result, and how many positions are estimates.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import MoveReview, Review
    >>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(0, 0)), PositionValue.proved_as(Winner.X, None)
    >>> blunder = MoveReview(2, "O", Move(0, 1), draw, x_wins, Mark.MISTAKE, Move(0, 0))
    >>> summary_text(Review(1.0, (draw, draw, x_wins), (blunder,)))
    'O threw away a draw at move 2 (b1?; a1 kept it).'
    """
    parts = [
        f"{move.side} threw away {thrown_away(move)} at move {move.number} ({move.move}{move.mark}{_kept(move)})"
        for move in review.marked
    ]
    text = "; ".join(parts) if parts else "No move threw away a proved result"
    if review.estimated:
        count = len(review.positions)
        text += f". {review.estimated} of {count} position{'s' * (count != 1)} only estimated"
    return text + "."


def move_comment(move: MoveReview) -> str:
    """The comment on one move: the values before and after it, and for a marked move what it threw away.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import MoveReview
    >>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(0, 0)), PositionValue.proved_as(Winner.X, None)
    >>> move_comment(MoveReview(2, "O", Move(0, 1), draw, x_wins, Mark.MISTAKE, Move(0, 0)))
    'draw before, X wins after; b1? threw away a draw, a1 kept it'
    """
    text = f"{value_text(move.before)} before, {value_text(move.after)} after"
    if move.mark == Mark.KEPT:
        return text
    kept = "" if move.better is None else f", {move.better} kept it"
    return f"{text}; {move.move}{move.mark} threw away {thrown_away(move)}{kept}"


def _kept(move: MoveReview) -> str:
    return "" if move.better is None else f"; {move.better} kept it"


def _result(winner: Winner) -> str:
    return "draw" if winner == Winner.DRAW else f"{winner} wins"
