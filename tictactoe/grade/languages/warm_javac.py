"""The warm compiler: one javac, in a JVM of its own inside bubblewrap, compiling a whole class one after another.

Starting a JVM and warming javac up costs more processor time than
compiling a student's five files; a class compiled by one warm javac
(``java_driver/CompileServer.java``) pays for it once.  It keeps every
guarantee of a javac of a submission's own:

- it runs in bubblewrap, in a jail of its own (its control group, its
  limits), and runs none of a submission's code (``-proc:none``);
- for each submission it sees that submission's sources alone on its
  paths (``-sourcepath`` its own folder, read-only; an empty class path),
  and writes into an empty folder of that submission's, copied into the
  submission's jail once javac has ended;
- one submission at a time, each with a deadline
  (:attr:`~tictactoe.grade.limits.Limits.warm_compile_timeout` on the
  clock): a compile that runs past it, that makes the compiler itself fail
  (out of memory or stack), or that ends its JVM, ends the warm compiler,
  and :meth:`WarmCompiler.compile` answers None: the submission is compiled
  by a javac of its own in its own jail, as it would have been without the
  warm one, and the next submission gets a fresh warm compiler.  A compile
  bomb beside an honest classmate costs the classmate nothing but the wait.

Only bubblewrap hosts it: ``--sandbox user:NAME`` keeps one account a job,
and ``--sandbox none`` runs trusted code, each with a javac a submission.
"""

from __future__ import annotations

import contextlib
import itertools
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tictactoe.grade.channel import Answer, Child, Deadline, Ready
from tictactoe.grade.observations import Values
from tictactoe.grade.sandbox import Completed, Program, Sandbox

if TYPE_CHECKING:
    from tictactoe.grade.limits import Limits

__all__ = ["SERVER_CLASS", "WarmCompiler"]

#: The warm compiler's main class, compiled with the driver.
SERVER_CLASS = "tictactoegrader.CompileServer"


class WarmCompiler:
    """One warm javac for a run, started on first use in ``folder`` (the grader's), ended by :meth:`close`.

    ``server(place)`` is the JVM's command line without its pipes: ``place``
    names the folders as the process sees them (``grader``, ``scratch``).
    """

    def __init__(
        self,
        server: Callable[[Callable[[str], str]], list[str]],
        driver: Path,
        system: tuple[tuple[Path, ...], tuple[Path, ...]],
        folder: Path,
        *,
        sandbox: Sandbox,
        limits: Limits,
    ) -> None:
        self._server = server
        self._driver = driver
        self._system = system
        self._folder = folder
        self._sandbox = sandbox
        self._limits = limits
        self._lock = threading.Lock()
        self._numbers = itertools.count(1)
        self._starts = itertools.count(1)
        self._jails = contextlib.ExitStack()
        self._child: Child | None = None
        for name in ("sources", "classes", "empty"):
            (folder / name).mkdir(parents=True, mode=0o755)

    def compile(self, sources: Path, files: Sequence[str], arguments: Sequence[str], into: Path) -> Completed | None:
        """javac's result for ``files`` (relative to ``sources``), its classes copied into ``into``; None when the
        warm compiler gave none (out of time, its own failure): the caller compiles with a javac of its own."""
        with self._lock:
            number = next(self._numbers)
            source = self._folder / "sources" / str(number) / "src"  # "/src/" in its messages, as a javac's own
            classes = self._folder / "classes" / str(number)
            try:
                shutil.copytree(sources, source)
                classes.mkdir()
                try:
                    result = self._compile(number, files, arguments)
                except BaseException:  # interrupted: the warm compiler is in the middle of a request
                    self._end()
                    raise
                if result is not None and result.returncode == 0:
                    shutil.copytree(classes, into, dirs_exist_ok=True)
                return result
            finally:
                shutil.rmtree(source.parent, ignore_errors=True)
                shutil.rmtree(classes, ignore_errors=True)

    def close(self) -> None:
        """End the warm compiler, its processes and its jail."""
        with self._lock:
            self._end()

    def _compile(self, number: int, files: Sequence[str], arguments: Sequence[str]) -> Completed | None:
        deadline = Deadline(self._limits.warm_compile_timeout, lambda: None, self._sandbox.stop).start()
        try:
            child = self._child or self._start(deadline)
        except OSError:  # no jail or process could be made here now: a javac of the submission's own may yet be
            self._end()
            return None
        if child is None:
            return None
        where = f"/sources/{number}/src"
        javac = ["-d", f"/classes/{number}", "-cp", "/empty", "-sourcepath", where, *arguments]
        reply = child.ask([["javac", *javac, *(f"{where}/{name}" for name in files)]], deadline)
        if isinstance(reply, Answer) and isinstance(observed := reply.observations[0], Values):
            status, output = (*observed.values, None, None)[:2]
            if type(status) is int and status >= 0 and isinstance(output, str):
                child.take_output()
                return Completed(status, "", output)
        self._end()  # out of time, failed or gone: not to be trusted with the next submission
        return None

    def _start(self, deadline: Deadline) -> Child | None:
        jail = self._jails.enter_context(self._sandbox.jail(self._folder / f"jail-{next(self._starts)}"))
        child = Child(jail.launch(self._program()), self._limits.output_bytes)
        started = child.start(deadline)
        if not (isinstance(started, Ready) and not started.load_error):
            child.stop()
            self._jails.close()
            return None
        self._child = child
        return child

    def _program(self) -> Program:
        def command(place: Callable[[str], str], command_fd: int, answer_fd: int) -> list[str]:
            return [*self._server(place), SERVER_CLASS, str(command_fd), str(answer_fd)]

        folders = {
            "grader": self._driver,
            "sources": self._folder / "sources",
            "classes": self._folder / "classes",
            "empty": self._folder / "empty",
        }
        system, linked = self._system
        return Program(command, folders, frozenset({"classes"}), None, system, linked)

    def _end(self) -> None:
        if self._child is not None:
            self._child.stop()
            self._child = None
        self._jails.close()
