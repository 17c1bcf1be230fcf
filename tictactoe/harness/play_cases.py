"""TestPlay's cases: case files, the built-in tests, and running them.

A case file is JSON Lines, one case per line (docs/dictionary.md)::

    {"id": "b1", "check": "board", "size": 3, "length": 3,
     "board": ["XOX", "XOO", "OXX"],
     "expect": {"wins_x": false, "wins_o": false, "is_draw": true, "eval": 2}}

Running anything yields :class:`CaseResult` values, one per case, that
``testplay.py`` prints; nothing here prints.  A line that is not a valid
case becomes a failed result named by its file and line number, so one bad
line neither hides the other cases nor stops the run.

Limits keep a run bounded whatever a file holds: a line of more than
:data:`MAX_LINE_BYTES` is refused and the rest of its file is not read,
and a ``play`` case whose search could try more than
:data:`MAX_POSITIONS` positions (:func:`~configurations.search.most_positions`)
is refused before it starts.

>>> case = parse_case('{"id": "b", "check": "board", "size": 2, "length": 2, '
...                   '"board": ["XO", "OX"], "expect": {"wins_o": true, "eval": 3}}')
>>> run_case(case).line()
'ok b'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, TypeAlias

from configurations.board import Configurations
from configurations.results import PosPlay, SearchStats
from configurations.search import computer_play, most_positions
from configurations.symbols import COMPUTER, COMPUTER_WINS, DRAW, EMPTY, HUMAN, HUMAN_WINS, SYMBOLS, UNDECIDED
from hashdict import DictionaryException, is_prime, require_int

__all__ = [
    "MAX_LINE_BYTES",
    "MAX_POSITIONS",
    "Case",
    "CaseFileError",
    "CaseResult",
    "Check",
    "builtin_cases",
    "builtin_results",
    "parse_case",
    "read_case_file",
    "run_case",
    "run_case_files",
    "show_answers",
]

#: The longest line a case file may hold, 1 MiB: a case of the largest board, 26x26, takes about 2 KB.
MAX_LINE_BYTES = 2**20
#: The most positions a play case's search could try, counted as for the hash report's searches: every
#: board it could expand times the squares it would try there.  Real searches try a hundredth to a
#: thousandth of it, so what is admitted ends within a minute; 4x4 searched to the end from one tile
#: (18 million) and 5x5 at 6 levels (58 million) pass, 26x26 at 50 levels does not.
MAX_POSITIONS = 10**10

Check: TypeAlias = Literal["play", "board"]
#: A checked value: an int (score, row, col, nodes, eval) or a bool.
Value: TypeAlias = int | bool

# What each kind of case may expect, in the order results are reported, and
# the JSON type of each value.  A bool is not an int here (unlike Python).
_EXPECT_KEYS: Final[dict[str, dict[str, type]]] = {
    "play": {"score": int, "row": int, "col": int, "nodes": int},
    "board": {"wins_x": bool, "wins_o": bool, "is_draw": bool, "eval": int},
}


@dataclass(frozen=True, slots=True)
class Case:
    """One case: a board, what to ask of it, and the answers expected.

    ``expect`` holds ``(key, value)`` pairs in the order the case file gave
    them; only those keys are checked.
    """

    id: str
    check: Check
    size: int
    length: int
    max_levels: int
    board: tuple[str, ...]
    expect: tuple[tuple[str, Value], ...]


@dataclass(frozen=True, slots=True)
class CaseResult:
    """The result of one case: passed when ``failure`` is ``None``.

    >>> CaseResult("p1", None).line()
    'ok p1'
    >>> CaseResult("p1", "expected score=3, got score=1").line()
    'FAIL p1: expected score=3, got score=1'
    """

    id: str
    failure: str | None

    @property
    def passed(self) -> bool:
        """Whether the case passed."""
        return self.failure is None

    def line(self) -> str:
        """The line TestPlay prints: ``ok ID`` or ``FAIL ID: reason``."""
        return f"ok {self.id}" if self.failure is None else f"FAIL {self.id}: {self.failure}"


class CaseFileError(ValueError):
    """A case file that cannot be read, or one of its lines that is not a case.

    ``location`` is ``FILE:LINE`` (just ``FILE``, and ``line`` is ``None``,
    when the whole file is at fault) and ``problem`` says what is wrong.

    >>> str(CaseFileError("cases.jsonl", 3, "missing key 'id'"))
    "cases.jsonl:3: missing key 'id'"
    """

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        self.line = line
        self.location = path if line is None else f"{path}:{line}"
        self.problem = problem
        super().__init__(f"{self.location}: {problem}")


def parse_case(text: str) -> Case:
    """The case written on one line of a case file.

    ``ValueError`` naming the first problem: bad JSON, a missing key, a
    value of the wrong type or range, a board of the wrong shape or with
    other characters, an unknown check or expected key.  Keys a case does
    not use are ignored.  Runtime complexity: O(len(text)).

    >>> parse_case('{"id": "x", "check": "moves"}')
    Traceback (most recent call last):
    ...
    ValueError: unknown check "moves": expected "play" or "board"

    JSON nested deeper than Python's recursion limit (about a thousand
    levels) is refused as nested too deeply, not left to raise
    ``RecursionError``.
    """
    try:
        return _parse_case(text)
    except RecursionError:  # from json's decoder or encoder, on arrays or objects nested a thousand deep
        raise ValueError("nested too deeply") from None


def _parse_case(text: str) -> Case:
    try:
        fields = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"bad JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(fields, dict):
        raise ValueError(f"a case must be a JSON object, got {_json(fields)}")
    for key in ("id", "check"):
        if key not in fields:
            raise ValueError(f"missing key {key!r}")
    case_id, check = fields["id"], fields["check"]
    if not isinstance(case_id, str) or not case_id or case_id != case_id.strip() or "\n" in case_id:
        raise ValueError(f"'id' must be a non-empty string without surrounding spaces, got {_json(case_id)}")
    if check not in _EXPECT_KEYS:
        raise ValueError(f'unknown check {_json(check)}: expected "play" or "board"')
    required = ["size", "length", "board", "expect"]
    if check == "play":  # only a search looks at max_levels: a board case may leave it out
        required.insert(2, "max_levels")
    for key in required:
        if key not in fields:
            raise ValueError(f"missing key {key!r}")
    size = _integer(fields, "size", 1)
    length = _integer(fields, "length", 1)
    if length > size:
        raise ValueError(f"'length' must be at most 'size' ({size}), got {length}")
    max_levels = _integer(fields, "max_levels", 0) if "max_levels" in fields else 0
    board = _board(fields["board"], size)
    if check == "play":
        positions = most_positions(sum(row.count(EMPTY) for row in board), max_levels)
        if positions > MAX_POSITIONS:
            raise ValueError(
                f"the search could try up to {positions:.3g} positions, more than the {MAX_POSITIONS:.0e} a case"
                " may: lower 'max_levels' or 'size'"
            )
    return Case(case_id, check, size, length, max_levels, board, _expect(fields["expect"], check))


def read_case_file(path: str | Path) -> Iterator[Case | CaseFileError]:
    """The cases of a case file, in order, with a :class:`CaseFileError` for each bad line.

    Blank lines are skipped; lines are counted from 1.  A file that cannot
    be read, or that holds nothing but blank lines, yields one error naming
    just the file: a run that checked nothing must not pass.  A line longer
    than :data:`MAX_LINE_BYTES` is an error and ends the file's reading, so
    that no file, not even an endless one, is read past it.  Runtime
    complexity: O(file size).
    """
    name = str(path)
    empty = True
    try:
        with Path(path).open("rb") as lines:
            for number, raw in enumerate(iter(lambda: lines.readline(MAX_LINE_BYTES + 1), b""), start=1):
                if len(raw.rstrip(b"\r\n")) > MAX_LINE_BYTES:
                    yield CaseFileError(name, number, f"longer than {MAX_LINE_BYTES} bytes: the rest is not read")
                    return
                item = _line_item(name, number, raw)
                empty = empty and item is None
                if item is not None:
                    yield item
    except OSError as error:
        yield CaseFileError(name, None, f"cannot read the file: {error.strerror or error}")
        return
    if empty:
        yield CaseFileError(name, None, "no cases in the file")


def _line_item(name: str, number: int, raw: bytes) -> Case | CaseFileError | None:
    """The case on line ``number`` of the file ``name``, the error it is, or None for a blank line."""
    raw = raw.rstrip(b"\r\n")
    try:
        text = raw.decode("utf-8-sig" if number == 1 else "utf-8")  # a byte-order mark may open the file
    except UnicodeDecodeError:
        return CaseFileError(name, number, "the line is not UTF-8 text")
    if not text.strip():
        return None
    try:
        return parse_case(text)
    except ValueError as error:
        return CaseFileError(name, number, str(error))


def run_case_files(paths: Sequence[str | Path]) -> Iterator[CaseResult]:
    """Run every case of every file, in order; a bad line or file is a failed result.

    Runtime complexity: the sum of the cases' own.
    """
    for path in paths:
        for item in read_case_file(path):
            if isinstance(item, CaseFileError):
                yield CaseResult(
                    item.location, item.problem if item.line is None else f"malformed case: {item.problem}"
                )
            else:
                yield run_case(item)


def run_case(case: Case) -> CaseResult:
    """Build the case's board with ``save_play``, ask it the case's questions, compare.

    A ``play`` case runs :func:`computer_play` (and also fails if the board
    is not left as it was found); a ``board`` case asks ``wins("X")``,
    ``wins("O")``, ``is_draw()`` and ``eval_board()``.  An exception from
    the game logic is a failure, reported by type and message.

    Runtime complexity: that of the search, for a ``play`` case.
    """
    expected = dict(case.expect)
    try:
        configs = Configurations(case.size, case.length, case.max_levels)
        for row, squares in enumerate(case.board):
            for col, symbol in enumerate(squares):
                if symbol != EMPTY:
                    configs.save_play(row, col, symbol)
        before = configs.configuration()
        got: dict[str, Value]
        if case.check == "play":
            stats = SearchStats()
            play = computer_play(configs, stats=stats)
            if configs.configuration() != before:
                return CaseResult(case.id, f"expected the board left as {before!r}, got {configs.configuration()!r}")
            got = {"score": play.score, "row": play.row, "col": play.col, "nodes": stats.nodes}
        else:
            got = {
                "wins_x": configs.wins(HUMAN),
                "wins_o": configs.wins(COMPUTER),
                "is_draw": configs.is_draw(),
                "eval": configs.eval_board(),
            }
    except Exception as error:  # the harness grades the game logic: a crash is a failure, not a traceback
        return CaseResult(
            case.id, f"expected {show_answers(expected) or 'no error'}, got {type(error).__name__}: {error}"
        )
    actual = {key: got[key] for key in expected}
    if all(type(actual[key]) is type(value) and actual[key] == value for key, value in expected.items()):
        return CaseResult(case.id, None)
    return CaseResult(case.id, f"expected {show_answers(expected)}, got {show_answers(actual)}")


def builtin_results() -> Iterator[CaseResult]:
    """TestPlay's own tests: every Configurations method, then the search on known positions.

    Runtime complexity: about a second (the deepest known search explores
    12 138 nodes).
    """
    for case_id, expected, compute in _builtin_checks():
        try:
            got = compute()
        except Exception as error:  # a crash is a failure, as in run_case
            got = _Raised(type(error).__name__)
        failure = None if got == expected else f"expected {expected!r}, got {got!r}"
        yield CaseResult(case_id, failure)
    for case in _KNOWN_CASES:
        yield run_case(case)


def builtin_cases() -> tuple[Case, ...]:
    """The built-in board and play cases, in the order TestPlay runs them after its checks of single methods.

    They are what other implementations are graded on too (``python -m tictactoe.grade``): positions whose
    best play is known, and boards that catch the mistakes found in real solutions of the assignment.
    """
    return _KNOWN_CASES


@dataclass(frozen=True, slots=True)
class _Raised:
    """What a built-in check got or expected when the call raised ``name``."""

    name: str

    def __repr__(self) -> str:
        return f"raises {self.name}"


def _raised(call: Callable[[], object]) -> object:
    """``_Raised(type)`` of the exception ``call`` raises, or its result."""
    try:
        return call()
    except Exception as error:  # the caller compares the exception's type
        return _Raised(type(error).__name__)


def _built(rows: Sequence[str], length: int, max_levels: int = 0) -> Configurations:
    """The board with these rows, for the built-in checks."""
    return Configurations.from_rows(rows, length, max_levels)


def _properties() -> tuple[int, int, int]:
    configs = Configurations(4, 3, 2)
    return configs.board_size, configs.length_to_win, configs.max_levels


def _after_play(rows: Sequence[str], row: int, col: int, symbol: str) -> str:
    configs = _built(rows, len(rows))
    configs.save_play(row, col, symbol)
    return configs.configuration()


def _store(scores: Sequence[int]) -> list[object]:
    """The table's answer before, then the result of each store and the answer after it."""
    configs = Configurations(3, 3, 2)
    table = configs.create_dictionary()
    answers: list[object] = [configs.repeated_configuration(table)]
    for score in scores:
        try:
            configs.add_configuration(table, score)
            answers.append(None)
        except DictionaryException as error:
            answers.append(_Raised(type(error).__name__))
        answers.append(configs.repeated_configuration(table))
    return answers


def _empties(rows: Sequence[str]) -> list[bool]:
    configs = _built(rows, len(rows))
    return [configs.square_is_empty(0, 0), configs.square_is_empty(1, 1)]


def _board_after_search(rows: Sequence[str], length: int, max_levels: int) -> str:
    configs = _built(rows, length, max_levels)
    computer_play(configs)
    return configs.configuration()


def _builtin_checks() -> list[tuple[str, object, Callable[[], object]]]:
    """``(id, expected, compute)`` for every built-in check of the board's methods."""
    empty = Configurations(3, 3, 2)
    value_error, type_error, index_error = _Raised("ValueError"), _Raised("TypeError"), _Raised("IndexError")
    return [
        ("new-board-properties", (4, 3, 2), _properties),
        ("new-board-is-empty", " " * 16, lambda: Configurations(4, 3, 2).configuration()),
        ("new-board-size-0", value_error, lambda: _raised(lambda: Configurations(0, 1, 0))),
        ("new-board-length-too-long", value_error, lambda: _raised(lambda: Configurations(3, 4, 0))),
        ("new-board-length-0", value_error, lambda: _raised(lambda: Configurations(3, 0, 0))),
        ("new-board-levels-negative", value_error, lambda: _raised(lambda: Configurations(3, 3, -1))),
        ("new-board-size-str", type_error, lambda: _raised(lambda: Configurations("3", 3, 0))),  # type: ignore[arg-type]
        ("new-board-size-bool", type_error, lambda: _raised(lambda: Configurations(True, 1, 0))),
        ("properties-read-only", _Raised("AttributeError"), lambda: _raised(lambda: setattr(empty, "board_size", 5))),
        ("create-dictionary-empty", 0, lambda: empty.create_dictionary().num_records()),
        ("create-dictionary-prime", True, lambda: is_prime(empty.create_dictionary().size)),
        ("table-store-and-find", [-1, None, 3], lambda: _store([3])),
        ("table-store-twice", [-1, None, 3, _Raised("DictionaryException"), 3], lambda: _store([3, 0])),
        ("save-play-row-by-row", "     X   ", lambda: _after_play(["   "] * 3, 1, 2, HUMAN)),
        ("save-play-clears", " " * 9, lambda: _after_play(["   ", "  O", "   "], 1, 2, EMPTY)),
        ("save-play-replaces", "    X    ", lambda: _after_play(["   ", " O ", "   "], 1, 1, HUMAN)),
        ("save-play-row-3", index_error, lambda: _raised(lambda: empty.save_play(3, 0, HUMAN))),
        ("save-play-col-3", index_error, lambda: _raised(lambda: empty.save_play(0, 3, HUMAN))),
        ("save-play-row-negative", index_error, lambda: _raised(lambda: empty.save_play(-1, 0, HUMAN))),
        ("save-play-col-negative", index_error, lambda: _raised(lambda: empty.save_play(0, -1, HUMAN))),
        ("save-play-lowercase", value_error, lambda: _raised(lambda: empty.save_play(0, 0, "x"))),
        ("save-play-two-symbols", value_error, lambda: _raised(lambda: empty.save_play(0, 0, "XO"))),
        ("square-is-empty", [True, False], lambda: _empties(["   ", " X ", "   "])),
        ("square-is-empty-outside", index_error, lambda: _raised(lambda: empty.square_is_empty(0, -1))),
        ("wins-row", True, lambda: _built(["   ", "XXX", "O O"], 3).wins(HUMAN)),
        ("wins-column", True, lambda: _built([" O ", "XO ", "XO "], 3).wins(COMPUTER)),
        ("wins-diagonal", True, lambda: _built(["X   ", " X  ", "  X ", "O O "], 3).wins(HUMAN)),
        ("wins-anti-diagonal", True, lambda: _built(["    ", "   O", "  O ", " O  "], 3).wins(COMPUTER)),
        ("wins-short-diagonal", True, lambda: _built(["  X ", "   X", "    ", "    "], 2).wins(HUMAN)),
        ("wins-broken-line", False, lambda: _built(["XX X", "    ", "X   ", "X   "], 3).wins(HUMAN)),
        ("wins-other-player", False, lambda: _built(["XXX", "   ", "   "], 3).wins(COMPUTER)),
        ("is-draw-full", True, lambda: _built(["XOX", "XOO", "OXX"], 3).is_draw()),
        ("is-draw-not-full", False, lambda: _built(["XOX", "XO ", "OXX"], 3).is_draw()),
        ("is-draw-full-with-line", False, lambda: _built(["XOX", "XOO", "XXO"], 3).is_draw()),
        ("eval-computer-wins", COMPUTER_WINS, lambda: _built(["OOO", "XX ", "X  "], 3).eval_board()),
        ("eval-human-wins", HUMAN_WINS, lambda: _built(["OO ", "XXX", "O  "], 3).eval_board()),
        ("eval-both-win-computer-first", COMPUTER_WINS, lambda: _built(["OOO", "XXX", "   "], 3).eval_board()),
        ("eval-draw", DRAW, lambda: _built(["XOX", "XOO", "OXX"], 3).eval_board()),
        ("eval-undecided", UNDECIDED, lambda: _built(["XO ", "   ", "   "], 3).eval_board()),
        ("computer-play-leaves-board", "X" + " " * 15, lambda: _board_after_search(["X   ", *["    "] * 3], 3, 3)),
        ("computer-play-full-board", PosPlay(-1, -1, -1), lambda: computer_play(_built(["XOX", "XOO", "OXX"], 3, 2))),
    ]


def _known(case_id: str, size: int, length: int, max_levels: int, board: Sequence[str], **expect: int) -> Case:
    return Case(case_id, "play", size, length, max_levels, tuple(board), tuple(expect.items()))


def _board_case(case_id: str, length: int, board: Sequence[str], **expect: bool | int) -> Case:
    return Case(case_id, "board", len(board), length, 0, tuple(board), tuple(expect.items()))


# Positions whose best play is known: a few plain by hand (win now, block
# now, a 1x1 board), the rest with the scores, squares and node counts of
# docs/dictionary.md and of the sample cases in tests/data/.
_KNOWN_CASES: Final = (
    _known("play-win-now", 3, 3, 4, ["XX ", "OO ", "X  "], score=COMPUTER_WINS, row=1, col=2),
    _known("play-block-now", 3, 3, 2, ["XX ", "O  ", "   "], row=0, col=2),
    _known("play-one-square", 1, 1, 0, [" "], score=COMPUTER_WINS, row=0, col=0, nodes=1),
    _known("play-4x4-corner", 4, 3, 6, ["X   ", "    ", "    ", "    "], score=1, row=1, col=1, nodes=12138),
    _known("play-5x5-level-1", 5, 4, 1, ["   X ", " XO X", "     ", "X O O", "     "], score=1, row=0, col=0, nodes=52),
    _known("play-4x4-level-3", 4, 3, 3, ["    ", "    ", "    ", "   X"], score=1, row=0, col=0, nodes=1079),
    _known("play-3x3-win", 3, 3, 5, ["XXO", "  X", "OOX"], score=3, row=1, col=1, nodes=3),
    _known("play-6x6-level-2", 6, 5, 2, ["   X  ", *["      "] * 5], score=1, row=0, col=0, nodes=1291),
    _known("play-4x4-full-row", 4, 4, 5, [" XOO", "XOOX", "XXO ", "XO X"], score=3, row=3, col=2, nodes=8),
    _known("play-5x5-block", 5, 4, 2, ["XOX  ", "O  OO", "XXXOX", " O XO", "OXX  "], score=3, row=1, col=2, nodes=87),
    Case("board-draw", "board", 3, 3, 0, ("XOX", "XOO", "OXX"),
         (("wins_x", False), ("wins_o", False), ("is_draw", True), ("eval", DRAW))),
    Case("board-both-win", "board", 4, 2, 0, (" OXX", "OO X", "O X ", " OXX"),
         (("wins_x", True), ("wins_o", True), ("is_draw", False), ("eval", COMPUTER_WINS))),
    # Boards that catch the mistakes of real solutions: wins() counting a line's tiles instead of a run of them,
    _board_case("board-tiles-apart-row", 3, ["XX X", "O O ", "    ", "    "], wins_x=False, wins_o=False,
                eval=UNDECIDED),
    _board_case("board-tiles-apart-column", 3, ["O   ", "O   ", "    ", "O   "], wins_o=False, eval=UNDECIDED),
    _board_case("board-tiles-apart-diagonal", 3, ["X    ", " X   ", "     ", "   X ", "     "], wins_x=False),
    # wins() looking for lines only from the first n-k+1 rows and columns,
    _board_case("board-last-row", 3, ["    ", "    ", "    ", " XXX"], wins_x=True, eval=HUMAN_WINS),
    _board_case("board-last-column", 3, ["   O", "   O", "   O", "X X "], wins_o=True, eval=COMPUTER_WINS),
    # wins() forgetting one direction of diagonals,
    _board_case("board-diagonal", 3, ["X   ", " X  ", "  X ", "O O "], wins_x=True, eval=HUMAN_WINS),
    _board_case("board-anti-diagonal", 3, ["    ", "  O ", " O  ", "O  X"], wins_o=True, eval=COMPUTER_WINS),
    _board_case("board-anti-diagonal-corner", 3, ["   X", "  X ", " X  ", "O O "], wins_x=True, eval=HUMAN_WINS),
    _board_case("board-length-1", 1, ["X ", "  "], wins_x=True, wins_o=False, eval=HUMAN_WINS),
    # is_draw() true on a full board that someone has won (and eval_board() asking is_draw() first),
    _board_case("board-full-x-wins", 3, ["XOX", "XOO", "XXO"], wins_x=True, is_draw=False, eval=HUMAN_WINS),
    _board_case("board-full-o-wins", 3, ["OXX", "XOO", "XXO"], wins_o=True, is_draw=False, eval=COMPUTER_WINS),
    # wins() accepting only a run of exactly k, where k or more in a row win (no random board need hold a longer one),
    _board_case("board-longer-run-row", 3, ["XXXX ", "OO O ", "     ", "   O ", "     "], wins_x=True, wins_o=False,
                eval=HUMAN_WINS),
    _board_case("board-longer-run-column", 3, ["X O X", "X O  ", "  O X", " XO  ", "  O  "], wins_x=False,
                wins_o=True, eval=COMPUTER_WINS),
    _board_case("board-longer-run-anti-diagonal", 4, ["XX  O", "X  O ", "  O  ", " O X ", "O  X "], wins_x=False,
                wins_o=True, eval=COMPUTER_WINS),
    # and a search that a slow table or slow board methods cannot finish in time: about 100 000 nodes.
    _known("play-4x4-speed", 4, 4, 9, ["    "] * 4, score=UNDECIDED, row=0, col=0, nodes=103340),
)  # fmt: skip


def _integer(fields: dict[str, object], key: str, least: int) -> int:
    """``fields[key]`` if it is an integer (not a bool) of at least ``least``; else ``ValueError``."""
    value = fields[key]
    try:
        if require_int(key, value) >= least:
            return value  # type: ignore[return-value]  # require_int has just checked it is an int
    except TypeError:
        pass
    raise ValueError(f"{key!r} must be an integer of at least {least}, got {_json(value)}")


def _board(value: object, size: int) -> tuple[str, ...]:
    """The board's rows if ``value`` is ``size`` strings of ``size`` squares; else ``ValueError``."""
    if not isinstance(value, list) or len(value) != size or not all(isinstance(row, str) for row in value):
        raise ValueError(f"'board' must be a list of {size} strings (the size), got {_json(value)}")
    for number, row in enumerate(value, start=1):
        if len(row) != size:
            raise ValueError(f"'board' row {number} must have {size} squares, got {_json(row)}")
        for symbol in row:
            if symbol not in SYMBOLS:
                raise ValueError(f"'board' row {number} holds {_json(symbol)}: squares are X, O or a space")
    return tuple(value)


def _expect(value: object, check: Check) -> tuple[tuple[str, Value], ...]:
    """The expected answers if ``value`` is an object of known keys and right types; else ``ValueError``."""
    if not isinstance(value, dict):
        raise ValueError(f"'expect' must be a JSON object, got {_json(value)}")
    known = _EXPECT_KEYS[check]
    pairs: list[tuple[str, Value]] = []
    for key, answer in value.items():
        if key not in known:
            names = ", ".join(f'"{name}"' for name in known)
            raise ValueError(f"unknown key {_json(key)} in 'expect' of a {check} case: expected {names}")
        kind = known[key]
        # JSON gives exactly a bool or an int, and here true is no integer.
        if not ((kind is bool and type(answer) is bool) or (kind is int and type(answer) is int)):
            wanted = "true or false" if kind is bool else "an integer"
            raise ValueError(f"'expect' {_json(key)} must be {wanted}, got {_json(answer)}")
        pairs.append((key, answer))
    return tuple(pairs)


def show_answers(answers: dict[str, Value]) -> str:
    """Answers as the case file writes them: ``score=1 row=0 is_draw=true``."""
    return " ".join(f"{key}={_json(value)}" for key, value in answers.items())


def _json(value: object) -> str:
    """``value`` as JSON, as the case file spells it, cut short if long."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
