"""What the benchmarks share: where the checkout is, which commit they measure, and bytecode compiled first.

Every benchmark's results file names the commit it was measured at, and
every benchmark that times whole processes compiles the game first, so
that the figures show a game's start rather than a compiler's.
"""

from __future__ import annotations

import compileall
import os
import subprocess
from pathlib import Path

__all__ = ["ROOT", "compile_game", "current_commit", "load_averages", "machine_load"]

#: The checkout's top folder.
ROOT = Path(__file__).resolve().parents[1]


def current_commit() -> str:
    """The checked-out commit, short, with ``+`` when the work tree has changes; ``unknown`` outside git."""

    def git(*arguments: str) -> str:
        return subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()

    try:
        commit, changed = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + ("+" if changed else "")


def compile_game() -> None:
    """Cache the game's modules as bytecode, as Python does the first time a program imports them.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (some sandboxes and CI images
    set it) nothing would ever be cached, and every process would spend
    about 20 ms compiling the packages before the game starts; the process
    times are meant to show a game's start, not a compiler's.
    """
    for package in ("configurations", "hashdict", "tictactoe"):
        compileall.compile_dir(ROOT / package, quiet=1)


def load_averages() -> str:
    """The 1-, 5- and 15-minute load averages, or ``unknown`` where the system keeps none (Windows, some
    sandboxes)."""
    try:
        return " ".join(f"{figure:.2f}" for figure in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def machine_load() -> str:
    """How busy the machine is as a benchmark starts: the load averages beside the processors, since timings
    taken with more runnable processes than processors are slower by about their ratio."""
    return f"load {load_averages()} on {os.cpu_count() or 1} processors"
