"""What every player offers, and the one small base every computer player derives from.

A player chooses the move of the side to move.  The board it is shown is a
:class:`~configurations.Configurations` holding the game so far;
``mover`` is the symbol it plays for (``"X"`` moves first, so ``X`` is to
move when both have as many tiles).  It returns an empty square and
leaves the board as it found it: that is the :class:`Player` protocol,
all that the session, the tournaments and the interfaces ask of a player,
never knowing which kind they drive.  Every computer player of the project
derives from :class:`ComputerPlayer`, which adds the boards it can play
(:meth:`ComputerPlayer.supports`) and how a game makes it from the game's
:class:`~configurations.rules.Rules` and the player's own
:class:`PlayerLimits` (:meth:`ComputerPlayer.from_options`; see
:mod:`tictactoe.players.registry`).

The board says where the tiles are, not in which order they came.  A
player that needs the order too -- a program of the Gomoku AI protocol,
whose ``BOARD`` lists the stones in the order they were played -- also
offers :meth:`MovesPlayer.choose_after`, and a game loop that knows its
moves asks through :func:`choose_move`, which hands them to the players
that want them and calls every other player's ``choose`` as before.

A player that can take either part of a swap opening (docs/playing.md)
also offers :class:`OpeningPlayer`'s two methods: the stones it places as
the first player (or as swap2's second, choosing two more), and the colour
it chooses on the stones placed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, NamedTuple, Protocol, Self, runtime_checkable

from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move
from configurations.rules import Opening, OpeningChoice, Rules, Variant

__all__ = [
    "DEFAULT_THINK",
    "TIC_TAC_TOE",
    "ClockedPlayer",
    "ComputerPlayer",
    "MovesPlayer",
    "OpeningPlayer",
    "Player",
    "PlayerLimits",
    "UnsupportedBoardError",
    "choose_move",
    "free_opening_only",
    "freestyle_only",
    "tic_tac_toe_only",
]

#: The ``strong`` player's seconds a move when none is given.
DEFAULT_THINK = 1.0


class UnsupportedBoardError(ValueError):
    """A player was asked to play a board it cannot play (``perfect`` on 4x4, say); the message says why."""


class PlayerLimits(NamedTuple):
    """A computer player's own limits, apart from the game's rules: the search depth, the time a move, the seed,
    the memory, and the strong search's move order and its setting of the wins by fours below its root."""

    max_levels: int
    #: Seconds a move for the players that work to a clock (``strong``).
    think: float = DEFAULT_THINK
    #: Makes every random choice repeatable; ``None`` draws a fresh seed.
    seed: int | None = None
    #: The bytes the reference search's table may take (``None``: a quarter of the machine's memory).
    memory: int | None = None
    #: The strong search's move order by name (:mod:`tictactoe.solver.move_orders`); ``None``: its default.
    order: str | None = None
    #: The strong search's wins by fours below its root by name (:mod:`tictactoe.solver.tree_threats`); ``None``:
    #: its default.
    threats: str | None = None


class Player(Protocol):
    """Chooses moves for one side."""

    @property
    def name(self) -> str:
        """The name the player goes by on the command line (``reference``, ``strong``, ...)."""
        ...

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """An empty square of ``board`` for ``mover`` to play; the board is left as it was found.

        A player that searches adds the positions it tries to ``stats.nodes``
        as it goes, so that an interface can show them climbing.
        """
        ...


@runtime_checkable
class MovesPlayer(Protocol):
    """A player that also reads the moves of the game so far, in the order they were played."""

    def choose_after(
        self, moves: Sequence[Move], board: Configurations, mover: Symbol, stats: SearchStats | None = None
    ) -> Move:
        """What :meth:`Player.choose` answers on ``board``, which ``moves`` (``X``'s first) led to."""
        ...


@runtime_checkable
class ClockedPlayer(Protocol):
    """A player that works to a clock: its seconds a move may be set before each move (a game with clocks gives
    it the share of what it has left that the brain's budget gives)."""

    think: float


@runtime_checkable
class OpeningPlayer(Protocol):
    """A player that can place the stones of a swap opening and choose a colour on them."""

    def place_opening(self, board: Configurations, count: int) -> tuple[Move, ...]:
        """``count`` stones to place on ``board`` (which holds the opening's stones so far), in order: they
        alternate black and white, from the colour whose turn it is; the board is left as it was found."""
        ...

    def choose_colour(self, board: Configurations, options: Sequence[OpeningChoice]) -> OpeningChoice:
        """The one of ``options`` the player takes on ``board``, the opening's stones placed, white to move."""
        ...


def choose_move(
    player: Player,
    board: Configurations,
    mover: Symbol,
    moves: Sequence[Move] | None = None,
    stats: SearchStats | None = None,
) -> Move:
    """``player``'s move on ``board``: :meth:`MovesPlayer.choose_after` with ``moves`` when the player reads the
    order of play and the caller knows it (``moves`` not ``None``), else :meth:`Player.choose`."""
    if moves is not None and isinstance(player, MovesPlayer):
        return player.choose_after(moves, board, mover, stats)
    return player.choose(board, mover, stats)


class ComputerPlayer(ABC):
    """The base of every computer player: its name, the boards it plays, how a game makes it, its choice."""

    #: The name the player goes by on the command line (``reference``, ``strong``, ...).
    name: ClassVar[str]

    @classmethod
    @abstractmethod
    def from_options(cls, rules: Rules, limits: PlayerLimits) -> Self:
        """The player a game played by ``rules`` asks for, within ``limits``; :class:`UnsupportedBoardError` where
        it cannot play those rules."""

    @classmethod
    def supports(cls, rules: Rules) -> str | None:
        """Why the player cannot play a game by ``rules``; None when it can.

        Every board of freestyle with a free opening, unless a player says otherwise.
        """
        return freestyle_only(cls.name, rules)

    @classmethod
    def require_rules(cls, rules: Rules) -> None:
        """Return when the player can play by ``rules``; :class:`UnsupportedBoardError` saying why otherwise."""
        reason = cls.supports(rules)
        if reason is not None:
            raise UnsupportedBoardError(reason)

    @abstractmethod
    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """An empty square of ``board`` for ``mover`` to play, as :meth:`Player.choose` promises."""


def freestyle_only(name: str, rules: Rules) -> str | None:
    """Why the player ``name``, which plays freestyle from a free opening only, cannot play by ``rules``; None
    when it can.

    >>> freestyle_only("reference", Rules.square(15, 5, variant="renju"))
    'reference plays freestyle only, not renju'
    >>> freestyle_only("reference", Rules.square(15, 5, opening="swap2"))
    'reference plays the free opening only, not swap2'
    """
    if rules.variant is not Variant.FREESTYLE:
        return f"{name} plays freestyle only, not {rules.variant}"
    return free_opening_only(name, rules)


def free_opening_only(name: str, rules: Rules) -> str | None:
    """Why the player ``name``, which plays every variant from a free opening, cannot play by ``rules``; None
    when it can: the engine players'.

    >>> free_opening_only("strong", Rules.square(15, 5, variant="renju")) is None
    True
    >>> free_opening_only("strong", Rules.square(15, 5, opening="swap2"))
    'strong plays the free opening only, not swap2'
    """
    if rules.opening is not Opening.FREE:
        return f"{name} plays the free opening only, not {rules.opening}"
    return None


#: The only game the 3x3 players know.
TIC_TAC_TOE = Rules.square(3, 3)


def tic_tac_toe_only(name: str, knows: str, rules: Rules) -> str | None:
    """Why the player ``name``, which ``knows`` only 3x3 with 3 in a row, cannot play by ``rules``; None on 3x3.

    >>> tic_tac_toe_only("rules", "the game its rules are for", Rules.square(3, 2))
    'rules plays only 3x3 with 3 in a row, the game its rules are for, not 3x3 with 2 in a row'
    """
    if rules == TIC_TAC_TOE:
        return None
    if (rules.rows, rules.cols, rules.k) == (3, 3, 3):
        return freestyle_only(name, rules)
    return f"{name} plays only 3x3 with 3 in a row, {knows}, not {rules.rows}x{rules.cols} with {rules.k} in a row"
