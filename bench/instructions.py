"""The whole game process counted in instructions: a figure that a busy machine does not move.

Processor seconds swing with the machine's load (two busy neighbours on
two cores double them); the instructions a process runs do not.
:func:`instruction_table` runs each workload's game (``python -S play.py``,
the opening move and ``quit`` piped in) under ``valgrind --tool=callgrind``
and reads its total, beside the same count for the bare interpreter.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.common import ROOT, compile_game
from bench.workloads import WORKLOADS

__all__ = ["count_instructions", "instruction_table"]

_COLLECTED = re.compile(r"Collected : (\d+)")


def count_instructions(arguments: list[str], stdin: str) -> int:
    """The instructions ``python -S ARGUMENTS`` runs with ``stdin`` piped in, as callgrind counts them."""
    with tempfile.TemporaryDirectory() as folder:
        callgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(folder) / 'out'}"]
        result = subprocess.run(
            [*callgrind, sys.executable, "-S", *arguments],
            input=stdin,
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        )
    found = _COLLECTED.search(result.stderr)
    if found is None:
        raise RuntimeError(f"callgrind gave no count: {result.stderr[-200:]!r}")
    return int(found.group(1))


def instruction_table() -> str:
    """Millions of instructions of each workload's whole game process, and of the bare interpreter."""
    if shutil.which("valgrind") is None:
        return "instructions: valgrind is not installed (Debian: apt-get install valgrind)"
    compile_game()
    rows = [f"{'':4} {'board':>7} {'k':>2} {'lvl':>3} {'M instructions':>15}"]
    bare = count_instructions(["-c", "pass"], "")
    rows.append(f"{'bare':4} {'python -S -c pass':>32} {bare / 1e6:>15.1f}")
    for workload in WORKLOADS:
        numbers = [str(workload.size), str(workload.length), str(workload.max_levels)]
        count = count_instructions([str(ROOT / "play.py"), *numbers], f"{workload.opening}\nquit\n")
        size = f"{workload.size}x{workload.size}"
        rows.append(f"{workload.name:4} {size:>7} {workload.length:>2} {workload.max_levels:>3} {count / 1e6:>15.1f}")
    return "\n".join(rows)
