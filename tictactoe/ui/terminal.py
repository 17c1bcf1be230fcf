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

from configurations import COMPUTER, HUMAN, SearchStats, computer_play, draw_board
from configurations.moves import MAX_BOARD_SIZE, Move, MoveError, board_extent
from tictactoe.game.game import DRAW_RESULT, Game
from tictactoe.ui.exits import EXIT_INTERRUPTED, EXIT_OK

# Only what a game needs is imported at start-up, so that it starts at once: argparse (about
# 10 ms with what it pulls in) and the spinner's threading are imported where they are needed,
# and typing only by type checkers.
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import TextIO, TypeAlias

    Reader: TypeAlias = Callable[[str], str]
    """Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""

__all__ = ["PROMPT", "RESULT_LINES", "echoing_reader", "help_text", "main", "play_game"]

PROMPT = "Your move: "
OPENING_LINE = f"You are {HUMAN} and move first; the computer is {COMPUTER}. Type help for how to play."
#: The last line of a finished game, by the game's result (SPEC §4: exact).
RESULT_LINES = {HUMAN: "Human wins", DRAW_RESULT: "Game is a draw", COMPUTER: "Computer wins"}

EXIT_INPUT_ENDED = 1
EXIT_USAGE = 2  # argparse's convention

#: The three numbers of the command line: name, least value, greatest value (None: no bound), help.
#: The one statement of their rules, read both by the quick path and by argparse.
ARGUMENTS: tuple[tuple[str, int, int | None, str], ...] = (
    ("size", 1, MAX_BOARD_SIZE, f"board size, 1 to {MAX_BOARD_SIZE}"),
    ("length", 1, None, "tiles in a row needed to win, 1 to size"),
    ("max_levels", 0, None, "how many moves ahead the computer looks; more is stronger and slower"),
)


def help_text(game: Game) -> str:
    """What ``help`` prints: how to type a move, how to win, how to stop."""
    board = game.board
    return (
        f"Type a move as a column letter then a row number, e.g. b3 ({board_extent(board.board_size)};"
        " a1 is top left).\n"
        f"You are {HUMAN} and the computer is {COMPUTER}: the first to get {board.length_to_win} in a row"
        " across, down or diagonally wins.\n"
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


def play_game(game: Game, read_line: Reader, out: TextIO, *, show_thinking: bool = False) -> None:
    """Play ``game`` (a new one) until it is over or the person quits.

    Moves come from ``read_line``; everything else goes to ``out``.
    ``EOFError`` and ``KeyboardInterrupt`` from ``read_line`` propagate to
    the caller.  With ``show_thinking``, a search that takes a while shows
    a spinner on ``out``.
    """
    print(OPENING_LINE, file=out)
    print(draw_board(game.board), file=out)
    while True:
        text = read_line(PROMPT)
        command = text.strip().lower()
        if not command:
            continue
        if command == "quit":
            print("Game abandoned", file=out)
            return
        if command == "help":
            print(help_text(game), file=out)
            continue
        try:
            game.play(game.parse(text))
        except MoveError as refusal:
            print(refusal, file=out)
            continue
        if _game_over(game, out):
            return
        reply = _computer_move(game, out, show_thinking=show_thinking)
        game.play(reply)
        print(f"Computer plays {reply}", file=out)
        if _game_over(game, out):
            return
        print(draw_board(game.board), file=out)


def _computer_move(game: Game, out: TextIO, *, show_thinking: bool) -> Move:
    """The computer's reply by the reference search, with a spinner while it thinks when ``show_thinking``."""

    def search(stats: SearchStats) -> Move:
        found = computer_play(game.board, stats=stats)
        return Move(found.row, found.col)

    if not show_thinking:
        return search(SearchStats())
    from tictactoe.ui.spinner import think  # noqa: PLC0415 -- only a terminal shows the spinner

    return think(search, out)


def _game_over(game: Game, out: TextIO) -> bool:
    """Draw the final board and print the result when the game is over."""
    if game.result is None:
        return False
    print(draw_board(game.board), file=out)
    print(RESULT_LINES[game.result], file=out)
    return True


def _quick_numbers(arguments: Sequence[str]) -> tuple[int, int, int] | None:
    """``(size, length, max_levels)`` when ``arguments`` are three numbers within :data:`ARGUMENTS`' bounds.

    None otherwise -- an option, a missing or extra argument, a bad value --
    and then argparse parses them again and explains (see :func:`_parse_args`).
    Taking the usual case without argparse spares a game its import.
    """
    if len(arguments) != len(ARGUMENTS) or any(text.startswith("-") for text in arguments):
        return None
    try:
        numbers = [int(text) for text in arguments]
    except ValueError:
        return None
    for number, (_, low, high, _) in zip(numbers, ARGUMENTS, strict=True):
        if number < low or (high is not None and number > high):
            return None
    size, length, max_levels = numbers
    return None if _length_problem(size, length) else (size, length, max_levels)


def _length_problem(size: int, length: int) -> str | None:
    """Why ``length`` cannot be played on a board of ``size``, or None when it can."""
    return f"argument length: must be from 1 to size ({size}), got {length}" if length > size else None


def _parser() -> argparse.ArgumentParser:
    import argparse  # noqa: PLC0415 -- only arguments that need explaining come here

    parser = argparse.ArgumentParser(
        prog="play.py",
        description="Play k-in-a-row against the computer. You are X and move first; the computer is O.",
        epilog="Example: play.py 3 3 9 is tic-tac-toe with the computer searching to the end of the game.",
    )
    for name, low, high, description in ARGUMENTS:
        parser.add_argument(name, type=_whole_number(low, high), help=description)
    return parser


def _whole_number(low: int, high: int | None) -> Callable[[str], int]:
    """An argparse ``type`` accepting whole numbers from ``low`` to ``high`` (no upper bound when None)."""
    import argparse  # noqa: PLC0415 -- only arguments that need explaining come here

    wanted = f"a whole number from {low} to {high}" if high is not None else f"a whole number, at least {low}"

    def convert(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {text!r}") from None
        if number < low or (high is not None and number > high):
            raise argparse.ArgumentTypeError(f"must be {wanted}, got {text!r}")
        return number

    return convert


def _parse_args(arguments: Sequence[str]) -> tuple[int, int, int]:
    """``(size, length, max_levels)``; argparse's ``SystemExit`` (status 2, or 0 for ``--help``) otherwise."""
    parser = _parser()
    args = parser.parse_args(arguments)
    problem = _length_problem(args.size, args.length)
    if problem:
        parser.error(problem)
    return args.size, args.length, args.max_levels


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``play.py`` with ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    0 when the game ended or the person quit, 1 when input ended first (or
    there is no standard input at all), 2 for bad arguments, 130 on Ctrl-C.
    Moves are typed at a terminal when ``stdin`` is one, otherwise read one
    per line and echoed.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    arguments = sys.argv[1:] if argv is None else argv
    numbers = _quick_numbers(arguments)
    if numbers is None:
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                numbers = _parse_args(arguments)
        except SystemExit as exit_request:
            return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    if stdin is None:  # started with its standard input closed (<&-)
        print("play.py: no standard input to read moves from", file=stderr)
        return EXIT_INPUT_ENDED
    at_terminal = stdin is sys.stdin and stdin.isatty()
    if at_terminal:
        _enable_line_editing()
    read_line = input if at_terminal else echoing_reader(stdin, stdout)
    try:
        play_game(Game(*numbers), read_line, stdout, show_thinking=stdout.isatty())
    except EOFError:
        status, reason = EXIT_INPUT_ENDED, "input ended before the game was over"
    except KeyboardInterrupt:
        status, reason = EXIT_INTERRUPTED, "interrupted, game abandoned"
    else:
        return EXIT_OK
    if at_terminal:
        print(file=stdout)  # Ctrl-D or Ctrl-C left the cursor after the prompt
    print(f"play.py: {reason}", file=stderr)
    return status


def _enable_line_editing() -> None:
    """Let ``input`` edit the line and recall earlier ones, so arrow keys move instead of typing ``^[[A``.

    Importing :mod:`readline` is what turns it on; where Python has none
    (Windows), the line is read without it.
    """
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415 -- imported for its effect on input(), at a terminal only
