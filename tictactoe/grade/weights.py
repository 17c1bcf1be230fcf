"""Per-test weights for scores (``--weights FILE``): a CSV file of ``test,weight`` rows; every other test weighs 1.

A first row ``test,weight`` is a header and skipped; blank lines are
skipped.  A weight is a number of at least 0.  A name that is no test is an
error, so that a misspelt name cannot silently weigh nothing.

>>> weights = Weights({"testdict 10": 5.0})
>>> weights.of("testdict 10"), weights.of("testdict 1")
(5.0, 1.0)
"""

from __future__ import annotations

import csv
import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["DEFAULT_WEIGHT", "Weights", "WeightsError", "read_weights"]

DEFAULT_WEIGHT = 1.0
#: The largest weights file read: a line per test takes a few dozen bytes.
_MOST_BYTES = 2**20


class WeightsError(ValueError):
    """A weights file that cannot be used; the message names the file and line."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The weight of each test named, :data:`DEFAULT_WEIGHT` for the others."""

    named: Mapping[str, float] = field(default_factory=dict)

    def of(self, test: str) -> float:
        """The weight of the test named ``test``."""
        return self.named.get(test, DEFAULT_WEIGHT)


def read_weights(path: Path, tests: Collection[str]) -> Weights:
    """The weights in the file ``path`` for the tests named ``tests``; :class:`WeightsError` for a bad line."""
    try:
        if path.stat().st_size > _MOST_BYTES:
            raise WeightsError(f"{path}: larger than {_MOST_BYTES} bytes")
        with path.open(encoding="utf-8-sig", newline="") as lines:
            rows = list(enumerate(csv.reader(lines), start=1))
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise WeightsError(f"{path}: cannot read the file: {getattr(error, 'strerror', None) or error}") from None
    named: dict[str, float] = {}
    for number, row in rows:
        cells = [cell.strip() for cell in row]
        if not any(cells) or (number == 1 and [cell.lower() for cell in cells] == ["test", "weight"]):
            continue
        if len(cells) != 2:
            raise WeightsError(f"{path}:{number}: expected two fields, test,weight; got {len(cells)}")
        name, text = cells
        if name not in tests:
            raise WeightsError(f"{path}:{number}: no test is named {name!r}")
        try:
            weight = float(text)
        except ValueError:
            weight = math.nan
        if not (math.isfinite(weight) and weight >= 0):
            raise WeightsError(f"{path}:{number}: the weight must be a number of at least 0, got {text!r}")
        named[name] = weight
    return Weights(named)
