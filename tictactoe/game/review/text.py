"""The words of a review, the same at the terminal, in the window and in SGF comments.

A proved value reads ``X wins``, ``O wins`` or ``draw`` (the result with
both sides playing perfectly); an estimate starts with ``~``: the result
the strong player found or believes (``~X wins``), or else its score from
the side ahead (``~X +98``, ``~O +12``, ``~even``).  A mark by an estimate
starts with ``~`` too (``~?``), and its words give the mover's chances
before and after the move.

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
    "LEGEND_START",
    "MOVE_HEADINGS",
    "chances_text",
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
        move.mark_text,
        better,
    )


def think_text(think: float) -> str:
    """The seconds a position as a review states them.

    >>> think_text(1.0), think_text(0.25)
    ('1 s', '0.25 s')
    """
    return f"{think:g} s"


#: How :func:`legend` starts: an SGF reader knows by it the line this program wrote into a game's comment.
LEGEND_START = "Values proved by the solver within "


def legend(review: Review) -> str:
    """What the values mean and where they come from, on one line."""
    return (
        f"{LEGEND_START}{think_text(review.think)} a position, "
        f"or {ESTIMATE_SIGN} the strong player's estimate (and {ESTIMATE_SIGN} its marks)"
    )


def thrown_away(move: MoveReview) -> str:
    """What a move marked by proved values threw away: ``a win`` or ``a draw``."""
    won = move.before.winner is not None and move.before.winner.side is move.side
    return "a win" if won else "a draw"


def chances_text(move: MoveReview) -> str:
    """The mover's chances before and after a move, as an estimate's mark states them: ``O's chances 45% to 3%``.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import MoveReview
    >>> even, lost = PositionValue.estimated(0, None, Move(0, 0)), PositionValue.estimated(0, Winner.X, None)
    >>> chances_text(MoveReview(2, "O", Move(0, 1), even, lost, Mark.BLUNDER, Move(0, 0), estimated=True))
    "O's chances 50% to 7%"
    """
    before, after = move.chances
    return f"{move.side}'s chances {before:.0%} to {after:.0%}"


def summary_text(review: Review) -> str:
    """One line on the whole review: the moves marked, and how many positions are estimates.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import MoveReview, Review
    >>> draw, x_wins = PositionValue.proved_as(Winner.DRAW, Move(0, 0)), PositionValue.proved_as(Winner.X, None)
    >>> blunder = MoveReview(2, "O", Move(0, 1), draw, x_wins, Mark.MISTAKE, Move(0, 0))
    >>> summary_text(Review(1.0, (draw, draw, x_wins), (blunder,)))
    'O threw away a draw at move 2 (b1?; a1 kept it).'
    """
    parts = [_summary_part(move) for move in review.marked]
    text = "; ".join(parts) if parts else "No move marked"
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
    if move.estimated:
        return f"{text}; {move.move}{move.mark_text}: {chances_text(move)}, {move.better} was better"
    kept = "" if move.better is None else f", {move.better} kept it"
    return f"{text}; {move.move}{move.mark} threw away {thrown_away(move)}{kept}"


# What an estimate's mark calls the move.
_KINDS = {Mark.INACCURACY: "an inaccuracy", Mark.MISTAKE: "a mistake", Mark.BLUNDER: "a blunder"}


def _summary_part(move: MoveReview) -> str:
    """A marked move, in the summary: ``O threw away a draw at move 2 (b1?; a1 kept it)`` or, by an estimate,
    ``O made a blunder at move 6 by the estimate (a3~??: O's chances 28% to 0%; g8 was better)``."""
    if move.estimated:
        return (
            f"{move.side} made {_KINDS[move.mark]} at move {move.number} by the estimate "
            f"({move.move}{move.mark_text}: {chances_text(move)}; {move.better} was better)"
        )
    kept = "" if move.better is None else f"; {move.better} kept it"
    return f"{move.side} threw away {thrown_away(move)} at move {move.number} ({move.move}{move.mark}{kept})"


def _result(winner: Winner) -> str:
    return "draw" if winner == Winner.DRAW else f"{winner} wins"
