"""The rating's own logic, with the project's players only (no outside package needed): pairings played with
colours balanced, forfeits, the table, the SGF files, and the protocol client against the project's brain."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import bench.rating
from bench.match import MatchGame
from bench.peers import PEERS
from bench.peers.gomocup import EngineError, ProtocolEngine
from bench.rating import (
    Entrant,
    Matchup,
    MatchupResult,
    left_out,
    pairings,
    play_pairing,
    report,
    write_games,
)
from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move
from configurations.rules import Opening, Rules, Variant
from tests.paths import ROOT
from tictactoe.game.game import Game
from tictactoe.game.sgf import parse_sgf
from tictactoe.players.base import Player
from tictactoe.players.strong import StrongPlayer
from tictactoe.players.weights import WeightsPlayer

WEIGHTS = Entrant("weights", "one ply", lambda rules, seed: WeightsPlayer(seed))
QUICK_STRONG = Entrant("strong", "0.02 s a move", lambda rules, seed: StrongPlayer(rules.squares, 0.02))


class Failing:
    """A player that fails at its first move, as an engine that falls silent does."""

    name = "failing"

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        raise EngineError("failing said nothing for 2 s")


def test_a_pairing_plays_each_opening_once_with_each_side_as_x() -> None:
    result = play_pairing(Matchup(QUICK_STRONG, WEIGHTS, 9), games=4, seed=3)
    assert result.played == 4
    assert [game.a_plays_x for game in result.games] == [True, False, True, False]
    assert result.games[0].opening == result.games[1].opening != result.games[2].opening
    assert result.wins(0) + result.wins(1) + result.draws == 4
    assert result.wins(0) >= 3  # the strong player beats one ply of line weights
    assert len(result.seconds(0, wall=False)) == sum(len(game.seconds[0]) for game in result.games)
    assert len(result.seconds(0, wall=True)) == len(result.seconds(0, wall=False))


def test_an_engine_that_fails_loses_its_game_and_the_run_goes_on() -> None:
    failing = Entrant("failing", "-", lambda rules, seed: Failing(), outside=True)
    result = play_pairing(Matchup(WEIGHTS, failing, 9), games=2, seed=1)
    assert result.games == ()
    assert result.forfeits == ((1, "EngineError: failing said nothing for 2 s"),) * 2
    assert result.forfeits_a_x == (True, False)
    assert (result.wins(0), result.wins(1), result.points(0)) == (2, 0, 2)
    assert (result.wins(0, a_plays_x=True), result.count(a_plays_x=True)) == (1, 1)


def game(a_plays_x: bool, moves: str, seconds: tuple[tuple[float, ...], tuple[float, ...]]) -> MatchGame:
    """A finished game of a pairing on 9x9, its opening the first two moves; each move's wall-clock time a
    tenth more than its processor time."""
    played = tuple(Move.parse(text, 9) for text in moves.split())
    board = Game(Rules.square(9, 5))
    for move in played:
        board.play(move)
    assert board.result is not None
    wall = (tuple(t + 0.1 for t in seconds[0]), tuple(t + 0.1 for t in seconds[1]))
    return MatchGame(played[:2], a_plays_x, played, board.result, seconds, wall)


def sample_result() -> MatchupResult:
    """Two games of strong against an engine on 9x9: strong wins the first as X, loses the second as O."""
    engine = Entrant("engine", "level hard", lambda rules, seed: WeightsPlayer(seed), outside=True)
    strong = Entrant("strong", "0.2 s a move", lambda rules, seed: StrongPlayer(81, 0.2))
    strong_wins = "e5 d4 e6 d5 e7 d6 e8 d7 e9"  # strong, X: e5 to e9
    engine_wins = "a1 e5 a2 e6 a3 e7 a4 e8 a5"  # the engine, X: a1 to a5
    games = (
        game(True, strong_wins, ((0.1, 0.2, 0.3, 0.4), (0.5, 0.6, 0.7))),
        game(False, engine_wins, ((0.1, 0.1, 0.1), (1.0, 1.0, 1.0, 1.0))),
    )
    return MatchupResult(Matchup(strong, engine, 9, targeted=True), games)


def test_the_report_gives_the_scores_the_colours_the_times_the_verdict_and_every_game_strong_lost() -> None:
    assert report([sample_result()]).splitlines() == [
        "rule: freestyle, opening rule: free",
        "",
        "board  think A               B               games A wins draws A losses A score  95% interval      "
        "Elo A-B (95%)",
        "9x9     0.2 strong          engine              2      1     0        1   50.0%    9.5%-90.5%    "
        "+0 (-393..+393)",
        "",
        "board  think A               B                     A as X (W-D-L, score, 95%)"
        "                           A as O",
        "9x9     0.2 strong          engine                 1-0-0 100.0% 20.7%-100.0%            0-0-1 0.0% 0.0%-79.3%",
        "",
        "board  think A               B               A wall s  A cpu s A max wall B wall s  B cpu s B max wall",
        "9x9     0.2 strong          engine             0.286    0.186      0.500    0.929    0.829      1.100",
        "(seconds a move: wall clock as the game loop saw it; processor time of the player's own process)",
        "",
        "settings:",
        "  strong: 0.2 s a move",
        "  engine: level hard",
        "",
        "target: strong scores at least 95%, the lower end of its 95% interval at least 85%, against every outside "
        "engine of the package registry",
        "  9x9 0.2 s strong-engine: 50.0% (low 9.5%), MISSED",
        "",
        "games strong lost: 1",
        "  9x9, 0.2 s, strong as O lost to engine: a1 e5 a2 e6 a3 e7 a4 e8 a5",
    ]


def test_every_game_is_written_as_sgf_that_reads_back(tmp_path: Path) -> None:
    result = sample_result()
    path = write_games(result, tmp_path)
    assert path.name == "9x9-strong-engine-0.2s.sgf"
    records = parse_sgf(path.read_bytes())
    assert [tuple(timed.move for timed in record.moves) for record in records] == [g.moves for g in result.games]
    assert [(record.x.kind, record.o.kind) for record in records] == [("strong", "engine"), ("engine", "strong")]
    # The wall-clock seconds of each move, the opening's 0.
    assert [timed.seconds for timed in records[0].moves] == [0, 0, 0.2, 0.6, 0.3, 0.7, 0.4, 0.8, 0.5]


def test_the_pairings_leave_out_the_engines_whose_packages_are_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.rating, "missing", lambda peer: "absent")
    found = pairings([15, 10], [("rapfi", Path("/bin/true"))], brain=True)
    assert [(p.a.name, p.b.name, p.size, p.targeted) for p in found] == [
        ("brain", "strong", 15, False),
        ("strong", "rapfi", 15, False),
    ]
    monkeypatch.setattr(bench.rating, "missing", lambda peer: None)
    found = pairings([10], [], brain=True)
    assert [(p.b.name, p.size, p.targeted) for p in found] == [(peer.name, 10, True) for peer in PEERS]


def test_an_odd_number_of_games_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.rating", "--games", "3"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "python -m bench.rating: error: argument --games: must be even, so that each side plays X in half the "
        "games, got 3"
    )


def brain(turn_ms: int) -> ProtocolEngine:
    return ProtocolEngine("brain", [sys.executable, "-m", "tictactoe.brain"], size=9, length=5, turn_ms=turn_ms)


@pytest.mark.slow
def test_the_protocol_client_plays_the_brain_with_turn_board_and_restart() -> None:
    engine: Player = brain(200)
    assert isinstance(engine, ProtocolEngine)
    try:
        game = Game(Rules.square(9, 5))
        game.play(Move(4, 4))
        opponent = WeightsPlayer(1)
        while (mover := game.to_move) is not None:  # TURN after the first move, which is BOARD
            player = engine if mover == "O" else opponent
            game.play(player.choose(game.board, mover))
        other = Game(Rules.square(9, 5))
        other.play(Move(0, 0))
        move = engine.choose(other.board, "O")  # another game: RESTART, then BOARD
        assert move != Move(0, 0)
    finally:
        engine.close()
    assert len(engine.seconds) >= 3
    assert max(engine.seconds) < 0.2


def test_the_protocol_client_says_when_the_engine_refuses() -> None:
    engine = ProtocolEngine("brain", [sys.executable, "-m", "tictactoe.brain"], size=30, length=5, turn_ms=200)
    try:
        with pytest.raises(EngineError) as refused:
            engine.choose(Configurations(3, 3, 0), "X")
        assert str(refused.value) == (
            'brain answered "ERROR the board\'s sides must be 1 to 26 squares, got 30x30" where OK was due'
        )
    finally:
        engine.close()


def test_pair_think_and_timeout_turn_choose_and_set_the_pairings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.rating, "missing", lambda peer: None)
    found = pairings([15], [("rapfi", Path("/bin/true"))], brain=True, think=1.0, turn_ms=900, only=["rapfi"])
    assert [(p.a.name, p.b.name, p.think, p.a.setting, p.b.setting) for p in found] == [
        ("strong", "rapfi", 1.0, "1 s a move", "timeout_turn 900 ms")
    ]
    (brain,) = pairings([15, 10], [], brain=True, think=0.2, only=["brain"])
    assert (brain.a.name, brain.a.turn_ms, brain.b.setting) == ("brain", 250, "0.2 s a move")


def test_a_rapfi_that_loaded_no_config_is_refused_before_any_game(tmp_path: Path) -> None:
    script = tmp_path / "pbrain-rapfi"
    brain = ROOT / "tests" / "bench" / "sequence_brain.py"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{brain}" --about Rapfi\n', encoding="utf-8")
    script.chmod(0o755)
    result = subprocess.run(
        [sys.executable, "-m", "bench.rating", "--engine", f"rapfi={script}", "--pair", "rapfi", "--games", "2"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith(
        "python -m bench.rating: error: rapfi is Rapfi started without a config"
    )
    assert "game 1/2" not in result.stderr


def test_turn_commands_an_engine_dropped_are_counted_and_reported() -> None:
    brain: list[str | Path] = [sys.executable, ROOT / "tests" / "bench" / "sequence_brain.py", "--drops", "1"]
    engine = bench.rating.protocol_entrant("dropping", brain, 2000, outside=True)
    result = play_pairing(Matchup(WEIGHTS, engine, 9), games=2, seed=1)
    assert result.forfeits == ()
    moves = sum(len(game.seconds[1]) for game in result.games)
    # Every move of the brain's but the first of a game came after a TURN, dropped once.
    assert result.resent == (0, moves - 2)
    assert f"  dropping dropped {moves - 2} TURN commands (it was still finishing its search), sent again" in (
        report([result]).splitlines()
    )


def test_a_pair_that_is_not_played_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bench.rating", "--pair", "nobody", "--board", "10", "--no-brain"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert (
        result.stderr.splitlines()[-1]
        == "python -m bench.rating: error: argument --pair: no pairing of nobody is played here"
    )


def test_games_are_written_only_where_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "pbrain-sequence"
    brain = ROOT / "tests" / "bench" / "sequence_brain.py"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{brain}" --about Sequence\n', encoding="utf-8")
    script.chmod(0o755)
    committed = tmp_path / "rating_games"
    monkeypatch.setattr(bench.rating, "GAMES_DIR", committed)
    quick = ["--engine", f"sequence={script}", "--pair", "sequence", "--board", "15", "--games", "2", "--think", "0.02"]

    assert bench.rating.main(quick) == 0
    assert not committed.exists()
    assert capsys.readouterr().err.splitlines()[-1] == (
        "The games were not written: --games-dir DIR writes them as SGF."
    )

    kept = tmp_path / "kept"
    assert bench.rating.main([*quick, "--games-dir", str(kept)]) == 0
    (path,) = kept.iterdir()
    assert path.name == "15x15-strong-sequence-0.02s.sgf"
    assert len(parse_sgf(path.read_text(encoding="utf-8"))) == 2
    assert "not written" not in capsys.readouterr().err
    assert not committed.exists()

    results = tmp_path / "results.txt"
    assert bench.rating.main([*quick, "--write", str(results)]) == 0
    assert [path.name for path in committed.iterdir()] == ["15x15-strong-sequence-0.02s.sgf"]
    assert results.read_text(encoding="utf-8").startswith("Python ")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--engine", f"rapfi={ROOT / 'tests' / 'bench' / 'sequence_brain.py'}", "--opening-rule", "swap2"],
            "argument --opening-rule: rapfi plays the free opening only, not swap2: the protocol's client speaks no "
            "opening command (SWAP2BOARD)",
        ),
        (["--opening-rule", "swap", "--no-brain"], "argument --opening-rule: no pairing is played here by freestyle "
         "from a swap opening"),
        (["--rule", "five"], "argument --rule: invalid choice: 'five' (choose from 'freestyle', 'standard', 'renju', "
         "'caro')"),
    ],
)  # fmt: skip
def test_rules_no_engine_can_play_are_one_line_and_status_2(
    arguments: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench.rating, "missing", lambda peer: "absent")  # no engine of the registry, wherever run
    with pytest.raises(SystemExit) as exit_:
        bench.rating.main(arguments)
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"python -m bench.rating: error: {message}"


def test_under_another_rule_the_registry_s_engines_are_left_out_and_the_protocol_s_are_told_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench.rating, "missing", lambda peer: None)
    renju = pairings([15], [("rapfi", Path("/bin/true"))], brain=True, variant=Variant.RENJU)
    assert [(p.a.name, p.b.name, str(p.rules)) for p in renju] == [
        ("brain", "strong", "15x15, 5 in a row, renju"),
        ("strong", "rapfi", "15x15, 5 in a row, renju"),
    ]
    engine = renju[1].b.make(renju[1].rules, 0)
    assert isinstance(engine, ProtocolEngine)
    assert engine._variant is Variant.RENJU
    swap = pairings([15], [], brain=True, opening=Opening.SWAP)
    assert swap == []
    assert left_out(Variant.FREESTYLE, Opening.SWAP, brain=True) == [
        "gomoku-terminal plays freestyle from a free opening only, not freestyle from a swap opening",
        "gomokubench plays freestyle from a free opening only, not freestyle from a swap opening",
        "openspiel-mcts plays freestyle from a free opening only, not freestyle from a swap opening",
        "brain plays the free opening only, not swap: the protocol's client speaks no opening command (SWAP2BOARD)",
    ]


def test_the_report_names_the_rule_and_gives_the_referee_s_findings() -> None:
    result = sample_result()
    standard = MatchupResult(dataclasses.replace(result.pairing, variant=Variant.STANDARD), result.games)
    lines = report([standard]).splitlines()
    assert lines[:2] == ["rule: standard, opening rule: free", ""]
    start = lines.index(
        "9x9 strong-engine, referee: exactly 5 in a row, judged in bench/referee.py, every move of 2 games"
    )
    assert lines[start + 1 : start + 5] == [
        "  results it gives as the games do: 2 of 2",
        "  black moves it calls forbidden: strong 0, engine 0",
        "  points black chose that the project refused as forbidden (black lost): 0",
        "",
    ]


def test_against_rapfi_under_another_rule_than_freestyle_no_goal_is_claimed() -> None:
    result = sample_result()
    rapfi = dataclasses.replace(result.pairing.b, name="rapfi")
    for variant, verdict in [
        (Variant.RENJU, "  9x9 0.2 s strong-rapfi: 50.0% under renju (no goal yet: the first figures)"),
        (Variant.FREESTYLE, "  9x9 0.2 s strong-rapfi: 50.0% (goal 25%), met"),
    ]:
        pairing = dataclasses.replace(result.pairing, b=rapfi, targeted=False, variant=variant)
        assert verdict in report([MatchupResult(pairing, result.games)]).splitlines()
