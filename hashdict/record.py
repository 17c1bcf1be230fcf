"""The record stored in a dictionary: a board configuration and its score."""

from __future__ import annotations

from hashdict.basics import FrozenValue, require_int

__all__ = ["Data"]


class Data(FrozenValue):
    """An immutable record: a ``configuration`` string and its ``score``.

    >>> Data("X O", 3)
    Data(configuration='X O', score=3)
    >>> Data("X O", -1)
    Traceback (most recent call last):
    ...
    ValueError: score of 'X O' must not be negative (-1 means absent), got -1
    """

    __slots__ = __match_args__ = ("configuration", "score")

    #: The board configuration.
    configuration: str
    #: The configuration's score, at least 0.
    score: int

    def __init__(self, configuration: str, score: int) -> None:
        if not isinstance(configuration, str):
            raise TypeError(f"configuration must be a str, not {type(configuration).__name__}: {configuration!r}")
        if require_int(f"score of {configuration!r}", score) < 0:
            raise ValueError(f"score of {configuration!r} must not be negative (-1 means absent), got {score!r}")
        object.__setattr__(self, "configuration", configuration)
        object.__setattr__(self, "score", score)
