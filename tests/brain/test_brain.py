"""The brain's answers, line by line: the board it keeps, the moves it makes, and every line it refuses."""

from __future__ import annotations

import pytest

from tictactoe.brain.brain import MAX_SIDE, Brain, rule_variant
from tictactoe.brain.budget import Clock

#: What a refused rule's reply says is played.
PLAYED = "only 0 freestyle, 1 standard, 4 renju and 8 caro"


def started(*lines: str) -> Brain:
    """A brain that has been told ``lines``, each answered as expected (OK, or nothing)."""
    brain = Brain()
    for line in lines:
        assert brain.handle(line) in ([], ["OK"]), line
    return brain


def move_of(replies: list[str]) -> tuple[int, int]:
    """The move a reply ends with; the reply is a MESSAGE and the move."""
    assert len(replies) == 2, replies
    assert replies[0].startswith("MESSAGE "), replies
    x, y = replies[1].split(",")
    return int(x), int(y)


def test_a_game_of_tic_tac_toe_over_the_protocol() -> None:
    brain = started("INFO length 3", "START 3")
    assert move_of(brain.handle("BEGIN")) == (1, 1)  # the centre
    assert brain.handle("TURN 0,0")[0].startswith("MESSAGE proved: draw")
    assert brain.handle("TURN 1,1") == ["ERROR 1,1 is taken"]
    assert brain.handle("TURN 3,0") == ["ERROR 3,0 is off the 3x3 board"]


@pytest.mark.parametrize("timeout_turn", ["0", "50", "5000"])
@pytest.mark.parametrize(("size", "centre"), [(15, (7, 7)), (19, (9, 9)), (20, (9, 9))])
def test_the_first_move_of_a_large_empty_board_is_its_centre_whatever_the_time(
    size: int, centre: tuple[int, int], timeout_turn: str
) -> None:
    # A search this short cannot tell the squares near the centre apart: which it chose hung on the clock.
    for _ in range(2):
        brain = started(f"INFO timeout_turn {timeout_turn}", f"START {size}")
        assert move_of(brain.handle("BEGIN")) == centre


def has_line(points: set[tuple[int, int]]) -> bool:
    """Whether ``points`` hold three in a row on 3x3."""
    rows = [{(x, y) for x in range(3)} for y in range(3)] + [{(x, y) for y in range(3)} for x in range(3)]
    rows += [{(0, 0), (1, 1), (2, 2)}, {(2, 0), (1, 1), (0, 2)}]
    return any(row <= points for row in rows)


def every_game_is_kept(brain: Brain, mine: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> int:
    """Play every move of the opponent's against the brain, taking each back (TAKEBACK) after; the number of
    games played to their end.  The brain moves second on 3x3 with 3 in a row, a draw: it must never lose."""
    games = 0
    for point in [(x, y) for y in range(3) for x in range(3) if (x, y) not in mine | theirs]:
        replies = brain.handle(f"TURN {point[0]},{point[1]}")
        if has_line(theirs | {point}):
            assert replies == ["ERROR the game is over: there is no move to make"]
            raise AssertionError(f"the brain lost: it played {sorted(mine)}, the opponent {sorted(theirs)} and {point}")
        if len(mine | theirs) == 8:  # the opponent filled the board
            assert replies == ["ERROR the game is over: there is no move to make"]
            games += 1
            continue
        reply = move_of(replies)
        if has_line(mine | {reply}) or len(mine | theirs) == 7:
            games += 1
        else:
            games += every_game_is_kept(brain, mine | {reply}, theirs | {point})
        assert brain.handle(f"TAKEBACK {reply[0]},{reply[1]}") == ["OK"]
        assert brain.handle(f"TAKEBACK {point[0]},{point[1]}") == ["OK"]
    return games


def test_the_brain_holds_a_draw_against_every_game_of_tic_tac_toe() -> None:
    brain = started("INFO length 3", "START 3")
    assert every_game_is_kept(brain, set(), set()) > 100


def test_board_sets_the_position_and_the_counts_say_which_colour_the_brain_plays() -> None:
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,2", "1,0,2", "1,1,1")
    assert move_of(brain.handle("DONE")) == (2, 0)  # O blocks the row
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,1", "1,0,1", "1,1,2", "2,2,2")
    assert move_of(brain.handle("DONE")) == (2, 0)  # X completes the row
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,1", "1,0,1")
    assert brain.handle("DONE") == [
        "ERROR the brain has 2 stones and the opponent 0: "
        "the brain moves when it has as many as the opponent, or one fewer"
    ]


def test_a_bad_stone_of_board_is_refused_and_the_rest_is_kept() -> None:
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,2")
    assert brain.handle("0,0,1") == ["ERROR 0,0 is taken"]
    assert brain.handle("1,1,3") == [
        "ERROR field 3 of 1,1 is not played here: 1 is the brain's stone, 2 the opponent's"
    ]
    assert brain.handle("TURN 1,1") == ["ERROR a stone of BOARD is X,Y,FIELD: three whole numbers, got 'TURN 1,1'"]
    assert move_of(brain.handle("DONE")) == (1, 1)


def test_a_finished_game_is_refused_and_a_refused_turn_leaves_the_board_as_it_was() -> None:
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,2", "1,0,2", "0,1,1", "1,1,1")
    assert move_of(brain.handle("DONE")) == (2, 1)  # X, to move, completes its row
    assert brain.handle("TURN 2,2") == ["ERROR the game is over: there is no move to make"]
    assert brain.handle("TAKEBACK 2,2") == ["ERROR there is no stone on 2,2 to take back"]  # it was not kept
    assert brain.handle("TURN 2,0") == ["ERROR the game is over: there is no move to make"]  # whatever the stone


def test_a_finished_game_won_by_the_brain_as_o_is_refused_as_over() -> None:
    brain = started("INFO length 3", "START 3", "BOARD", "0,0,1", "1,0,1", "0,1,2", "1,1,2", "2,2,2")
    assert move_of(brain.handle("DONE")) == (2, 0)  # O, to move, completes its row
    assert brain.handle("TURN 2,1") == ["ERROR the game is over: there is no move to make"]


def test_takeback_restart_and_their_refusals() -> None:
    brain = started("INFO length 3", "START 3")
    assert brain.handle("TAKEBACK 0,0") == ["ERROR there is no stone on 0,0 to take back"]
    move_of(brain.handle("BEGIN"))
    assert brain.handle("BEGIN") == ["ERROR BEGIN opens a game on an empty board; this one has stones (RESTART first)"]
    assert brain.handle("RESTART") == ["OK"]
    assert move_of(brain.handle("BEGIN")) == (1, 1)


@pytest.mark.parametrize("line", ["BEGIN", "TURN 1,1", "BOARD", "SWAP2BOARD", "RESTART", "TAKEBACK 1,1"])
def test_a_game_command_before_start_is_refused(line: str) -> None:
    assert Brain().handle(line) == ["ERROR there is no board yet: START comes first"]


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("START 0", f"ERROR the board's sides must be 1 to {MAX_SIDE} squares, got 0x0"),
        ("START 27", f"ERROR the board's sides must be 1 to {MAX_SIDE} squares, got 27x27"),
        ("RECTSTART 30,5", f"ERROR the board's sides must be 1 to {MAX_SIDE} squares, got 30x5"),
        ("INFO rule 16", f"ERROR rule 16 (unknown) is not played here: {PLAYED}"),
        ("INFO rule 12", f"ERROR rule 12 (renju, caro) is not played here: {PLAYED}"),
        ("INFO rule 13", f"ERROR rule 13 (exactly five in a row, renju, caro) is not played here: {PLAYED}"),
        (
            "INFO rule 7",
            f"ERROR rule 7 (freestyle from a swap opening, as Rapfi reads it) is not played here: {PLAYED}",
        ),
        ("INFO length 0", f"ERROR INFO length takes 1 to {MAX_SIDE} in a row, got 0"),
        ("INFO timeout_turn -1", "ERROR INFO timeout_turn takes a whole number, got '-1'"),
        ("INFO max_memory lots", "ERROR INFO max_memory takes a whole number, got 'lots'"),
        ("SWAP5BOARD", "UNKNOWN 'SWAP5BOARD' is no command of the protocol"),
    ],
)
def test_settings_and_sizes_it_cannot_take_are_refused(line: str, reply: str) -> None:
    assert Brain().handle(line) == [reply]


def test_settings_it_does_not_know_pass_silently_and_known_ones_are_kept() -> None:
    brain = started("INFO game_type 1", "INFO folder /tmp", "INFO evaluate 1,1", "INFO thread_num 4", "INFO rule 0")
    for line in ("INFO timeout_turn 5000", "INFO timeout_match 180000", "INFO time_left 90000"):
        assert brain.handle(line) == []
    assert brain.clock == Clock(turn_ms=5000, match_ms=180_000, left_ms=90_000)


def test_the_match_clock_runs_down_with_each_move_until_the_manager_says_what_is_left() -> None:
    brain = started("INFO length 3", "START 3", "INFO timeout_match 60000")
    move_of(brain.handle("BEGIN"))
    left = brain.clock.left_ms
    assert left is not None
    assert 59_000 < left <= 60_000


def test_a_board_on_which_no_line_fits_gets_a_move_all_the_same() -> None:
    brain = started("START 3")  # five in a row on 3x3: nobody can win
    assert brain.handle("BEGIN") == ["MESSAGE no line of 5 fits on this board: every move draws", "0,0"]


def test_on_a_rectangle_the_brain_plays_on_it_only() -> None:
    brain = started("INFO length 3", "RECTSTART 5,1")
    assert move_of(brain.handle("BEGIN")) == (2, 0)  # the middle of a row of five
    assert brain.handle("TURN 0,1") == ["ERROR 0,1 is off the 5x1 board"]
    assert move_of(brain.handle("TURN 1,0")) in {(3, 0), (4, 0)}


def test_end_ends_and_about_names_the_brain() -> None:
    brain = Brain()
    assert brain.handle("ABOUT")[0].startswith('name="tictactoe-brain", version="')
    assert brain.handle("END") == []
    assert brain.ended


@pytest.mark.parametrize(
    ("number", "variant"),
    [
        (0, "freestyle"),
        (1, "standard"),
        (3, "standard"),
        (2, "renju"),
        (4, "renju"),
        (6, "renju"),
        (8, "caro"),
        (10, "caro"),
    ],
)
def test_info_rule_is_read_as_rapfi_reads_it(number: int, variant: str) -> None:
    assert rule_variant(number) == variant
    brain = started(f"INFO rule {number}", "START 9")
    assert move_of(brain.handle("BEGIN")) == (4, 4)


def test_no_move_is_made_under_a_refused_rule_until_one_is_accepted_or_restart() -> None:
    brain = started("INFO rule 4", "INFO timeout_turn 100", "START 15")
    refusal = "ERROR no move under rule 9, which is not played here: send a rule that is, or RESTART"
    assert brain.handle("INFO rule 9") == [f"ERROR rule 9 (exactly five in a row, caro) is not played here: {PLAYED}"]
    assert brain.handle("BEGIN") == [refusal]
    assert brain.handle("TURN 7,7") == [refusal]
    assert brain.handle("BOARD") == []
    assert brain.handle("7,7,2") == []
    assert brain.handle("DONE") == [refusal]
    assert brain.handle("RESTART") == ["OK"]
    move_of(brain.handle("TURN 7,7"))  # renju, the rule accepted last, holds again
    assert brain.handle("INFO rule 16")[0].startswith("ERROR rule 16")
    assert brain.handle("TURN 8,8") == [
        "ERROR no move under rule 16, which is not played here: send a rule that is, or RESTART"
    ]
    assert brain.handle("INFO rule 1") == []
    move_of(brain.handle("TURN 8,8"))


def test_renju_is_five_in_a_row() -> None:
    brain = started("INFO length 4")
    assert brain.handle("INFO rule 4") == ["ERROR rule 4 (renju) is played with 5 in a row, not 4"]
    assert brain.handle("INFO length 5") == []
    assert brain.handle("INFO rule 4") == []
    assert brain.handle("INFO length 4") == ["ERROR renju is played with 5 in a row, not 4: INFO rule first"]
