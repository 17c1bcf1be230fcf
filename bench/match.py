"""``python -m bench.match``: a match between two players on any board -- who wins, and how fast each moves.

Player A and player B play ``--games`` games, half with A as ``X`` and half
with A as ``O``.  Each game starts from a random opening of
``--opening-moves`` moves (``X`` first) on the squares near the centre of
the board, and each opening is played twice, once with A as ``X`` and once
with B as ``X``, so that neither side is dealt the better openings.  The
openings are drawn from ``--seed`` and differ from one another while there
are enough to go round.  Both players are made afresh for every game, by
their names in :mod:`tictactoe.players.registry`, so that no game depends
on the ones before it.  A player named ``brain:PATH`` is the brain
(``python -m tictactoe.brain``) of the checkout at ``PATH``, driven through
the Gomoku AI protocol at the ``timeout_turn`` of which it searches
``--think`` seconds: the strong player of another commit, so that a change
to the engine can be played against the engine before it (two copies of
the project, each at its commit, at equal time).  ``--order-a NAME`` and
``--order-b NAME`` give a ``strong`` side another move order
(:mod:`tictactoe.solver.move_orders`), so that two orders can be played
against each other; ``--threats-a NAME`` and ``--threats-b NAME`` give it
another setting of the wins by fours it looks for below its root
(:mod:`tictactoe.solver.tree_threats`: off, own or both), so that the
settings can be played against each other.  The header's command line
records both.

The game is played by ``--rule`` (freestyle, standard, renju, caro) and
``--opening-rule`` (free, swap, swap2), as ``play.py`` plays them.  Under
renju a point forbidden for black is refused by the game, and black's
player that chose it loses the game (as in Gomocup); the table counts
those games.  Under a swap opening no random opening is drawn: the players
place the opening's stones and choose the colours themselves
(:mod:`tictactoe.game.openings`), each the first player, who places the
first stones, in half the games; a brain speaks no opening command of the
protocol and plays the free opening only.

The table gives each side's wins, draws and losses, its share of the
points (a win 1, a draw a half), and the processor seconds
(``time.process_time``; a brain's own process's) its ``choose`` took a
move, mean and most.
``--write`` also writes the output to ``bench/match_results.txt`` (or the
path given).  Like the other programs, the match ends quietly: status 141
when its reader goes (``| head``), 130 and one line on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import random
import shlex
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TextIO

from bench.common import ROOT, current_commit
from bench.peers.gomocup import ProtocolEngine
from configurations import Side, Winner
from configurations.moves import MAX_BOARD_SIZE, Move
from configurations.rules import Opening, OpeningChoice, Rules, Variant
from configurations.variants import ForbiddenPoint
from tictactoe.cli.arguments import add_opening_rule, add_rule, square_rules, whole_number
from tictactoe.cli.exits import EXIT_USAGE, run
from tictactoe.game.game import Game
from tictactoe.game.openings import OpeningPlay, Role
from tictactoe.game.tournament import ForbiddenChoiceError, play_out_timed
from tictactoe.players.base import OpeningPlayer, Player
from tictactoe.players.registry import DEFAULT_THINK, PlayerLimits, make_player
from tictactoe.solver.move_orders import ORDER_NAMES
from tictactoe.solver.tree_threats import TREE_THREAT_SETTINGS

__all__ = [
    "BRAIN_PREFIX",
    "Contestant",
    "MatchGame",
    "MatchResult",
    "centre_squares",
    "games_problem",
    "main",
    "opening_problem",
    "openings",
    "own_processor_time",
    "play_game",
    "play_match",
    "play_opening",
    "table",
]

PROGRAM = "python -m bench.match"
RESULTS = ROOT / "bench" / "match_results.txt"
# Opening squares lie at most this many rows and columns from the centre: the central 5x5 of an odd
# board, the central 4x4 of an even one.  Near the centre, so that the game that follows has room.
CENTRE_REACH = 2
#: The random moves an opening has under the free opening rule, unless told.
DEFAULT_OPENING_MOVES = 2
#: A side of the match: 0 for player A, 1 for player B.
SIDES = (0, 1)
# The move orders, as help lists them.
_ORDERS = ", ".join(ORDER_NAMES)
# The settings of the wins by fours below the strong search's root, as help lists them.
_THREATS = ", ".join(TREE_THREAT_SETTINGS)
#: Progress: told the number of the game about to start (from 1) and how many there are.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Contestant:
    """A player by its name in the registry, how many levels below its move it may search, and its own time."""

    name: str
    max_levels: int
    #: Seconds a move for this side only (``strong``); None: the match's ``think``.
    think: float | None = None
    #: The strong search's move order by name (:mod:`tictactoe.solver.move_orders`); None: its default.
    order: str | None = None
    #: The strong search's wins by fours below its root by name (:mod:`tictactoe.solver.tree_threats`); None: its
    #: default.
    threats: str | None = None


@dataclass(frozen=True)
class MatchGame:
    """One game of a match: how it opened, who played ``X``, every move, the result and each side's times."""

    opening: tuple[Move, ...]
    #: Whether player A played ``X`` (and so moved first, opening included).
    a_plays_x: bool
    #: Every move of the game, the opening's first.
    moves: tuple[Move, ...]
    #: Who won, or a draw.
    result: Winner
    #: The processor seconds of each of A's ``choose`` calls, then each of B's, in the order played.
    seconds: tuple[tuple[float, ...], tuple[float, ...]]
    #: The wall-clock seconds of the same calls.
    wall: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    #: The choices of a swap opening, in order (none under the free opening).
    choices: tuple[OpeningChoice, ...] = ()
    #: Under renju, the forbidden point black's player chose, which the game refused: black lost.
    foul: ForbiddenPoint | None = None

    @property
    def winner(self) -> int | None:
        """The side that won (0 for A, 1 for B), or ``None`` for a draw."""
        if self.result is Winner.DRAW:
            return None
        return 0 if (self.result is Winner.X) == self.a_plays_x else 1


@dataclass(frozen=True)
class MatchResult:
    """The games of a match between ``contestants`` (A, then B) and the tallies drawn from them."""

    contestants: tuple[Contestant, Contestant]
    rules: Rules
    seed: int
    opening_moves: int
    games: tuple[MatchGame, ...]

    def wins(self, side: int) -> int:
        """How many games ``side`` (0 for A, 1 for B) won."""
        return sum(game.winner == side for game in self.games)

    def losses(self, side: int) -> int:
        """How many games ``side`` lost: the other side's wins."""
        return self.wins(1 - side)

    @property
    def draws(self) -> int:
        """How many games were drawn."""
        return sum(game.winner is None for game in self.games)

    def points(self, side: int) -> float:
        """``side``'s points: 1 a win, a half a draw."""
        return self.wins(side) + self.draws / 2

    def share(self, side: int) -> float:
        """``side``'s share of all the points, from 0 to 1."""
        return self.points(side) / len(self.games)

    def move_seconds(self, side: int) -> tuple[float, ...]:
        """The processor seconds of every move ``side`` chose, game after game (the opening's are not chosen)."""
        return tuple(seconds for game in self.games for seconds in game.seconds[side])

    def won_by(self, side: Side) -> int:
        """How many games the player of ``side`` won, whichever competitor that was."""
        return sum(game.result.side is side for game in self.games)

    @property
    def fouls(self) -> int:
        """How many games black lost by choosing a point renju forbids."""
        return sum(game.foul is not None for game in self.games)

    @property
    def mean_length(self) -> float:
        """The mean number of moves a game lasted, the opening's included."""
        return statistics.mean(len(game.moves) for game in self.games)


def centre_squares(size: int) -> tuple[Move, ...]:
    """The squares at most ``CENTRE_REACH`` rows and columns from the centre of a ``size`` board, row by row.

    >>> len(centre_squares(9)), len(centre_squares(10)), len(centre_squares(3))
    (25, 16, 9)
    >>> centre_squares(10)[0]
    Move(row=3, col=3)
    """
    # Twice a square's distance from the centre, which lies between two squares on an even board.
    near = [line for line in range(size) if abs(2 * line - (size - 1)) <= 2 * CENTRE_REACH]
    return tuple(Move(row, col) for row in near for col in near)


def games_problem(games: int) -> str | None:
    """Why a match cannot have ``games`` games, or ``None`` when it can: each side plays ``X`` in half of them.

    >>> games_problem(3)
    'must be even, so that A plays X in half the games and O in the other half, got 3'
    """
    if games >= 2 and games % 2 == 0:
        return None
    return f"must be even, so that A plays X in half the games and O in the other half, got {games}"


def moves_problem(rules: Rules, moves: int | None) -> str | None:
    """Why an opening of ``moves`` random moves cannot start a game by ``rules`` (a swap opening places its own
    stones on the empty board), or ``None`` when it can.

    >>> moves_problem(Rules.square(15, 5, opening="swap"), 2)
    'a swap opening places its own stones on the empty board: give 0, got 2'
    """
    if rules.opening is Opening.FREE or not moves:
        return None
    return f"a {rules.opening} opening places its own stones on the empty board: give 0, got {moves}"


def opening_problem(size: int, length: int, moves: int) -> str | None:
    """Why no opening of ``moves`` moves can be drawn on this board, or ``None`` when one can.

    An opening must not win (``X`` holds the larger half of its tiles) and
    must fit in :func:`centre_squares`.

    >>> opening_problem(10, 5, 2) is None
    True
    >>> opening_problem(10, 2, 3)
    'at most 2 with 2 in a row, so that the opening cannot win, got 3'
    """
    if (moves + 1) // 2 >= length:
        return f"at most {2 * length - 2} with {length} in a row, so that the opening cannot win, got {moves}"
    squares = len(centre_squares(size))
    if moves > squares:
        side = math.isqrt(squares)
        return f"at most {squares}, the {side}x{side} squares at the centre, where an opening is played, got {moves}"
    return None


def openings(size: int, length: int, moves: int, count: int, seed: int) -> list[tuple[Move, ...]]:
    """``count`` openings of ``moves`` moves each (``X`` first) on :func:`centre_squares`, drawn from ``seed``.

    No opening repeats until every one possible has been drawn.
    ``ValueError`` with :func:`opening_problem`'s reason when none can be.

    >>> [" ".join(map(str, opening)) for opening in openings(3, 3, 2, 2, seed=1)]
    ['c1 b1', 'b2 b1']
    """
    problem = opening_problem(size, length, moves)
    if problem is not None:
        raise ValueError(problem)
    squares = centre_squares(size)
    possible = math.perm(len(squares), moves)
    rng = random.Random(seed)
    drawn: list[tuple[Move, ...]] = []
    seen: set[tuple[Move, ...]] = set()
    while len(drawn) < count:
        opening = tuple(rng.sample(squares, moves))
        if opening in seen and len(seen) < possible:
            continue
        seen.add(opening)
        drawn.append(opening)
    return drawn


#: The prefix of a contestant that is the brain of another checkout.
BRAIN_PREFIX = "brain:"
#: Why a program of the protocol plays the free opening only.
PROTOCOL_OPENINGS = "the protocol's client speaks no opening command (SWAP2BOARD)"
#: The share of its timeout_turn the brain searches (tictactoe.brain.budget.TURN_SHARE).
BRAIN_TURN_SHARE = 0.8


def make_contestant(contestant: Contestant, rules: Rules, think: float, seed: int) -> Player:
    """The player ``contestant`` names, made for a game by ``rules``; ``ValueError`` (one line) when there is none."""
    if contestant.order is not None and contestant.name != "strong":
        raise ValueError(f"{contestant.name} has no move order: only strong searches with one")
    if contestant.threats is not None and contestant.name != "strong":
        raise ValueError(f"{contestant.name} has no threat setting: only strong searches with one")
    if contestant.name.startswith(BRAIN_PREFIX):
        if rules.opening is not Opening.FREE:
            raise ValueError(f"a brain plays the free opening only, not {rules.opening}: {PROTOCOL_OPENINGS}")
        return _brain(Path(contestant.name.removeprefix(BRAIN_PREFIX)), rules, think)
    own_think = think if contestant.think is None else contestant.think
    limits = PlayerLimits(contestant.max_levels, own_think, seed, order=contestant.order, threats=contestant.threats)
    player = make_player(contestant.name, rules, limits)
    if player is None:
        raise ValueError("human needs a person at the board: a match is between computer players")
    return player


def _brain(checkout: Path, rules: Rules, think: float) -> ProtocolEngine:
    """The brain of the checkout at ``checkout``, searching ``think`` seconds a move."""
    if not (checkout / "tictactoe" / "brain" / "__main__.py").is_file():
        raise ValueError(f"{checkout} holds no checkout of the project (no tictactoe/brain/__main__.py)")
    turn_ms = round(think / BRAIN_TURN_SHARE * 1000)
    command = [sys.executable, "-m", "tictactoe.brain"]
    name = f"{BRAIN_PREFIX}{checkout}"
    size, length, variant = rules.size, rules.k, rules.variant
    return ProtocolEngine(name, command, size=size, length=length, turn_ms=turn_ms, cwd=checkout, variant=variant)


def play_game(a: Player, b: Player, *, a_plays_x: bool, rules: Rules, opening: Sequence[Move]) -> MatchGame:
    """One game of ``a`` against ``b`` from ``opening``, to its end, each ``choose`` timed in processor seconds
    and wall-clock seconds; a player that reads the order of play is shown the moves so far.

    Under a swap opening ``a_plays_x`` says whether ``a`` is the first
    player, who places the first stones (:func:`play_opening`), and the
    colours follow the choices; the stones count as the opening.  Under
    renju a forbidden point black's player chooses loses black the game.
    ``ValueError`` when a player chooses a taken square.
    """
    game = Game(rules)
    for move in opening:
        game.play(move)
    for player in (a, b):
        if isinstance(player, ProtocolEngine):
            player.start()  # before the game: no move's time counts the engine's start
    played = play_opening(game, *((a, b) if a_plays_x else (b, a)))
    a_plays_x = a_plays_x == (played.black is Role.FIRST)
    fixed = len(game.moves)
    x_player, o_player = (a, b) if a_plays_x else (b, a)
    foul = None
    try:
        times = play_out_timed(game, x_player, o_player)
    except ForbiddenChoiceError as refused:
        times, foul = refused.times, refused.refusal.forbidden
    result = game.result if foul is None else Winner.O
    assert result is not None
    return MatchGame(
        game.moves[:fixed],
        a_plays_x,
        game.moves,
        result,
        _by_side([time.processor for time in times], fixed, a_plays_x),
        _by_side([time.wall for time in times], fixed, a_plays_x),
        played.choices,
        foul,
    )


def play_opening(game: Game, first: Player, second: Player) -> OpeningPlay:
    """The stones and choices of ``game``'s opening rule, made on ``game`` by ``first`` (who places the first
    stones) and ``second``: nothing under the free opening.  ``ValueError`` for a player that cannot take its
    part (one that is no :class:`~tictactoe.players.base.OpeningPlayer`)."""
    played = OpeningPlay(game.rules.opening)
    roles = (first, second)
    while not played.settled:
        placer = played.placer
        role = placer if placer is not None else played.chooser
        assert role is not None  # an opening not yet settled has someone to place a stone or to choose
        player = roles[role]
        if not isinstance(player, OpeningPlayer):
            raise ValueError(f"{player.name} cannot take part in a {played.rule} opening")
        if placer is None:
            played = played.choosing(player.choose_colour(game.board, played.options))
            continue
        for stone in player.place_opening(game.board, played.stones_due - played.stones):
            game.play(stone)
            played = played.placed()
    return played


def _by_side(seconds: Sequence[float], opening: int, a_plays_x: bool) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The times of the moves after an opening of ``opening`` moves, split into A's and B's."""
    # X moves first after an opening of an even number of moves; the sides then take turns.
    first, second = tuple(seconds[0::2]), tuple(seconds[1::2])
    x_seconds, o_seconds = (first, second) if opening % 2 == 0 else (second, first)
    return (x_seconds, o_seconds) if a_plays_x else (o_seconds, x_seconds)


def play_match(
    a: Contestant,
    b: Contestant,
    *,
    rules: Rules,
    games: int,
    think: float = DEFAULT_THINK,
    seed: int = 1,
    opening_moves: int | None = None,
    progress: Progress | None = None,
) -> MatchResult:
    """``games`` games of ``a`` against ``b``: each of ``games // 2`` :func:`openings` once with each as ``X``
    (under a swap opening, as the first player).

    Game ``number`` (from 0; A plays ``X`` in the even ones) makes both
    players afresh with ``PlayerLimits(max_levels, think, seed + number)`` for
    ``rules``.  ``opening_moves`` is 2 unless given, and 0 under a swap
    opening, which places its own stones.  ``progress`` is told each
    game's number (from 1) as it starts.  ``ValueError`` for an odd number
    of games, an opening that cannot be drawn, or a player that cannot play
    this board.
    """
    problem = games_problem(games) or moves_problem(rules, opening_moves)
    if problem is not None:
        raise ValueError(problem)
    if opening_moves is None:
        opening_moves = DEFAULT_OPENING_MOVES if rules.opening is Opening.FREE else 0
    records: list[MatchGame] = []
    for opening in openings(rules.size, rules.k, opening_moves, games // 2, seed):
        for a_plays_x in (True, False):
            if progress is not None:
                progress(len(records) + 1, games)
            player_seed = seed + len(records)
            players = [make_contestant(side, rules, think, player_seed) for side in (a, b)]
            try:
                game = play_game(*players, a_plays_x=a_plays_x, rules=rules, opening=opening)
            finally:
                for player in players:
                    if isinstance(player, ProtocolEngine):
                        player.close()
            records.append(own_processor_time(game, players))
    return MatchResult((a, b), rules, seed, opening_moves, tuple(records))


def own_processor_time(game: MatchGame, players: Sequence[Player]) -> MatchGame:
    """``game`` with the processor seconds of a program of the protocol (a brain) its own process's, not this
    one's; ``players`` are A and B."""
    seconds = list(game.seconds)
    for side, player in enumerate(players):
        if isinstance(player, ProtocolEngine) and len(player.processor_seconds) == len(seconds[side]):
            seconds[side] = tuple(player.processor_seconds)
    return dataclasses.replace(game, seconds=(seconds[0], seconds[1]))


def table(result: MatchResult) -> str:
    """The match as a fixed-width table: what was played, each side's tally and times, and the games."""
    a, b = result.contestants
    count = len(result.games)
    lines = [
        f"{a.name} (A) against {b.name} (B): {result.rules}, {count} games",
        f"rule: {result.rules.variant}, opening rule: {result.rules.opening}",
        _openings_line(result),
        "",
        f"{'side':<4} {'player':<10} {'levels':>6} {'wins':>5} {'draws':>5} {'losses':>6} {'points':>7} "
        f"{'share':>6} {'moves':>6} {'mean s/move':>11} {'max s/move':>10}",
    ]
    for side, contestant in zip(SIDES, result.contestants, strict=True):
        seconds = result.move_seconds(side)
        mean = f"{statistics.mean(seconds):.4f}" if seconds else "-"
        most = f"{max(seconds):.4f}" if seconds else "-"
        lines.append(
            f"{'AB'[side]:<4} {contestant.name:<10} {contestant.max_levels:>6} {result.wins(side):>5} "
            f"{result.draws:>5} {result.losses(side):>6} {result.points(side):>7.1f} {result.share(side):>6.1%} "
            f"{len(seconds):>6} {mean:>11} {most:>10}"
        )
    lines += [
        "",
        f"games: {result.won_by(Side.X)} won by X, {result.won_by(Side.O)} won by O, {result.draws} drawn; "
        f"{result.mean_length:.1f} moves on average, the opening's included",
        "s/move: processor seconds of one choose call",
    ]
    if result.rules.variant is Variant.RENJU:
        lines.append(f"forbidden points chosen by black (each refused, and black lost): {result.fouls}")
        lines += [f"  {game.foul}" for game in result.games if game.foul is not None]
    return "\n".join(lines)


def _openings_line(result: MatchResult) -> str:
    """How the games opened: random moves, the empty board, or the stones and choices of a swap opening."""
    count, seed = len(result.games), result.seed
    if result.rules.opening is not Opening.FREE:
        made = [choice for game in result.games for choice in game.choices]
        chosen = ", ".join(f"{choice} {made.count(choice)}" for choice in OpeningChoice)
        return (
            f"openings: {result.rules.opening} from the empty board, A the first player (who places the first "
            f"stones) in half the games (seed {seed}); choices: {chosen}"
        )
    if result.opening_moves:
        return (
            f"openings: {count // 2} of {result.opening_moves} moves near the centre (seed {seed}), "
            "each played once with A as X and once with B as X"
        )
    return f"no opening: every game from the empty board, half with A as X (seed {seed})"


@contextlib.contextmanager
def progress_on(stream: TextIO) -> Iterator[Progress]:
    """A game counter on ``stream``: one line rewritten in place on a terminal, else a line a game."""
    live = stream.isatty()

    def show(number: int, games: int) -> None:
        stream.write(f"\rgame {number}/{games}" if live else f"game {number}/{games}\n")
        stream.flush()

    try:
        yield show
    finally:
        if live:  # leave the terminal's line clean for what follows (the table, or the word on Ctrl-C)
            stream.write("\r\033[K")
            stream.flush()


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage error is one line: the program, ``error:`` and the problem."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _seconds(text: str) -> float:
    """``--think``: a number of seconds greater than 0."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds > 0 or math.isinf(seconds):
        raise argparse.ArgumentTypeError(f"must be a number of seconds greater than 0, got {text!r}")
    return seconds


def _parser() -> _Parser:
    parser = _Parser(
        prog=PROGRAM, description="A match between two players on any board: who wins, how fast each moves."
    )
    parser.add_argument(
        "a",
        metavar="A",
        help="player A: reference, sound, strong, perfect, rules, weights, or brain:PATH (the brain of a checkout)",
    )
    parser.add_argument("b", metavar="B", help="player B")
    parser.add_argument("--size", type=whole_number(1, MAX_BOARD_SIZE), required=True, help="the board's side")
    parser.add_argument("--length", type=whole_number(1), required=True, help="how many in a row win")
    parser.add_argument("--levels", type=whole_number(0), default=2, help="both sides' max_levels (default 2)")
    parser.add_argument("--levels-a", type=whole_number(0), metavar="N", help="A's max_levels, instead of --levels")
    parser.add_argument("--levels-b", type=whole_number(0), metavar="N", help="B's max_levels, instead of --levels")
    parser.add_argument("--order-a", choices=ORDER_NAMES, metavar="NAME", help="A's move order (strong): " + _ORDERS)
    parser.add_argument("--order-b", choices=ORDER_NAMES, metavar="NAME", help="B's move order, as --order-a")
    parser.add_argument(
        "--threats-a",
        choices=TREE_THREAT_SETTINGS,
        metavar="NAME",
        help="A's wins by fours below the root (strong): " + _THREATS,
    )
    parser.add_argument(
        "--threats-b",
        choices=TREE_THREAT_SETTINGS,
        metavar="NAME",
        help="B's wins by fours below the root, as --threats-a",
    )
    parser.add_argument("--games", type=whole_number(2), default=24, help="how many games, an even number (24)")
    parser.add_argument(
        "--think", type=_seconds, default=DEFAULT_THINK, metavar="SECONDS", help="the strong player's time a move"
    )
    parser.add_argument("--seed", type=int, default=1, help="draws the openings and seeds the players (default 1)")
    add_rule(parser, "what wins: freestyle (the default), standard, renju or caro, as play.py plays them")
    add_opening_rule(
        parser, "how the first stones are placed: free (the default), swap or swap2, placed and chosen by the players"
    )
    parser.add_argument(
        "--opening-moves",
        type=whole_number(0),
        metavar="N",
        help="random moves near the centre (2; 0 under a swap opening, which places its own)",
    )
    parser.add_argument(
        "--write", nargs="?", const=RESULTS, type=Path, metavar="FILE", help="also write the output to FILE"
    )
    return parser


def _problem(args: argparse.Namespace, rules: Rules) -> str | None:
    """What makes the command line unplayable by ``rules``, in argparse's words, or ``None``."""
    games = games_problem(args.games)
    if games is not None:
        return f"argument --games: {games}"
    opening = moves_problem(rules, args.opening_moves)
    if opening is None and rules.opening is Opening.FREE:
        moves = DEFAULT_OPENING_MOVES if args.opening_moves is None else args.opening_moves
        opening = opening_problem(args.size, args.length, moves)
    if opening is not None:
        return f"argument --opening-moves: {opening}"
    for metavar, contestant in zip("AB", _contestants(args), strict=True):
        try:
            make_contestant(contestant, rules, args.think, args.seed)
        except ValueError as unplayable:  # no such player, or one that cannot play this board
            return f"argument {metavar}: {unplayable}"
    return None


def _contestants(args: argparse.Namespace) -> tuple[Contestant, Contestant]:
    def levels(given: int | None) -> int:
        return args.levels if given is None else given

    return (
        Contestant(args.a, levels(args.levels_a), order=args.order_a, threats=args.threats_a),
        Contestant(args.b, levels(args.levels_b), order=args.order_b, threats=args.threats_b),
    )


def main(argv: list[str] | None = None) -> int:
    """Play the match the command line asks for; print (and maybe write) the table; 0, or 2 for a usage error."""
    arguments = sys.argv[1:] if argv is None else argv
    parser = _parser()
    args = parser.parse_args(arguments)
    if args.length > args.size:
        parser.error(f"argument --length: must be from 1 to the size ({args.size}), got {args.length}")
    rules = square_rules(parser, args, args.size, args.length)
    problem = _problem(args, rules)
    if problem is not None:
        parser.error(problem)
    header = f"Python {sys.version.split()[0]}, commit {current_commit()}, {PROGRAM} {shlex.join(arguments)}"
    print(header, flush=True)
    a, b = _contestants(args)
    with progress_on(sys.stderr) as progress:
        result = play_match(
            a,
            b,
            rules=rules,
            games=args.games,
            think=args.think,
            seed=args.seed,
            opening_moves=args.opening_moves,
            progress=progress,
        )
    body = f"\n{table(result)}\n"
    print(body, end="")
    if args.write is not None:
        args.write.write_text(header + "\n" + body, encoding="utf-8")
    return 0


if __name__ == "__main__":
    run(main, PROGRAM)
