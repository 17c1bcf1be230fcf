"""The game history at the terminal (SPEC §10): saving finished games, the list of games, replaying one.

The terminal game keeps its finished games through :func:`history_saver`;
the menu's "Previous games" is :func:`browse`; the history's program
(:mod:`tictactoe.cli.history`) prints :func:`history_table` and steps
through :func:`replay_interactively`.  Every problem with the history file
is one line, never a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from tictactoe.game.history import RESULT_FILTERS, GameSummary, History, HistoryError
from tictactoe.game.record import GameRecord, RecordError
from tictactoe.game.replay import Replay, replay_text, result_line
from tictactoe.game.session import Session
from tictactoe.ui.game_list import HEADINGS, summary_cells
from tictactoe.ui.terminal.conversation import Saver
from tictactoe.ui.terminal.reader import Reader

__all__ = [
    "REPLAY_PROMPT",
    "RESULT_NAMES",
    "browse",
    "history_saver",
    "history_table",
    "open_history",
    "replay_interactively",
    "save_game",
]

REPLAY_PROMPT = "Enter or n: next, b: back, s: start, e: end, q: quit > "
#: The results a list can be filtered by, as a person types them (in lower case).
RESULT_NAMES: dict[str, str] = {result.lower(): result for result in RESULT_FILTERS}
_NUMERIC = frozenset({0, 6, 7})  # the columns aligned to the right


def open_history(path: Path | None, err: TextIO, program: str) -> History | None:
    """The history at ``path`` (None: the default), or None after one line on ``err`` saying why it cannot be used."""
    try:
        return History(path)
    except HistoryError as error:
        print(f"{program}: cannot use the game history: {error}", file=err)
        return None


def save_game(history: History, session: Session, err: TextIO, program: str) -> None:
    """Save the session's game, finished or left before its end; a problem is one line on ``err``.

    A game saved before (left, then resumed) is saved again under its id, in place of what was kept.
    """
    try:
        record = session.record()
        if session.game_id is None:
            session.game_id = history.save(record)
        else:
            history.replace(session.game_id, record)
    except (HistoryError, RecordError) as error:
        print(f"{program}: cannot save the game: {error}", file=err)


def history_saver(db: Path | None, err: TextIO, program: str, *, at_terminal: bool) -> tuple[bool, Saver | None]:
    """Whether the game may start, and how its finished games are saved (None: not saved), as SPEC §10 asks.

    ``db`` (``--db``) is always used: when it cannot be, one line on ``err``
    says why and the game may not start.  Without it, games typed at a
    terminal go to the default history -- or, when that cannot be used, are
    played unsaved after one line saying why -- and piped games are not saved.
    """
    if db is None and not at_terminal:
        return True, None
    history = open_history(db, err, program)
    if history is None:
        return db is None, None

    def save(session: Session) -> None:
        save_game(history, session, err, program)

    return True, save


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
            print(result_line(record), file=out)
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


def _ask_result(read_line: Reader, out: TextIO) -> str | None:
    while True:
        answer = read_line("Result filter (X, O, draw, unfinished) [all]: ").strip().lower()
        if not answer or answer == "all":
            return None
        if answer in RESULT_NAMES:
            return RESULT_NAMES[answer]
        print(f"a result is X, O or draw, got {answer!r}", file=out)


def _ask_game(read_line: Reader, out: TextIO, ids: set[int]) -> int | None:
    while True:
        answer = read_line("Game to replay (Enter: back): ").strip()
        if not answer:
            return None
        if answer.isdigit() and int(answer) in ids:
            return int(answer)
        print(f"choose one of the ids listed, got {answer!r}", file=out)
