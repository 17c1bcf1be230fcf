"""The record stored in a dictionary: a board configuration and its score."""

from __future__ import annotations

__all__ = ["Data"]


class Data:
    """An immutable record: a ``configuration`` string and its ``score``.

    >>> Data("X O", 3)
    Data(configuration='X O', score=3)
    >>> Data("X O", -1)
    Traceback (most recent call last):
    ...
    ValueError: score of 'X O' must not be negative (-1 means absent), got -1
    """

    # Written out rather than a dataclass: importing dataclasses costs play.py about 10 ms at start-up.
    __slots__ = ("_configuration", "_score")
    __match_args__ = ("configuration", "score")

    _configuration: str
    _score: int

    def __init__(self, configuration: str, score: int) -> None:
        if not isinstance(configuration, str):
            raise TypeError(f"configuration must be a str, not {type(configuration).__name__}: {configuration!r}")
        if isinstance(score, bool) or not isinstance(score, int):
            raise TypeError(f"score of {configuration!r} must be an int, not {type(score).__name__}: {score!r}")
        if score < 0:
            raise ValueError(f"score of {configuration!r} must not be negative (-1 means absent), got {score!r}")
        self._configuration = configuration
        self._score = score

    @property
    def configuration(self) -> str:
        """The board configuration (read-only)."""
        return self._configuration

    @property
    def score(self) -> int:
        """The configuration's score, at least 0 (read-only)."""
        return self._score

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}(configuration={self._configuration!r}, score={self._score!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self._configuration, self._score) == (other._configuration, other._score)

    def __hash__(self) -> int:
        return hash((self._configuration, self._score))
