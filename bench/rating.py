"""``python -m bench.rating``: the strong player against outside engines, as a rating list gives it.

Every pairing plays ``--games`` games (48) on each board: 15x15 and 10x10,
five in a row.  The openings are :func:`bench.match.openings` (two random
moves near the centre, from ``--seed``), each played twice, once with each
side as ``X``, and every game is played by :func:`bench.match.play_game`,
with both players made afresh for it.  The pairings: ``strong`` at
``THINK`` seconds a move against every outside engine of
:mod:`bench.peers` whose package is installed (the ``.[peers]`` extra);
on 15x15, the project's brain (``python -m tictactoe.brain``, at
``timeout_turn`` ``BRAIN_TURN_MS``) against ``strong`` at ``THINK``, which
shows what the brain makes of its turn's time; and, with ``--engine
NAME=PATH``, a program of the Gomoku AI protocol built elsewhere (Rapfi,
Embryo) against ``strong`` at ``timeout_turn`` ``THINK``.

The table gives each pairing's score for its first side (a win 1, a draw
a half), the score's Wilson 95% interval, Elo where the score is neither
0 nor 1, and each side's mean seconds a move (processor time for the
players in this process, the reply's wall-clock time for a protocol
engine).  Every game is written as SGF to ``bench/rating_games/`` and
every game ``strong`` lost is listed with its moves.  ``--write`` writes
the output to ``bench/rating_results.txt`` (or the path given).
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.common import ROOT, current_commit
from bench.match import MatchGame, openings, play_game
from bench.peers import PEERS, make_peer, missing
from bench.peers.gomocup import ProtocolEngine
from bench.scores import elo_text, wilson
from configurations import Side
from tictactoe.cli.arguments import whole_number
from tictactoe.cli.exits import run
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.game.sgf import to_sgf
from tictactoe.players.base import Player
from tictactoe.players.strong import StrongPlayer

__all__ = [
    "BOARDS",
    "BRAIN_TURN_MS",
    "THINK",
    "Entrant",
    "Matchup",
    "MatchupResult",
    "main",
    "pairings",
    "play_pairing",
    "report",
    "write_games",
]

PROGRAM = "python -m bench.rating"
RESULTS = ROOT / "bench" / "rating_results.txt"
GAMES_DIR = ROOT / "bench" / "rating_games"
#: The strong player's seconds a move: a full run fits in an hour.
THINK = 0.2
#: The brain's timeout_turn: it searches 80% of it, THINK.
BRAIN_TURN_MS = 250
#: The boards, five in a row on each.
BOARDS = (15, 10)
LENGTH = 5
OPENING_MOVES = 2
DEFAULT_GAMES = 48
#: The target: strong's share of the points against every outside engine.
TARGET = 0.95
# A game's players: (size, length, seed) -> the player.
Maker = Callable[[int, int, int], Player]


@dataclass(frozen=True)
class Entrant:
    """A side of the rating: its name, the setting it plays at, how to make it, and whether it is outside."""

    name: str
    setting: str
    make: Maker
    outside: bool = False


@dataclass(frozen=True)
class Matchup:
    """Two entrants on one board, the first the side whose score is given."""

    a: Entrant
    b: Entrant
    size: int
    #: Whether the score is held to ``TARGET`` (strong against an engine of the package registry).
    targeted: bool = False


@dataclass(frozen=True)
class MatchupResult:
    """The games of a pairing, each side's seconds a move, and the games lost to an engine's failure."""

    pairing: Matchup
    games: tuple[MatchGame, ...]
    seconds: tuple[tuple[float, ...], tuple[float, ...]]
    #: Games stopped by a side that failed (an engine that refused or fell silent): (side, reason).
    forfeits: tuple[tuple[int, str], ...] = field(default=())

    @property
    def played(self) -> int:
        return len(self.games) + len(self.forfeits)

    def wins(self, side: int) -> int:
        return sum(game.winner == side for game in self.games) + sum(lost != side for lost, _ in self.forfeits)

    @property
    def draws(self) -> int:
        return sum(game.winner is None for game in self.games)

    def points(self, side: int) -> float:
        return self.wins(side) + self.draws / 2


def strong_entrant(think: float = THINK) -> Entrant:
    """The strong player at ``think`` seconds a move, searching as deep as the board allows."""
    return Entrant("strong", f"{think:g} s a move", lambda size, length, seed: StrongPlayer(size * size, think))


def protocol_entrant(
    name: str, command: Sequence[str | Path], turn_ms: int, *, outside: bool, cwd: Path | None = None
) -> Entrant:
    """A program of the Gomoku AI protocol, started by ``command`` in ``cwd``, at ``timeout_turn`` ``turn_ms``."""

    def make(size: int, length: int, seed: int) -> Player:
        return ProtocolEngine(name, command, size=size, length=length, turn_ms=turn_ms, cwd=cwd)

    return Entrant(name, f"timeout_turn {turn_ms} ms", make, outside=outside)


def pairings(boards: Sequence[int], engines: Sequence[tuple[str, Path]], *, brain: bool) -> list[Matchup]:
    """The pairings of a run: strong against each installed engine of :data:`bench.peers.PEERS` on each of
    ``boards``; on 15x15, the brain against strong (with ``brain``) and strong against each of ``engines``."""
    strong = strong_entrant()
    found: list[Matchup] = []
    for size in boards:
        for peer in PEERS:
            if missing(peer) is None:
                entrant = Entrant(peer.name, peer.setting, _peer_maker(peer.name), outside=True)
                found.append(Matchup(strong, entrant, size, targeted=True))
    if 15 in boards:
        if brain:
            command = [sys.executable, "-m", "tictactoe.brain"]
            found.append(Matchup(protocol_entrant("brain", command, BRAIN_TURN_MS, outside=False), strong, 15))
        for name, path in engines:
            engine = protocol_entrant(name, [path], round(THINK * 1000), outside=True, cwd=path.parent)
            found.append(Matchup(strong, engine, 15))
    return found


def _peer_maker(name: str) -> Maker:
    (peer,) = [peer for peer in PEERS if peer.name == name]
    return lambda size, length, seed: make_peer(peer, size, length, seed)


def play_pairing(
    pairing: Matchup, *, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> MatchupResult:
    """``games`` games of the pairing: each of ``games // 2`` openings with each side as ``X``."""
    played: list[MatchGame] = []
    forfeits: list[tuple[int, str]] = []
    seconds: tuple[list[float], list[float]] = ([], [])
    size = pairing.size
    for opening in openings(size, LENGTH, OPENING_MOVES, games // 2, seed):
        for a_plays_x in (True, False):
            number = len(played) + len(forfeits)
            if progress is not None:
                progress(number + 1)
            players = [entrant.make(size, LENGTH, seed + number) for entrant in (pairing.a, pairing.b)]
            try:
                game = play_game(*players, a_plays_x=a_plays_x, size=size, length=LENGTH, opening=opening)
            except Exception as failure:  # an engine's failure loses its game; the run goes on
                forfeits.append((_failed_side(failure, players), f"{type(failure).__name__}: {failure}"))
                continue
            finally:
                for player in players:
                    close = getattr(player, "close", None)
                    if close is not None:
                        close()
            played.append(game)
            for side, player in enumerate(players):
                wall = getattr(player, "seconds", None)
                seconds[side].extend(wall if isinstance(wall, list) else game.seconds[side])
    return MatchupResult(pairing, tuple(played), (tuple(seconds[0]), tuple(seconds[1])), tuple(forfeits))


def _failed_side(failure: Exception, players: Sequence[Player]) -> int:
    """The side whose player failed: the one the error names, else the second (the outside engine)."""
    text = str(failure)
    for side, player in enumerate(players):
        if text.startswith(player.name):
            return side
    traceback.print_exception(failure, file=sys.stderr)
    return 1


def report(results: Sequence[MatchupResult]) -> str:
    """The table of every pairing, the target's verdict, and every game strong lost, with its moves."""
    lines = [
        f"{'board':<6} {'A':<15} {'B':<15} {'games':>5} {'A wins':>6} {'draws':>5} {'A losses':>8} "
        f"{'A score':>7} {'95% interval':>13} {'Elo A-B (95%)':>18} {'A s/move':>8} {'B s/move':>8}",
    ]
    for result in results:
        pairing, count = result.pairing, result.played
        low, high = wilson(result.points(0), count)
        means = [f"{statistics.mean(times):.3f}" if times else "-" for times in result.seconds]
        lines.append(
            f"{pairing.size}x{pairing.size:<3} {pairing.a.name:<15} {pairing.b.name:<15} {count:>5} "
            f"{result.wins(0):>6} {result.draws:>5} {result.wins(1):>8} {result.points(0) / count:>7.1%} "
            f"{f'{low:.1%}-{high:.1%}':>13} {elo_text(result.points(0), count):>18} {means[0]:>8} {means[1]:>8}"
        )
    lines += ["", "settings:"]
    entrants = {entrant.name: entrant for result in results for entrant in (result.pairing.a, result.pairing.b)}
    lines += [f"  {name}: {entrant.setting}" for name, entrant in entrants.items()]
    lines += ["", *_verdict(results), "", *_losses(results)]
    return "\n".join(lines)


def _verdict(results: Sequence[MatchupResult]) -> list[str]:
    targeted = [result for result in results if result.pairing.targeted]
    lines = [f"target: strong scores at least {TARGET:.0%} against every outside engine of the package registry"]
    for result in targeted:
        share = result.points(0) / result.played
        status = "met" if share >= TARGET else "MISSED"
        lines.append(f"  {result.pairing.size}x{result.pairing.size} {result.pairing.b.name}: {share:.1%}, {status}")
    for result in results:
        for side, reason in result.forfeits:
            lines.append(f"  forfeit by {(result.pairing.a, result.pairing.b)[side].name}: {reason}")
    return lines


def _losses(results: Sequence[MatchupResult]) -> list[str]:
    lines = []
    for result in results:
        pairing = result.pairing
        strong_side = 0 if pairing.a.name == "strong" else 1 if pairing.b.name == "strong" else None
        if strong_side is None:
            continue
        for game in result.games:
            if game.winner == 1 - strong_side:
                colour = "X" if game.a_plays_x == (strong_side == 0) else "O"
                other = (pairing.a, pairing.b)[1 - strong_side].name
                lines.append(
                    f"  {pairing.size}x{pairing.size}, strong as {colour} lost to {other}: "
                    + " ".join(map(str, game.moves))
                )
    return [f"games strong lost: {len(lines)}", *lines]


def write_games(result: MatchupResult, folder: Path) -> Path:
    """Write the pairing's games as one SGF file in ``folder``; its path."""
    pairing = result.pairing
    records = []
    moment = datetime.now(UTC)
    for game in result.games:
        sides = (pairing.a, pairing.b) if game.a_plays_x else (pairing.b, pairing.a)
        x, o = (Competitor(f"{entrant.name} ({entrant.setting})", entrant.name) for entrant in sides)
        times = _move_times(game)
        moves = tuple(TimedMove(move, seconds) for move, seconds in zip(game.moves, times, strict=True))
        think = THINK if "strong" in (pairing.a.name, pairing.b.name) else None
        records.append(GameRecord(x, o, pairing.size, LENGTH, 0, think, moment, moment, moves))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{pairing.size}x{pairing.size}-{pairing.a.name}-{pairing.b.name}.sgf"
    path.write_text(to_sgf(records), encoding="utf-8")
    return path


def _move_times(game: MatchGame) -> list[float]:
    """Each move's seconds: 0 for the opening's, then each side's in turn."""
    x_side = 0 if game.a_plays_x else 1
    queues = {Side.X: list(game.seconds[x_side]), Side.O: list(game.seconds[1 - x_side])}
    times = [0.0] * len(game.opening)
    for ply in range(len(game.opening), len(game.moves)):
        queue = queues[Side.to_move(ply)]
        times.append(max(0.0, queue.pop(0)) if queue else 0.0)
    return times


def _engine(text: str) -> tuple[str, Path]:
    """``--engine NAME=PATH``."""
    name, equals, path = text.partition("=")
    if not equals or not name or not Path(path).is_file():
        raise argparse.ArgumentTypeError(f"must be NAME=PATH of a program of the protocol, got {text!r}")
    return name, Path(path).resolve()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROGRAM, description="The strong player against outside engines.")
    parser.add_argument("--games", type=whole_number(2), default=DEFAULT_GAMES, help="games a pairing (48)")
    parser.add_argument(
        "--board", type=whole_number(5, 26), action="append", metavar="SIZE", help="a board's side (15 and 10)"
    )
    parser.add_argument("--seed", type=int, default=1, help="draws the openings and seeds the players (1)")
    parser.add_argument("--engine", type=_engine, action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--no-brain", action="store_true", help="leave out the brain against strong")
    parser.add_argument("--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="write the output")
    parser.add_argument("--games-dir", type=Path, default=GAMES_DIR, metavar="DIR", help="where the SGF files go")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Play every pairing, print (and maybe write) the report; 0, or 2 for a usage error."""
    arguments = sys.argv[1:] if argv is None else argv
    parser = _parser()
    args = parser.parse_args(arguments)
    if args.games % 2:
        parser.error(f"argument --games: must be even, so that each side plays X in half the games, got {args.games}")
    header = f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}"
    print(header, flush=True)
    absent = [problem for peer in PEERS if (problem := missing(peer)) is not None]
    for problem in absent:
        print(f"left out: {problem}", flush=True)
    results = []
    todo = pairings(args.board or BOARDS, args.engine, brain=not args.no_brain)
    for index, pairing in enumerate(todo, 1):
        label = f"{pairing.size}x{pairing.size} {pairing.a.name} - {pairing.b.name} ({index}/{len(todo)})"

        def progress(number: int, label: str = label) -> None:
            print(f"{label}: game {number}/{args.games}", file=sys.stderr, flush=True)

        result = play_pairing(pairing, games=args.games, seed=args.seed, progress=progress)
        write_games(result, args.games_dir)
        results.append(result)
    body = f"\n{report(results)}\n"
    print(body, end="")
    if args.write is not None:
        args.write.write_text(header + "\n" + "".join(f"left out: {p}\n" for p in absent) + body, encoding="utf-8")
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
