"""Tests of tictactoe.solver.sound_search and tictactoe.players.sound: the reference search made sound.

The model is a plain depth-bounded minimax over the reference's scores
(no table, no cuts): the sound search must return its score and the first
square in row-major order that reaches it.  At full depth on 3x3 it must
never lose, whatever the person plays, on either side.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.workloads import by_name
from configurations import (
    COMPUTER,
    COMPUTER_WINS,
    DRAW,
    EMPTY,
    HUMAN,
    HUMAN_WINS,
    UNDECIDED,
    Configurations,
    PosPlay,
    SearchStats,
    computer_play,
    opponent,
)
from configurations.moves import Move
from hashdict import Data
from tests.solver.test_solve import lines_of
from tictactoe.players.base import Player
from tictactoe.players.sound import SoundPlayer
from tictactoe.solver.records import Bound, pack, unpack
from tictactoe.solver.sound_search import _SoundSearch, sound_play

SETTINGS = settings(deadline=None, max_examples=300, derandomize=True, database=None)
# Random positions keep at most this many empty squares, so that the model
# (every ordering of every empty square) stays quick.
MOST_EMPTY = 7


def minimax(board: list[str], size: int, length: int, max_levels: int) -> tuple[int, int]:
    """The reference's scores by plain minimax: (score, first best square), (-1, -1) on a full board."""

    lines = lines_of(size, length)

    def completes_line(square: int) -> bool:
        """Whether the tile just put on ``square`` completes a line (the board had none before)."""
        return any(square in line and all(board[i] == board[square] for i in line) for line in lines)

    def search(symbol: str, level: int) -> tuple[int, int]:
        computer = symbol == COMPUTER
        value, best = (-1, -1) if computer else (4, -1)
        for square in range(size * size):
            if board[square] != EMPTY:
                continue
            board[square] = symbol
            if completes_line(square):
                score = COMPUTER_WINS if computer else HUMAN_WINS
            elif EMPTY not in board:
                score = DRAW
            elif level >= max_levels:
                score = UNDECIDED
            else:
                score = search(opponent(symbol), level + 1)[0]
            board[square] = EMPTY
            if (computer and score > value) or (not computer and score < value):
                value, best = score, square
        return value, best

    return search(COMPUTER, 0)


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[str], int, int]:
    """A board reached by alternate moves from X with no line on it, its length to win and a depth."""
    size = draw(st.integers(1, 4))
    length = draw(st.integers(1, size))
    order = draw(st.permutations(range(size * size)))
    tiles = draw(st.integers(max(0, size * size - MOST_EMPTY), size * size))
    board = [EMPTY] * (size * size)
    for index, square in enumerate(order[:tiles]):
        board[square] = HUMAN if index % 2 == 0 else COMPUTER
        if Configurations.from_rows(rows_of(board, size), length, 0).wins(board[square]):
            board[square] = EMPTY  # the game would have ended: stop before this move
            break
    return rows_of(board, size), length, draw(st.integers(0, 9))


def rows_of(board: list[str], size: int) -> list[str]:
    return ["".join(board[start : start + size]) for start in range(0, size * size, size)]


@pytest.mark.slow
@SETTINGS
@given(positions())
def test_sound_play_returns_the_minimax_score_and_its_first_square(position: tuple[list[str], int, int]) -> None:
    rows, length, max_levels = position
    configs = Configurations.from_rows(rows, length, max_levels)
    size = len(rows)
    score, square = minimax(list("".join(rows)), size, length, max_levels)
    expected = PosPlay(-1, -1, -1) if square < 0 else PosPlay(score, *divmod(square, size))
    assert sound_play(configs) == expected
    assert configs.configuration() == "".join(rows)  # left as found


def test_sound_play_adds_the_tiles_it_places_to_the_count() -> None:
    configs = Configurations.from_rows(["XX ", "OO ", "X  "], length_to_win=3, max_levels=4)
    reference, sound = SearchStats(), SearchStats(nodes=5)
    assert computer_play(configs, stats=reference) == sound_play(configs, stats=sound) == PosPlay(COMPUTER_WINS, 1, 2)
    # c1 first (and the person's replies below it), then c2 completes the row: a win, the best there is.
    assert (reference.nodes, sound.nodes) == (15, 5 + 7)


def test_sound_play_on_the_smallest_and_fullest_boards() -> None:
    assert sound_play(Configurations(1, 1, 0)) == PosPlay(COMPUTER_WINS, 0, 0)
    full = Configurations.from_rows(["XOX", "XOO", "OXX"], length_to_win=3, max_levels=5)
    assert sound_play(full) == PosPlay(-1, -1, -1)


def test_sound_play_refuses_a_finished_game() -> None:
    with pytest.raises(ValueError, match="already has a line"):
        sound_play(Configurations.from_rows(["XXX", "OO ", "   "], length_to_win=3, max_levels=2))


def test_a_stored_score_packs_its_bound_kind() -> None:
    for score in (HUMAN_WINS, UNDECIDED, DRAW, COMPUTER_WINS):
        for bound in Bound:
            packed = pack(score, bound)
            assert packed >= 0
            assert unpack(packed)[:2] == (score, bound)


def search_with_record(record: int) -> tuple[int, int]:
    """O's search at 3 3 9 after X took the centre, with ``record`` stored for the board after O's a1.

    O's a1 (the first square it tries) is worth a draw, and so is c1; b1 loses.
    """
    configs = Configurations.from_rows(["   ", " X ", "   "], length_to_win=3, max_levels=9)
    table = configs.create_dictionary()
    table.put(Data("O   X    ", record))
    return _SoundSearch(configs, table, SearchStats()).search(1, HUMAN_WINS, COMPUTER_WINS, 0)


def test_a_stored_bound_that_does_not_decide_is_searched_again() -> None:
    assert search_with_record(pack(UNDECIDED, Bound.LOWER)) == (DRAW, 0)  # at least 1: true, but not enough
    assert search_with_record(pack(COMPUTER_WINS, Bound.UPPER)) == (DRAW, 0)  # at most 3: says nothing


def test_a_stored_score_that_decides_is_taken_as_it_is() -> None:
    # Stored scores are trusted where they decide, even wrong ones planted here.
    assert search_with_record(pack(COMPUTER_WINS, Bound.EXACT)) == (COMPUTER_WINS, 0)
    assert search_with_record(pack(COMPUTER_WINS, Bound.LOWER)) == (COMPUTER_WINS, 0)
    assert search_with_record(pack(HUMAN_WINS, Bound.UPPER)) == (DRAW, 2)  # a1 lost: c1 is the first draw


def test_the_reference_loses_the_known_line_at_full_depth() -> None:
    """Why sound exists: the reference, trusting cut-short scores, lets X win a1, c3, c1, c2."""
    assert play_line(computer_play, ["a1", "c3", "c1", "c2"]) == HUMAN


def test_sound_does_not_lose_the_reference_s_losing_line() -> None:
    winner = play_line(sound_play, ["a1", "c3", "c1", "c2"])
    assert winner != HUMAN


def play_line(search: Callable[[Configurations], PosPlay], moves: list[str]) -> str | None:
    """X plays ``moves`` (skipping any already taken) at 3 3 9, O replies by ``search``; the winner or None."""
    board = Configurations(3, 3, 9)
    for text in moves:
        move = Move.parse(text, 3)
        if not board.square_is_empty(move.row, move.col):
            return None
        board.save_play(move.row, move.col, HUMAN)
        if board.wins(HUMAN) or board.is_draw():
            return HUMAN if board.wins(HUMAN) else None
        reply = search(board)
        board.save_play(reply.row, reply.col, COMPUTER)
        if board.wins(COMPUTER):
            return COMPUTER
    return None


def every_game(player: Player, side: str) -> dict[str, int]:
    """Results of every game on 3x3 where ``player`` plays ``side`` and the person tries every move."""
    results = {HUMAN: 0, COMPUTER: 0, "draw": 0}
    board = Configurations(3, 3, 0)

    def walk(mover: str) -> None:
        if board.wins(HUMAN) or board.wins(COMPUTER) or board.is_draw():
            results[HUMAN if board.wins(HUMAN) else COMPUTER if board.wins(COMPUTER) else "draw"] += 1
            return
        if mover == side:
            before = board.configuration()
            move = player.choose(board, mover)
            assert board.configuration() == before
            candidates = [move]
        else:
            candidates = [Move(row, col) for row in range(3) for col in range(3)]
        for move in candidates:
            if board.square_is_empty(move.row, move.col):
                board.save_play(move.row, move.col, mover)
                walk(opponent(mover))
                board.save_play(move.row, move.col, EMPTY)

    walk(HUMAN)
    return results


@pytest.mark.parametrize("side", [HUMAN, COMPUTER])
def test_sound_never_loses_on_3x3_at_full_depth(side: str) -> None:
    results = every_game(SoundPlayer(9), side)
    assert results[opponent(side)] == 0
    assert results[side] > 0  # the person's mistakes are punished
    assert results == ({HUMAN: 99, COMPUTER: 0, "draw": 2} if side == HUMAN else {HUMAN: 0, COMPUTER: 498, "draw": 183})


def test_the_reference_loses_some_games_on_3x3_at_full_depth() -> None:
    class Reference:
        name = "reference"

        def choose(self, board: Configurations, mover: str, stats: SearchStats | None = None) -> Move:
            play = computer_play(Configurations.from_rows(rows_of(list(board.configuration()), 3), 3, 9))
            return Move(play.row, play.col)

    assert every_game(Reference(), COMPUTER)[HUMAN] > 0


@pytest.mark.parametrize("name", ["W1", "W2", "W5"])
def test_sound_places_no_more_tiles_than_the_reference(name: str) -> None:
    workload = by_name(name)
    reference, sound = SearchStats(), SearchStats()
    assert computer_play(workload.board(), stats=reference).score == sound_play(workload.board(), stats=sound).score
    assert sound.nodes <= reference.nodes == workload.reference_nodes


def test_the_sound_player_plays_either_side() -> None:
    player = SoundPlayer(9)
    assert player.name == "sound"
    assert player.max_levels == 9
    assert repr(player) == "SoundPlayer(9)"
    board = Configurations.from_rows(["XO ", " O ", "X  "], length_to_win=3, max_levels=0)
    assert player.choose(board, HUMAN) == Move(1, 0)  # a2 completes X's column
    # For O, a2 blocks that column and leaves two threats (b3, c2): it wins too, and comes before b3.
    assert player.choose(board, COMPUTER) == Move(1, 0)
    # Searching no deeper than its own move, O sees only the win at b3.
    assert SoundPlayer(0).choose(board, COMPUTER) == Move(2, 1)
    assert board.configuration() == "XO  O X  "


def test_the_sound_player_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="at least 0"):
        SoundPlayer(-1)
    with pytest.raises(TypeError, match="must be an int"):
        SoundPlayer(True)
    board = Configurations.from_rows(["XO", "OX"], length_to_win=2, max_levels=0)
    with pytest.raises(ValueError, match="already has a line"):
        SoundPlayer(2).choose(board, COMPUTER)
    with pytest.raises(ValueError, match="a player is 'X' or 'O'"):
        SoundPlayer(2).choose(Configurations(2, 2, 0), EMPTY)
    full = Configurations.from_rows(["XOX", "XOO", "OXX"], length_to_win=3, max_levels=0)
    with pytest.raises(ValueError, match="full"):
        SoundPlayer(2).choose(full, HUMAN)
