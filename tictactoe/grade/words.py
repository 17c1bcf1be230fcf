"""How a message names the submission's calls, in the words of its language: ``numRecords()`` or ``num_records()``.

>>> from tictactoe.grade.observations import Threw
>>> JAVA.threw(Threw("IndexOutOfBoundsException", "Index 3", "Configurations.wins(Configurations.java:9)", "wins('X')"))
"wins('X') threw IndexOutOfBoundsException: Index 3 (at Configurations.wins(Configurations.java:9))"
>>> PYTHON.dictionary_call("Data", "'answer'", 42), JAVA.dictionary_call("put", "'answer'", 42)
("Data('answer', 42)", "put of 'answer'")
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe.grade.observations import Fault, Observation, Opaque, Skipped, Threw, Values

__all__ = ["JAVA", "PYTHON", "Words"]


@dataclass(frozen=True, slots=True)
class Words:
    """The names and verbs of one language's messages; ``loading`` is what runs as its code loads."""

    language: str
    verb: str
    count: str
    square_is_empty: str
    none: str
    exit_hint: str
    loading: str

    def threw(self, observed: Threw, call: str | None = None) -> str:
        """``call threw Kind: message (at where)``; ``call`` defaults to the one the driver named."""
        return f"{call if call is not None else observed.call} {self.verb} {observed.describe()}"

    def dictionary_call(self, call: str, label: str, score: int | None = None) -> str:
        """A dictionary operation's call as a message shows it, from the part the driver says raised."""
        if call in ("put", "get", "remove"):
            return f"{call} of {label}"
        if call in ("Data", "new Data"):
            return f"{call}({label}, {score})"
        return call

    def unusable(self, observed: Observation, label: str = "", score: int | None = None) -> str:
        """Why an operation gave no value: what it raised, or what was missing."""
        if isinstance(observed, Threw):
            return self.threw(observed, self.dictionary_call(observed.call, label, score) if label else None)
        if isinstance(observed, Fault | Skipped):
            return observed.text
        if isinstance(observed, Values) and observed.stop is not None:
            return self.unusable(observed.stop, label, score)
        return "no value came back"

    def value(self, value: object) -> str:
        """A returned value as a message shows it: ``-1``, ``True``, ``'text'``, a repr, None or null."""
        if isinstance(value, Opaque):
            return value.text
        return self.none if value is None else repr(value)

    def answer(self, value: object) -> str:
        """An answer to a case's question as a case file writes it: ``true``, ``3``; anything else as a value."""
        if type(value) is bool:
            return "true" if value else "false"
        return str(value) if type(value) is int else self.value(value)


JAVA = Words(
    "java",
    "threw",
    "numRecords()",
    "squareIsEmpty",
    "null",
    "does the code call System.exit?",
    "a static initializer",
)
PYTHON = Words(
    "python",
    "raised",
    "num_records()",
    "square_is_empty",
    "None",
    "does the code call sys.exit or os._exit?",
    "an import",
)
