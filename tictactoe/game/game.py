"""One game of k-in-a-row as data: the board, whose turn it is, the moves so far, the result.

A :class:`Game` knows the rules of play -- ``X`` moves first, the players
take turns, a game ends when the player who just moved has a line or the
board is full -- and keeps the moves played, with the ones taken back
ready to be played again.  It never prints and never searches: the
terminal and the window drive it, and players choose its moves.

The game is played by its :class:`~configurations.rules.Rules`: its
board's win test is the variant's (exactly k in standard, five for black
and five or more for white in renju, an unblocked line in caro), and under
renju a point forbidden for black (``X``) is refused as a move, with the
reason (:class:`ForbiddenMoveError`).  Under an opening rule the stones the
players place before choosing colours are ordinary moves, black first: who
places them is the session's business (:mod:`tictactoe.game.openings`).

A game may start from a :class:`StartingPosition` instead of the empty
board: stones set up on it before the first move (SGF's ``AB``/``AW``, or
a position of another game to play on from) and the side that moves
first there.

>>> game = Game(Rules.square(3, 3))
>>> for text in ("b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"):
...     game.play(game.parse(text))
>>> game.result, game.to_move
(<Winner.DRAW: 'draw'>, None)
>>> game.undo(), game.result, game.to_move
(Move(row=2, col=2), None, <Side.X: 'X'>)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from configurations import Configurations, Side, Winner
from configurations.lines import winning_line
from configurations.moves import Move, MoveError, OccupiedSquareError, quoted
from configurations.rules import Rules, Variant
from configurations.variants import ForbiddenPoint, renju_foul, renju_fouls

__all__ = [
    "EMPTY_START",
    "ForbiddenMoveError",
    "Game",
    "GameOverError",
    "StartingPosition",
    "StartingPositionError",
    "winning_squares",
]


class GameOverError(MoveError):
    """A move was offered after the game had ended."""


class ForbiddenMoveError(MoveError):
    """Black offered a point renju forbids: the message says why (``h8 is forbidden for black: double three
    (h8-h6, h8-f6)``), and :attr:`forbidden` holds the reason as a value."""

    def __init__(self, forbidden: ForbiddenPoint) -> None:
        super().__init__(str(forbidden))
        self.forbidden = forbidden


class StartingPositionError(ValueError):
    """Stones that cannot start a game: off the board, on one square twice, or a game already over."""


@dataclass(frozen=True, slots=True)
class StartingPosition:
    """The board a game starts from: ``x`` and ``o``, the squares of each side's stones, and ``to_move``.

    >>> start = StartingPosition(frozenset({Move(1, 1)}), frozenset(), Side.O)
    >>> start.mover(0), start.mover(1), start.is_empty, str(start)
    (<Side.O: 'O'>, <Side.X: 'X'>, False, 'X b2; O to move')
    """

    x: frozenset[Move] = frozenset()
    o: frozenset[Move] = frozenset()
    to_move: Side = Side.X

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", frozenset(self.x))
        object.__setattr__(self, "o", frozenset(self.o))
        object.__setattr__(self, "to_move", Side(self.to_move))
        both = self.x & self.o
        if both:
            raise StartingPositionError(f"{min(both)} holds a stone of X and one of O")

    @property
    def is_empty(self) -> bool:
        """Whether this is the usual start: the empty board, X to move."""
        return not self.x and not self.o and self.to_move is Side.X

    @property
    def stones(self) -> int:
        """How many stones are set up."""
        return len(self.x) + len(self.o)

    @property
    def reachable(self) -> bool:
        """Whether play from the empty board can reach it: X has as many stones as O and moves, or one more and
        O moves.  The searches count the stones to know whose turn it is, so they play only such positions."""
        more = len(self.x) - len(self.o)
        return more == (0 if self.to_move is Side.X else 1)

    def mover(self, ply: int) -> Side:
        """Who makes move ``ply`` (from 0) of a game from this position."""
        return self.to_move if ply % 2 == 0 else self.to_move.opponent

    def squares(self, side: Side) -> tuple[Move, ...]:
        """The squares of ``side``'s stones, row by row."""
        return tuple(sorted(self.x if side is Side.X else self.o))

    def __str__(self) -> str:
        """The stones and whose turn, as the replay and the review state a position set up (``X b2; O to move``)."""
        parts = [f"{side} {' '.join(map(str, self.squares(side)))}" for side in Side if self.squares(side)]
        return "; ".join([*parts, f"{self.to_move} to move"])


#: The usual start of a game: the empty board, X to move.
EMPTY_START = StartingPosition()


class Game:
    """A game played by ``rules`` (on a square board), from ``start`` (the empty board).

    ``board`` is the game's own :class:`~configurations.Configurations`
    (searched to ``max_levels`` by whoever asks it for a move); change it
    only through :meth:`play`, :meth:`undo` and :meth:`redo`.
    :class:`StartingPositionError` for a start whose stones lie off the
    board, or that is over already (a line, or no empty square).
    """

    __slots__ = ("_board", "_flagged", "_played", "_result", "_rules", "_start", "_undone")

    def __init__(self, rules: Rules, max_levels: int = 0, start: StartingPosition = EMPTY_START) -> None:
        self._rules = rules
        self._board = _board_for(rules, max_levels)
        self._played: list[Move] = []
        self._undone: list[Move] = []  # the moves taken back, the latest last
        self._result: Winner | None = None
        self._flagged: Side | None = None  # the side whose time ran out, which lost the game on time
        self._start = start
        if not start.is_empty:
            self._set_up(start)

    def _set_up(self, start: StartingPosition) -> None:
        board, size = self._board, self._board.board_size
        for side in Side:
            for move in start.squares(side):
                if not (0 <= move.row < size and 0 <= move.col < size):
                    raise StartingPositionError(f"the stone of {side} on {move!r} is off the {size}x{size} board")
                board.save_play(move.row, move.col, side)
        for side in Side:
            if board.wins(side):
                raise StartingPositionError(f"the starting position is over already: {side} has a line")
        if start.stones == size * size:
            raise StartingPositionError("the starting position is over already: no square is empty")

    @property
    def rules(self) -> Rules:
        """The rules the game is played by."""
        return self._rules

    @property
    def start(self) -> StartingPosition:
        """The position the game started from."""
        return self._start

    @property
    def board(self) -> Configurations:
        """The board as it stands (read-only: play through the game)."""
        return self._board

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move played so far, in order (the stones of the start are none of them); the side to move at the
        start made the even-numbered ones."""
        return tuple(self._played)

    @property
    def last_move(self) -> Move | None:
        """The move played last, or ``None`` before the first."""
        return self._played[-1] if self._played else None

    @property
    def to_move(self) -> Side | None:
        """The side that moves next; ``None`` once the game is over."""
        if self._result is not None:
            return None
        return self._start.mover(len(self._played))

    @property
    def result(self) -> Winner | None:
        """``"X"`` or ``"O"`` when that player has won, ``"draw"`` for a full board, ``None`` while in play."""
        return self._result

    @property
    def flagged(self) -> Side | None:
        """The side that lost on time (:meth:`lose_on_time`), or ``None``."""
        return self._flagged

    def lose_on_time(self) -> None:
        """End the game as lost on time by the side to move, whose time ran out: the other side wins, the board
        as it stands.  ``GameOverError`` when the game is over already."""
        mover = self.to_move
        if mover is None:
            raise GameOverError("the game is over: no time can run out")
        self._flagged = mover
        self._result = Winner.of(mover.opponent)

    @property
    def winning_line(self) -> tuple[Move, ...]:
        """The squares of the line that won the game, in order along it (the last move among them); ``()`` while
        nobody has won, and after a draw.

        >>> game = Game(Rules.square(3, 3))
        >>> for text in ("a1", "b1", "a2", "b2", "a3"):
        ...     game.play(game.parse(text))
        >>> [str(square) for square in game.winning_line]
        ['a1', 'a2', 'a3']
        """
        if self._result not in (Winner.X, Winner.O) or self._flagged is not None:
            return ()
        return winning_squares(self._rules, self._start, self._played)

    def forbidden_points(self) -> tuple[ForbiddenPoint, ...]:
        """The points black may not play now, row by row, each with its reason: some only under renju with black
        (``X``) to move, none otherwise."""
        if self._rules.variant is not Variant.RENJU or self.to_move is not Side.X:
            return ()
        rules = self._rules
        return renju_fouls(self._board.configuration(), rules.rows, rules.cols)

    @property
    def can_undo(self) -> bool:
        """Whether a move has been played that :meth:`undo` could take back."""
        return bool(self._played)

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has a move taken back to play again."""
        return bool(self._undone)

    def parse(self, text: str) -> Move:
        """The empty square that ``text`` names (``"b3"``), for the player to move.

        ``MoveError`` with a one-line reason echoing ``text`` when there is
        none: ``InvalidMoveError`` for what is not a move,
        ``OffBoardMoveError`` for a square off the board,
        ``OccupiedSquareError`` for a taken square, ``GameOverError`` once
        the game has ended.

        >>> game = Game(Rules.square(3, 3))
        >>> game.play(game.parse("b2"))
        >>> game.parse(" B2 ")
        Traceback (most recent call last):
        ...
        configurations.moves.OccupiedSquareError: 'B2' is already taken: choose an empty square
        """
        move = Move.parse(text, self._board.board_size)
        self._check(move, text.strip())
        return move

    def play(self, move: Move) -> None:
        """Play ``move`` for the player to move; the moves taken back are then forgotten.

        ``MoveError`` (the game unchanged) when the square is taken or off
        the board, or the game is over.
        """
        self._check(move, str(move))
        self._place(move)
        self._undone.clear()

    def undo(self) -> Move:
        """Take back the last move and return it; it can be played again by :meth:`redo`.

        ``IndexError`` when no move has been played.
        """
        if not self._played:
            raise IndexError("no move to take back")
        move = self._played.pop()
        self._board.save_play(move.row, move.col, " ")
        self._result = None
        self._flagged = None
        self._undone.append(move)
        return move

    def redo(self) -> Move:
        """Play again the move taken back last, and return it.  ``IndexError`` when there is none."""
        if not self._undone:
            raise IndexError("no move to play again")
        move = self._undone.pop()
        self._place(move)
        return move

    def _check(self, move: Move, typed: str) -> None:
        if self._result is not None:
            raise GameOverError(f"the game is over: {quoted(typed)} cannot be played")
        size = self._board.board_size
        if not (0 <= move.row < size and 0 <= move.col < size):
            raise Move.off_board(typed, size)
        if not self._board.square_is_empty(move.row, move.col):
            raise OccupiedSquareError(f"{quoted(typed)} is already taken: choose an empty square")
        if self._rules.variant is Variant.RENJU and self._start.mover(len(self._played)) is Side.X:
            forbidden = renju_foul(self._board.configuration(), self._rules.rows, self._rules.cols, move)
            if forbidden is not None:
                raise ForbiddenMoveError(forbidden)

    def _place(self, move: Move) -> None:
        mover = self._start.mover(len(self._played))  # the game is not over: _check said so
        board = self._board
        board.save_play(move.row, move.col, mover)
        self._played.append(move)
        # Only the player who just moved can have made a line.
        if board.wins(mover):
            self._result = Winner.of(mover)
        elif len(self._played) + self._start.stones == board.board_size**2:
            self._result = Winner.DRAW


def _board_for(rules: Rules, max_levels: int) -> Configurations:
    """The board of a game by ``rules``: the assignment's own for freestyle (its win test, at its speed), else one
    whose win test is the variant's."""
    if rules.variant is Variant.FREESTYLE:
        return Configurations(rules.size, rules.k, max_levels)
    return Configurations.for_rules(rules, max_levels)


def winning_squares(rules: Rules, start: StartingPosition, moves: Sequence[Move]) -> tuple[Move, ...]:
    """The squares of the line the last of ``moves``, played from ``start``, made; ``()`` when it made none.

    :func:`~configurations.lines.winning_line` reads the mover's stones as
    every other move back from the last; from a position set up they are
    not, so it is handed the mover's stones that way, each twice.

    >>> start = StartingPosition(frozenset({Move(0, 0), Move(0, 1)}), frozenset({Move(1, 0)}), Side.X)
    >>> [str(square) for square in winning_squares(Rules.square(3, 3), start, [Move(0, 2)])]
    ['a1', 'b1', 'c1']
    """
    if not moves:
        return ()
    last = moves[-1]
    mover = start.mover(len(moves) - 1)
    mine = [*start.squares(mover), *(move for ply, move in enumerate(moves[:-1]) if start.mover(ply) is mover)]
    stones = [*itertools.chain.from_iterable((stone, stone) for stone in mine), last]
    return winning_line(rules.rows, rules.k, stones, cols=rules.cols)
