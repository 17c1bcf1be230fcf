"""The client of the Gomoku AI protocol against a brain that reads ``BOARD`` as the game's move sequence, as
Rapfi does (``tests/bench/sequence_brain.py``): the stones go in the order played, or, for a position set up by
hand, alternately with the opponent's last, so that the engine searches for its own side."""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import pytest

from bench.match import play_game
from bench.peers.gomocup import RESENDS, EngineError, ProtocolEngine, alternate_order, process_seconds
from bench.peers.startup import start_up
from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move
from configurations.rules import Rules, Variant
from tests.paths import ROOT
from tictactoe.game.game import Game
from tictactoe.players.base import choose_move

BRAIN = ROOT / "tests" / "bench" / "sequence_brain.py"


def sequence_brain(log: Path | None = None, size: int = 9, drops: int = 0) -> ProtocolEngine:
    command: list[str | Path] = [sys.executable, BRAIN, "--drops", str(drops)]
    if log is not None:
        command += ["--log", log]
    return ProtocolEngine("sequence", command, size=size, length=5, turn_ms=2000)


def board_of(rows: list[str]) -> Configurations:
    return Configurations.from_rows([row.replace(".", " ") for row in rows], 5, 0)


# Both sides have four in a row open at one end; the side to move wins at once at the square after its four.
# Row by row, the last stone is the mover's own: listed so, a brain of sequences searches for the other side.
O_TO_MOVE = ["XXXX.....", ".........", ".........", ".........", "....X....", *["........."] * 3, "OOOO....."]
X_TO_MOVE = ["OOOO.....", *["........."] * 7, "XXXX....."]


@pytest.mark.parametrize(("rows", "mover"), [(O_TO_MOVE, "O"), (X_TO_MOVE, "X")])
def test_a_position_set_up_by_hand_is_sent_with_the_opponent_s_stone_last(rows: list[str], mover: Symbol) -> None:
    engine = sequence_brain()
    try:
        assert engine.choose(board_of(rows), mover) == Move(8, 4)  # its own five, not the block of the other's
    finally:
        engine.close()


def test_the_alternate_order_puts_x_first_and_the_side_not_to_move_last() -> None:
    order = alternate_order(board_of(O_TO_MOVE))
    assert [str(move) for move in order] == ["a1", "a9", "b1", "b9", "c1", "c9", "d1", "d9", "e5"]
    assert [str(move) for move in alternate_order(board_of(["." * 9] * 9))] == []


class Scripted:
    """Plays the given moves in turn, then the first empty square row by row."""

    name = "scripted"

    def __init__(self, moves: list[Move]) -> None:
        self._moves = moves

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        if self._moves:
            return self._moves.pop(0)
        size = board.board_size
        return Move(*divmod(board.configuration().index(" "), size))


def test_board_lists_the_stones_in_the_order_played_then_turn_follows(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    engine = sequence_brain(log)
    opening = [Move(4, 4), Move(0, 0), Move(8, 8)]  # X, O, X: last in the order played, first row by row
    # The engine plays O; X's scripted moves after the opening build a row the engine must block.
    x_moves = [Move(2, 1), Move(2, 2), Move(2, 3), Move(2, 4), Move(6, 6), Move(6, 7), Move(7, 7)]
    try:
        game = play_game(Scripted(x_moves), engine, a_plays_x=True, rules=Rules.square(9, 5), opening=opening)
    finally:
        engine.close()
    received = log.read_text(encoding="utf-8").splitlines()
    start = received.index("BOARD")
    assert received[start : start + 5] == ["BOARD", "4,4,2", "0,0,1", "8,8,2", "DONE"]
    assert received[start + 5] == "TURN 1,2"  # then the moves one at a time
    assert not any(line == "RESTART" for line in received)
    assert Move(2, 0) in game.moves or Move(2, 5) in game.moves  # the brain blocked the four it was shown
    assert len(engine.seconds) == len(game.seconds[1])


def test_the_moves_so_far_reach_the_engine_through_the_game_loop_s_choice() -> None:
    engine = sequence_brain()
    game = Game(Rules.square(9, 5))
    order = [Move(0, 0), Move(8, 0), Move(0, 1), Move(8, 1), Move(0, 2), Move(8, 2), Move(0, 3), Move(8, 3)]
    for move in order:
        game.play(move)
    game.play(Move(4, 4))  # X; now O to move, and the last stone row by row is O's own
    try:
        assert choose_move(engine, game.board, "O", game.moves) == Move(8, 4)
    finally:
        engine.close()


def test_a_new_game_is_sent_from_the_start_after_restart(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    engine = sequence_brain(log)
    try:
        first = engine.choose_after([Move(4, 4)], board_of(["." * 9] * 4 + ["....X...."] + ["." * 9] * 4), "O")
        assert first != Move(4, 4)
        other = board_of(["X........"] + ["." * 9] * 8)
        engine.choose_after([Move(0, 0)], other, "O")
    finally:
        engine.close()
    received = log.read_text(encoding="utf-8").splitlines()
    assert received[-5:] == ["RESTART", "BOARD", "0,0,2", "DONE", "END"]


def test_a_turn_the_engine_dropped_while_it_finished_its_search_is_sent_again(tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    engine = sequence_brain(log, drops=RESENDS)
    x_moves = [Move(2, 1), Move(2, 2), Move(2, 3), Move(2, 4), Move(6, 6), Move(6, 7), Move(7, 7)]
    try:
        game = play_game(Scripted(x_moves), engine, a_plays_x=True, rules=Rules.square(9, 5), opening=[Move(4, 4)])
    finally:
        engine.close()
    received = log.read_text(encoding="utf-8").splitlines()
    turns = [line for line in received if line.startswith("TURN")]
    # Each of X's moves after the engine's first reply reached it RESENDS + 1 times, the last time taken.
    assert turns == [turn for turn in dict.fromkeys(turns) for _ in range(RESENDS + 1)]
    assert engine.resent == RESENDS * len(dict.fromkeys(turns)) > 0
    assert Move(2, 0) in game.moves or Move(2, 5) in game.moves  # it still saw the moves, and blocked


def test_an_engine_that_keeps_dropping_a_turn_fails_the_game() -> None:
    engine = sequence_brain(drops=RESENDS + 1)
    game = Game(Rules.square(9, 5))
    game.play(Move(4, 4))
    try:
        game.play(engine.choose_after(game.moves, game.board, "O"))
        game.play(Move(0, 0))
        with pytest.raises(EngineError, match="answered 'ERROR Unknown command: 0,0' where a move was due"):
            engine.choose_after(game.moves, game.board, "O")
    finally:
        engine.close()
    assert engine.resent == RESENDS


def test_the_moves_must_be_those_of_the_board() -> None:
    engine = sequence_brain()
    with pytest.raises(ValueError, match="2 moves cannot have led to this board"):
        engine.choose_after([Move(0, 0), Move(1, 1)], board_of(["X........"] + ["." * 9] * 8), "O")
    engine.close()


def test_the_engine_s_start_up_lines_and_its_processor_time_are_kept() -> None:
    engine = sequence_brain()
    try:
        engine.choose(board_of(["." * 9] * 9), "X")
    finally:
        engine.close()
    assert engine.startup == ["MESSAGE sequence brain ready"]
    assert len(engine.seconds) == len(engine.processor_seconds) == 1
    assert 0 <= engine.processor_seconds[0] <= engine.seconds[0] + 0.02


def test_processor_seconds_are_read_for_a_running_process_and_none_for_a_gone_one() -> None:
    own = process_seconds(os.getpid())
    assert own is not None
    assert own > 0
    assert process_seconds(2**22 + 12345) is None


def test_the_start_up_is_heard_with_the_model_its_config_loads(tmp_path: Path) -> None:
    (tmp_path / "weights.bin").write_bytes(b"weights")
    (tmp_path / "config.toml").write_text('[model]\nbinary_file = "weights.bin"\n', encoding="utf-8")
    command: list[str | Path] = [sys.executable, BRAIN, "--about", "Rapfi", "--config", "config.toml"]
    heard = start_up("rapfi", command, cwd=tmp_path)
    assert heard.about == 'name="Rapfi", version="1"'
    assert heard.text().splitlines() == [
        'rapfi: name="Rapfi", version="1"',
        "  MESSAGE Load config from config.toml",
        "  MESSAGE sequence brain ready",
        "  model: weights.bin sha256 " + hashlib.sha256(b"weights").hexdigest(),
        "  threads: INFO thread_num 1",
    ]


def test_a_rapfi_that_loaded_no_config_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="rapfi is Rapfi started without a config"):
        start_up("rapfi", [sys.executable, BRAIN, "--about", "Rapfi"], cwd=tmp_path)
    other = start_up("sequence", [sys.executable, BRAIN], cwd=tmp_path)  # another engine needs no config
    assert (other.lines, other.model) == (("MESSAGE sequence brain ready",), None)


@pytest.mark.parametrize(("variant", "value"), [(Variant.FREESTYLE, 0), (Variant.STANDARD, 1), (Variant.RENJU, 4)])
def test_the_engine_is_told_the_game_s_rule(variant: Variant, value: int, tmp_path: Path) -> None:
    log = tmp_path / "received.txt"
    command: list[str | Path] = [sys.executable, BRAIN, "--log", log]
    engine = ProtocolEngine("sequence", command, size=15, length=5, turn_ms=2000, variant=variant)
    try:
        engine.start()
        engine.about()  # answered once the settings before it were read
    finally:
        engine.close()
    received = log.read_text(encoding="utf-8").splitlines()
    assert [line for line in received if line.startswith("INFO rule")] == [f"INFO rule {value}"]
