"""Tests of play.py and tictactoe.ui.terminal.conversation: move parsing, the conversation, exit statuses, the spinner.

Games are driven in-process through ``main``/``play_game`` with injected
streams, and end to end through real pipes, a real pseudo-terminal and a real
SIGINT. The computer's replies are those of the reference search, so every
transcript below is exact.
"""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from configurations import Configurations, PosPlay, SearchStats, computer_play
from configurations.moves import InvalidMoveError, Move, MoveError, OccupiedSquareError, OffBoardMoveError, quoted
from configurations.rules import Rules
from tests.paths import ROOT
from tictactoe.cli import play as play_program
from tictactoe.cli.play import parse_settings
from tictactoe.game.game import Game
from tictactoe.game.history import History
from tictactoe.game.record import Competitor
from tictactoe.game.session import Session
from tictactoe.players import reference
from tictactoe.players.registry import PlayerLimits
from tictactoe.ui.terminal import conversation, spinner

PLAY = ROOT / "play.py"
TIMEOUT = 30  # seconds; generous, a hung game fails instead of blocking the run

posix_only = pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals and pseudo-terminals")

OPENING = "You are X and move first; the computer is O. Type help for how to play.\n"
EMPTY_3X3 = textwrap.dedent(
    """\
      a b c
    1 . . .
    2 . . .
    3 . . .
    """
)


class TtyBuffer(io.StringIO):
    """An output that says it is a terminal, so that the spinner may be shown."""

    def isatty(self) -> bool:
        return True


def run_main(args: list[str], moves: str, stdout: io.StringIO | None = None) -> tuple[int, str, str]:
    """``play_program.main(args)`` with ``moves`` as piped input: (status, stdout, stderr)."""
    out = io.StringIO() if stdout is None else stdout
    err = io.StringIO()
    status = play_program.main(args, stdin=io.StringIO(moves), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def run_script(*args: str, moves: str = "") -> subprocess.CompletedProcess[str]:
    """``python play.py args`` with ``moves`` on a pipe as its standard input."""
    return subprocess.run(
        [sys.executable, str(PLAY), *args],
        input=moves,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )


def classic_session(size: int, length: int, max_levels: int) -> Session:
    """The game of docs/playing.md: a person (X) against the reference search (O)."""
    return Session(
        Rules.square(size, length), PlayerLimits(max_levels), Competitor("You"), Competitor("Computer", "reference")
    )


PROMPT, PLAY_AGAIN = conversation.PROMPT.encode(), conversation.PLAY_AGAIN.encode()


def last_line(text: str) -> str:
    return text.rstrip("\n").rsplit("\n", 1)[-1]


# --- Move ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "size", "expected"),
    [
        ("a1", 3, Move(0, 0)),
        ("b3", 3, Move(2, 1)),
        ("  C2\t", 3, Move(1, 2)),
        ("B03", 3, Move(2, 1)),
        ("a1", 1, Move(0, 0)),
        ("z26", 26, Move(25, 25)),
        ("j10", 12, Move(9, 9)),
    ],
)
def test_move_parse_names_the_square(text: str, size: int, expected: Move) -> None:
    assert Move.parse(text, size) == expected


@pytest.mark.parametrize(
    "text", ["", "b", "3", "3b", "bb3", "b 3", "b3x", "b-1", "b+1", "é1", "b٣", "b²", "\u212a1", "quit now"]
)
def test_move_parse_refuses_what_is_not_a_move(text: str) -> None:
    with pytest.raises(InvalidMoveError) as refusal:
        Move.parse(text, 3)
    typed = text.strip()
    assert str(refusal.value) == f"cannot read {typed!r} as a move: type a column letter then a row number, e.g. b3"


@pytest.mark.parametrize(("text", "size"), [("d1", 3), ("a4", 3), ("a0", 3), ("b2", 1), ("a" + "9" * 5000, 26)])
def test_move_parse_refuses_squares_off_the_board(text: str, size: int) -> None:
    with pytest.raises(OffBoardMoveError) as refusal:
        Move.parse(text, size)
    last_column = "abcdefghijklmnopqrstuvwxyz"[size - 1]
    assert str(refusal.value) == f"{quoted(text)} is not on this board: columns a-{last_column}, rows 1-{size}"


@given(
    st.one_of(st.text(), st.from_regex(r"[ \t]*[a-zA-Z]0*[0-9]{1,2}[ \t]*", fullmatch=True)),
    st.integers(min_value=1, max_value=26),
)
def test_any_text_is_a_square_of_the_board_or_a_move_error(text: str, size: int) -> None:
    outcome: Move | MoveError
    try:
        outcome = Move.parse(text, size)
    except MoveError as refusal:
        outcome = refusal
    if isinstance(outcome, MoveError):
        assert "\n" not in str(outcome)
        assert quoted(text.strip()) in str(outcome)
        assert len(str(outcome)) < 200  # what was typed is echoed cut short
    else:
        assert 0 <= outcome.row < size
        assert 0 <= outcome.col < size
        assert re.sub(r"(?<=[a-z])0+", "", text.strip().lower()) == str(outcome)


def test_move_errors_are_distinct_value_errors() -> None:
    assert issubclass(InvalidMoveError, ValueError)
    assert issubclass(OffBoardMoveError, ValueError)
    assert issubclass(OccupiedSquareError, ValueError)
    assert not issubclass(InvalidMoveError, OffBoardMoveError)
    assert not issubclass(OffBoardMoveError, InvalidMoveError)


def test_move_is_an_immutable_value_whose_text_and_repr_round_trip() -> None:
    for row in range(26):
        for col in range(26):
            move = Move(row, col)
            assert Move.parse(str(move), 26) == move
            assert eval(repr(move), {"Move": Move}) == move
    with pytest.raises(AttributeError):
        Move(0, 0).row = 1  # type: ignore[misc]


def test_a_game_refuses_a_taken_square() -> None:
    game = Game(Rules.square(3, 3))
    game.play(Move(1, 1))
    with pytest.raises(OccupiedSquareError, match=r"^'B2' is already taken: choose an empty square$"):
        game.parse(" B2 ")
    assert game.parse("a1") == Move(0, 0)


# --- The conversation, in-process ---------------------------------------------------------------


def test_tiny_board_first_move_wins_exact_transcript() -> None:
    status, out, err = run_main(["1", "1", "0"], "a1\n")
    assert (status, err) == (0, "")
    assert out == OPENING + textwrap.dedent(
        """\
          a
        1 .
        Your move: a1
          a
        1 X
        Human wins
        """
    )


def test_human_beats_the_reference_search_exact_transcript() -> None:
    # The reference search stores scores bounded by alpha-beta cuts in its table
    # as if they were exact: even at depth 9 it rates a3 a win for O (plain
    # minimax rates it a loss) and so lets X fork with c1.
    status, out, err = run_main(["3", "3", "9"], "a1\nc3\nc1\nc2\n")
    assert (status, err) == (0, "")
    assert out == OPENING + EMPTY_3X3 + textwrap.dedent(
        """\
        Your move: a1
        Computer plays b2
          a b c
        1 X . .
        2 . O .
        3 . . .
        Your move: c3
        Computer plays a3
          a b c
        1 X . .
        2 . O .
        3 O . X
        Your move: c1
        Computer plays b1
          a b c
        1 X O X
        2 . O .
        3 O . X
        Your move: c2
          a b c
        1 X O X
        2 . O X
        3 O . X
        Human wins
        """
    )


def test_computer_wins_exact_ending() -> None:
    status, out, err = run_main(["3", "3", "9"], "a1\nb1\na2\n")
    assert (status, err) == (0, "")
    assert out.endswith(
        textwrap.dedent(
            """\
            Your move: a2
            Computer plays a3
              a b c
            1 X X O
            2 X O .
            3 O . .
            Computer wins
            """
        )
    )


def test_draw_when_the_person_fills_the_board() -> None:
    status, out, err = run_main(["3", "3", "9"], "a1\nb1\na3\nc2\nc3\n")
    assert (status, err) == (0, "")
    assert out.endswith(
        textwrap.dedent(
            """\
            Your move: c3
              a b c
            1 X X O
            2 O O X
            3 X O X
            Game is a draw
            """
        )
    )


def test_draw_when_the_computer_fills_the_board() -> None:
    status, out, err = run_main(["4", "4", "0"], "a1\nc1\na2\nc2\na3\nb4\nd3\nc4\n")
    assert (status, err) == (0, "")
    assert out.endswith(
        textwrap.dedent(
            """\
            Your move: c4
            Computer plays d4
              a b c d
            1 X O X O
            2 X O X O
            3 X O O X
            4 O X X O
            Game is a draw
            """
        )
    )
    assert out.count("Game is a draw") == 1


def test_results_stand_alone_on_their_lines() -> None:
    for args, moves, result in [
        (["1", "1", "0"], "a1\n", "Human wins"),
        (["3", "3", "9"], "a1\nb1\na2\n", "Computer wins"),
        (["3", "3", "9"], "a1\nb1\na3\nc2\nc3\n", "Game is a draw"),
    ]:
        _, out, _ = run_main(args, moves)
        lines = out.splitlines()
        assert lines[-1] == result
        assert sum(line in conversation.CLASSIC_RESULT_LINES.values() for line in lines) == 1


def test_refusals_echo_the_input_and_ask_again() -> None:
    moves = "b2\nhello\n  B2 \nd1\na9\nb 1\n\na1\nquit\n"
    status, out, err = run_main(["3", "3", "9"], moves)
    assert (status, err) == (0, "")
    # Prompts end with a space and the typed line is echoed as read, so some lines end with spaces.
    assert out.splitlines() == [
        *(OPENING + EMPTY_3X3).splitlines(),
        "Your move: b2",
        "Computer plays a3",
        "  a b c",
        "1 . . .",
        "2 . X .",
        "3 O . .",
        "Your move: hello",
        "cannot read 'hello' as a move: type a column letter then a row number, e.g. b3",
        "Your move:   B2 ",
        "'B2' is already taken: choose an empty square",
        "Your move: d1",
        "'d1' is not on this board: columns a-c, rows 1-3",
        "Your move: a9",
        "'a9' is not on this board: columns a-c, rows 1-3",
        "Your move: b 1",
        "cannot read 'b 1' as a move: type a column letter then a row number, e.g. b3",
        "Your move: ",
        "Your move: a1",
        "Computer plays c3",
        "  a b c",
        "1 X . .",
        "2 . X .",
        "3 O . O",
        "Your move: quit",
        "Game abandoned",
    ]


def test_a_square_taken_by_the_computer_is_refused() -> None:
    _, out, _ = run_main(["3", "3", "9"], "b2\na3\nquit\n")
    assert "Your move: a3\n'a3' is already taken: choose an empty square\nYour move: quit\n" in out


def test_help_explains_moves_commands_and_quit() -> None:
    status, out, err = run_main(["4", "3", "2"], "HELP\nquit\n")
    assert (status, err) == (0, "")
    assert out.endswith(
        textwrap.dedent(
            """\
            Your move: HELP
            Type a move as a column letter then a row number, e.g. b3 (columns a-d, rows 1-4; a1 is top left).
            You are X and the computer is O: the first to get 3 in a row across, down or diagonally wins.
            Type undo to take back your last move, redo to play it again, hint for a suggestion.
            Type help to see this again, quit to stop.
            Your move: quit
            Game abandoned
            """
        )
    )


def test_quit_ends_the_game_with_status_0() -> None:
    status, out, err = run_main(["3", "3", "9"], " Quit \nb2\n")
    assert (status, err) == (0, "")
    assert out == OPENING + EMPTY_3X3 + "Your move:  Quit \nGame abandoned\n"


def test_input_ending_first_gives_status_1_and_says_so() -> None:
    status, out, err = run_main(["3", "3", "9"], "b2\n")
    assert status == 1
    assert err == "play.py: input ended before the game was over\n"
    assert out.endswith("3 O . .\nYour move: \n")


def test_a_last_line_without_newline_is_still_a_move() -> None:
    status, out, _ = run_main(["1", "1", "0"], "a1")
    assert status == 0
    assert out.endswith("Your move: a1\n  a\n1 X\nHuman wins\n")


def test_ctrl_c_while_waiting_for_a_move_ends_cleanly_with_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def press_ctrl_c(size: int = -1, /) -> str:
        raise KeyboardInterrupt

    stdin, out, err = io.StringIO("b2\n"), io.StringIO(), io.StringIO()
    monkeypatch.setattr(stdin, "readline", press_ctrl_c)
    status = play_program.main(["3", "3", "9"], stdin=stdin, stdout=out, stderr=err)
    assert status == 130
    assert err.getvalue() == "play.py: interrupted, game abandoned\n"
    assert out.getvalue() == OPENING + EMPTY_3X3 + "Your move: "


def test_ctrl_c_while_the_computer_thinks_ends_cleanly_with_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted_search(
        configs: Configurations, *, stats: SearchStats | None = None, memory: int | None = None
    ) -> PosPlay:
        raise KeyboardInterrupt

    monkeypatch.setattr(reference, "computer_play", interrupted_search)
    for stdout in (io.StringIO(), TtyBuffer()):
        status, _, err = run_main(["3", "3", "9"], "b2\n", stdout=stdout)
        assert (status, err) == (130, "play.py: interrupted, game abandoned\n")


def test_an_engine_bug_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_search(
        configs: Configurations, *, stats: SearchStats | None = None, memory: int | None = None
    ) -> PosPlay:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(reference, "computer_play", broken_search)
    for stdout in (io.StringIO(), TtyBuffer()):
        with pytest.raises(RuntimeError, match="engine bug"):
            run_main(["3", "3", "9"], "b2\n", stdout=stdout)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=6), st.sampled_from(["a1", "b2", "C3", "help", "d4", " a2 "])), max_size=12))
def test_whatever_is_typed_the_game_ends_or_asks_again(lines: list[str]) -> None:
    typed = iter(lines)

    def read_line(prompt: str) -> str:
        return next(typed, "quit")

    out = io.StringIO()
    conversation.play_game(classic_session(3, 3, 2), read_line, out)
    assert last_line(out.getvalue()) in [*conversation.CLASSIC_RESULT_LINES.values(), "Game abandoned"]


def test_play_game_reads_through_any_reader() -> None:
    typed = iter(["zz", "a1"])
    prompts: list[str] = []

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    out = io.StringIO()
    conversation.play_game(classic_session(1, 1, 0), read_line, out)
    assert prompts == ["Your move: ", "Your move: "]
    assert out.getvalue() == OPENING + textwrap.dedent(
        """\
          a
        1 .
        cannot read 'zz' as a move: type a column letter then a row number, e.g. b3
          a
        1 X
        Human wins
        """
    )


# --- The spinner --------------------------------------------------------------------------------


@pytest.fixture
def slow_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real search, followed by a pause long enough for the spinner to turn."""

    def search_then_pause(
        configs: Configurations, *, stats: SearchStats | None = None, memory: int | None = None
    ) -> PosPlay:
        reply = computer_play(configs, stats=stats)
        time.sleep(0.4)
        return reply

    monkeypatch.setattr(reference, "computer_play", search_then_pause)
    monkeypatch.setattr(spinner, "THINKING_DELAY", 0.05)


NODES_AFTER_A1 = 925  # the reference search's trial moves on a 3x3 board after X plays a1, depth 9


def test_nodes_after_a1() -> None:
    configs = Configurations(3, 3, 9)
    configs.save_play(0, 0, "X")
    stats = SearchStats()
    computer_play(configs, stats=stats)
    assert stats.nodes == NODES_AFTER_A1


@pytest.mark.slow
@pytest.mark.usefixtures("slow_search")
def test_spinner_shows_the_node_count_and_is_erased_on_a_terminal() -> None:
    _, plain, _ = run_main(["3", "3", "9"], "a1\nquit\n")
    status, shown, err = run_main(["3", "3", "9"], "a1\nquit\n", stdout=TtyBuffer())
    assert (status, err) == (0, "")
    frames = re.findall(rf"\r([|/\\-]) thinking\.\.\. {NODES_AFTER_A1} positions tried", shown)
    assert len(frames) >= 2
    erase = "\r" + " " * len(f"| thinking... {NODES_AFTER_A1} positions tried") + "\r"
    assert shown.count(erase) == 1
    spinner = shown[shown.index("\r") : shown.index(erase) + len(erase)]
    assert "2 . \x1b[7mO\x1b[0m ." in shown  # on a screen the last move is in reverse video
    assert shown.replace(spinner, "").replace("\x1b[7m", "").replace("\x1b[0m", "") == plain
    assert shown.index(erase) + len(erase) == shown.index("Computer plays b2")


@pytest.mark.usefixtures("slow_search")
def test_no_spinner_when_stdout_is_not_a_terminal() -> None:
    status, out, _ = run_main(["3", "3", "9"], "a1\nquit\n")
    assert status == 0
    assert "\r" not in out
    assert "thinking" not in out
    assert "Your move: a1\nComputer plays b2\n" in out


def test_no_spinner_for_a_quick_search() -> None:
    _, out, _ = run_main(["3", "3", "9"], "a1\nquit\n", stdout=TtyBuffer())
    assert "\r" not in out


@pytest.fixture(scope="module")
def slow_game() -> list[str]:
    """Arguments of a game whose first reply, to a1, takes the computer well over ``THINKING_DELAY``.

    Found by timing, deeper and deeper on 5x5 with 4 in a row, so that a
    faster engine or machine makes the game deeper rather than the test wrong.
    """
    for max_levels in range(8, 13):
        configs = Configurations(5, 4, max_levels)
        configs.save_play(0, 0, "X")
        started = time.monotonic()
        computer_play(configs)
        if time.monotonic() - started > 2 * spinner.THINKING_DELAY:
            return ["5", "4", str(max_levels)]
    raise AssertionError("no 5x5 search up to 12 levels is slow enough to show a spinner")


def test_spinner_before_the_first_node_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    def count_at_the_end(
        configs: Configurations, *, stats: SearchStats | None = None, memory: int | None = None
    ) -> PosPlay:
        time.sleep(0.3)
        return computer_play(configs, stats=stats)

    monkeypatch.setattr(reference, "computer_play", count_at_the_end)
    monkeypatch.setattr(spinner, "THINKING_DELAY", 0.05)
    _, shown, _ = run_main(["3", "3", "9"], "a1\nquit\n", stdout=TtyBuffer())
    assert re.search(r"\r[|/\\-] thinking\.\.\.\r", shown)
    assert "Computer plays b2" in shown


# --- The command line, end to end ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "problem"),
    [
        ([], "the following arguments are required: size, length, max_levels"),
        (["3", "3"], "the following arguments are required: max_levels"),
        (["3", "3", "3", "4"], "unrecognized arguments: 4"),
        (["0", "1", "0"], "argument size: must be a whole number from 1 to 26, got '0'"),
        (["27", "3", "3"], "argument size: must be a whole number from 1 to 26, got '27'"),
        (["three", "3", "3"], "argument size: must be a whole number from 1 to 26, got 'three'"),
        (["3.5", "3", "3"], "argument size: must be a whole number from 1 to 26, got '3.5'"),
        (["3", "0", "3"], "argument length: must be a whole number, at least 1, got '0'"),
        (["3", "4", "3"], "argument length: must be from 1 to size (3), got 4"),
        (["3", "3", "-1"], "argument max_levels: must be a whole number, at least 0, got '-1'"),
        (["3", "3", "x"], "argument max_levels: must be a whole number, at least 0, got 'x'"),
    ],
)
def test_bad_arguments_exit_2_naming_the_problem(args: list[str], problem: str) -> None:
    result = run_script(*args, moves="a1\n")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("usage: play.py [-h] size length max_levels [options]\n")
    assert last_line(result.stderr) == f"play.py: error: {problem}"


def test_bad_arguments_in_process_return_2() -> None:
    err = io.StringIO()
    assert play_program.main(["3", "4", "3"], stdin=io.StringIO("a1\n"), stdout=io.StringIO(), stderr=err) == 2
    assert last_line(err.getvalue()) == "play.py: error: argument length: must be from 1 to size (3), got 4"


@pytest.mark.parametrize(
    ("args", "grid"),
    [([], None), (["--grid"], True), (["--squares"], False)],
    ids=["the game's own", "--grid", "--squares"],
)
def test_grid_or_squares_choose_how_the_window_draws_the_board(args: list[str], grid: bool | None) -> None:
    assert parse_settings(["3", "3", "9", "--window", *args]).grid is grid


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--grid"], "argument --grid: the window draws the board: add --window"),
        (["--squares"], "argument --squares: the window draws the board: add --window"),
        (["--grid", "--squares", "--window"], "argument --squares: not allowed with argument --grid"),
    ],
)
def test_grid_and_squares_are_the_window_s_and_one_of_the_two(args: list[str], problem: str) -> None:
    err = io.StringIO()
    assert play_program.main(["15", "5", "1", *args], stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
    assert last_line(err.getvalue()) == f"play.py: error: {problem}"


def test_help_option_describes_the_arguments() -> None:
    result = run_script("--help")
    assert result.returncode == 0
    assert "  size                  board size, 1 to 26\n" in result.stdout
    assert "  --x PLAYER            X's player: human, reference, sound, strong, perfect,\n" in result.stdout
    assert "  --opening MOVES       moves played first, alternately from X, e.g. e5,f6,d4\n" in result.stdout
    assert "  --opening-rule OPENING\n                        how the first stones are placed: free" in result.stdout


def test_full_game_through_a_pipe_exact_transcript() -> None:
    result = run_script("3", "3", "9", moves="a1\nb1\na3\nc2\nc3\n")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == OPENING + EMPTY_3X3 + textwrap.dedent(
        """\
        Your move: a1
        Computer plays b2
          a b c
        1 X . .
        2 . O .
        3 . . .
        Your move: b1
        Computer plays c1
          a b c
        1 X X O
        2 . O .
        3 . . .
        Your move: a3
        Computer plays a2
          a b c
        1 X X O
        2 O O .
        3 X . .
        Your move: c2
        Computer plays b3
          a b c
        1 X X O
        2 O O X
        3 X O .
        Your move: c3
          a b c
        1 X X O
        2 O O X
        3 X O X
        Game is a draw
        """
    )


@pytest.mark.parametrize(
    ("moves", "result"),
    [("a1\nc3\nc1\nc2\n", "Human wins"), ("b2\na1\nc1\n", "Computer wins"), ("a1\nb1\na3\nc2\nc3\n", "Game is a draw")],
)
def test_games_through_a_pipe_end_with_their_result_and_status_0(moves: str, result: str) -> None:
    finished = run_script("3", "3", "9", moves=moves + "moves after the end are not read\n")
    assert (finished.returncode, finished.stderr) == (0, "")
    assert last_line(finished.stdout) == result


def test_input_ending_first_through_a_pipe_exits_1() -> None:
    result = run_script("3", "3", "9", moves="b2\nxyz\n")
    assert result.returncode == 1
    assert result.stderr == "play.py: input ended before the game was over\n"
    assert result.stdout.endswith("Your move: \n")


def test_undecodable_input_is_refused_not_a_crash() -> None:
    result = subprocess.run(
        [sys.executable, str(PLAY), "1", "1", "0"],
        input=b"\xff\xfe1\na1\n",
        capture_output=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert "cannot read '\ufffd\ufffd1' as a move" in result.stdout.decode()
    assert result.stdout.decode().endswith("Human wins\n")


@pytest.mark.slow
def test_a_slow_search_through_a_pipe_shows_no_spinner(slow_game: list[str]) -> None:
    result = run_script(*slow_game, moves="a1\nquit\n")
    assert result.returncode == 0
    assert "\r" not in result.stdout
    assert "thinking" not in result.stdout
    assert "Your move: a1\nComputer plays " in result.stdout


@posix_only
def test_sigint_ends_cleanly_with_130() -> None:
    with subprocess.Popen(
        [*DEFAULT_SIGNALS, str(PLAY), "3", "3", "9"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as game:
        assert game.stdout is not None
        seen = b""
        deadline = time.monotonic() + TIMEOUT
        while not seen.endswith(b"Your move: ") and time.monotonic() < deadline:
            seen += os.read(game.stdout.fileno(), 4096)
        game.send_signal(signal.SIGINT)
        # Not communicate(): it would close standard input, and the game could see its end before the signal.
        ended(game)
        assert game.stderr is not None
        err = game.stderr.read()
    assert game.returncode == 130
    assert err == b"play.py: interrupted, game abandoned\n"


# --- A real terminal ----------------------------------------------------------------------------


def run_in_terminal(
    args: list[str],
    typed: list[bytes],
    prompts: tuple[bytes, ...] = (PROMPT, PLAY_AGAIN),
    *,
    program: tuple[str, ...] = (str(PLAY),),
    env: dict[str, str] | None = None,
) -> tuple[int, str]:
    """Run ``program`` (play.py) on a pseudo-terminal, typing each of ``typed`` when the screen ends with a prompt.

    Returns the exit status and everything the terminal showed, typed echoes included.  The program starts
    with the default handling of Ctrl-C, SIGHUP and SIGTERM whatever this run's is (a run in the background
    ignores Ctrl-C), and every wait is bounded: a program still running after them is killed, and the test fails.
    """
    controller, follower = os.openpty()
    with subprocess.Popen(
        [*DEFAULT_SIGNALS, *program, *args], stdin=follower, stdout=follower, stderr=follower, cwd=ROOT, env=env
    ) as game:
        os.close(follower)
        to_type = list(typed)
        shown = b""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if to_type and shown.endswith(prompts):
                os.write(controller, to_type.pop(0))
            ready, _, _ = select.select([controller], [], [], 1)
            if not ready:
                continue
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the terminal closed: the game is over
                break
            if not chunk:
                break
            shown += chunk
        status = ended(game, shown)
    os.close(controller)
    return status, shown.decode().replace("\r\n", "\n")


#: Runs Python on the arguments that follow with Ctrl-C, SIGHUP and SIGTERM handled as by default, as at a terminal,
#: whatever this test run inherited (``nohup`` and a background job ignore some): they are set so, then Python is
#: started anew (what exec keeps), so that it installs its own handling of Ctrl-C as it does at a terminal.
DEFAULT_SIGNALS = (
    sys.executable,
    "-c",
    "import os, signal, sys\n"
    "for number in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM): signal.signal(number, signal.SIG_DFL)\n"
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])",
)


def ended(process: subprocess.Popen[bytes], shown: bytes = b"") -> int:
    """``process``'s exit status once it ends, within :data:`TIMEOUT`; killed, and the test failed, if it does not."""
    try:
        return process.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        raise AssertionError(f"the program did not end; it showed {shown[-500:]!r}") from None


@posix_only
def test_a_game_typed_at_a_terminal() -> None:
    status, shown = run_in_terminal(["1", "1", "0"], [b"a1\n", b"y\n", b"a1\n", b"n\n"])
    assert status == 0
    mark, plain = "\x1b[7m", "\x1b[0m"  # the last move in reverse video
    assert shown.endswith(
        f"Your move: a1\n  a\n1 {mark}X{plain}\nHuman wins\nTally: You 1, Computer 0, draws 0\n"
        + f"{conversation.PLAY_AGAIN}y\n"
        + f"{OPENING}  a\n1 .\nYour move: a1\n  a\n1 {mark}X{plain}\nHuman wins\nTally: You 2, Computer 0, draws 0\n"
        + f"{conversation.PLAY_AGAIN}n\n"
    )


WEAK_NOTE = (
    "play.py: looking 3 moves ahead, the computer plays weakly on 7x7; for a stronger one: play.py 7 4 --level hard\n"
)


@posix_only
def test_a_depth_too_short_for_the_board_points_to_level_once_at_a_terminal() -> None:
    """7 4 3 played a1, b1, c1... and lost: the numbers keep their meaning, and a line says what plays better."""
    status, shown = run_in_terminal(["7", "4", "3"], [b"d4\n", b"quit\n"])
    assert status == 0
    assert shown.startswith(WEAK_NOTE + "You are X and move first")
    assert shown.count("--level") == 1
    status, shown = run_in_terminal(["7", "4", "48"], [b"quit\n"])
    assert (status, "--level" in shown) == (0, False)  # a depth that sees the end of the game needs no note


def test_a_depth_too_short_for_the_board_says_nothing_through_a_pipe() -> None:
    result = run_script("7", "4", "3", moves="d4\nquit\n")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("You are X and move first")


@posix_only
def test_ctrl_d_at_a_terminal_exits_1_on_a_fresh_line() -> None:
    status, shown = run_in_terminal(["3", "3", "9"], [b"\x04"])
    assert status == 1
    assert shown.endswith("Your move: \nplay.py: input ended before the game was over\n")


@pytest.mark.slow
@posix_only
def test_spinner_on_a_real_terminal_for_a_slow_search(slow_game: list[str]) -> None:
    status, shown = run_in_terminal(slow_game, [b"a1\n", b"quit\n"])
    assert status == 0
    assert re.search(r"\r[|/\\-] thinking\.\.\.", shown)
    assert re.search(r"\r +\rComputer plays [a-e][1-5]\n", shown)


@posix_only
def test_a_closed_standard_input_is_one_line_and_status_1() -> None:
    result = subprocess.run(
        ["sh", "-c", '"$0" play.py 3 3 9 <&-', sys.executable],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "play.py: no standard input to read moves from\n"


@posix_only
def test_arrow_keys_at_a_terminal_edit_the_line_instead_of_typing_escapes() -> None:
    # Up-arrow recalls the move typed before, so the game refuses it as taken;
    # without line editing it would arrive as the text '\x1b[A' and be no move at all.
    status, shown = run_in_terminal(["3", "3", "9"], [b"b2\n", b"\x1b[A\n", b"quit\n"])
    assert status == 0
    assert "'b2' is already taken: choose an empty square" in shown
    assert "cannot read" not in shown


# --- Commands and the options that choose players -------------------------------------------------


def test_undo_takes_back_the_reply_and_the_move_and_redo_plays_them_again() -> None:
    status, out, err = run_main(["3", "3", "9"], "b2\nundo\nundo\nredo\nredo\nquit\n")
    assert (status, err) == (0, "")
    assert out == OPENING + EMPTY_3X3 + textwrap.dedent(
        """\
        Your move: b2
        Computer plays a3
          a b c
        1 . . .
        2 . X .
        3 O . .
        Your move: undo
        Took back a3, b2
          a b c
        1 . . .
        2 . . .
        3 . . .
        Your move: undo
        Nothing to undo
        Your move: redo
        Played again b2, a3
          a b c
        1 . . .
        2 . X .
        3 O . .
        Your move: redo
        Nothing to redo
        Your move: quit
        Game abandoned
        """
    )


def test_two_computer_players_play_to_the_end_without_input() -> None:
    result = run_script("3", "3", "9", "--x", "reference", "--o", "reference")
    assert (result.returncode, result.stderr) == (0, "")
    lines = result.stdout.splitlines()
    assert lines[0] == "X is the reference player and O is the reference player. Type help for how to play."
    assert lines[-1] in ("X wins", "O wins", "Game is a draw")
    assert [line for line in lines if " plays " in line][:2] == ["X plays a1", "O plays b2"]


def test_a_person_may_play_o_against_the_reference_search() -> None:
    status, out, err = run_main(["2", "2", "4", "--x", "reference", "--o", "human"], "a2\n")
    assert (status, err) == (0, "")
    assert out == textwrap.dedent(
        """\
        X is the reference player and O is you. Type help for how to play.
          a b
        1 . .
        2 . .
        X plays a1
          a b
        1 X .
        2 . .
        Your move: a2
        X plays b1
          a b
        1 X X
        2 O .
        Winner: Computer (X)
        X wins
        """
    )


def test_an_opening_is_played_first_and_announced() -> None:
    status, out, _ = run_main(["3", "3", "1", "--opening", "a1,b2"], "quit\n")
    assert status == 0
    assert (
        out == OPENING + "X plays a1\nO plays b2\n  a b c\n1 X . .\n2 . O .\n3 . . .\nYour move: quit\nGame abandoned\n"
    )


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["3", "3", "1", "--opening", "a1,a1"], "argument --opening: 'a1' is already taken: choose an empty square"),
        (["3", "3", "1", "--opening", "a1,z9"], "argument --opening: 'z9' is not on this board: columns a-c, rows 1-3"),
        (
            ["3", "3", "1", "--opening", "a1,,b2"],
            "argument --opening: cannot read '' as a move: type a column letter then a row number, e.g. b3",
        ),
        (["3", "3", "1", "--think", "0"], "argument --think: must be a number of seconds above 0, got '0'"),
        (["3", "3", "1", "--think", "abc"], "argument --think: must be a number of seconds above 0, got 'abc'"),
        (["3", "3", "1", "--think", "nan"], "argument --think: must be a number of seconds above 0, got 'nan'"),
        (
            ["3", "3", "1", "--x", "best"],
            "argument --x: invalid choice: 'best' (choose from "
            "'human', 'reference', 'sound', 'strong', 'perfect', 'rules', 'weights')",
        ),
    ],
)
def test_bad_options_exit_2_naming_the_problem(args: list[str], problem: str) -> None:
    status, out, err = run_main(args, "")
    assert (status, out) == (2, "")
    assert last_line(err) == f"play.py: error: {problem}"


def test_at_a_terminal_the_tally_follows_each_game_and_sides_may_be_swapped() -> None:
    settings = parse_settings(["1", "1", "0", "--x", "human", "--o", "human", "--name-x", "Ada", "--name-o", "Bo"])
    typed = iter(["a1", "s", "a1", "A1"])
    out = io.StringIO()
    conversation.play_session(settings, lambda prompt: next(typed), out, interactive=True, on_screen=False)
    assert out.getvalue() == textwrap.dedent(
        """\
        X is Ada and O is Bo. Type help for how to play.
          a
        1 .
          a
        1 X
        Winner: Ada (X)
        X wins
        Tally: Ada 1, Bo 0, draws 0
        X is Bo and O is Ada. Type help for how to play.
          a
        1 .
          a
        1 X
        Winner: Bo (X)
        X wins
        Tally: Ada 1, Bo 1, draws 0
        'A1' is a move, but the game is over: taken as no, no more games
        """
    )


def test_play_again_ends_quietly_on_any_other_answer() -> None:
    settings = parse_settings(["1", "1", "0", "--x", "human", "--o", "human"])
    typed = iter(["a1", "no thanks"])
    out = io.StringIO()
    conversation.play_session(settings, lambda prompt: next(typed), out, interactive=True, on_screen=False)
    assert out.getvalue().splitlines()[-1] == "Tally: Player 1 1, Player 2 0, draws 0"


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["3", "3", "1", "--delay", "-1"], "argument --delay: must be a number of seconds from 0 to 60, got '-1'"),
        (["3", "3", "1", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    ],
)
def test_bad_pauses_and_seeds_exit_2(args: list[str], problem: str) -> None:
    status, _, err = run_main(args, "")
    assert (status, last_line(err)) == (2, f"play.py: error: {problem}")


def test_hint_names_the_strong_player_s_move() -> None:
    status, out, _ = run_main(["3", "3", "9"], "a1\nhint\nquit\n")
    assert status == 0
    assert "Your move: hint\nHint: c1\nYour move: quit\n" in out


def test_a_player_this_version_lacks_is_a_usage_error_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from tictactoe.players import registry

    monkeypatch.setattr(registry, "_CLASSES", (("strong", "tictactoe.players.no_such_module", "StrongPlayer"),))
    status, out, err = run_main(["3", "3", "3", "--o", "strong"], "")
    assert (status, out) == (2, "")
    assert last_line(err) == "play.py: error: the strong player is not part of this version of the game"


def test_a_plain_game_imports_nothing_it_does_not_use() -> None:
    # Each of these costs a game's start-up milliseconds (Tk about 24, SQLite 7, pathlib 5, matplotlib hundreds);
    # a plain piped game needs none of them.
    result = subprocess.run(
        [sys.executable, "-S", "-X", "importtime", str(PLAY), "3", "3", "9"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 0
    imported = {
        line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")
    }
    assert "configurations" in imported  # the list is read
    assert imported.isdisjoint({"sqlite3", "_sqlite3", "tkinter", "_tkinter", "matplotlib", "pathlib"})


def test_a_delay_is_asked_for_or_left_to_each_interface() -> None:
    from tictactoe.ui.window.launch import move_delay_ms

    assert parse_settings(["3", "3", "1", "--x", "rules", "--o", "perfect"]).delay is None
    settings = parse_settings(["3", "3", "1", "--x", "rules", "--o", "perfect", "--delay", "0.25", "--window"])
    assert settings.delay == 0.25
    assert [move_delay_ms(delay) for delay in (None, 0.0, 0.25)] == [600, 0, 250]


def test_undo_before_the_person_has_moved_does_not_hand_over_the_computer_s_side() -> None:
    result = run_script("3", "3", "9", "--x", "reference", "--o", "human", moves="undo\nc3\nquit\n")
    lines = result.stdout.splitlines()
    assert lines[lines.index("Your move: undo") + 1] == "Nothing to undo"
    assert lines[lines.index("Your move: c3") + 1 :][:5] == ["X plays c1", "  a b c", "1 X . X", "2 . . .", "3 . . O"]


@pytest.mark.parametrize("name", ["", "   ", "A\tda", "x" * 31])
def test_a_name_that_cannot_be_shown_is_a_usage_error(name: str) -> None:
    result = run_script("3", "3", "9", "--name-x", name)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        f"play.py: error: argument --name-x: a name is 1 to 30 printable characters, got {quoted(name)}"
    )


def test_the_reference_player_goes_by_one_name_wherever_it_is_shown() -> None:
    from tictactoe.ui.settings import default_competitors
    from tictactoe.ui.window.form import GameForm, start_game

    plain = parse_settings(["3", "3", "9"]).session
    named = parse_settings(["3", "3", "9", "--x", "human", "--o", "reference"]).session
    form = GameForm(size="3", length="3", levels="9", x_kind="human", x_name="", o_kind="reference", o_name="")
    in_window = start_game(
        form, Session(Rules.square(4, 4), PlayerLimits(1), Competitor("A"), Competitor("B", "weights"))
    )
    names = {plain.o.name, named.o.name, in_window.o.name, default_competitors("human", "reference")[1].name}
    assert names == {"Computer"}


# --- Difficulty by name: --level ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "sides", "depth", "think"),
    [
        (["3", "3", "--level", "easy"], [("You", "human"), ("Easy computer", "weights")], 0, 1.0),
        (["7", "4", "--level=medium"], [("You", "human"), ("Medium computer", "strong")], 2, 0.05),
        (["7", "4", "--level", "hard", "--o", "human"], [("Hard computer", "strong"), ("You", "human")], 49, 0.25),
        (
            ["9", "5", "--level", "best", "--think", "5", "--name-o", "Deep"],
            [("You", "human"), ("Deep", "strong")],
            81,
            5,
        ),
    ],
)
def test_a_level_chooses_the_computer_s_player_depth_and_time(
    args: list[str], sides: list[tuple[str, str]], depth: int, think: float
) -> None:
    session = parse_settings(args).session
    assert [(side.name, side.kind) for side in session.competitors] == sides
    assert (session.limits.max_levels, session.limits.think) == (depth, think)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["3", "3", "9", "--level", "easy"], "the level sets how far the computer looks: give size and length only"),
        (
            ["3", "3", "--level", "easy", "--o", "strong"],
            "the level chooses the computer's player: --o can only be human",
        ),
        (
            ["3", "3", "--level", "easy", "--x", "human", "--o", "human"],
            "a level sets how the computer plays, but both sides are human",
        ),
        (["3", "3", "--level", "expert"], "invalid choice: 'expert' (choose from 'easy', 'medium', 'hard', 'best')"),
    ],
)
def test_a_level_with_what_it_sets_itself_is_a_usage_error(args: list[str], problem: str) -> None:
    result = run_script(*args, moves="a1\n")
    assert result.returncode == 2
    assert result.stderr.startswith(
        "usage: play.py [-h] size length max_levels [options]\n"
        "       play.py [-h] size length --level {easy,medium,hard,best} [options]\n"
    )
    assert last_line(result.stderr) == f"play.py: error: argument --level: {problem}"


def test_a_game_at_a_level_names_the_computer_by_its_level() -> None:
    result = run_script("3", "3", "--level", "easy", "--seed", "3", moves="quit\n")
    assert result.stdout.splitlines()[0] == (
        "X is you and O is Easy computer (the weights player). Type help for how to play."
    )
    assert result.returncode == 0


def test_a_window_with_a_db_that_cannot_be_written_is_refused_before_it_opens(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    History(db).close()
    db.chmod(0o444)
    try:
        result = run_script("3", "3", "9", "--window", "--db", str(db))
    finally:
        db.chmod(0o644)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"play.py: cannot use the game history: {db}: the file is read-only: cannot save games\n"


# --- Rules ---------------------------------------------------------------------------------------


def test_a_renju_game_between_two_people_refuses_black_a_forbidden_point_saying_why() -> None:
    moves = "h6\na1\nh7\na2\nf6\na3\ng7\no15\nh8\nh9\nquit\n"
    status, out, err = run_main(["15", "5", "0", "--rule", "renju", "--o", "human"], moves)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    forbidden = lines.index("Forbidden for black: h8 (double three)")
    assert lines[forbidden + 1 : forbidden + 4] == [
        "Your move: h8",
        "h8 is forbidden for black: double three (h8-h6, h8-f6)",
        "Your move: h9",
    ]
    assert lines[-2:] == ["Your move: quit", "Game abandoned"]


@pytest.mark.parametrize(
    ("rule", "last"), [("freestyle", "X wins"), ("caro", "X wins"), ("standard", "Game abandoned")]
)
def test_a_six_wins_in_freestyle_and_caro_and_not_in_standard(rule: str, last: str) -> None:
    moves = "c1\nc9\nd1\nd9\ne1\ne9\ng1\nf9\nh1\na5\nf1\nquit\n"
    status, out, _ = run_main(["9", "5", "0", "--rule", rule, "--o", "human"], moves)
    assert status == 0
    assert last_line(out) == last


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["15", "4", "1", "--rule", "renju"], "argument --rule: renju is played with 5 in a row, not 4"),
        (["15", "5", "1", "--rule", "gomoku"], "argument --rule: invalid choice: 'gomoku' (choose from "),
        (["15", "5", "1", "--rule", "renju"], "reference plays freestyle only, not renju"),
    ],
)
def test_a_rule_that_cannot_be_played_is_a_usage_error(args: list[str], problem: str) -> None:
    status, out, err = run_main(args, "")
    assert (status, out) == (2, "")
    assert err.splitlines()[-1].startswith(f"play.py: error: {problem}")


# --- Opening rules ---------------------------------------------------------------------------------


def test_two_people_play_a_swap_opening_where_the_second_takes_black() -> None:
    moves = "d4\nd4\ne4\nd5\nred\nb\nquit\n"
    args = ["7", "4", "0", "--opening-rule", "swap", "--o", "human", "--name-x", "Ada", "--name-o", "Bob"]
    status, out, err = run_main(args, moves)
    assert (status, err) == (0, "")
    lines = [line for line in out.splitlines() if not re.match(r"^ *(\d+ [.XO ]*|[a-g ]+)$", line)]
    assert lines == [
        "Swap opening: stones 1 to 3 (black, white, black) by Ada; then Bob chooses white or black. "
        "Type help for how to play.",
        "Place stone 1 (black): d4",
        "Place stone 2 (white): d4",
        "'d4' is already taken: choose an empty square",
        "Place stone 2 (white): e4",
        "Place stone 3 (black): d5",
        "Choose white or black: red",
        "'red' is not a choice here: choose white or black",
        "Choose white or black: b",
        "X (black) is Bob and O (white) is Ada.",
        "Your move: quit",
        "Game abandoned",
    ]


def test_under_swap2_a_person_places_two_more_and_the_strong_player_chooses_a_colour() -> None:
    # The person's two stones go in corners, which the strong player's stones, placed near the centre, never take:
    # on a loaded machine its estimates end elsewhere and its stones with them.
    moves = "two more\na1\ng7\nquit\n"
    args = ["7", "4", "2", "--opening-rule", "swap2", "--x", "strong", "--o", "human", "--seed", "1", "--think", "0.1"]
    status, out, err = run_main(args, moves)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert [line.split(" places ")[1][-7:] for line in lines if " places " in line] == ["(black)", "(white)", "(black)"]
    assert "Choose white, black or two more: two more" in lines
    assert lines.index("Place stone 4 (white): a1") < lines.index("Place stone 5 (black): g7")
    chosen = next(line for line in lines if line.startswith("strong chooses "))
    colours = "X (black) is the strong player and O (white) is you."
    if chosen == "strong chooses white":
        colours = "X (black) is you and O (white) is the strong player."
    assert colours in lines


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["2", "2", "1", "--opening-rule", "swap2"], "argument --opening-rule: a 2x2 board cannot hold the stones of"),
        (["15", "5", "1", "--opening-rule", "swap4"], "argument --opening-rule: invalid choice: 'swap4' (choose from "),
        (["15", "5", "1", "--opening-rule", "swap"], "reference plays the free opening only, not swap"),
        (["2", "2", "1", "--opening-rule", "swap2", "--window"], "argument --opening-rule: a 2x2 board cannot hold"),
    ],
)
def test_an_opening_rule_that_cannot_be_played_is_a_usage_error(args: list[str], problem: str) -> None:
    status, out, err = run_main(args, "")
    assert (status, out) == (2, "")
    assert err.splitlines()[-1].startswith(f"play.py: error: {problem}")


def test_think_beyond_what_max_levels_lets_the_strong_player_use_is_said_once() -> None:
    status, out, err = run_main(["7", "4", "1", "--o", "strong", "--think", "5"], "d4\nquit\n")
    assert status == 0
    assert err == (
        "play.py: strong looks at most 1 move ahead (max_levels), so it may answer well within --think 5;"
        " a larger max_levels lets it use the time\n"
    )
    assert "O plays c3" in out
    # Without --think, or where max_levels reaches the end of the game, nothing is said.
    assert run_main(["7", "4", "1", "--o", "strong"], "quit\n")[2] == ""
    assert run_main(["3", "3", "9", "--o", "strong", "--think", "5"], "quit\n")[2] == ""


def test_at_a_terminal_the_line_that_won_is_marked_with_the_last_move() -> None:
    moves = "a1\nb1\na2\nb2\na3\n"
    _, shown, _ = run_main(["3", "3", "1", "--x", "human", "--o", "human"], moves + "n\n", stdout=TtyBuffer())
    mark, plain = "\x1b[7m", "\x1b[0m"
    final = shown[shown.rindex("  a b c") :].split("\n")[:4]
    assert final == ["  a b c", f"1 {mark}X{plain} O .", f"2 {mark}X{plain} O .", f"3 {mark}X{plain} . ."]
    _, piped, _ = run_main(["3", "3", "1", "--x", "human", "--o", "human"], moves)
    assert mark not in piped  # through a pipe, no mark at all


def test_at_the_terminal_undo_takes_back_a_stone_of_the_opening_and_asks_for_that_stone_again() -> None:
    args = ["15", "5", "1", "--opening-rule", "swap", "--x", "human", "--o", "human"]
    status, out, err = run_main(args, "h8\ni8\nundo\nj9\nquit\n")
    assert (status, err) == (0, "")
    prompts = [line for line in out.splitlines() if line.startswith(("Place stone", "Took back"))]
    assert prompts == [
        "Place stone 1 (black): h8",
        "Place stone 2 (white): i8",
        "Place stone 3 (black): undo",
        "Took back i8",
        "Place stone 2 (white): j9",
        "Place stone 3 (black): quit",
    ]
