"""``python -m tictactoe.gamegraph``: count, show, play, stats (docs/players.md).

The program over the graph of :mod:`tictactoe.gamegraph`; the package's
``__main__`` only hands over to :func:`main`.  The game against the graph
is the main game's, the graph playing as the ``perfect`` player
(:mod:`tictactoe.ui.terminal.graph_game`).

``show HASH ...`` prints each node as ``name=value`` lines in the order of
docs/players.md shows, a blank line between nodes::

    turn=X
    depth=0
    board=
    0|1|2
    -+-+-
    3|4|5
    -+-+-
    6|7|8
    winner=?
    moves= [0]=2, [1]=6, [2]=18, [3]=54, [4]=162, [5]=486, [6]=1458, [7]=4374, [8]=13122
    score=0

``board=`` stands alone so that the board's five lines keep their columns.
A hash that no game reaches gets one line on standard error saying so; the
other nodes are still shown, and the exit status is then 1.  Text that is
no hash at all (not a whole number from 0 to 19 682) is a usage error, as
a missing hash is: status 2, before anything is shown.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from configurations import Side
from configurations.moves import quoted
from tictactoe.cli.arguments import add_version, program_name
from tictactoe.cli.exits import EXIT_FAILED, EXIT_INPUT_ENDED, EXIT_OK, exit_status, run
from tictactoe.gamegraph import SLOTS, Node, UnreachablePositionError, game_graph
from tictactoe.gamegraph.stats import format_stats, graph_stats
from tictactoe.ui.terminal.conversation import play_session
from tictactoe.ui.terminal.graph_game import HELP, choose_side, graph_settings
from tictactoe.ui.terminal.reader import Reader, converse

__all__ = ["PROGRAM", "console_main", "format_node", "main", "parse_hash"]

PROGRAM = program_name("python -m tictactoe.gamegraph")
# The longest text that can be a hash: 19682 has five digits.  Longer is refused before int() reads it.
_HASH_DIGITS = len(str(SLOTS - 1))


def format_node(node: Node) -> str:
    """The node as ``show`` prints it: ``name=value`` lines, the board on the five lines after ``board=``.

    >>> from tictactoe.gamegraph import board_hash
    >>> print(format_node(game_graph().node(board_hash("XXXOO    "))))
    turn=-
    depth=5
    board=
    X|X|X
    -+-+-
    O|O|5
    -+-+-
    6|7|8
    winner=X
    moves= [0]=-1, [1]=-1, [2]=-1, [3]=-1, [4]=-1, [5]=-1, [6]=-1, [7]=-1, [8]=-1
    score=1
    """
    moves = ", ".join(f"[{square}]={child}" for square, child in enumerate(node.moves))
    return "\n".join(
        [
            f"turn={node.turn}",
            f"depth={node.depth}",
            "board=",
            node.board,
            f"winner={node.winner}",
            f"moves= {moves}",
            f"score={node.score}",
        ]
    )


def parse_hash(text: str) -> int:
    """The hash ``text`` spells: a whole number from 0 to 19 682; ``ValueError`` saying so otherwise.

    >>> parse_hash(" 42 ")
    42
    >>> parse_hash("-1")
    Traceback (most recent call last):
    ...
    ValueError: '-1' is not a hash: a hash is a whole number from 0 to 19682
    """
    typed = text.strip()
    digits = typed.lstrip("0") or "0"
    if typed.isascii() and typed.isdigit() and len(digits) <= _HASH_DIGITS:
        key = int(digits)
        if key < SLOTS:
            return key
    raise ValueError(f"{quoted(typed)} is not a hash: a hash is a whole number from 0 to {SLOTS - 1}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names (default ``sys.argv[1:]``) and return the exit status.

    0 on success, and with no command at all, which shows the help; 1 when
    ``show`` met a hash that is no node, or when the input of ``play`` ended
    before the game; 2 for a usage error; 130 when ``play`` is interrupted
    with Ctrl-C.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = _parser()
    if not arguments:  # a first look at the program: what it can do, rather than what was missing
        parser.print_help()
        return EXIT_OK
    args = parser.parse_args(arguments)
    if args.command == "count":
        print(len(game_graph()))
        return EXIT_OK
    if args.command == "show":
        return _show(args.hashes)
    if args.command == "stats":
        print(format_stats(graph_stats(game_graph())))
        return EXIT_OK
    return _play(args.side)


def _show(keys: Sequence[int]) -> int:
    """Print the node of each hash, a blank line between them; 1 if any was no node, else 0."""
    status, shown = EXIT_OK, 0
    for key in keys:
        try:
            node = game_graph().node(key)
        except UnreachablePositionError as refusal:
            print(f"{PROGRAM} show: {refusal}", file=sys.stderr)
            status = EXIT_FAILED
            continue
        if shown:
            print()
        print(format_node(node))
        shown += 1
    return status


def _play(side: str | None) -> int:
    """Play against the graph at the terminal, or from standard input read line by line when it is not one."""
    if sys.stdin is None:  # started with its standard input closed (<&-)
        print(f"{PROGRAM} play: no standard input to read moves from", file=sys.stderr)
        return EXIT_INPUT_ENDED
    at_terminal = sys.stdin.isatty()

    def conversation(read_line: Reader) -> None:
        person = side or choose_side(read_line, sys.stdout)
        if person is None:
            print("Game abandoned")
            return
        on_screen = sys.stdout.isatty()
        play_session(graph_settings(person), read_line, sys.stdout, interactive=at_terminal, on_screen=on_screen)

    return exit_status(
        converse(conversation, sys.stdin, sys.stdout, sys.stderr, f"{PROGRAM} play", at_terminal=at_terminal)
    )


def _hash(text: str) -> int:
    """The argparse ``type`` of a hash (:func:`parse_hash`)."""
    try:
        return parse_hash(text)
    except ValueError as refusal:
        raise argparse.ArgumentTypeError(str(refusal)) from None


def _side(text: str) -> str:
    """The argparse ``type`` of ``--as``: ``X`` or ``O``, in either case."""
    side = text.strip().upper()
    if side not in (Side.X, Side.O):
        raise argparse.ArgumentTypeError(f"must be {Side.X} or {Side.O}, got {text!r}")
    return side


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=(
            "The game graph of 3x3 tic-tac-toe: every position reachable from the empty board, X first, "
            "play stopping at a win or a full board. A position's hash is sum(3**i * v(square i)) over "
            "squares 0-8 row by row, v(X) = 2, v(O) = 1, v(empty) = 0; the empty board is 0."
        ),
    )
    add_version(parser)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("count", help="print the number of positions", description="Print the number of positions.")
    show = commands.add_parser(
        "show",
        help="print the nodes of the given hashes",
        description=(
            "Print each node as name=value lines: turn, depth, board (on the five lines after 'board='), "
            "winner, moves and score, a blank line between nodes. Exit status 1 if a hash is no node."
        ),
    )
    show.add_argument("hashes", nargs="+", type=_hash, metavar="HASH", help="a whole number from 0 to 19682")
    play_command = commands.add_parser(
        "play",
        help="play a game against the graph",
        description="Play a game against the graph, which plays its side perfectly.",
        epilog=HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    play_command.add_argument(
        "--as", dest="side", type=_side, metavar="X|O", help="the side you play (asked when not given)"
    )
    commands.add_parser(
        "stats",
        help="print counts of positions, results, games and edges",
        description=(
            "Print the number of positions, of positions up to the 8 symmetries of the square, of "
            "finished positions and of complete games by result, and of edges (moves between positions)."
        ),
    )
    return parser


def console_main() -> NoReturn:
    """The installed ``tictactoe-gamegraph`` command."""
    run(main, "tictactoe-gamegraph")


if __name__ == "__main__":
    run(main, PROGRAM)
