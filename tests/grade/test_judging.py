"""The grader's judgement, with the driver's operations run in this process on known tables and boards.

A stand-in for a submission's process answers each request with the
Python driver's own operations (:class:`~tictactoe.grade.languages.python_driver.Driver`)
on this project's ``hashdict`` and ``configurations``, the reference, or on
tables broken on purpose; its observations go through JSON as a real
process's do.  So the tests' verdicts can be checked against known truth:
the reference passes everything for any seed, and each broken table fails,
with the shortest sequence that shows it.
"""

from __future__ import annotations

import json
import random
import re
import threading
import types
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import configurations
import hashdict
from tictactoe.grade.channel import Answer, Child, Deadline
from tictactoe.grade.languages import python_driver
from tictactoe.grade.observations import Fault, Returned, Threw, Unreadable, Values, read_observations
from tictactoe.grade.random_tests import random_boards, random_operations, random_tests
from tictactoe.grade.suite import builtin_suite
from tictactoe.grade.talk import Broke, Failed, GradeTest, Talk
from tictactoe.grade.words import JAVA, PYTHON, Words
from tictactoe.harness import dict_tests


class InProcess:
    """A submission's process, played in this one: the Python driver's operations on the modules given."""

    def __init__(self, table_module: Any = hashdict) -> None:
        driver = object.__new__(python_driver.Driver)
        driver.load_error = ""
        driver.modules = {"hashdict": table_module, "configurations": configurations}
        driver.tables = python_driver.Tables(table_module)
        driver.game = None
        self.driver = driver
        self.requests = 0

    def ask(self, operations: Sequence[Sequence[object]], deadline: Deadline) -> Answer:
        self.requests += 1
        request = json.loads(json.dumps([list(operation) for operation in operations]))
        answer = json.dumps([self.driver.run(operation) for operation in request])
        return Answer(read_observations(answer, len(operations)))

    def take_output(self) -> str:
        return ""


def talk(child: InProcess, words: Words = PYTHON, states: dict[str, object] | None = None) -> Talk:
    deadline = Deadline(60.0, lambda: None, threading.Event()).start()
    return Talk(cast("Child", child), deadline, words, Path("/nowhere"), {} if states is None else states)


def outcome(test: GradeTest, child: InProcess, words: Words = PYTHON, states: dict[str, object] | None = None) -> str:
    """``passed``, or ``failed: ...`` / ``error: ...`` with the message; ``states``: what earlier tests left there."""
    try:
        test.run(talk(child, words, states))
    except Failed as failure:
        return f"failed: {failure}"
    except Broke as broke:
        return f"error: {broke}"
    return "passed"


class ForgetfulTable(hashdict.HashDictionary):
    """remove() of a stored key keeps the record (of an absent one, it raises as it should)."""

    def remove(self, key: str) -> None:
        if self.get(key) == -1:
            raise hashdict.DictionaryException(key, "absent")


class QuietTable(hashdict.HashDictionary):
    """put() never reports a collision."""

    def put(self, record: hashdict.Data) -> int:
        super().put(record)
        return 0


class SilentTable(hashdict.HashDictionary):
    """remove() of an absent key raises only on an empty table: where its bucket holds records, it says nothing."""

    def remove(self, key: str) -> None:
        if self.get(key) == -1 and self.num_records() > 0:
            return
        super().remove(key)


class RefusingTable(hashdict.HashDictionary):
    """put() raises, every time: nothing is ever stored."""

    def put(self, record: hashdict.Data) -> int:
        raise ValueError("no room")


class RecordingTable(hashdict.HashDictionary):
    """The reference, recording each key it is given to store."""

    stored: ClassVar[list[str]] = []

    def put(self, record: hashdict.Data) -> int:
        RecordingTable.stored.append(record.configuration)
        return super().put(record)


def module(table: type) -> types.SimpleNamespace:
    return types.SimpleNamespace(HashDictionary=table, Data=hashdict.Data)


@pytest.mark.parametrize(
    "test",
    [test for test in builtin_suite(seed=5) if test.process and test.name != "play-4x4-speed"],
    ids=lambda test: test.name,
)
def test_the_reference_passes_every_test(test: GradeTest) -> None:
    """Every built-in test but the long search (seconds here), on the project's own code."""
    child = InProcess()
    assert outcome(test, child) == "passed"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_the_reference_passes_the_random_tests_of_any_seed(seed: int) -> None:
    for test in random_tests(seed):
        assert outcome(test, InProcess()) == "passed", seed


def test_a_remove_that_keeps_the_record_is_shown_in_the_shortest_sequence_found() -> None:
    message = outcome(random_tests(11)[0], InProcess(module(ForgetfulTable)))
    match = re.fullmatch(
        r"failed: on a new HashDictionary\(1\), after (.*): (.*) \(the shortest failing sequence found; seed 11\)",
        message,
    )
    assert match is not None, message
    before, failure = match.groups()
    steps = before.split("; ")
    # A put and its remove, then what finds the record still there: a get, a count, a put that collides or raises.
    assert len(steps) == 2, message
    assert steps[0].startswith("put(")
    assert steps[1].startswith("remove(")
    assert re.fullmatch(
        r"get\(.*\) returned \d+, not -1|num_records\(\) returned 1, not 0|put\(.*\) raised .*"
        r"|put\(.*\) returned 1 on an empty table, where no bucket holds a record",
        failure,
    ), failure


def test_a_java_table_is_named_as_a_student_writes_it() -> None:
    """``on a new HashDictionary(1)``, as in Python, not ``on a new new HashDictionary(1)``."""
    message = outcome(random_tests(11)[0], InProcess(module(ForgetfulTable)), JAVA)
    assert message.startswith("failed: on a new HashDictionary(1), after put("), message


def test_the_testdict_tests_after_a_put_that_raised_say_it_never_stored_their_keys() -> None:
    """TestDict's tests read the records of test 1: when its puts raised, they say so, not that the table lost records
    it never held (nor pass tests 4 and 5 on a table left empty)."""
    child = InProcess(module(RefusingTable))
    states: dict[str, object] = {}
    tests = [test for test in builtin_suite(seed=5) if test.name.startswith("testdict ")]
    messages = {test.name: outcome(test, child, PYTHON, states) for test in tests}
    put_raised = "put of 'answer' raised ValueError: no room"
    assert messages["testdict 1"].startswith(f"error: {put_raised}"), messages
    for number in range(2, 11):  # every other test builds on test 1, directly or through tests 6 and 7
        assert messages[f"testdict {number}"] == f"failed: could not set up: test 1 failed: {put_raised}"


def test_a_testdict_get_that_loses_records_names_them_as_test_1_put_them() -> None:
    tests = {test.name: test for test in builtin_suite(seed=5)}
    states: dict[str, object] = {}
    child = InProcess(module(QuietTable))
    assert outcome(tests["testdict 1"], child, PYTHON, states) == "passed"
    child.driver.tables.tables[0] = hashdict.HashDictionary(7)  # the records of test 1 lost
    assert outcome(tests["testdict 3"], child, PYTHON, states) == (
        "failed: get returned -1 for the key(s) 'answer', 'record2', 'record3', '2record', which test 1 put"
    )


def test_a_put_that_never_collides_fails_where_a_collision_is_forced() -> None:
    message = outcome(random_tests(11)[0], InProcess(module(QuietTable)))
    assert re.fullmatch(
        r"failed: on a new HashDictionary\(1\), after put\((.*)\): put\((.*)\) returned 0 on a table of 1 bucket"
        r" holding 1 record\(s\): not 1 \(the shortest failing sequence found; seed 11\)",
        message,
    ), message


def test_a_remove_of_an_absent_key_must_raise_where_its_bucket_holds_other_records() -> None:
    """A remove that says nothing for an absent key beside other records fails, in the words a student reads."""
    tests = {test.name: test for test in builtin_suite(seed=5)}
    assert outcome(tests["remove-absent-shared-bucket"], InProcess()) == "passed"
    assert outcome(tests["remove-absent-shared-bucket"], InProcess(module(SilentTable))) == (
        "failed: on a table of 1 bucket holding 'a' and 'b', remove of the absent key 'c' did not raise"
        " DictionaryException"
    )


def test_testdict_7_stores_testdict_s_own_keys_through_the_driver() -> None:
    """The grader sends the driver a recipe for test 7's keys, not the keys: made there, they are TestDict's."""
    RecordingTable.stored = []
    tests = {test.name: test for test in builtin_suite(seed=5)}
    assert outcome(tests["testdict 7"], InProcess(module(RecordingTable))) == "passed"
    assert RecordingTable.stored[-dict_tests.BULK_COUNT :] == dict_tests.bulk_keys()


def test_random_operations_repeat_with_their_seed_and_reach_every_kind() -> None:
    first = random_operations(random.Random("7:dictionary"), 150)
    assert first == random_operations(random.Random("7:dictionary"), 150)
    assert {operation.kind for operation in first} == {"put", "get", "remove", "count"}
    keys = {operation.key for operation in first}
    assert any(any(ord(character) < 0x20 for character in key) for key in keys)  # controls (NUL too)
    assert any(any(0xD800 <= ord(character) < 0xE000 for character in key) for key in keys)  # lone surrogates


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_random_boards_are_boards_a_game_reaches(seed: int) -> None:
    for case in random_boards(random.Random(seed), 20):
        board = "".join(case.board)
        x, o = board.count("X"), board.count("O")
        assert abs(x - o) <= 1
        answers = dict(case.expect)
        assert not (answers["wins_x"] and answers["wins_o"])  # the game stops at the first win


def test_an_answer_no_driver_writes_is_refused() -> None:
    for text in ("pass", "[]", '[{"v": [1, 2]}]', '[{"x": 1}]', '[{"nothing": 1}]', '[{"vs": 3}]'):
        with pytest.raises(Unreadable):
            read_observations(text, 1)
    assert read_observations('[{"vs": [0, 1], "fault": "no put"}]', 1) == [Values((0, 1), Fault("no put"))]
    assert read_observations('[{"v": null}, {"x": "E", "m": "\\ud800", "at": "", "c": "put"}]', 2) == [
        Returned(None),
        Threw("E", "\\ud800", "", "put"),
    ]
