"""What every player offers, and the one small base every computer player derives from.

A player chooses the move of the side to move.  The board it is shown is a
:class:`~configurations.Configurations` holding the game so far;
``mover`` is the symbol it plays for (``"X"`` moves first, so ``X`` is to
move when both have as many tiles).  It returns an empty square and
leaves the board as it found it: that is the :class:`Player` protocol,
all that the session, the tournaments and the interfaces ask of a player,
never knowing which kind they drive.  Every computer player of the project
derives from :class:`ComputerPlayer`, which adds the boards it can play
(:meth:`ComputerPlayer.supports`) and how a game makes it from its
:class:`PlayerOptions` (:meth:`ComputerPlayer.from_options`; see
:mod:`tictactoe.players.registry`).

The board says where the tiles are, not in which order they came.  A
player that needs the order too -- a program of the Gomoku AI protocol,
whose ``BOARD`` lists the stones in the order they were played -- also
offers :meth:`MovesPlayer.choose_after`, and a game loop that knows its
moves asks through :func:`choose_move`, which hands them to the players
that want them and calls every other player's ``choose`` as before.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, NamedTuple, Protocol, Self, runtime_checkable

from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move

__all__ = [
    "DEFAULT_THINK",
    "ComputerPlayer",
    "MovesPlayer",
    "Player",
    "PlayerOptions",
    "UnsupportedBoardError",
    "choose_move",
    "tic_tac_toe_only",
]

#: The ``strong`` player's seconds a move when none is given.
DEFAULT_THINK = 1.0


class UnsupportedBoardError(ValueError):
    """A player was asked to play a board it cannot play (``perfect`` on 4x4, say); the message says why."""


class PlayerOptions(NamedTuple):
    """What a game tells the players it makes: the board, the search depth, the time a move, the seed."""

    size: int
    length: int
    max_levels: int
    #: Seconds a move for the players that work to a clock (``strong``).
    think: float = DEFAULT_THINK
    #: Makes every random choice repeatable; ``None`` draws a fresh seed.
    seed: int | None = None
    #: The bytes the reference search's table may take (``None``: a quarter of the machine's memory).
    memory: int | None = None


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
    def from_options(cls, options: PlayerOptions) -> Self:
        """The player a game with ``options`` asks for; :class:`UnsupportedBoardError` where it cannot play."""

    @classmethod
    def supports(cls, board_size: int, length_to_win: int) -> str | None:
        """Why the player cannot play ``board_size`` boards with ``length_to_win`` in a row; None when it can.

        Every board, unless a player says otherwise.
        """
        return None

    @classmethod
    def require_board(cls, board_size: int, length_to_win: int) -> None:
        """Return when the player can play such a board; :class:`UnsupportedBoardError` saying why otherwise."""
        reason = cls.supports(board_size, length_to_win)
        if reason is not None:
            raise UnsupportedBoardError(reason)

    @abstractmethod
    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """An empty square of ``board`` for ``mover`` to play, as :meth:`Player.choose` promises."""


def tic_tac_toe_only(name: str, knows: str, board_size: int, length_to_win: int) -> str | None:
    """Why the player ``name``, which ``knows`` only 3x3 with 3 in a row, cannot play this board; None on 3x3.

    >>> tic_tac_toe_only("rules", "the game its rules are for", 3, 2)
    'rules plays only 3x3 with 3 in a row, the game its rules are for, not 3x3 with 2 in a row'
    """
    if (board_size, length_to_win) == (3, 3):
        return None
    return (
        f"{name} plays only 3x3 with 3 in a row, {knows}, not {board_size}x{board_size} with {length_to_win} in a row"
    )
