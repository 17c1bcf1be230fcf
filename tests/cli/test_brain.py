"""``python -m tictactoe.brain`` through real pipes: the protocol's exchanges, bad lines, time and memory
limits, and full games driven by pygomo-lib, a client of the protocol written elsewhere.

pygomo-lib does not judge time, so the tests measure each reply themselves.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from pygomo import BoardPosition, EngineClient
from pygomo import Move as PygomoMove

from configurations import Winner
from configurations.moves import Move
from configurations.rules import Rules
from configurations.variants import renju_foul
from tests.limited import one_line, run_limited
from tests.paths import ROOT
from tictactoe.cli.brain import MAX_LINE
from tictactoe.game.game import Game
from tictactoe.players.weights import WeightsPlayer
from tictactoe.solver.position import Position

BRAIN = [sys.executable, "-m", "tictactoe.brain"]
# Runs the command after the limit (argv[1], bytes) with its address space held to that limit.
_LIMITED = (
    "import os, resource, sys; limit = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_AS, (limit, limit)); os.execv(sys.argv[2], sys.argv[2:])"
)


class Pipe:
    """The brain in a process of its own, spoken to a line at a time, each reply timed."""

    def __init__(self, memory: int | None = None) -> None:
        # The limit is set by the child itself before it becomes the brain (no preexec_fn: pygomo-lib's
        # reader threads may be alive in this process).
        limited = [] if memory is None else [sys.executable, "-c", _LIMITED, str(memory)]
        self.process = subprocess.Popen(
            [*limited, *BRAIN],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def ask(self, lines: str | list[str], replies: int = 1) -> tuple[list[str], float]:
        """Send ``lines``; the ``replies`` lines that answer them, and the seconds until the last came."""
        assert self.process.stdout is not None
        started = time.monotonic()
        for line in [lines] if isinstance(lines, str) else lines:
            self.tell(line)
        lines = [self.process.stdout.readline().rstrip("\n") for _ in range(replies)]
        return lines, time.monotonic() - started

    def end(self) -> tuple[int, str]:
        self.tell("END")
        _, errors = self.process.communicate(timeout=10)
        return self.process.returncode, errors


@pytest.fixture
def pipe() -> Iterator[Pipe]:
    brain = Pipe()
    yield brain
    if brain.process.poll() is None:
        brain.process.kill()
        brain.process.communicate()


def test_a_game_of_tic_tac_toe_through_pipes(pipe: Pipe) -> None:
    pipe.tell("INFO length 3")
    assert pipe.ask("START 3")[0] == ["OK"]
    (message, move), _ = pipe.ask("BEGIN", 2)
    assert (message.split(",")[0], move) == ("MESSAGE proved: draw", "1,1")
    (message, move), _ = pipe.ask("TURN 0,0", 2)
    assert message.startswith("MESSAGE proved: draw")
    assert pipe.end() == (0, "")


def test_bad_lines_are_answered_and_the_brain_goes_on() -> None:
    lines = [
        "hello",
        "START fifteen",
        "TURN 1,1",
        "x" * (MAX_LINE * 5),
        "",
        "INFO rule 16",
        "INFO length 3",
        "START 3",
        "TURN 7,7",
        "TURN 1,1",
        "TAKEBACK 2,2",
        "END",
        "ABOUT",
    ]
    result = run_limited(["-m", "tictactoe.brain"], stdin="\r\n".join(lines) + "\r\n")
    assert (result.returncode, result.stderr) == (0, "")
    replies = result.stdout.splitlines()
    assert replies[:6] == [
        "UNKNOWN 'hello' is no command of the protocol",
        "ERROR START needs the board's size, a whole number, got 'fifteen'",
        "ERROR there is no board yet: START comes first",
        f"ERROR a line is at most {MAX_LINE} characters; the rest of this one was skipped",
        "ERROR rule 16 (unknown) is not played here: only 0 freestyle, 1 standard, 4 renju and 8 caro",
        "OK",
    ]
    refused = "ERROR no move under rule 16, which is not played here: send a rule that is, or RESTART"
    assert replies[6:] == [refused, refused, "ERROR there is no stone on 2,2 to take back"]  # nothing after END


def test_bytes_that_are_not_utf8_and_an_input_that_just_stops() -> None:
    result = subprocess.run(
        BRAIN, input=b"START \xff\xfe\nSTART 15\n", capture_output=True, cwd=ROOT, timeout=60, check=False
    )
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.decode().splitlines() == [
        "ERROR START needs the board's size, a whole number, got '\ufffd\ufffd'",
        "OK",
    ]


def test_help_is_a_usage_and_an_argument_is_a_usage_error() -> None:
    assert run_limited(["-m", "tictactoe.brain", "--help"]).stdout.startswith("usage: python -m tictactoe.brain")
    result = run_limited(["-m", "tictactoe.brain", "15"])
    assert result.returncode == 2
    assert one_line(result) == "python -m tictactoe.brain: error: unrecognized arguments: 15"


def scattered(seed: int, size: int, stones: int) -> list[str]:
    """A BOARD command for a middle game: ``stones`` stones drawn at random, the opponent's first, none of
    them making a line of five; the brain is to move."""
    draw = random.Random(seed)
    while True:
        squares = draw.sample(range(size * size), stones)
        tiles = [sum(1 << square for square in squares[side::2]) for side in (0, 1)]
        if Position(Rules.square(size, 5), *tiles).winner is None:
            break
    stones_lines = [
        f"{square % size},{square // size},{2 if ply % 2 == 0 else 1}" for ply, square in enumerate(squares)
    ]
    return ["BOARD", *stones_lines, "DONE"]


@pytest.mark.slow
def test_every_reply_comes_within_timeout_turn_and_the_time_is_used(pipe: Pipe) -> None:
    turn = 0.3
    for line in ("START 15", f"INFO timeout_turn {round(turn * 1000)}", "INFO timeout_match 0", "INFO rule 0"):
        pipe.tell(line)
    assert pipe.process.stdout is not None
    assert pipe.process.stdout.readline() == "OK\n"
    thinking = []
    for seed in range(6):
        (message, move), seconds = pipe.ask(scattered(seed, 15, 2 * seed + 1), 2)
        assert seconds < turn, (seed, seconds)
        thinking.append(float(message.split(", ")[-1].removesuffix(" s")))
        assert move.count(",") == 1
    assert pipe.end() == (0, "")
    assert max(thinking) > 0  # it searched, not just answered


@pytest.mark.slow
def test_the_brain_stays_within_max_memory_under_an_address_space_limit() -> None:
    limit = 70_000_000  # room for the rest of the process and a table of about 29 000 positions on 20x20
    pipe = Pipe(memory=limit)
    for line in ("START 20", f"INFO max_memory {limit}", "INFO timeout_turn 1500"):
        pipe.tell(line)
    assert pipe.process.stdout is not None
    assert pipe.process.stdout.readline() == "OK\n"
    searched = 0
    for seed in range(8):
        (message, move), seconds = pipe.ask(scattered(seed, 20, 12), 2)
        assert message.startswith("MESSAGE"), (message, move)
        assert seconds < 1.5
        searched += int(message.split(", ")[-2].removesuffix(" positions"))
    assert pipe.end() == (0, "")
    assert searched > 29_000  # the table was filled, and its oldest positions made way


def pygomo_game(*, brain_first: bool, size: int, turn_ms: int, seed: int) -> tuple[Winner, list[float]]:
    """A game of the brain against the weights player, driven by pygomo-lib; the result and each reply's
    seconds."""
    game = Game(Rules.square(size, 5))
    opponent = WeightsPlayer(seed)
    replies = []
    engine = EngineClient(sys.executable, args=["-m", "tictactoe.brain"], working_directory=str(ROOT))
    with engine:
        assert engine.start(size)
        engine.set_time(turn_time_ms=turn_ms, match_time_ms=0)
        engine.set_rule(0)
        answer = None
        if brain_first:
            started = time.monotonic()
            answer = engine.begin(timeout=10)
            replies.append(time.monotonic() - started)
            assert answer is not None
            game.play(Move(answer.move.row, answer.move.col))
        while (mover := game.to_move) is not None:
            move = opponent.choose(game.board, mover)
            game.play(move)
            if game.result is not None:
                break
            started = time.monotonic()
            answer = engine.turn((move.col, move.row), timeout=10)
            replies.append(time.monotonic() - started)
            assert answer is not None
            game.play(Move(answer.move.row, answer.move.col))
    assert game.result is not None
    return game.result, replies


@pytest.mark.slow
@pytest.mark.parametrize("brain_first", [True, False])
def test_pygomo_plays_full_games_against_the_brain_within_its_time(brain_first: bool) -> None:
    result, replies = pygomo_game(brain_first=brain_first, size=15, turn_ms=300, seed=7)
    assert result == (Winner.X if brain_first else Winner.O)
    assert len(replies) >= 4
    assert max(replies) < 0.3


def test_pygomo_sets_a_board_takes_a_move_back_and_asks_about_the_brain() -> None:
    position = BoardPosition()
    for ply, square in enumerate(["h8", "h9", "i8", "i9", "j8"]):  # X: an open three on row 8; the brain is O
        position.add_move(PygomoMove(square), 2 if ply % 2 == 0 else 1)
    with EngineClient(sys.executable, args=["-m", "tictactoe.brain"], working_directory=str(ROOT)) as engine:
        assert engine.start(15)
        engine.set_time(turn_time_ms=300)
        about = engine.about(timeout=10)
        assert about is not None
        assert about.startswith('name="tictactoe-brain"')
        answer = engine.board(position, timeout=10)
        assert answer is not None
        assert str(answer.move) in ("f8", "g8", "k8", "l8")  # O stops the open three on its row
        assert engine.takeback(answer.move, timeout=10)
        assert engine.restart(timeout=10)


def board_lines(rows: list[str]) -> list[str]:
    """``BOARD`` ... ``DONE`` for the brain playing ``X`` (its stones field 1, the opponent's 2) on ``rows``."""
    fields = {"X": 1, "O": 2}
    stones = [
        f"{x},{y},{fields[symbol]}" for y, row in enumerate(rows) for x, symbol in enumerate(row) if symbol != "."
    ]
    return ["BOARD", *stones, "DONE"]


def test_under_renju_the_brain_as_black_never_answers_a_forbidden_point(pipe: Pipe) -> None:
    # h8 (7,7) would make two fours for black, e8-g8 and h5-h7 (d8 and h4 white's): a win under freestyle.
    grid = [["."] * 15 for _ in range(15)]
    for x, y in [(4, 7), (5, 7), (6, 7), (7, 4), (7, 5), (7, 6)]:
        grid[y][x] = "X"
    for x, y in [(3, 7), (7, 3), (0, 0), (14, 0), (0, 14), (14, 14)]:
        grid[y][x] = "O"
    rows = ["".join(row) for row in grid]
    assert pipe.ask(["INFO timeout_turn 500", "START 15"])[0] == ["OK"]
    (_, move), _ = pipe.ask(board_lines(rows), 2)
    assert move == "7,7"  # freestyle: the double four wins
    pipe.tell("INFO rule 4")
    (_, move), _ = pipe.ask(board_lines(rows), 2)
    x, y = map(int, move.split(","))
    assert renju_foul("".join(rows).replace(".", " "), 15, 15, Move(y, x)) is None
    assert move != "7,7"
    assert pipe.end() == (0, "")


def test_a_refused_rule_stops_every_move_through_pipes(pipe: Pipe) -> None:
    assert pipe.ask(["INFO rule 12", "START 15"], 2)[0] == [
        "ERROR rule 12 (renju, caro) is not played here: only 0 freestyle, 1 standard, 4 renju and 8 caro",
        "OK",
    ]
    refused = "ERROR no move under rule 12, which is not played here: send a rule that is, or RESTART"
    assert pipe.ask("BEGIN")[0] == [refused]
    assert pipe.ask(["BOARD", "7,7,2", "DONE"])[0] == [refused]
    assert pipe.ask("RESTART")[0] == ["OK"]
    assert pipe.ask("BEGIN", 2)[0][1] == "7,7"
    assert pipe.end() == (0, "")
