"""A recorded game replayed move by move: the board at each position, the move just shown, a text of it all.

A :class:`Replay` is a cursor over a :class:`~tictactoe.game.record.GameRecord`:
position 0 is the game's start (the empty board, or the stones set up)
and position ``n`` the board after ``n`` moves.  The terminal and the window step it (forward, back, to either end)
and draw what it says; :func:`replay_text` writes every position at once,
for a replay read through a pipe.  Nothing here prints.

>>> from datetime import UTC, datetime
>>> from configurations.moves import Move
>>> from configurations.rules import Rules
>>> from tictactoe.game.record import Competitor
>>> moves = tuple(TimedMove(Move.parse(text, 3), 1.0) for text in ("a1", "a2", "b1", "b2", "c1"))
>>> start = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
>>> players = Competitor("ada", "human"), Competitor("rules", "rules")
>>> replay = Replay(GameRecord(*players, Rules.square(3, 3), 0, None, start, start, moves))
>>> replay.forward(), replay.forward(), replay.forward()
(True, True, True)
>>> print(replay.render())
Move 3: X plays b1
  a b c
1 X[X].
2 O . .
3 . . .
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations import Configurations, Side, Winner, draw_board
from tictactoe.game.game import Game, StartingPosition
from tictactoe.game.record import GameRecord, TimedMove, date_text, declared_words

if TYPE_CHECKING:
    from configurations.moves import Move

__all__ = ["RESULT_LINES", "Replay", "replay_text", "result_line"]

#: The line that ends a replayed game, by its result (the words of a game between two named players).
#: The last line of a finished game, by its result: what the terminal prints and a replay shows (exact:
#: docs/players.md).
RESULT_LINES = {Winner.X: "X wins", Winner.O: "O wins", Winner.DRAW: "Game is a draw"}


class Replay:
    """Steps through ``record``, starting at its start.

    Every step costs O(1) (O(length) to check for a line); :meth:`go_to`
    costs O(distance).
    """

    __slots__ = ("_game", "_record")

    def __init__(self, record: GameRecord) -> None:
        self._record = record
        self._game = Game(record.rules, record.max_levels, record.start)

    @property
    def record(self) -> GameRecord:
        """The game replayed."""
        return self._record

    @property
    def position(self) -> int:
        """How many moves are on the board: 0 at the start, ``len(record.moves)`` at the end."""
        return len(self._game.moves)

    @property
    def at_start(self) -> bool:
        """Whether no move is shown yet."""
        return self.position == 0

    @property
    def at_end(self) -> bool:
        """Whether every move is shown."""
        return self.position == len(self._record.moves)

    @property
    def board(self) -> Configurations:
        """The board at this position (read-only: move through the replay)."""
        return self._game.board

    @property
    def last_move(self) -> TimedMove | None:
        """The move that made this position, with its time, or ``None`` at the start."""
        return self._record.moves[self.position - 1] if self.position else None

    @property
    def last_player(self) -> Side | None:
        """Who played :attr:`last_move` (from the empty board, ``X`` at odd positions), ``None`` at the start."""
        if not self.position:
            return None
        return self._record.mover(self.position - 1)

    @property
    def to_move(self) -> Side | None:
        """Who moves next in the position shown; None once the game is over on the board."""
        return self._game.to_move

    @property
    def winning_line(self) -> tuple[Move, ...]:
        """The squares of the line the last move shown made (:attr:`Game.winning_line`); ``()`` when it made none."""
        return self._game.winning_line

    def starting_position(self) -> StartingPosition | None:
        """The position shown, as a new game's start: every stone on the board, and the side to move; None once
        the game is over there.

        >>> from datetime import UTC, datetime
        >>> from configurations.moves import Move
        >>> from configurations.rules import Rules
        >>> from tictactoe.game.record import Competitor
        >>> ada = Competitor("ada")
        >>> rules = Rules.square(3, 3)
        >>> replay = Replay(GameRecord(ada, ada, rules, 0, None, None, None, (TimedMove(Move(1, 1), 1.0),)))
        >>> replay.forward()
        True
        >>> str(replay.starting_position())
        'X b2; O to move'
        """
        mover = self.to_move
        if mover is None:
            return None
        start = self._record.start
        played = {
            side: {move for ply, move in enumerate(self._game.moves) if start.mover(ply) is side} for side in Side
        }
        return StartingPosition(start.x | played[Side.X], start.o | played[Side.O], mover)

    def forward(self) -> bool:
        """Show the next move; ``False`` (nothing changes) at the end."""
        if self.at_end:
            return False
        self._game.play(self._record.moves[self.position].move)
        return True

    def back(self) -> bool:
        """Take the last move shown off the board; ``False`` (nothing changes) at the start."""
        if self.at_start:
            return False
        self._game.undo()
        return True

    def to_start(self) -> None:
        """Go back to the start."""
        self.go_to(0)

    def to_end(self) -> None:
        """Show every move."""
        self.go_to(len(self._record.moves))

    def go_to(self, position: int) -> None:
        """Show the first ``position`` moves; ``IndexError`` outside 0 to ``len(record.moves)``."""
        if not 0 <= position <= len(self._record.moves):
            raise IndexError(f"a position of this game is from 0 to {len(self._record.moves)}, got {position}")
        while self.position < position:
            self.forward()
        while self.position > position:
            self.back()

    def caption(self) -> str:
        """One line on this position: ``Start: X to move`` (``Start: X h8; O i8; X to move`` for stones set
        up) or ``Move 3: X plays b2``."""
        if self.last_move is None:
            return f"Start: {self._record.start}"
        return f"Move {self.position}: {self.last_player} plays {self.last_move.move}"

    def render(self) -> str:
        """The caption and the board drawn by :func:`~configurations.draw_board`, the last move in brackets."""
        lines = draw_board(self.board).split("\n")
        if self.last_move is not None:
            move = self.last_move.move
            # Squares are one character wide (boards have at most 26 columns) and one space apart.
            square = len(str(self.board.board_size)) + 1 + 2 * move.col
            line = lines[move.row + 1]
            lines[move.row + 1] = f"{line[: square - 1]}[{line[square]}]{line[square + 2 :]}"
        return "\n".join([self.caption(), *lines])


def replay_text(record: GameRecord) -> str:
    """Every position of ``record`` rendered, a blank line apart, after two lines on the game and before its result.

    >>> from datetime import UTC, datetime
    >>> from configurations.moves import Move
    >>> from configurations.rules import Rules
    >>> from tictactoe.game.record import Competitor
    >>> start = datetime(2024, 5, 1, 12, 30, tzinfo=UTC)
    >>> players = Competitor("ada", "human"), Competitor("reference", "reference")
    >>> record = GameRecord(*players, Rules.square(1, 1), 0, None, start, start, (TimedMove(Move(0, 0), 0.5),))
    >>> print(replay_text(record))
    ada (human) as X against reference (reference) as O
    1x1, 1 in a row, started 2024-05-01 12:30 UTC
    <BLANKLINE>
    Start: X to move
      a
    1 .
    <BLANKLINE>
    Move 1: X plays a1
      a
    1[X]
    <BLANKLINE>
    X wins
    """
    replay = Replay(record)
    started = "date unknown" if record.started is None else f"started {date_text(record.started)} UTC"
    parts = [
        f"{record.x.name} ({record.x.kind}) as X against {record.o.name} ({record.o.kind}) as O\n"
        f"{record.rules}, {started}",
        replay.render(),
    ]
    while replay.forward():
        parts.append(replay.render())
    parts.append(result_line(record))
    return "\n\n".join(parts)


def result_line(record: GameRecord) -> str:
    """The line that ends a replay: who won, a draw, or, for a game left before its end, whose move it was; with
    how the game ended off the board when its declared result says (``X wins by resignation``).

    >>> from configurations.moves import Move
    >>> from configurations.rules import Rules
    >>> from datetime import UTC, datetime
    >>> from tictactoe.game.record import Competitor
    >>> ada = Competitor("ada", "human")
    >>> result_line(GameRecord(ada, ada, Rules.square(3, 3), 0, None, None, None, (TimedMove(Move(0, 0), 0.5),)))
    'Unfinished: O to move'
    """
    how = "" if record.declared_result is None else declared_words(record.declared_result)
    if record.result is None:
        unfinished = f"Unfinished: {record.mover(len(record.moves))} to move"
        return f"{unfinished} ({how})" if how else unfinished
    return f"{RESULT_LINES[record.result]} {how}" if how else RESULT_LINES[record.result]
