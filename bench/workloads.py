"""The search workloads: the computer's first reply after the person's opening move."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass

from configurations import Configurations, SearchStats, computer_play, reference_search


@dataclass(frozen=True)
class Workload:
    """A board, its game and the square the person opened with (``a1`` style)."""

    name: str
    size: int
    length: int
    max_levels: int
    opening: str
    reference_nodes: int | None = None
    java_seconds: float | None = None

    def board(self) -> Configurations:
        configs = Configurations(self.size, self.length, self.max_levels)
        configs.save_play(int(self.opening[1:]) - 1, ord(self.opening[0]) - ord("a"), "X")
        return configs


#: The workloads of the speed issue, with the reference search's node count
#: and a compiled Java solution's whole-process time on this machine class.
WORKLOADS = (
    Workload("W1", 3, 3, 9, "a1", 925, 0.06),
    Workload("W2", 4, 3, 6, "a1", 12_138, 0.09),
    Workload("W3", 10, 5, 2, "a1", 9_995, 0.08),
    Workload("W4", 4, 4, 16, "a1", 414_767, 0.45),
    Workload("W5", 6, 4, 4, "c3", 21_945, 0.09),
    Workload("W6", 5, 4, 6, "c3"),
)


def by_name(name: str) -> Workload:
    for workload in WORKLOADS:
        if workload.name == name:
            return workload
    raise LookupError(f"no workload named {name!r}")


def search_once(configs: Configurations, *, plain: bool = False) -> tuple[int, float]:
    """Nodes and seconds of one search from ``configs``: the engine's, or with ``plain`` the reference's."""
    stats = SearchStats()
    search = reference_search.computer_play if plain else computer_play
    started = time.perf_counter()
    search(configs, stats=stats)
    return stats.nodes, time.perf_counter() - started


def peak_memory_kib() -> int:
    """This process's peak resident memory, in KiB.

    Linux's ``VmHWM`` where it exists: ``ru_maxrss`` survives ``exec`` there,
    so a child started by a large parent would report the parent's peak.
    Elsewhere ``ru_maxrss``, from :mod:`resource`, imported only then: it
    does not exist on Windows, where importing it here would fail.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource  # noqa: PLC0415 (see above)

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv: list[str]) -> int:
    """``python -m bench.workloads NAME [--plain]``: one search in a fresh process; prints nodes, seconds and
    peak memory as JSON.  ``--plain`` runs the reference search (:mod:`configurations.reference_search`) instead."""
    workload = by_name(argv[0])
    nodes, seconds = search_once(workload.board(), plain="--plain" in argv[1:])
    print(json.dumps({"nodes": nodes, "seconds": seconds, "peak_mib": peak_memory_kib() / 1024}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
