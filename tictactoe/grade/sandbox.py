"""The sandbox around every process of a submission's (javac, the JVM, Python): bubblewrap, an account, or none.

``--sandbox bwrap`` (the default) runs each process in bubblewrap with
namespaces of its own (user, PID with its own ``/proc``, network, IPC, UTS,
mount): it sees only an allowlist of folders, read-only (``/usr`` and the
``/lib`` folders, the JDK or Python it runs, the grader's driver, what it
is given to read), and one writable folder, its scratch, a tmpfs of
:attr:`~tictactoe.grade.limits.Limits.scratch_megabytes` into which the
submission's copy is put when it starts.  It has no capability and cannot
make namespaces of its own (``--cap-drop ALL``, ``--disable-userns``), runs
in a session of its own, and dies with the grader (``--die-with-parent``).
``--sandbox user:NAME[,NAME...]`` runs each process as an unprivileged
account instead (for containers without namespaces): the grader runs as
root, gives the account the submission's copy and nothing else of its own,
and after each submission ends every process of the account's; one
account a job; its scratch is a tmpfs of the same size where root may mount
one.  ``--sandbox none`` runs the code as the grader's user, for
trusted code only; the reports say so.

Whatever the sandbox, a submission's processes share one control group
(:mod:`~tictactoe.grade.cgroups`) where this machine gives one: its memory
and process limits, its processor time for the timeouts, and the end of
every process it started.  :class:`Sandbox` is what a run shares,
:class:`Jail` one submission's, :class:`Launch` one process's start and end.
"""

from __future__ import annotations

import contextlib
import functools
import grp
import os
import pwd
import queue
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from tictactoe.grade import cgroups
from tictactoe.grade.channel import Interrupted
from tictactoe.grade.limits import Limits, described, environment, ulimits

__all__ = [
    "INSTALL_HINT",
    "Completed",
    "Jail",
    "Launch",
    "Program",
    "Sandbox",
    "SandboxChoice",
    "SandboxError",
    "choice",
]

#: How to get the default sandbox, for the one line of a grader that has none.
INSTALL_HINT = "apt-get install bubblewrap"
#: The uid and gid a process has inside bubblewrap's user namespace.
_NOBODY = "65534"
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: Where the scratch folder, and each named folder a program is given, lie inside bubblewrap.
_SCRATCH = "/scratch"
_SEED = "/seed"
_WORLD_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm")


class SandboxError(Exception):
    """No sandbox of the kind chosen can run here; the message is one line saying why, and what to do."""


@dataclass(frozen=True, slots=True)
class SandboxChoice:
    """``--sandbox``: ``bwrap``, ``user`` with its accounts, or ``none``."""

    kind: Literal["bwrap", "user", "none"]
    accounts: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"user:{','.join(self.accounts)}" if self.kind == "user" else self.kind


def choice(text: str) -> SandboxChoice:
    """``--sandbox``'s value read; ``ValueError`` when it is none of ``bwrap``, ``user:NAME[,NAME...]``, ``none``.

    >>> choice("user:grader1,grader2")
    SandboxChoice(kind='user', accounts=('grader1', 'grader2'))
    """
    if text in ("bwrap", "none"):
        return SandboxChoice(text)  # type: ignore[arg-type]  # one of the two literals, just checked
    kind, _, names = text.partition(":")
    accounts = tuple(name for name in names.split(",") if name)
    if kind == "user" and accounts and len(set(accounts)) == len(accounts):
        return SandboxChoice("user", accounts)
    raise ValueError(f"expected bwrap, user:NAME[,NAME...] or none, got {text!r}")


@dataclass(frozen=True, slots=True)
class Program:
    """One process to run for a submission.

    ``command(place, command_fd, answer_fd)`` is its argument list, where
    ``place(name)`` is the path, as the process sees it, of ``scratch`` or
    of a folder named in ``folders`` (read-only, or writable when named in
    ``writable``).  ``seed``'s files are copied into the scratch folder
    before it starts.  ``system`` names the folders of the program itself
    (the JDK, Python) that it must see.
    """

    command: Callable[[Callable[[str], str], int, int], list[str]]
    folders: Mapping[str, Path] = field(default_factory=dict)
    writable: frozenset[str] = frozenset()
    seed: Path | None = None
    system: tuple[Path, ...] = ()
    linked: tuple[Path, ...] = ()


@dataclass(frozen=True, slots=True)
class Completed:
    """A process run to its end: its status, what it printed, and whether it ran out of time."""

    returncode: int | None
    stdout: str
    stderr: str
    timed_out: bool = False


@dataclass(frozen=True, slots=True)
class _Account:
    name: str
    uid: int
    gid: int


class Sandbox:
    """What every submission of a run shares: the kind of sandbox, the limits, the control groups, the accounts."""

    def __init__(self, chosen: SandboxChoice, limits: Limits, root: Path, stop: threading.Event) -> None:
        self.choice = chosen
        self.limits = limits
        self.root = root
        self.stop = stop
        self.hierarchy = cgroups.find()
        self._accounts: queue.Queue[_Account] = queue.Queue()
        self._python: str | None = None

    @property
    def warning(self) -> str | None:
        """The line every report carries when the code runs unconfined."""
        if self.choice.kind != "none":
            return None
        return "--sandbox none: the submissions' code ran unconfined, with the grader's rights (trusted code only)"

    @property
    def serial(self) -> bool:
        """Whether submissions must be graded one at a time: no control group bounds each one's processes, and the
        per-user process limit does not tell two submissions of the same user apart."""
        return self.hierarchy is None

    def limits_in_force(self, jobs: int) -> str:
        """The limits a submission's processes run under here, and what they do not bound (every report says it)."""
        group = None if self.hierarchy is None else f"a control group, cgroup v{self.hierarchy.version}"
        return described(self.limits, group, jobs)

    def check(self, need_limits: bool = False) -> None:
        """:class:`SandboxError` when the sandbox chosen cannot run here (or, with ``need_limits``, no cgroup)."""
        if need_limits and self.hierarchy is None:
            raise SandboxError(
                "no control group to hold each submission's memory and processes (cgroup v2, or v1's memory, pids"
                " and cpuacct controllers, writable by this user), which CI=true requires"
            )
        if self.choice.kind == "bwrap":
            self._check_bwrap()
        elif self.choice.kind == "user":
            self._check_accounts()

    def check_private(self, paths: Sequence[Path]) -> None:
        """In ``user:`` mode, :class:`SandboxError` for a file (a hidden case file) that an account could read."""
        for account in list(self._accounts.queue):
            for path in paths:
                if _readable_by(path, account):
                    raise SandboxError(
                        f"the account {account.name!r} could read {str(path)!r}: hide it from other users first"
                        f" (chmod 600 {shlex.quote(str(path))})"
                    )

    def python(self) -> str:
        """The Python that runs a Python submission's driver: the grader's own, or one the account can run."""
        if self._python is None:
            self._python = os.path.realpath(sys.executable)
        return self._python

    @contextlib.contextmanager
    def jail(self, work: Path) -> Iterator[Jail]:
        """One submission's jail, its folder ``work`` (made here), for as long as the block runs."""
        account = self._accounts.get() if self.choice.kind == "user" else None
        group = None
        try:
            work.mkdir(mode=0o711)
            if self.hierarchy is not None:
                group = self.hierarchy.make(self.limits.memory_megabytes * 2**20, self.limits.tasks)
            jail = Jail(self, work, account, group)
            try:
                yield jail
            finally:
                jail.close()
        finally:
            if account is not None:
                self._accounts.put(account)

    def _check_bwrap(self) -> None:
        if shutil.which("bwrap") is None:
            raise SandboxError(
                f"no sandbox for the submissions' code: install bubblewrap ({INSTALL_HINT}), or choose --sandbox"
                " user:NAME (an unprivileged account) or --sandbox none (trusted code only)"
            )
        probe = self.root / "probe"
        probe.mkdir(exist_ok=True)
        try:
            result = subprocess.run(
                [*_bwrap(self.limits, Program(lambda place, command, answer: [])), "/bin/true"],
                capture_output=True,
                text=True,
                errors="replace",
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            raise SandboxError(f"bubblewrap does not run here: {error}") from None
        if result.returncode != 0:
            problem = (result.stderr.strip().splitlines() or ["without a message"])[-1]
            raise SandboxError(
                f"bubblewrap does not run here ({problem}): choose --sandbox user:NAME in a container without user"
                " namespaces"
            )

    def _check_accounts(self) -> None:
        if os.geteuid() != 0:
            raise SandboxError("--sandbox user:NAME needs the grader to run as root, to run code as NAME")
        if shutil.which("setpriv") is None:
            raise SandboxError("--sandbox user:NAME needs setpriv (apt-get install util-linux)")
        for name in self.choice.accounts:
            try:
                entry = pwd.getpwnam(name)
            except KeyError:
                raise SandboxError(
                    f"no account {name!r} for --sandbox user:{name}: make one with useradd --system --no-create-home"
                    f" --shell /usr/sbin/nologin {name}"
                ) from None
            if entry.pw_uid == 0 or entry.pw_gid == 0:
                raise SandboxError(f"the account {name!r} is privileged (uid or gid 0): choose an unprivileged one")
            self._accounts.put(_Account(name, entry.pw_uid, entry.pw_gid))
        self.root.chmod(0o711)  # the accounts pass through it to their own folders, and list nothing
        self._python = self._python_for(self._accounts.queue[0])

    def _python_for(self, account: _Account) -> str:
        """A Python of at least 3.8 that ``account`` can run: the grader's, or else one on the search path."""
        candidates = [os.path.realpath(sys.executable), shutil.which("python3") or "", "/usr/bin/python3"]
        for candidate in dict.fromkeys(filter(None, candidates)):
            probe = [
                *_as_account(account),
                candidate,
                "-I",
                "-S",
                "-c",
                "import sys; sys.exit(sys.version_info < (3, 8))",
            ]
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                if subprocess.run(probe, capture_output=True, timeout=30, check=False, cwd="/").returncode == 0:
                    return candidate
        raise SandboxError(f"no Python that the account {account.name!r} can run (install python3 for all users)")


class Jail:
    """One submission's jail: its control group, its account (``user:``), its folder, the processes it runs."""

    def __init__(self, sandbox: Sandbox, work: Path, account: _Account | None, group: cgroups.Group | None) -> None:
        self.sandbox = sandbox
        self.work = work
        self.account = account
        self.group = group
        self._spent = 0.0  # processor seconds of the processes ended, where no control group counts them
        self._capped: Path | None = None  # the scratch's tmpfs, in ``user:`` mode where root may mount one
        self._running: subprocess.Popen[bytes] | None = None

    def folder(self, name: str) -> Path:
        """A new folder of the jail's, for the grader to fill (and, in ``user:`` mode, the account to use)."""
        path = self.work / name
        path.mkdir()
        return path

    def give(self, path: Path) -> None:
        """Hand ``path`` (a tree) over to the account, in ``user:`` mode; nothing otherwise."""
        if self.account is None:
            return
        for root, folders, files in os.walk(path):
            for name in [root, *(os.path.join(root, entry) for entry in folders + files)]:
                os.lchown(name, self.account.uid, self.account.gid)
        path.chmod(0o700)

    def launch(self, program: Program) -> Launch:
        """How to start ``program`` in this jail, and end it."""
        return Launch(self, program)

    def run(self, program: Program, timeout: float) -> Completed:
        """Run ``program`` to its end (it gets no pipes of its own); out of time after ``timeout`` wall seconds."""
        launch = self.launch(program)
        process = launch.start(-1, -1)
        end = time.monotonic() + timeout
        try:
            while True:
                if self.sandbox.stop.is_set():
                    raise Interrupted
                try:
                    stdout, stderr = process.communicate(timeout=0.05)
                    break
                except subprocess.TimeoutExpired:
                    if time.monotonic() >= end:
                        return Completed(None, "", "", timed_out=True)
        finally:
            launch.end(process)
        return Completed(process.returncode, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))

    def cpu_seconds(self) -> float | None:
        """Processor seconds this submission's processes have spent so far, or None where nothing counts them."""
        if self.group is not None:
            return self.group.cpu_seconds()
        running = self._running
        return self._spent + (_tree_cpu(running.pid) if running is not None and running.poll() is None else 0.0)

    def notes(self) -> list[str]:
        """What the limits stopped, for the report: forks refused, processes ended for want of memory."""
        if self.group is None:
            return []
        found = []
        if refused := self.group.task_limit_hits():
            found.append(f"{refused} fork(s) or thread(s) refused: the limit is {self.sandbox.limits.tasks} tasks")
        if killed := self.group.out_of_memory_kills():
            found.append(
                f"{killed} process(es) ended for want of memory: the limit is {self.sandbox.limits.memory_megabytes} MB"
            )
        return found

    def close(self) -> None:
        """End every process of the submission's, and remove its control group and its folder."""
        if self.group is not None:
            self.group.close()
        if self.account is not None:
            _end_account(self.account)
        if self._capped is not None:
            _unmount(self._capped)
        shutil.rmtree(self.work, ignore_errors=True)

    def capped_scratch(self) -> Path:
        """The empty scratch folder of ``user:`` and ``none``: in ``user:`` mode a tmpfs of the scratch's size where
        root may mount one (a container may forbid it), so that a disk filler fills that and no more."""
        scratch = self.work / "scratch"
        if self._capped is not None:
            for entry in list(scratch.iterdir()):
                if entry.is_dir() and not entry.is_symlink():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
            return scratch
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir()
        if self.account is not None and _mount_tmpfs(scratch, self.sandbox.limits.scratch_megabytes):
            self._capped = scratch
        return scratch


class Launch:
    """One process of a jail: its start (into the control group, under its limits, in the sandbox) and its end."""

    def __init__(self, jail: Jail, program: Program) -> None:
        self.jail = jail
        self.program = program

    def start(self, command_fd: int, answer_fd: int) -> subprocess.Popen[bytes]:
        """Start the process with the two pipes' ends ``command_fd`` and ``answer_fd`` (-1: none)."""
        jail, program = self.jail, self.program
        kind = jail.sandbox.choice.kind
        scratch = self._scratch() if kind != "bwrap" else None
        place = self._place(scratch)
        command = program.command(place, command_fd, answer_fd)
        if kind == "bwrap":
            limits = jail.sandbox.limits
            prefix = _bwrap(limits, program)
            if program.seed is not None:
                command = ["/bin/sh", "-c", f'cp -R {_SEED}/. {_SCRATCH}/ && exec "$@"', "sh", *command]
            command = [*prefix, *command]
            home = _SCRATCH
        else:
            assert scratch is not None
            if jail.account is not None:
                command = [*_as_account(jail.account), *command]
            elif (setpriv := shutil.which("setpriv")) is not None:
                command = [setpriv, "--pdeathsig=KILL", "--", *command]  # unconfined, but not outliving the grader
            home = str(scratch)
        groups = [str(folder) for folder in jail.group.folders] if jail.group is not None else []
        user_tasks = None
        if jail.group is None:  # only the per-user limit bounds its processes: those its user runs now, and a few more
            uid = jail.account.uid if jail.account is not None else os.getuid()
            user_tasks = _tasks_of(uid) + jail.sandbox.limits.tasks
        argv = ["/bin/sh", "-c", _wrapper(groups, jail.sandbox.limits, user_tasks), "sh", *command]
        fds = tuple(fd for fd in (command_fd, answer_fd) if fd >= 0)
        if jail.account is not None:
            for fd in fds:  # the Java driver opens its pipes again, by /proc/self/fd, which their owner only may
                os.fchown(fd, jail.account.uid, jail.account.gid)
        process = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            pass_fds=fds,
            cwd=scratch if scratch is not None else jail.work,
            env=environment(home),
            start_new_session=True,  # a group of its own, so that end() reaches what it started
        )
        jail._running = process
        return process

    def end(self, process: subprocess.Popen[bytes]) -> None:
        """End the process and everything it started; wait for it."""
        jail = self.jail
        if jail.group is None and process.poll() is None:
            jail._spent += _tree_cpu(process.pid)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        if jail.group is not None:
            jail.group.kill()
        process.wait()
        if jail._running is process:
            jail._running = None

    def _scratch(self) -> Path:
        """A fresh scratch folder for ``user:`` and ``none``, the seed copied in, owned by the account."""
        scratch = self.jail.capped_scratch()
        if self.program.seed is not None:
            shutil.copytree(self.program.seed, scratch, symlinks=True, dirs_exist_ok=True)
        self.jail.give(scratch)
        for folder in self.program.folders.values():
            if self.jail.work in folder.parents:  # the submission's own folders; the drivers' are everyone's to read
                self.jail.give(folder)
        return scratch

    def _place(self, scratch: Path | None) -> Callable[[str], str]:
        folders = self.program.folders

        def place(name: str) -> str:
            if scratch is None:  # inside bubblewrap, every folder has a fixed name
                return _SCRATCH if name == "scratch" else f"/{name}"
            return str(scratch if name == "scratch" else folders[name])

        return place


def _wrapper(groups: list[str], limits: Limits, user_tasks: int | None) -> str:
    """The shell that joins the control group and sets the limits, then ``exec``s the command."""
    joins = " && ".join(f"echo $$ > {shlex.quote(folder + '/cgroup.procs')}" for folder in groups)
    return f'{joins + " && " if joins else ""}{ulimits(limits, user_tasks)} && exec "$@"'


def _bwrap(limits: Limits, program: Program) -> list[str]:
    """bubblewrap's arguments: the namespaces, the allowlist of folders, the scratch tmpfs, the folders given."""
    arguments = ["bwrap", "--unshare-all", "--unshare-user", "--disable-userns", "--uid", _NOBODY, "--gid", _NOBODY]
    arguments += ["--cap-drop", "ALL", "--die-with-parent", "--new-session", "--hostname", "sandbox"]
    for path in _SYSTEM:
        if os.path.islink(path):
            arguments += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            arguments += ["--ro-bind", path, path]
    for path in _system_folders(program.system, program.linked):
        arguments += ["--ro-bind-try", path, path]
    arguments += ["--proc", "/proc", "--dev", "/dev"]
    arguments += ["--size", str(limits.scratch_megabytes * 2**20), "--tmpfs", _SCRATCH, "--chdir", _SCRATCH]
    if program.seed is not None:
        arguments += ["--ro-bind", str(program.seed), _SEED]
    for name, folder in program.folders.items():
        arguments += ["--bind" if name in program.writable else "--ro-bind", str(folder), f"/{name}"]
    # bubblewrap's own root and /dev are tmpfs folders without a size: read-only, so that only the scratch is writable.
    return [*arguments, "--remount-ro", "/dev", "--remount-ro", "/", "--"]


@functools.cache
def _system_folders(system: tuple[Path, ...], linked: tuple[Path, ...]) -> list[str]:
    """The program's own folders outside /usr, and what the links in ``linked`` lead to (a JDK's /etc files)."""
    found: list[str] = []
    for folder in system:
        real = os.path.realpath(folder)
        if real != "/usr" and not real.startswith("/usr/"):
            found.append(real)
    for folder in linked:
        real = os.path.realpath(folder)
        for root, _, files in os.walk(real):
            for name in files:
                path = os.path.join(root, name)
                if os.path.islink(path):
                    target = os.path.realpath(path)
                    if not target.startswith(("/usr/", real + "/")) and os.path.exists(target):
                        found.append(target)
    return sorted(set(found))


def _mount_tmpfs(folder: Path, megabytes: int) -> bool:
    """Whether a tmpfs of ``megabytes`` was mounted on ``folder`` (root only; a container may refuse it)."""
    command = ["mount", "-t", "tmpfs", "-o", f"size={megabytes}m,mode=0700,nosuid,nodev", "tmpfs", str(folder)]
    try:
        return subprocess.run(command, capture_output=True, timeout=30, check=False).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def _unmount(folder: Path) -> None:
    """Unmount ``folder``'s tmpfs (its processes are ended by now); lazily if something still holds it."""
    for command in (["umount", str(folder)], ["umount", "--lazy", str(folder)]):
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            if subprocess.run(command, capture_output=True, timeout=30, check=False).returncode == 0:
                return


def _readable_by(path: Path, account: _Account) -> bool:
    """Whether ``account`` may read the file ``path`` by its mode (its folders' modes aside)."""
    status = path.stat()
    if status.st_uid == account.uid:
        return bool(status.st_mode & stat.S_IRUSR)
    groups = {account.gid, *(entry.gr_gid for entry in grp.getgrall() if account.name in entry.gr_mem)}
    if status.st_gid in groups:
        return bool(status.st_mode & stat.S_IRGRP)
    return bool(status.st_mode & stat.S_IROTH)


def _as_account(account: _Account) -> list[str]:
    """``setpriv``'s arguments that run a command as ``account``, without any privilege, dying with the grader."""
    return [
        shutil.which("setpriv") or "setpriv",
        f"--reuid={account.uid}",
        f"--regid={account.gid}",
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--pdeathsig=KILL",
        "--",
    ]


def _end_account(account: _Account) -> None:
    """Every process of the account's ended (``kill -1`` as the account, until none is left), its files in the
    machine's world-writable folders removed."""
    for _ in range(100):
        if not _processes_of(account.uid):
            break
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(
                [*_as_account(account), "/bin/kill", "-KILL", "-1"], capture_output=True, timeout=10, check=False
            )
    for folder in _WORLD_WRITABLE:
        with contextlib.suppress(OSError):
            for entry in os.scandir(folder):
                with contextlib.suppress(OSError):
                    if entry.stat(follow_symlinks=False).st_uid != account.uid:
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        shutil.rmtree(entry.path, ignore_errors=True)
                    else:
                        os.unlink(entry.path)


def _tasks_of(uid: int) -> int:
    """How many processes and threads the user ``uid`` runs now, as the per-user process limit counts them."""
    count = 0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError, KeyError):
                fields = dict(line.split(":", 1) for line in Path(entry.path, "status").read_text().splitlines())
                if int(fields["Uid"].split()[0]) == uid:
                    count += int(fields["Threads"])
    return count


def _processes_of(uid: int) -> list[int]:
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if os.stat(entry.path).st_uid == uid:
                    found.append(int(entry.name))
    return found


def _tree_cpu(pid: int) -> float:
    """Processor seconds of the process ``pid`` and every process below it (what the children counted, too)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(value) for value in fields[11:15]) / ticks  # utime, stime, cutime, cstime
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
    return total
