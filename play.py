"""Play k-in-a-row against the computer: ``python play.py size length max_levels``.

The person is ``X`` and moves first; the computer is ``O`` and answers with
``computer_play``. This module is the thin shell around the engine: it parses
the command line and the person's moves, draws the board and prints the
results. The engine never prints; this module never searches.
"""

from __future__ import annotations

import contextlib
import io
import sys
import time

from configurations import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    HUMAN,
    HUMAN_WINS,
    Configurations,
    PosPlay,
    Score,
    SearchStats,
    computer_play,
    draw_board,
)
from configurations.moves import (
    MAX_BOARD_SIZE,
    Move,
    MoveError,
    OccupiedSquareError,
    board_extent,
)
from tictactoe.ui.exits import EXIT_INTERRUPTED, run

# Only what a game needs is imported at start-up, so that it starts at once: argparse (about
# 10 ms with what it pulls in), threading and dataclasses are imported where they are needed,
# and typing only by type checkers.
TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import TextIO, TypeAlias

    Reader: TypeAlias = Callable[[str], str]
    """Reads one line like the built-in ``input``: prompt in, line out, ``EOFError`` at the end."""

PROMPT = "Your move: "
RESULT_LINES: dict[Score, str] = {
    HUMAN_WINS: "Human wins",
    DRAW: "Game is a draw",
    COMPUTER_WINS: "Computer wins",
}

# Short searches finish before a person notices a pause; only longer ones get a spinner.
THINKING_DELAY = 0.5
SPINNER_PERIOD = 0.1
SPINNER_FRAMES = "|/-\\"

EXIT_OK = 0
EXIT_INPUT_ENDED = 1
EXIT_USAGE = 2  # argparse's convention


def help_text(configs: Configurations) -> str:
    """What ``help`` prints: how to type a move, how to win, how to stop."""
    return (
        f"Type a move as a column letter then a row number, e.g. b3 ({board_extent(configs.board_size)};"
        " a1 is top left).\n"
        f"You are {HUMAN} and the computer is {COMPUTER}: the first to get {configs.length_to_win} in a row"
        " across, down or diagonally wins.\n"
        "Type help to see this again, quit to stop."
    )


def person_move(configs: Configurations, text: str) -> Move:
    """The empty square ``text`` names; ``MoveError`` (one line, echoing ``text``) when there is none."""
    move = Move.parse(text, configs.board_size)
    if not configs.square_is_empty(move.row, move.col):
        raise OccupiedSquareError(f"{text.strip()!r} is already taken: choose an empty square")
    return move


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


def play_game(configs: Configurations, read_line: Reader, out: TextIO, *, show_thinking: bool = False) -> None:
    """Play one game on ``configs`` (an empty board) until it is over or the person quits.

    Moves come from ``read_line``; everything else goes to ``out``. ``EOFError``
    and ``KeyboardInterrupt`` from ``read_line`` propagate to the caller. With
    ``show_thinking``, a search that takes a while shows a spinner on ``out``.
    """
    print(f"You are {HUMAN} and move first; the computer is {COMPUTER}. Type help for how to play.", file=out)
    _draw(configs, out)
    while True:
        text = read_line(PROMPT)
        command = text.strip().lower()
        if not command:
            continue
        if command == "quit":
            print("Game abandoned", file=out)
            return
        if command == "help":
            print(help_text(configs), file=out)
            continue
        try:
            move = person_move(configs, text)
        except MoveError as refusal:
            print(refusal, file=out)
            continue
        configs.save_play(move.row, move.col, HUMAN)
        if _game_over(configs, out):
            return
        reply = _think(configs, out) if show_thinking else computer_play(configs)
        configs.save_play(reply.row, reply.col, COMPUTER)
        print(f"Computer plays {Move(reply.row, reply.col)}", file=out)
        if _game_over(configs, out):
            return
        _draw(configs, out)


def _draw(configs: Configurations, out: TextIO) -> None:
    print(draw_board(configs), file=out)


def _game_over(configs: Configurations, out: TextIO) -> bool:
    """Draw the final board and print the result when the game is over."""
    result = RESULT_LINES.get(configs.eval_board())
    if result is None:
        return False
    _draw(configs, out)
    print(result, file=out)
    return True


def _think(configs: Configurations, out: TextIO) -> PosPlay:
    """``computer_play`` in a worker thread, with a spinner on ``out`` once it has run a while.

    The spinner line is erased before returning. An exception from the search
    is re-raised here, in the caller's thread.
    """
    import threading  # noqa: PLC0415 -- only a terminal shows the spinner

    stats = SearchStats()
    outcome: list[PosPlay] = []
    failure: list[BaseException] = []

    def search() -> None:
        try:
            outcome.append(computer_play(configs, stats=stats))
        except BaseException as error:  # handed to the main thread, re-raised below
            failure.append(error)

    worker = threading.Thread(target=search, name="computer_play", daemon=True)
    started = time.monotonic()
    worker.start()
    widest = 0
    try:
        worker.join(THINKING_DELAY)
        while worker.is_alive():
            frame = SPINNER_FRAMES[int((time.monotonic() - started) / SPINNER_PERIOD) % len(SPINNER_FRAMES)]
            nodes = stats.nodes
            line = f"{frame} thinking..." + (f" {nodes:,} positions tried" if nodes else "")
            widest = max(widest, len(line))
            out.write("\r" + line.ljust(widest))
            out.flush()
            worker.join(SPINNER_PERIOD)
    finally:
        if widest:
            out.write("\r" + " " * widest + "\r")
            out.flush()
    if failure:
        raise failure[0]
    return outcome[0]


def _plain_arguments(arguments: Sequence[str]) -> tuple[int, int, int] | None:
    """``(size, length, max_levels)`` when ``arguments`` are three valid numbers argparse would take as they are.

    None otherwise -- an option, a missing or extra argument, a bad value --
    and then argparse parses them again and explains (see :func:`_parse_args`).
    Taking the usual case by hand spares a game argparse's import.
    """
    if len(arguments) != 3 or any(text.startswith("-") for text in arguments):
        return None
    try:
        size, length, max_levels = map(int, arguments)
    except ValueError:
        return None
    if 1 <= size <= MAX_BOARD_SIZE and 1 <= length <= size and max_levels >= 0:
        return size, length, max_levels
    return None


def _bounded_int(low: int, high: int | None = None) -> Callable[[str], int]:
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


def _parser() -> argparse.ArgumentParser:
    import argparse  # noqa: PLC0415 -- only arguments that need explaining come here

    parser = argparse.ArgumentParser(
        prog="play.py",
        description="Play k-in-a-row against the computer. You are X and move first; the computer is O.",
        epilog="Example: play.py 3 3 9 is tic-tac-toe with the computer searching to the end of the game.",
    )
    parser.add_argument("size", type=_bounded_int(1, MAX_BOARD_SIZE), help=f"board size, 1 to {MAX_BOARD_SIZE}")
    parser.add_argument("length", type=_bounded_int(1), help="tiles in a row needed to win, 1 to size")
    parser.add_argument(
        "max_levels",
        type=_bounded_int(0),
        help="how many moves ahead the computer looks; more is stronger and slower",
    )
    return parser


def _parse_args(arguments: Sequence[str]) -> tuple[int, int, int]:
    """``(size, length, max_levels)``; argparse's ``SystemExit`` (status 2, or 0 for ``--help``) otherwise."""
    parser = _parser()
    args = parser.parse_args(arguments)
    if args.length > args.size:
        parser.error(f"argument length: must be from 1 to size ({args.size}), got {args.length}")
    return args.size, args.length, args.max_levels


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run ``play.py`` with ``argv`` (default ``sys.argv[1:]``) and return the exit status.

    0 when the game ended or the person quit, 1 when input ended first, 2 for
    bad arguments, 130 on Ctrl-C. Moves are typed at a terminal when ``stdin``
    is one, otherwise read one per line and echoed.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    arguments = sys.argv[1:] if argv is None else argv
    numbers = _plain_arguments(arguments)
    if numbers is None:
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                numbers = _parse_args(arguments)
        except SystemExit as exit_request:
            return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    configs = Configurations(*numbers)
    at_terminal = stdin is sys.stdin and stdin.isatty()
    read_line = input if at_terminal else echoing_reader(stdin, stdout)
    try:
        play_game(configs, read_line, stdout, show_thinking=stdout.isatty())
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


if __name__ == "__main__":
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # a stray byte in the input is a typo, not a crash
    run(main, "play.py")
