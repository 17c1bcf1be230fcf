"""The record stored in a dictionary: a board configuration and its score."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Data"]


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

    configuration: str
    score: int

    def __post_init__(self) -> None:
        if not isinstance(self.configuration, str):
            raise TypeError(
                f"configuration must be a str, not {type(self.configuration).__name__}: {self.configuration!r}"
            )
        if isinstance(self.score, bool) or not isinstance(self.score, int):
            raise TypeError(
                f"score of {self.configuration!r} must be an int, not {type(self.score).__name__}: {self.score!r}"
            )
        if self.score < 0:
            raise ValueError(
                f"score of {self.configuration!r} must not be negative (-1 means absent), got {self.score!r}"
            )
