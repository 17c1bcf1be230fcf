"""The game at a terminal or through a pipe: ``play.py size length max_levels`` (SPEC §4).

The person is ``X`` and moves first; the computer is ``O`` and answers with
:func:`~configurations.computer_play`.  This module owns the conversation:
the prompt, ``help`` and ``quit``, refusals, the board after each turn and
the result lines.  The rules of play are the :class:`~tictactoe.game.game.Game`'s;
nothing here searches or decides who has won.
"""

from __future__ import annotations

import contextlib
import sys

from configurations import COMPUTER, HUMAN, draw_board
from configurations.moves import Move, MoveError, board_extent
from tictactoe.game.game import DRAW_RESULT
from tictactoe.game.session import Competitor, Session
from tictactoe.ui.command_line import parse_session, quick_session
from tictactoe.ui.exits import EXIT_INTERRUPTED, EXIT_OK, run

# Only what a game needs is imported at start-up, so that it starts at once: the spinner's
# threading is imported where it is needed, and typing only by type checkers.
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import NoReturn, TextIO, TypeAlias

    Reader: TypeAlias = Callable[[str], str]
    """Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""

__all__ = ["PROMPT", "RESULT_LINES", "console_main", "echoing_reader", "help_text", "main", "play_game"]

PROMPT = "Your move: "
OPENING_LINE = f"You are {HUMAN} and move first; the computer is {COMPUTER}. Type help for how to play."
#: The last line of a finished game against the reference search, by the game's result (SPEC §4: exact).
RESULT_LINES = {HUMAN: "Human wins", DRAW_RESULT: "Game is a draw", COMPUTER: "Computer wins"}
#: The last line of any other finished game (SPEC §7: exact).
GENERAL_RESULT_LINES = {HUMAN: f"{HUMAN} wins", DRAW_RESULT: "Game is a draw", COMPUTER: f"{COMPUTER} wins"}

EXIT_INPUT_ENDED = 1
EXIT_USAGE = 2  # argparse's convention


def help_text(session: Session) -> str:
    """What ``help`` prints: how to type a move, who plays what, how to win, the commands."""
    board = session.game.board
    if _is_classic(session):
        sides = f"You are {HUMAN} and the computer is {COMPUTER}"
    else:
        sides = f"{HUMAN} is {_describe(session.x)} and {COMPUTER} is {_describe(session.o)}"
    return (
        f"Type a move as a column letter then a row number, e.g. b3 ({board_extent(board.board_size)};"
        " a1 is top left).\n"
        f"{sides}: the first to get {board.length_to_win} in a row across, down or diagonally wins.\n"
        "Type undo to take back your last move, redo to play it again, hint for a suggestion.\n"
        "Type help to see this again, quit to stop."
    )


def echoing_reader(stream: TextIO, out: TextIO) -> Reader:
    """A ``Reader`` over a non-terminal ``stream`` that echoes each line after its prompt.

    Piped moves are not echoed by a terminal, so this keeps the transcript
    readable: ``Your move: b2`` appears just as if it had been typed.
    """

    def read_line(prompt: str) -> str:
        out.write(prompt)
        line = stream.readline()
        out.write(line.rstrip("\r\n") + "\n")
        out.flush()
        if not line:
            raise EOFError
        return line

    return read_line


def play_game(session: Session, read_line: Reader, out: TextIO, *, show_thinking: bool = False) -> None:
    """Play the session's current game until it is over or a person quits.

    A person's moves and commands come from ``read_line``; everything else
    goes to ``out``.  ``EOFError`` and ``KeyboardInterrupt`` from
    ``read_line`` propagate to the caller.  With ``show_thinking``, a
    computer player that takes a while shows a spinner on ``out``.
    """
    print(_opening_line(session), file=out)
    for symbol, move in zip((HUMAN, COMPUTER) * len(session.opening), session.opening, strict=False):
        print(f"{symbol} plays {move}", file=out)
    if _game_over(session, out):
        return
    print(draw_board(session.game.board), file=out)
    while (competitor := session.to_move) is not None:
        if competitor.is_person:
            if not _person_turn(session, read_line, out):
                return
        else:
            move = _computer_move(session, out, show_thinking=show_thinking)
            mover = session.game.to_move
            session.play(move)
            print(f"{'Computer' if _is_classic(session) else mover} plays {move}", file=out)
        if _game_over(session, out):
            return
        after = session.to_move
        if after is not None and (after.is_person or not competitor.is_person):
            print(draw_board(session.game.board), file=out)


def _person_turn(session: Session, read_line: Reader, out: TextIO) -> bool:
    """Read until the person has played a move (True) or quit (False); answer commands on the way."""
    while True:
        text = read_line(PROMPT)
        command = text.strip().lower()
        if not command:
            continue
        if command == "quit":
            print("Game abandoned", file=out)
            return False
        if command in _COMMANDS:
            print(_COMMANDS[command](session), file=out)
            continue
        try:
            session.play(session.game.parse(text))
        except MoveError as refusal:
            print(refusal, file=out)
            continue
        return True


def _undo(session: Session) -> str:
    taken = session.undo()
    if not taken:
        return "Nothing to undo"
    return f"Took back {', '.join(map(str, taken))}\n{draw_board(session.game.board)}"


def _redo(session: Session) -> str:
    replayed = session.redo()
    if not replayed:
        return "Nothing to redo"
    return f"Played again {', '.join(map(str, replayed))}\n{draw_board(session.game.board)}"


def _hint(session: Session) -> str:
    return f"Hint: {session.hint()}"


# The commands a person may type instead of a move, each answered with a message.
_COMMANDS: dict[str, Callable[[Session], str]] = {
    "help": help_text,
    "undo": _undo,
    "redo": _redo,
    "hint": _hint,
}


def _computer_move(session: Session, out: TextIO, *, show_thinking: bool) -> Move:
    """The computer player's move, with a spinner while it thinks when ``show_thinking``."""
    if not show_thinking:
        return session.computer_move()
    from tictactoe.ui.spinner import think  # noqa: PLC0415 -- only a terminal shows the spinner

    return think(session.computer_move, out)


def _game_over(session: Session, out: TextIO) -> bool:
    """Draw the final board and print the result when the game is over."""
    result = session.game.result
    if result is None:
        return False
    print(draw_board(session.game.board), file=out)
    lines = RESULT_LINES if _is_classic(session) else GENERAL_RESULT_LINES
    print(lines[result], file=out)
    return True


def _is_classic(session: Session) -> bool:
    """Whether this is SPEC §4's game, person (``X``) against the reference search, worded as §4 words it."""
    return (session.x.kind, session.o.kind) == ("human", "reference")


def _opening_line(session: Session) -> str:
    if _is_classic(session):
        return OPENING_LINE
    return f"{HUMAN} is {_describe(session.x)} and {COMPUTER} is {_describe(session.o)}. Type help for how to play."


def _describe(competitor: Competitor) -> str:
    return "you" if competitor.is_person else f"the {competitor.kind} player"


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    program: str = "play.py",
) -> int:
    """Run ``play.py`` (or the ``program`` command) with ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    0 when the game ended or the person quit, 1 when input ended first (or
    there is no standard input at all), 2 for bad arguments, 130 on Ctrl-C.
    Moves are typed at a terminal when ``stdin`` is one, otherwise read one
    per line and echoed.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    arguments = sys.argv[1:] if argv is None else argv
    session = quick_session(arguments)
    if session is None:
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                session = parse_session(arguments, program)
        except SystemExit as exit_request:
            return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    if stdin is None:  # started with its standard input closed (<&-)
        print(f"{program}: no standard input to read moves from", file=stderr)
        return EXIT_INPUT_ENDED
    at_terminal = stdin is sys.stdin and stdin.isatty()
    if at_terminal:
        _enable_line_editing()
    read_line = input if at_terminal else echoing_reader(stdin, stdout)
    try:
        play_game(session, read_line, stdout, show_thinking=stdout.isatty())
    except EOFError:
        status, reason = EXIT_INPUT_ENDED, "input ended before the game was over"
    except KeyboardInterrupt:
        status, reason = EXIT_INTERRUPTED, "interrupted, game abandoned"
    else:
        return EXIT_OK
    if at_terminal:
        print(file=stdout)  # Ctrl-D or Ctrl-C left the cursor after the prompt
    print(f"{program}: {reason}", file=stderr)
    return status


def _enable_line_editing() -> None:
    """Let ``input`` edit the line and recall earlier ones, so arrow keys move instead of typing ``^[[A``.

    Importing :mod:`readline` is what turns it on; where Python has none
    (Windows), the line is read without it.
    """
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415 -- imported for its effect on input(), at a terminal only


def console_main() -> NoReturn:
    """The installed ``tictactoe`` command: ``play.py`` under the command's own name."""
    run(lambda: main(program="tictactoe"), "tictactoe")
