"""``python -m bench.rating``: the strong player against outside engines, as a rating list gives it.

Every pairing plays ``--games`` games (96) on each board: 15x15 and 10x10,
five in a row.  The openings are :func:`bench.match.openings` (two random
moves near the centre, from ``--seed``), each played twice, once with each
side as ``X``, and every game is played by :func:`bench.match.play_game`,
with both players made afresh for it and shown the moves so far (a program
of the Gomoku AI protocol is sent them in the order played).  The
pairings: ``strong`` at ``--think`` seconds a move (0.2) against every
outside engine of :mod:`bench.peers` whose package is installed (the
``.[peers]`` extra); on 15x15, the project's brain (``python -m
tictactoe.brain``, at the ``timeout_turn`` of which it searches ``--think``)
against ``strong``, which shows what the brain makes of its turn's time;
and, with ``--engine NAME=PATH``, a program of the Gomoku AI protocol built
elsewhere (Rapfi, Embryo) against ``strong`` at ``--timeout-turn``
milliseconds (``--think``'s).  ``--pair NAME`` plays only the pairings of
that engine (``brain`` for the brain's), so that one can be played again.

The games are played by ``--rule`` (freestyle, standard, renju, caro; each
program of the protocol is told it with ``INFO rule``) and
``--opening-rule``.  The engines of the package registry play freestyle
from a free opening only, and are left out under another rule; under a swap
opening the players place the stones and choose the colours themselves, and
since the protocol's client speaks no opening command, the brain is left
out and an ``--engine`` is refused.  Under renju a forbidden point black's
player chooses is refused and loses black the game, and under standard and
renju every game is judged again by :mod:`bench.referee`, whose findings
the report gives.

Before its pairings, every program of the protocol is started once and
heard (:func:`bench.peers.startup.start_up`): what it answers ``ABOUT``, the
lines it writes before its ``OK``, the model its config loads; a Rapfi that
loaded no config is refused.  Every engine searches on one thread.

The tables give each pairing's score for its first side (a win 1, a draw a
half), the score's Wilson 95% interval, Elo where the score is neither 0
nor 1, the score with each colour, and each side's wall-clock and
processor seconds a move (for a program of the protocol, the processor
time of its own process).  Every game ``strong`` lost is listed with its
moves.  ``--write`` writes the output to ``bench/rating_results.txt`` (or the
path given) and every game as SGF, with each move's wall-clock seconds, to
``bench/rating_games/``; ``--games-dir DIR`` writes the games to ``DIR``
instead.  Without either the games are not written: a quick look leaves the
committed games as they are.
"""

from __future__ import annotations

import argparse
import math
import os
import shlex
import statistics
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.common import ROOT, current_commit
from bench.match import PROTOCOL_OPENINGS, MatchGame, openings, own_processor_time, play_game
from bench.peers import PEERS, make_peer, missing
from bench.peers.gomocup import EngineError, ProtocolEngine
from bench.peers.startup import StartUp, start_up
from bench.referee import judge
from bench.scores import elo_text, wilson
from configurations import Side
from configurations.rules import Opening, Rules, Variant
from tictactoe.cli.arguments import add_opening_rule, add_rule, square_rules, whole_number
from tictactoe.cli.exits import run
from tictactoe.game.record import Competitor, GameRecord, TimedMove
from tictactoe.game.sgf import to_sgf
from tictactoe.players.base import Player
from tictactoe.players.strong import StrongPlayer

__all__ = [
    "BOARDS",
    "BRAIN_TURN_SHARE",
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
#: The strong player's seconds a move.
THINK = 0.2
#: The share of its timeout_turn the brain searches (tictactoe.brain.budget.TURN_SHARE): at timeout_turn
#: THINK / BRAIN_TURN_SHARE it searches THINK, as the strong player does.
BRAIN_TURN_SHARE = 0.8
#: The boards, five in a row on each.
BOARDS = (15, 10)
LENGTH = 5
OPENING_MOVES = 2
DEFAULT_GAMES = 96
#: The target: strong's share of the points against every outside engine of the package registry, and the
#: least the lower end of its 95% interval may be.
TARGET = 0.95
TARGET_LOW = 0.85
#: The goals against Rapfi by strong's seconds a move, and how near 50% the brain against strong must be.
RAPFI_GOALS = {0.2: 0.25, 1.0: 0.45}
BRAIN_MARGIN = 0.10
# A game's players: (rules, seed) -> the player.
Maker = Callable[[Rules, int], Player]
Times = tuple[tuple[float, ...], tuple[float, ...]]


@dataclass(frozen=True)
class Entrant:
    """A side of the rating: its name, the setting it plays at, how to make it, and whether it is outside."""

    name: str
    setting: str
    make: Maker
    outside: bool = False
    #: The milliseconds a move it is given, for a program of the protocol; None for the others.
    turn_ms: int | None = None


@dataclass(frozen=True)
class Matchup:
    """Two entrants on one board, the first the side whose score is given, and strong's seconds a move."""

    a: Entrant
    b: Entrant
    size: int
    #: Whether the score is held to ``TARGET`` (strong against an engine of the package registry).
    targeted: bool = False
    think: float = THINK
    variant: Variant = Variant.FREESTYLE
    opening: Opening = Opening.FREE

    @property
    def rules(self) -> Rules:
        """The rules of the pairing's games: its board, five in a row, its variant and opening rule."""
        return Rules.square(self.size, LENGTH, variant=self.variant, opening=self.opening)


@dataclass(frozen=True)
class MatchupResult:
    """The games of a pairing, and the games lost to an engine's failure."""

    pairing: Matchup
    games: tuple[MatchGame, ...]
    #: Games stopped by a side that failed (an engine that refused or fell silent): (side, reason).
    forfeits: tuple[tuple[int, str], ...] = field(default=())
    #: For each forfeit, whether A played X in that game.
    forfeits_a_x: tuple[bool, ...] = field(default=())
    #: For each side, the ``TURN`` commands its engine dropped and was sent again (``ProtocolEngine.resent``).
    resent: tuple[int, int] = (0, 0)

    @property
    def played(self) -> int:
        return len(self.games) + len(self.forfeits)

    def wins(self, side: int, a_plays_x: bool | None = None) -> int:
        """``side``'s wins (0 for A, 1 for B); with ``a_plays_x``, only of the games with A on that colour."""
        games = self._games(a_plays_x)
        forfeits = [
            lost for (lost, _), x in zip(self.forfeits, self.forfeits_a_x, strict=True) if a_plays_x in (None, x)
        ]
        return sum(game.winner == side for game in games) + sum(lost != side for lost in forfeits)

    def draws_as(self, a_plays_x: bool | None = None) -> int:
        return sum(game.winner is None for game in self._games(a_plays_x))

    @property
    def draws(self) -> int:
        return self.draws_as()

    def points(self, side: int) -> float:
        return self.wins(side) + self.draws / 2

    def count(self, a_plays_x: bool) -> int:
        """The games played with A on the colour ``a_plays_x`` says."""
        return len(self._games(a_plays_x)) + sum(x == a_plays_x for x in self.forfeits_a_x)

    def seconds(self, side: int, *, wall: bool) -> tuple[float, ...]:
        """``side``'s seconds of every move it chose: wall-clock, or processor time."""
        return tuple(seconds for game in self.games for seconds in (game.wall if wall else game.seconds)[side])

    def _games(self, a_plays_x: bool | None) -> list[MatchGame]:
        return [game for game in self.games if a_plays_x in (None, game.a_plays_x)]


def strong_entrant(think: float = THINK) -> Entrant:
    """The strong player at ``think`` seconds a move, searching as deep as the board allows."""
    return Entrant("strong", f"{think:g} s a move", lambda rules, seed: StrongPlayer(rules.squares, think, seed=seed))


def protocol_entrant(
    name: str, command: Sequence[str | Path], turn_ms: int, *, outside: bool, cwd: Path | None = None
) -> Entrant:
    """A program of the Gomoku AI protocol, started by ``command`` in ``cwd``, at ``timeout_turn`` ``turn_ms``."""

    def make(rules: Rules, seed: int) -> Player:
        size, length, variant = rules.size, rules.k, rules.variant
        return ProtocolEngine(name, command, size=size, length=length, turn_ms=turn_ms, cwd=cwd, variant=variant)

    return Entrant(name, f"timeout_turn {turn_ms} ms", make, outside=outside, turn_ms=turn_ms)


BRAIN_COMMAND = (sys.executable, "-m", "tictactoe.brain")


def pairings(
    boards: Sequence[int],
    engines: Sequence[tuple[str, Path]],
    *,
    brain: bool,
    think: float = THINK,
    turn_ms: int | None = None,
    only: Sequence[str] = (),
    variant: Variant = Variant.FREESTYLE,
    opening: Opening = Opening.FREE,
) -> list[Matchup]:
    """The pairings of a run: strong at ``think`` against each installed engine of :data:`bench.peers.PEERS`
    on each of ``boards``; on 15x15, the brain against strong (with ``brain``) and strong against each of
    ``engines`` at ``turn_ms`` (``think``'s milliseconds).  With ``only``, the pairings of those engines.
    Every game by ``variant`` and ``opening``: the engines of the registry play only freestyle from a free
    opening, and the programs of the protocol only a free opening (:func:`left_out` says so)."""
    strong = strong_entrant(think)
    found: list[Matchup] = []

    def matchup(a: Entrant, b: Entrant, size: int, *, targeted: bool = False) -> Matchup:
        return Matchup(a, b, size, targeted, think, variant, opening)

    for size in boards:
        for peer in PEERS:
            if missing(peer) is None and variant is Variant.FREESTYLE and opening is Opening.FREE:
                entrant = Entrant(peer.name, peer.setting, _peer_maker(peer.name), outside=True)
                found.append(matchup(strong, entrant, size, targeted=True))
    if 15 in boards and opening is Opening.FREE:
        if brain:
            brain_ms = round(think / BRAIN_TURN_SHARE * 1000)
            brain_entrant = protocol_entrant("brain", BRAIN_COMMAND, brain_ms, outside=False)
            found.append(matchup(brain_entrant, strong, 15))
        for name, path in engines:
            engine_ms = round(think * 1000) if turn_ms is None else turn_ms
            engine = protocol_entrant(name, [path], engine_ms, outside=True, cwd=path.parent)
            found.append(matchup(strong, engine, 15))
    if only:
        found = [pairing for pairing in found if {pairing.a.name, pairing.b.name} & set(only)]
    return found


def left_out(variant: Variant, opening: Opening, *, brain: bool) -> list[str]:
    """Why the pairings that ``variant`` and ``opening`` leave out are not played: a line each."""
    lines = []
    if variant is not Variant.FREESTYLE or opening is not Opening.FREE:
        rules = f"{variant} from a {opening} opening"
        lines += [
            f"{peer.name} plays freestyle from a free opening only, not {rules}"
            for peer in PEERS
            if missing(peer) is None
        ]
    if brain and opening is not Opening.FREE:
        lines.append(f"brain plays the free opening only, not {opening}: {PROTOCOL_OPENINGS}")
    return lines


def _peer_maker(name: str) -> Maker:
    (peer,) = [peer for peer in PEERS if peer.name == name]
    return lambda rules, seed: make_peer(peer, rules.size, rules.k, seed)


def play_pairing(
    pairing: Matchup, *, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> MatchupResult:
    """``games`` games of the pairing: each of ``games // 2`` openings with each side as ``X``."""
    played: list[MatchGame] = []
    forfeits: list[tuple[int, str]] = []
    forfeits_a_x: list[bool] = []
    resent = [0, 0]
    rules = pairing.rules
    moves = OPENING_MOVES if rules.opening is Opening.FREE else 0  # a swap opening places its own stones
    for opening in openings(rules.size, rules.k, moves, games // 2, seed):
        for a_plays_x in (True, False):
            number = len(played) + len(forfeits)
            if progress is not None:
                progress(number + 1)
            players = [entrant.make(rules, seed + number) for entrant in (pairing.a, pairing.b)]
            try:
                game = play_game(*players, a_plays_x=a_plays_x, rules=rules, opening=opening)
            except Exception as failure:  # an engine's failure loses its game; the run goes on
                forfeits.append((_failed_side(failure, players), f"{type(failure).__name__}: {failure}"))
                forfeits_a_x.append(a_plays_x)
                continue
            finally:
                for side, player in enumerate(players):
                    resent[side] += getattr(player, "resent", 0)
                    close = getattr(player, "close", None)
                    if close is not None:
                        close()
            played.append(own_processor_time(game, players))
    return MatchupResult(pairing, tuple(played), tuple(forfeits), tuple(forfeits_a_x), (resent[0], resent[1]))


def _failed_side(failure: Exception, players: Sequence[Player]) -> int:
    """The side whose player failed: the one the error names, else the second (the outside engine)."""
    text = str(failure)
    for side, player in enumerate(players):
        if text.startswith(player.name):
            return side
    traceback.print_exception(failure, file=sys.stderr)
    return 1


def report(results: Sequence[MatchupResult], start_ups: Sequence[StartUp] = ()) -> str:
    """The tables of every pairing (scores, colours, times), the engines' start-up, the targets' verdicts,
    and every game strong lost, with its moves."""
    lines = [*_rules(results), *_scores(results), "", *_colours(results), "", *_times(results), "", "settings:"]
    entrants = {entrant.name: entrant for result in results for entrant in (result.pairing.a, result.pairing.b)}
    lines += [f"  {name}: {entrant.setting}" for name, entrant in entrants.items()]
    if start_ups:
        lines += ["", "start-up of the programs of the protocol:", *(start.text() for start in start_ups)]
    lines += ["", *_verdict(results), *_referee(results), "", *_losses(results)]
    return "\n".join(lines)


def _rules(results: Sequence[MatchupResult]) -> list[str]:
    """The rule and the opening rule the pairings were played by, as a line and a blank one."""
    played = {(result.pairing.variant, result.pairing.opening) for result in results}
    return [f"rule: {variant}, opening rule: {opening}" for variant, opening in sorted(played)] + [""]


def _referee(results: Sequence[MatchupResult]) -> list[str]:
    """The second referee's findings on every pairing under standard or renju (:func:`bench.referee.judge`),
    and every forbidden point a black player chose."""
    lines = []
    for result in results:
        pairing = result.pairing
        found = judge(result.games, pairing.rules, (pairing.a.name, pairing.b.name))
        if found:
            lines += ["", f"{pairing.size}x{pairing.size} {pairing.a.name}-{pairing.b.name}, {found[0]}", *found[1:]]
    return lines


def _label(result: MatchupResult) -> str:
    pairing = result.pairing
    return f"{pairing.size}x{pairing.size:<3} {pairing.think:>5g} {pairing.a.name:<15} {pairing.b.name:<15}"


def _scores(results: Sequence[MatchupResult]) -> list[str]:
    lines = [
        f"{'board':<6} {'think':>5} {'A':<15} {'B':<15} {'games':>5} {'A wins':>6} {'draws':>5} {'A losses':>8} "
        f"{'A score':>7} {'95% interval':>13} {'Elo A-B (95%)':>18}",
    ]
    for result in results:
        count = result.played
        low, high = wilson(result.points(0), count)
        lines.append(
            f"{_label(result)} {count:>5} {result.wins(0):>6} {result.draws:>5} {result.wins(1):>8} "
            f"{result.points(0) / count:>7.1%} {f'{low:.1%}-{high:.1%}':>13} {elo_text(result.points(0), count):>18}"
        )
    return lines


def _colours(results: Sequence[MatchupResult]) -> list[str]:
    """A's score with each colour: wins-draws-losses, the share, and its interval."""
    lines = [f"{'board':<6} {'think':>5} {'A':<15} {'B':<15} {'A as X (W-D-L, score, 95%)':>32} {'A as O':>32}"]
    for result in results:
        cells = []
        for a_plays_x in (True, False):
            count = result.count(a_plays_x)
            wins, draws, losses = result.wins(0, a_plays_x), result.draws_as(a_plays_x), result.wins(1, a_plays_x)
            if not count:
                cells.append(f"{'-':>32}")
                continue
            low, high = wilson(wins + draws / 2, count)
            share = (wins + draws / 2) / count
            cells.append(f"{f'{wins}-{draws}-{losses} {share:.1%} {low:.1%}-{high:.1%}':>32}")
        lines.append(f"{_label(result)} {' '.join(cells)}")
    return lines


def _times(results: Sequence[MatchupResult]) -> list[str]:
    """Each side's mean wall-clock and processor seconds a move, and its longest move on the wall clock."""
    header = f"{'board':<6} {'think':>5} {'A':<15} {'B':<15}"
    for letter in "AB":
        header += f" {letter + ' wall s':>8} {letter + ' cpu s':>8} {letter + ' max wall':>10}"
    lines = [header]
    for result in results:
        cells = []
        for side in (0, 1):
            wall, cpu = result.seconds(side, wall=True), result.seconds(side, wall=False)
            cells += [_mean(wall, 8), _mean(cpu, 8), f"{max(wall):>10.3f}" if wall else f"{'-':>10}"]
        lines.append(f"{_label(result)} {' '.join(cells)}")
    lines.append("(seconds a move: wall clock as the game loop saw it; processor time of the player's own process)")
    return lines


def _mean(seconds: Sequence[float], width: int) -> str:
    return f"{statistics.mean(seconds):>{width}.3f}" if seconds else f"{'-':>{width}}"


def _verdict(results: Sequence[MatchupResult]) -> list[str]:
    lines = [
        f"target: strong scores at least {TARGET:.0%}, the lower end of its 95% interval at least {TARGET_LOW:.0%}, "
        "against every outside engine of the package registry"
    ]
    for result in results:
        pairing, share = result.pairing, result.points(0) / result.played
        low, _ = wilson(result.points(0), result.played)
        where = f"  {pairing.size}x{pairing.size} {pairing.think:g} s {pairing.a.name}-{pairing.b.name}"
        if pairing.targeted:
            status = "met" if share >= TARGET and low >= TARGET_LOW else "MISSED"
            lines.append(f"{where}: {share:.1%} (low {low:.1%}), {status}")
        elif pairing.b.name == "rapfi" and pairing.rules.variant is not Variant.FREESTYLE:
            lines.append(f"{where}: {share:.1%} under {pairing.rules.variant} (no goal yet: the first figures)")
        elif pairing.b.name == "rapfi" and pairing.think in RAPFI_GOALS:
            goal = RAPFI_GOALS[pairing.think]
            lines.append(f"{where}: {share:.1%} (goal {goal:.0%}), {'met' if share >= goal else 'MISSED'}")
        elif pairing.a.name == "brain" and pairing.a.turn_ms is not None:
            late = sum(seconds > pairing.a.turn_ms / 1000 for seconds in result.seconds(0, wall=True))
            level = abs(share - 0.5) <= BRAIN_MARGIN
            lines.append(
                f"{where}: {share:.1%} (within {BRAIN_MARGIN:.0%} of 50%: {'met' if level else 'MISSED'}); "
                f"moves over timeout_turn {pairing.a.turn_ms} ms: {late}"
            )
    for result in results:
        entrants = (result.pairing.a, result.pairing.b)
        for side, reason in result.forfeits:
            lines.append(f"  forfeit by {entrants[side].name}: {reason}")
        for side, resent in enumerate(result.resent):
            if resent:
                lines.append(
                    f"  {entrants[side].name} dropped {resent} TURN command{'s' if resent != 1 else ''} "
                    "(it was still finishing its search), sent again"
                )
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
                    f"  {pairing.size}x{pairing.size}, {pairing.think:g} s, strong as {colour} lost to {other}: "
                    + " ".join(map(str, game.moves))
                )
    return [f"games strong lost: {len(lines)}", *lines]


def write_games(result: MatchupResult, folder: Path) -> Path:
    """Write the pairing's games as one SGF file in ``folder``, each move with its wall-clock seconds; its path."""
    pairing = result.pairing
    records = []
    moment = datetime.now(UTC)
    for game in result.games:
        sides = (pairing.a, pairing.b) if game.a_plays_x else (pairing.b, pairing.a)
        x, o = (Competitor(f"{entrant.name} ({entrant.setting})", entrant.name) for entrant in sides)
        times = _move_times(game)
        moves = tuple(TimedMove(move, seconds) for move, seconds in zip(game.moves, times, strict=True))
        think = pairing.think if "strong" in (pairing.a.name, pairing.b.name) else None
        declared = None if game.foul is None else "W+F"  # black chose a forbidden point: the game refused it
        records.append(
            GameRecord(
                x, o, pairing.rules, 0, think, moment, moment, moves, declared_result=declared,
                opening_choices=game.choices,
            )
        )  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    rules = "".join(f"-{rule}" for rule in (pairing.variant, pairing.opening) if rule not in ("freestyle", "free"))
    path = folder / f"{pairing.size}x{pairing.size}-{pairing.a.name}-{pairing.b.name}-{pairing.think:g}s{rules}.sgf"
    path.write_text(to_sgf(records), encoding="utf-8")
    return path


def _move_times(game: MatchGame) -> list[float]:
    """Each move's wall-clock seconds: 0 for the opening's, then each side's in turn."""
    x_side = 0 if game.a_plays_x else 1
    queues = {Side.X: list(game.wall[x_side]), Side.O: list(game.wall[1 - x_side])}
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


def _think(text: str) -> float:
    """``--think``: seconds greater than 0."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise argparse.ArgumentTypeError(f"must be a number of seconds greater than 0, got {text!r}")
    return seconds


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROGRAM, description="The strong player against outside engines.")
    parser.add_argument("--games", type=whole_number(2), default=DEFAULT_GAMES, help="games a pairing (96)")
    parser.add_argument(
        "--board", type=whole_number(5, 26), action="append", metavar="SIZE", help="a board's side (15 and 10)"
    )
    parser.add_argument("--seed", type=int, default=1, help="draws the openings and seeds the players (1)")
    parser.add_argument("--think", type=_think, default=THINK, metavar="SECONDS", help="strong's time a move (0.2)")
    parser.add_argument(
        "--timeout-turn", type=whole_number(1), metavar="MS", help="timeout_turn of --engine's programs (--think's)"
    )
    parser.add_argument("--engine", type=_engine, action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--pair", action="append", default=[], metavar="NAME", help="only the pairings of NAME")
    parser.add_argument("--no-brain", action="store_true", help="leave out the brain against strong")
    add_rule(parser, "what wins: freestyle (the default), standard, renju or caro; told to each engine (INFO rule)")
    add_opening_rule(parser, "how the first stones are placed: free (the default), swap or swap2")
    parser.add_argument("--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="write the output")
    parser.add_argument(
        "--games-dir", type=Path, metavar="DIR", help="write the games as SGF here (with --write: bench/rating_games)"
    )
    return parser


def _start_ups(todo: Sequence[Matchup]) -> list[StartUp]:
    """Every program of the protocol among ``todo``'s entrants, started once and heard; :class:`EngineError`
    for one that cannot play (a Rapfi without its config)."""
    heard: dict[str, StartUp] = {}
    for pairing in todo:
        for entrant in (pairing.a, pairing.b):
            if entrant.turn_ms is not None and entrant.name not in heard:
                player = entrant.make(pairing.rules, 0)
                assert isinstance(player, ProtocolEngine)
                heard[entrant.name] = start_up(entrant.name, player.command, cwd=player.cwd, size=pairing.size)
    return list(heard.values())


def main(argv: list[str] | None = None) -> int:
    """Play every pairing, print (and maybe write) the report; 0, or 2 for a usage error."""
    arguments = sys.argv[1:] if argv is None else argv
    parser = _parser()
    args = parser.parse_args(arguments)
    if args.games % 2:
        parser.error(f"argument --games: must be even, so that each side plays X in half the games, got {args.games}")
    rules = [square_rules(parser, args, size, LENGTH) for size in args.board or BOARDS]
    variant, opening = rules[0].variant, rules[0].opening
    if args.engine and opening is not Opening.FREE:
        name = args.engine[0][0]
        parser.error(f"argument --opening-rule: {name} plays the free opening only, not {opening}: {PROTOCOL_OPENINGS}")
    # One thread for every engine: numpy's and OpenSpiel's libraries read these as they load.
    for variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[variable] = "1"
    header = f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}"
    print(header, flush=True)
    absent = [problem for peer in PEERS if (problem := missing(peer)) is not None]
    absent += left_out(variant, opening, brain=not args.no_brain)
    for problem in absent:
        print(f"left out: {problem}", flush=True)
    todo = pairings(
        args.board or BOARDS, args.engine, brain=not args.no_brain, think=args.think, turn_ms=args.timeout_turn,
        only=args.pair, variant=variant, opening=opening,
    )  # fmt: skip
    if not todo and args.pair:
        parser.error(f"argument --pair: no pairing of {', '.join(args.pair)} is played here")
    if not todo:
        option = "--rule" if opening is Opening.FREE else "--opening-rule"
        parser.error(f"argument {option}: no pairing is played here by {variant} from a {opening} opening")
    try:
        start_ups = _start_ups(todo)
    except EngineError as refused:
        parser.error(str(refused))
    # The committed games are replaced only by a run that writes its results too, or where it is told to.
    games_dir = args.games_dir if args.games_dir is not None else GAMES_DIR if args.write is not None else None
    results = []
    for index, pairing in enumerate(todo, 1):
        label = f"{pairing.size}x{pairing.size} {pairing.a.name} - {pairing.b.name} ({index}/{len(todo)})"

        def progress(number: int, label: str = label) -> None:
            print(f"{label}: game {number}/{args.games}", file=sys.stderr, flush=True)

        result = play_pairing(pairing, games=args.games, seed=args.seed, progress=progress)
        if games_dir is not None:
            write_games(result, games_dir)
        results.append(result)
    body = f"\n{report(results, start_ups)}\n"
    print(body, end="")
    if games_dir is None:
        print("The games were not written: --games-dir DIR writes them as SGF.", file=sys.stderr)
    if args.write is not None:
        args.write.write_text(header + "\n" + "".join(f"left out: {p}\n" for p in absent) + body, encoding="utf-8")
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
