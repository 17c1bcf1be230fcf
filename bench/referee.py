"""A second referee of a match's games under standard and renju, sharing no code with the project's rules.

The games of :mod:`bench.match` are judged by the project's own
:class:`~tictactoe.game.game.Game`; this module judges them again, move by
move, by other code, so that a fault of the project's rules shows as a
disagreement instead of a score:

* renju: the ``renju`` package of PyPI (a port of Piskvork's judge, in the
  ``test`` extra) plays every move on its own board and says after each
  whether the game goes on, who won, or that black played a forbidden point
  (overline, double four, double three), which loses; a point black chose
  that the project refused is put to it too;
* standard: a few lines here -- a move wins when it makes a line of exactly
  k of the mover's stones, and an overline wins nothing.

:func:`judge` gives the findings as lines for a results file: how many
results the referee gives as the games do, black's moves it calls
forbidden by player, and each game where it disagrees.

>>> from configurations.moves import Move
>>> stones = {Move(0, col) for col in range(4)}
>>> exact_line(stones, Move(0, 3), 4), exact_line(stones, Move(0, 3), 3)
(True, False)
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Sequence
from typing import Any

from bench.match import MatchGame
from configurations.moves import Move
from configurations.rules import Rules, Variant

__all__ = ["exact_line", "judge", "renju_verdicts", "standard_verdicts"]

#: The package's verdicts that say black played a forbidden point.
FORBIDDEN_REASONS = ("overline", "double_four", "double_three")
# The four directions a line runs: along a row, down a column, and the two diagonals.
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
#: A verdict after a move: who has won (``X``, ``O``, ``draw``) or None while the game goes on, and why.
Verdict = tuple[str | None, str]


def exact_line(stones: set[Move], move: Move, k: int) -> bool:
    """Whether ``move``, one of ``stones`` (one player's), lies on a line of exactly ``k`` of them."""
    for row_step, col_step in _DIRECTIONS:
        run = 1
        for sign in (1, -1):
            row, col = move.row + sign * row_step, move.col + sign * col_step
            while Move(row, col) in stones:
                run += 1
                row, col = row + sign * row_step, col + sign * col_step
        if run == k:
            return True
    return False


def standard_verdicts(moves: Sequence[Move], rules: Rules) -> list[Verdict]:
    """The verdict after each of ``moves`` under standard, to the first that ends the game."""
    stones: tuple[set[Move], set[Move]] = (set(), set())
    verdicts: list[Verdict] = []
    for ply, move in enumerate(moves):
        mine = stones[ply % 2]
        mine.add(move)
        if exact_line(mine, move, rules.k):
            return [*verdicts, ("XO"[ply % 2], f"exactly {rules.k} in a row")]
        full = ply + 1 == rules.squares
        verdicts.append(("draw", "the board is full") if full else (None, ""))
    return verdicts


def renju_verdicts(moves: Sequence[Move], rules: Rules) -> list[Verdict]:
    """The ``renju`` package's verdict after each of ``moves``, to the first that ends the game."""
    from renju import BoardStatus, RenjuBoard  # noqa: PLC0415 -- the test extra's, asked for only under renju

    board: Any = RenjuBoard(board_size=rules.size, rule="renju")
    winners = {BoardStatus.BLACK_WIN: "X", BoardStatus.WHITE_WIN: "O", BoardStatus.DRAW: "draw"}
    verdicts: list[Verdict] = []
    for move in moves:
        status, reason = board.play_move(move.col, move.row)
        verdicts.append((winners.get(status), str(reason.value)))
        if status != BoardStatus.ONGOING:
            break
    return verdicts


def judge(games: Sequence[MatchGame], rules: Rules, names: tuple[str, str]) -> list[str]:
    """The referee's findings on ``games``, played by ``rules`` between ``names`` (A's, then B's): lines for a
    results file; none under freestyle and caro, which it does not judge."""
    if rules.variant is Variant.STANDARD:
        head, verdicts_of = f"exactly {rules.k} in a row, judged in bench/referee.py", standard_verdicts
    elif rules.variant is Variant.RENJU:
        try:
            version = importlib.metadata.version("renju")
        except importlib.metadata.PackageNotFoundError:
            return ["referee: the renju package is not installed (pip install -e '.[test]'): the games are not judged"]
        head, verdicts_of = f"the renju package {version} (Piskvork's judge)", renju_verdicts
    else:
        return []
    agreed, forbidden, lines = 0, dict.fromkeys(names, 0), []
    for number, game in enumerate(games, 1):
        black = names[0] if game.a_plays_x else names[1]
        moves = [*game.moves, *([] if game.foul is None else [game.foul.point])]
        verdicts = verdicts_of(moves, rules)
        for ply, (_, reason) in enumerate(verdicts[: len(game.moves)]):  # the moves the game let stand
            if reason in FORBIDDEN_REASONS:
                forbidden[black] += 1
                lines.append(f"  game {number}: move {ply + 1}, {moves[ply]}, by {black} (black): {reason}")
        if game.foul is not None:
            lines.append(f"  game {number}: {black} (black) chose {game.foul}; the referee: {verdicts[-1][1]}")
        ended = (len(verdicts), verdicts[-1][0] if verdicts else None)
        if ended == (len(moves), game.result.value):
            agreed += 1
        else:
            lines.append(
                f"  game {number}: the game gave {game.result.value} after move {len(moves)}, "
                f"the referee {ended[1] or 'no result'} after move {ended[0]}"
            )
    fouls = sum(game.foul is not None for game in games)
    return [
        f"referee: {head}, every move of {len(games)} games",
        f"  results it gives as the games do: {agreed} of {len(games)}",
        f"  black moves it calls forbidden: {', '.join(f'{name} {count}' for name, count in forbidden.items())}",
        f"  points black chose that the project refused as forbidden (black lost): {fouls}",
        *lines,
    ]
