"""The game history at the terminal (docs/history.md): the list of games, replaying one.

The terminal game keeps its games as they are played through
:mod:`~tictactoe.ui.terminal.keeping`; the menu's "Previous games" is
:func:`browse` (replay, resume, review, export), the games left unfinished
listed first; the history's program (:mod:`tictactoe.cli.history`) prints
:func:`history_table` and steps through :func:`replay_interactively`, from
which :func:`play_on` starts a new game at the position shown.  Every
problem with the history file is one line, never a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from tictactoe.game.game import StartingPosition
from tictactoe.game.history import RESULT_FILTERS, GameSummary, History, HistoryError
from tictactoe.game.record import GameRecord
from tictactoe.game.replay import Replay, replay_text, result_line
from tictactoe.game.review.search import ReviewFailed, review_game
from tictactoe.game.session import Session
from tictactoe.game.sgf import to_sgf
from tictactoe.players.registry import DEFAULT_THINK
from tictactoe.ui.game_list import HEADINGS, summary_cells
from tictactoe.ui.settings import Settings
from tictactoe.ui.terminal.columns import aligned
from tictactoe.ui.terminal.keys import KeySource, single_keys
from tictactoe.ui.terminal.menu import Menu
from tictactoe.ui.terminal.reader import Reader
from tictactoe.ui.terminal.review_table import review_progress, review_text

__all__ = [
    "CLEAR_SCREEN",
    "REPLAY_KEYS",
    "REPLAY_PROMPT",
    "RESULT_NAMES",
    "browse",
    "history_table",
    "play_on",
    "replay_by_keys",
    "replay_interactively",
]

REPLAY_PROMPT = "Enter or n: next, b: back, s: start, e: end, p: play on from here, q: quit > "
#: The replay's line of keys at a terminal, where each key acts as it is pressed.
REPLAY_KEYS = "→ or n: next, ← or b: back, Home or s: start, End or e: end, p: play on from here, q: quit"
#: What ``p`` says at a position where the game is over.
GAME_OVER_HERE = "The game is over here: step back to play on from an earlier position"
# The same for a terminal whose encoding has no arrows.
_REPLAY_KEYS_ASCII = REPLAY_KEYS.replace("→", "Right").replace("←", "Left")
#: Clears a terminal and puts the cursor at its top left, so that each step of a replay is drawn in place.
CLEAR_SCREEN = "\x1b[H\x1b[2J"
_LINE_COMMANDS = {"": "forward", "n": "forward", "b": "back", "s": "start", "e": "end", "p": "play"}
_KEY_COMMANDS = {
    "right": "forward", "n": "forward", "enter": "forward", "space": "forward",
    "left": "back", "b": "back", "backspace": "back",
    "home": "start", "s": "start",
    "end": "end", "e": "end",
    "p": "play",
    "q": "quit", "escape": "quit", "eof": "quit",
}  # fmt: skip
#: The results a list can be filtered by, as a person types them (in lower case).
RESULT_NAMES: dict[str, str] = {result.lower(): result for result in RESULT_FILTERS}
_NUMERIC = frozenset({0, 6, 7})  # the columns aligned to the right


def history_table(summaries: Sequence[GameSummary]) -> str:
    """The games as a table under a heading line, columns two spaces apart and aligned on a terminal whatever
    the names hold (:mod:`~tictactoe.ui.terminal.columns`), in the order given."""
    return aligned([HEADINGS, *(summary_cells(game) for game in summaries)], numeric=_NUMERIC)


def replay_interactively(
    record: GameRecord, read_line: Reader, out: TextIO, *, terminal: TextIO | None = None
) -> StartingPosition | None:
    """Step through ``record`` as the person asks, until ``q``, the end of input, or ``p``: the position shown,
    to play on from (None for the others).

    When ``terminal`` is given and is one, each key acts as it is pressed
    (:func:`replay_by_keys`); otherwise a command is a line read by ``read_line``.
    """
    if terminal is not None:
        with single_keys(terminal) as keys:
            if keys is not None:
                return replay_by_keys(record, keys, out)
    replay = Replay(record)
    print(_replay_heading(record), file=out)
    while True:
        _show_step(replay, out)
        try:
            command = read_line(REPLAY_PROMPT).strip().lower()
        except EOFError:
            print(file=out)
            return None
        if command == "q":
            return None
        action = _LINE_COMMANDS.get(command)
        if action == "play":
            start = replay.starting_position()
            if start is not None:
                return start
            print(GAME_OVER_HERE, file=out)
        elif not _step(replay, action):
            print(f"Unknown command {command!r}", file=out)


def replay_by_keys(record: GameRecord, keys: KeySource, out: TextIO) -> StartingPosition | None:
    """Step through ``record`` a key at a time (see :data:`REPLAY_KEYS`), each step drawn on a cleared screen;
    the position shown when ``p`` asks to play on from it, None when the replay is left."""
    replay = Replay(record)
    note = ""
    while True:
        print(CLEAR_SCREEN + _replay_heading(record), file=out)
        _show_step(replay, out)
        if note:
            print(note, file=out)
        print(_keys_line(out), end="", file=out, flush=True)
        while True:  # keys that do nothing here redraw nothing
            action = _KEY_COMMANDS.get(keys())
            if action == "quit":
                print(file=out)
                return None
            if action == "play":
                start = replay.starting_position()
                if start is not None:
                    print(file=out)
                    return start
                note = GAME_OVER_HERE
                break
            if _step(replay, action):
                note = ""
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


def browse(
    read_line: Reader,
    out: TextIO,
    path: Path | None = None,
    *,
    terminal: TextIO | None = None,
    play: Callable[[Settings], None] | None = None,
) -> None:
    """The menu's "Previous games": the newest 20, filtered as asked, then a game (Enter: back) to replay -- and
    play on from a position of it --, resume when it was left unfinished, review, or export to an SGF file.

    ``terminal``: the replay reads single keys from it (see :func:`replay_interactively`); ``play`` plays a
    game (None: the replay only).
    """
    try:
        with History(path) as history:
            player = read_line("Player name filter [all]: ").strip() or None
            result = _ask_result(read_line, out)
            games = history.list_games(player=player, result=result, limit=20, unfinished_first=True)
            if not games:
                print("No games saved yet." if player is None and result is None else "No games match.", file=out)
                return
            print(history_table(games), file=out)
            game_id = _ask_game(read_line, out, {game.id for game in games})
            if game_id is not None:
                _act_on(history, game_id, read_line, out, terminal=terminal, play=play)
    except HistoryError as error:
        print(f"Cannot use the game history: {error}", file=out)


def _act_on(
    history: History,
    game_id: int,
    read_line: Reader,
    out: TextIO,
    *,
    terminal: TextIO | None,
    play: Callable[[Settings], None] | None,
) -> None:
    """Ask what to do with game ``game_id`` and do it."""
    record = history.get(game_id)
    actions = ["replay", *(["resume"] if record.result is None and play is not None else []), "review", "export"]
    action = _ask_action(read_line, out, game_id, actions)
    if action == "replay":
        start = replay_interactively(record, read_line, out, terminal=terminal)
        if start is not None and play is not None:
            play_on(record, start, read_line, out, play)
    elif action == "resume" and play is not None:
        play(Settings(Session.resume(record, game_id)))
    elif action == "review":
        with review_progress(sys.stderr) as progress:
            try:
                review = review_game(record, DEFAULT_THINK, progress=progress)
            except ReviewFailed as failure:
                print(review_text(game_id, record, failure.review), f"The {failure}", sep="\n", file=out)
                return
        print(review_text(game_id, record, review), file=out)
        history.save_review(game_id, review)
    else:
        _export(history, game_id, record, read_line, out)


def play_on(
    record: GameRecord, start: StartingPosition, read_line: Reader, out: TextIO, play: Callable[[Settings], None]
) -> None:
    """Play a new game of ``record``'s board from ``start``, the players asked as the menu asks them."""
    print(f"A new game from {start}", file=out)
    play(Menu(read_line, out, play).game_on(record.rules, start))


def _export(history: History, game_id: int, record: GameRecord, read_line: Reader, out: TextIO) -> None:
    """Ask for a file and write the game there as SGF, with its review if it has one."""
    name = read_line(f"File to export game {game_id} to [game-{game_id}.sgf]: ").strip() or f"game-{game_id}.sgf"
    path = Path(name)
    if path.exists() and read_line(f"{path} exists already: replace it? (y: yes) ").strip().lower() not in ("y", "yes"):
        print("Not exported", file=out)
        return
    try:
        path.write_text(to_sgf([record], [history.get_review(game_id, record)]), encoding="utf-8")
    except OSError as error:
        print(f"Cannot write {path}: {error.strerror}", file=out)
        return
    print(f"Exported game {game_id} to {path}", file=out)


def _ask_action(read_line: Reader, out: TextIO, game_id: int, actions: list[str]) -> str:
    """Ask which of ``actions`` to do with the game; a word or its first three letters (Enter: the first)."""
    listed = ", ".join(actions[:-1]) + f" or {actions[-1]}"
    while True:
        answer = read_line(f"Game {game_id}: {listed}? [{actions[0]}]: ").strip().lower() or actions[0]
        chosen = [action for action in actions if len(answer) >= 3 and action.startswith(answer)]
        if len(chosen) == 1:
            return chosen[0]
        print(f"type one of {listed}, got {answer!r}", file=out)


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
        answer = read_line("Game (Enter: back): ").strip()
        if not answer:
            return None
        if answer.isdigit() and int(answer) in ids:
            return int(answer)
        print(f"choose one of the ids listed, got {answer!r}", file=out)
