"""Families of keys of common shapes, for judging how a hash spreads them.

Each family is a function ``(count, seed) -> list[str]`` of distinct keys;
the random ones are seeded, so a family is the same on every run.

>>> decimal(3)
['0', '1', '2']
>>> repeated(2, copies=3)
['000', '111']
>>> keys = boards(1000)
>>> len(keys), keys[:4], max(map(len, keys))
(1000, ['X', 'O', ' ', 'XX'], 100)
"""

from __future__ import annotations

import functools
import random
import re
import string
from collections.abc import Callable

from hashdict.hash_dictionary import HashDictionary
from hashdict.record import Data

__all__ = [
    "COPIES",
    "FAMILIES",
    "TESTDICT_STORED",
    "Family",
    "boards",
    "decimal",
    "describe",
    "hex_ids",
    "random_hex_ids",
    "repeated",
    "words",
]

#: How many times :func:`repeated` writes each number, as TestDict's test 7 does (docs/dictionary.md).
COPIES = 32
#: The records TestDict's test 7 finds in its table: test 1 puts 'answer', 'record2', 'record3'
#: and '2record', test 6 removes 'answer' and 'record2' (docs/dictionary.md).  One of test 7's keys shares
#: a bucket with '2record', so test 7 counts one collision more than an empty table would.
TESTDICT_STORED = ("record3", "2record")

Family = Callable[[int, int], list[str]]
"""A family: ``(count, seed) -> count distinct keys``."""


def decimal(count: int, seed: int = 0) -> list[str]:
    """The numbers 0, 1, 2, ... in decimal."""
    return [str(number) for number in range(count)]


def repeated(count: int, seed: int = 0, *, copies: int = COPIES) -> list[str]:
    """The numbers 0, 1, 2, ... in decimal, each written 32 times over.

    ``copies`` says how many times (:data:`COPIES`, as TestDict's test 7).
    """
    return [str(number) * copies for number in range(count)]


def hex_ids(count: int, seed: int = 0) -> list[str]:
    """Sequential ids 0x00000000, 0x00000001, ... in hexadecimal."""
    return [f"0x{number:08x}" for number in range(count)]


def random_hex_ids(count: int, seed: int = 0) -> list[str]:
    """Distinct random 64-bit ids in hexadecimal, 16 digits each."""
    rng = random.Random(seed)
    return _distinct(count, lambda: f"{rng.getrandbits(64):016x}")


def words(count: int, seed: int = 0) -> list[str]:
    """Distinct lower-case words of 3 to 12 letters, letters drawn by English frequency."""
    rng = random.Random(seed)
    letters = string.ascii_lowercase
    frequency = [8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2.0, 6.1, 7.0, 0.2, 0.8, 4.0, 2.4,
                 6.7, 7.5, 1.9, 0.1, 6.0, 6.3, 9.1, 2.8, 1.0, 2.4, 0.2, 2.0, 0.1]  # fmt: skip
    return _distinct(count, lambda: "".join(rng.choices(letters, frequency, k=rng.randint(3, 12))))


def boards(count: int, seed: int = 0, *, longest: int = 100) -> list[str]:
    """Board strings of X, O and space, of every length from 1 to 100.

    ``longest`` is the longest length (100).  The count is shared out between the lengths, shortest first; a length
    with fewer possible strings than its share gets all of them (in counting
    order) and passes the rest on; the others get distinct random strings.
    """
    rng = random.Random(seed)
    keys: list[str] = []
    for length in range(1, longest + 1):
        share = (count - len(keys)) // (longest - length + 1)
        if 3**length <= share:
            keys.extend(_all_strings("XO ", length))
        else:
            keys.extend(_distinct(share, functools.partial(_random_board, rng, length)))
    return keys


FAMILIES: tuple[tuple[str, Family], ...] = (
    ("decimal", decimal),
    ("repeated", repeated),
    ("hex-ids", hex_ids),
    ("random-hex", random_hex_ids),
    ("words", words),
    ("boards", boards),
)
"""Every family, by the name the report and the tests know it by."""


def describe(family: Family) -> str:
    """A family's one-line description for people: the first line of its docstring, as plain text.

    Inline literals lose their reST quotes, so that ````X```` reads ``X``.

    >>> describe(hex_ids)
    'Sequential ids 0x00000000, 0x00000001, ... in hexadecimal.'
    >>> def shaped(count: int, seed: int = 0) -> list[str]:
    ...     '''Keys ``k0``, ``k1``, ... in order.
    ...
    ...     More about ``shaped``.
    ...     '''
    ...     return [f"k{number}" for number in range(count)]
    >>> describe(shaped)
    'Keys k0, k1, ... in order.'
    """
    first_line = (family.__doc__ or "").strip().partition("\n")[0]
    return re.sub(r"``(.+?)``", r"\1", first_line)


def _random_board(rng: random.Random, length: int) -> str:
    return "".join(rng.choices("XO ", k=length))


def _all_strings(alphabet: str, length: int) -> list[str]:
    strings = [""]
    for _ in range(length):
        strings = [prefix + symbol for prefix in strings for symbol in alphabet]
    return strings


def _distinct(count: int, draw: Callable[[], str]) -> list[str]:
    """``count`` distinct strings from ``draw``, in the order first drawn.

    The strings seen so far are kept in a :class:`HashDictionary`, each with
    its place in the draw as its score.
    """
    seen = HashDictionary(2 * count + 1)
    while len(seen) < count:
        key = draw()
        if key not in seen:
            seen.put(Data(key, len(seen)))
    return [record.configuration for record in sorted(seen, key=lambda record: record.score)]
