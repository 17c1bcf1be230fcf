"""A control group for each submission: one memory limit and one process limit for all its processes together.

Limits per process (``ulimit``) cannot bound a submission that starts many
processes, and ``RLIMIT_NPROC`` counts every process of a user (and a
JVM's threads): only a control group holds a submission's processes
together, however they fork, ``setsid`` or double-fork.  :func:`find`
looks for what this machine offers, cgroup v1's ``memory``, ``pids`` and
``cpuacct`` controllers or cgroup v2's ``memory`` and ``pids``, in the
grader's own groups, and returns ``None`` when it cannot make groups there
(an ordinary user without a delegated group).  A :class:`Group` is made
for each submission; a process joins it by writing its own number into
its folders before it ``exec``s the program (:attr:`Group.folders`), so
that nothing of the submission's runs outside it, and :meth:`Group.close`
ends every process in it and removes it.  Its processor time
(:meth:`Group.cpu_seconds`) is what timeouts count.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Group", "Hierarchy", "find"]

_MOUNTS = Path("/proc/self/mountinfo")
_OWN = Path("/proc/self/cgroup")
_V1_CONTROLLERS = ("memory", "pids", "cpuacct")
_numbers = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Hierarchy:
    """Where this grader's groups are made: a folder per controller (v1), or one folder (v2)."""

    version: int
    parents: dict[str, Path]

    def make(self, memory_bytes: int, tasks: int) -> Group:
        """A new group limited to ``memory_bytes`` of memory and ``tasks`` processes and threads."""
        name = f"tictactoe-grade-{os.getpid()}-{next(_numbers)}"
        folders = {controller: parent / name for controller, parent in self.parents.items()}
        made: list[Path] = []
        try:
            for folder in dict.fromkeys(folders.values()):
                folder.mkdir()
                made.append(folder)
            group = Group(self.version, folders)
            group.limit(memory_bytes, tasks)
        except OSError:
            for folder in reversed(made):
                with contextlib.suppress(OSError):
                    folder.rmdir()
            raise
        return group


class Group:
    """One submission's control group: its folders, its processor time, and the end of its processes."""

    def __init__(self, version: int, folders: dict[str, Path]) -> None:
        self.version = version
        self._folders = folders

    @property
    def folders(self) -> tuple[Path, ...]:
        """The folders whose ``cgroup.procs`` a process writes its number into to join the group."""
        return tuple(dict.fromkeys(self._folders.values()))

    def limit(self, memory_bytes: int, tasks: int) -> None:
        if self.version == 1:
            _write(self._folders["memory"] / "memory.limit_in_bytes", memory_bytes)
            swap = self._folders["memory"] / "memory.memsw.limit_in_bytes"
            if swap.exists():  # with swap counted too, memory cannot spill into swap
                with contextlib.suppress(OSError):
                    _write(swap, memory_bytes)
            _write(self._folders["pids"] / "pids.max", tasks)
        else:
            _write(self._folders["memory"] / "memory.max", memory_bytes)
            with contextlib.suppress(OSError):
                _write(self._folders["memory"] / "memory.swap.max", 0)
            _write(self._folders["pids"] / "pids.max", tasks)

    def cpu_seconds(self) -> float | None:
        """Processor seconds its processes have spent, or None if it cannot be read."""
        try:
            if self.version == 1:
                return int((self._folders["cpuacct"] / "cpuacct.usage").read_text()) / 1e9
            for line in (self._folders["memory"] / "cpu.stat").read_text().splitlines():
                if line.startswith("usage_usec "):
                    return int(line.split()[1]) / 1e6
        except (OSError, ValueError, KeyError):
            return None
        return None

    def processes(self) -> list[int]:
        """The numbers of the processes in it now."""
        found: set[int] = set()
        for folder in self.folders:
            with contextlib.suppress(OSError, ValueError):
                found.update(int(line) for line in (folder / "cgroup.procs").read_text().split())
        return sorted(found)

    def out_of_memory_kills(self) -> int:
        """How many processes the kernel has ended in it for want of memory."""
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        with contextlib.suppress(OSError, ValueError):
            for line in (self._folders["memory"] / name).read_text().splitlines():
                if line.startswith("oom_kill "):
                    return int(line.split()[1])
        return 0

    def task_limit_hits(self) -> int:
        """How many forks or threads were refused because it held as many tasks as it may."""
        with contextlib.suppress(OSError, ValueError):
            for line in (self._folders["pids"] / "pids.events").read_text().splitlines():
                if line.startswith("max "):
                    return int(line.split()[1])
        return 0

    def kill(self) -> None:
        """End every process in it, again and again until none is left (a process may fork while it is ended)."""
        for _ in range(1000):
            processes = self.processes()
            if not processes:
                return
            for process in processes:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(process, signal.SIGKILL)
            time.sleep(0.002)

    def close(self) -> None:
        """End its processes and remove it."""
        self.kill()
        for folder in reversed(self.folders):
            for _ in range(200):  # a killed process leaves the group once it is reaped
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    self.kill()
                    time.sleep(0.005)


def find() -> Hierarchy | None:
    """The hierarchy where this process may make groups with memory and process limits, or None."""
    try:
        own = _OWN.read_text().splitlines()
        mounts = _MOUNTS.read_text().splitlines()
    except OSError:
        return None
    for version in (1, 2):
        parents = _parents(version, own, mounts)
        if parents is not None and _writable(parents):
            return Hierarchy(version, parents)
    return None


def _parents(version: int, own: list[str], mounts: list[str]) -> dict[str, Path] | None:
    """The grader's own group folder for each controller, or None when a controller is not there."""
    paths: dict[str, str] = {}
    for line in own:
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if version == 2 and number == "0" and controllers == "":
            paths = {"memory": path, "pids": path}
        elif version == 1:
            for controller in controllers.split(","):
                if controller in _V1_CONTROLLERS:
                    paths[controller] = path
    if version == 1 and set(paths) != set(_V1_CONTROLLERS):
        return None
    if version == 2 and not paths:
        return None
    parents: dict[str, Path] = {}
    for controller, path in paths.items():
        folder = _mounted(version, controller, path, mounts)
        if folder is None:
            return None
        parents[controller] = folder
    if version == 2 and not _v2_delegated(parents["memory"]):
        return None
    return parents


def _mounted(version: int, controller: str, path: str, mounts: list[str]) -> Path | None:
    """The folder of the group ``path`` in the mount of ``controller``'s hierarchy."""
    for line in mounts:
        fields = line.split()
        separator = fields.index("-")
        kind, options = fields[separator + 1], fields[separator + 3].split(",")
        if (version == 1 and kind == "cgroup" and controller in options) or (version == 2 and kind == "cgroup2"):
            root, point = fields[3], fields[4]
            if path == root or path.startswith(root.rstrip("/") + "/"):
                return Path(point) / path[len(root.rstrip("/")) :].lstrip("/")
    return None


def _v2_delegated(folder: Path) -> bool:
    """Whether groups made in ``folder`` get the memory and pids controllers (the parent must hand them down)."""
    try:
        enabled = (folder / "cgroup.subtree_control").read_text().split()
        if {"memory", "pids"} <= set(enabled):
            return True
        (folder / "cgroup.subtree_control").write_text("+memory +pids")
    except OSError:
        return False
    return True


def _writable(parents: dict[str, Path]) -> bool:
    """Whether a group can be made (and removed) in every parent folder."""
    probe = f"tictactoe-grade-probe-{os.getpid()}"
    made: list[Path] = []
    try:
        for parent in dict.fromkeys(parents.values()):
            (parent / probe).mkdir()
            made.append(parent / probe)
    except OSError:
        return False
    finally:
        for folder in made:
            with contextlib.suppress(OSError):
                folder.rmdir()
    return True


def _write(path: Path, value: int) -> None:
    path.write_text(f"{value}\n")
