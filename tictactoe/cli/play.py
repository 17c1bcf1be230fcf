"""``play.py`` (and the installed ``tictactoe`` command): the game, its menu, its window and its history.

``play.py size length max_levels [options]`` plays the game of docs/playing.md, with
the options of docs/players.md choosing the players; ``--window`` plays it in a
window (docs/window.md); ``--history``, ``--replay``, ``--export`` and
``--import`` work on the game history instead (:mod:`tictactoe.cli.history`);
with no arguments at a terminal, the menu opens.  This module parses the
command line, hands the game to the terminal or the window, and turns how
it ended into the exit status: 0 when the game ended or the person quit,
1 when input ended first, 2 for a bad command line, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO

from configurations.moves import MAX_BOARD_SIZE, Move, MoveError
from configurations.rules import Rules
from configurations.search import SearchMemoryError
from tictactoe.cli.arguments import (
    add_opening_rule,
    add_rule,
    add_version,
    file_path,
    minutes,
    pause,
    seconds,
    side_name,
    square_rules,
    whole_number,
)
from tictactoe.cli.exits import (
    EXIT_FAILED,
    EXIT_INPUT_ENDED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    exit_status,
    run,
    stopping_on_signals,
)
from tictactoe.game.clocks import TimeControl
from tictactoe.game.session import Session
from tictactoe.players.levels import LEVEL_NAMES, LEVELS, Level, level_options, levelled_kinds
from tictactoe.players.registry import DEFAULT_THINK, PLAYER_NAMES, PlayerKind, PlayerLimits
from tictactoe.ui.settings import Settings, default_competitors, level_name
from tictactoe.ui.terminal.conversation import play_session
from tictactoe.ui.terminal.menu import DEFAULT_LEVEL, Menu, Offer
from tictactoe.ui.terminal.reader import Ending, Reader, Stopped, converse, enable_line_editing
from tictactoe.ui.window.launch import NoWindowError, WindowStopped, cannot_open_message, run_window

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.ui.terminal.keeping import GameKeeper

__all__ = [
    "HISTORY_MODES",
    "NUMBERS",
    "asks_for_history",
    "console_main",
    "main",
    "parse_settings",
    "think_cap_note",
    "weak_search_note",
]

#: The options that make ``play.py`` work on the game history instead of playing.
HISTORY_MODES = ("--history", "--replay", "--review", "--export", "--import")

#: The three numbers of the command line: name, least value, greatest value (None: no bound), help.
NUMBERS: tuple[tuple[str, int, int | None, str], ...] = (
    ("size", 1, MAX_BOARD_SIZE, f"board size, 1 to {MAX_BOARD_SIZE}"),
    ("length", 1, None, "tiles in a row needed to win, 1 to size"),
    ("max_levels", 0, None, "how many moves ahead the computer looks; more is stronger and slower"),
)


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
    With no arguments at a terminal, the menu opens instead (and ends with 0).
    Moves are typed at a terminal when ``stdin`` is one, otherwise read one
    per line and echoed.
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    arguments = sys.argv[1:] if argv is None else list(argv)
    if _asks_for_menu(arguments) and stdin is sys.stdin and stdin.isatty() and stdout.isatty():
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                db = _menu_db(arguments, program)
        except SystemExit as exit_request:
            return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
        return _run_menu(stdout, stderr, program, db)
    if any(argument.split("=", 1)[0] == "--resume-game" for argument in arguments):
        try:
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                settings = _resumed_settings(arguments, program)
        except SystemExit as exit_request:
            return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
        except ResumeError as error:
            print(f"{program}: {error}", file=stderr)
            return EXIT_FAILED
        return (
            _run_window(settings, stderr, program)
            if settings.window
            else _run_terminal(settings, stdin, stdout, stderr, program)
        )
    if asks_for_history(arguments):
        # Imported here: the history needs SQLite, about 7 ms of start-up that a game without one need not pay.
        from tictactoe.cli import history  # noqa: PLC0415

        return history.main(arguments, stdin=stdin, stdout=stdout, stderr=stderr, program=program)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            settings = parse_settings(arguments, program)
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    _print_notes(settings, arguments, stdin, stderr, program)
    if settings.window:
        return _run_window(settings, stderr, program)
    return _run_terminal(settings, stdin, stdout, stderr, program)


def _print_notes(settings: Settings, arguments: Sequence[str], stdin: TextIO, stderr: TextIO, program: str) -> None:
    """Before a game: the lines that say a search looks too few moves ahead, on ``stderr``."""
    note = weak_search_note(settings, program)
    if note is not None and stdin is sys.stdin and stdin.isatty() and stderr.isatty():
        print(note, file=stderr)  # at a terminal only: a script's or a grader's output stays the assignment's
    if any(argument.split("=", 1)[0] == "--think" for argument in arguments):
        capped = think_cap_note(settings, program)
        if capped is not None:
            print(capped, file=stderr)  # asked for by --think, which is none of the assignment's


def think_cap_note(settings: Settings, program: str = "play.py") -> str | None:
    """The line that says ``max_levels`` caps the strong player before a ``--think`` longer than the default does:
    its search stops at that depth however much time is left, so it may answer long before its time; None where
    it can see the end of the game, no strong player plays, or the time is the default's or less (asking for
    moves as quick as that, nobody waits).

    >>> from tictactoe.ui.settings import default_competitors
    >>> session = Session(Rules.square(15, 5), PlayerLimits(1, 5.0), *default_competitors("human", "strong"))
    >>> words = think_cap_note(Settings(session)).split("; ")
    >>> words[0]
    'play.py: strong looks at most 1 move ahead (max_levels), so it may answer well within --think 5'
    >>> words[1]
    'a larger max_levels lets it use the time'
    """
    session = settings.session
    rules, limits = session.rules, session.limits
    if all(competitor.kind != PlayerKind.STRONG for competitor in session.competitors):
        return None
    if limits.max_levels >= rules.squares - len(session.opening) or limits.think <= DEFAULT_THINK:
        return None
    ahead = f"{limits.max_levels} move{'s' * (limits.max_levels != 1)}"
    return (
        f"{program}: strong looks at most {ahead} ahead (max_levels), so it may answer well within "
        f"--think {limits.think:g}; a larger max_levels lets it use the time"
    )


def weak_search_note(settings: Settings, program: str = "play.py") -> str | None:
    """The line that points to ``--level`` when the assignment's search plays a side and looks too few moves
    ahead to see the end of the game from its first move; None when it sees that far, or does not play.

    >>> from tictactoe.ui.settings import default_competitors
    >>> def note(size, length, depth, window=False, players=("human", "reference")):
    ...     x, o = default_competitors(*players)
    ...     session = Session(Rules.square(size, length), PlayerLimits(depth), x, o)
    ...     return weak_search_note(Settings(session, window=window))
    >>> note(3, 3, 9), note(3, 3, 8), note(1, 1, 0), note(7, 4, 3, players=("human", "strong"))
    (None, None, None, None)
    >>> print(note(7, 4, 3))
    play.py: looking 3 moves ahead, the computer plays weakly on 7x7; for a stronger one: play.py 7 4 --level hard
    >>> note(9, 5, 4, window=True).endswith("for a stronger one: play.py 9 5 --level hard --window")
    True
    """
    session = settings.session
    rules, limits = session.rules, session.limits
    if all(competitor.kind != "reference" for competitor in session.competitors):
        return None
    # The computer's first move, as O, is made with one square taken (as X, with none: a depth one short of that
    # is as good as whole, the first move of the empty board being the same either way).
    empty = rules.squares - 1 - len(session.opening)
    if limits.max_levels >= empty:
        return None
    window = " --window" if settings.window else ""
    return (
        f"{program}: looking {limits.max_levels} moves ahead, the computer plays weakly on "
        f"{rules.board}; for a stronger one: {program} {rules.size} {rules.k} --level {DEFAULT_LEVEL}{window}"
    )


def asks_for_history(arguments: Sequence[str]) -> bool:
    """Whether the command line names one of :data:`HISTORY_MODES`.

    >>> asks_for_history(["--replay=3"]), asks_for_history(["3", "3", "9"])
    (True, False)
    """
    return any(argument.split("=", 1)[0] in HISTORY_MODES for argument in arguments)


def parse_settings(arguments: Sequence[str], program: str = "play.py") -> Settings:
    """What the command line asks for; argparse's ``SystemExit`` (2, or 0 for ``--help``) otherwise."""
    parser = _parser(program, levelled=any(argument.split("=", 1)[0] == "--level" for argument in arguments))
    args = parser.parse_args(arguments)
    if args.length > args.size:
        parser.error(f"argument length: must be from 1 to size ({args.size}), got {args.length}")
    memory = None if args.memory is None else args.memory * 2**20
    rules = square_rules(parser, args, args.size, args.length)
    if args.level is None:
        x_kind, o_kind = args.x or PlayerKind.HUMAN, args.o or PlayerKind.REFERENCE
        think = DEFAULT_THINK if args.think is None else args.think
        limits = PlayerLimits(args.max_levels, think, args.seed, memory)
        names = (args.name_x, args.name_o)
    else:
        limits, x_kind, o_kind = _levelled(parser, args, rules, memory)
        computer = level_name(Level(args.level))
        names = (
            args.name_x or _if(x_kind != PlayerKind.HUMAN, computer),
            args.name_o or _if(o_kind != PlayerKind.HUMAN, computer),
        )
    try:
        opening = [Move.parse(text, args.size) for text in args.opening.split(",")] if args.opening else []
    except MoveError as refusal:
        parser.error(f"argument --opening: {refusal}")
    x, o = default_competitors(x_kind, o_kind, *names)
    clocks = None if args.move_time is None and args.game_time is None else TimeControl(args.move_time, args.game_time)
    try:
        session = Session(rules, limits, x, o, opening=opening, clocks=clocks)
        return Settings(session, args.delay, window=args.window, db=args.db, grid=_grid(parser, args))
    except MoveError as refusal:
        parser.error(f"argument --opening: {refusal}")
    except ValueError as unplayable:  # a player that cannot play this board
        parser.error(str(unplayable))


def _levelled(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules, memory: int | None
) -> tuple[PlayerLimits, str, str]:
    """The computer's limits and the sides' players of ``--level``: the computer plays O, or X when ``--o human``
    is given.

    The level chooses the computer's player and depth, so that giving
    ``max_levels`` or a computer player as well is a usage error; ``--think``
    still sets the time a move, in place of the level's.
    """
    if args.max_levels is not None:
        parser.error("argument --level: the level sets how far the computer looks: give size and length only")
    for option, kind in (("--x", args.x), ("--o", args.o)):
        if kind not in (None, PlayerKind.HUMAN):
            parser.error(f"argument --level: the level chooses the computer's player: {option} can only be human")
    level = Level(args.level)
    computer_first = args.o == PlayerKind.HUMAN and args.x is None
    sides = (
        (PlayerKind.REFERENCE, PlayerKind.HUMAN)
        if computer_first
        else (args.x or PlayerKind.HUMAN, args.o or PlayerKind.REFERENCE)
    )
    try:
        x_kind, o_kind = levelled_kinds(level, *sides)
    except ValueError as refusal:
        parser.error(f"argument --level: {refusal}")
    _, limits = level_options(level, rules, seed=args.seed, memory=memory)
    if args.think is not None:
        limits = limits._replace(think=args.think)
    return limits, x_kind, o_kind


def _if(condition: bool, name: str) -> str | None:
    return name if condition else None


class ResumeError(Exception):
    """The game asked for cannot be resumed: the message says why."""


def _resumed_settings(arguments: Sequence[str], program: str) -> Settings:
    """The settings of ``--resume-game ID``: the game kept unfinished under ID, to be played on.

    argparse's ``SystemExit`` for a bad command line; :class:`ResumeError` when
    the history or the game cannot be used.
    """
    parser = argparse.ArgumentParser(
        prog=program,
        description="Play on a game left before its end, kept in the game history (see --history).",
    )
    add_version(parser)
    parser.add_argument("--resume-game", type=whole_number(1, 2**63 - 1), required=True, metavar="ID", help="the game")
    parser.add_argument("--db", type=file_path, metavar="PATH", help="the game history file (SQLite)")
    parser.add_argument("--think", type=seconds, metavar="SECONDS", help="the strong player's time a move")
    parser.add_argument("--window", action="store_true", help="play on in a window")
    parser.add_argument("--delay", type=pause, metavar="SECONDS", help="pause before each move of two computer players")
    _add_drawing(parser)
    args = parser.parse_args(arguments)
    grid = _grid(parser, args)
    # Imported here: the history needs SQLite, about 7 ms of start-up that a game without one need not pay.
    from tictactoe.game.history import History, HistoryError  # noqa: PLC0415

    try:
        with History(args.db, create=False) as history:
            record = history.get(args.resume_game)
        session = Session.resume(record, args.resume_game, think=args.think)
    except (HistoryError, ValueError) as error:
        raise ResumeError(f"cannot resume game {args.resume_game}: {error}") from None
    return Settings(session, args.delay, window=args.window, db=args.db, grid=grid)


def _run_terminal(settings: Settings, stdin: TextIO | None, stdout: TextIO, stderr: TextIO, program: str) -> int:
    """Play ``settings`` at the terminal, or from a pipe: the exit status.

    A game with a history is kept in it as it is played; SIGHUP and SIGTERM
    end the program as Ctrl-C does, the game kept (:func:`stopping_on_signals`).
    """
    if stdin is None:  # started with its standard input closed (<&-)
        print(f"{program}: no standard input to read moves from", file=stderr)
        return EXIT_INPUT_ENDED
    at_terminal = stdin is sys.stdin and stdin.isatty()
    usable, keeper = _history_keeper(settings.db, stderr, program, at_terminal=at_terminal)
    if not usable:
        return EXIT_INPUT_ENDED  # the history asked for cannot be used: said so, and no game started
    if at_terminal:
        enable_line_editing()

    def conversation(read_line: Reader) -> None:
        play_session(settings, read_line, stdout, interactive=at_terminal, on_screen=stdout.isatty(), keeper=keeper)

    kept = None if keeper is None else keeper.kept_line
    try:
        with stopping_on_signals():
            ending = converse(conversation, stdin, stdout, stderr, program, at_terminal=at_terminal, kept=kept)
        status = exit_status(ending)
    except SearchMemoryError as error:
        print(f"{program}: {error}", file=stderr)
        return EXIT_FAILED
    finally:
        if keeper is not None:
            keeper.close()
    # A game that could not be kept is lost: said in its line, and in the status.
    return EXIT_FAILED if status == EXIT_OK and keeper is not None and keeper.failed else status


def _run_window(settings: Settings, stderr: TextIO, program: str) -> int:
    """Play ``settings`` in a window until it is closed: 0, 1 when the ``--db`` asked for cannot be written (said
    before the window opens), or 2 when no window can open.

    SIGHUP and SIGTERM end the window as Ctrl-C does (:func:`stopping_on_signals`), the game on the board kept
    unfinished: one line says so, as at the terminal, and the status is 129, 143 or 130.
    """
    if settings.db is not None:
        usable, keeper = _history_keeper(settings.db, stderr, program, at_terminal=True)
        if keeper is not None:
            keeper.close()  # the window opens it again, its own
        if not usable:
            return EXIT_FAILED
    try:
        with stopping_on_signals():
            run_window(settings.session, db=settings.db, delay=settings.delay, grid=settings.grid)
    except NoWindowError as reason:
        print(cannot_open_message(str(reason), settings.session), file=stderr)
        return EXIT_USAGE
    except WindowStopped as stopped:
        return _window_stopped(stopped, settings.db, stderr, program)
    return EXIT_OK


def _window_stopped(stopped: WindowStopped, db: Path | None, stderr: TextIO, program: str) -> int:
    """Say, as the terminal does, what closed the window and what became of its game: its status."""
    from tictactoe.ui.terminal.keeping import kept_line  # noqa: PLC0415 -- SQLite's start-up, as above

    stop = stopped.stop
    ending, reason = (stop.ending, stop.reason) if isinstance(stop, Stopped) else (Ending.INTERRUPTED, "interrupted")
    what = ", game abandoned" if stopped.kept is None else f"; {kept_line(stopped.kept, db, program)}"
    with contextlib.suppress(OSError):  # a terminal that closed (SIGHUP) takes no line
        print(f"{program}: {reason}{what}", file=stderr, flush=True)
    return exit_status(ending)


def _asks_for_menu(arguments: Sequence[str]) -> bool:
    """Whether the command line opens the menu (at a terminal): nothing, or ``--db PATH`` alone.

    >>> _asks_for_menu([]), _asks_for_menu(["--db", "games.sqlite3"]), _asks_for_menu(["--db=games.sqlite3"])
    (True, True, True)
    >>> _asks_for_menu(["3", "3", "9"]), _asks_for_menu(["--db", "g.sqlite3", "3", "3", "9"])
    (False, False)
    """
    if not arguments:
        return True
    if len(arguments) == 1:
        return arguments[0].startswith("--db=")
    return len(arguments) == 2 and arguments[0] == "--db"


def _menu_db(arguments: Sequence[str], program: str) -> Path | None:
    """The history the menu keeps its games in: ``--db PATH``, or None (the default); argparse's ``SystemExit``
    for a path that cannot be one."""
    parser = argparse.ArgumentParser(prog=program, description="The menu: new game, previous games, exit.")
    parser.add_argument("--db", type=file_path, metavar="PATH", help="the game history file (SQLite)")
    db: Path | None = parser.parse_args(arguments).db
    return db


def _run_menu(out: TextIO, err: TextIO, program: str, db: Path | None = None) -> int:
    """The menu, at a terminal, until Exit, end of input, Ctrl-C or SIGHUP/SIGTERM; games kept in ``db`` (None:
    the default history, or none when it cannot be used).  A ``db`` that cannot be used is one line, status 1."""
    usable, keeper = _history_keeper(db, err, program, at_terminal=True)
    if not usable:
        return EXIT_FAILED
    enable_line_editing()
    try:
        with stopping_on_signals():
            _menu(out, err, keeper, db)
    except EOFError:
        print(file=out)  # Ctrl-D left the cursor after the question
    except KeyboardInterrupt as interruption:
        reason = interruption.reason if isinstance(interruption, Stopped) else "interrupted"
        what = None if keeper is None else keeper.kept_line()
        with contextlib.suppress(OSError):  # a terminal that has closed takes no line
            print(file=out)
            print(f"{program}: {reason}" + ("" if what is None else f"; {what}"), file=err, flush=True)
        return exit_status(interruption.ending) if isinstance(interruption, Stopped) else EXIT_INTERRUPTED
    finally:
        if keeper is not None:
            keeper.close()
    return EXIT_OK


def _menu(out: TextIO, err: TextIO, keeper: GameKeeper | None, db: Path | None) -> None:
    """Run the menu, each game kept through ``keeper``, the previous games read from ``db``."""

    def play(settings: Settings) -> None:
        play_session(settings, input, out, interactive=True, on_screen=True, keeper=keeper)
        if keeper is not None:
            keeper.kept = None  # said already: a later Ctrl-C at the menu's questions leaves no game

    def previous_games() -> None:
        from tictactoe.ui.terminal.browse import browse  # noqa: PLC0415 -- SQLite: see _history_keeper

        browse(input, out, db, terminal=sys.stdin if out.isatty() else None, play=play)

    offer = None if keeper is None else _last_unfinished(keeper, err)
    Menu(input, out, play, previous_games, offer).run()


def _last_unfinished(keeper: GameKeeper, err: TextIO) -> Callable[[], Offer | None]:
    """What the menu offers to go on with: the unfinished game played last in ``keeper``'s history, if any."""
    from tictactoe.game.history import HistoryError  # noqa: PLC0415 -- SQLite: see _history_keeper

    def offer() -> Offer | None:
        try:
            summary = keeper.history.last_unfinished()
            if summary is None:
                return None
            record = keeper.history.get(summary.id)
            session = Session.resume(record, summary.id)
        except (HistoryError, ValueError) as error:
            print(f"cannot offer the last unfinished game: {error}", file=err)
            return None
        return Offer(summary, lambda: Settings(session))

    return offer


def _history_keeper(db: Path | None, err: TextIO, program: str, *, at_terminal: bool) -> tuple[bool, GameKeeper | None]:
    """:func:`~tictactoe.ui.terminal.keeping.history_keeper`, for a game that may be kept: at a terminal, or with
    ``--db``.

    A piped game without ``--db`` keeps nothing (docs/history.md), and so does not
    import the history, whose SQLite costs a game's start-up about 7 ms.
    """
    if db is None and not at_terminal:
        return True, None
    from tictactoe.ui.terminal.keeping import history_keeper  # noqa: PLC0415 -- see above

    return history_keeper(db, err, program, at_terminal=at_terminal)


def _parser(program: str, *, levelled: bool = False) -> argparse.ArgumentParser:
    """The game's command line; with ``levelled`` (``--level`` given), ``max_levels`` may be left out."""
    parser = argparse.ArgumentParser(
        prog=program,
        usage="%(prog)s [-h] size length max_levels [options]\n"
        f"       %(prog)s [-h] size length --level {{{','.join(LEVEL_NAMES)}}} [options]",
        description="Play k-in-a-row against the computer. You are X and move first; the computer is O.",
        epilog=f"Example: {program} 3 3 9 is tic-tac-toe with the computer searching to the end of the game; "
        f"{program} 7 4 --level hard sets how the computer plays by name. "
        f"Saved games: {program} --history, --replay ID, --review ID, --export FILE, --import FILE "
        f"({program} --history -h).",
    )
    add_version(parser)
    for name, low, high, description in NUMBERS:
        optional = {"nargs": "?"} if levelled and name == "max_levels" else {}
        parser.add_argument(name, type=whole_number(low, high), help=description, **optional)  # type: ignore[arg-type]
    levels = "; ".join(f"{level}: {LEVELS[level].summary}" for level in Level)
    parser.add_argument(
        "--level",
        choices=LEVEL_NAMES,
        metavar="LEVEL",
        help=f"how well the computer plays, in place of max_levels: {levels}",
    )
    _add_rule_options(parser)
    players = ", ".join(PLAYER_NAMES)
    parser.add_argument("--x", choices=PLAYER_NAMES, metavar="PLAYER", help=f"X's player: {players}")
    parser.add_argument("--o", choices=PLAYER_NAMES, metavar="PLAYER", help="O's player")
    parser.add_argument(
        "--think", type=seconds, metavar="SECONDS", help=f"the strong player's time a move (default: {DEFAULT_THINK:g})"
    )
    parser.add_argument(
        "--move-time", type=seconds, metavar="SECONDS", help="each move within SECONDS, or it loses on time"
    )
    parser.add_argument(
        "--game-time",
        type=minutes,
        metavar="MINUTES",
        help="each side's moves within MINUTES in all, or it loses on time",
    )
    parser.add_argument("--opening", metavar="MOVES", help="moves played first, alternately from X, e.g. e5,f6,d4")
    parser.add_argument("--seed", type=int, metavar="N", help="makes every random choice repeatable")
    parser.add_argument(
        "--name-x", type=side_name, metavar="NAME", help="X's name in the tally (default: You, or the player)"
    )
    parser.add_argument("--name-o", type=side_name, metavar="NAME", help="O's name in the tally")
    parser.add_argument("--window", action="store_true", help="play in a window: click a square, or arrows and Enter")
    _add_drawing(parser)
    parser.add_argument("--delay", type=pause, metavar="SECONDS", help="pause before each move of two computer players")
    parser.add_argument(
        "--memory",
        type=whole_number(1),
        metavar="MIB",
        help="the most memory, in MiB, the reference search's table may take (default: a quarter of this machine's)",
    )
    parser.add_argument("--db", type=file_path, metavar="PATH", help="the game history file (SQLite) to save games in")
    return parser


def _add_drawing(parser: argparse.ArgumentParser) -> None:
    """``--grid`` and ``--squares``: how the window draws the board, one or the other."""
    drawing = parser.add_mutually_exclusive_group()
    drawing.add_argument(
        "--grid",
        action="store_const",
        const=True,
        dest="grid",
        help="in the window, stones on a grid's intersections (the default for five in a row)",
    )
    drawing.add_argument(
        "--squares",
        action="store_const",
        const=False,
        dest="grid",
        help="in the window, X and O in squares (the default below five in a row)",
    )


def _grid(parser: argparse.ArgumentParser, args: argparse.Namespace) -> bool | None:
    """``--grid`` (True), ``--squares`` (False) or neither (None); a usage error without ``--window``, where
    there is no board to draw so."""
    grid: bool | None = args.grid
    if grid is not None and not args.window:
        parser.error(f"argument {'--grid' if grid else '--squares'}: the window draws the board: add --window")
    return grid


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    """The options of the game's rules: what wins (``--rule``) and how the first stones are placed
    (``--opening-rule``)."""
    add_rule(
        parser,
        "what wins: freestyle (k or more in a row, the default), standard (exactly k), renju (five; black, X, "
        "may not play a double three, a double four or an overline) or caro (a line not blocked at both ends)",
    )
    add_opening_rule(
        parser,
        "how the first stones are placed: free (the players take turns, the default), swap (X's player places "
        "three stones, black, white, black, and O's chooses a colour) or swap2 (as swap, or O's places two more "
        "and X's chooses); the strong player and the levels that use it can take either part",
    )


def console_main() -> NoReturn:
    """The installed ``tictactoe`` command: ``play.py`` under the command's own name."""
    run(lambda: main(program="tictactoe"), "tictactoe")


if __name__ == "__main__":
    run(main, "python -m tictactoe.cli.play")
