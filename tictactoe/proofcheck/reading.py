"""Reading a certificate within bounds: each line cut off at a length no record has, a header read strictly, and
an index of the records whose cost no file can make grow faster than the file.

Everything here is about what a crafted file could make the checker do
before it has checked anything:

* a line is read at most a little past the longest record the board allows
  (:func:`record_limit`), so one line of 400 MB costs what a long record
  costs, not 400 MB;
* the header is one JSON object with each name once: a second ``length``
  would be read by one reader and not by another; and values nested
  deeper than Python's stack are refused as such;
* the records are indexed by their key behind a digest keyed by a secret
  of this process (:class:`RecordIndex`): the dictionary's polynomial hash is
  public, so keys chosen to land in one bucket would make every look-up walk
  one long chain, quadratic in the file; a keyed digest makes them land where
  no one can foresee;
* a record already in the index is refused as it is read, so a file of one
  record repeated costs one record.

>>> record_limit(9)
77
>>> header_fields('{"length": 4, "length": 3}')
Traceback (most recent call last):
...
tictactoe.proofcheck.reading.CertificateError: the header names 'length' twice
>>> header_fields('{"board": ' + '[' * 5000 + ']' * 5000 + '}')
Traceback (most recent call last):
...
tictactoe.proofcheck.reading.CertificateError: the header nests its values deeper than a header does
"""

from __future__ import annotations

import hashlib
import json
import os
from typing import TYPE_CHECKING

from hashdict import Data, HashDictionary

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

__all__ = [
    "LONGEST_HEADER",
    "MOST_RECORDS",
    "CertificateError",
    "LineReader",
    "RecordIndex",
    "header_fields",
    "record_limit",
]

#: The longest header line read: a 26x26 board's header is under 1,000 characters.
LONGEST_HEADER = 1 << 14
#: The most records a certificate may count, unless the caller allows more: about 40 GB of memory to check.
MOST_RECORDS = 100_000_000
# The digest put before each key, and the size of the secret that keys it.
_DIGEST_BYTES = 8
_SECRET_BYTES = 16


class CertificateError(ValueError):
    """The file proves nothing: the message says the first thing wrong with it."""


def record_limit(squares: int) -> int:
    """The most characters a record of a board of ``squares`` squares can hold: its prover and board, a move and a
    pairing of every empty square (each pair ``z26-y25`` and a space), and a little more."""
    return 5 * squares + 32


class LineReader:
    """The lines of a certificate, each without its line end, read one at a time up to a limit of characters.

    ``source(limit)`` gives the next line -- at most ``limit`` characters
    of it, its line end included -- or ``""`` at the end, as
    ``TextIO.readline`` does; :meth:`next` refuses a line longer than the
    limit without reading the rest of it.
    """

    __slots__ = ("_source", "number")

    def __init__(self, source: Callable[[int], str]) -> None:
        self._source = source
        #: The number of the line last read (the header is line 1).
        self.number = 0

    @classmethod
    def of(cls, lines: Iterator[str]) -> LineReader:
        """A reader of lines already read, without their line ends (their length is checked all the same)."""

        def source(limit: int) -> str:
            line = next(lines, None)
            return "" if line is None else line[: limit + 1] + "\n"

        return cls(source)

    def next(self, limit: int) -> str | None:
        """The next line, or None at the end; ``CertificateError`` for a line longer than ``limit``."""
        line = self._source(limit + 2)  # room for the line end, and one more to see that it is too long
        if not line:
            return None
        self.number += 1
        line = line.removesuffix("\n").removesuffix("\r")
        if len(line) > limit:
            raise CertificateError(
                f"line {self.number} is longer than any {'header' if self.number == 1 else 'record'}"
            )
        return line


def header_fields(line: str) -> dict[str, object]:
    """The header's JSON object; ``CertificateError`` unless it is one, with each name once."""

    def unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
        fields: dict[str, object] = {}
        for name, value in pairs:
            if name in fields:
                raise CertificateError(f"the header names {name!r} twice")
            fields[name] = value
        return fields

    if _nesting(line) > _HEADER_NESTING:  # a header nests two deep; deeper, json could overflow the stack
        raise CertificateError("the header nests its values deeper than a header does")
    try:
        fields = json.loads(line, object_pairs_hook=unique)
    except CertificateError:
        raise
    except ValueError:  # json's errors, and a number of more digits than Python reads
        fields = None
    except RecursionError:  # only where the stack is already deep: refused the same
        raise CertificateError("the header nests its values deeper than a header does") from None
    if not isinstance(fields, dict):
        raise CertificateError("the first line is not the header of a k-in-a-row proof")
    return fields


#: How deep a header may nest its arrays and objects: its own nest two deep (an object of lists of rows).
_HEADER_NESTING = 8


def _nesting(line: str) -> int:
    """How deep ``line``'s JSON arrays and objects nest (its strings skipped), counted without parsing it, so that
    the answer does not depend on how deep Python's stack already is.

    >>> _nesting('{"board": ["X.", ".."], "note": "[[["}'), _nesting("[" * 50)
    (2, 50)
    """
    depth = deepest = 0
    in_string = escaped = False
    for character in line:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


class RecordIndex:
    """Keys (a record's prover and board) and their record numbers, in a :class:`~hashdict.HashDictionary` that
    files cannot flood: each key is stored behind a digest of it keyed by a secret drawn for this index, so where
    a key lands cannot be foreseen, while the key itself, kept whole, is what a look-up compares.

    >>> index = RecordIndex(10)
    >>> index.add("X....", 0), index.add("X....", 1), index.get("X...."), index.get("O....")
    (-1, 0, 0, -1)
    """

    __slots__ = ("_secret", "_table")

    def __init__(self, records: int) -> None:
        self._secret = os.urandom(_SECRET_BYTES)
        self._table = HashDictionary.for_records(max(records, 1))

    def _stored(self, key: str) -> str:
        digest = hashlib.blake2b(key.encode("latin-1"), digest_size=_DIGEST_BYTES, key=self._secret).digest()
        return digest.decode("latin-1") + key

    def add(self, key: str, number: int) -> int:
        """Index ``key`` as record ``number``; -1, or the number of the record already under ``key`` (then nothing
        is added)."""
        stored = self._stored(key)
        earlier = self._table.get(stored)
        if earlier < 0:
            self._table.put(Data(stored, number))
        return earlier

    def get(self, key: str) -> int:
        """The number of the record under ``key``, or -1."""
        return self._table.get(self._stored(key))
