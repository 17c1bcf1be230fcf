"""Tests of ``testdict.py`` run as a program, and of the harness behind it (:mod:`tictactoe.harness.dict_tests`).

The harness is also run against deliberately broken dictionaries, to show
that it reports each kind of mistake as the failure of the right test.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from hashdict import Data, DictionaryException, HashDictionary, polynomial_hash
from tests.paths import ROOT
from tictactoe.cli import testdict
from tictactoe.harness.dict_tests import (
    BULK_COUNT,
    COLLISION_LIMIT,
    TABLE_SIZE,
    TESTS,
    DictTestResult,
    bulk_key,
    bulk_keys,
    format_result,
    run_tests,
    summary_line,
)
from tictactoe.hashreport import samples
from tictactoe.hashreport.sources import SOURCES
from tictactoe.hashreport.stats import table_statistics

REPO = ROOT
COLLISIONS_LINE = re.compile(rf"   Collisions: (\d+) \(must be below {COLLISION_LIMIT}\)")


def run_testdict(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "testdict.py", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def collisions_of(lines: list[str]) -> int:
    counts = [int(match[1]) for line in lines if (match := COLLISIONS_LINE.fullmatch(line))]
    assert len(counts) == 1, lines
    return counts[0]


# ---------------------------------------------------------------- the program


def test_full_run_passes_every_test() -> None:
    result = run_testdict()
    lines = result.stdout.splitlines()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    assert lines[:9] == [f"   Test {number} succeeded" for number in range(1, 10)]
    assert COLLISIONS_LINE.fullmatch(lines[9])
    assert lines[10:] == ["   Test 10 succeeded", "10 passed, 0 failed"]
    assert collisions_of(lines) < COLLISION_LIMIT


def test_subset_runs_only_the_chosen_tests() -> None:
    result = run_testdict("3", "7")
    assert result.returncode == 0
    assert result.stdout == "   Test 3 succeeded\n   Test 7 succeeded\n2 passed, 0 failed\n"


def test_subset_is_run_once_each_in_increasing_order() -> None:
    assert run_testdict("7", "3", "3").stdout == run_testdict("3", "7").stdout


@pytest.mark.slow
@pytest.mark.parametrize("number", ["2", "3", "4", "6", "8", "9"])
def test_test_needing_earlier_records_passes_alone(number: str) -> None:
    result = run_testdict(number)
    assert result.returncode == 0
    assert result.stdout == f"   Test {number} succeeded\n1 passed, 0 failed\n"


def test_test_10_alone_counts_the_collisions_of_a_full_run() -> None:
    alone = run_testdict("10").stdout.splitlines()
    assert alone[1:] == ["   Test 10 succeeded", "1 passed, 0 failed"]
    assert collisions_of(alone) == collisions_of(run_testdict().stdout.splitlines())


@pytest.mark.parametrize("word", ["help", "-h", "--help"])
def test_help_explains_every_test(word: str) -> None:
    result = run_testdict(word)
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python testdict.py")
    for test in TESTS:
        assert f"{test.number:>2}  {test.description}" in result.stdout
    assert "silently" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argument", "problem"),
    [
        ("x", "argument TEST: 'x' is not a test number; the tests are numbered 1 to 10"),
        ("3.5", "argument TEST: '3.5' is not a test number; the tests are numbered 1 to 10"),
        ("0", "argument TEST: there is no test 0; the tests are numbered 1 to 10"),
        ("11", "argument TEST: there is no test 11; the tests are numbered 1 to 10"),
        ("-3", "argument TEST: there is no test -3; the tests are numbered 1 to 10"),
        ("--verbose", "unrecognized arguments: --verbose"),
    ],
)
def test_bad_argument_exits_2_naming_the_problem(argument: str, problem: str) -> None:
    result = run_testdict("3", argument)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("usage: python testdict.py [help] [TEST ...]\n")
    assert result.stderr.splitlines()[-1] == f"testdict.py: error: {problem}"


def test_an_older_python_is_refused_before_anything_that_needs_3_11_is_imported() -> None:
    code = (
        "import runpy, sys\n"
        "sys.version_info = (3, 10, 12, 'final', 0)\n"
        "try:\n"
        "    runpy.run_path('testdict.py', run_name='__main__')\n"
        "finally:\n"
        "    print(sorted(name for name in sys.modules if name.partition('.')[0] in"
        " ('hashdict', 'configurations', 'tictactoe')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False, timeout=60
    )
    assert (result.returncode, result.stderr) == (2, "testdict.py: needs Python 3.11 or newer, this is 3.10.12\n")
    assert result.stdout == "['tictactoe', 'tictactoe.cli', 'tictactoe.cli.python_version']\n"


def test_a_reader_that_goes_after_the_program_has_written_everything_changes_nothing() -> None:
    """What the README says of ``| head``: status 141 comes only from a write after the reader has gone."""
    with subprocess.Popen([sys.executable, "testdict.py", "3"], cwd=REPO, stdout=subprocess.PIPE) as program:
        assert program.wait(timeout=120) == 0  # its two lines fit in the pipe: nothing is read until it has ended
        assert program.stdout is not None
        program.stdout.close()


def test_failing_test_makes_exit_status_1(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(testdict, "run_tests", lambda numbers: run_tests(numbers, PutNeverRaises(TABLE_SIZE)))
    assert testdict.main([]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "***Test 2 failed: put of an existing key did not raise DictionaryException" in lines
    assert lines[-1] == "9 passed, 1 failed"


# ------------------------------------------------------- broken dictionaries


class PutNeverRaises(HashDictionary):
    """``put`` of a stored key quietly reports a collision instead of raising."""

    def put(self, record: Data) -> int:
        try:
            return super().put(record)
        except DictionaryException:
            return 1


class PutAlwaysCollides(HashDictionary):
    """``put`` claims a collision every time."""

    def put(self, record: Data) -> int:
        super().put(record)
        return 1


class PutReturnsNothing(HashDictionary):
    """``put`` forgets to return its result."""

    def put(self, record: Data) -> int:
        super().put(record)
        return None  # type: ignore[return-value]


class PutRefusesAnswer(HashDictionary):
    """``put`` fails on the very first key of test 1."""

    def put(self, record: Data) -> int:
        if record.configuration == "answer":
            raise TypeError("boom")
        return super().put(record)


class RemoveNeverRaises(HashDictionary):
    """``remove`` of an absent key does nothing."""

    def remove(self, config: str) -> None:
        if config in self:
            super().remove(config)


class RemoveForgets(HashDictionary):
    """``remove`` does nothing at all."""

    def remove(self, config: str) -> None:
        pass


class GetMatchesPrefixes(HashDictionary):
    """``get`` finds a stored key that merely starts with the one asked for."""

    def get(self, config: str) -> int:
        return next((record.score for record in self if record.configuration.startswith(config)), -1)


class GetRaises(HashDictionary):
    """``get`` raises an unexpected exception."""

    def get(self, config: str) -> int:
        raise TypeError("boom")


class LosesLongKeys(HashDictionary):
    """``get`` never finds a key of 128 characters (test 7's keys for 1000..9999)."""

    def get(self, config: str) -> int:
        return -1 if len(config) == 128 else super().get(config)


class Incomparable:
    """A score that cannot even be compared with -1."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparisons")

    def __ne__(self, other: object) -> bool:
        raise RuntimeError("no comparisons")

    __hash__ = None  # type: ignore[assignment]


class GetReturnsIncomparable(HashDictionary):
    def get(self, config: str) -> int:
        return Incomparable()  # type: ignore[return-value]


def failures(dictionary: HashDictionary, numbers: list[int] | None = None) -> dict[int, str]:
    """Test number -> reason, for the tests that failed."""
    return {result.number: result.reason for result in run_tests(numbers, dictionary) if not result.passed}


# ----------------------------------------------------------------- the harness


def test_correct_dictionary_passes_every_test() -> None:
    results = list(run_tests())
    assert [result.number for result in results] == list(range(1, 11))
    assert all(result.passed for result in results)
    assert summary_line(results) == "10 passed, 0 failed"


def test_tests_1_to_6_leave_the_records_the_report_stores_before_test_7s_keys() -> None:
    table = HashDictionary(TABLE_SIZE)
    assert all(result.passed for result in run_tests(range(1, 7), table))
    assert sorted(record.configuration for record in table) == sorted(samples.TESTDICT_STORED)


def test_test_10_counts_one_collision_more_than_the_same_keys_in_an_empty_table() -> None:
    """2254, not 2253: '2record', left by tests 1 to 6, shares a bucket with two of test 7's keys."""
    (result,) = run_tests([10])
    assert result.notes == (f"Collisions: 2254 (must be below {COLLISION_LIMIT})",)
    assert table_statistics(bulk_keys(), TABLE_SIZE).collisions == 2253
    bucket = polynomial_hash("2record", TABLE_SIZE)
    sharing = [number for number in range(BULK_COUNT) if polynomial_hash(bulk_key(number), TABLE_SIZE) == bucket]
    assert sharing == [107, 6739]  # 107 went into an empty bucket; after '2record' it collides
    assert polynomial_hash("record3", TABLE_SIZE) not in {polynomial_hash(key, TABLE_SIZE) for key in bulk_keys()}
    source = SOURCES.find("testdict")
    assert source is not None
    stats = table_statistics(source.keys(), TABLE_SIZE, source.stored)
    assert (stats.collisions, stats.stored, stats.stored_collisions) == (2254, 2, 1)


def test_collision_count_is_the_sum_of_puts_after_tests_1_to_6() -> None:
    table = HashDictionary(TABLE_SIZE)
    for key in ("record3", "2record"):  # what tests 1 to 6 leave behind
        table.put(Data(key, 0))
    expected = sum(table.put(Data(bulk_key(number), number)) for number in range(BULK_COUNT))
    (result,) = run_tests([10])
    assert result.notes == (f"Collisions: {expected} (must be below {COLLISION_LIMIT})",)


def test_put_that_never_raises_fails_test_2_only() -> None:
    assert failures(PutNeverRaises(TABLE_SIZE)) == {2: "put of an existing key did not raise DictionaryException"}


def test_remove_that_never_raises_fails_test_5_only() -> None:
    assert failures(RemoveNeverRaises(TABLE_SIZE)) == {5: "remove of an absent key did not raise DictionaryException"}


def test_remove_that_forgets_fails_tests_5_and_6() -> None:
    assert failures(RemoveForgets(TABLE_SIZE)) == {
        5: "remove of an absent key did not raise DictionaryException",
        6: "get of the removed key 'answer' returned 42, not -1",
    }


def test_failed_check_of_a_required_test_blocks_nothing() -> None:
    # Test 10 needs test 6's removals, which succeed; only test 6's check would fail.
    assert failures(RemoveForgets(TABLE_SIZE), [10]) == {}


def test_get_matching_prefixes_fails_test_4() -> None:
    assert failures(GetMatchesPrefixes(TABLE_SIZE), [4]) == {4: "get of the absent key '2' returned 42, not -1"}


def test_lost_keys_fail_tests_8_and_9() -> None:
    assert failures(LosesLongKeys(TABLE_SIZE), [8, 9]) == {
        8: "9000 of the 10000 keys not found, the first key #1000 (str(1000) * 32)",
        9: "after removing the first 1000 keys, 9000 of the other 9000 were not found,"
        " the first key #1000 (str(1000) * 32)",
    }


def test_too_many_collisions_fail_test_10_and_are_still_shown() -> None:
    results = list(run_tests([10], PutAlwaysCollides(TABLE_SIZE)))
    assert results == [
        DictTestResult(10, False, "10000 collisions, not below 2800", ("Collisions: 10000 (must be below 2800)",))
    ]
    assert format_result(results[0]) == [
        "   Collisions: 10000 (must be below 2800)",
        "***Test 10 failed: 10000 collisions, not below 2800",
    ]


def test_put_without_result_fails_test_7_and_leaves_test_10_without_count() -> None:
    assert failures(PutReturnsNothing(TABLE_SIZE), [7, 10]) == {
        7: "put of key #0 (str(0) * 32) returned None, not 0 or 1",
        10: "no collision count: test 7 did not complete",
    }


def test_exception_from_the_dictionary_fails_the_test_with_its_reason() -> None:
    assert failures(GetRaises(TABLE_SIZE), [3, 4, 8]) == {
        3: "get of 'answer' raised TypeError: boom",
        4: "get of 'chicken' raised TypeError: boom",
        8: "get of key #0 (str(0) * 32) raised TypeError: boom",
    }


def test_exception_outside_a_dictionary_call_fails_the_test_too() -> None:
    assert failures(GetReturnsIncomparable(TABLE_SIZE), [4]) == {4: "unexpected RuntimeError: no comparisons"}


def test_failed_set_up_fails_the_chosen_test_naming_the_cause() -> None:
    reason = "could not set up: test 1 failed: put of 'answer' raised TypeError: boom"
    assert failures(PutRefusesAnswer(TABLE_SIZE), [3, 10]) == {3: reason, 10: reason}


def test_blocked_chosen_test_blocks_the_tests_that_need_it() -> None:
    reason = "could not set up: test 1 failed: put of 'answer' raised TypeError: boom"
    assert failures(PutRefusesAnswer(TABLE_SIZE), [6, 8]) == {6: reason, 8: reason}


def test_failure_in_a_full_run_does_not_stop_later_tests() -> None:
    results = list(run_tests(None, PutRefusesAnswer(TABLE_SIZE)))
    assert [result.number for result in results if not result.passed] == [1, 2, 3, 6]
    assert results[0].reason == "put of 'answer' raised TypeError: boom"


@pytest.mark.parametrize("number", [0, 11, -1])
def test_unknown_test_number_is_refused_at_once(number: int) -> None:
    with pytest.raises(ValueError, match=f"there is no test {number}"):
        run_tests([number])


def test_bulk_keys_are_those_of_the_spec() -> None:
    assert bulk_key(0) == "0" * 32
    assert bulk_key(9999) == "9999" * 32
    assert 0 <= polynomial_hash(bulk_key(1234), TABLE_SIZE) < TABLE_SIZE
