"""A session: games in a row between the same two competitors, with undo, redo, hints and tallies (docs/history.md).

The session knows who sits at each side -- a person or a computer
player, each with a name -- and drives a :class:`~tictactoe.game.game.Game`
for them: it asks a computer player for its move, times every move (and
keeps the game's clocks, when it has them), takes back a person's move
together with the computer's reply, and counts the wins and draws of the
games it has seen.  It knows nothing of terminals or
windows: they ask it what to show and tell it what the person did.

Under a swap opening (:mod:`tictactoe.game.openings`) the competitor who
would be ``X`` places the first stones and the other chooses a colour (or,
under swap2, places two more and lets the first choose): :attr:`Session.to_move`
is who places, :attr:`Session.chooser` who chooses, and :attr:`Session.x` and
:attr:`Session.o` follow the choice.

>>> from configurations.rules import Rules
>>> from tictactoe.players.registry import PlayerLimits
>>> session = Session(Rules.square(3, 3), PlayerLimits(9), Competitor("Ada"), Competitor("Computer", "reference"))
>>> session.play(session.game.parse("b2"))
>>> reply = session.computer_move()
>>> session.play(reply)
>>> session.undo()
[Move(row=2, col=0), Move(row=1, col=1)]
>>> session.game.moves
()
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, NamedTuple

from configurations import SearchStats, Side
from configurations.moves import Move
from configurations.rules import Opening
from tictactoe.game.clocks import TimeControl
from tictactoe.game.game import EMPTY_START, Game, StartingPosition
from tictactoe.game.openings import FIRST_STONES, OpeningChoiceError, OpeningPlay, Role
from tictactoe.game.record import KEPT_PROPERTIES, Competitor, GameRecord
from tictactoe.players.base import ClockedPlayer, OpeningPlayer
from tictactoe.players.registry import DEFAULT_THINK, PlayerKind, PlayerLimits, make_player
from tictactoe.solver.timing import move_budget

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from configurations.rules import OpeningChoice, Rules
    from tictactoe.game.history import History
    from tictactoe.game.journal import Journal
    from tictactoe.players.base import Player

__all__ = ["Session", "Tally"]


class Tally(NamedTuple):
    """Games won by each competitor (in the order the session was given them) and games drawn."""

    first: int = 0
    second: int = 0
    draws: int = 0

    def adding(self, winner: int | None) -> Tally:
        """This tally with one more game: won by competitor 0 or 1, or drawn (``None``)."""
        return Tally(self.first + (winner == 0), self.second + (winner == 1), self.draws + (winner is None))


class Session:
    """Games played by ``rules`` between ``first`` (``X`` in the first game) and ``second``, each computer player
    within ``limits``.

    Every game starts from ``start`` -- by default the empty board, ``X``
    to move; a position to play on from -- and then plays the ``opening``
    moves, alternately from the side to move there (``MoveError`` when one
    cannot be played).  Making the computer players can raise what
    :func:`~tictactoe.players.registry.make_player` raises, before anything
    else happens; ``ValueError`` for a start that is over already, or that a
    computer player cannot play from (the searches count the stones to know
    whose turn it is: :attr:`~tictactoe.game.game.StartingPosition.reachable`),
    and for opening moves or a start under a swap opening, whose stones are
    placed on the empty board.

    With ``clocks`` (:mod:`tictactoe.game.clocks`) each side's moves are
    timed against the rule on ``now``'s clock (seconds, ``time.monotonic``'s
    unless a test gives its own): a move made after its side's time ran out
    is not played, and the game is lost on time instead
    (:attr:`~tictactoe.game.game.Game.flagged`); a computer player that
    works to a clock is given the share of what it has left that the
    brain's budget gives (:func:`~tictactoe.solver.timing.move_budget`).
    """

    def __init__(
        self,
        rules: Rules,
        limits: PlayerLimits,
        first: Competitor,
        second: Competitor,
        *,
        opening: Sequence[Move] = (),
        start: StartingPosition = EMPTY_START,
        clocks: TimeControl | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rules = rules
        #: The clocks' rule, or None for a game without clocks.
        self.clocks = clocks
        self._now = now
        self._flag_seconds = 0.0  # how long the move whose time ran out had taken when the flag fell
        # Each side's (X's, then O's) thinking before an undo or a redo: on its clock, though in no move's time.
        self._thought = [0.0, 0.0]
        # Game information a resumed record came with (another program's), written back with the game.
        self._properties: tuple[tuple[str, tuple[str, ...]], ...] = ()
        self.limits = limits
        self.competitors = (first, second)
        # Each competitor's computer player (None for a person), made once for the session's rules and limits.
        self._players = tuple(make_player(competitor.kind, rules, limits) for competitor in self.competitors)
        Game(rules, limits.max_levels, start)  # a start that is over is refused first
        if not start.reachable and any(player is not None for player in self._players):
            raise ValueError(
                f"a computer player cannot play from this position ({start}): it takes X to move when X has as many "
                f"stones as O, and O when X has one more (here X {len(start.x)}, O {len(start.o)})"
            )
        if rules.opening is not Opening.FREE and (opening or not start.is_empty):
            raise ValueError(f"a {rules.opening} opening is placed on the empty board: it takes no opening moves")
        self.start = start
        self.opening = tuple(opening)
        self._first_index = 0  # which competitor places the first stones (or plays X under the free opening)
        self._x_index = 0  # which competitor plays X in the current game
        #: The current game's opening rule as played so far.
        self.opening_play = OpeningPlay(rules.opening)
        self._planned: list[Move] = []  # the stones a computer player means to place, the next first
        self._past = Tally()  # the games before the current one
        self._started = 0.0
        self._seconds: list[float | None] = []  # how long each move of the current game took (None: not known)
        #: When the current game started (UTC).
        self.started = datetime.now(UTC)
        #: The id the current game is kept under in a history, once saved there (or resumed from there).
        self.game_id: int | None = None
        self._journal: Journal | None = None  # where each change of the game is written, as it happens
        self.game = self._new_game()

    @classmethod
    def resume(
        cls,
        record: GameRecord,
        game_id: int | None = None,
        *,
        think: float | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> Session:
        """A session that plays on the game ``record`` left before its end, with its players and settings.

        The record's moves are played again with their times; ``game_id`` is
        the id it is kept under, so that saving it again replaces it.
        ``think`` overrides the record's (or the default) seconds a move.
        The clocks are the record's (``TM`` and ``OT``), each side's time
        used the sum of its moves' times.
        ``ValueError`` when the game is over: there is nothing to play on.
        """
        if record.result is not None:
            raise ValueError("the game is over: there is nothing to resume")
        seconds = think if think is not None else record.think if record.think is not None else DEFAULT_THINK
        limits = PlayerLimits(record.max_levels, seconds)
        x, o = Competitor(record.x.name, record.x.kind), Competitor(record.o.name, record.o.kind)
        clocks = TimeControl.from_properties(record.properties)
        session = cls(record.rules, limits, x, o, start=record.start, clocks=clocks, now=now)
        session._properties = record.properties
        session.opening_play = record.opening_play
        if record.opening_play.black is Role.SECOND:  # x, who had black, answered the first player's stones
            session._first_index = 1
        for timed in record.moves:
            session.game.play(timed.move)
        session._seconds = [timed.seconds for timed in record.moves]
        session.started = record.started if record.started is not None else session.started
        session.game_id = game_id
        return session

    def keep_in(self, journal: Journal) -> None:
        """Write the current game and every game after it to ``journal`` as they are played: now (the game's
        start, or a resumed game as it stands), then after each move, undo, redo, choice of colour and new game."""
        self._journal = journal
        journal.write(self)

    def leave(self) -> int | None:
        """The current game is left as it stands (quit, Ctrl-C, the program ended): the id it is kept under,
        unfinished, in the journal's history; None when it is not (no journal, the game over, nothing worth
        keeping, or the file failed: the journal's problem says so).  The session writes nothing more after."""
        journal, self._journal = self._journal, None
        return None if journal is None else journal.leave(self)

    def _kept(self) -> None:
        """Tell the journal, if there is one, that the game changed."""
        if self._journal is not None:
            self._journal.write(self)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` has something to take back: a move, and with a person playing, one of theirs; before
        the colours of a swap opening are chosen, a stone a person placed since the last choice."""
        if not self.opening_play.settled:
            return self._can_take_back_stone()
        if self.game.flagged is not None:
            return False  # a flag that fell stays fallen
        return self.game.can_undo and (not self._has_person() or self._person_has_moved())

    @property
    def has_person(self) -> bool:
        """Whether a person plays a side."""
        return self._has_person()

    @property
    def left_unfinished(self) -> bool:
        """Whether the current game is not over and holds something worth keeping: a move besides the fixed opening
        moves -- under a swap opening a stone placed or a colour chosen counts, since a player did it."""
        played = len(self.game.moves) > len(self.opening) or bool(self.opening_play.choices)
        return self.game.result is None and played

    @property
    def x(self) -> Competitor:
        """Who plays ``X`` in the current game."""
        return self.competitors[self._x_index]

    @property
    def o(self) -> Competitor:
        """Who plays ``O`` in the current game."""
        return self.competitors[1 - self._x_index]

    def side(self, side: Side) -> Competitor:
        """Who plays ``side`` in the current game."""
        return self.competitors[self._index_of(side)]

    @property
    def to_move(self) -> Competitor | None:
        """Who moves (or places an opening's stone) next; ``None`` once the game is over, or while a colour is
        being chosen (:attr:`chooser`)."""
        index = self._actor_index()
        return None if index is None else self.competitors[index]

    @property
    def chooser(self) -> Competitor | None:
        """Who chooses under a swap opening now (:attr:`opening_options` says what); ``None`` when nobody does."""
        role = self.opening_play.chooser
        return None if role is None else self.competitors[self._role_index(role)]

    @property
    def opening_options(self) -> tuple[OpeningChoice, ...]:
        """What :attr:`chooser` may choose now; empty when nobody chooses."""
        return self.opening_play.options

    def role(self, role: Role) -> Competitor:
        """Who has ``role`` in the current game's opening: the first places the first stones."""
        return self.competitors[self._role_index(role)]

    def choose(self, choice: OpeningChoice) -> None:
        """Make the :attr:`chooser`'s ``choice``; once a colour is taken, :attr:`x` and :attr:`o` follow it.

        ``OpeningChoiceError`` when nobody chooses now or ``choice`` is not an option.
        """
        self.opening_play = self.opening_play.choosing(choice)
        self._settle()
        self._kept()

    def computer_choice(self) -> OpeningChoice:
        """What the computer player choosing now chooses (not yet made); ``ValueError`` when a person chooses or
        nobody does."""
        role = self.opening_play.chooser
        player = None if role is None else self._players[self._role_index(role)]
        if not isinstance(player, OpeningPlayer):
            raise ValueError("it is not a computer player's choice")
        choice = player.choose_colour(self.game.board, self.opening_options)
        if choice not in self.opening_options:
            raise OpeningChoiceError(f"the computer chose {choice}, which is not a choice here")
        return choice

    def time_used(self, side: Side) -> float:
        """The seconds ``side``'s moves of the current game have taken, the move it is making now not counted
        (the opening's stones are nobody's)."""
        start, fixed = self.game.start, self._fixed_moves()
        timed = enumerate(self._seconds)
        moves = sum(seconds or 0.0 for ply, seconds in timed if ply >= fixed and start.mover(ply) == side)
        return moves + self._thought[side is Side.O]

    def time_left(self, side: Side) -> float | None:
        """The seconds left on ``side``'s clock of the game, the move it is making now (or was making when its
        flag fell) counted: None without a time a game; 0 or below once it ran out."""
        if self.clocks is None or self.clocks.game is None:
            return None
        left = self.clocks.game - self.time_used(side)
        if side == self.game.flagged:
            return left - self._flag_seconds
        return left - self.move_elapsed() if side == self.clock_running else left

    def move_time_left(self) -> float | None:
        """The seconds the side to move has left for its move, by the time a move and by its clock of the game:
        None without clocks, or when no move is being made (the game over, an opening's stones, a choice)."""
        mover = self.clock_running
        if self.clocks is None or mover is None:
            return None
        lefts = [self.clocks.move - self.move_elapsed()] if self.clocks.move is not None else []
        game_left = self.time_left(mover)
        return min([*lefts, *([] if game_left is None else [game_left])])

    def out_of_time(self) -> bool:
        """Whether the side to move has let its time run out: its next move loses on time."""
        left = self.move_time_left()
        return left is not None and left <= 0

    def flag_if_out_of_time(self) -> bool:
        """End the game on time when the side to move's time has run out (:meth:`out_of_time`); whether it did.
        The window calls it as the time runs out, the terminal when a move is entered."""
        if not self.out_of_time():
            return False
        self._flag_seconds = self.move_elapsed()
        self.game.lose_on_time()
        self._kept()
        return True

    @property
    def clock_running(self) -> Side | None:
        """The side whose clock runs: the side to move, once the opening's stones and choices are over; None
        once the game is over (clocks or none)."""
        return self.game.to_move if self.opening_play.settled and self.opening_play.placer is None else None

    def start_move_clock(self) -> None:
        """Start the time of the move now being made again: a pause the program makes before a computer's move
        (``--delay``, so that a game can be watched) is no player's time."""
        self._started = self._now()

    def _charge_thinking(self) -> None:
        """Put the time the side to move has thought since the last move on its clock, before an undo or a redo
        starts the move's time again: taking moves back gives their time back, never the thinking since."""
        mover = self.clock_running
        if self.clocks is not None and mover is not None:
            self._thought[mover is Side.O] += self.move_elapsed()
        self._started = self._now()

    def move_elapsed(self) -> float:
        """The seconds since the move now being made began."""
        return self._now() - self._started

    @property
    def move_seconds(self) -> tuple[float | None, ...]:
        """How long each move of the current game took, from the previous move (or the start) to it."""
        return tuple(self._seconds)

    @property
    def tally(self) -> Tally:
        """The session's wins and draws, the current game included once it is over."""
        return self._past if self.game.result is None else self._past.adding(self._winner_index())

    def computer_move(self, stats: SearchStats | None = None) -> Move:
        """The move the computer player to move chooses (not yet played).

        ``ValueError`` when nobody, or a person, is to move.
        """
        mover = self.game.to_move
        index = self._actor_index()
        player = None if index is None else self._players[index]
        if mover is None or player is None:
            raise ValueError("it is not a computer player's turn")
        if self.opening_play.placer is not None:
            return self._planned_stone(player)
        if isinstance(player, ClockedPlayer):
            player.think = self._think_budget()
        return player.choose(self.game.board, mover, stats)

    def _think_budget(self) -> float:
        """The seconds a computer player that works to a clock is given for its move: ``--think``, or less where
        the clocks leave less -- the brain's share (:func:`~tictactoe.solver.timing.move_budget`) of what the move
        and the game have left, so that it never lets its time run out; its strength stays what ``--think`` (or
        the level) makes it."""
        think = self.limits.think
        if self.clocks is None:
            return think
        mover = self.clock_running
        turn = None if self.clocks.move is None else self.clocks.move - self.move_elapsed()
        return min(think, move_budget(turn, None if mover is None else self.time_left(mover), default=think))

    def _planned_stone(self, player: Player) -> Move:
        """The next stone the computer player placing an opening's stones means to place."""
        if not self._planned:
            if not isinstance(player, OpeningPlayer):
                raise ValueError(f"the {player.name} player cannot place an opening's stones")
            due = self.opening_play.stones_due - self.opening_play.stones
            self._planned = list(player.place_opening(self.game.board, due))
        return self._planned[0]

    def hint(self, stats: SearchStats | None = None) -> Move:
        """What the ``strong`` player would play for the side to move.  ``ValueError`` once the game is over."""
        mover = self.game.to_move
        if mover is None:
            raise ValueError("the game is over: there is no move to suggest")
        adviser = make_player(PlayerKind.STRONG, self.rules, self.limits)
        assert adviser is not None  # only a person has no player
        return adviser.choose(self.game.board, mover, stats)

    def play(self, move: Move) -> None:
        """Play ``move`` for the side to move (or place it as an opening's stone), timing it; ``MoveError`` when it
        cannot be played, ``OpeningChoiceError`` while a colour is being chosen.

        With clocks, a move made after its side's time ran out is not played: the game is lost on time instead
        (:meth:`flag_if_out_of_time`), which the caller sees in the game's result.
        """
        chooser = self.chooser
        if chooser is not None:
            raise OpeningChoiceError(f"{chooser.name} chooses a colour now: no stone can be placed")
        if self.flag_if_out_of_time():
            return
        self.game.play(move)
        self.opening_play = self.opening_play.placed()
        if self._planned:
            self._planned = self._planned[1:] if self._planned[0] == move else []
        self._record_time()
        self._kept()

    def undo(self) -> list[Move]:
        """Take back the last move -- and, when a person plays a computer, back to the person's last move.

        Returns the moves taken back, the latest first; an empty list when
        there is nothing to take back.  Against the computer one undo takes
        back the computer's reply and the person's move before it, so that
        it is the person's turn again; when the person has made no move yet
        (the computer opened), there is nothing of theirs to take back, and
        nothing is: the sides stay as they are.  Before the colours of a swap
        opening are chosen, it takes back the last stone a person placed since
        the last choice (the stones a choice was made on stay).
        """
        if not self.opening_play.settled:
            return [self._take_back_stone()] if self._can_take_back_stone() else []
        if self.flag_if_out_of_time() or self.game.flagged is not None:
            return []
        if self._has_person() and not self._person_has_moved():
            return []
        self._charge_thinking()
        taken: list[Move] = []
        while self.game.can_undo and len(self.game.moves) > self._fixed_moves():
            taken.append(self.game.undo())
            self._seconds.pop()
            if self.side(self.game.start.mover(len(self.game.moves))).is_person or not self._has_person():
                break
        self._started = self._now()
        if taken:
            self._kept()
        return taken

    def redo(self) -> list[Move]:
        """Play again what the last :meth:`undo` took back, in order; the moves replayed."""
        replayed: list[Move] = []
        if self.flag_if_out_of_time():
            return replayed
        if self.game.can_redo and self.opening_play.settled:
            self._charge_thinking()
        while self.game.can_redo and self.opening_play.settled:
            replayed.append(self.game.redo())
            self._record_time()
            competitor = self.to_move
            if competitor is None or competitor.is_person or not self._has_person():
                break
        if replayed:
            self._kept()
        return replayed

    def new_game(self, *, swap_sides: bool = False) -> Game:
        """Start the next game (with sides swapped when asked); the current one counts in the tally if over.

        With a journal, the current game is left (:meth:`leave`: kept unfinished, or deleted when it holds
        nothing) and the new one written as it starts.
        """
        journal = self._journal
        self.leave()
        self._past = self.tally
        if swap_sides:
            self._first_index = 1 - self._first_index
        self.game = self._new_game()
        if journal is not None:
            self.keep_in(journal)
        return self.game

    def record(self) -> GameRecord:
        """The current game, finished or not, as a record ending now.

        ``RecordError`` when a name cannot be recorded.
        """
        uses_clock = any(competitor.kind == PlayerKind.STRONG for competitor in self.competitors)
        flagged = self.game.flagged
        return GameRecord.from_game(
            self.game,
            x=self.x,
            o=self.o,
            think=self.limits.think if uses_clock else None,
            started=self.started,
            ended=max(self.started, datetime.now(UTC)),
            seconds=self._seconds,
            opening_choices=self.opening_play.choices,
            declared_result=None if flagged is None else f"{'W' if flagged == Side.X else 'B'}+T",
            properties=self._record_properties(),
        )

    def _record_properties(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The game information the record keeps: the clocks' rule (``TM``, ``OT``), and what a resumed record
        came with besides."""
        clocks = () if self.clocks is None else self.clocks.properties()
        names = {name for name, _ in clocks}
        kept = [(name, values) for name, values in self._properties if name not in names]
        return tuple(sorted([*kept, *clocks], key=lambda named: KEPT_PROPERTIES.index(named[0])))

    def save(self, history: History) -> int:
        """Save the current game, finished or left before its end, in ``history``: as a new game, or in place of
        the one this session resumed or saved before (:attr:`game_id`).  Its id.

        ``HistoryError`` when the file cannot take it, ``RecordError`` when
        a name cannot be recorded.
        """
        record = self.record()
        if self.game_id is None:
            self.game_id = history.save(record)
        else:
            history.replace(self.game_id, record)
        return self.game_id

    def _new_game(self) -> Game:
        game = Game(self.rules, self.limits.max_levels, self.start)
        self._x_index = self._first_index
        self.opening_play = OpeningPlay(self.rules.opening)
        self._planned = []
        self._seconds = []
        self._thought = [0.0, 0.0]
        self.started = datetime.now(UTC)
        self.game_id = None
        for move in self.opening:
            game.play(move)
            self._seconds.append(0.0)
        self._started = self._now()
        return game

    def _can_take_back_stone(self) -> bool:
        """Whether the last stone of an opening not settled yet is a person's, placed since the last choice."""
        opening = self.opening_play
        placer = Role.SECOND if opening.choices else Role.FIRST
        placed = opening.stones - (FIRST_STONES if opening.choices else 0)
        return placed > 0 and self.role(placer).is_person

    def _take_back_stone(self) -> Move:
        """Take back the last stone of the opening, as :meth:`undo` takes back a move: the stone, the opening's
        count of stones, its time; the journal keeps the game as it now is."""
        move = self.game.undo()
        opening = self.opening_play
        self.opening_play = OpeningPlay(opening.rule, opening.stones - 1, opening.choices)
        self._seconds.pop()
        self._started = self._now()
        self._kept()
        return move

    def _record_time(self) -> None:
        now = self._now()
        self._seconds.append(now - self._started)
        self._started = now

    def _fixed_moves(self) -> int:
        """How many of the game's first moves undo never takes back: the opening moves and the opening's stones."""
        return len(self.opening) + self.opening_play.stones

    def _actor_index(self) -> int | None:
        """Which competitor moves or places a stone now; None once the game is over or while one chooses."""
        placer = self.opening_play.placer
        if placer is not None:
            return self._role_index(placer)
        mover = self.game.to_move
        if mover is None or self.opening_play.chooser is not None:
            return None
        return self._index_of(mover)

    def _role_index(self, role: Role) -> int:
        """Which competitor has ``role`` in the current game's opening."""
        return self._first_index if role is Role.FIRST else 1 - self._first_index

    def _settle(self) -> None:
        black = self.opening_play.black
        if black is not None:
            self._x_index = self._role_index(black)
        self._started = self._now()

    def _index_of(self, side: Side) -> int:
        """Which competitor plays ``side`` in the current game."""
        return self._x_index if side == Side.X else 1 - self._x_index

    def _winner_index(self) -> int | None:
        side = None if self.game.result is None else self.game.result.side
        return None if side is None else self._index_of(side)

    def _person_has_moved(self) -> bool:
        """Whether a person has played a move of this game (the opening's moves are nobody's)."""
        moves = self.game.moves
        start = self.game.start
        return any(self.side(start.mover(ply)).is_person for ply in range(self._fixed_moves(), len(moves)))

    def _has_person(self) -> bool:
        return any(competitor.is_person for competitor in self.competitors)
