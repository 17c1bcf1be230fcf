"""The dictionary's abstract interface and its exception."""

from __future__ import annotations

from abc import ABC, abstractmethod

from hashdict.record import Data

__all__ = ["DictionaryADT", "DictionaryException", "TableFullError"]


class DictionaryException(LookupError):
    """A key was already stored (``put``) or was not there (``remove``).

    The message names the key; the key itself is kept in ``key``.

    >>> raise DictionaryException("XO ", "is already stored")
    Traceback (most recent call last):
    ...
    hashdict.adt.DictionaryException: configuration 'XO ' is already stored
    """

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"configuration {key!r} {problem}")
        self.key = key


class TableFullError(MemoryError):
    """A table was asked to hold more records than the capacity it was given (see ``fast_path``)."""

    def __init__(self, capacity: int) -> None:
        super().__init__(f"the table holds its capacity of {capacity} records")
        self.capacity = capacity


class DictionaryADT(ABC):
    """What every dictionary of configurations offers."""

    @abstractmethod
    def put(self, record: Data) -> int:
        """Store ``record``; 1 if its bucket already held a record, else 0."""

    @abstractmethod
    def remove(self, config: str) -> None:
        """Delete the record of ``config``; ``DictionaryException`` if absent."""

    @abstractmethod
    def get(self, config: str) -> int:
        """The score stored for ``config``, or -1 when it is absent."""

    @abstractmethod
    def num_records(self) -> int:
        """How many records are stored."""
