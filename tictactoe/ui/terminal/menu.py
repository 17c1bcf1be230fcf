"""The menu that ``python play.py`` opens at a terminal (docs/playing.md): new game, previous games, exit.

When the history holds a game left unfinished, the menu offers first, as
entry ``0`` and its default, to go on with the one played last.  Every
answer is checked as it is typed, with a one-line reason and the question
asked again; pressing Enter takes the default shown in brackets.
End of input (Ctrl-D) or Ctrl-C at any question leaves the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, TextIO, TypeVar

from configurations.moves import MAX_BOARD_SIZE
from configurations.numbers import read_whole_number
from configurations.rules import Opening, Rules, Variant
from tictactoe.game.game import EMPTY_START, StartingPosition
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players.levels import LEVEL_NAMES, Level, level_options
from tictactoe.players.registry import PLAYER_NAMES, PlayerKind, PlayerLimits, make_player
from tictactoe.ui.settings import Settings, check_name, default_name, level_name
from tictactoe.ui.terminal.reader import Reader

if TYPE_CHECKING:
    from tictactoe.game.history import GameSummary

T = TypeVar("T")

__all__ = ["CHOICES", "DEFAULT_LEVEL", "Menu", "Offer", "offer_text"]

#: The level Enter takes at the question of the computer's depth: the strong player at a quarter of a second a
#: move answers at once and plays well on every board, where a depth plays the assignment's reference search,
#: which on a large board looks too few moves ahead to play well, or too many to answer in time.
DEFAULT_LEVEL = Level.HARD

#: The menu's entries, as the person sees them.
CHOICES = ("New game", "Previous games", "Exit")


class Offer(NamedTuple):
    """A game left unfinished that the menu offers to go on with: its line of the history (what the entry shows)
    and how to play it on (the settings, made when it is chosen)."""

    game: GameSummary
    settings: Callable[[], Settings]


def offer_text(game: GameSummary) -> str:
    """The menu's entry for going on with ``game``.

    >>> from configurations.rules import Rules
    >>> from tictactoe.game.history import GameSummary
    >>> game = GameSummary(3, Competitor("Ada"), Competitor("Computer", "reference"), Rules.square(3, 3), None, None,
    ...                    None, 2)
    >>> offer_text(game)
    'Go on with game 3 (unfinished): Ada (X) against Computer (O), 3x3, 3 in a row, 2 moves'
    """
    moves = f"{game.move_count} move{'s' * (game.move_count != 1)}"
    return (
        f"Go on with game {game.id} (unfinished): {game.x.name} (X) against {game.o.name} (O), "
        f"{game.rules.board}, {game.rules.k} in a row, {moves}"
    )


class Menu:
    """The menu's conversation: questions through ``read_line``, everything else to ``out``.

    ``play`` plays the settings of a new game; ``browse`` shows the
    previous games (None while there is no history to show); ``offer``,
    asked each time the menu is shown, is the game left unfinished to go
    on with, as entry ``0`` (None: there is none).
    """

    def __init__(
        self,
        read_line: Reader,
        out: TextIO,
        play: Callable[[Settings], None],
        browse: Callable[[], None] | None = None,
        offer: Callable[[], Offer | None] | None = None,
    ) -> None:
        self.read_line = read_line
        self.out = out
        self.play = play
        self.browse = browse
        self.offer = offer

    def run(self) -> None:
        """Show the menu until the person chooses Exit; ``EOFError``/``KeyboardInterrupt`` propagate."""
        while True:
            offer = None if self.offer is None else self.offer()
            entries = [f"{number}) {choice}" for number, choice in enumerate(CHOICES, start=1)]
            if offer is not None:
                entries.insert(0, f"0) {offer_text(offer.game)}")
            print("", *entries, sep="\n", file=self.out)
            first = 0 if offer is not None else 1
            choice = self.ask("Choose", _whole_number(first, len(CHOICES)), str(first))
            if choice == 0 and offer is not None:
                self.play(offer.settings())
            elif choice == 1:
                self.play(self.new_game())
            elif choice == 2 and self.browse is not None:
                self.browse()
            elif choice == 2:
                print("No previous games are kept yet.", file=self.out)
            else:
                return

    def new_game(self) -> Settings:
        """Ask for a new game's board and players, defaults filled in; the settings once all are valid."""
        size = self.ask("Board size", _whole_number(1, MAX_BOARD_SIZE), "3")
        length = self.ask("Tiles in a row to win", _whole_number(1, size), str(min(3, size)))
        rule = self.ask(f"Rule: {', '.join(Variant)}", _rule_for(size, length), Variant.FREESTYLE)
        rule = self.ask(f"Opening rule: {', '.join(Opening)}", _opening_for(rule), Opening.FREE)
        return self.game_on(rule)

    def game_on(self, rules: Rules, start: StartingPosition = EMPTY_START) -> Settings:
        """Ask how the computer plays and who plays each side of a game by ``rules`` from ``start``."""
        question = f"Levels the computer searches, or a level: {', '.join(LEVEL_NAMES)}"
        depth = self.ask(question, _depth, str(DEFAULT_LEVEL))
        if isinstance(depth, Level):
            return self.levelled_game(depth, rules, start)
        limits = PlayerLimits(depth)
        x = self.competitor("X", PlayerKind.HUMAN, rules, limits)
        o = self.competitor("O", "reference", rules, limits)
        return Settings(Session(rules, limits, x, o, start=start))

    def levelled_game(self, level: Level, rules: Rules, start: StartingPosition = EMPTY_START) -> Settings:
        """Ask which side the person plays against the computer at ``level``, and by what name."""
        side = self.ask("You play X or O", _side, "X")
        name = self.ask("Your name", check_name, default_name(PlayerKind.HUMAN))
        kind, limits = level_options(level, rules)
        person, computer = Competitor(name), Competitor(level_name(level), kind)
        x, o = (person, computer) if side == "X" else (computer, person)
        return Settings(Session(rules, limits, x, o, start=start))

    def competitor(self, symbol: str, kind: str, rules: Rules, limits: PlayerLimits) -> Competitor:
        """Ask who plays ``symbol`` -- a player that can play by ``rules`` -- and by what name."""
        chosen = self.ask(f"{symbol} is played by ({', '.join(PLAYER_NAMES)})", _player_for(rules, limits), kind)
        return Competitor(self.ask(f"{symbol}'s name", check_name, default_name(chosen)), chosen)

    def ask(self, question: str, convert: Callable[[str], T], default: str) -> T:
        """Ask until ``convert`` takes the answer (Enter: ``default``); its refusals are printed as they come."""
        while True:
            answer = self.read_line(f"{question} [{default}]: ").strip() or default
            try:
                return convert(answer)
            except ValueError as refusal:
                print(refusal, file=self.out)


def _whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """The answer as a whole number from ``low`` to ``high``; ``ValueError`` saying what was wanted otherwise."""
    return lambda text: read_whole_number(text, low, high)


def _depth(text: str) -> int | Level:
    """The answer as a number of levels to search, or a level by name; ``ValueError`` saying what was wanted."""
    if text.lower() in LEVEL_NAMES:
        return Level(text.lower())
    try:
        return read_whole_number(text, 0)
    except ValueError:
        raise ValueError(f"type a whole number, at least 0, or one of {', '.join(LEVEL_NAMES)}, got {text!r}") from None


def _rule_for(size: int, length: int) -> Callable[[str], Rules]:
    """The answer as the rules of a game on this board; ``ValueError`` saying why not otherwise.

    >>> _rule_for(15, 5)("Renju")
    Rules(rows=15, cols=15, k=5, variant=Variant.RENJU)
    >>> _rule_for(7, 4)("renju")
    Traceback (most recent call last):
    ...
    configurations.rules.RulesError: renju is played with 5 in a row, not 4
    """
    return lambda text: Rules.square(size, length, variant=text.strip().lower())


def _opening_for(rules: Rules) -> Callable[[str], Rules]:
    """The answer as ``rules`` with that opening rule; ``ValueError`` saying why not otherwise.

    >>> _opening_for(Rules.square(15, 5))(" Swap2 ")
    Rules(rows=15, cols=15, k=5, opening=Opening.SWAP2)
    >>> _opening_for(Rules.square(2, 2))("swap2")
    Traceback (most recent call last):
    ...
    configurations.rules.RulesError: a 2x2 board cannot hold the stones of a swap2 opening
    """
    return lambda text: Rules.square(rules.size, rules.k, variant=rules.variant, opening=text.strip().lower())


def _side(text: str) -> str:
    """The answer as a side, ``X`` or ``O`` in either case; ``ValueError`` otherwise."""
    if text.upper() not in ("X", "O"):
        raise ValueError(f"type X or O, got {text!r}")
    return text.upper()


def _player_for(rules: Rules, limits: PlayerLimits) -> Callable[[str], str]:
    """The answer as a player that can play by ``rules``; ``ValueError`` saying why not otherwise.

    Asked right after the player is named, so that ``perfect`` on 5x5 is
    refused before any further question.
    """

    def player(text: str) -> str:
        if text not in PLAYER_NAMES:
            raise ValueError(f"there is no player {text!r}: choose from {', '.join(PLAYER_NAMES)}")
        make_player(text, rules, limits)  # UnsupportedBoardError, a ValueError, for a board it cannot play
        return text

    return player
