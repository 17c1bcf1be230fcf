"""The game history at the terminal (docs/history.md): saving finished games, the list of games, replaying one.

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
from tictactoe.ui.terminal.keys import KeySource, single_keys
from tictactoe.ui.terminal.reader import Reader

__all__ = [
    "CLEAR_SCREEN",
    "REPLAY_KEYS",
    "REPLAY_PROMPT",
    "RESULT_NAMES",
    "GameSaver",
    "browse",
    "history_saver",
    "history_table",
    "open_history",
    "replay_by_keys",
    "replay_interactively",
    "save_game",
]

REPLAY_PROMPT = "Enter or n: next, b: back, s: start, e: end, q: quit > "
#: The replay's line of keys at a terminal, where each key acts as it is pressed.
REPLAY_KEYS = "→ or n: next, ← or b: back, Home or s: start, End or e: end, q: quit"
# The same for a terminal whose encoding has no arrows.
_REPLAY_KEYS_ASCII = REPLAY_KEYS.replace("→", "Right").replace("←", "Left")
#: Clears a terminal and puts the cursor at its top left, so that each step of a replay is drawn in place.
CLEAR_SCREEN = "\x1b[H\x1b[2J"
_LINE_COMMANDS = {"": "forward", "n": "forward", "b": "back", "s": "start", "e": "end"}
_KEY_COMMANDS = {
    "right": "forward", "n": "forward", "enter": "forward", "space": "forward",
    "left": "back", "b": "back", "backspace": "back",
    "home": "start", "s": "start",
    "end": "end", "e": "end",
    "q": "quit", "escape": "quit", "eof": "quit",
}  # fmt: skip
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


def save_game(history: History, session: Session, err: TextIO, program: str) -> bool:
    """Save the session's game, finished or left before its end; whether it was (a problem is one line on ``err``).

    A game saved before (left, then resumed) is saved again under its id, in place of what was kept.
    """
    try:
        session.save(history)
    except (HistoryError, RecordError) as error:
        print(f"{program}: cannot save the game: {error}", file=err)
        return False
    return True


class GameSaver:
    """Saves a session's game in ``history`` (a :data:`~tictactoe.ui.terminal.conversation.Saver`): a problem is
    one line on ``err``, and :attr:`failed` remembers it, so that the program can end with a status that says so."""

    def __init__(self, history: History, err: TextIO, program: str) -> None:
        self.history = history
        self.failed = False
        self._err = err
        self._program = program

    def __call__(self, session: Session) -> None:
        if not save_game(self.history, session, self._err, self._program):
            self.failed = True


def history_saver(db: Path | None, err: TextIO, program: str, *, at_terminal: bool) -> tuple[bool, GameSaver | None]:
    """Whether the game may start, and how its finished games are saved (None: not saved), as docs/history.md says.

    ``db`` (``--db``) is always used: when it cannot be opened or written
    (it is tried, before any game), one line on ``err`` says why and the game
    may not start.  Without it, games typed at a terminal go to the default
    history -- or, when that cannot be used, are played unsaved after one
    line saying why -- and piped games are not saved.
    """
    if db is None and not at_terminal:
        return True, None
    history = open_history(db, err, program)
    if history is None:
        return db is None, None
    try:
        history.check_writable()
    except HistoryError as error:
        history.close()
        print(f"{program}: cannot use the game history: {error}", file=err)
        return db is None, None
    return True, GameSaver(history, err, program)


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


def replay_interactively(record: GameRecord, read_line: Reader, out: TextIO, *, terminal: TextIO | None = None) -> None:
    """Step through ``record`` as the person asks, until ``q`` or the end of input.

    When ``terminal`` is given and is one, each key acts as it is pressed
    (:func:`replay_by_keys`); otherwise a command is a line read by ``read_line``.
    """
    if terminal is not None:
        with single_keys(terminal) as keys:
            if keys is not None:
                replay_by_keys(record, keys, out)
                return
    replay = Replay(record)
    print(_replay_heading(record), file=out)
    while True:
        _show_step(replay, out)
        try:
            command = read_line(REPLAY_PROMPT).strip().lower()
        except EOFError:
            print(file=out)
            return
        if command == "q":
            return
        if not _step(replay, _LINE_COMMANDS.get(command)):
            print(f"Unknown command {command!r}", file=out)


def replay_by_keys(record: GameRecord, keys: KeySource, out: TextIO) -> None:
    """Step through ``record`` a key at a time (see :data:`REPLAY_KEYS`), each step drawn on a cleared screen."""
    replay = Replay(record)
    while True:
        print(CLEAR_SCREEN + _replay_heading(record), file=out)
        _show_step(replay, out)
        print(_keys_line(out), end="", file=out, flush=True)
        while True:  # keys that do nothing here redraw nothing
            action = _KEY_COMMANDS.get(keys())
            if action == "quit":
                print(file=out)
                return
            if _step(replay, action):
                break


def _keys_line(out: TextIO) -> str:
    if out.encoding is None:  # text kept in memory, not written to a terminal
        return REPLAY_KEYS
    try:
        REPLAY_KEYS.encode(out.encoding)
    except (UnicodeEncodeError, LookupError):
        return _REPLAY_KEYS_ASCII
    return REPLAY_KEYS


def _replay_heading(record: GameRecord) -> str:
    return replay_text(record).split("\n\n", 1)[0]


def _show_step(replay: Replay, out: TextIO) -> None:
    print(replay.render(), file=out)
    if replay.at_end:
        print(result_line(replay.record), file=out)


def _step(replay: Replay, action: str | None) -> bool:
    """Take ``action`` (forward, back, start, end) on ``replay``; False when it is none of them."""
    steps = {"forward": replay.forward, "back": replay.back, "start": replay.to_start, "end": replay.to_end}
    if action not in steps:
        return False
    steps[action]()
    return True


def browse(read_line: Reader, out: TextIO, path: Path | None = None, *, terminal: TextIO | None = None) -> None:
    """The menu's "Previous games": the newest 20, filtered as asked, then a game to replay (Enter: back).

    ``terminal``: the replay reads single keys from it (see :func:`replay_interactively`).
    """
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
                replay_interactively(history.get(game_id), read_line, out, terminal=terminal)
    except HistoryError as error:
        print(f"Cannot use the game history: {error}", file=out)


def _ask_result(read_line: Reader, out: TextIO) -> str | None:
    while True:
        answer = read_line("Result filter (X, O, draw, unfinished) [all]: ").strip().lower()
        if not answer or answer == "all":
            return None
        if answer in RESULT_NAMES:
            return RESULT_NAMES[answer]
        print(f"a result is X, O, draw or unfinished, got {answer!r}", file=out)


def _ask_game(read_line: Reader, out: TextIO, ids: set[int]) -> int | None:
    while True:
        answer = read_line("Game to replay (Enter: back): ").strip()
        if not answer:
            return None
        if answer.isdigit() and int(answer) in ids:
            return int(answer)
        print(f"choose one of the ids listed, got {answer!r}", file=out)
