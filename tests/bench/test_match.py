"""The match tool: tallies that a replay of the same games confirms, colours balanced per opening,
repeatable openings near the centre, its table, and how ``python -m bench.match`` talks and ends."""

from __future__ import annotations

import doctest
import io
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import bench.match
from bench.common import current_commit
from bench.match import (
    Contestant,
    MatchGame,
    MatchResult,
    centre_squares,
    main,
    openings,
    play_match,
    progress_on,
    table,
)
from configurations import Configurations, Winner
from configurations.moves import Move
from configurations.rules import Rules
from tests.paths import ROOT
from tictactoe.players.registry import PlayerLimits, make_player
from tictactoe.players.strong import StrongPlayer

MATCH = [sys.executable, "-m", "bench.match"]
# A cheap board on which games still take a dozen moves or more.
SMALL = ["--size", "5", "--length", "4"]


def replay(a: Contestant, b: Contestant, games: int, seed: int) -> list[tuple[int | None, int]]:
    """Each game of a 5x5, four-in-a-row match played again here: (the winning side or None, the moves).

    The game's rules are written out afresh on a bare board, with players
    made as the match says it makes them: game ``n`` seeds both with ``seed + n``.
    """
    size, length = 5, 4
    played = []
    for number in range(games):
        opening = openings(size, length, 2, games // 2, seed)[number // 2]
        players = [
            make_player(c.name, Rules.square(size, length), PlayerLimits(c.max_levels, 1.0, seed + number))
            for c in (a, b)
        ]
        a_plays_x = number % 2 == 0
        board = Configurations(size, length, 0)
        for index, move in enumerate(opening):
            board.save_play(move.row, move.col, "XO"[index % 2])
        moves, winner = len(opening), None
        while winner is None and moves < size * size:
            symbol = "XO"[moves % 2]
            side = 0 if (symbol == "X") == a_plays_x else 1
            player = players[side]
            assert player is not None
            move = player.choose(board, symbol)
            assert board.square_is_empty(move.row, move.col)
            board.save_play(move.row, move.col, symbol)
            moves += 1
            if board.wins(symbol):
                winner = side
        played.append((winner, moves))
    return played


@pytest.mark.parametrize(
    ("a", "b", "games", "seed"),
    [
        (Contestant("weights", 0), Contestant("reference", 1), 8, 3),
        (Contestant("reference", 1), Contestant("reference", 0), 6, 1),
        (Contestant("weights", 2), Contestant("weights", 2), 4, 7),
    ],
)
def test_the_tally_is_that_of_the_same_games_replayed(a: Contestant, b: Contestant, games: int, seed: int) -> None:
    result = play_match(a, b, rules=Rules.square(5, 4), games=games, seed=seed)
    expected = replay(a, b, games, seed)
    assert [(game.winner, len(game.moves)) for game in result.games] == expected
    winners = [winner for winner, _ in expected]
    assert (result.wins(0), result.draws, result.losses(0)) == (winners.count(0), winners.count(None), winners.count(1))
    assert (result.wins(1), result.losses(1)) == (winners.count(1), winners.count(0))
    assert result.points(0) + result.points(1) == games
    assert result.share(0) == (winners.count(0) + winners.count(None) / 2) / games
    assert result.mean_length == sum(moves for _, moves in expected) / games


def test_tic_tac_toe_from_the_empty_board_is_drawn_with_perfect_play() -> None:
    result = play_match(
        Contestant("perfect", 0), Contestant("perfect", 0), rules=Rules.square(3, 3), games=4, opening_moves=0
    )
    assert (result.wins(0), result.draws, result.losses(0), result.points(0)) == (0, 4, 0, 2.0)
    assert [len(game.moves) for game in result.games] == [9, 9, 9, 9]
    assert table(result).splitlines()[2] == "no opening: every game from the empty board, half with A as X (seed 1)"


def test_each_opening_is_played_once_with_each_side_as_x() -> None:
    result = play_match(Contestant("weights", 0), Contestant("reference", 1), rules=Rules.square(5, 4), games=6, seed=2)
    assert [game.a_plays_x for game in result.games] == [True, False] * 3
    assert [game.opening for game in result.games[::2]] == openings(5, 4, 2, 3, seed=2)
    for first, second in zip(result.games[::2], result.games[1::2], strict=True):
        assert first.opening == second.opening
    for game in result.games:
        assert game.moves[:2] == game.opening
        # Each side chose every move after the opening that fell to its symbol: X the even ones.
        x_moves, o_moves = (len(game.moves) - 1) // 2, (len(game.moves) - 2) // 2
        a_moves, b_moves = (x_moves, o_moves) if game.a_plays_x else (o_moves, x_moves)
        assert (len(game.seconds[0]), len(game.seconds[1])) == (a_moves, b_moves)
        assert min(game.seconds[0] + game.seconds[1]) >= 0


def test_a_side_that_wins_as_o_is_credited_with_the_win() -> None:
    game = MatchGame((), a_plays_x=False, moves=(), result=Winner.O, seconds=((), ()))
    assert game.winner == 0
    assert MatchGame((), a_plays_x=True, moves=(), result=Winner.O, seconds=((), ())).winner == 1
    assert MatchGame((), a_plays_x=True, moves=(), result=Winner.DRAW, seconds=((), ())).winner is None


def test_openings_are_repeatable_from_the_seed_and_differ_between_seeds() -> None:
    drawn = openings(10, 5, 2, 12, seed=1)
    assert drawn == openings(10, 5, 2, 12, seed=1)
    assert drawn != openings(10, 5, 2, 12, seed=2)
    assert len(set(drawn)) == 12
    centre = set(centre_squares(10))
    assert all(len(opening) == 2 and set(opening) <= centre for opening in drawn)
    assert all(opening[0] != opening[1] for opening in drawn)


def test_openings_repeat_only_once_every_one_has_been_drawn() -> None:
    first = openings(3, 3, 1, 9, seed=5)
    assert sorted(first, key=lambda opening: (opening[0].row, opening[0].col)) == [
        (Move(row, col),) for row in range(3) for col in range(3)
    ]
    assert openings(3, 3, 1, 10, seed=5)[:9] == first


def test_openings_lie_near_the_centre() -> None:
    assert centre_squares(10) == tuple(Move(row, col) for row in range(3, 7) for col in range(3, 7))
    assert centre_squares(9) == tuple(Move(row, col) for row in range(2, 7) for col in range(2, 7))
    assert centre_squares(3) == tuple(Move(row, col) for row in range(3) for col in range(3))
    assert openings(5, 4, 0, 2, seed=1) == [(), ()]


@pytest.mark.parametrize(
    ("size", "length", "moves", "reason"),
    [
        (10, 2, 3, "at most 2 with 2 in a row, so that the opening cannot win, got 3"),
        (10, 10, 17, "at most 16, the 4x4 squares at the centre, where an opening is played, got 17"),
    ],
)
def test_an_opening_that_cannot_be_drawn_is_refused(size: int, length: int, moves: int, reason: str) -> None:
    with pytest.raises(ValueError, match=f"^{reason}$"):
        openings(size, length, moves, 1, seed=1)


def test_an_odd_number_of_games_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"^must be even, so that A plays X in half the games and O in the other half, got 3$"
    ):
        play_match(Contestant("weights", 0), Contestant("weights", 0), rules=Rules.square(5, 4), games=3)


def test_the_table() -> None:
    def game(
        a_plays_x: bool, result: Winner, length: int, seconds: tuple[tuple[float, ...], tuple[float, ...]]
    ) -> MatchGame:
        return MatchGame((Move(2, 2),), a_plays_x, (Move(0, 0),) * length, result, seconds)

    games = (
        game(True, Winner.X, 9, ((0.5, 0.25, 0.25, 0.0), (0.125, 0.125, 0.25, 0.5))),
        game(False, Winner.DRAW, 12, ((1.0,) * 5, (0.0,) * 6)),
        game(True, Winner.O, 10, ((0.0,) * 4, (0.0,) * 5)),
        game(False, Winner.X, 11, ((0.0,) * 5, (0.0,) * 5)),
    )
    result = MatchResult((Contestant("weights", 2), Contestant("reference", 3)), Rules.square(10, 5), 7, 1, games)
    assert table(result) == textwrap.dedent(
        """\
        weights (A) against reference (B): 10x10, 5 in a row, 4 games
        rule: freestyle, opening rule: free
        openings: 2 of 1 moves near the centre (seed 7), each played once with A as X and once with B as X

        side player     levels  wins draws losses  points  share  moves mean s/move max s/move
        A    weights         2     1     1      2     1.5  37.5%     18      0.3333     1.0000
        B    reference       3     2     1      1     2.5  62.5%     20      0.0500     0.5000

        games: 2 won by X, 1 won by O, 1 drawn; 10.5 moves on average, the opening's included
        s/move: processor seconds of one choose call"""
    )


def test_the_command_prints_the_table_and_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "match.txt"
    arguments = ["weights", "reference", *SMALL, "--levels-a", "0", "--levels-b", "1", "--games", "4", "--seed", "3"]
    assert main([*arguments, "--write", str(target)]) == 0
    out, err = capsys.readouterr()
    assert target.read_text(encoding="utf-8") == out
    lines = out.splitlines()
    command = f"python -m bench.match {' '.join(arguments)} --write {target}"
    assert lines[0] == f"Python {sys.version.split()[0]}, commit {current_commit()}, {command}"
    result = play_match(Contestant("weights", 0), Contestant("reference", 1), rules=Rules.square(5, 4), games=4, seed=3)
    # Every figure but the times, which differ from run to run.
    assert lines[1] == ""
    assert [line[:63] for line in lines[2:9]] == [line[:63] for line in table(result).splitlines()[:7]]
    assert lines[7].startswith("A    weights         0 ")
    assert lines[8].startswith("B    reference       1 ")
    assert lines[9:] == table(result).splitlines()[7:]
    assert err == "game 1/4\ngame 2/4\ngame 3/4\ngame 4/4\n"


def test_write_defaults_to_the_match_results_file(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    monkeypatch.setattr(Path, "write_text", lambda path, *_, **__: written.append(path))
    assert main(["weights", "weights", *SMALL, "--games", "2", "--write"]) == 0
    assert written == [ROOT / "bench" / "match_results.txt"]


def test_progress_on_a_terminal_is_one_line_rewritten_and_wiped() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    with progress_on(terminal) as show:
        show(1, 2)
        show(2, 2)
    assert terminal.getvalue() == "\rgame 1/2\rgame 2/2\r\033[K"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["perfect", "reference", "--size", "10", "--length", "5"],
            "argument A: perfect plays only 3x3 with 3 in a row, the game its graph holds, not 10x10 with 5 in a row",
        ),
        (
            ["weights", "best", *SMALL],
            "argument B: there is no player 'best': choose from human, reference, sound, "
            "strong, perfect, rules, weights",
        ),
        (
            ["human", "reference", *SMALL],
            "argument A: human needs a person at the board: a match is between computer players",
        ),
        (
            ["weights", "reference", *SMALL, "--games", "5"],
            "argument --games: must be even, so that A plays X in half the games and O in the other half, got 5",
        ),
        (
            ["weights", "reference", *SMALL, "--games", "0"],
            "argument --games: must be a whole number, at least 2, got '0'",
        ),
        (
            ["weights", "reference", "--size", "4", "--length", "5"],
            "argument --length: must be from 1 to the size (4), got 5",
        ),
        (
            ["weights", "reference", *SMALL, "--opening-moves", "7"],
            "argument --opening-moves: at most 6 with 4 in a row, so that the opening cannot win, got 7",
        ),
        (
            ["weights", "reference", *SMALL, "--think", "0"],
            "argument --think: must be a number of seconds greater than 0, got '0'",
        ),
        (
            ["weights", "reference", *SMALL, "--levels-b", "-1"],
            "argument --levels-b: must be a whole number, at least 0, got '-1'",
        ),
        (["weights", "reference", "--length", "4"], "the following arguments are required: --size"),
        (
            ["strong", "strong", *SMALL, "--order-b", "random"],
            "argument --order-b: invalid choice: 'random' (choose from 'weights', 'history')",
        ),
        (
            ["weights", "strong", *SMALL, "--order-a", "history"],
            "argument A: weights has no move order: only strong searches with one",
        ),
        (
            ["strong", "strong", *SMALL, "--threats-a", "all"],
            "argument --threats-a: invalid choice: 'all' (choose from 'off', 'own', 'both')",
        ),
        (
            ["strong", "weights", *SMALL, "--threats-b", "both"],
            "argument B: weights has no threat setting: only strong searches with one",
        ),
    ],
)
def test_a_command_line_that_cannot_run_is_one_line_and_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(arguments)
    assert stopped.value.code == 2
    assert capsys.readouterr() == ("", f"python -m bench.match: error: {message}\n")


def test_each_side_of_strong_against_strong_searches_in_the_order_it_is_given() -> None:
    rules = Rules.square(15, 5)
    sides = bench.match._contestants(bench.match._parser().parse_args(["strong", "strong", "--size", "15",
        "--length", "5", "--order-a", "history"]))  # fmt: skip
    players = [bench.match.make_contestant(side, rules, 0.1, 1) for side in sides]
    assert [player.order for player in players if isinstance(player, StrongPlayer)] == ["history", "weights"]


def test_each_side_of_strong_against_strong_looks_for_the_threats_below_its_root_it_is_given() -> None:
    rules = Rules.square(15, 5)
    sides = bench.match._contestants(bench.match._parser().parse_args(["strong", "strong", "--size", "15",
        "--length", "5", "--threats-a", "both"]))  # fmt: skip
    assert [side.threats for side in sides] == ["both", None]
    players = [bench.match.make_contestant(side, rules, 0.1, 1) for side in sides]
    assert [player.threats for player in players if isinstance(player, StrongPlayer)] == ["both", "off"]


def test_the_header_records_the_threats_below_the_root(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = [
        "strong",
        "strong",
        *SMALL,
        "--games",
        "2",
        "--think",
        "0.01",
        "--threats-a",
        "own",
        "--threats-b",
        "both",
    ]
    assert main(arguments) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header.endswith(", python -m bench.match " + " ".join(arguments))


def test_an_unplayable_board_stops_the_program_before_any_game() -> None:
    result = subprocess.run(
        [*MATCH, "rules", "weights", "--size", "4", "--length", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "python -m bench.match: error: argument A: rules plays only 3x3 with 3 in a row, "
        "the game its rules are for, not 4x4 with 3 in a row\n"
    )


def test_a_closed_output_ends_the_match_quietly() -> None:
    """As ``python -m bench.match ... | head`` does when the reader goes first: status 141, nothing said."""
    process = subprocess.Popen(
        [*MATCH, "weights", "reference", *SMALL, "--games", "2"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()
    _, errors = process.communicate(timeout=60)
    assert (process.returncode, errors) == (141, b"")


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT")
def test_ctrl_c_ends_the_match_with_one_line() -> None:
    process = subprocess.Popen(
        [*MATCH, "reference", "reference", "--size", "12", "--length", "5", "--levels", "3", "--games", "1000"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    assert process.stderr.readline() == "game 1/1000\n"  # the first game is under way
    process.send_signal(signal.SIGINT)
    out, errors = process.communicate(timeout=60)
    assert process.returncode == 130
    *counter, last = errors.splitlines()
    assert last == "python -m bench.match: interrupted"
    assert counter == [f"game {number}/1000" for number in range(2, len(counter) + 2)]
    assert out.startswith("Python ")
    assert len(out.splitlines()) == 1  # the header, and no table


def test_the_examples_in_the_docstrings_hold() -> None:
    failed, attempted = doctest.testmod(bench.match)
    assert (failed, attempted > 0) == (0, True)


def test_a_brain_of_another_checkout_plays_through_the_protocol_at_equal_time() -> None:
    brain = Contestant(f"brain:{ROOT}", 2)
    result = play_match(Contestant("weights", 2), brain, rules=Rules.square(9, 5), games=2, think=0.05, seed=2)
    assert len(result.games) == 2
    assert result.wins(1) == 2  # the strong search beats one ply of line weights
    seconds = result.move_seconds(1)
    assert seconds
    assert all(0 <= s < 0.5 for s in seconds)  # the brain's own processor time, at most its turn and a little
    assert all(game.moves[:2] == game.opening for game in result.games)


def test_a_brain_where_no_checkout_is_is_a_usage_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [*MATCH, "weights", f"brain:{tmp_path}", *SMALL], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 2
    assert result.stderr == (
        f"python -m bench.match: error: argument B: {tmp_path} holds no checkout of the project "
        "(no tictactoe/brain/__main__.py)\n"
    )
