"""Randomized tests that no one can learn in advance: dictionary operations against a model, random reachable boards.

One seed a run (``--seed``), shared by every submission: the same seed
makes the same operations and boards, so a run can be repeated exactly.

``random-dictionary``: sequences of operations on new tables of a few
sizes (1, 2, 7 and TestDict's 13 441 buckets): ``put`` of new and of
stored keys, ``get`` and ``remove`` of stored and absent keys, and
``numRecords``, with keys of any length and any characters (controls, NUL,
letters of every script, characters beyond the BMP, lone surrogates), each
checked against a model of the table.  What ``put`` returns depends on the
submission's own hash, so it is checked only where it is forced: 0 on an
empty table, 1 on a non-empty table of one bucket, 0 or 1 always, and, as
long as nothing was removed, at least as many collisions as records beyond
the number of buckets (the pigeonhole).  A failure is shown as the
shortest sequence found that still fails: the grader tries the failing
sequence with operations left out, in the same process, on new tables.

``random-boards``: boards that a game can reach (players taking turns,
either first, the game stopping at a win, a full board or any move before),
of every size from 1 to 6 and every length to win, asked ``wins`` for X and
O, ``isDraw`` and ``evalBoard``, answered by the grader's own rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from configurations import Configurations
from tictactoe.grade.board_tests import board_operation, judge_answers, where
from tictactoe.grade.dictionary_tests import must_raise
from tictactoe.grade.observations import Observation, Returned, Threw
from tictactoe.grade.talk import Broke, Failed, GradeTest, Talk
from tictactoe.harness.dict_tests import TABLE_SIZE
from tictactoe.harness.play_cases import Case

__all__ = ["Operation", "random_boards", "random_operations", "random_tests", "shown_key"]

_TABLE_SIZES = (1, 2, 7, TABLE_SIZE)
_OPERATIONS_A_TABLE = 150
_BOARDS = 150
_MOST_TRIES = 60  # sequences tried while looking for a shorter one that fails
_FIRST_TABLE = 2000  # the numbers of these tables in the process; TestDict's is 0, the forced tests' 1001...
# Characters a key is made of: a board's, ASCII, controls (NUL too), other scripts, beyond the BMP, lone surrogates.
_ALPHABETS = (
    "XO ",
    "".join(map(chr, range(0x20, 0x7F))),
    "".join(map(chr, range(0x00, 0x20))) + "\x7f",
    "éßøЖжλπ中文字かなأبעב",
    "\U0001f600\U0001f4a9\U00010348\U0010fffd",
    "\ud800\udbff\udc00\udfff",
)


@dataclass(frozen=True, slots=True)
class Operation:
    """One dictionary operation: ``put`` (with ``score``), ``get``, ``remove`` or ``count``."""

    kind: str
    key: str = ""
    score: int = 0

    def shown(self, words_count: str) -> str:
        if self.kind == "put":
            return f"put({shown_key(self.key)}, {self.score})"
        if self.kind == "count":
            return words_count
        return f"{self.kind}({shown_key(self.key)})"


def shown_key(key: str) -> str:
    """A key as a message shows it: its repr (every control and surrogate escaped), cut short when long."""
    if len(key) <= 24:
        return repr(key)
    return f"{repr(key[:24])[:-1]}...' ({len(key)} characters)"


def random_tests(seed: int) -> tuple[GradeTest, ...]:
    """``random-dictionary`` and ``random-boards``, made from ``seed``."""
    return (GradeTest("random-dictionary", _dictionary_test(seed)), GradeTest("random-boards", _boards_test(seed)))


def random_operations(chance: random.Random, count: int) -> list[Operation]:
    """``count`` operations: puts of new and stored keys, gets and removes of stored and absent ones, counts."""
    stored: list[str] = []
    operations: list[Operation] = []
    for _ in range(count):
        roll = chance.random()
        if roll < 0.4 or not stored:
            key = _new_key(chance, stored)
            operations.append(Operation("put", key, chance.randrange(1000)))
            stored.append(key)
        elif roll < 0.5:
            operations.append(Operation("put", chance.choice(stored), chance.randrange(1000)))
        elif roll < 0.7:
            operations.append(
                Operation("get", chance.choice(stored) if chance.random() < 0.6 else _new_key(chance, stored))
            )
        elif roll < 0.9:
            key = chance.choice(stored) if chance.random() < 0.7 else _new_key(chance, stored)
            operations.append(Operation("remove", key))
        else:
            operations.append(Operation("count"))
    return operations


def _new_key(chance: random.Random, stored: list[str]) -> str:
    """A key of any length and characters; often a near miss of a stored one (one character changed or added)."""
    if stored and chance.random() < 0.3:
        near = chance.choice(stored)
        position = chance.randrange(len(near) + 1)
        return near[:position] + chance.choice(chance.choice(_ALPHABETS)) + near[position + 1 :]
    length = chance.choice((0, 1, 2, 3, 5, 8, 9, 16, 25, 36)) if chance.random() < 0.95 else chance.randrange(100, 3000)
    alphabet = chance.choice(_ALPHABETS) if chance.random() < 0.7 else "".join(_ALPHABETS)
    return "".join(chance.choice(alphabet) for _ in range(length))


@dataclass(frozen=True, slots=True)
class _Failure:
    """Where a sequence first goes wrong, why, and whether the code raised (an error) or answered wrongly."""

    index: int
    message: str
    broke: bool


def judge_sequence(
    talk: Talk, size: int, operations: Sequence[Operation], observed: Sequence[Observation]
) -> _Failure | None:
    """The first operation whose observation the model refutes, or None when every one fits."""
    model: dict[str, int] = {}
    puts = collisions = 0
    removed = False
    for index, (operation, seen) in enumerate(zip(operations, observed, strict=True)):
        call = operation.shown(talk.words.count)
        try:
            if operation.kind == "put" and operation.key in model:
                must_raise(talk, f"{call} of a key already stored", seen)
            elif operation.kind == "put":
                collisions += _check_put(talk, call, seen, _Table(size, len(model), puts, collisions, removed))
                puts += 1
                model[operation.key] = operation.score
            elif operation.kind == "remove" and operation.key not in model:
                must_raise(talk, f"{call} of an absent key", seen)
            elif operation.kind == "remove":
                _value(talk, call, seen)
                del model[operation.key]
                removed = True
            else:
                expected = len(model) if operation.kind == "count" else model.get(operation.key, -1)
                _expect(talk, call, seen, expected)
        except (Failed, Broke) as failure:
            return _Failure(index, str(failure), isinstance(failure, Broke))
    return None


def _value(talk: Talk, call: str, seen: Observation) -> object:
    if isinstance(seen, Returned):
        return seen.value
    if isinstance(seen, Threw):
        raise Broke(talk.words.threw(seen, call))
    raise Broke(talk.words.unusable(seen))


def _expect(talk: Talk, call: str, seen: Observation, expected: int) -> None:
    value = _value(talk, call, seen)
    if not (type(value) is int and value == expected):
        raise Failed(f"{call} returned {talk.words.value(value)}, not {expected}")


@dataclass(frozen=True, slots=True)
class _Table:
    """What the model knows of a table before a put: its buckets, records, puts and collisions, and any removal."""

    size: int
    records: int
    puts: int
    collisions: int
    removed: bool


def _check_put(talk: Talk, call: str, seen: Observation, table: _Table) -> int:
    """The put's collision (0 or 1), checked where it is forced; :class:`Failed` where it is wrong."""
    result = _value(talk, call, seen)
    size, records, puts, collisions, removed = table.size, table.records, table.puts, table.collisions, table.removed
    if type(result) is not int or result not in (0, 1):
        raise Failed(f"{call} returned {talk.words.value(result)}, not 0 or 1")
    if records == 0 and result != 0:
        raise Failed(f"{call} returned 1 on an empty table, where no bucket holds a record")
    if size == 1 and records > 0 and result != 1:
        raise Failed(f"{call} returned 0 on a table of 1 bucket holding {records} record(s): not 1")
    if not removed and collisions + result < puts + 1 - size:
        raise Failed(
            f"{call} made {collisions + result} collision(s) in {puts + 1} puts on a table of {size} buckets: at least"
            f" {puts + 1 - size} are forced, since at most {size} records can find their bucket empty"
        )
    return result


def _run_sequence(talk: Talk, number: int, size: int, operations: Sequence[Operation]) -> _Failure | None:
    """Run ``operations`` on a new table numbered ``number`` of ``size`` buckets; how it first fails, if it does."""
    requests: list[list[object]] = [["new", number, size]]
    for operation in operations:
        arguments: list[object] = [operation.key, operation.score] if operation.kind == "put" else [operation.key]
        requests.append([operation.kind, number, *(arguments if operation.kind != "count" else [])])
    observed = talk.ask(requests)
    if not isinstance(observed[0], Returned):
        return _Failure(-1, talk.words.unusable(observed[0]), True)
    return judge_sequence(talk, size, operations, observed[1:])


def _shorten(
    talk: Talk, size: int, operations: list[Operation], failure: _Failure, numbers: Callable[[], int]
) -> tuple[list[Operation], _Failure]:
    """A shorter sequence that still fails, found by leaving out chunks of operations (delta debugging)."""
    operations = operations[: failure.index + 1]
    parts = 2
    for _ in range(_MOST_TRIES):
        if len(operations) < 2:
            break
        chunk = math.ceil(len(operations) / parts)
        for start in range(0, len(operations), chunk):
            candidate = operations[:start] + operations[start + chunk :]
            found = _run_sequence(talk, numbers(), size, candidate) if candidate else None
            if found is not None and found.index >= 0:
                operations, failure = candidate[: found.index + 1], found
                parts = max(parts - 1, 2)
                break
        else:
            if parts >= len(operations):
                break
            parts = min(parts * 2, len(operations))
    return operations, failure


def _dictionary_test(seed: int) -> Callable[[Talk], str]:
    def run(talk: Talk) -> str:
        chance = random.Random(f"{seed}:dictionary")
        counter = iter(range(_FIRST_TABLE, _FIRST_TABLE + 10**6))
        for size in _TABLE_SIZES:
            operations = random_operations(chance, _OPERATIONS_A_TABLE)
            failure = _run_sequence(talk, next(counter), size, operations)
            if failure is None:
                continue
            if failure.index < 0:
                raise Broke(failure.message)
            shortest, failure = _shorten(talk, size, operations, failure, lambda: next(counter))
            calls = "; ".join(operation.shown(talk.words.count) for operation in shortest[:-1])
            before = f"after {calls}: " if calls else ""
            # The table as either language's student reads it: "new" is Java's keyword and Python's plain word.
            message = f"on a new HashDictionary({size}), {before}{failure.message}"
            raise (Broke if failure.broke else Failed)(f"{message} (the shortest failing sequence found; seed {seed})")
        return ""

    return run


def random_boards(chance: random.Random, count: int) -> list[Case]:
    """``count`` boards a game can reach, the simplest first, with the grader's own answers."""
    cases = []
    for number in range(count):
        size = chance.choice((1, 2, 3, 3, 4, 4, 4, 5, 5, 6))
        length = chance.randint(1, size)
        board = Configurations(size, length, 0)
        player = chance.choice("XO")
        empty = [(row, col) for row in range(size) for col in range(size)]
        chance.shuffle(empty)
        while empty and not (board.wins("X") or board.wins("O")) and chance.random() > 0.08:
            board.save_play(*empty.pop(), player)
            player = "O" if player == "X" else "X"
        rows = tuple(board.configuration()[row * size : (row + 1) * size] for row in range(size))
        answers = (("wins_x", board.wins("X")), ("wins_o", board.wins("O")), ("is_draw", board.is_draw()),
                   ("eval", board.eval_board()))  # fmt: skip
        cases.append(Case(f"random board {number + 1}", "board", size, length, 0, rows, answers))
    return sorted(cases, key=lambda case: (case.size, sum(case.size - row.count(" ") for row in case.board)))


def _boards_test(seed: int) -> Callable[[Talk], str]:
    def run(talk: Talk) -> str:
        cases = random_boards(random.Random(f"{seed}:boards"), _BOARDS)
        requests: list[list[object]] = []
        for case in cases:
            requests.append(board_operation(case))
            requests.extend(_ask(key) for key, _ in case.expect)
        observed = iter(talk.ask(requests))
        for case in cases:
            answers = [next(observed) for _ in range(1 + len(case.expect))]
            try:
                _judge_board(talk, case, answers)
            except (Failed, Broke) as failure:
                message = f"on the board {where(case)}: {failure} (one of {_BOARDS} random boards; seed {seed})"
                raise type(failure)(message) from None
        return ""

    return run


def _ask(key: str) -> list[object]:
    return ["ask", key]


def _judge_board(talk: Talk, case: Case, observed: list[Observation]) -> None:
    for seen in observed:
        if not isinstance(seen, Returned):
            raise Broke(talk.words.unusable(seen))
    actual = {key: seen.value for (key, _), seen in zip(case.expect, observed[1:], strict=True)}  # type: ignore[union-attr]
    judge_answers(talk, dict(case.expect), actual)
