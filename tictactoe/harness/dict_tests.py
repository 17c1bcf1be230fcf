"""The ten tests of TestDict (docs/dictionary.md), as functions that report rather than print.

``testdict.py`` is the shell that parses its arguments, calls
:func:`run_tests` and prints each :class:`DictTestResult` with
:func:`format_result`.  The tests share one dictionary and build on each
other's records (test 3 reads what test 1 stored, test 8 what test 7
stored).  So each test is a ``set_up``, the part that changes the table,
and a ``check``, the part that only reads it; when only some tests are
chosen, the set-ups of the tests they build on (:attr:`DictTest.requires`)
run first, silently, so that every chosen test sees the table it would see
in a full run.

>>> results = list(run_tests([3, 8]))
>>> [line for result in results for line in format_result(result)]
['   Test 3 succeeded', '   Test 8 succeeded']
>>> summary_line(results)
'2 passed, 0 failed'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import ParamSpec, TypeAlias, TypeVar

from hashdict import require_int
from hashdict.adt import DictionaryADT, DictionaryException
from hashdict.hash_dictionary import HashDictionary
from hashdict.record import Data

__all__ = [
    "BULK_COPIES",
    "BULK_COUNT",
    "COLLISION_LIMIT",
    "TABLE_SIZE",
    "TESTS",
    "CheckFailed",
    "DictTest",
    "DictTestResult",
    "DictTestRun",
    "Step",
    "bulk_key",
    "bulk_keys",
    "format_result",
    "run_tests",
    "summary_line",
]

#: The number of buckets of the dictionary under test.
TABLE_SIZE = 13_441
#: Test 10's bound on test 7's collisions.  Uniform random hashing makes
#: about 2 946, so only a hash that fits the keys stays below it.
COLLISION_LIMIT = 2_800
#: How many keys test 7 stores, and test 9 removes the first of them.
BULK_COUNT = 10_000
_BULK_REMOVED = 1_000
#: Test 7's key for i is str(i) doubled five times: 32 copies.
BULK_COPIES = 32

_FIRST_RECORDS = (("answer", 42), ("record2", 42), ("record3", 40), ("2record", 42))
# Near misses of the stored keys ("2record", "record2"): a lookup that
# matched prefixes or ignored digits would find them.
_ABSENT_KEYS = ("chicken", "2", "record")
_REMOVED_KEYS = ("answer", "record2")

_P = ParamSpec("_P")
_T = TypeVar("_T")


def bulk_key(number: int) -> str:
    """Test 7's key for ``number``: its decimal digits repeated 32 times.

    >>> bulk_key(7) == "7" * 32, len(bulk_key(1234))
    (True, 128)
    """
    return str(number) * BULK_COPIES


def bulk_keys() -> list[str]:
    """The 10 000 keys of test 7, in the order it stores them.

    >>> keys = bulk_keys()
    >>> len(keys), keys[10] == "10" * 32
    (10000, True)
    """
    return [bulk_key(number) for number in range(BULK_COUNT)]


class CheckFailed(Exception):
    """A test found the dictionary wrong; the message says how."""


@dataclass(slots=True)
class DictTestRun:
    """What the tests of one run share.

    ``dictionary`` is the table under test, ``collisions`` the sum of test
    7's ``put`` results once test 7 has completed, and ``notes`` the lines
    the running test wants shown besides its verdict.
    """

    dictionary: DictionaryADT
    collisions: int | None = None
    notes: list[str] = field(default_factory=list)


#: One part of a test; it raises :class:`CheckFailed` when the dictionary is wrong.
Step: TypeAlias = Callable[[DictTestRun], None]


@dataclass(frozen=True, slots=True)
class DictTest:
    """One numbered test: ``set_up`` changes the table, then ``check`` reads it.

    ``requires`` lists the tests whose set-up this one relies on.
    """

    number: int
    description: str
    set_up: Step | None = None
    check: Step | None = None
    requires: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class DictTestResult:
    """The verdict of one test: ``reason`` says why it failed, ``notes`` are lines to show."""

    number: int
    passed: bool
    reason: str = ""
    notes: tuple[str, ...] = ()


def run_tests(
    numbers: Iterable[int] | None = None, dictionary: DictionaryADT | None = None
) -> Iterator[DictTestResult]:
    """Run the tests ``numbers`` (all by default) in increasing order, each once, yielding a result as each ends.

    They run on ``dictionary``, by default an empty
    ``HashDictionary(TABLE_SIZE)``.  A test whose required tests have not run
    first runs their set-ups silently; when one of those fails, the test
    fails saying so.  An exception escaping the dictionary fails the test it
    escaped from; later tests still run.  ``ValueError`` (at once) for a
    number that names no test.

    >>> [result.passed for result in run_tests([10])]
    [True]
    """
    chosen = list(TESTS) if numbers is None else [_test(number) for number in sorted(set(numbers))]
    return _run_chosen(chosen, HashDictionary(TABLE_SIZE) if dictionary is None else dictionary)


def format_result(result: DictTestResult) -> list[str]:
    """The lines that report ``result``: its notes, then its verdict.

    >>> format_result(DictTestResult(10, True, notes=("Collisions: 2270 (must be below 2800)",)))
    ['   Collisions: 2270 (must be below 2800)', '   Test 10 succeeded']
    >>> format_result(DictTestResult(5, False, "remove of an absent key did not raise DictionaryException"))
    ['***Test 5 failed: remove of an absent key did not raise DictionaryException']
    """
    verdict = (
        f"   Test {result.number} succeeded" if result.passed else f"***Test {result.number} failed: {result.reason}"
    )
    return [*(f"   {note}" for note in result.notes), verdict]


def summary_line(results: Sequence[DictTestResult]) -> str:
    """The last line of a run: ``'N passed, M failed'``.

    >>> summary_line([DictTestResult(1, True), DictTestResult(2, False, "why")])
    '1 passed, 1 failed'
    """
    passed = sum(result.passed for result in results)
    return f"{passed} passed, {len(results) - passed} failed"


def _run_chosen(chosen: list[DictTest], dictionary: DictionaryADT) -> Iterator[DictTestResult]:
    run = DictTestRun(dictionary)
    # Every test that has had its turn, with why its set-up could not run
    # ('' when it ran: a failure that a chosen test reports blocks nothing).
    done: list[tuple[int, str]] = []
    for test in chosen:
        blocked = _set_up_requirements(test, run, done)
        yield DictTestResult(test.number, False, blocked) if blocked else _run(test, run)
        done.append((test.number, blocked))


def _set_up_requirements(test: DictTest, run: DictTestRun, done: list[tuple[int, str]]) -> str:
    """Silently run the set-ups ``test`` relies on that have not run; why they could not, or ``''``."""
    for required in test.requires:
        blocked = next((reason for number, reason in done if number == required), None)
        if blocked is None:
            prerequisite = _test(required)
            blocked = _set_up_requirements(prerequisite, run, done)
            if not blocked:
                failure = _failure(prerequisite.set_up, run)
                blocked = f"could not set up: test {required} failed: {failure}" if failure else ""
            done.append((required, blocked))
        if blocked:
            return blocked
    return ""


def _run(test: DictTest, run: DictTestRun) -> DictTestResult:
    run.notes.clear()
    reason = _failure(test.set_up, run) or _failure(test.check, run)
    return DictTestResult(test.number, not reason, reason, tuple(run.notes))


def _failure(step: Step | None, run: DictTestRun) -> str:
    """Run ``step``; why it failed, or ``''``."""
    if step is None:
        return ""
    try:
        step(run)
    except CheckFailed as failure:
        return str(failure) or "check failed"
    except Exception as error:  # a broken dictionary fails its test, never the run
        return f"unexpected {_describe(error)}"
    return ""


def _test(number: int) -> DictTest:
    try:
        if 1 <= require_int("a test number", number) <= len(TESTS):
            return TESTS[number - 1]
    except TypeError:
        pass
    raise ValueError(f"there is no test {number!r}; the tests are numbered 1 to {len(TESTS)}")


def _attempt(action: str, operation: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
    """``operation(*args, **kwargs)``, any exception turned into a failure naming ``action``."""
    try:
        return operation(*args, **kwargs)
    except Exception as error:
        raise CheckFailed(f"{action} raised {_describe(error)}") from error


def _describe(error: BaseException) -> str:
    message = str(error)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _bulk_label(number: int) -> str:
    return f"key #{number} (str({number}) * {BULK_COPIES})"


def _missing_bulk_keys(dictionary: DictionaryADT, numbers: range) -> list[int]:
    return [
        number
        for number in numbers
        if _attempt(f"get of {_bulk_label(number)}", dictionary.get, bulk_key(number)) == -1
    ]


def _must_raise_dictionary_exception(action: str, operation: Callable[[], object]) -> None:
    try:
        operation()
    except DictionaryException:
        return
    except Exception as error:
        raise CheckFailed(f"{action} raised {_describe(error)}, not DictionaryException") from error
    raise CheckFailed(f"{action} did not raise DictionaryException")


def _put_first_records(run: DictTestRun) -> None:
    for key, score in _FIRST_RECORDS:
        _attempt(f"put of {key!r}", run.dictionary.put, Data(key, score))


def _put_existing_key(run: DictTestRun) -> None:
    key = _FIRST_RECORDS[0][0]
    _must_raise_dictionary_exception("put of an existing key", lambda: run.dictionary.put(Data(key, 56)))


def _get_first_records(run: DictTestRun) -> None:
    missing = [key for key, _ in _FIRST_RECORDS if _attempt(f"get of {key!r}", run.dictionary.get, key) == -1]
    if missing:
        raise CheckFailed(f"get returned -1 for the stored key(s) {', '.join(map(repr, missing))}")


def _get_absent_keys(run: DictTestRun) -> None:
    for key in _ABSENT_KEYS:
        score = _attempt(f"get of {key!r}", run.dictionary.get, key)
        if score != -1:
            raise CheckFailed(f"get of the absent key {key!r} returned {score!r}, not -1")


def _remove_absent_key(run: DictTestRun) -> None:
    _must_raise_dictionary_exception("remove of an absent key", lambda: run.dictionary.remove(_ABSENT_KEYS[0]))


def _remove_two_records(run: DictTestRun) -> None:
    for key in _REMOVED_KEYS:
        _attempt(f"remove of {key!r}", run.dictionary.remove, key)


def _removed_records_are_absent(run: DictTestRun) -> None:
    for key in _REMOVED_KEYS:
        score = _attempt(f"get of {key!r}", run.dictionary.get, key)
        if score != -1:
            raise CheckFailed(f"get of the removed key {key!r} returned {score!r}, not -1")


def _put_bulk_keys(run: DictTestRun) -> None:
    collisions = 0
    for number in range(BULK_COUNT):
        label = _bulk_label(number)
        result = _attempt(f"put of {label}", run.dictionary.put, Data(bulk_key(number), number))
        if result not in (0, 1):
            raise CheckFailed(f"put of {label} returned {result!r}, not 0 or 1")
        collisions += result
    run.collisions = collisions


def _find_bulk_keys(run: DictTestRun) -> None:
    missing = _missing_bulk_keys(run.dictionary, range(BULK_COUNT))
    if missing:
        raise CheckFailed(f"{len(missing)} of the {BULK_COUNT} keys not found, the first {_bulk_label(missing[0])}")


def _remove_first_bulk_keys(run: DictTestRun) -> None:
    for number in range(_BULK_REMOVED):
        _attempt(f"remove of {_bulk_label(number)}", run.dictionary.remove, bulk_key(number))


def _find_other_bulk_keys(run: DictTestRun) -> None:
    missing = _missing_bulk_keys(run.dictionary, range(_BULK_REMOVED, BULK_COUNT))
    if missing:
        raise CheckFailed(
            f"after removing the first {_BULK_REMOVED} keys, {len(missing)} of the other"
            f" {BULK_COUNT - _BULK_REMOVED} were not found, the first {_bulk_label(missing[0])}"
        )


def _check_collisions(run: DictTestRun) -> None:
    collisions = run.collisions
    if collisions is None:
        raise CheckFailed("no collision count: test 7 did not complete")
    run.notes.append(f"Collisions: {collisions} (must be below {COLLISION_LIMIT})")
    if collisions >= COLLISION_LIMIT:
        raise CheckFailed(f"{collisions} collisions, not below {COLLISION_LIMIT}")


#: The tests, test ``n`` at index ``n - 1``.  Test 7 requires test 6 because
#: in a full run the table still holds 'record3' and '2record' when test 7
#: starts, and its keys can collide with them: ``testdict.py 10`` must count
#: the collisions a full run counts.
TESTS: tuple[DictTest, ...] = (
    DictTest(
        1,
        "put ('answer', 42), ('record2', 42), ('record3', 40), ('2record', 42): no exception",
        set_up=_put_first_records,
    ),
    DictTest(2, "put ('answer', 56): must raise DictionaryException", check=_put_existing_key, requires=(1,)),
    DictTest(3, "get of the four keys of test 1: none is -1", check=_get_first_records, requires=(1,)),
    DictTest(4, "get of 'chicken', '2', 'record': all -1", check=_get_absent_keys, requires=(1,)),
    DictTest(5, "remove 'chicken': must raise DictionaryException", check=_remove_absent_key, requires=(1,)),
    DictTest(
        6,
        "remove 'answer' and 'record2': no exception, then both get -1",
        set_up=_remove_two_records,
        check=_removed_records_are_absent,
        requires=(1,),
    ),
    DictTest(
        7,
        f"put (str(i) * 32, i) for i in 0..{BULK_COUNT - 1}: no exception; the results sum to the collisions",
        set_up=_put_bulk_keys,
        requires=(6,),
    ),
    DictTest(8, f"all {BULK_COUNT} keys of test 7 are found", check=_find_bulk_keys, requires=(7,)),
    DictTest(
        9,
        f"remove the first {_BULK_REMOVED} keys of test 7: the other {BULK_COUNT - _BULK_REMOVED} are still found",
        set_up=_remove_first_bulk_keys,
        check=_find_other_bulk_keys,
        requires=(7,),
    ),
    DictTest(
        10,
        f"the collisions of test 7 are printed and must be below {COLLISION_LIMIT}",
        check=_check_collisions,
        requires=(7,),
    ),
)
