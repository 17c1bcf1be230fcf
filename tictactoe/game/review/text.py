"""The words of a review, the same at the terminal, in the window and in SGF comments.

A proved value reads ``X wins``, ``O wins`` or ``draw`` (the result with
both sides playing perfectly); an estimate starts with ``~``: the result
the strong player found or believes (``~X wins``), or else X's chances
(:func:`~tictactoe.game.review.values.chances`, the win probability fitted
to the strong player's scores: ``~53%``), which the legend says in one
line.  A mark by an estimate starts with ``~`` too (``~?``), and its words
give the mover's chances before and after the move.  Each position's best
lines (:func:`line_cells`) give its candidates, each with X's chances after
it, the depth they were searched to, and the best one's line, or the win by
continuous fours found.

>>> from configurations.moves import Move
>>> value_text(PositionValue.proved_as(Winner.DRAW, Move(1, 1))), value_text(PositionValue.estimated(-734, None, None))
('draw', '~27%')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Winner
from tictactoe.game.review.values import Mark, PositionValue, chances

if TYPE_CHECKING:
    from tictactoe.game.review.values import Candidate, MoveReview, Review

__all__ = [
    "ESTIMATE_SIGN",
    "LEGEND_START",
    "LINES_HEADING",
    "LINE_HEADINGS",
    "MOVE_HEADINGS",
    "candidate_text",
    "chances_text",
    "legend",
    "line_cells",
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
#: The columns of a review's best lines: one line a position not over.
LINE_HEADINGS = ("Pos", "Depth", "Candidates", "Best line")
#: What the best lines' table is, on one line above it.
LINES_HEADING = (
    "Best lines: after each number of moves, the three best moves searched to the depth shown (plies),"
    " X's chances after each, and the best one's line"
)


def value_text(value: PositionValue) -> str:
    """A position's value in a few characters: proved, or ``~`` and the estimate."""
    if value.proved:
        assert value.winner is not None  # a proved value always has one
        return _result(value.winner)
    if value.winner is not None:
        return ESTIMATE_SIGN + _result(value.winner)
    return f"{ESTIMATE_SIGN}{chances(value):.0%}"


def candidate_text(candidate: Candidate) -> str:
    """A candidate move and X's chances after it, or the result the search found after it: ``h8 53%``.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import Candidate
    >>> candidate_text(Candidate((Move(7, 7),), 0, None)), candidate_text(Candidate((Move(0, 0),), 0, Winner.O))
    ('h8 50%', 'a1 O wins')
    """
    value = candidate.value
    text = _result(value.winner) if value.winner is not None else f"{chances(value):.0%}"
    return f"{candidate.move} {text}"


def line_cells(ply: int, value: PositionValue) -> tuple[str, ...]:
    """The best lines of the position after ``ply`` moves, a text for each of :data:`LINE_HEADINGS`: the depth
    searched, the candidates, and the best one's line -- or the win by continuous fours found, marked
    ``fours:``.  A position with no lines (stored before reviews kept them) has its best move and value alone.

    >>> from configurations.moves import Move
    >>> from tictactoe.game.review.values import Candidate
    >>> lines = (Candidate((Move(7, 7), Move(7, 8)), 734, None), Candidate((Move(8, 8),), -734, None))
    >>> line_cells(0, PositionValue.estimated(734, None, Move(7, 7), depth=3, lines=lines))
    ('0', '3', 'h8 73%, i9 27%', 'h8 i8')
    >>> line_cells(5, PositionValue.proved_as(Winner.X, Move(0, 0)))
    ('5', '', 'a1 X wins', '')
    """
    if not value.lines:
        if value.best is None:
            return (str(ply), "", "", "")
        worth = f"{chances(value):.0%}" if value.winner is None else _result(value.winner)
        return (str(ply), "", f"{value.best} {worth}", "")
    candidates = ", ".join(candidate_text(candidate) for candidate in value.lines)
    line = " ".join(map(str, value.lines[0].moves))
    if value.fours is not None:
        line = "fours: " + " ".join(map(str, value.fours))
    return (str(ply), str(value.depth), candidates, line)


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
    """What the values mean and where they come from, on one line: the percentages are X's chances, the win
    probability fitted to the strong player's scores."""
    return (
        f"{LEGEND_START}{think_text(review.think)} a position, "
        f"or {ESTIMATE_SIGN} the strong player's estimate (and {ESTIMATE_SIGN} its marks): "
        "X's chances of winning, as fitted to its self-play (bench/review.py --fit)"
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
    "O's chances 50% to 6%"
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
