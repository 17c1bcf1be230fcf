"""The key sources the report knows by name, and key files.

:data:`SOURCES` holds ``testdict``, the 10 000 keys of TestDict's test 7
put where test 7 puts them (after the two records tests 1 to 6 leave in
the table); the sample families of :mod:`tictactoe.hashreport.samples`;
and the family ``search:SIZE,LENGTH,MAX_LEVELS[,OPENING]``, the boards a
game's search stores (:mod:`tictactoe.hashreport.search_keys`).
:func:`keys_from_file` reads keys from a file.
"""

from __future__ import annotations

import functools
from pathlib import Path

from tictactoe.hashreport import samples, search_keys
from tictactoe.hashreport.registry import SourceRegistry

__all__ = ["FAMILY_KEYS", "SOURCES", "keys_from_file"]

#: The key sources the report knows by name.
SOURCES = SourceRegistry()

#: How many keys each sample family gives the report (as many as TestDict's test 7).
FAMILY_KEYS = 10_000


@SOURCES.register(
    "testdict",
    f"the {FAMILY_KEYS} keys of TestDict's test 7: str(i) * {samples.COPIES} for i in 0..{FAMILY_KEYS - 1},"
    " put after the records tests 1 to 6 leave",
    stored=samples.TESTDICT_STORED,
)
def _testdict_keys() -> list[str]:
    return samples.repeated(FAMILY_KEYS)


for _name, _family in samples.FAMILIES:
    SOURCES.register(_name, f"{FAMILY_KEYS} keys: {samples.describe(_family)}")(
        functools.partial(_family, FAMILY_KEYS, 0)
    )

search_keys.register(SOURCES)


def keys_from_file(path: Path) -> list[str]:
    """The lines of the UTF-8 text file ``path``, each without its newline (spaces are kept).

    ``OSError`` when it cannot be opened, ``UnicodeDecodeError`` when it is not UTF-8.
    """
    with path.open(encoding="utf-8") as lines:
        return [line.removesuffix("\n") for line in lines]
