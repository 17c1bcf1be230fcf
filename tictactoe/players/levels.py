"""Difficulty by name: ``easy``, ``medium``, ``hard`` and ``best``, each a player with its depth and time.

A person choosing how hard a game should be need not learn what
``max_levels`` or ``--think`` mean: ``play.py 7 4 --level hard`` picks the
computer player, how deep it searches and how long it thinks.  What each
level is, and how it fares against the one below it, is measured by
``python -m bench.levels`` (``bench/levels_results.txt``).

>>> [str(level) for level in Level]
['easy', 'medium', 'hard', 'best']
>>> kind, limits = level_options(Level.HARD, Rules.square(7, 4))
>>> kind, limits.max_levels, limits.think
('strong', 49, 0.25)
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from configurations.rules import Rules
from tictactoe.players.base import DEFAULT_THINK, PlayerLimits
from tictactoe.players.registry import PlayerKind

__all__ = ["LEVELS", "LEVEL_NAMES", "Level", "LevelPlayer", "level_of", "level_options", "levelled_kinds"]


class Level(enum.StrEnum):
    """A difficulty, as a person names it."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    BEST = "best"


class LevelPlayer(NamedTuple):
    """The player a level plays with, how deep it may search (None: to the end), and its seconds a move."""

    player: str
    max_levels: int | None
    think: float
    #: What the level is, in a person's words, for help texts and the guides.
    summary: str


LEVELS: dict[Level, LevelPlayer] = {
    Level.EASY: LevelPlayer("weights", 0, DEFAULT_THINK, "weighs each square's lines, looking no move ahead"),
    Level.MEDIUM: LevelPlayer("strong", 2, 0.05, "the strong engine, looking two moves ahead"),
    Level.HARD: LevelPlayer("strong", None, 0.25, "the strong engine, a quarter of a second a move"),
    Level.BEST: LevelPlayer("strong", None, 2.0, "the strong engine, two seconds a move"),
}
#: The levels' names, easiest first, as a person types them.
LEVEL_NAMES = tuple(str(level) for level in Level)


def level_options(
    level: Level, rules: Rules, *, seed: int | None = None, memory: int | None = None
) -> tuple[str, PlayerLimits]:
    """The player ``level`` plays with, and the limits it is made with, in a game by ``rules``."""
    chosen = LEVELS[level]
    max_levels = rules.squares if chosen.max_levels is None else chosen.max_levels
    return chosen.player, PlayerLimits(max_levels, chosen.think, seed, memory)


def levelled_kinds(level: Level, x_kind: str, o_kind: str) -> tuple[str, str]:
    """The sides' players when the one side that is not ``human`` plays at ``level``.

    ``ValueError`` with a one-line reason unless exactly one side is human:
    a level is how hard the computer plays against a person.

    >>> levelled_kinds(Level.EASY, "human", "reference"), levelled_kinds(Level.BEST, "strong", "human")
    (('human', 'weights'), ('strong', 'human'))
    """
    humans = (x_kind == PlayerKind.HUMAN, o_kind == PlayerKind.HUMAN)
    if all(humans):
        raise ValueError("a level sets how the computer plays, but both sides are human")
    if not any(humans):
        raise ValueError("a level is for a game against a person: one side must be human")
    player = LEVELS[level].player
    return (x_kind, player) if humans[0] else (player, o_kind)


def level_of(kind: str, rules: Rules, limits: PlayerLimits) -> Level | None:
    """The level whose player, depth and time a move are ``kind`` with ``limits`` in a game by ``rules``; None
    when none is.

    >>> kind, limits = level_options(Level.MEDIUM, Rules.square(9, 5))
    >>> level_of(kind, Rules.square(9, 5), limits), level_of("reference", Rules.square(3, 3), PlayerLimits(9))
    (<Level.MEDIUM: 'medium'>, None)
    """
    for level in Level:
        player, levelled = level_options(level, rules)
        same_time = player != "strong" or levelled.think == limits.think
        if player == kind and levelled.max_levels == limits.max_levels and same_time:
            return level
    return None
