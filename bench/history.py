"""``python -m bench.history``: the game history at 10 000 games -- listing, fetching, saving, file size.

The games are random legal games (random squares until the game ends) on
random boards, from a seeded generator, so every run stores the same
games.  Times are wall-clock (``time.perf_counter``): what a person waits
for, file access included.  The limits are the issue's: the newest 20
listed in at most 50 ms, the file under 10 MB.  The exit status is 1 when
a limit is broken.  The results of a full run are kept in
``bench/history_results.txt``.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.common import current_commit
from configurations.moves import Move
from configurations.rules import Rules
from tictactoe.game.game import Game
from tictactoe.game.history import History
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.players.base import TIC_TAC_TOE
from tictactoe.players.registry import PLAYER_NAMES, PlayerKind

LIST_LIMIT_MS = 50.0
SIZE_LIMIT_MB = 10.0
# The people of the generated games; a computer player goes by its kind.
PEOPLE = ("ada", "alan", "grace", "edsger", "barbara", "donald")
# Games are saved this many to a transaction: the benchmark times reading, and one commit a game would
# spend its time waiting for the disk.  The time of single saves is measured apart.
BATCH = 500
# The players that play only 3x3, three in a row.
_CLASSIC_ONLY = ("perfect", "rules")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.history", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="how many games to store (default 10000)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each operation (default 15)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the random games (default 1)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "history.sqlite3"
        rng = random.Random(args.seed)
        records = [random_record(rng) for _ in range(args.games)]
        with History(path) as history:
            for start in range(0, len(records), BATCH):
                history.save_all(records[start : start + BATCH])
            rows = timings(history, records[:10], args.runs)
        megabytes = path.stat().st_size / 1e6
        moves = sum(len(record.moves) for record in records)
    print(
        f"History of {args.games:,} games ({moves:,} moves, seed {args.seed}), Python {sys.version.split()[0]},"
        f" SQLite {sqlite3.sqlite_version}, commit {current_commit()}"
    )
    print(f"wall time, median of {args.runs} runs after a warm-up")
    print()
    print(f"{'operation':<40} {'median ms':>10} {'limit':>8}")
    for name, milliseconds, limit in rows:
        print(f"{name:<40} {milliseconds:>10.3f} {'' if limit is None else f'{limit:g} ms':>8}".rstrip())
    print(f"{'file size':<40} {megabytes:>7.2f} MB {f'{SIZE_LIMIT_MB:g} MB':>8}")
    within = rows[0][1] <= LIST_LIMIT_MS and megabytes < SIZE_LIMIT_MB
    return 0 if within else 1


def timings(history: History, samples: Sequence[GameRecord], runs: int) -> list[tuple[str, float, float | None]]:
    """Each operation's name, median milliseconds and limit (``None``: none); the first row is the limited list."""
    newest = history.list_games(limit=1)[0].id
    saves: list[float] = []

    def save_one() -> None:
        saves.append(_milliseconds(lambda: history.save(samples[len(saves) % len(samples)])))

    return [
        ("list the newest 20", _median(runs, lambda: history.list_games(limit=20)), LIST_LIMIT_MS),
        ("list the newest 20 of one player", _median(runs, lambda: history.list_games(player="ada")), None),
        ("list the newest 20 draws", _median(runs, lambda: history.list_games(result="draw")), None),
        ("list 20 after skipping 5000", _median(runs, lambda: history.list_games(offset=5000)), None),
        ("count all games", _median(runs, history.count), None),
        ("get the newest game whole", _median(runs, lambda: history.get(newest)), None),
        ("open the history", _median(runs, lambda: History(history.path).close()), None),
        ("save one game (one transaction)", _median(runs, save_one), None),
    ]


def _median(runs: int, operation: Callable[[], object]) -> float:
    operation()  # the warm-up: the pages read stay in the cache, as they would for a person paging the list
    return statistics.median(_milliseconds(operation) for _ in range(runs))


def _milliseconds(operation: Callable[[], object]) -> float:
    start = time.perf_counter()
    operation()
    return (time.perf_counter() - start) * 1000


def finished_moves(rules: Rules, squares: Sequence[int]) -> list[Move]:
    """The moves of a game played on the squares ``squares`` (numbered row by row) in order, up to its end.

    ``squares`` must hold every square of the board once, so that the game
    ends (at the latest when the board is full).
    """
    game = Game(rules)
    for square in squares:
        game.play(Move(*divmod(square, rules.cols)))
        if game.result is not None:
            return list(game.moves)
    raise ValueError(f"the game on a {rules.board} board did not end: {len(squares)} squares given")


def random_record(rng: random.Random) -> GameRecord:
    """A random finished game on a random board (3x3 to 12x12, 3 to 5 in a row), with random players and times."""
    size = rng.randint(3, 12)
    length = rng.randint(3, min(size, 5))
    rules = Rules.square(size, length)
    moves = finished_moves(rules, rng.sample(range(rules.squares), rules.squares))
    timed = tuple(TimedMove(move, rng.uniform(0, 5)) for move in moves)
    started = datetime(2024, 1, 1, tzinfo=UTC) + timedelta(seconds=rng.uniform(0, 3e7))
    return GameRecord(
        x=_random_player(rng, rules),
        o=_random_player(rng, rules),
        rules=rules,
        max_levels=rng.randint(0, 9),
        think=rng.choice((None, 0.5, 1.0, 2.0)),
        started=started,
        ended=started + timedelta(seconds=sum(move.seconds or 0.0 for move in timed)),
        moves=timed,
    )


def _random_player(rng: random.Random, rules: Rules) -> Competitor:
    kinds = [kind for kind in PLAYER_NAMES if kind not in _CLASSIC_ONLY or rules == TIC_TAC_TOE]
    kind = rng.choice(kinds)
    return Competitor(rng.choice(PEOPLE) if kind == PlayerKind.HUMAN else kind, kind)


if __name__ == "__main__":
    sys.exit(main())
