"""The dictionary: its records, its errors, and random use against a plain model."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from hashdict import Data, DictionaryADT, DictionaryException, HashDictionary, polynomial_hash, table_size_for


class TestData:
    def test_holds_configuration_and_score(self) -> None:
        record = Data("XO ", 3)
        assert (record.configuration, record.score) == ("XO ", 3)
        assert record == Data("XO ", 3)
        assert repr(record) == "Data(configuration='XO ', score=3)"

    def test_is_immutable(self) -> None:
        record = Data("XO ", 3)
        with pytest.raises(AttributeError):
            record.score = 2  # type: ignore[misc]

    @pytest.mark.parametrize(
        ("configuration", "score", "error", "message"),
        [
            (42, 1, TypeError, "configuration must be a str, not int: 42"),
            (None, 1, TypeError, "configuration must be a str, not NoneType: None"),
            ("X", "1", TypeError, "score of 'X' must be an int, not str: '1'"),
            ("X", 1.0, TypeError, "score of 'X' must be an int, not float: 1.0"),
            ("X", True, TypeError, "score of 'X' must be an int, not bool: True"),
            ("X", -1, ValueError, "score of 'X' must not be negative (-1 means absent), got -1"),
        ],
    )
    def test_rejects_bad_fields(
        self, configuration: object, score: object, error: type[Exception], message: str
    ) -> None:
        with pytest.raises(error) as raised:
            Data(configuration, score)  # type: ignore[arg-type]
        assert str(raised.value) == message


class TestHashDictionary:
    def test_is_a_dictionary_adt(self) -> None:
        assert isinstance(HashDictionary(7), DictionaryADT)
        assert issubclass(DictionaryException, LookupError)

    @pytest.mark.parametrize(
        ("size", "error", "message"),
        [
            (0, ValueError, "size must be at least 1, got 0"),
            (-5, ValueError, "size must be at least 1, got -5"),
            (7.0, TypeError, "size must be an int, not float: 7.0"),
            ("7", TypeError, "size must be an int, not str: '7'"),
            (True, TypeError, "size must be an int, not bool: True"),
        ],
    )
    def test_rejects_bad_sizes(self, size: object, error: type[Exception], message: str) -> None:
        with pytest.raises(error) as raised:
            HashDictionary(size)  # type: ignore[arg-type]
        assert str(raised.value) == message

    def test_size_is_read_only(self) -> None:
        table = HashDictionary(13)
        assert table.size == 13
        with pytest.raises(AttributeError):
            table.size = 5  # type: ignore[misc]

    def test_put_reports_collisions_by_bucket(self) -> None:
        table = HashDictionary(1)  # every key shares the one bucket
        assert [table.put(Data(key, 1)) for key in ("a", "b", "c")] == [0, 1, 1]
        table._check()

    def test_put_of_a_stored_key_raises_and_changes_nothing(self) -> None:
        table = HashDictionary(7)
        table.put(Data("answer", 42))
        with pytest.raises(DictionaryException) as raised:
            table.put(Data("answer", 56))
        assert str(raised.value) == "configuration 'answer' is already stored"
        assert raised.value.key == "answer"
        assert table.get("answer") == 42
        assert len(table) == table.num_records() == 1
        table._check()

    def test_remove_and_get(self) -> None:
        table = HashDictionary(3)
        for score, key in enumerate(("a", "b", "c", "d")):
            table.put(Data(key, score))
        table.remove("b")
        assert [table.get(key) for key in "abcd"] == [0, -1, 2, 3]
        with pytest.raises(DictionaryException) as raised:
            table.remove("b")
        assert str(raised.value) == "configuration 'b' is not stored"
        table._check()

    def test_get_of_absent_key_is_minus_one(self) -> None:
        assert HashDictionary(13441).get("chicken") == -1

    def test_len_contains_and_iteration(self) -> None:
        table = HashDictionary(5)
        records = [Data(f"key{i}", i) for i in range(12)]
        for record in records:
            table.put(record)
        assert len(table) == 12
        assert "key3" in table
        assert "key12" not in table
        assert sorted(table, key=lambda record: record.score) == records

    def test_iteration_detects_changes(self) -> None:
        table = HashDictionary(5)
        table.put(Data("a", 1))
        table.put(Data("b", 1))
        records = iter(table)
        table.remove(next(records).configuration)
        with pytest.raises(RuntimeError, match="changed size during iteration"):
            next(records)

    @pytest.mark.parametrize("key", [42, None, b"XO", ["X"]])
    def test_non_string_keys_raise_type_error_everywhere(self, key: object) -> None:
        table = HashDictionary(7)
        message = f"configuration must be a str, not {type(key).__name__}: {key!r}"
        for call in (table.get, table.remove, table.__contains__):
            with pytest.raises(TypeError) as raised:
                call(key)  # type: ignore[arg-type]
            assert str(raised.value) == message
        with pytest.raises(TypeError, match="put takes a Data record"):
            table.put(key)  # type: ignore[arg-type]

    def test_check_catches_an_empty_chain(self) -> None:
        table = HashDictionary(7)
        table._chains[3] = ()
        with pytest.raises(AssertionError, match="bucket 3 is an empty chain, not None"):
            table._check()

    def test_check_catches_a_score_without_its_key(self) -> None:
        table = HashDictionary(7)
        table._chains[polynomial_hash("key", 7)] = ("key", 1, "other")
        with pytest.raises(AssertionError, match="is malformed"):
            table._check()

    def test_chain_lengths(self) -> None:
        table = HashDictionary(1)
        for key in "abc":
            table.put(Data(key, 0))
        assert table.chain_lengths() == [3]

    def test_a_chain_holds_its_newest_record_first(self) -> None:
        table = HashDictionary(1)
        for score, key in enumerate("abc"):
            table.put(Data(key, score))
        assert [(record.configuration, record.score) for record in table] == [("c", 2), ("b", 1), ("a", 0)]
        table.remove("b")
        assert [record.configuration for record in table] == ["c", "a"]
        table._check()

    def test_check_catches_a_record_in_the_wrong_bucket(self) -> None:
        table = HashDictionary(7)
        right = polynomial_hash("key", 7)
        table._chains[(right + 1) % 7] = ("key", 1)
        table._count = 1
        with pytest.raises(AssertionError, match="'key' is in the wrong bucket"):
            table._check()

    def test_check_catches_a_wrong_count(self) -> None:
        table = HashDictionary(7)
        table.put(Data("key", 1))
        table._count = 2
        with pytest.raises(AssertionError, match="count 2 but 1 records"):
            table._check()

    def test_for_records_picks_a_vetted_size(self) -> None:
        assert HashDictionary.for_records(0).size == table_size_for(0) == 1019
        assert HashDictionary.for_records(1020).size == 1427  # the next vetted prime
        assert HashDictionary.for_records(13441).size == 13441
        assert HashDictionary.for_records(10**12).size == 230563  # the largest

    def test_repr(self) -> None:
        table = HashDictionary(7)
        table.put(Data("a", 1))
        assert repr(table) == "<HashDictionary size=7 records=1>"


class TestFastPath:
    """A search's way in: probe and store by a hash value it keeps up to date itself."""

    @pytest.mark.parametrize("size", [1, 7, 1019, 8191, 13441])  # direct and mixed forms, one bucket
    def test_stored_records_are_the_tables_own(self, size: int) -> None:
        table = HashDictionary(size)
        table.put(Data("X  ", 0))
        path = table.fast_path(3)
        for score, key in enumerate(["XO ", " OX", "OOO"]):
            value = path.hasher.value(key)
            assert path.probe(value, key) == -1
            path.store(value, key, score)
            assert path.probe(value, key) == score
        assert path.probe(path.hasher.value("X  "), "X  ") == 0  # put before the path was made
        assert [table.get(key) for key in ["XO ", " OX", "OOO", "X  "]] == [0, 1, 2, 0]
        assert len(table) == table.num_records() == 4
        table._check()
        table.remove(" OX")
        assert path.probe(path.hasher.value(" OX"), " OX") == -1
        table._check()

    def test_a_chain_keeps_its_newest_record_first(self) -> None:
        table = HashDictionary(1)
        path = table.fast_path(1)
        for score, key in enumerate("abc"):
            path.store(path.hasher.value(key), key, score)
        assert [(record.configuration, record.score) for record in table] == [("c", 2), ("b", 1), ("a", 0)]
        assert [path.probe(0, key) for key in "abcd"] == [0, 1, 2, -1]

    @settings(max_examples=100, deadline=None, derandomize=True)
    @given(st.text("XO ", min_size=1, max_size=12), st.sampled_from([7, 1019, 8191, 13441]), st.data())
    def test_values_kept_up_to_date_find_what_put_stored(self, key: str, size: int, data: st.DataObject) -> None:
        """Change the key one character at a time by the hasher's changes: probes find what ``put`` stored."""
        table = HashDictionary(size)
        path = table.fast_path(len(key))
        value = path.hasher.value(key)
        for _ in range(5):
            position = data.draw(st.integers(0, len(key) - 1))
            symbol = data.draw(st.sampled_from("XO "))
            value = (value + path.hasher.changes(key[position], symbol)[position]) % path.hasher.modulus
            key = key[:position] + symbol + key[position + 1 :]
            assert value == path.hasher.value(key)
            if key not in table:
                table.put(Data(key, 3))
            assert path.probe(value, key) == 3

    def test_keys_of_another_length_are_refused_by_the_hasher(self) -> None:
        path = HashDictionary(7).fast_path(3)
        with pytest.raises(ValueError, match="key must have 3 characters, got 2: 'XO'"):
            path.hasher.value("XO")
        with pytest.raises(TypeError, match="key_length must be an int"):
            HashDictionary(7).fast_path("3")  # type: ignore[arg-type]


keys = st.text(alphabet="XO ab\u00e9\u4e2d\ud800\U0001f600", max_size=6)


class DictionaryAgainstModel(RuleBasedStateMachine):
    """Random put/get/remove against a plain dict, with every invariant checked after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.table = HashDictionary(1)
        self.model: dict[str, int] = {}
        self.buckets_used: list[int] = []

    @rule(size=st.sampled_from([1, 2, 7, 13, 8191, 13441]))
    @precondition(lambda self: not self.model)
    def new_table(self, size: int) -> None:
        self.table = HashDictionary(size)

    @rule(key=keys, score=st.integers(min_value=0, max_value=3))
    def put(self, key: str, score: int) -> None:
        bucket = polynomial_hash(key, self.table.size)
        if key in self.model:
            with pytest.raises(DictionaryException):
                self.table.put(Data(key, score))
            return
        expected = int(any(polynomial_hash(other, self.table.size) == bucket for other in self.model))
        assert self.table.put(Data(key, score)) == expected
        self.model[key] = score

    @rule(key=keys, score=st.integers(min_value=0, max_value=3))
    def store_by_fast_path(self, key: str, score: int) -> None:
        path = self.table.fast_path(len(key))
        value = path.hasher.value(key)
        assert path.probe(value, key) == self.model.get(key, -1)
        if key not in self.model:
            path.store(value, key, score)
            self.model[key] = score

    @rule(key=keys)
    def remove(self, key: str) -> None:
        if key in self.model:
            self.table.remove(key)
            del self.model[key]
        else:
            with pytest.raises(DictionaryException):
                self.table.remove(key)

    @rule(key=keys)
    def get(self, key: str) -> None:
        assert self.table.get(key) == self.model.get(key, -1)
        assert (key in self.table) == (key in self.model)

    @invariant()
    def agrees_with_model(self) -> None:
        self.table._check()
        assert len(self.table) == self.table.num_records() == len(self.model)
        assert sorted((r.configuration, r.score) for r in self.table) == sorted(self.model.items())


TestDictionaryAgainstModel = pytest.mark.slow(DictionaryAgainstModel.TestCase)
TestDictionaryAgainstModel.settings = settings(
    max_examples=150, stateful_step_count=40, deadline=None, derandomize=True
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.text(max_size=4), unique=True, max_size=40), st.sampled_from([1, 3, 11, 13441]))
def test_collisions_count_records_that_found_their_bucket_taken(keys_: list[str], size: int) -> None:
    table = HashDictionary(size)
    collisions = sum(table.put(Data(key, 0)) for key in keys_)
    buckets = {polynomial_hash(key, size) for key in keys_}
    assert collisions == len(keys_) - len(buckets)
    assert sum(table.chain_lengths()) == len(keys_)
    assert sum(1 for length in table.chain_lengths() if length) == len(buckets)


def test_many_records_round_trip() -> None:
    table = HashDictionary(1019)
    keys_ = ["".join(p) for p in itertools.product("XO ", repeat=7)]
    for score, key in enumerate(keys_):
        table.put(Data(key, score % 4))
    table._check()
    assert all(table.get(key) == score % 4 for score, key in enumerate(keys_))
    for key in keys_[::2]:
        table.remove(key)
    table._check()
    assert len(table) == len(keys_) // 2
