"""Small building blocks that every layer of the project shares.

They live here because ``hashdict`` is the one package that every other
imports, and each is written once: the value-class base, the check that a
number is an ``int`` (and not a ``bool``), and the primality test.

>>> class Point(FrozenValue):
...     __slots__ = __match_args__ = ("x", "y")
...     x: int
...     y: int
...     def __init__(self, x: int, y: int) -> None:
...         object.__setattr__(self, "x", x)
...         object.__setattr__(self, "y", y)
>>> Point(1, 2), Point(1, 2) == Point(1, 2), Point(1, 2) == (1, 2)
(Point(x=1, y=2), True, False)
>>> Point(1, 2).x = 5
Traceback (most recent call last):
...
AttributeError: Point is immutable: cannot assign to 'x'
"""

from __future__ import annotations

import math

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing; type checkers take it as True
if TYPE_CHECKING:
    from typing import NoReturn, dataclass_transform
else:

    def dataclass_transform(**_options: object) -> object:
        """At run time, nothing: the decorator only tells type checkers that the fields are read-only."""
        return lambda cls: cls


__all__ = ["FrozenValue", "Value", "is_prime", "require_int"]


class Value:
    """A class whose instances are their fields: ``repr``, ``==`` and pattern matching come from them.

    A subclass names its fields, in order, in ``__match_args__`` (usually
    also its ``__slots__``) and sets them in ``__init__``.  Two values are
    equal when they are of the same class and their fields are equal.
    Mutable and so unhashable; see :class:`FrozenValue`.

    Written rather than taken from :mod:`dataclasses`, whose import costs a
    game's start-up about 13 ms, more than the rest of the game's imports.
    """

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, Value):  # the second test is for mypy
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # fields may change, so a plain Value is not hashable


@dataclass_transform(frozen_default=True, eq_default=False)
class FrozenValue(Value):
    """A :class:`Value` whose fields cannot change once ``__init__`` has set them; hashable.

    ``__init__`` sets each field with ``object.__setattr__``.  Copying and
    pickling rebuild the value through its constructor, with its checks.
    """

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]  # frozen fields make a hashable value
        return hash(self._fields())

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__qualname__} is immutable: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"{type(self).__qualname__} is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[FrozenValue], tuple[object, ...]]:
        return type(self), self._fields()


def require_int(name: str, value: object) -> int:
    """``value`` itself if it is an ``int`` that is not a ``bool``; ``TypeError`` naming ``name`` otherwise.

    >>> require_int("size", 3)
    3
    >>> require_int("size", True)
    Traceback (most recent call last):
    ...
    TypeError: size must be an int, not bool: True
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}: {value!r}")
    return value


def is_prime(number: int) -> bool:
    """Whether ``number`` is a prime, by trial division.  Runtime complexity: O(sqrt(number)).

    >>> [n for n in range(30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    if number < 2:
        return False
    for small in (2, 3, 5, 7, 11, 13):
        if number % small == 0:
            return number == small
    return all(number % divisor for divisor in range(17, math.isqrt(number) + 1, 2))
