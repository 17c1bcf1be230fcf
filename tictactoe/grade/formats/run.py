"""What a report says about the whole run besides its submissions: the seed, a warning when unconfined, the limits.

>>> print(RunInfo(7, "bwrap").header(), end="")
Random tests from seed 7 (--seed 7 repeats them)
>>> RunInfo(7, "none", "the code ran unconfined", "each process: files of 32 MB").lines()[1:]
['Warning: the code ran unconfined', 'Limits: each process: files of 32 MB']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RunInfo"]


@dataclass(frozen=True, slots=True)
class RunInfo:
    """The run's seed, its sandbox (``bwrap``, ``user:NAME``, ``none``), the warning every report carries, and the
    limits its submissions' code ran under, with what they do not bound."""

    seed: int
    sandbox: str
    warning: str | None = None
    limits: str = ""

    def lines(self) -> list[str]:
        """The lines a text report opens with."""
        lines = [f"Random tests from seed {self.seed} (--seed {self.seed} repeats them)"]
        lines += [f"Warning: {self.warning}"] if self.warning else []
        return lines + ([f"Limits: {self.limits}"] if self.limits else [])

    def header(self) -> str:
        return "".join(line + "\n" for line in self.lines())
