"""How the report names its key sources: a source, a family of sources named with arguments, and their registry.

A :class:`KeySource` gives keys in the order they go into the table, with
the records the table holds before them and, where the keys come from a
real table, that table's size.  A :class:`SourceRegistry` holds named
sources and :class:`SourceFamily` objects, whose sources are named with
arguments (``search:4,4,16``) and made when they are asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TypeAlias

__all__ = ["KeyFunction", "KeySource", "SourceError", "SourceFamily", "SourceMaker", "SourceRegistry"]

#: A function that returns a source's keys, in insertion order.
KeyFunction: TypeAlias = Callable[[], Iterable[str]]


@dataclass(frozen=True, slots=True)
class KeySource:
    """A named way to get keys: ``keys()`` returns them in the order they are stored.

    ``stored`` are distinct records the table already holds when the keys go in.
    ``table_size`` is the number of buckets of the table the keys come from,
    where they come from a real one: the report's table size for them
    unless ``--size`` or ``--compare`` says otherwise.
    """

    name: str
    description: str
    keys: KeyFunction
    stored: tuple[str, ...] = ()
    table_size: int | None = None


class SourceError(ValueError):
    """Why ``PREFIX:ARGUMENTS`` names no source: one line, given as a usage error (status 2)."""


#: Makes the source ``PREFIX:ARGUMENTS`` from its ``ARGUMENTS``; :class:`SourceError` when they are wrong.
SourceMaker: TypeAlias = Callable[[str], KeySource]


@dataclass(frozen=True, slots=True)
class SourceFamily:
    """Sources named ``PREFIX:ARGUMENTS``, each made when it is asked for by ``make(ARGUMENTS)``.

    ``usage`` shows how to write a name of the family, as ``--help`` lists it.
    """

    prefix: str
    usage: str
    description: str
    make: SourceMaker


class SourceRegistry:
    """The named key sources and the families of sources named with arguments, in registration order.

    The report knows the sources of :data:`~tictactoe.hashreport.sources.SOURCES`;
    a copy (:meth:`extended`) can hold more without changing them.

    >>> registry = SourceRegistry()
    >>> @registry.register("abc", "three letters")
    ... def _abc() -> list[str]:
    ...     return ["a", "b", "c"]
    >>> [source.name for source in registry], list(registry.find("abc").keys())
    (['abc'], ['a', 'b', 'c'])
    >>> registry.find("xyz") is None
    True
    >>> def _letters(arguments: str) -> KeySource:
    ...     if not arguments.isdigit():
    ...         raise SourceError(f"N must be a whole number, got {arguments!r}")
    ...     keys = [chr(ord("a") + index) for index in range(int(arguments))]
    ...     return KeySource(f"letters:{arguments}", f"the first {arguments} letters", lambda: keys)
    >>> registry.add_family(SourceFamily("letters", "letters:N", "the first N letters", _letters))
    >>> list(registry.find("letters:2").keys()), registry.find("letters") is None
    (['a', 'b'], True)
    >>> registry.find("letters:x")
    Traceback (most recent call last):
    ...
    tictactoe.hashreport.registry.SourceError: N must be a whole number, got 'x'
    """

    def __init__(self) -> None:
        self._sources: list[KeySource] = []
        self._families: list[SourceFamily] = []

    def extended(self) -> SourceRegistry:
        """A new registry holding this one's sources and families, to register more in without changing this one."""
        copy = SourceRegistry()
        copy._sources = list(self._sources)
        copy._families = list(self._families)
        return copy

    def register(
        self, name: str, description: str, stored: tuple[str, ...] = ()
    ) -> Callable[[KeyFunction], KeyFunction]:
        """A decorator that registers the function it decorates as the source ``name``.

        ``stored`` are records the table holds before the keys go in.
        ``ValueError`` when ``name`` is taken.
        """

        def add(keys: KeyFunction) -> KeyFunction:
            if any(source.name == name for source in self._sources):
                raise ValueError(f"a key source named {name!r} is already registered")
            self._sources.append(KeySource(name, description, keys, stored))
            return keys

        return add

    def add_family(self, family: SourceFamily) -> None:
        """Register ``family``: its maker makes the sources ``PREFIX:ARGUMENTS``.

        ``ValueError`` when a family already has the prefix.
        """
        if self._family(family.prefix) is not None:
            raise ValueError(f"a family of key sources named {family.prefix!r} is already registered")
        self._families.append(family)

    def find(self, name: str) -> KeySource | None:
        """The source called ``name``, or ``None``.

        A name ``PREFIX:ARGUMENTS`` whose prefix is a family's is made by
        that family, which may take its time (and raises
        :class:`SourceError` when the arguments are wrong).
        """
        source = next((source for source in self._sources if source.name == name), None)
        prefix, colon, arguments = name.partition(":")
        family = self._family(prefix) if colon else None
        if source is None and family is not None:
            return family.make(arguments)
        return source

    def families(self) -> Iterator[SourceFamily]:
        """The families of sources named with arguments."""
        return iter(self._families)

    def __iter__(self) -> Iterator[KeySource]:
        return iter(self._sources)

    def _family(self, prefix: str) -> SourceFamily | None:
        return next((family for family in self._families if family.prefix == prefix), None)
