"""The game history at the terminal (SPEC §10): saving finished games, listing, replaying, SGF export and import.

``play.py --history``, ``--replay ID``, ``--export FILE`` and ``--import
FILE`` (each with ``--db PATH``) are read here by a parser of their own:
they take none of the three numbers of a game.  The terminal game uses
:func:`open_history` and :func:`save_game` to keep its finished games, and
the menu's "Previous games" is :func:`browse`.  Every problem with the
history file is one line on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path

from hashdict.exits import EXIT_INTERRUPTED, EXIT_OK
from tictactoe.game.history import History, HistoryError, default_path
from tictactoe.game.record import GameRecord, RecordError
from tictactoe.game.replay import RESULT_LINES, Replay, replay_text
from tictactoe.game.sgf import SgfError, parse_sgf, to_sgf
from tictactoe.ui.arguments import whole_number

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

    from tictactoe.game.game import Result
    from tictactoe.game.history import GameSummary
    from tictactoe.game.session import Session
    from tictactoe.ui.reader import Reader

__all__ = [
    "HEADINGS",
    "REPLAY_PROMPT",
    "browse",
    "history_table",
    "main",
    "open_history",
    "replay_interactively",
    "save_game",
    "summary_cells",
]

REPLAY_PROMPT = "Enter or n: next, b: back, s: start, e: end, q: quit > "
EXIT_FAILED = 1
_RESULTS: dict[str, Result] = {"x": "X", "o": "O", "draw": "draw"}
#: The columns of the list of games, at the terminal and in the window.
HEADINGS = ("ID", "Date", "X", "O", "Result", "Board", "Length", "Moves")
_NUMERIC = frozenset({0, 6, 7})  # the columns aligned to the right


class _FileError(Exception):
    """An SGF file that cannot be read or written; the message says which and why."""


def open_history(path: Path | None, err: TextIO, program: str) -> History | None:
    """The history at ``path`` (None: the default), or None after one line on ``err`` saying why it cannot be used."""
    try:
        return History(path)
    except HistoryError as error:
        print(f"{program}: cannot use the game history: {error}", file=err)
        return None


def save_game(history: History, session: Session, err: TextIO, program: str) -> None:
    """Save the session's finished game; a problem is one line on ``err`` and the game still counts."""
    try:
        history.save(session.record())
    except (HistoryError, RecordError) as error:
        print(f"{program}: cannot save the game: {error}", file=err)


def summary_cells(game: GameSummary) -> tuple[str, ...]:
    """One game's line of the list, a text for each of :data:`HEADINGS` (the date is when it started, in UTC)."""
    return (
        str(game.id),
        game.started.strftime("%Y-%m-%d %H:%M"),
        game.x.name,
        game.o.name,
        game.result,
        f"{game.size}x{game.size}",
        str(game.length),
        str(game.move_count),
    )


def history_table(summaries: Sequence[GameSummary]) -> str:
    """The games as a fixed-width table under a heading line, columns two spaces apart, in the order given."""
    rows = [HEADINGS] + [summary_cells(game) for game in summaries]
    widths = [max(len(row[column]) for row in rows) for column in range(len(HEADINGS))]
    lines = []
    for row in rows:
        cells = [
            cell.rjust(width) if column in _NUMERIC else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def replay_interactively(record: GameRecord, read_line: Reader, out: TextIO) -> None:
    """Step through ``record`` as the person asks, until ``q`` or the end of input."""
    replay = Replay(record)
    print(replay_text(record).split("\n\n", 1)[0], file=out)
    while True:
        print(replay.render(), file=out)
        if replay.at_end:
            print(RESULT_LINES[record.result], file=out)
        try:
            command = read_line(REPLAY_PROMPT).strip().lower()
        except EOFError:
            print(file=out)
            return
        if command in ("", "n"):
            replay.forward()
        elif command == "b":
            replay.back()
        elif command == "s":
            replay.to_start()
        elif command == "e":
            replay.to_end()
        elif command == "q":
            return
        else:
            print(f"Unknown command {command!r}", file=out)


def browse(read_line: Reader, out: TextIO, path: Path | None = None) -> None:
    """The menu's "Previous games": the newest 20, filtered as asked, then a game to replay (Enter: back)."""
    try:
        with History(path) as history:
            player = read_line("Player name filter [all]: ").strip() or None
            result = _ask_result(read_line, out)
            games = history.list_games(player=player, result=result, limit=20)
            if not games:
                print("No games saved yet." if player is None and result is None else "No games match.", file=out)
                return
            print(history_table(games), file=out)
            game_id = _ask_game(read_line, out, {game.id for game in games})
            if game_id is not None:
                replay_interactively(history.get(game_id), read_line, out)
    except HistoryError as error:
        print(f"Cannot use the game history: {error}", file=out)


def _ask_result(read_line: Reader, out: TextIO) -> Result | None:
    while True:
        answer = read_line("Result filter (X, O, draw) [all]: ").strip().lower()
        if not answer or answer == "all":
            return None
        if answer in _RESULTS:
            return _RESULTS[answer]
        print(f"a result is X, O or draw, got {answer!r}", file=out)


def _ask_game(read_line: Reader, out: TextIO, ids: set[int]) -> int | None:
    while True:
        answer = read_line("Game to replay (Enter: back): ").strip()
        if not answer:
            return None
        if answer.isdigit() and int(answer) in ids:
            return int(answer)
        print(f"choose one of the ids listed, got {answer!r}", file=out)


def main(
    arguments: Sequence[str], *, stdin: TextIO | None, stdout: TextIO, stderr: TextIO, program: str = "play.py"
) -> int:
    """Run one history mode of ``play.py``; 0 when done, 1 when the history or a file cannot be used, 2 for usage."""
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            args = _parser(program).parse_args(arguments)
    except SystemExit as exit_request:
        return exit_request.code if isinstance(exit_request.code, int) else 2
    history = open_history(args.db, stderr, program)
    if history is None:
        return EXIT_FAILED
    try:
        with history:
            return _run(args, history, stdin, stdout)
    except (HistoryError, SgfError, _FileError) as error:
        print(f"{program}: {error}", file=stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print(file=stdout)
        print(f"{program}: interrupted", file=stderr)
        return EXIT_INTERRUPTED


def _run(args: argparse.Namespace, history: History, stdin: TextIO | None, out: TextIO) -> int:
    if args.history:
        games = history.list_games(player=args.player, result=args.result, limit=None)
        filtered = args.player is not None or args.result is not None
        print(history_table(games) if games else "No games match." if filtered else "No games saved.", file=out)
    elif args.replay is not None:
        record = history.get(args.replay)
        if stdin is not None and stdin is sys.stdin and stdin.isatty():
            replay_interactively(record, input, out)
        else:
            print(replay_text(record), file=out)
    elif args.export is not None:
        records = [history.get(args.game)] if args.game is not None else _all_records(history)
        _write(args.export, to_sgf(records))
        print(f"Exported {len(records)} game{'s' * (len(records) != 1)} to {args.export}", file=out)
    else:
        try:
            data = args.import_.read_bytes()
        except OSError as error:
            raise _FileError(f"cannot read {args.import_}: {error.strerror}") from None
        records = parse_sgf(data)
        history.save_all(records)
        print(f"Imported {len(records)} game{'s' * (len(records) != 1)} into {history.path}", file=out)
    return EXIT_OK


def _all_records(history: History) -> list[GameRecord]:
    """Every game of ``history``, the first saved first."""
    return [history.get(game.id) for game in sorted(history.list_games(limit=None), key=lambda game: game.id)]


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise _FileError(f"cannot write {path}: {error.strerror}") from None


def _result(text: str) -> Result:
    """argparse ``type`` for ``--result``: X, O or draw, in any case."""
    try:
        return _RESULTS[text.lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(f"must be X, O or draw, got {text!r}") from None


def _parser(program: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=program,
        description="List, replay, export and import the games kept in the game history.",
        epilog=f"The history is {default_path()} unless --db names another file.",
    )
    modes = parser.add_mutually_exclusive_group(required=True)
    modes.add_argument("--history", action="store_true", help="list the games, the newest first")
    modes.add_argument("--replay", type=whole_number(1), metavar="ID", help="replay game ID move by move")
    modes.add_argument("--export", type=Path, metavar="FILE", help="write the games (or --game ID) to an SGF file")
    modes.add_argument("--import", dest="import_", type=Path, metavar="FILE", help="add the games of an SGF file")
    parser.add_argument("--db", type=Path, metavar="PATH", help="the game history file (SQLite)")
    parser.add_argument("--player", metavar="NAME", help="with --history: only the games NAME played")
    parser.add_argument("--result", type=_result, metavar="X|O|draw", help="with --history: only games of this result")
    parser.add_argument("--game", type=whole_number(1), metavar="ID", help="with --export: only game ID")
    return parser
