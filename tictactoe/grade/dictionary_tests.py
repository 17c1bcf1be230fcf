"""TestDict's ten tests, and the grader's tests of collisions and removal where the answer is forced, judged here.

The submission's process only performs the operations (``put``, ``get``,
``remove``, ``numRecords`` and their bulk forms) and reports what came
back; every comparison is made in the grader's process, worded as
:mod:`tictactoe.harness.dict_tests` words TestDict's.  The ten tests share
one table in the process, as in TestDict: each is a set-up that changes it
and a check that reads it, and a test first runs, silently, the set-ups of
the tests it builds on that have not run in this process.

The forced tests: on a table of one bucket every record after the first
collides; on a table of two buckets five records make at least three
collisions, whatever the hash (TestDict's test 10 only bounds the count
from above, so a ``put`` that never reports one passes it); and removing an
absent key from a bucket that holds other records must raise as from an
empty one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tictactoe.grade.observations import Observation, Returned, Threw, Values
from tictactoe.grade.talk import Broke, Failed, GradeTest, Talk
from tictactoe.harness.dict_tests import BULK_COPIES, BULK_COUNT, COLLISION_LIMIT, TABLE_SIZE, TESTS

__all__ = ["dictionary_tests", "forced_tests"]

_TABLE = 0  # the number of TestDict's table in the process
_FIRST_RECORDS = (("answer", 42), ("record2", 42), ("record3", 40), ("2record", 42))
_ABSENT_KEYS = ("chicken", "2", "record")
_REMOVED_KEYS = ("answer", "record2")
_BULK_REMOVED = 1_000


@dataclass(slots=True)
class _Shared:
    """TestDict's table in one process: made or not, test 7's collisions, why each test's set-up could not run."""

    made: bool = False
    collisions: int | None = None
    done: dict[int, str] = field(default_factory=dict)


def dictionary_tests() -> tuple[GradeTest, ...]:
    """``testdict 1`` ... ``testdict 10``."""
    return tuple(
        GradeTest(f"testdict {test.number}", _testdict(test.number), requires=_requirements(test.number))
        for test in TESTS
    )


def forced_tests() -> tuple[GradeTest, ...]:
    """``collisions-1-bucket``, ``collisions-2-buckets`` and ``remove-absent-shared-bucket``."""
    return (
        GradeTest("collisions-1-bucket", _one_bucket),
        GradeTest("collisions-2-buckets", _two_buckets),
        GradeTest("remove-absent-shared-bucket", _remove_absent_shared_bucket),
    )


def bulk_label(number: int) -> str:
    """How a message names test 7's key for ``number``."""
    return f"key #{number} (str({number}) * 32)"


def value_of(talk: Talk, observed: Observation, label: str = "", score: int | None = None) -> object:
    """The value an operation returned; :class:`Broke` saying what it raised or lacked when it returned none."""
    if isinstance(observed, Returned):
        return observed.value
    raise Broke(talk.words.unusable(observed, label, score))


def must_raise(talk: Talk, action: str, observed: Observation) -> None:
    """:class:`Failed` unless the operation raised DictionaryException (a class of any package with that name)."""
    if isinstance(observed, Threw):
        if observed.kind == "DictionaryException":
            return
        raise Failed(f"{action} {talk.words.verb} {observed.describe()}, not DictionaryException")
    if isinstance(observed, Returned):
        raise Failed(f"{action} did not raise DictionaryException")
    raise Broke(talk.words.unusable(observed))


def _requirements(number: int) -> tuple[str, ...]:
    """Every TestDict test whose set-up test ``number`` builds on, directly or not."""
    names: list[str] = []
    for required in TESTS[number - 1].requires:
        names += [*_requirements(required), f"testdict {required}"]
    return tuple(dict.fromkeys(names))


def _testdict(number: int) -> Callable[[Talk], str]:
    def run(talk: Talk) -> str:
        shared = talk.state("testdict", _Shared)
        blocked = _set_up_requirements(talk, shared, number)
        shared.done[number] = blocked
        if blocked:
            raise Failed(blocked)
        notes: list[str] = []
        try:
            _step(talk, shared, number, _SET_UPS, notes)
        except (Failed, Broke) as failure:
            # The tests that build on this one must not read a table its set-up left half made as if it were made.
            shared.done[number] = f"could not set up: test {number} failed: {failure}"
            raise
        _step(talk, shared, number, _CHECKS, notes)
        return "; ".join(notes)

    return run


def _set_up_requirements(talk: Talk, shared: _Shared, number: int) -> str:
    """Why test ``number`` cannot run (a set-up it builds on failed), or ``''`` once their set-ups have run."""
    for required in TESTS[number - 1].requires:
        blocked = shared.done.get(required)
        if blocked is None:
            blocked = _set_up_requirements(talk, shared, required)
            if not blocked:
                try:
                    _step(talk, shared, required, _SET_UPS, [])
                except (Failed, Broke) as failure:
                    blocked = f"could not set up: test {required} failed: {failure}"
            shared.done[required] = blocked
        if blocked:
            return blocked
    return ""


_Step = Callable[[Talk, _Shared, list[str]], None]


def _step(talk: Talk, shared: _Shared, number: int, steps: dict[int, _Step], notes: list[str]) -> None:
    if not shared.made:
        value_of(talk, talk.ask([["new", _TABLE, TABLE_SIZE]])[0])
        shared.made = True
    if number in steps:
        steps[number](talk, shared, notes)


def _put_first_records(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    observed = talk.ask([["put", _TABLE, key, score] for key, score in _FIRST_RECORDS])
    for (key, score), put in zip(_FIRST_RECORDS, observed, strict=True):
        value_of(talk, put, repr(key), score)


def _put_existing_key(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    key = _FIRST_RECORDS[0][0]
    must_raise(talk, "put of an existing key", talk.ask([["put", _TABLE, key, 56]])[0])


def _gets(talk: Talk, keys: Sequence[str]) -> list[object]:
    observed = talk.ask([["get", _TABLE, key] for key in keys])
    return [value_of(talk, get, repr(key)) for key, get in zip(keys, observed, strict=True)]


def _get_first_records(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    keys = [key for key, _ in _FIRST_RECORDS]
    missing = [repr(key) for key, score in zip(keys, _gets(talk, keys), strict=True) if score == -1]
    if missing:
        raise Failed(f"get returned -1 for the key(s) {', '.join(missing)}, which test 1 put")


def _expect_absent(talk: Talk, keys: Sequence[str], what: str) -> None:
    for key, score in zip(keys, _gets(talk, keys), strict=True):
        if not (type(score) is int and score == -1):
            raise Failed(f"get of the {what} key {key!r} returned {talk.words.value(score)}, not -1")


def _get_absent_keys(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    _expect_absent(talk, _ABSENT_KEYS, "absent")


def _remove_absent_key(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    must_raise(talk, "remove of an absent key", talk.ask([["remove", _TABLE, _ABSENT_KEYS[0]]])[0])


def _remove_two_records(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    for key, removed in zip(_REMOVED_KEYS, talk.ask([["remove", _TABLE, key] for key in _REMOVED_KEYS]), strict=True):
        value_of(talk, removed, repr(key))


def _removed_records_are_absent(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    _expect_absent(talk, _REMOVED_KEYS, "removed")


def _bulk(talk: Talk, operation: str, first: int, count: int) -> tuple[object, ...]:
    """The values of a bulk operation on test 7's keys; :class:`Broke` at the first that raised."""
    (observed,) = talk.ask([[operation, _TABLE, first, count, BULK_COPIES]])
    if isinstance(observed, Returned):
        shown = talk.words.value(observed.value)
        raise Broke(f"{count} {operation} answered {shown}, not a value a key: is the grader's driver changed?")
    if not isinstance(observed, Values):
        raise Broke(talk.words.unusable(observed))
    if observed.stop is not None:
        number = first + len(observed.values)
        raise Broke(talk.words.unusable(observed.stop, bulk_label(number), number))
    return observed.values


def _put_bulk_keys(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    results = _bulk(talk, "puts", 0, BULK_COUNT)
    for number, result in enumerate(results):
        if type(result) is not int or result not in (0, 1):
            raise Failed(f"put of {bulk_label(number)} returned {talk.words.value(result)}, not 0 or 1")
    shared.collisions = sum(results)  # type: ignore[arg-type]  # every result is 0 or 1, just checked


def _missing(talk: Talk, first: int) -> list[int]:
    return [first + index for index, score in enumerate(_bulk(talk, "gets", first, BULK_COUNT - first)) if score == -1]


def _find_bulk_keys(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    missing = _missing(talk, 0)
    if missing:
        raise Failed(f"{len(missing)} of the {BULK_COUNT} keys not found, the first {bulk_label(missing[0])}")


def _remove_first_bulk_keys(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    _bulk(talk, "removes", 0, _BULK_REMOVED)


def _find_other_bulk_keys(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    missing = _missing(talk, _BULK_REMOVED)
    if missing:
        raise Failed(
            f"after removing the first {_BULK_REMOVED} keys, {len(missing)} of the other"
            f" {BULK_COUNT - _BULK_REMOVED} were not found, the first {bulk_label(missing[0])}"
        )


def _check_collisions(talk: Talk, shared: _Shared, notes: list[str]) -> None:
    if shared.collisions is None:
        raise Failed("no collision count: test 7 did not complete")
    notes.append(f"Collisions: {shared.collisions} (must be below {COLLISION_LIMIT})")
    if shared.collisions >= COLLISION_LIMIT:
        raise Failed(f"{shared.collisions} collisions, not below {COLLISION_LIMIT}")


_SET_UPS: dict[int, _Step] = {
    1: _put_first_records,
    6: _remove_two_records,
    7: _put_bulk_keys,
    9: _remove_first_bulk_keys,
}
_CHECKS: dict[int, _Step] = {
    2: _put_existing_key,
    3: _get_first_records,
    4: _get_absent_keys,
    5: _remove_absent_key,
    6: _removed_records_are_absent,
    8: _find_bulk_keys,
    9: _find_other_bulk_keys,
    10: _check_collisions,
}


class _Forced:
    """A small table of the test's own, made afresh in the process: its operations, judged one by one."""

    def __init__(self, talk: Talk, size: int, where: str) -> None:
        self.talk = talk
        self.size = size
        self.where = where
        tables = talk.state("forced tables", lambda: [0])
        tables[0] += 1
        self.number = 1000 + tables[0]  # TestDict's is 0: a number of each test's own
        value_of(talk, talk.ask([["new", self.number, size]])[0])

    def puts(self, keys: Sequence[str]) -> list[object]:
        observed = self.talk.ask([["put", self.number, key, score] for score, key in enumerate(keys)])
        return [
            value_of(self.talk, put, repr(key), score)
            for score, (key, put) in enumerate(zip(keys, observed, strict=True))
        ]

    def expect_records(self, keys: Sequence[str]) -> None:
        observed = self.talk.ask([*(["get", self.number, key] for key in keys), ["count", self.number]])
        for index, (key, get) in enumerate(zip(keys, observed[:-1], strict=True)):
            score = value_of(self.talk, get, repr(key))
            if not (type(score) is int and score == index):
                raise Failed(
                    f"{self.where}, get of {key!r} returned {self.talk.words.value(score)}, not its score {index}"
                )
        self.expect_count(len(keys), f"{self.where}, after {len(keys)} puts", observed[-1])

    def expect_count(self, expected: int, where: str, observed: Observation | None = None) -> None:
        if observed is None:
            observed = self.talk.ask([["count", self.number]])[0]
        count = value_of(self.talk, observed)
        if not (type(count) is int and count == expected):
            raise Failed(f"{where}, {self.talk.words.count} returned {self.talk.words.value(count)}, not {expected}")


def _one_bucket(talk: Talk) -> str:
    table = _Forced(talk, 1, "on a table of 1 bucket")
    keys = ("a", "b", "c")
    for index, (key, result) in enumerate(zip(keys, table.puts(keys), strict=True)):
        expected = 0 if index == 0 else 1
        if not (type(result) is int and result == expected):
            raise Failed(
                f"on a table of 1 bucket, put of {key!r} after {index} record(s) returned {talk.words.value(result)},"
                f" not {expected} (put returns 1 when the record's bucket already held a record)"
            )
    table.expect_records(keys)
    for key, removed in zip(keys, talk.ask([["remove", table.number, key] for key in keys]), strict=True):
        value_of(talk, removed, repr(key))
    table.expect_count(0, "after removing the 3 records of a table of 1 bucket")
    result = value_of(talk, talk.ask([["put", table.number, "d", 3]])[0], "'d'", 3)
    if not (type(result) is int and result == 0):
        raise Failed(
            f"on a table of 1 bucket whose records were all removed, put of 'd' returned {talk.words.value(result)},"
            " not 0: the bucket was empty again"
        )
    return ""


def _two_buckets(talk: Talk) -> str:
    table = _Forced(talk, 2, "on a table of 2 buckets")
    keys = ("k0", "k1", "k2", "k3", "k4")
    total = 0
    for index, (key, result) in enumerate(zip(keys, table.puts(keys), strict=True)):
        if type(result) is not int or result not in (0, 1) or (index == 0 and result != 0):
            wanted = "0" if index == 0 else "0 or 1"
            raise Failed(
                f"on a table of 2 buckets, put of {key!r} after {index} record(s) returned {talk.words.value(result)},"
                f" not {wanted}"
            )
        total += result
    if total < 3:
        raise Failed(
            f"on a table of 2 buckets, 5 puts reported {total} collision(s): at least 3 are forced, since at most"
            " 2 records can find their bucket empty"
        )
    table.expect_records(keys)
    return ""


def _remove_absent_shared_bucket(talk: Talk) -> str:
    table = _Forced(talk, 1, "on a table of 1 bucket")
    table.puts(("a", "b"))
    must_raise(talk, "on a table of 1 bucket holding 'a' and 'b', remove of the absent key 'c'",
               talk.ask([["remove", table.number, "c"]])[0])  # fmt: skip
    table.expect_records(("a", "b"))
    return ""
