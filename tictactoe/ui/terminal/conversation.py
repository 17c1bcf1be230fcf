"""The game at a terminal or through a pipe: ``play.py size length max_levels`` (docs/playing.md).

The person is ``X`` and moves first; the computer is ``O`` and answers with
:func:`~configurations.computer_play`.  This module owns the conversation:
the prompt, ``help`` and ``quit``, refusals, the board after each turn and
the result lines.  Under a swap opening it asks whoever places the first
stones for them, one a line, and whoever chooses for a colour, and says
the colours once they are chosen.  The rules of play are the :class:`~tictactoe.game.game.Game`'s;
nothing here searches or decides who has won.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from configurations import COMPUTER, HUMAN, Side, Winner, draw_board
from configurations.moves import Move, MoveError, board_extent, quoted
from configurations.rules import Opening
from configurations.variants import ForbiddenPoint
from tictactoe.game.clocks import clock_text, flag_line
from tictactoe.game.openings import OpeningChoiceError, Role, parse_choice
from tictactoe.game.record import Competitor
from tictactoe.game.replay import RESULT_LINES
from tictactoe.game.session import Session
from tictactoe.players.registry import PlayerKind
from tictactoe.ui.settings import Settings, default_name
from tictactoe.ui.terminal.reader import Reader
from tictactoe.ui.terminal.spinner import think

if TYPE_CHECKING:
    from tictactoe.ui.terminal.keeping import GameKeeper

__all__ = [
    "ABANDONED",
    "CLASSIC_RESULT_LINES",
    "PROMPT",
    "clocks_line",
    "help_text",
    "play_again_refusal",
    "play_game",
    "play_session",
    "tally_line",
    "winner_line",
]

PROMPT = "Your move: "
#: What ``quit`` says when the game is not kept (a piped game without ``--db``, or one with no move played).
ABANDONED = "Game abandoned"
PLAY_AGAIN = "Play again? (y: yes, s: yes with sides swapped, anything else: no) "
OPENING_LINE = f"You are {HUMAN} and move first; the computer is {COMPUTER}. Type help for how to play."
#: The last line of a finished game against the reference search, by the game's result (exact: docs/playing.md).
CLASSIC_RESULT_LINES = {HUMAN: "Human wins", Winner.DRAW: "Game is a draw", COMPUTER: "Computer wins"}


def help_text(session: Session) -> str:
    """What ``help`` prints: how to type a move, who plays what, how to win, the commands."""
    board = session.game.board
    clocks = session.clocks
    timed = (
        "" if clocks is None else f"Clocks: {clocks.describe()}; a move entered after its side's time ran out loses.\n"
    )
    if _is_classic(session):
        sides = f"You are {HUMAN} and the computer is {COMPUTER}"
    else:
        people = sum(competitor.is_person for competitor in session.competitors)
        sides = f"{HUMAN} is {_describe(session.x, people)} and {COMPUTER} is {_describe(session.o, people)}"
    return (
        f"Type a move as a column letter then a row number, e.g. b3 ({board_extent(board.board_size)};"
        " a1 is top left).\n"
        f"{sides}: the first to get {board.length_to_win} in a row across, down or diagonally wins.\n"
        f"{timed}Type undo to take back your last move, redo to play it again, hint for a suggestion.\n"
        "Type help to see this again, quit to stop."
    )


def play_game(session: Session, read_line: Reader, out: TextIO, *, show_thinking: bool = False) -> bool:
    """Play the session's current game until it is over (True) or a person quits (False, after
    :data:`ABANDONED`).

    A person's moves and commands come from ``read_line``; everything else
    goes to ``out``.  ``EOFError`` and ``KeyboardInterrupt`` from
    ``read_line`` propagate to the caller.  With ``show_thinking`` (a
    terminal), a computer player that takes a while shows a spinner, and
    the last move is shown in reverse video.
    """
    finished = Conversation(session, read_line, out, at_terminal=show_thinking).play()
    if not finished:
        print(ABANDONED, file=out)
    return finished


class Conversation:
    """One game's conversation with the person at a terminal or a pipe.

    ``at_terminal`` turns on what only a screen shows: the spinner while a
    computer player thinks, the last move in reverse video, and the pause
    of ``delay`` seconds between two computer players' moves.
    """

    def __init__(
        self, session: Session, read_line: Reader, out: TextIO, *, at_terminal: bool = False, delay: float = 0.0
    ) -> None:
        self.session = session
        self.read_line = read_line
        self.out = out
        self.at_terminal = at_terminal
        self.delay = delay
        self.classic = _is_classic(session)

    def say(self, *lines: str) -> None:
        """Print ``lines`` for the person."""
        for line in lines:
            print(line, file=self.out)

    def board(self) -> str:
        """The board as drawn for the person, at a terminal the last move marked, and the line that won."""
        game = self.session.game
        drawing = draw_board(game.board)
        if self.at_terminal:
            last = () if game.last_move is None else (game.last_move,)
            for square in game.winning_line or last:
                drawing = _mark(drawing, square, game.board.board_size)
        return drawing

    def play(self) -> bool:
        """Play the current game to its end (True) or until a person quits (False: the caller says what became of
        the game)."""
        session = self.session
        self.say(_opening_line(session))
        for symbol, move in zip((HUMAN, COMPUTER) * len(session.opening), session.opening, strict=False):
            self.say(f"{symbol} plays {move}")
        if self._game_over():
            return True
        self.say(self.board())
        while (competitor := session.to_move or session.chooser) is not None:
            if session.clocks is not None and session.clock_running is not None:
                self.say(clocks_line(session))
            if not self._turn(competitor):
                return False
            if self._game_over():
                return True
            after = session.to_move or session.chooser
            if after is not None and (after.is_person or not competitor.is_person):
                self.say(self.board())
        return True

    def _turn(self, competitor: Competitor) -> bool:
        """``competitor``'s turn: a move, a stone of the opening or a choice of colour; False when a person quits."""
        if self.session.chooser is not None:
            return self._choice_turn(competitor)
        if competitor.is_person:
            return self._person_turn()
        self._computer_turn()
        return True

    def _choice_turn(self, competitor: Competitor) -> bool:
        """The chooser's colour under a swap opening, read or asked of the computer; the colours said once taken.
        False when the person quits."""
        session = self.session
        options = session.opening_options
        if competitor.is_person:
            while True:
                text = self.read_line(choice_prompt(options))
                command = text.strip().lower()
                if command == "quit":
                    return False
                if command == "help":
                    self.say(help_text(session))
                    continue
                try:
                    session.choose(parse_choice(text, options))
                except OpeningChoiceError as refusal:
                    self.say(str(refusal))
                    continue
                break
        else:
            choice = session.computer_choice()
            session.choose(choice)
            self.say(f"{competitor.name} chooses {choice}")
        if session.opening_play.settled:
            self.say(colours_line(session))
        return True

    def _person_turn(self) -> bool:
        """Read until the person has played a move (True) or quit (False); answer commands on the way.

        Under renju, black is first told the points it may not play, as a renju board marks them."""
        forbidden = self.session.game.forbidden_points()
        if forbidden:
            self.say(forbidden_line(forbidden))
        while True:
            # Asked anew each time: an undo in a swap opening changes which stone is to be placed.
            prompt = PROMPT if self.session.opening_play.placer is None else stone_prompt(self.session)
            text = self.read_line(prompt)
            command = text.strip().lower()
            if not command:
                continue
            if command == "quit":
                return False
            if command in _COMMANDS:
                self.say(_COMMANDS[command](self))
                continue
            try:
                self.session.play(self.session.game.parse(text))
            except MoveError as refusal:
                self.say(str(refusal))
                continue
            return True

    def _computer_turn(self) -> None:
        """The computer player's move, played and announced; a spinner while it thinks at a terminal."""
        session = self.session
        if self.delay and session.game.moves and not self._has_person():
            time.sleep(self.delay)  # so that a game between two computer players can be watched
            session.start_move_clock()  # the pause is the program's, not the player's time
        move = think(session.computer_move, self.out) if self.at_terminal else session.computer_move()
        mover = session.game.to_move
        placer = session.to_move if session.opening_play.placer is not None else None
        session.play(move)
        if placer is not None:
            self.say(f"{placer.name} places {move} ({_colour(mover)})")
        else:
            self.say(f"{'Computer' if self.classic else mover} plays {move}")

    def _has_person(self) -> bool:
        return any(competitor.is_person for competitor in self.session.competitors)

    def _game_over(self) -> bool:
        """Draw the final board and print the result when the game is over: the assignment's line, or the winner's
        name and then the exact last line of docs/players.md (``X wins``)."""
        result = self.session.game.result
        if result is None:
            return False
        flagged = self.session.game.flagged
        lost_on_time = () if flagged is None else (flag_line(flagged),)
        if self.classic:
            self.say(self.board(), *lost_on_time, CLASSIC_RESULT_LINES[result])
        elif result.side is None:
            self.say(self.board(), RESULT_LINES[result])
        else:
            self.say(self.board(), *lost_on_time, winner_line(self.session), RESULT_LINES[result])
        return True


def _undo(conversation: Conversation) -> str:
    taken = conversation.session.undo()
    if not taken:
        return "Nothing to undo"
    return f"Took back {', '.join(map(str, taken))}\n{conversation.board()}"


def _redo(conversation: Conversation) -> str:
    replayed = conversation.session.redo()
    if not replayed:
        return "Nothing to redo"
    return f"Played again {', '.join(map(str, replayed))}\n{conversation.board()}"


def _hint(conversation: Conversation) -> str:
    try:
        return f"Hint: {conversation.session.hint()}"
    except ValueError as unavailable:
        return f"No hint: {unavailable}"


def _help(conversation: Conversation) -> str:
    return help_text(conversation.session)


# The commands a person may type instead of a move, each answered with a message.
_COMMANDS: dict[str, Callable[[Conversation], str]] = {"help": _help, "undo": _undo, "redo": _redo, "hint": _hint}

# Reverse video on and off (ECMA-48), to mark the last move at a terminal.
_REVERSE, _PLAIN = "\x1b[7m", "\x1b[0m"


def _mark(drawing: str, move: Move, size: int) -> str:
    r"""``drawing`` (of :func:`~configurations.draw_board`) with ``move``'s square in reverse video.

    >>> _mark("  a b\n1 X .\n2 . O", Move(1, 1), 2).split("\n")[2]
    '2 . \x1b[7mO\x1b[0m'
    """
    lines = drawing.split("\n")
    row = move.row + 1  # below the column letters
    at = len(str(size)) + 1 + 2 * move.col  # the row number, a space, then a square and a space each
    line = lines[row]
    lines[row] = line[:at] + _REVERSE + line[at] + _PLAIN + line[at + 1 :]
    return "\n".join(lines)


def _is_classic(session: Session) -> bool:
    """Whether this is the assignment's game, person (``X``) against the reference search (docs/playing.md)."""
    return (session.x.kind, session.o.kind) == (PlayerKind.HUMAN, PlayerKind.REFERENCE)


def _opening_line(session: Session) -> str:
    if _is_classic(session):
        return OPENING_LINE
    people = sum(competitor.is_person for competitor in session.competitors)
    if session.rules.opening is not Opening.FREE:
        return opening_rule_line(session, people)
    x, o = _describe(session.x, people), _describe(session.o, people)
    return f"{HUMAN} is {x} and {COMPUTER} is {o}. Type help for how to play."


def _describe(competitor: Competitor, people: int) -> str:
    """How the opening line names one side: "you" for a lone person, else by name or by kind."""
    if not competitor.is_person:
        kind = f"the {competitor.kind} player"
        default = default_name(competitor.kind)
        named = competitor.name not in (default, f"{default} 1", f"{default} 2")  # numbered when both are alike
        return f"{competitor.name} ({kind})" if named else kind
    if people > 1:
        return competitor.name
    return "you" if competitor.name == "You" else f"you ({competitor.name})"


def play_session(
    settings: Settings,
    read_line: Reader,
    out: TextIO,
    *,
    interactive: bool,
    on_screen: bool,
    keeper: GameKeeper | None = None,
) -> None:
    """Play games until one is quit, or -- when ``interactive`` -- the person does not want another.

    Piped, the session is one game (docs/playing.md).  Typed at a terminal, after
    each finished game the tally is shown and the person asked whether to
    play again, with the same sides or swapped.  ``on_screen``: ``out`` is
    a terminal (see :class:`Conversation`).  ``keeper`` keeps every game in
    the history as it is played, each move as it is made; when a game is
    left before its end (quit, the input ending, Ctrl-C, a signal), it is
    left kept unfinished, and ``quit`` says under which id and how to play
    it on (:meth:`~tictactoe.ui.terminal.keeping.GameKeeper.kept_line`).
    """
    session = settings.session
    if keeper is not None:
        keeper.keep(session)
    try:
        finished = _play_games(settings, read_line, out, interactive=interactive, on_screen=on_screen)
    finally:
        if keeper is not None:
            keeper.leave(session)
    if not finished:
        line = None if keeper is None else keeper.kept_line()
        print(ABANDONED if line is None else line[0].upper() + line[1:], file=out)


def _play_games(settings: Settings, read_line: Reader, out: TextIO, *, interactive: bool, on_screen: bool) -> bool:
    """The games of :func:`play_session`: False when one is quit, True when the person wants no more."""
    session = settings.session
    while Conversation(session, read_line, out, at_terminal=on_screen, delay=settings.delay or 0.0).play():
        if not interactive:
            return True
        print(tally_line(session), file=out)
        typed = read_line(PLAY_AGAIN).strip()
        answer = typed.lower()
        if answer not in ("y", "yes", "s", "swap"):
            refusal = play_again_refusal(typed, session)
            if refusal is not None:
                print(refusal, file=out)
            return True
        session.new_game(swap_sides=answer in ("s", "swap"))
    return False


def opening_rule_line(session: Session, people: int) -> str:
    """The first line of a game under a swap opening: who places the first stones and who chooses.

    >>> from configurations.rules import Rules
    >>> from tictactoe.players.registry import PlayerLimits
    >>> rules = Rules.square(15, 5, opening="swap2")
    >>> opening_rule_line(Session(rules, PlayerLimits(2), Competitor("Ada"), Competitor("strong", "strong")), 1)
    'Swap2 opening: stones 1 to 3 (black, white, black) by you (Ada); then the strong player chooses white, black or \
two more (stones 4 and 5, white and black, then you (Ada) choose). Type help for how to play.'
    """
    who_first, who_second = _describe_both(session.role(Role.FIRST), session.role(Role.SECOND), people)
    then = f"then {who_second} {_chooses(who_second)} white or black"
    if session.rules.opening is Opening.SWAP2:
        then = (
            f"then {who_second} {_chooses(who_second)} white, black or two more "
            f"(stones 4 and 5, white and black, then {who_first} {_chooses(who_first)})"
        )
    rule = str(session.rules.opening).capitalize()
    return f"{rule} opening: stones 1 to 3 (black, white, black) by {who_first}; {then}. Type help for how to play."


def stone_prompt(session: Session) -> str:
    """What a person placing an opening's stones is asked: ``Place stone 2 (white): ``."""
    stone = len(session.game.moves) + 1
    mover = session.game.to_move
    return f"Place stone {stone} ({_colour(mover)}): "


def choice_prompt(options: Sequence[str]) -> str:
    """What a person choosing under a swap opening is asked.

    >>> choice_prompt(["white", "black", "two more"])
    'Choose white, black or two more: '
    """
    return f"Choose {', '.join(options[:-1])} or {options[-1]}: "


def colours_line(session: Session) -> str:
    """Who has which colour once a swap opening's choice is made."""
    people = sum(competitor.is_person for competitor in session.competitors)
    black, white = _describe_both(session.x, session.o, people)
    return f"X (black) is {black} and O (white) is {white}."


def _describe_both(one: Competitor, other: Competitor, people: int) -> tuple[str, str]:
    """How two competitors are named in one line: as :func:`_describe` does, or by name where that names both
    alike (two strong players)."""
    described = _describe(one, people), _describe(other, people)
    return (one.name, other.name) if described[0] == described[1] else described


def _chooses(who: str) -> str:
    return "choose" if who.startswith("you") else "chooses"


def _colour(side: object) -> str:
    return "black" if side == HUMAN else "white"


def forbidden_line(forbidden: Sequence[ForbiddenPoint]) -> str:
    """The line that tells black the points renju forbids it now, each with its foul.

    >>> from configurations.moves import Move
    >>> from configurations.variants import Foul
    >>> point = ForbiddenPoint(Move(7, 7), Foul.DOUBLE_THREE, ((Move(7, 7), Move(5, 7)), (Move(7, 7), Move(5, 5))))
    >>> forbidden_line([point, ForbiddenPoint(Move(0, 5), Foul.OVERLINE, ((Move(0, 0), Move(0, 5)),))])
    'Forbidden for black: h8 (double three), f1 (overline)'
    """
    return "Forbidden for black: " + ", ".join(f"{point.point} ({point.kind})" for point in forbidden)


def clocks_line(session: Session) -> str:
    """The line before each move of a game with clocks: what each side has left of the game, and the time a move.

    >>> from configurations.rules import Rules
    >>> from tictactoe.game.clocks import TimeControl
    >>> from tictactoe.players.registry import PlayerLimits
    >>> def line(move=None, game=None):
    ...     players = Competitor("Ada"), Competitor("Computer", "reference")
    ...     clocks = TimeControl(move, game)
    ...     return clocks_line(Session(Rules.square(3, 3), PlayerLimits(9), *players, clocks=clocks, now=lambda: 0.0))
    >>> line(game=300.0), line(move=30.0), line(move=2.5, game=90.0)
    ('Clocks: X 5:00, O 5:00', 'Clocks: 30 s a move', 'Clocks: X 1:30, O 1:30, 2.5 s a move')
    """
    clocks = session.clocks
    if clocks is None:
        raise ValueError("the game has no clocks")
    parts = []
    for side in Side:
        left = session.time_left(side)
        if left is not None:
            parts.append(f"{side} {clock_text(left)}")
    if clocks.move is not None:
        parts.append(f"{clocks.move:g} s a move")
    return "Clocks: " + ", ".join(parts)


def winner_line(session: Session) -> str:
    """The line that names who won a game played with options, before the last line's ``X wins``.

    >>> from configurations.rules import Rules

    >>> from tictactoe.players.registry import PlayerLimits
    >>> session = Session(Rules.square(1, 1), PlayerLimits(0), Competitor("Ada"), Competitor("weights", "weights"))
    >>> session.play(session.game.parse("a1"))
    >>> winner_line(session)
    'Winner: Ada (X)'
    """
    result = session.game.result
    side = None if result is None else result.side
    if side is None:
        raise ValueError("nobody has won")
    return f"Winner: {session.side(side).name} ({side})"


def play_again_refusal(answer: str, session: Session) -> str | None:
    """What to say when ``answer`` to "Play again?" is a move: the game is over, so it is taken as no; None for
    any other answer.

    >>> from configurations.rules import Rules

    >>> from tictactoe.players.registry import PlayerLimits
    >>> session = Session(Rules.square(7, 4), PlayerLimits(1), Competitor("Ada"), Competitor("Computer", "reference"))
    >>> play_again_refusal("d4", session), play_again_refusal("later", session)
    ("'d4' is a move, but the game is over: taken as no, no more games", None)
    """
    try:
        Move.parse(answer, session.rules.size)
    except MoveError:
        return None
    return f"{quoted(answer)} is a move, but the game is over: taken as no, no more games"


def tally_line(session: Session) -> str:
    """The session's score so far.

    >>> from configurations.rules import Rules

    >>> from tictactoe.players.registry import PlayerLimits
    >>> tally_line(Session(Rules.square(3, 3), PlayerLimits(1), Competitor("Ada"), Competitor("Computer", "reference")))
    'Tally: Ada 0, Computer 0, draws 0'
    """
    first, second = session.competitors
    tally = session.tally
    return f"Tally: {first.name} {tally.first}, {second.name} {tally.second}, draws {tally.draws}"
