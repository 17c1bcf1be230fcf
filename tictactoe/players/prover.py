"""How players fare on 3x3: every line an opponent can play, walked; and the tables of the players there are.

:func:`prove` walks every game a player can meet as one side: at the
opponent's turns every empty square, at the player's own turns the move it
chooses -- or every move it might choose, when it chooses at random and
lists them with an ``options(board, mover)`` method, as ``weights`` does
for its ties.  It counts the games, the player's wins, draws and losses,
and finds a shortest lost game.

A player is taken to choose by the board alone (every player of docs/players.md
does), so a position met again by another order of moves has the same
games below it: each position is walked once and its counts remembered in
a list of ``3**9`` slots indexed by the game graph's perfect hash.  The
counts are those of walking every line one by one.

``python -m tictactoe.cli.prover`` prints the proofs of the players there
are, both sides each (:func:`provers`, :func:`format_proofs`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from configurations import EMPTY, Configurations, Side, Symbol
from configurations.moves import Move
from configurations.symbols import require_player
from tictactoe.gamegraph import SLOTS, board_hash
from tictactoe.players.base import Player
from tictactoe.players.perfect import PerfectPlayer
from tictactoe.players.reference import ReferencePlayer
from tictactoe.players.rules import RulesPlayer
from tictactoe.players.sound import SoundPlayer
from tictactoe.players.strong import StrongPlayer
from tictactoe.players.weights import WeightsPlayer

__all__ = ["STRONG_THINK", "ChoosesAtRandom", "Proof", "format_proofs", "prove", "provers"]

_SIZE = 3
_SQUARES = _SIZE * _SIZE


@runtime_checkable
class ChoosesAtRandom(Protocol):
    """A player whose choice is random among moves it can list: the prover walks every one of them."""

    def options(self, board: Configurations, mover: Symbol) -> Sequence[Move]:
        """Every move ``choose`` might make for ``mover`` on ``board``."""
        ...


class Proof:
    """What :func:`prove` found: games met, the player's wins, draws and losses, and a shortest loss."""

    __slots__ = ("draws", "games", "losses", "shortest_loss", "side", "wins")

    def __init__(
        self, side: Symbol, *, games: int, wins: int, draws: int, losses: int, shortest_loss: tuple[Move, ...] | None
    ) -> None:
        self.side = side
        self.games = games
        self.wins = wins
        self.draws = draws
        self.losses = losses
        #: The moves of a lost game from the empty board, both sides', as short as any; None without a loss.
        self.shortest_loss = shortest_loss

    def __repr__(self) -> str:
        loss = None if self.shortest_loss is None else " ".join(map(str, self.shortest_loss))
        return (
            f"<{type(self).__qualname__} side={self.side} games={self.games} wins={self.wins} "
            f"draws={self.draws} losses={self.losses} shortest_loss={loss!r}>"
        )


class _Tally:
    """The games below one position: how many, how they end for the prover's side, a shortest loss."""

    __slots__ = ("draws", "games", "loss", "losses", "wins")

    def __init__(self) -> None:
        self.games = self.wins = self.draws = self.losses = 0
        self.loss: tuple[int, ...] | None = None  # the squares of a shortest lost game from here

    def add_end(self, square: int, result: str) -> None:
        self.games += 1
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1
            self._offer_loss((square,))

    def add_below(self, square: int, below: _Tally) -> None:
        self.games += below.games
        self.wins += below.wins
        self.draws += below.draws
        self.losses += below.losses
        if below.loss is not None:
            self._offer_loss((square, *below.loss))

    def _offer_loss(self, line: tuple[int, ...]) -> None:
        # Strictly shorter only: of equally short losses, the first met is kept.
        if self.loss is None or len(line) < len(self.loss):
            self.loss = line


def prove(make_player: Callable[[], Player], side: Symbol) -> Proof:
    """Walk every 3x3 game the player ``make_player()`` can meet playing ``side`` and count how they end.

    ``ValueError`` when the player chooses a taken square or changes the
    board.  Runtime complexity: one choice of the player per position it
    can meet (at most 5 478), plus O(1) a move.
    """
    walk = _Walk(make_player(), require_player(side))
    tally = walk.below(Configurations(_SIZE, _SIZE, 0))
    loss = None if tally.loss is None else tuple(Move(*divmod(square, _SIZE)) for square in tally.loss)
    return Proof(side, games=tally.games, wins=tally.wins, draws=tally.draws, losses=tally.losses, shortest_loss=loss)


class _Walk:
    """One proof under way: the player, its side, and the tally of each position walked so far."""

    __slots__ = ("_choose", "_memo", "_player", "_side")

    def __init__(self, player: Player, side: Symbol) -> None:
        self._player = player
        self._side = side
        self._memo: list[_Tally | None] = [None] * SLOTS
        # Asked once: a protocol check with isinstance costs more than the player's own choice.
        self._choose: Callable[[Configurations, Symbol], Sequence[Move]] = (
            player.options
            if isinstance(player, ChoosesAtRandom)
            else lambda board, mover: [player.choose(board, mover)]
        )

    def below(self, board: Configurations) -> _Tally:
        """The tally of every game from ``board`` on, worked out once for each position."""
        squares = board.configuration()
        key = board_hash(squares)
        known = self._memo[key]
        if known is not None:
            return known
        tally = _Tally()
        mover = Side.to_move(_SQUARES - squares.count(EMPTY))
        for square in self._squares(board, mover):
            row, col = divmod(square, _SIZE)
            board.save_play(row, col, mover)
            if board.wins(mover):
                tally.add_end(square, "win" if mover == self._side else "loss")
            elif EMPTY not in board.configuration():
                tally.add_end(square, "draw")
            else:
                tally.add_below(square, self.below(board))
            board.save_play(row, col, EMPTY)
        self._memo[key] = tally
        return tally

    def _squares(self, board: Configurations, mover: Symbol) -> list[int]:
        """The squares to try: every empty one for the opponent, the player's choice (or options) for its side."""
        squares = board.configuration()
        if mover != self._side:
            return [square for square in range(_SQUARES) if squares[square] == EMPTY]
        moves = self._choose(board, mover)
        if board.configuration() != squares:
            raise ValueError(f"{self._player.name} changed the board while choosing a move")
        chosen = []
        for move in moves:
            square = move.row * _SIZE + move.col
            if not (0 <= move.row < _SIZE and 0 <= move.col < _SIZE) or squares[square] != EMPTY:
                raise ValueError(f"{self._player.name} chose {move}, which is not an empty square of {squares!r}")
            chosen.append(square)
        return chosen


# The tables ----------------------------------------------------------------------------------------

#: The levels of the reference search the table proves: from none to the end of any 3x3 game.
REFERENCE_LEVELS = range(10)
#: The strong player's seconds a move here: far more than a 3x3 search takes, so that its clock
#: never cuts a search short and every walk of the table is the same.
STRONG_THINK = 60.0


def provers() -> list[tuple[str, Callable[[], Player]]]:
    """The players the table proves, labelled: perfect, rules, weights, sound, strong at its shallowest and
    at full depth, and reference at each level."""
    players: list[tuple[str, Callable[[], Player]]] = [
        ("perfect", PerfectPlayer),
        ("rules", RulesPlayer),
        ("weights", WeightsPlayer),  # its seed does not matter: the walk takes every tie
        ("sound 9", lambda: SoundPlayer(9)),
        ("strong 0", lambda: StrongPlayer(0, STRONG_THINK)),
        ("strong 9", lambda: StrongPlayer(9, STRONG_THINK)),
    ]
    players += [(f"reference {level}", _reference(level)) for level in REFERENCE_LEVELS]
    return players


def _reference(max_levels: int) -> Callable[[], Player]:
    return lambda: ReferencePlayer(max_levels)


def format_proofs(rows: Sequence[tuple[str, Proof]]) -> str:
    """One line per proof: player, side, games, wins, draws, losses and a shortest loss (``-`` if none)."""
    width = max([len("player"), *(len(label) for label, _ in rows)])
    lines = [f"{'player':<{width}}  side  {'games':>6}  {'wins':>6}  {'draws':>6}  {'losses':>6}  shortest loss"]
    for label, proof in rows:
        loss = "-" if proof.shortest_loss is None else " ".join(map(str, proof.shortest_loss))
        lines.append(
            f"{label:<{width}}  {proof.side:<4}  {proof.games:>6}  {proof.wins:>6}  {proof.draws:>6}  "
            f"{proof.losses:>6}  {loss}"
        )
    return "\n".join(lines)
