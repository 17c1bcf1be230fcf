"""Tests of the players that need no search of their own: rules, weights, perfect, and the reference adapter."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Configurations, computer_play
from configurations.moves import Move
from configurations.rules import Rules
from tests import tictactoe3
from tictactoe.gamegraph import UnreachablePositionError
from tictactoe.players.base import Player, UnsupportedBoardError
from tictactoe.players.perfect import PerfectPlayer
from tictactoe.players.prover import prove
from tictactoe.players.reference import ReferencePlayer
from tictactoe.players.rules import RULES, RulesPlayer, Sight
from tictactoe.players.weights import WeightsPlayer, square_weights


def board_of(*rows: str, length: int = 3) -> Configurations:
    return Configurations.from_rows(list(rows), length_to_win=length, max_levels=0)


# rules ---------------------------------------------------------------------------------------------


def test_the_rules_are_those_of_the_spec_in_its_order() -> None:
    assert [rule.name for rule in RULES] == [
        "win now",
        "block the opponent's win",
        "take the centre",
        "against two opposite corners, take an edge",
        "against an edge and a far corner, take the corner by the edge away from it",
        "against a corner, take a corner",
        "against two adjacent edges, take the corner between them",
        "against an edge, take an edge",
        "take the first free square",
    ]


@pytest.mark.parametrize(
    ("rows", "mover", "explanation"),
    [
        # O can complete the middle row and X the top one: winning comes first.
        pytest.param(("XX ", "OO ", "X  "), "O", "rule 1, win now: c2", id="win before block"),
        # X threatens the top row and the centre is free: blocking comes first.
        pytest.param(("XX ", "   ", "   "), "O", "rule 2, block the opponent's win: c1", id="block before centre"),
        pytest.param(("X  ", "   ", "   "), "O", "rule 3, take the centre: b2", id="centre against a corner"),
        pytest.param(("   ", " X ", "   "), "O", "rule 9, take the first free square: a1", id="against the centre"),
        pytest.param(
            ("X  ", " O ", "  X"), "O", "rule 4, against two opposite corners, take an edge: b1", id="a1 and c3"
        ),
        pytest.param(
            ("  X", " O ", "X  "), "O", "rule 4, against two opposite corners, take an edge: b1", id="c1 and a3"
        ),
        pytest.param(
            (" X ", " O ", "X  "),
            "O",
            "rule 5, against an edge and a far corner, take the corner by the edge away from it: c1",
            id="b1 and a3",
        ),
        pytest.param(
            (" X ", " O ", "  X"),
            "O",
            "rule 5, against an edge and a far corner, take the corner by the edge away from it: a1",
            id="b1 and c3",
        ),
        pytest.param(
            ("  X", "XO ", "   "),
            "O",
            "rule 5, against an edge and a far corner, take the corner by the edge away from it: a3",
            id="a2 and c1",
        ),
        pytest.param(
            ("   ", " O ", "XX "),
            "O",
            "rule 2, block the opponent's win: c3",
            id="an edge next to a corner is a threat, not rule 5",
        ),
        pytest.param(("O  ", " X ", "   "), "X", "rule 6, against a corner, take a corner: c1", id="against a1"),
        pytest.param(
            (" O ", "OX ", " X "),
            "X",
            "rule 7, against two adjacent edges, take the corner between them: a1",
            id="b1 and a2",
        ),
        pytest.param(
            (" X ", " XO", " O "),
            "X",
            "rule 7, against two adjacent edges, take the corner between them: c3",
            id="c2 and b3",
        ),
        pytest.param((" O ", " X ", "   "), "X", "rule 8, against an edge, take an edge: a2", id="against b1"),
    ],
)
def test_each_rule_fires_where_the_list_says(rows: tuple[str, ...], mover: str, explanation: str) -> None:
    board = board_of(*rows)
    player = RulesPlayer()
    assert player.explain(board, mover) == explanation
    assert str(player.choose(board, mover)) == explanation.rsplit(": ", 1)[1]
    assert board.configuration() == "".join(rows)


def test_rule_4_needs_the_other_two_corners_free() -> None:
    # After rules 1-3 no legal position has the opponent on two opposite corners and a third corner taken,
    # so the condition is checked on the rule's own question.
    assert Sight("X   O   X", "O").edge_against_opposite_corners() == 1
    assert Sight("X O O   X", "O").edge_against_opposite_corners() is None
    assert Sight("X   O X X", "O").edge_against_opposite_corners() is None


def test_rules_refuses_other_boards() -> None:
    message = "rules plays only 3x3 with 3 in a row, the game its rules are for, not 4x4 with 3 in a row"
    assert RulesPlayer.supports(Rules.square(4, 3)) == message
    assert RulesPlayer.supports(Rules.square(3, 3)) is None
    with pytest.raises(UnsupportedBoardError, match=f"^{message}$"):
        RulesPlayer(Rules.square(4, 3))
    with pytest.raises(UnsupportedBoardError, match=f"^{message}$"):
        RulesPlayer().choose(Configurations(4, 3, 0), "X")
    with pytest.raises(ValueError, match=r"^the board is full: there is no move to make$"):
        RulesPlayer().choose(board_of("XOX", "XOO", "OXX"), "X")


@pytest.mark.parametrize("side", ["X", "O"])
def test_rules_never_loses(side: str) -> None:
    proof = prove(RulesPlayer, side)
    assert proof.losses == 0
    assert proof.shortest_loss is None


# weights -------------------------------------------------------------------------------------------

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def brute_force_weights(rows: list[str], length: int, mover: str) -> list[int | None]:
    """Every window through every empty square, found by walking back from it in each direction."""
    size = len(rows)
    other = "O" if mover == "X" else "X"
    found: list[int | None] = []
    for row in range(size):
        for col in range(size):
            if rows[row][col] != " ":
                found.append(None)
                continue
            scores = []
            for row_step, col_step in DIRECTIONS:
                for back in range(length):
                    cells = [(row + (i - back) * row_step, col + (i - back) * col_step) for i in range(length)]
                    if not all(0 <= r < size and 0 <= c < size for r, c in cells):
                        continue
                    window = [rows[r][c] for r, c in cells]
                    mine, theirs = window.count(mover), window.count(other)
                    if mine and theirs:
                        scores.append(0)
                    elif mine:
                        scores.append(2 * mine + 1)
                    elif theirs:
                        scores.append(2 * theirs)
                    else:
                        scores.append(1)
            found.append(max(scores))
    return found


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[str], int, str]:
    size = draw(st.integers(min_value=1, max_value=7))
    length = draw(st.integers(min_value=1, max_value=size))
    rows = ["".join(draw(st.sampled_from("XO  ")) for _ in range(size)) for _ in range(size)]
    return rows, length, draw(st.sampled_from("XO"))


@pytest.mark.slow
@settings(derandomize=True, max_examples=150)
@given(boards())
def test_weights_match_a_brute_force_scoring(case: tuple[list[str], int, str]) -> None:
    rows, length, mover = case
    board = board_of(*rows, length=length)
    expected = brute_force_weights(rows, length, mover)
    assert square_weights(board, mover) == expected
    free = [weight for weight in expected if weight is not None]
    if not free:
        with pytest.raises(ValueError, match=r"^the board is full"):
            WeightsPlayer(seed=0).options(board, mover)
        return
    size = len(rows)
    best = [Move(*divmod(square, size)) for square, weight in enumerate(expected) if weight == max(free)]
    assert list(WeightsPlayer(seed=0).options(board, mover)) == best
    assert WeightsPlayer(seed=0).choose(board, mover) in best
    assert board.configuration() == "".join(rows)


def test_weights_score_each_kind_of_window() -> None:
    # Square c1 (2) sees: its row, X X . (X's two: 5 for X, 4 for O); its column, empty (1);
    # its anti-diagonal, . O . (O's one: 2 for X, 3 for O).
    board = board_of("XX ", " O ", "   ")
    assert square_weights(board, "X")[2] == 5
    assert square_weights(board, "O")[2] == 4
    # Square c3 (8) sees the diagonal X O . (mixed: 0), its row and its column (empty: 1).
    assert square_weights(board, "X")[8] == 1


def test_weights_breaks_ties_with_its_seed() -> None:
    board = Configurations(5, 4, 0)
    choices = [str(WeightsPlayer(seed=seed).choose(board, "X")) for seed in range(20)]
    assert choices == [str(WeightsPlayer(seed=seed).choose(board, "X")) for seed in range(20)]
    assert len(set(choices)) > 1
    assert set(choices) <= {str(move) for move in WeightsPlayer(seed=0).options(board, "X")}
    player = WeightsPlayer(seed=7)
    again = WeightsPlayer(seed=7)
    assert [player.choose(board, "O") for _ in range(10)] == [again.choose(board, "O") for _ in range(10)]


def test_weights_plays_any_board() -> None:
    assert WeightsPlayer.supports(Rules.square(26, 5)) is None
    assert WeightsPlayer().name == "weights"


# perfect -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("side", "games"), [("X", 101), ("O", 681)])
def test_perfect_never_loses_whatever_the_opponent_plays(side: str, games: int) -> None:
    proof = prove(PerfectPlayer, side)
    assert proof.losses == 0
    assert proof.games == games  # as many lines as the game graph's own walk meets
    assert proof.wins + proof.draws == games


def test_perfect_plays_the_best_square_of_every_position() -> None:
    player = PerfectPlayer()
    for board in tictactoe3.positions():
        if tictactoe3.winner(board) is not None:
            continue
        mover = tictactoe3.to_move(board)
        move = player.choose(board_of("".join(board[0:3]), "".join(board[3:6]), "".join(board[6:9])), mover)
        square = move.row * 3 + move.col
        child = (*board[:square], mover, *board[square + 1 :])
        values = [tictactoe3.minimax(after) for _, after in tictactoe3.children(board)]
        assert tictactoe3.minimax(child) == (max(values) if mover == "X" else min(values))


def test_perfect_refuses_what_it_cannot_play() -> None:
    message = "perfect plays only 3x3 with 3 in a row, the game its graph holds, not 3x3 with 2 in a row"
    assert PerfectPlayer.supports(Rules.square(3, 2)) == message
    with pytest.raises(UnsupportedBoardError, match=f"^{message}$"):
        PerfectPlayer(Rules.square(3, 2))
    with pytest.raises(UnsupportedBoardError, match=r"not 3x3 with 2 in a row$"):
        PerfectPlayer().choose(Configurations(3, 2, 0), "X")
    with pytest.raises(UnreachablePositionError, match=r"^no game reaches hash 8: X has 2 tiles and O 0"):
        PerfectPlayer().choose(board_of("XX ", "   ", "   "), "O")
    with pytest.raises(ValueError, match=r"^perfect cannot move for 'O': it is X's turn$"):
        PerfectPlayer().choose(Configurations(3, 3, 0), "O")
    with pytest.raises(ValueError, match=r"^perfect cannot move for 'X': the game is over$"):
        PerfectPlayer().choose(board_of("XXX", "OO ", "   "), "X")


# reference -----------------------------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[str], int, int]:
    size = draw(st.integers(min_value=2, max_value=4))
    length = draw(st.integers(min_value=2, max_value=size))
    squares = [" "] * (size * size)
    tiles = draw(st.integers(min_value=0, max_value=size * size - 1))
    order = draw(st.permutations(range(size * size)))
    for turn, square in enumerate(order[:tiles]):
        squares[square] = "X" if turn % 2 == 0 else "O"
    rows = ["".join(squares[row * size : (row + 1) * size]) for row in range(size)]
    return rows, length, draw(st.integers(min_value=0, max_value=3))


def swapped(rows: list[str]) -> list[str]:
    return [row.translate(str.maketrans("XO", "OX")) for row in rows]


@settings(derandomize=True, max_examples=150)
@given(positions())
def test_reference_plays_the_searchs_move_for_either_side(case: tuple[list[str], int, int]) -> None:
    rows, length, levels = case
    board = board_of(*rows, length=length)
    as_o = computer_play(Configurations.from_rows(rows, length, levels))
    assert ReferencePlayer(levels).choose(board, "O") == Move(as_o.row, as_o.col)
    as_x = computer_play(Configurations.from_rows(swapped(rows), length, levels))
    assert ReferencePlayer(levels).choose(board, "X") == Move(as_x.row, as_x.col)
    assert board.configuration() == "".join(rows)


def test_reference_takes_only_a_level_count() -> None:
    assert repr(ReferencePlayer(4)) == "ReferencePlayer(4)"
    assert ReferencePlayer(4).max_levels == 4
    with pytest.raises(ValueError, match=r"^max_levels must be at least 0, got -1$"):
        ReferencePlayer(-1)
    with pytest.raises(TypeError, match=r"^max_levels must be an int, not bool: True$"):
        ReferencePlayer(True)
    with pytest.raises(ValueError, match=r"^the board is full: there is no move to make$"):
        ReferencePlayer(2).choose(board_of("XOX", "XOO", "OXX"), "X")


def test_every_player_keeps_the_protocol() -> None:
    players: list[Player] = [PerfectPlayer(), RulesPlayer(), WeightsPlayer(seed=1), ReferencePlayer(3)]
    assert [player.name for player in players] == ["perfect", "rules", "weights", "reference"]
    board = board_of("X  ", " O ", "   ")
    for player in players:
        move = player.choose(board, "X")
        assert board.square_is_empty(move.row, move.col)
        assert board.configuration() == "X   O    "
