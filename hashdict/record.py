"""The record stored in a dictionary -- a board configuration and its score -- and the check of a whole number."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Data", "require_int"]


def require_int(name: str, value: object) -> int:
    """``value`` itself if it is an ``int`` that is not a ``bool``; ``TypeError`` naming ``name`` otherwise.

    A score, a table size, a board's size: every whole number the project
    is handed is checked so, here at the bottom layer, since every package
    imports this one.

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


@dataclass(frozen=True, slots=True)
class Data:
    """An immutable record: a ``configuration`` string and its ``score``.

    >>> Data("X O", 3)
    Data(configuration='X O', score=3)
    >>> Data("X O", -1)
    Traceback (most recent call last):
    ...
    ValueError: score of 'X O' must not be negative (-1 means absent), got -1
    """

    #: The board configuration.
    configuration: str
    #: The configuration's score, at least 0.
    score: int

    def __post_init__(self) -> None:
        configuration = self.configuration
        if not isinstance(configuration, str):
            raise TypeError(f"configuration must be a str, not {type(configuration).__name__}: {configuration!r}")
        if require_int(f"score of {configuration!r}", self.score) < 0:
            raise ValueError(f"score of {configuration!r} must not be negative (-1 means absent), got {self.score!r}")
