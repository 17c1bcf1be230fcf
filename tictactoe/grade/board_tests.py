"""Board and play cases, judged here: the process sets up the board and reports what the methods answered.

A board case asks ``wins`` for X and for O, ``isDraw`` and ``evalBoard``
(as the case names them); a play case runs the search from the board (the
grader's own Java transcription of the reference search through the
submission's methods, or a Python submission's own ``computer_play``) and
reports score, square and node count, with ``squareIsEmpty`` of every
square before and after, so that a search that leaves the board changed is
caught.  The expected answers never leave the grader.

Beside TestPlay's built-in cases the grader has boards of its own
(:data:`GRADER_BOARDS`) for the diagonal mistakes of real solutions that
only node counts revealed before: diagonals looked for through the corners
only (the two main diagonals), and diagonals whose first or last start is
missed by one; and ``board-read-back`` (:func:`read_back_test`), which
plays a board's tiles and reads every square back, so that a ``savePlay``
that stores nothing fails a test of its own, whatever the seed.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from tictactoe.grade.observations import Observation, Returned
from tictactoe.grade.talk import Broke, Failed, GradeTest, Talk
from tictactoe.harness.play_cases import Case, Value, show_answers

__all__ = ["GRADER_BOARDS", "READ_BACK_BOARD", "case_test", "judge_answers", "read_back_test", "where"]

_QUESTIONS = ("wins_x", "wins_o", "is_draw", "eval")
_HUMAN_WINS, _COMPUTER_WINS, _UNDECIDED = 0, 3, 1


def _board(case_id: str, length: int, board: list[str], **expect: bool | int) -> Case:
    return Case(case_id, "board", len(board), length, 0, tuple(board), tuple(expect.items()))


#: Boards that catch diagonals looked for only through the corners, diagonal starts missed by one, and a
#: diagonal that wraps around the board's edge (a negative index in Python).
GRADER_BOARDS = (
    # a diagonal and an anti-diagonal that pass through no corner of the board,
    _board("board-diagonal-off-corner", 3, ["     ", "  X  ", "   X ", "    X", "O O  "], wins_x=True,
           eval=_HUMAN_WINS),
    _board("board-anti-diagonal-off-corner", 3, ["  O  ", " O   ", "O    ", "     ", "X X  "], wins_o=True,
           eval=_COMPUTER_WINS),
    # runs that start on the last row a run can start from (n - k), off the main diagonals,
    _board("board-diagonal-last-start", 3, ["     ", "     ", " X   ", "  X  ", "O OX "], wins_x=True,
           eval=_HUMAN_WINS),
    _board("board-anti-diagonal-last-start", 3, ["     ", "     ", "    O", "   O ", "X O X"], wins_o=True,
           eval=_COMPUTER_WINS),
    # and an anti-diagonal that is no line: two tiles at the left edge, the third at the right one.
    _board("board-anti-diagonal-no-wrap", 3, [" X  ", "X   ", "   X", "OO O"], wins_x=False, wins_o=False,
           eval=_UNDECIDED),
)  # fmt: skip


#: The board ``board-read-back`` plays and reads back: both symbols, and empty squares between and around them.
READ_BACK_BOARD = _board("board-read-back", 3, ["X O", " X ", "O  "])


def where(case: Case) -> str:
    """The case's board as a case file writes it, and its numbers: ``["X  ", ...] (size 3, length 3)``."""
    numbers = f"size {case.size}, length {case.length}"
    if case.check == "play":
        numbers += f", max_levels {case.max_levels}"
    return f"{json.dumps(list(case.board))} ({numbers})"


def case_test(case: Case, hidden: bool = False) -> GradeTest:
    """The test of one board or play case, named by its id."""
    return GradeTest(case.id, _play(case) if case.check == "play" else _board_questions(case), case, hidden=hidden)


def judge_answers(talk: Talk, expected: dict[str, Value], actual: dict[str, object]) -> None:
    """:class:`Failed` unless every expected answer came, of its type (a bool is no int) and value."""
    if all(type(actual.get(key)) is type(value) and actual.get(key) == value for key, value in expected.items()):
        return
    got = " ".join(f"{key}={talk.words.answer(actual[key]) if key in actual else 'nothing'}" for key in expected)
    raise Failed(f"expected {show_answers(expected)}, got {got}")


def board_operation(case: Case) -> list[object]:
    """The operation that sets up the case's board."""
    cells = "".join(row.replace(" ", ".") for row in case.board)
    return ["board", case.size, case.length, case.max_levels, cells]


def _on_board(case: Case, run: Callable[[Talk], None]) -> Callable[[Talk], str]:
    """``run``, with its failure's message opened by the board it was on."""

    def on_board(talk: Talk) -> str:
        try:
            run(talk)
        except Failed as failure:
            raise Failed(f"on the board {where(case)}: {failure}") from None
        except Broke as broke:
            raise Broke(f"on the board {where(case)}: {broke}") from None
        return ""

    return on_board


def _value(talk: Talk, observed: Observation) -> object:
    if isinstance(observed, Returned):
        return observed.value
    raise Broke(talk.words.unusable(observed))


def _board_questions(case: Case) -> Callable[[Talk], str]:
    keys = [key for key, _ in case.expect if key in _QUESTIONS]

    def run(talk: Talk) -> None:
        observed = talk.ask([board_operation(case), *(["ask", key] for key in keys)])
        _value(talk, observed[0])
        actual = {key: _value(talk, answer) for key, answer in zip(keys, observed[1:], strict=True)}
        judge_answers(talk, dict(case.expect), actual)

    return _on_board(case, run)


def read_back_test() -> GradeTest:
    """``board-read-back``: after the tiles of :data:`READ_BACK_BOARD` are played, every square reads as played."""
    case = READ_BACK_BOARD
    expected = "".join("1" if square == " " else "0" for row in case.board for square in row)

    def run(talk: Talk) -> None:
        observed = talk.ask([board_operation(case), ["empty"]])
        _value(talk, observed[0])
        squares = _value(talk, observed[1])
        if squares != expected:
            shown = squares if isinstance(squares, str) else talk.words.value(squares)
            raise Failed(
                f"once its tiles were played, {talk.words.square_is_empty} answers {shown}, not {expected} (row by"
                " row, 1 for an empty square)"
            )

    return GradeTest(case.id, _on_board(case, run), case)


def _play(case: Case) -> Callable[[Talk], str]:
    def run(talk: Talk) -> None:
        observed = talk.ask([board_operation(case), ["empty"], ["play"], ["empty"]])
        _value(talk, observed[0])
        before = _value(talk, observed[1])
        answer = _value(talk, observed[2])
        after = _value(talk, observed[3])
        if after != before:
            raise Failed(
                f"the board was not left as it was found: {talk.words.square_is_empty} answers {after} where it"
                f" answered {before} (row by row, 1 for an empty square)"
            )
        if not isinstance(answer, dict):
            raise Broke(f"the search gave {talk.words.value(answer)}, not a play")
        judge_answers(talk, dict(case.expect), answer)

    return _on_board(case, run)
