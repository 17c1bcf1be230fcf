"""The new-game form: its fields as a person typed them, and the session they ask for.

The window's dialog shows a :class:`GameForm` filled from the session
being played and hands back what the person typed; :func:`start_game`
checks it, refusing with a one-line reason, and starts the next game.
The same two competitors on the same board go on in the same session, so
that its tally keeps counting; anything else starts a new session.

>>> from tictactoe.game.record import Competitor
>>> from tictactoe.game.session import Session
>>> from configurations.rules import Opening, Rules, RulesError, Variant
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("You"), Competitor("Computer", "reference"))
>>> form = GameForm.of(session)
>>> form  # doctest: +NORMALIZE_WHITESPACE
GameForm(size='3', length='3', levels='9', x_kind='human', x_name='You', o_kind='reference', o_name='Computer',
         level='custom', rule='freestyle', opening='free')
>>> start_game(form.but(length="4"), session)
Traceback (most recent call last):
...
tictactoe.ui.window.form.FormError: in a row must be from 1 to the board size (3), got '4'
>>> start_game(form, session) is session
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from configurations.moves import MAX_BOARD_SIZE
from configurations.numbers import NumberError, read_whole_number
from configurations.rules import Opening, Rules, RulesError, Variant
from tictactoe.game.game import StartingPosition
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.levels import LEVEL_NAMES, Level, level_of, level_options, levelled_kinds
from tictactoe.players.registry import PLAYER_NAMES, PlayerKind, PlayerLimits, make_player
from tictactoe.ui.settings import check_name, default_name, level_name

__all__ = ["CUSTOM", "FormError", "GameForm", "start_game"]

#: The new-game form's difficulty when the players and depth are as typed, no level.
CUSTOM = "custom"


class FormError(ValueError):
    """What the person typed cannot start a game; the message says why, in one line."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameForm:
    """The new-game form's fields, as typed: the board's three numbers, each side's player and name, the level,
    the rule and the opening rule."""

    size: str
    length: str
    levels: str
    x_kind: str
    x_name: str
    o_kind: str
    o_name: str
    #: ``custom`` (the players and depth as typed), or a level by name: the computer side then plays at it.
    level: str = CUSTOM
    #: The rule (``freestyle``, ``standard``, ``renju``, ``caro``) and the opening rule (``free``, ``swap``,
    #: ``swap2``) by name.
    rule: str = Variant.FREESTYLE.value
    opening: str = Opening.FREE.value

    @classmethod
    def of(cls, session: Session) -> GameForm:
        """The form filled in for another game like the session's current one."""
        return cls(
            size=str(session.rules.size),
            length=str(session.rules.k),
            levels=str(session.limits.max_levels),
            x_kind=session.x.kind,
            x_name=session.x.name,
            o_kind=session.o.kind,
            o_name=session.o.name,
            level=_level_of(session),
            rule=session.rules.variant.value,
            opening=session.rules.opening.value,
        )

    def but(self, **fields: str) -> GameForm:
        """This form with the named ``fields`` changed."""
        return dataclasses.replace(self, **fields)


def start_game(form: GameForm, current: Session, start: StartingPosition | None = None) -> Session:
    """Start the game ``form`` asks for and return the session that plays it.

    When the board is ``current``'s and the two competitors are its own
    (the same player and name on each side, or the sides swapped), the
    next game starts in ``current`` itself and its tally goes on;
    otherwise a new session starts, keeping ``current``'s thinking time,
    seed and clocks, and its opening while the board is the same.  Given a
    ``start`` (a position to play on from), a new session always starts,
    from there, with no opening; its board must be the form's.
    :class:`FormError` with a one-line reason when the form cannot start
    a game; ``current`` is then unchanged.
    """
    size = _whole_number("board size", form.size, 1, MAX_BOARD_SIZE)
    length = _whole_number("in a row", form.length, 1, None)
    if length > size:
        raise FormError(f"in a row must be from 1 to the board size ({size}), got {form.length.strip()!r}")
    try:
        rules = Rules.square(size, length, variant=form.rule.strip().lower(), opening=form.opening.strip().lower())
    except RulesError as refusal:
        raise FormError(str(refusal)) from None
    level = form.level.strip().lower()
    kinds = (form.x_kind, form.x_name), (form.o_kind, form.o_name)
    if level in ("", CUSTOM):
        levels = _whole_number("levels", form.levels, 0, None)
        limits = PlayerLimits(levels, current.limits.think, current.limits.seed)
    elif level in LEVEL_NAMES:
        limits, kinds = _levelled(Level(level), rules, form, current.limits.seed)
    else:
        raise FormError(f"there is no level {form.level!r}: choose from {CUSTOM}, {', '.join(LEVEL_NAMES)}")
    sides = []
    for kind, typed_name in kinds:
        _check_player(kind, rules, limits)
        name = typed_name.strip() or default_name(kind)
        try:
            sides.append((kind, check_name(name)))
        except ValueError as refusal:
            raise FormError(str(refusal)) from None
    (x_kind, x_name), (o_kind, o_name) = sides
    x, o = Competitor(x_name, x_kind), Competitor(o_name, o_kind)
    if start is not None:
        try:
            return Session(rules, limits, x, o, start=start, clocks=current.clocks)
        except ValueError as refusal:
            raise FormError(str(refusal)) from None
    playing = [(competitor.kind, competitor.name) for competitor in (current.x, current.o)]
    same_rules = rules == current.rules
    if same_rules and limits == current.limits and sides in (playing, playing[::-1]) and current.start.is_empty:
        current.new_game(swap_sides=sides != playing)
        return current
    return Session(rules, limits, x, o, opening=current.opening if same_rules else (), clocks=current.clocks)


def _levelled(
    level: Level, rules: Rules, form: GameForm, seed: int | None
) -> tuple[PlayerLimits, tuple[tuple[str, str], tuple[str, str]]]:
    """The limits, and each side's player and typed name, of a game against the computer at ``level``.

    The side that is not human plays the level's player; its name, unless
    the person typed one of their own, becomes the level's.
    """
    try:
        x_kind, o_kind = levelled_kinds(level, form.x_kind, form.o_kind)
    except ValueError as refusal:
        raise FormError(str(refusal)) from None
    _, limits = level_options(level, rules, seed=seed)
    computer = level_name(level)

    def name(kind: str, typed_kind: str, typed: str) -> str:
        chosen = typed.strip()
        taken_over = kind != PlayerKind.HUMAN and (
            not chosen or chosen == default_name(typed_kind) or _is_level_name(chosen)
        )
        return computer if taken_over else chosen

    return limits, ((x_kind, name(x_kind, form.x_kind, form.x_name)), (o_kind, name(o_kind, form.o_kind, form.o_name)))


def _is_level_name(name: str) -> bool:
    return name in (level_name(level) for level in Level)


def _level_of(session: Session) -> str:
    """The level the session's computer side plays at, or ``custom`` when it is none (or no person plays)."""
    computers = [competitor for competitor in session.competitors if not competitor.is_person]
    if len(computers) != 1:
        return CUSTOM
    level = level_of(computers[0].kind, session.rules, session.limits)
    return CUSTOM if level is None else str(level)


def _whole_number(label: str, text: str, low: int, high: int | None) -> int:
    """``text`` as a whole number from ``low`` to ``high`` (no upper bound when None); FormError otherwise."""
    try:
        return read_whole_number(text.strip(), low, high)
    except NumberError as refusal:
        raise FormError(f"{label} {refusal}") from None


def _check_player(kind: str, rules: Rules, limits: PlayerLimits) -> None:
    """FormError unless the player called ``kind`` can be made for a game by ``rules`` within ``limits``."""
    if kind not in PLAYER_NAMES:
        raise FormError(f"there is no player {kind!r}: choose from {', '.join(PLAYER_NAMES)}")
    try:
        make_player(kind, rules, limits)
    except ValueError as unplayable:  # a player that cannot play this board, or one this version lacks
        raise FormError(str(unplayable)) from None
