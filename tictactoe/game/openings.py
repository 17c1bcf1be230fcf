"""An opening rule being played: the stones placed so far, who places or chooses next, and the colours after it.

Under a swap opening the first stones are placed before anyone has a
colour.  The *first* player (the one who would be black in a free game)
places three stones -- black, white, black; the *second* then takes white
(and plays the fourth move), takes black (the first plays white's fourth
move), or, under swap2, places two more stones -- white, then black -- and
lets the first choose a colour; whoever then has white plays the sixth
move.  The stones themselves alternate black and white as ever: what the
opening decides is which player has which colour from then on.

An :class:`OpeningPlay` is that state as a frozen value, stepped by
:meth:`~OpeningPlay.placed` and :meth:`~OpeningPlay.choosing`; the session
asks it who acts and which competitor ends up black.  It knows nothing of
boards or squares.

>>> play = OpeningPlay(Opening.SWAP2)
>>> play.placer, play.stones_due
(<Role.FIRST: 0>, 3)
>>> play = play.placed().placed().placed()
>>> play.chooser, [str(option) for option in play.options]
(<Role.SECOND: 1>, ['white', 'black', 'two more'])
>>> play = play.choosing(OpeningChoice.TWO_MORE).placed().placed().choosing(OpeningChoice.WHITE)
>>> play.settled, play.black, play.stones
(True, <Role.SECOND: 1>, 5)
>>> play.describe(("Ada", "Bob"))
'swap2: Ada placed 3 stones; Bob chose two more and placed 2 stones; Ada chose white'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from configurations.rules import Opening, OpeningChoice

__all__ = ["OpeningChoiceError", "OpeningPlay", "Role", "parse_choice"]

#: The stones the first player places before the first choice.
FIRST_STONES = 3
#: The stones swap2's second player places when it chooses two more.
MORE_STONES = 2


class OpeningChoiceError(ValueError):
    """A choice that cannot be made now (none is due, or it is not one of the options); the message says why."""


class Role(enum.IntEnum):
    """A player's part in an opening: the first places the first stones, the second answers them."""

    FIRST = 0
    SECOND = 1

    @property
    def other(self) -> Role:
        """The other part."""
        return Role(1 - self)


@dataclass(frozen=True, slots=True)
class OpeningPlay:
    """An opening by ``rule`` with ``stones`` placed and the ``choices`` made so far, in order.

    Under the free opening it is settled from the start, the first player
    black.  Runtime complexity: O(1) for every property.
    """

    rule: Opening
    stones: int = 0
    choices: tuple[OpeningChoice, ...] = ()

    @property
    def stones_due(self) -> int:
        """How many stones are placed before the next choice, counted from the game's start (0 once settled)."""
        if self.settled:
            return 0
        return FIRST_STONES + (MORE_STONES if OpeningChoice.TWO_MORE in self.choices else 0)

    @property
    def placer(self) -> Role | None:
        """Who places the next stone of the opening; None when a choice is due or the colours are settled."""
        if self.stones >= self.stones_due:
            return None
        return Role.SECOND if self.choices else Role.FIRST

    @property
    def chooser(self) -> Role | None:
        """Who chooses now; None while stones are being placed and once the colours are settled."""
        if self.settled or self.stones < self.stones_due:
            return None
        return Role.FIRST if self.choices else Role.SECOND

    @property
    def options(self) -> tuple[OpeningChoice, ...]:
        """What :attr:`chooser` may choose: white or black, and under swap2 the second may place two more."""
        if self.chooser is None:
            return ()
        if self.rule is Opening.SWAP2 and not self.choices:
            return (OpeningChoice.WHITE, OpeningChoice.BLACK, OpeningChoice.TWO_MORE)
        return (OpeningChoice.WHITE, OpeningChoice.BLACK)

    @property
    def settled(self) -> bool:
        """Whether the colours are decided: always under the free opening, else once a colour is chosen."""
        return self.rule is Opening.FREE or (bool(self.choices) and self.choices[-1] is not OpeningChoice.TWO_MORE)

    @property
    def black(self) -> Role | None:
        """Who plays black (``X``) once the colours are settled; None before."""
        if not self.settled:
            return None
        if not self.choices:
            return Role.FIRST
        chooser = Role.SECOND if len(self.choices) == 1 else Role.FIRST
        return chooser if self.choices[-1] is OpeningChoice.BLACK else chooser.other

    def placed(self) -> OpeningPlay:
        """This opening with one more stone placed; the opening itself once settled (later stones are moves).

        ``OpeningChoiceError`` while a choice is due.
        """
        if self.settled:
            return self
        if self.placer is None:
            raise OpeningChoiceError(f"the {_role_name(self.chooser)} player chooses now: no stone can be placed")
        return OpeningPlay(self.rule, self.stones + 1, self.choices)

    def choosing(self, choice: OpeningChoice) -> OpeningPlay:
        """This opening after :attr:`chooser` chooses ``choice``.

        ``OpeningChoiceError`` when no choice is due or ``choice`` is not one of :attr:`options`.
        """
        if self.chooser is None:
            raise OpeningChoiceError("no colour is to be chosen now")
        if choice not in self.options:
            _refused(str(choice), self.options)
        return OpeningPlay(self.rule, self.stones, (*self.choices, choice))

    def describe(self, names: Sequence[str]) -> str:
        """What happened, in words, ``names`` being the first's and the second's (empty under the free opening).

        >>> OpeningPlay(Opening.SWAP, 3, (OpeningChoice.BLACK,)).describe(("Ada", "Bob"))
        'swap: Ada placed 3 stones; Bob chose black'
        """
        if self.rule is Opening.FREE:
            return ""
        parts = [f"{names[Role.FIRST]} placed {min(self.stones, FIRST_STONES)} stones"]
        for index, choice in enumerate(self.choices):
            chooser = names[Role.SECOND if index == 0 else Role.FIRST]
            if choice is OpeningChoice.TWO_MORE:
                parts.append(f"{chooser} chose two more and placed {self.stones - FIRST_STONES} stones")
            else:
                parts.append(f"{chooser} chose {choice}")
        return f"{self.rule}: " + "; ".join(parts)


def parse_choice(text: str, options: Sequence[OpeningChoice]) -> OpeningChoice:
    """The one of ``options`` that ``text`` names: its words, or its first letter (``w``, ``b``, ``t``), any case.

    ``OpeningChoiceError`` echoing ``text`` otherwise.

    >>> parse_choice(" W ", list(OpeningChoice)), parse_choice("two", list(OpeningChoice))
    (<OpeningChoice.WHITE: 'white'>, <OpeningChoice.TWO_MORE: 'two more'>)
    >>> parse_choice("two", [OpeningChoice.WHITE, OpeningChoice.BLACK])
    Traceback (most recent call last):
    ...
    tictactoe.game.openings.OpeningChoiceError: 'two' is not a choice here: choose white or black
    """
    typed = " ".join(text.lower().split())
    for option in options:
        if typed and (typed == option or typed == option[0] or (option.startswith(typed) and len(typed) >= 2)):
            return option
    return _refused(text, options)


def _refused(text: str, options: Sequence[OpeningChoice]) -> OpeningChoice:
    words = [str(option) for option in options]
    allowed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
    raise OpeningChoiceError(f"{text.strip()!r} is not a choice here: choose {allowed}")


def _role_name(role: Role | None) -> str:
    return "second" if role is Role.SECOND else "first"
