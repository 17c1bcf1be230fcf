"""The players by the names the command line gives them (docs/players.md), and how each is made.

Every player but ``human`` is a :class:`~tictactoe.players.base.Player`;
``human`` is ``None`` here, since a person's moves come from whatever
interface they sit at.  Each player's module is imported only when that
player is asked for, so that a plain game does not pay for the solver or
the game graph.

>>> PLAYER_NAMES
('human', 'reference', 'sound', 'strong', 'perfect', 'rules', 'weights')
>>> make_player("reference", Rules.square(3, 3), PlayerLimits(max_levels=9)).name
'reference'
>>> make_player("perfect", Rules.square(4, 3), PlayerLimits(max_levels=9))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tictactoe.players.base.UnsupportedBoardError: perfect plays only 3x3 with 3 in a row, ...
>>> make_player("reference", Rules.square(15, 5, variant="renju"), PlayerLimits(max_levels=2))
Traceback (most recent call last):
...
tictactoe.players.base.UnsupportedBoardError: reference plays freestyle only, not renju
>>> make_player("best", Rules.square(3, 3), PlayerLimits(max_levels=9))
Traceback (most recent call last):
...
ValueError: there is no player 'best': choose from human, reference, sound, strong, perfect, rules, weights
"""

from __future__ import annotations

import enum
import importlib

from configurations.rules import Rules
from tictactoe.players.base import DEFAULT_THINK, ComputerPlayer, Player, PlayerLimits

__all__ = ["DEFAULT_THINK", "PLAYER_NAMES", "PlayerKind", "PlayerLimits", "make_player"]


class PlayerKind(enum.StrEnum):
    """The kinds of player, by the names the command line gives them (``--x strong``): ``HUMAN`` is a person,
    every other a computer player.  Each is equal to its name, the way records and the history keep it."""

    HUMAN = "human"
    REFERENCE = "reference"
    SOUND = "sound"
    STRONG = "strong"
    PERFECT = "perfect"
    RULES = "rules"
    WEIGHTS = "weights"


#: Every player's name, in the order help lists them.
PLAYER_NAMES = tuple(kind.value for kind in PlayerKind)

# Where each computer player lives: (module, class).  Each class is built
# from the game's Rules and the player's PlayerLimits by its ``from_options`` class method.  A player's module
# is imported when the player is asked for: all of them (the solver's searches
# among them) would cost a plain game's start-up about 5 ms.
_CLASSES = (
    (PlayerKind.REFERENCE, "tictactoe.players.reference", "ReferencePlayer"),
    (PlayerKind.SOUND, "tictactoe.players.sound", "SoundPlayer"),
    (PlayerKind.STRONG, "tictactoe.players.strong", "StrongPlayer"),
    (PlayerKind.PERFECT, "tictactoe.players.perfect", "PerfectPlayer"),
    (PlayerKind.RULES, "tictactoe.players.rules", "RulesPlayer"),
    (PlayerKind.WEIGHTS, "tictactoe.players.weights", "WeightsPlayer"),
)


def make_player(name: str, rules: Rules, limits: PlayerLimits) -> Player | None:
    """The player called ``name`` (a :class:`PlayerKind`'s name) for a game by ``rules``, within ``limits``;
    ``None`` for ``human``.

    ``ValueError`` for a name that is no player, :class:`UnsupportedBoardError`
    when the player cannot play by these rules.
    """
    if name == PlayerKind.HUMAN:
        return None
    for known, module, class_name in _CLASSES:
        if known == name:
            try:
                player_class: type[ComputerPlayer] = getattr(importlib.import_module(module), class_name)
            except ModuleNotFoundError as missing:
                if missing.name != module:
                    raise
                raise ValueError(f"the {name} player is not part of this version of the game") from None
            player_class.require_rules(rules)
            player: Player = player_class.from_options(rules, limits)
            return player
    raise ValueError(f"there is no player {name!r}: choose from {', '.join(PLAYER_NAMES)}")
