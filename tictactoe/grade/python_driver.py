"""The grader's side of one Python submission's process: run as a script, it imports nothing of this project.

It speaks the Java driver's protocol (``java/GraderDriver.java``): commands
on one pipe, answers on another; after the first command, ``hello NONCE``,
every command and answer is opened by the nonce and the command's number,
and a command line without the nonce is ignored.  It is started as
``python -I -S -B python_driver.py COMMAND_FD ANSWER_FD FOLDER``: isolated
and without site-packages, so that the only ``hashdict`` and
``configurations`` it can import are the submission's, in ``FOLDER``.

The tests are TestDict's ten (docs/dictionary.md) (worded as :mod:`tictactoe.harness.dict_tests`
words them), two of forced collisions, and board and play cases; a play
case runs the submission's own ``computer_play`` with its ``SearchStats``,
as TestPlay does.  Whatever the submission's code raises, ``SystemExit``
included, is an answer; only the end of the process is not.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any, BinaryIO, TextIO

#: The longest answer text, as the Java driver's.
MOST_CHARACTERS = 2000
TABLE_SIZE = 13_441
BULK_COUNT = 10_000
BULK_REMOVED = 1_000
COLLISION_LIMIT = 2_800
FIRST_RECORDS = (("answer", 42), ("record2", 42), ("record3", 40), ("2record", 42))
ABSENT_KEYS = ("chicken", "2", "record")
REMOVED_KEYS = ("answer", "record2")
#: The tests each TestDict test builds on.
REQUIRES = {1: (), 2: (1,), 3: (1,), 4: (1,), 5: (1,), 6: (1,), 7: (6,), 8: (7,), 9: (7,), 10: (7,)}
#: The submission's folder: a place in an error is shown only when it lies there.
submission_folder = ["/nowhere/"]


class Missing(Exception):
    """The submission lacks a module, a class or a method that a test needs."""


class Raised(Exception):
    """The submission's code raised: the call, what it raised, and where in the submission."""

    def __init__(self, call: str, error: BaseException, verb: str = "raised") -> None:
        self.error = error
        super().__init__(f"{call} {verb} {describe(error)}")


class Failed(Exception):
    """A check found the submission wrong."""


def describe(error: BaseException) -> str:
    """``Type: message (at file.py:12 in function)``, the place being the last frame in the submission."""
    if isinstance(error, SystemExit):
        return f"SystemExit: the code called sys.exit({error.code!r})"
    message = str(error)
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    frames = [
        frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename.startswith(submission_folder[0])
    ]
    if frames:
        frame = frames[-1]
        text += f" (at {os.path.basename(frame.filename)}:{frame.lineno} in {frame.name})"
    return text


def call(shown: str, function: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
    """``function(*arguments, **keywords)``, whatever it raises turned into :class:`Raised` showing ``shown``."""
    try:
        return function(*arguments, **keywords)
    except BaseException as error:  # the submission's SystemExit too: it is an answer, not the driver's end
        raise Raised(shown, error) from error


def need(owner: Any, name: str, what: str, method: bool = False) -> Any:
    """``owner.name``, or :class:`Missing` saying that ``what`` has no ``name`` (no method ``name()``)."""
    try:
        return getattr(owner, name)
    except AttributeError:
        raise Missing(f"{what} has no method {name}()" if method else f"{what} has no {name}") from None
    except BaseException as error:
        raise Raised(f"reading {what}.{name}", error) from error


def bulk_key(number: int) -> str:
    """Test 7's key for ``number``: its digits repeated 32 times, made afresh at every call."""
    key = str(number)
    for _ in range(5):
        key += key
    return key


def bulk_label(number: int) -> str:
    return f"key #{number} (str({number}) * 32)"


class Table:
    """One of the submission's ``HashDictionary`` objects."""

    def __init__(self, hashdict: ModuleType, size: int) -> None:
        self.hashdict = hashdict
        self.data = need(hashdict, "Data", "the module hashdict")
        self.table = call(f"HashDictionary({size})", need(hashdict, "HashDictionary", "the module hashdict"), size)

    def put(self, key: str, score: int, shown: str) -> Any:
        record = call(f"Data({shown}, {score})", self.data, key, score)
        return call(f"put of {shown}", need(self.table, "put", "HashDictionary", method=True), record)

    def remove(self, key: str, shown: str) -> Any:
        return call(f"remove of {shown}", need(self.table, "remove", "HashDictionary", method=True), key)

    def get(self, key: str, shown: str) -> Any:
        return call(f"get of {shown}", need(self.table, "get", "HashDictionary", method=True), key)

    def num_records(self) -> Any:
        return call("num_records()", need(self.table, "num_records", "HashDictionary", method=True))


class DictTests:
    """TestDict's ten tests on one shared table, each first running the set-ups it builds on."""

    def __init__(self, hashdict: ModuleType) -> None:
        self.hashdict = hashdict
        self.table: Table | None = None
        self.collisions: int | None = None
        self.notes: list[str] = []
        self.done: dict[int, str] = {}

    def run(self, number: int) -> tuple[str, str]:
        blocked = self._set_up_requirements(number)
        if blocked:
            verdict = ("fail", blocked)
        else:
            self.notes.clear()
            verdict = self._step(number, True) or self._step(number, False) or ("pass", "; ".join(self.notes))
        self.done[number] = blocked
        return verdict

    def _set_up_requirements(self, number: int) -> str:
        for required in REQUIRES[number]:
            blocked = self.done.get(required)
            if blocked is None:
                blocked = self._set_up_requirements(required)
                if not blocked:
                    failure = self._step(required, True)
                    blocked = f"could not set up: test {required} failed: {failure[1]}" if failure else ""
                self.done[required] = blocked
            if blocked:
                return blocked
        return ""

    def _step(self, number: int, set_up: bool) -> tuple[str, str] | None:
        try:
            if self.table is None:
                self.table = Table(self.hashdict, TABLE_SIZE)
            steps = SET_UPS if set_up else CHECKS
            if number in steps:
                steps[number](self, self.table)
        except Failed as failure:
            return ("fail", str(failure))
        except (Missing, Raised) as error:
            return ("error", str(error))
        return None


def _put_first_records(tests: DictTests, table: Table) -> None:
    for key, score in FIRST_RECORDS:
        table.put(key, score, repr(key))


def _must_raise(action: str, operation: Callable[[], object]) -> None:
    try:
        operation()
    except Raised as raised:
        if type(raised.error).__name__ == "DictionaryException":
            return
        raise Failed(f"{action} raised {describe(raised.error)}, not DictionaryException") from None
    raise Failed(f"{action} did not raise DictionaryException")


def _put_existing_key(tests: DictTests, table: Table) -> None:
    key = FIRST_RECORDS[0][0]
    _must_raise("put of an existing key", lambda: table.put(key, 56, repr(key)))


def _get_first_records(tests: DictTests, table: Table) -> None:
    missing = [repr(key) for key, _ in FIRST_RECORDS if table.get(key, repr(key)) == -1]
    if missing:
        raise Failed(f"get returned -1 for the stored key(s) {', '.join(missing)}")


def _get_absent_keys(tests: DictTests, table: Table) -> None:
    for key in ABSENT_KEYS:
        score = table.get(key, repr(key))
        if score != -1:
            raise Failed(f"get of the absent key {key!r} returned {score!r}, not -1")


def _remove_absent_key(tests: DictTests, table: Table) -> None:
    _must_raise("remove of an absent key", lambda: table.remove(ABSENT_KEYS[0], repr(ABSENT_KEYS[0])))


def _remove_two_records(tests: DictTests, table: Table) -> None:
    for key in REMOVED_KEYS:
        table.remove(key, repr(key))


def _removed_records_are_absent(tests: DictTests, table: Table) -> None:
    for key in REMOVED_KEYS:
        score = table.get(key, repr(key))
        if score != -1:
            raise Failed(f"get of the removed key {key!r} returned {score!r}, not -1")


def _put_bulk_keys(tests: DictTests, table: Table) -> None:
    collisions = 0
    for number in range(BULK_COUNT):
        result = table.put(bulk_key(number), number, bulk_label(number))
        if type(result) is not int or result not in (0, 1):
            raise Failed(f"put of {bulk_label(number)} returned {result!r}, not 0 or 1")
        collisions += result
    tests.collisions = collisions


def _missing_bulk_keys(table: Table, numbers: range) -> list[int]:
    return [number for number in numbers if table.get(bulk_key(number), bulk_label(number)) == -1]


def _find_bulk_keys(tests: DictTests, table: Table) -> None:
    missing = _missing_bulk_keys(table, range(BULK_COUNT))
    if missing:
        raise Failed(f"{len(missing)} of the {BULK_COUNT} keys not found, the first {bulk_label(missing[0])}")


def _remove_first_bulk_keys(tests: DictTests, table: Table) -> None:
    for number in range(BULK_REMOVED):
        table.remove(bulk_key(number), bulk_label(number))


def _find_other_bulk_keys(tests: DictTests, table: Table) -> None:
    missing = _missing_bulk_keys(table, range(BULK_REMOVED, BULK_COUNT))
    if missing:
        raise Failed(
            f"after removing the first {BULK_REMOVED} keys, {len(missing)} of the other"
            f" {BULK_COUNT - BULK_REMOVED} were not found, the first {bulk_label(missing[0])}"
        )


def _check_collisions(tests: DictTests, table: Table) -> None:
    if tests.collisions is None:
        raise Failed("no collision count: test 7 did not complete")
    tests.notes.append(f"Collisions: {tests.collisions} (must be below {COLLISION_LIMIT})")
    if tests.collisions >= COLLISION_LIMIT:
        raise Failed(f"{tests.collisions} collisions, not below {COLLISION_LIMIT}")


SET_UPS: dict[int, Callable[[DictTests, Table], None]] = {
    1: _put_first_records,
    6: _remove_two_records,
    7: _put_bulk_keys,
    9: _remove_first_bulk_keys,
}
CHECKS: dict[int, Callable[[DictTests, Table], None]] = {
    2: _put_existing_key,
    3: _get_first_records,
    4: _get_absent_keys,
    5: _remove_absent_key,
    6: _removed_records_are_absent,
    8: _find_bulk_keys,
    9: _find_other_bulk_keys,
    10: _check_collisions,
}


def buckets(hashdict: ModuleType, size: int) -> tuple[str, str]:
    """The forced collisions of a table of one or two buckets, as the Java driver's Buckets tests them."""
    try:
        table = Table(hashdict, size)
        (_one_bucket if size == 1 else _two_buckets)(table)
    except Failed as failure:
        return ("fail", str(failure))
    except (Missing, Raised) as error:
        return ("error", str(error))
    return ("pass", "")


def _one_bucket(table: Table) -> None:
    keys = ("a", "b", "c")
    for index, key in enumerate(keys):
        result, expected = table.put(key, index, repr(key)), 0 if index == 0 else 1
        if result != expected:
            raise Failed(
                f"on a table of 1 bucket, put of {key!r} after {index} record(s) returned {result!r}, not {expected}"
                " (put returns 1 when the record's bucket already held a record)"
            )
    _expect_records(table, keys, "on a table of 1 bucket")
    for key in keys:
        table.remove(key, repr(key))
    _expect_count(table, 0, "after removing the 3 records of a table of 1 bucket")
    result = table.put("d", 3, "'d'")
    if result != 0:
        raise Failed(
            f"on a table of 1 bucket whose records were all removed, put of 'd' returned {result!r}, not 0:"
            " the bucket was empty again"
        )


def _two_buckets(table: Table) -> None:
    keys = ("k0", "k1", "k2", "k3", "k4")
    total = 0
    for index, key in enumerate(keys):
        result = table.put(key, index, repr(key))
        if type(result) is not int or result not in (0, 1) or (index == 0 and result != 0):
            wanted = "0" if index == 0 else "0 or 1"
            raise Failed(
                f"on a table of 2 buckets, put of {key!r} after {index} record(s) returned {result!r}, not {wanted}"
            )
        total += result
    if total < 3:
        raise Failed(
            f"on a table of 2 buckets, 5 puts reported {total} collision(s): at least 3 are forced, since at most"
            " 2 records can find their bucket empty"
        )
    _expect_records(table, keys, "on a table of 2 buckets")


def _expect_records(table: Table, keys: tuple[str, ...], where: str) -> None:
    for index, key in enumerate(keys):
        score = table.get(key, repr(key))
        if score != index:
            raise Failed(f"{where}, get of {key!r} returned {score!r}, not its score {index}")
    _expect_count(table, len(keys), f"{where}, after {len(keys)} puts")


def _expect_count(table: Table, expected: int, where: str) -> None:
    count = table.num_records()
    if count != expected:
        raise Failed(f"{where}, num_records() returned {count!r}, not {expected}")


class Game:
    """The submission's ``Configurations`` holding one case's board."""

    def __init__(self, configurations: ModuleType, size: int, length: int, levels: int, cells: str) -> None:
        self.module = configurations
        self.size = size
        kind = need(configurations, "Configurations", "the module configurations")
        self.configs = call(f"Configurations({size}, {length}, {levels})", kind, size, length, levels)
        for index, symbol in enumerate(cells):
            if symbol != ".":
                row, col = divmod(index, size)
                self.method("save_play", row, col, symbol)

    def method(self, name: str, *arguments: Any) -> Any:
        shown = f"{name}({', '.join(map(repr, arguments))})"
        return call(shown, need(self.configs, name, "Configurations", method=True), *arguments)

    def answers(self, keys: list[str]) -> str:
        questions = {
            "wins_x": lambda: self.method("wins", "X"),
            "wins_o": lambda: self.method("wins", "O"),
            "is_draw": lambda: self.method("is_draw"),
            "eval": lambda: self.method("eval_board"),
        }
        return " ".join(f"{key}={_word(questions[key]())}" for key in keys if key in questions)

    def play(self) -> tuple[str, str]:
        before = self.empty_squares()
        stats = call("SearchStats()", need(self.module, "SearchStats", "the module configurations"))
        computer_play = need(self.module, "computer_play", "the module configurations")
        play = call("computer_play(configs, stats=stats)", computer_play, self.configs, stats=stats)
        after = self.empty_squares()
        if after != before:
            return ("fail", f"the board was not left as it was found: square_is_empty answers {after} where it"
                    f" answered {before} (row by row, 1 for an empty square)")  # fmt: skip
        words = [f"{name}={_word(need(play, name, 'the PosPlay'))}" for name in ("score", "row", "col")]
        return ("values", " ".join([*words, f"nodes={_word(need(stats, 'nodes', 'SearchStats'))}"]))

    def empty_squares(self) -> str:
        squares = range(self.size)
        return "".join("1" if self.method("square_is_empty", row, col) else "0" for row in squares for col in squares)


def _word(value: object) -> str:
    """A value as the answer line writes it: ``true``/``false`` for a bool, the number, or its repr."""
    if type(value) is bool:
        return "true" if value else "false"
    return str(value) if type(value) is int else repr(value).replace(" ", "\u00a0")


class Driver:
    """The submission's modules, and the commands run on them."""

    def __init__(self, folder: str) -> None:
        sys.path.insert(0, folder)
        submission_folder[0] = os.path.join(os.path.abspath(folder), "")
        self.load_error = ""
        self.modules: dict[str, ModuleType] = {}
        for name in ("hashdict", "configurations"):
            try:
                self.modules[name] = importlib.import_module(name)
            except BaseException as error:  # a syntax error, or an import that runs and raises or exits
                self.load_error = f"cannot import {name}: {describe(error)}"
                return
        self.dict_tests = DictTests(self.modules["hashdict"])

    def dispatch(self, words: list[str]) -> tuple[str, str]:
        if self.load_error:
            return ("error", self.load_error)
        try:
            if words[0] == "testdict":
                return self.dict_tests.run(int(words[1]))
            if words[0] == "buckets":
                return buckets(self.modules["hashdict"], int(words[1]))
            size, length = int(words[1]), int(words[2])
            if words[0] == "board":
                game = Game(self.modules["configurations"], size, length, 0, words[3])
                return ("values", game.answers(words[4].split(",")))
            if words[0] == "play":
                return Game(self.modules["configurations"], size, length, int(words[3]), words[4]).play()
        except (Missing, Raised) as error:
            return ("error", str(error))
        return ("error", f"the grader's driver has no command {words[0]}")


def serve(commands: TextIO, answers: BinaryIO, folder: str) -> None:
    nonce = ""
    driver: Driver | None = None
    for line in commands:
        words = line.split()
        if driver is None:
            if len(words) == 2 and words[0] == "hello":
                nonce, driver = words[1], Driver(folder)  # the submission's modules are imported only now
                answer(answers, nonce, "0", "ready", "")
            continue
        if len(words) < 3 or words[0] != nonce:
            continue  # not the grader's
        if words[2] == "quit":
            return
        answer(answers, nonce, words[1], *driver.dispatch(words[2:]))


def answer(answers: BinaryIO, nonce: str, number: str, status: str, text: str) -> None:
    """Write one answer line, its text on one line and cut short."""
    text = " / ".join(text.splitlines())
    if len(text) > MOST_CHARACTERS:
        text = text[:MOST_CHARACTERS] + "..."
    # The leading newline ends whatever the submission's code may have written on this pipe.
    answers.write(f"\n{nonce} {number} {status} {text}\n".encode())
    answers.flush()


def main() -> None:
    command_fd, answer_fd, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.setrecursionlimit(100_000)
    threading.stack_size(256 * 2**20)  # deep searches recurse deeply, and the default stack is 8 MB
    with os.fdopen(command_fd, encoding="utf-8") as commands, os.fdopen(answer_fd, "wb", buffering=0) as answers:
        worker = threading.Thread(target=serve, args=(commands, answers, folder), daemon=True)
        worker.start()
        worker.join()
    os._exit(0)  # the submission may have left threads of its own running


if __name__ == "__main__":
    main()
