"""The course's other yearly variants of the assignment, recognised in a student's files and named with the evidence.

The assignment changes a little from year to year, and solutions of other
years are handed in (or found in public and copied).  Such a submission
is still graded against this year's tests, every verdict computed; the
report only says which variant it looks like and why, so that a teacher
reading its failures knows where they come from:

- the **X+Game**, whose wins are X and + shapes: a class or a file named
  for it (``XPlusGame``, ``X_Plus_Game``), or a source that names the
  ``X+Game``;
- the **2021** variant: a class ``BoardGame`` or ``Configuration`` (without
  this year's ``s``) declared;
- the **older** variant: a class ``Layout`` declared, or a class ``Board``
  where no ``Configurations`` is (a student's own ``Board`` beside this
  year's ``Configurations`` is no evidence).

Only declarations count, read from the start of a line (``class
BoardGame``, ``public class Layout``, Python's ``class Layout:``): a
comment that mentions a class declares none.

>>> seen = {"BoardGame.java": "public class BoardGame {\\n}\\n", "HashDictionary.java": "class HashDictionary {}"}
>>> print(recognise(seen))  # doctest: +NORMALIZE_WHITESPACE
this looks like the 2021 variant of the assignment (BoardGame.java declares class BoardGame):
it is graded against this year's
>>> recognise({"Configurations.java": "class Configurations {}\\nclass Board {}"}) is None
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["recognise"]

#: A class declared at the start of a line, after any modifiers.
_DECLARED = re.compile(
    r"^[ \t]*(?:(?:public|private|protected|abstract|final|static|sealed)[ \t]+)*class[ \t]+(\w+)", re.MULTILINE
)
#: A name of the X+Game: the X, a "plus" or "+", then "game", whatever the case and the separators.
_X_PLUS_GAME = re.compile(r"x[ _-]?(?:plus|\+)[ _-]?game", re.IGNORECASE)
#: The classes of the 2021 variant.
_OF_2021 = ("BoardGame", "Configuration")


def recognise(sources: Mapping[str, str]) -> str | None:
    """The note naming the variant the submission's ``sources`` (text by path, relative to its folder) look like,
    with the evidence; None when they look like this year's."""
    declared = [(path, name) for path, text in sorted(sources.items()) for name in _DECLARED.findall(text)]
    evidence = _x_plus_game(sources, declared)
    if evidence is not None:
        return _note("X+Game variant", evidence)
    for path, name in declared:
        if name in _OF_2021:
            return _note("2021 variant", f"{path} declares class {name}")
    this_year = any(name == "Configurations" for _, name in declared)
    for path, name in declared:
        if name == "Layout" or (name == "Board" and not this_year):
            return _note("older variant", f"{path} declares class {name}")
    return None


def _x_plus_game(sources: Mapping[str, str], declared: list[tuple[str, str]]) -> str | None:
    """Why the sources look like the X+Game: a class declared or a file named for it, or a source naming it."""
    for path, name in declared:
        if _X_PLUS_GAME.fullmatch(name):
            return f"{path} declares class {name}"
    for path in sorted(sources):
        if _X_PLUS_GAME.search(path.rsplit("/", 1)[-1]):
            return f"a file is named {path}"
    for path, text in sorted(sources.items()):
        if "x+game" in text.lower():
            return f"{path} names the X+Game"
    return None


def _note(variant: str, evidence: str) -> str:
    return f"this looks like the {variant} of the assignment ({evidence}): it is graded against this year's"
