"""What a report says about the whole run besides its submissions: the seed, and a warning when unconfined.

>>> print(RunInfo(7, "bwrap").header(), end="")
Random tests from seed 7 (--seed 7 repeats them)
>>> RunInfo(7, "none", "the code ran unconfined").lines()
['Random tests from seed 7 (--seed 7 repeats them)', 'Warning: the code ran unconfined']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RunInfo"]


@dataclass(frozen=True, slots=True)
class RunInfo:
    """The run's seed, its sandbox (``bwrap``, ``user:NAME``, ``none``), and the warning every report carries."""

    seed: int
    sandbox: str
    warning: str | None = None

    def lines(self) -> list[str]:
        """The lines a text report opens with."""
        lines = [f"Random tests from seed {self.seed} (--seed {self.seed} repeats them)"]
        return lines + ([f"Warning: {self.warning}"] if self.warning else [])

    def header(self) -> str:
        return "".join(line + "\n" for line in self.lines())
