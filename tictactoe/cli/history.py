"""``play.py --history | --replay ID | --review ID | --export FILE | --import FILE [--db PATH]``: the history's program.

These modes take none of the three numbers of a game, so they have a
parser of their own; :mod:`tictactoe.cli.play` hands a command line over
when :func:`asks_for_history` says it names one.  Every problem with the
history file or an SGF file is one line on standard error and status 1,
never a traceback.

``--review ID`` values every position of game ID (see
:mod:`tictactoe.game.review.search`) at ``--think`` seconds a position, prints
the table of its moves and keeps the review in the history.  A game
reviewed before shows the review kept, unless ``--think`` gives another
time than it had or ``--redo`` asks for a new one.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from configurations.rules import Variant
from tictactoe.cli.arguments import add_rule, add_version, file_path, seconds, whole_number
from tictactoe.cli.exits import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, exit_status, stopping_on_signals
from tictactoe.game.game_files import GameFileError, read_game_file
from tictactoe.game.history import (
    DamagedGame,
    DamagedGameError,
    History,
    HistoryError,
    MissingHistoryError,
    default_path,
)
from tictactoe.game.psq import PsqError, to_psq
from tictactoe.game.replay import replay_text
from tictactoe.game.review.search import ReviewFailed, review_game
from tictactoe.game.sgf import to_sgf
from tictactoe.players.base import DEFAULT_THINK
from tictactoe.ui.settings import Settings
from tictactoe.ui.terminal.browse import RESULT_NAMES, history_table, play_on, replay_interactively
from tictactoe.ui.terminal.conversation import play_session
from tictactoe.ui.terminal.keeping import GameKeeper
from tictactoe.ui.terminal.reader import Stopped, enable_line_editing
from tictactoe.ui.terminal.review_table import review_progress, review_text

__all__ = ["main"]


#: The largest game id: SQLite's largest integer.
MAX_GAME_ID = 2**63 - 1


class _FileError(Exception):
    """An SGF file that cannot be read or written; the message says which and why."""


def main(
    arguments: Sequence[str], *, stdin: TextIO | None, stdout: TextIO, stderr: TextIO, program: str = "play.py"
) -> int:
    """Run one history mode of ``play.py``; 0 when done, 1 when the history or a file cannot be used, 2 for usage."""
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = _parse(arguments, program)
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else EXIT_USAGE
    reading = args.import_ is None  # listing, replaying and exporting never make a file
    try:
        history = History(args.db, create=not reading)
    except MissingHistoryError as error:
        if args.db is None:  # the default history, before any game was saved
            print("No games saved yet.", file=stdout)
            return EXIT_OK
        print(f"{program}: cannot use the game history: {error}", file=stderr)
        return EXIT_FAILED
    except HistoryError as error:
        print(f"{program}: cannot use the game history: {error}", file=stderr)
        return EXIT_FAILED
    keeper = GameKeeper(history, args.db, stderr, program)  # a game played on from a replay is kept as it goes
    try:
        with history:
            damaged = _run(args, keeper, stdin, stdout, stderr, program=program)
    except (HistoryError, GameFileError, _FileError, ReviewFailed) as error:
        print(f"{program}: {error}", file=stderr)
        return EXIT_FAILED
    except KeyboardInterrupt as interruption:
        stop = interruption if isinstance(interruption, Stopped) else None
        kept = keeper.kept_line()
        with contextlib.suppress(OSError):  # a terminal that has closed (SIGHUP) takes no line
            if args.replay is not None:  # the cursor may be after the replay's prompt
                print(file=stdout)
            reason = "interrupted" if stop is None else stop.reason
            print(f"{program}: {reason}" + ("" if kept is None else f"; {kept}"), file=stderr, flush=True)
        return EXIT_INTERRUPTED if stop is None else exit_status(stop.ending)
    for game in damaged:
        print(f"{program}: {history.path}: {game}; it is left out", file=stderr)
    return EXIT_FAILED if damaged else EXIT_OK


def _run(
    args: argparse.Namespace, keeper: GameKeeper, stdin: TextIO | None, out: TextIO, err: TextIO, *, program: str
) -> list[DamagedGame]:
    """Do what ``args`` ask of ``keeper``'s history; the damaged games left out on the way."""
    history = keeper.history
    damaged: list[DamagedGame] = []
    if args.review is not None:
        _review(history, args.review, args.think, out, err, redo=args.redo)
    elif args.history:
        games = history.list_games(player=args.player, result=args.result, limit=None, damaged=damaged)
        filtered = args.player is not None or args.result is not None
        print(history_table(games) if games else "No games match." if filtered else "No games saved.", file=out)
    elif args.replay is not None:
        record = history.get(args.replay)
        if stdin is not None and stdin is sys.stdin and stdin.isatty():
            start = replay_interactively(record, input, out, terminal=stdin if out.isatty() else None)
            if start is not None:
                play_on(record, start, input, out, _player(keeper, out, err, program))
        else:
            print(replay_text(record), file=out)
    elif args.export is not None:
        _export(args, history, out, damaged)
    else:
        imported = read_game_file(args.import_, rule=Variant(args.rule))
        ids, skipped = history.save_new(imported.records)
        print(import_note(len(ids), history.path, skipped, imported.variations_left_out), file=out)
        for note in imported.notes:
            print(f"note: {note}", file=out)
    return damaged


def _export(args: argparse.Namespace, history: History, out: TextIO, damaged: list[DamagedGame]) -> None:
    """Write the games ``args`` name to ``--export``'s file: PSQ, one game, where its name ends in ``.psq``, else
    SGF with the reviews kept."""
    path: Path = args.export
    if path.suffix.lower() == ".psq":
        if args.game is None:
            raise _FileError(f"{path}: a PSQ file holds one game: give --game ID, or export as SGF")
        try:
            text = to_psq(history.get(args.game))
        except PsqError as error:
            raise _FileError(f"game {args.game}: {error}") from None
        _write(path, text, replace=args.force)
        print(f"Exported 1 game to {path}", file=out)
        return
    if args.game is not None:
        record = history.get(args.game)
        exported = [(record, history.get_review(args.game, record))]
    else:
        exported = history.reviewed_records(damaged)
    text = to_sgf([record for record, _ in exported], [review for _, review in exported])
    _write(path, text, replace=args.force)
    print(f"Exported {len(exported)} game{'s' * (len(exported) != 1)} to {path}", file=out)


def _player(keeper: GameKeeper, out: TextIO, err: TextIO, program: str) -> Callable[[Settings], None]:
    """Plays a game at the terminal, kept in ``keeper``'s history as it goes (a problem with it is a line on
    ``err``); SIGHUP and SIGTERM end it as Ctrl-C does, the game kept."""
    kept: GameKeeper | None = keeper
    try:
        keeper.history.check_writable()
    except HistoryError as error:
        print(f"{program}: the game is not saved: {error}", file=err)
        kept = None

    def play(settings: Settings) -> None:
        enable_line_editing()
        with stopping_on_signals():
            play_session(settings, input, out, interactive=True, on_screen=out.isatty(), keeper=kept)

    return play


def _review(history: History, game_id: int, think: float | None, out: TextIO, err: TextIO, *, redo: bool) -> None:
    """Print the review of game ``game_id``: the one kept, or else a new one at ``think`` seconds a position,
    then kept.  ``redo`` reviews the game again whatever is kept."""
    record = history.get(game_id)
    try:
        kept = None if redo else history.get_review(game_id, record)
    except DamagedGameError as error:
        raise HistoryError(f"{error}: --redo reviews the game again") from None
    if kept is not None and think in (None, kept.think):
        print(review_text(game_id, record, kept, stored=True), file=out)
        return
    try:
        with review_progress(err) as progress:
            review = review_game(record, DEFAULT_THINK if think is None else think, progress=progress)
    except ReviewFailed as failure:  # what was valued is shown; the failure is main's one line
        print(review_text(game_id, record, failure.review), file=out, flush=True)
        message = f"{failure}; the moves valued before are shown, nothing is stored"
        raise ReviewFailed(message, failure.review, failure.position) from None
    print(review_text(game_id, record, review), file=out, flush=True)
    history.save_review(game_id, review)


def import_note(imported: int, into: Path, skipped: int, left_out: int) -> str:
    """What an import says: the games added, those skipped as stored already, the variations left out.

    >>> import_note(2, Path("games.sqlite3"), 1, 3)
    'Imported 2 games into games.sqlite3, skipped 1 already stored; 3 variations left out (the main line is read)'
    """
    already = f", skipped {skipped} already stored" if skipped else ""
    variations = f"; {left_out} variation{'s' * (left_out != 1)} left out (the main line is read)" if left_out else ""
    return f"Imported {imported} game{'s' * (imported != 1)} into {into}{already}{variations}"


def _write(path: Path, text: str, *, replace: bool) -> None:
    """Write ``text`` to ``path``; an existing regular file only when ``replace`` says so (a device or a pipe,
    such as /dev/stdout, always)."""
    if path.is_file() and not replace:
        raise _FileError(f"{path} exists already: give --force to replace it")
    try:
        path.write_text(text, encoding="utf-8")
    except BrokenPipeError:
        raise  # the reader of a pipe has gone: the program ends as every program does then
    except OSError as error:
        raise _FileError(f"cannot write {path}: {error.strerror}") from None


def _result(text: str) -> str:
    """argparse ``type`` for ``--result``: X, O, draw or unfinished, in any case."""
    try:
        return RESULT_NAMES[text.lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(f"must be X, O, draw or unfinished, got {text!r}") from None


def _parse(arguments: Sequence[str], program: str) -> argparse.Namespace:
    """The command line's options; a usage error (``SystemExit``) for one that goes with another mode."""
    parser = _parser(program)
    args = parser.parse_args(arguments)
    if not args.history:
        for option, value in (("--player", args.player), ("--result", args.result)):
            if value is not None:
                parser.error(f"argument {option}: goes with --history only")
    if args.export is None:
        for option, given in (("--game", args.game is not None), ("--force", args.force)):
            if given:
                parser.error(f"argument {option}: goes with --export only")
    if args.review is None:
        for option, given in (("--think", args.think is not None), ("--redo", args.redo)):
            if given:
                parser.error(f"argument {option}: goes with --review only")
    return args


def _parser(program: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=program,
        description="List, replay, review, export and import the games kept in the game history.",
        epilog=f"The history is {default_path()} unless --db names another file.",
    )
    add_version(parser)
    modes = parser.add_mutually_exclusive_group(required=True)
    modes.add_argument("--history", action="store_true", help="list the games, the newest first")
    modes.add_argument("--replay", type=whole_number(1, MAX_GAME_ID), metavar="ID", help="replay game ID move by move")
    modes.add_argument(
        "--review",
        type=whole_number(1, MAX_GAME_ID),
        metavar="ID",
        help="value every position of game ID and mark the moves that threw away a result",
    )
    modes.add_argument(
        "--export",
        type=file_path,
        metavar="FILE",
        help="write the games (or --game ID) to an SGF file, or game ID to a PSQ file (FILE.psq)",
    )
    modes.add_argument(
        "--import", dest="import_", type=file_path, metavar="FILE", help="add the games of an SGF or PSQ file"
    )
    parser.add_argument("--db", type=file_path, metavar="PATH", help="the game history file (SQLite)")
    add_rule(
        parser,
        "with --import: the rule of the games whose file names none (PSQ, SGF without RU): freestyle (the "
        "default), standard, renju or caro",
    )
    parser.add_argument("--player", metavar="NAME", help="with --history: only the games NAME played")
    parser.add_argument(
        "--result", type=_result, metavar="X|O|draw|unfinished", help="with --history: only games of this result"
    )
    parser.add_argument("--game", type=whole_number(1, MAX_GAME_ID), metavar="ID", help="with --export: only game ID")
    parser.add_argument("--force", action="store_true", help="with --export: replace FILE if it exists")
    parser.add_argument(
        "--think",
        type=seconds,
        metavar="SECONDS",
        help=f"with --review: the solver's and the strong player's time a position (default: {DEFAULT_THINK:g})",
    )
    parser.add_argument("--redo", action="store_true", help="with --review: review again a game reviewed before")
    return parser
