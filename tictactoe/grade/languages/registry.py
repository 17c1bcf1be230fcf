"""The languages the grader knows: Java and Python, and any registered beside them (a course's own, a test's).

>>> [language.name for language in registered()]
['java', 'python']
"""

from __future__ import annotations

from tictactoe.grade.languages.java import JavaLanguage, find_jdk
from tictactoe.grade.languages.protocol import Language
from tictactoe.grade.languages.python import PythonLanguage

__all__ = ["register", "registered", "unregister"]

_REGISTERED: list[Language] = []


def registered() -> tuple[Language, ...]:
    """Every language a submission may be in: Java (with this machine's JDK, if any), Python, then those
    registered, in the order of their registration."""
    return (JavaLanguage(find_jdk()), PythonLanguage(), *_REGISTERED)


def register(language: Language) -> None:
    """Add ``language`` to those :func:`registered` lists; ``ValueError`` when one of that name is known."""
    if any(known.name == language.name for known in registered()):
        raise ValueError(f"a language named {language.name!r} is known already")
    _REGISTERED.append(language)


def unregister(language: Language) -> None:
    """Remove ``language``, registered before, from those :func:`registered` lists."""
    _REGISTERED.remove(language)
