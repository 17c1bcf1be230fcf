"""Tests of tictactoe.gamegraph: the graph against a plain walk of every game, and its command line."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import tictactoe3
from tests.cli.test_play import DEFAULT_SIGNALS, run_in_terminal
from tests.paths import ROOT
from tictactoe.gamegraph import (
    SLOTS,
    GameGraph,
    UnreachablePositionError,
    board_hash,
    build_graph,
    game_graph,
    squares_of,
    unreachable_reason,
)
from tictactoe.gamegraph.stats import canonical_hash, graph_stats

TIMEOUT = 60  # seconds; generous, a hung program fails instead of blocking the run


@pytest.fixture(scope="module")
def census() -> tictactoe3.Census:
    return tictactoe3.census()


@pytest.fixture(scope="module")
def graph() -> GameGraph:
    return build_graph()


def gamegraph(*arguments: str, given: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe.gamegraph", *arguments],
        input=given,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


# The hash ------------------------------------------------------------------------------------------


def test_the_hash_reads_the_squares_as_base_3_digits() -> None:
    assert board_hash(" " * 9) == 0
    assert board_hash("O" + " " * 8) == 1
    assert board_hash("X" + " " * 8) == 2
    assert board_hash(" X" + " " * 7) == 6
    assert board_hash("XO" + " " * 7) == 2 + 3
    assert board_hash("X" * 9) == SLOTS - 1


@settings(derandomize=True)
@given(st.text(alphabet="XO ", min_size=9, max_size=9))
def test_the_hash_is_perfect(squares: str) -> None:
    key = board_hash(squares)
    assert 0 <= key < SLOTS
    assert key == tictactoe3.slot(tuple(squares))
    assert squares_of(key) == squares


@pytest.mark.parametrize(
    ("squares", "message"),
    [
        pytest.param("X" * 8, "a board has 9 squares, got 8: 'XXXXXXXX'", id="short"),
        pytest.param("X" * 4 + "." + " " * 4, "square 4 holds '.', not 'X', 'O' or ' '", id="other symbol"),
    ],
)
def test_the_hash_refuses_what_is_not_a_board(squares: str, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}$"):
        board_hash(squares)


# The nodes -----------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_graph_holds_every_reachable_position_and_nothing_else(graph: GameGraph, census: tictactoe3.Census) -> None:
    assert len(graph) == len(census.positions) == 5478
    reachable = {tictactoe3.slot(board) for board in census.positions}
    assert [node.hash for node in graph] == sorted(reachable)
    assert [key for key in range(SLOTS) if key in graph] == sorted(reachable)
    assert "0" not in graph
    assert -1 not in graph


def test_every_node_holds_its_turn_depth_winner_and_moves(graph: GameGraph, census: tictactoe3.Census) -> None:
    for board in census.positions:
        node = graph.node(tictactoe3.slot(board))
        result = tictactoe3.winner(board)
        assert node.squares == "".join(board)
        assert node.depth == 9 - board.count(" ")
        assert node.winner == ("?" if result is None else result)
        assert node.turn == ("-" if result is not None else tictactoe3.to_move(board))
        expected_moves = [-1] * 9
        for square, child in tictactoe3.children(board):
            expected_moves[square] = tictactoe3.slot(child)
        assert list(node.moves) == expected_moves


def test_every_score_is_the_value_of_perfect_play(graph: GameGraph) -> None:
    for node in graph:
        assert node.score == tictactoe3.minimax(tuple(node.squares)), node


def test_the_layers_hold_the_nodes_by_depth(graph: GameGraph) -> None:
    assert [len(graph.at_depth(depth)) for depth in range(10)] == [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
    for depth in range(10):
        hashes = [node.hash for node in graph.at_depth(depth)]
        assert hashes == sorted(hashes)
        assert all(node.depth == depth for node in graph.at_depth(depth))


def test_a_node_draws_its_board_with_numbers_on_free_squares(graph: GameGraph) -> None:
    node = graph.node(board_hash("X   O   X"))
    assert node.board == textwrap.dedent(
        """\
        X|1|2
        -+-+-
        3|O|5
        -+-+-
        6|7|X"""
    )
    assert repr(node) == "<Node hash=13205 squares='X   O   X' score=0>"


def test_a_node_is_read_only(graph: GameGraph) -> None:
    with pytest.raises(AttributeError, match="a node is read-only: cannot assign to 'score'"):
        graph.root.score = 1
    with pytest.raises(AttributeError, match="a node is read-only: cannot delete 'turn'"):
        del graph.root.turn
    assert graph.root.score == 0


def test_a_hash_no_game_reaches_is_refused_with_the_reason(graph: GameGraph) -> None:
    for key in range(SLOTS):
        reason = unreachable_reason(key)
        assert (reason is None) == (key in graph), (key, reason)
    cases = {
        "OO       ": "O has more tiles than X, but X moves first",
        "XXX      ": "X has 3 tiles and O 0, but they take turns",
        "XXXOOO X ": "both X and O have three in a row",
        "XXXOO O  ": "O moved after X had three in a row",
        "OOOXX X X": "X moved after O had three in a row",
    }
    for squares, reason in cases.items():
        key = board_hash(squares)
        with pytest.raises(UnreachablePositionError, match=f"^no game reaches hash {key}: {reason}$"):
            graph.node(key)
    for key in (-1, SLOTS):
        with pytest.raises(ValueError, match=f"^a hash is from 0 to 19682, got {key}$"):
            graph.node(key)


def test_only_the_last_tile_of_a_reachable_win_completes_it(graph: GameGraph) -> None:
    # X's fifth tile at the corner where two of its lines meet: reachable, since both lines wait for it.
    node = graph.node(board_hash("XXXXOOXOO"))
    assert node.winner == "X"
    assert node.turn == "-"
    assert node.moves == (-1,) * 9


# Best moves ----------------------------------------------------------------------------------------


def test_the_best_move_is_the_first_square_of_the_best_child(graph: GameGraph) -> None:
    for node in graph:
        if node.turn == "-":
            with pytest.raises(ValueError, match="is over: there is no move to make"):
                graph.best_move(node.hash)
            continue
        values = {square: tictactoe3.minimax(child) for square, child in tictactoe3.children(tuple(node.squares))}
        best = max(values.values()) if node.turn == "X" else min(values.values())
        assert graph.best_move(node.hash) == min(square for square, value in values.items() if value == best)


@pytest.mark.parametrize("person", ["X", "O"])
def test_the_graph_never_loses_whatever_its_opponent_plays(graph: GameGraph, person: str) -> None:
    results: list[str] = []

    def walk(board: tictactoe3.Board) -> None:
        result = tictactoe3.winner(board)
        if result is not None:
            results.append(result)
            return
        if tictactoe3.to_move(board) == person:
            for _, child in tictactoe3.children(board):
                walk(child)
        else:
            square = graph.best_move(tictactoe3.slot(board))
            walk((*board[:square], tictactoe3.to_move(board), *board[square + 1 :]))

    walk(tictactoe3.EMPTY_BOARD)
    assert person not in results
    assert "-" in results
    # Every line the person can play, the graph's replies fixed: the prover must count as many.
    assert len(results) == (681 if person == "X" else 101)


# Counts --------------------------------------------------------------------------------------------


def test_the_counts_agree_with_walking_every_game(graph: GameGraph, census: tictactoe3.Census) -> None:
    stats = graph_stats(graph)
    assert stats.positions == len(census.positions) == 5478
    assert stats.symmetric_positions == census.symmetric_positions == 765
    terminal = (stats.terminal.x_wins, stats.terminal.o_wins, stats.terminal.draws)
    assert terminal == (census.terminal["X"], census.terminal["O"], census.terminal["-"]) == (626, 316, 16)
    assert stats.terminal.total == 958
    games = (stats.games.x_wins, stats.games.o_wins, stats.games.draws)
    assert games == (census.games["X"], census.games["O"], census.games["-"]) == (131184, 77904, 46080)
    assert stats.games.total == 255168
    assert stats.edges == len(census.edges) == 16167


def test_boards_alike_under_symmetry_share_their_canonical_hash() -> None:
    rng = random.Random(9)
    for _ in range(200):
        board = tuple(rng.choice("XO ") for _ in range(9))
        assert {canonical_hash("".join(image)) for image in tictactoe3.images(board)} == {
            min(tictactoe3.slot(image) for image in tictactoe3.images(board))
        }


# The command line ----------------------------------------------------------------------------------

SHOW_ROOT = textwrap.dedent(
    """\
    turn=X
    depth=0
    board=
    0|1|2
    -+-+-
    3|4|5
    -+-+-
    6|7|8
    winner=?
    moves= [0]=2, [1]=6, [2]=18, [3]=54, [4]=162, [5]=486, [6]=1458, [7]=4374, [8]=13122
    score=0
    """
)


def test_count_prints_the_number_of_positions() -> None:
    result = gamegraph("count")
    assert (result.returncode, result.stdout, result.stderr) == (0, "5478\n", "")


def test_show_prints_each_node_as_name_value_lines() -> None:
    # X at a1, O at b2, X at c3: O to move, and O must not take a corner.
    key = board_hash("X   O   X")
    result = gamegraph("show", "0", str(key))
    expected = (
        SHOW_ROOT
        + "\n"
        + textwrap.dedent(
            """\
        turn=O
        depth=3
        board=
        X|1|2
        -+-+-
        3|O|5
        -+-+-
        6|7|X
        winner=?
        moves= [0]=-1, [1]=13208, [2]=13214, [3]=13232, [4]=-1, [5]=13448, [6]=13934, [7]=15392, [8]=-1
        score=0
        """
        )
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, expected, "")


def test_show_reports_each_unreachable_hash_and_still_shows_the_good_ones() -> None:
    result = gamegraph("show", "1", "0", "13124")
    assert result.stdout == SHOW_ROOT
    assert result.stderr == textwrap.dedent(
        """\
        python -m tictactoe.gamegraph show: no game reaches hash 1: O has more tiles than X, but X moves first
        python -m tictactoe.gamegraph show: no game reaches hash 13124: X has 2 tiles and O 0, but they take turns
        """
    )
    assert result.returncode == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "echo"),
    [("abc", "'abc'"), ("-5", "'-5'"), ("9" * 5000, "'9999999999999999999\u2026'"), ("19683", "'19683'")],
)
def test_show_of_what_is_no_hash_is_a_usage_error_as_a_missing_hash_is(text: str, echo: str) -> None:
    result = gamegraph("show", "0", text)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"python -m tictactoe.gamegraph show: error: argument HASH: {echo} is not a hash:"
        " a hash is a whole number from 0 to 19682"
    )
    assert gamegraph("show").returncode == 2


def test_show_takes_leading_zeros() -> None:
    result = gamegraph("show", "0" * 5000)
    assert (result.returncode, result.stdout, result.stderr) == (0, SHOW_ROOT, "")


def test_stats_prints_the_counts() -> None:
    result = gamegraph("stats")
    assert result.stdout == textwrap.dedent(
        """\
        positions                   5478
        positions up to symmetry     765
        terminal positions           958
          X wins                     626
          O wins                     316
          draws                       16
        complete games            255168
          X wins                  131184
          O wins                   77904
          draws                    46080
        edges                      16167
        """
    )
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        pytest.param(["solve"], "error: argument COMMAND: invalid choice: 'solve'", id="unknown command"),
        pytest.param(["show"], "show: error: the following arguments are required: HASH", id="show nothing"),
        pytest.param(["count", "3"], "error: unrecognized arguments: 3", id="count with an argument"),
        pytest.param(["play", "--as", "Z"], "play: error: argument --as: must be X or O, got 'Z'", id="side"),
    ],
)
def test_a_usage_error_exits_2_with_a_message(arguments: list[str], message: str) -> None:
    result = gamegraph(*arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("usage: python -m tictactoe.gamegraph")
    assert message in result.stderr


def test_help_names_the_commands() -> None:
    result = gamegraph("--help")
    assert result.returncode == 0
    for command in ("count", "show", "play", "stats"):
        assert f"    {command} " in result.stdout
    assert "sum(3**i * v(square i))" in result.stdout


def test_play_help_says_how_to_type_a_move() -> None:
    result = gamegraph("play", "--help")
    assert result.returncode == 0
    assert "Moves are typed as in play.py, column letter then row number (b2); undo, redo, hint, help" in result.stdout


# Playing: the main game's board, moves, undo and hint, with the graph as the perfect player ---------


def test_a_game_as_x_from_a_pipe() -> None:
    result = gamegraph("play", given="x\nb2\nb2\nb1\nc3\nz9\na2\nc1\na3\n")
    assert result.stdout == textwrap.dedent(
        """\
        Play X or O? X moves first: x
        X is you and O is the perfect player. Type help for how to play.
          a b c
        1 . . .
        2 . . .
        3 . . .
        Your move: b2
        O plays a1
          a b c
        1 O . .
        2 . X .
        3 . . .
        Your move: b2
        'b2' is already taken: choose an empty square
        Your move: b1
        O plays b3
          a b c
        1 O X .
        2 . X .
        3 . O .
        Your move: c3
        O plays c1
          a b c
        1 O X O
        2 . X .
        3 . O X
        Your move: z9
        'z9' is not on this board: columns a-c, rows 1-3
        Your move: a2
        O plays c2
          a b c
        1 O X O
        2 X X O
        3 . O X
        Your move: c1
        'c1' is already taken: choose an empty square
        Your move: a3
          a b c
        1 O X O
        2 X X O
        3 X O X
        Game is a draw
        """
    )
    assert (result.returncode, result.stderr) == (0, "")


def test_the_side_is_asked_until_it_is_x_or_o_then_undo_and_hint_work_as_in_play_py() -> None:
    result = gamegraph("play", given="\nnone\no\nundo\nhint\nb2\nundo\nquit\n")
    assert result.stdout == "Play X or O? X moves first: \n" + textwrap.dedent(
        """\
        Play X or O? X moves first: none
        Type X or O (or quit), not 'none'
        Play X or O? X moves first: o
        X is the perfect player and O is you. Type help for how to play.
          a b c
        1 . . .
        2 . . .
        3 . . .
        X plays a1
          a b c
        1 X . .
        2 . . .
        3 . . .
        Your move: undo
        Nothing to undo
        Your move: hint
        Hint: b2
        Your move: b2
        X plays b1
          a b c
        1 X X .
        2 . O .
        3 . . .
        Your move: undo
        Took back b1, b2
          a b c
        1 X . .
        2 . . .
        3 . . .
        Your move: quit
        Game abandoned
        """
    )
    assert (result.returncode, result.stderr) == (0, "")


def test_the_graph_moves_first_and_wins_when_the_person_takes_o_and_errs() -> None:
    result = gamegraph("play", "--as", "o", given="b2\na3\n")
    assert result.stdout.endswith(
        textwrap.dedent(
            """\
            Your move: a3
            X plays c1
              a b c
            1 X X X
            2 . O .
            3 O . .
            Winner: perfect (X)
            X wins
            """
        )
    )
    assert result.stdout.startswith("X is the perfect player and O is you.")
    assert (result.returncode, result.stderr) == (0, "")


def test_quit_at_the_side_prompt_abandons_the_game() -> None:
    result = gamegraph("play", given="quit\n")
    assert result.stdout == "Play X or O? X moves first: quit\nGame abandoned\n"
    assert (result.returncode, result.stderr) == (0, "")


def test_input_that_ends_first_exits_1_with_a_message() -> None:
    result = gamegraph("play", "--as", "X", given="b2\n")
    assert result.stdout.endswith("Your move: b2\nO plays a1\n  a b c\n1 O . .\n2 . X .\n3 . . .\nYour move: \n")
    assert result.stderr == "python -m tictactoe.gamegraph play: input ended before the game was over\n"
    assert result.returncode == 1


@pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal")
def test_at_a_terminal_a_finished_game_offers_another() -> None:
    status, shown = run_in_terminal(
        ["play", "--as", "O"],
        [b"b2\n", b"a3\n", b"s\n", b"quit\n"],
        program=("-m", "tictactoe.gamegraph"),
    )
    assert status == 0
    # The lost game, the tally, then with sides swapped the person is X and moves first.
    assert "X wins\nTally: perfect 1, You 0, draws 0\n" in shown, shown
    assert shown.endswith(
        "X is you and O is the perfect player. Type help for how to play.\n"
        "  a b c\n1 . . .\n2 . . .\n3 . . .\nYour move: quit\nGame abandoned\n"
    ), shown


@pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")
def test_ctrl_c_ends_the_game_with_one_line_and_status_130() -> None:
    with subprocess.Popen(
        [*DEFAULT_SIGNALS, "-m", "tictactoe.gamegraph", "play", "--as", "X"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
    ) as program:
        assert program.stdout is not None
        assert program.stderr is not None
        # The first line comes with the prompt, which is written out before the game waits for a move.
        assert program.stdout.readline().startswith("X is you")
        program.send_signal(signal.SIGINT)
        # Standard input stays open: the game must end for the interruption, not for want of input.
        try:
            program.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            program.kill()
            program.wait()
            raise AssertionError("the game did not end for Ctrl-C") from None
        err = program.stderr.read()
    assert err == "python -m tictactoe.gamegraph play: interrupted, game abandoned\n"
    assert program.returncode == 130


# The package ---------------------------------------------------------------------------------------


def test_importing_the_library_builds_nothing_and_imports_no_higher_layer() -> None:
    # Every module of the package but the program (__main__, which hands over to tictactoe.ui).
    program = textwrap.dedent(
        """\
        import importlib, pkgutil, sys
        import tictactoe.gamegraph
        library = [info.name for info in pkgutil.iter_modules(tictactoe.gamegraph.__path__, "tictactoe.gamegraph.")]
        for name in library:
            if not name.endswith(".__main__"):
                importlib.import_module(name)
        assert "tictactoe.gamegraph.stats" in sys.modules, library
        assert tictactoe.gamegraph.game_graph.cache_info().currsize == 0
        higher = ("tictactoe.players", "tictactoe.game", "tictactoe.ui", "tictactoe.solver", "tictactoe.harness")
        print(sorted(name for name in sys.modules if name in higher or name.startswith(tuple(h + "." for h in higher))))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True, timeout=TIMEOUT
    )
    assert result.stdout == "[]\n"


def test_game_graph_is_built_once() -> None:
    assert game_graph() is game_graph()


@pytest.mark.slow
def test_a_build_keeps_to_its_budget() -> None:
    from bench.gamegraph import BUILD_MIB, BUILD_SECONDS, build_peak_mib, cpu_seconds

    assert cpu_seconds(build_graph, runs=3) <= BUILD_SECONDS
    assert build_peak_mib() <= BUILD_MIB
