"""The polynomial hash: its definition, its range, and how well it spreads keys."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hashdict import Data, HashDictionary, IncrementalHash, polynomial_hash, table_size_for
from hashdict.hashing import _MAX_DIRECT_SIZE, _VETTED_WIDTHS, MIX_MODULUS, VETTED_SIZES, _choose_scheme, scheme_for
from tictactoe.harness.dict_tests import bulk_keys
from tictactoe.hashreport import samples

# Every code point, lone surrogates included.
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
SIZES = [1, 2, 7, 101, 1019, 8191, 13441, 65537, 131071, 12289, 25583, 1 << 20]


def splitmix_scaled(value: int, size: int) -> int:
    """SplitMix64's finaliser, as its authors publish it, then ``value * size / 2**64``."""
    mask = 2**64 - 1
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & mask
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & mask
    value ^= value >> 31
    return value * size // 2**64


def model_hash(key: str, size: int) -> int:
    """The hash as the documentation defines it, evaluated here by Horner's rule, one code point at a time.

    Only the scheme's choices are read from the implementation: the digit
    width (the base is 256**width) and whether the size is reduced
    directly; the arithmetic is the test's own.
    """
    scheme = scheme_for(size)
    modulus = size if scheme.direct else 18_446_744_073_709_551_557  # the largest prime below 2**64
    value = 0
    for character in key:
        value = (value * 256**scheme.width + ord(character)) % modulus
    return value if scheme.direct else splitmix_scaled(value, size)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(any_text, st.sampled_from(SIZES))
def test_hash_is_the_documented_polynomial(key: str, size: int) -> None:
    assert polynomial_hash(key, size) == model_hash(key, size)
    assert 0 <= polynomial_hash(key, size) < size


def test_hash_of_known_keys() -> None:
    """Values worked out by hand: 'ab' is 97 * 65536 + 98 at TestDict's size, whose digits are two bytes."""
    assert scheme_for(13441).width == 2
    assert polynomial_hash("ab", 13441) == (97 * 65536 + 98) % 13441
    assert polynomial_hash("answer", 13441) == 3709
    assert polynomial_hash("", 8191) == splitmix_scaled(0, 8191)
    assert MIX_MODULUS == 2**64 - 59


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.text("XO ", min_size=1, max_size=30), st.sampled_from(SIZES), st.data())
def test_incremental_hash_follows_a_key_one_character_at_a_time(key: str, size: int, data: st.DataObject) -> None:
    scheme = scheme_for(size)
    hasher = IncrementalHash(scheme, len(key))
    value = hasher.value(key)
    assert scheme.bucket(value) == model_hash(key, size)
    for _ in range(4):
        position = data.draw(st.integers(0, len(key) - 1))
        symbol = data.draw(st.sampled_from("XO "))
        value = (value + hasher.changes(key[position], symbol)[position]) % hasher.modulus
        key = key[:position] + symbol + key[position + 1 :]
        assert scheme.bucket(value) == model_hash(key, size)


def test_table_size_for_picks_the_smallest_vetted_size_that_fits() -> None:
    assert [table_size_for(records) for records in (0, 1019, 1020, 13441, 230563, 230564)] == [
        1019,
        1019,
        1427,
        13441,
        230563,
        230563,
    ]
    with pytest.raises(TypeError, match="records must be an int"):
        table_size_for(1.5)  # type: ignore[arg-type]


def test_hash_is_the_same_in_every_process() -> None:
    keys = ["answer", "XO X", "\ud800", "\U0001f600" * 3, "0" * 200]
    code = (
        "from hashdict import polynomial_hash\n"
        f"print([polynomial_hash(k, s) for k in {keys!r} for s in (7, 13441, 8191)])"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("0", "1", "12345")
    }
    assert outputs == {str([polynomial_hash(k, s) for k in keys for s in (7, 13441, 8191)]) + "\n"}


@pytest.mark.parametrize(
    ("key", "size", "error", "message"),
    [
        (42, 7, TypeError, "key must be a str, not int: 42"),
        ("a", 0, ValueError, "table size must be at least 1, got 0"),
        ("a", 7.5, TypeError, "table size must be an int, not float: 7.5"),
        ("a", False, TypeError, "table size must be an int, not bool: False"),
    ],
)
def test_bad_arguments(key: object, size: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as raised:
        polynomial_hash(key, size)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_schemes() -> None:
    assert scheme_for(13441).direct
    assert scheme_for(13441).width == 2
    for size in (8191, 131071, 524287, 65537, 257, 100, 1 << 20):  # bases cycle, composite, or too large to judge
        assert scheme_for(size).modulus == MIX_MODULUS


@pytest.mark.slow
def test_vetted_sizes_are_what_the_choice_would_give() -> None:
    assert list(VETTED_SIZES) == sorted(VETTED_SIZES)
    assert max(VETTED_SIZES) <= _MAX_DIRECT_SIZE
    for size, width in zip(VETTED_SIZES, _VETTED_WIDTHS, strict=True):
        assert _choose_scheme(size) == scheme_for(size)
        assert scheme_for(size).width == width
        assert scheme_for(size).direct


# --- how well keys spread ------------------------------------------------


def uniform_collisions(records: int, buckets: int) -> float:
    return records - buckets * (1 - (1 - 1 / buckets) ** records)


def collisions(keys: list[str], size: int) -> int:
    table = HashDictionary(size)
    return sum(table.put(Data(key, 0)) for key in keys)


def test_testdict_keys_collide_far_less_than_chance() -> None:
    keys = bulk_keys()
    count = collisions(keys, 13441)
    assert count < 2800
    assert count < 0.8 * uniform_collisions(len(keys), 13441)  # about 2946 under uniform hashing


QUALITY_SIZES = [8191, 13441, 10007, 25583, 65537, 131071]


@pytest.mark.slow
@pytest.mark.parametrize("size", QUALITY_SIZES)
@pytest.mark.parametrize(("family", "make"), samples.FAMILIES)
def test_every_family_spreads_at_least_nearly_as_well_as_chance(family: str, make: samples.Family, size: int) -> None:
    keys = make(size * 3 // 4, 1)
    ratio = collisions(keys, size) / uniform_collisions(len(keys), size)
    assert ratio <= 1.10, f"{family} keys at {size} buckets: {ratio:.3f} times the uniform expectation"


@pytest.mark.slow
@pytest.mark.parametrize("copies", [2, 3, 5, 13, 17, 31])
@pytest.mark.parametrize("size", [8191, 13441, 131071])
def test_repeated_numbers_spread_at_any_repeat_count(copies: int, size: int) -> None:
    keys = samples.repeated(size * 3 // 4, copies=copies)
    assert collisions(keys, size) <= 1.10 * uniform_collisions(len(keys), size)
