"""A program of the Gomoku AI protocol (Piskvork's, Gomocup's) as a player: the client side of the protocol.

The engine runs in a process of its own, started on the first move, with
``START``, then ``INFO timeout_turn``, ``timeout_match 0`` (no match clock),
``max_memory`` and ``rule 0`` (freestyle; and ``INFO length`` when the
length is not five, which only the project's own brain reads).  A move is
asked for with ``TURN X,Y`` when the engine knows the position but the
opponent's last move, else with ``BOARD`` ... ``DONE`` (``RESTART`` first
when it held another game), or ``BEGIN`` on the empty board.  Lines other
than the move (``MESSAGE``, ``DEBUG``) are let pass; ``ERROR``, a move off
the board or a silent engine fail the game with :class:`EngineError`.

Each reply's wall-clock time is kept (:attr:`ProtocolEngine.seconds`), so
that a match can say whether the engine answered within ``timeout_turn``.
:meth:`ProtocolEngine.close` sends ``END`` and waits for the process.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from configurations import Configurations, SearchStats, Symbol
from configurations.moves import Move

__all__ = ["FREESTYLE_LENGTH", "EngineError", "ProtocolEngine"]

#: The length the protocol plays without ``INFO length``.
FREESTYLE_LENGTH = 5
# An engine that says nothing for this many turns' time is given up.
_PATIENCE = 10
# Seconds an engine may take to start, and to stop after END.
_START_SECONDS = 30.0
_STOP_SECONDS = 5.0


class EngineError(RuntimeError):
    """The engine refused a command, answered something that is no move, or fell silent."""


class ProtocolEngine:
    """The engine that ``command`` starts, playing ``size`` boards with ``length`` in a row, ``turn_ms``
    milliseconds a move and at most ``memory`` bytes."""

    def __init__(
        self,
        name: str,
        command: Sequence[str | Path],
        *,
        size: int,
        length: int,
        turn_ms: int,
        memory: int = 350_000_000,
        cwd: Path | None = None,
    ) -> None:
        self.name = name
        self._command = [str(part) for part in command]
        self._size, self._length = size, length
        self._turn_ms, self._memory = turn_ms, memory
        self._cwd = cwd
        self._process: subprocess.Popen[bytes] | None = None
        self._pending = b""  # what the engine wrote past the last line read
        self._known: str | None = None  # the position the engine holds, as Configurations writes it
        #: The wall-clock seconds of every reply to a move.
        self.seconds: list[float] = []

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The engine's move for ``mover`` on ``board``; :class:`EngineError` when it gives none."""
        squares = board.configuration()
        if self._process is None:
            self._start()
        started = time.monotonic()
        self._ask(squares, mover)
        x, y = self._read_move()
        self.seconds.append(time.monotonic() - started)
        if not (0 <= x < self._size and 0 <= y < self._size) or squares[y * self._size + x] != " ":
            raise EngineError(f"{self.name} played {x},{y}, which is off the board or taken")
        square = y * self._size + x
        self._known = squares[:square] + mover + squares[square + 1 :]
        return Move(y, x)

    def close(self) -> None:
        """End the engine's process (``END``, then a kill if it lingers)."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            self._write(process, "END")
            process.wait(timeout=_STOP_SECONDS)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    def _start(self) -> None:
        self._process = subprocess.Popen(
            self._command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
            cwd=self._cwd,
        )
        self._pending = b""
        self._send(f"START {self._size}")
        self._expect_ok(_START_SECONDS)
        settings = [("timeout_turn", self._turn_ms), ("timeout_match", 0), ("max_memory", self._memory), ("rule", 0)]
        if self._length != FREESTYLE_LENGTH:
            settings.append(("length", self._length))
        for key, value in settings:
            self._send(f"INFO {key} {value}")

    def _ask(self, squares: str, mover: Symbol) -> None:
        """Tell the engine the position, in the fewest lines, and that it is its move."""
        known = self._known
        if known is not None:
            added = [square for square, (was, now) in enumerate(zip(known, squares, strict=True)) if was != now]
            if len(added) == 1 and known[added[0]] == " " and squares[added[0]] not in (" ", mover):
                y, x = divmod(added[0], self._size)
                self._send(f"TURN {x},{y}")
                return
            self._send("RESTART")
            self._expect_ok(self._turn_ms / 1000 * _PATIENCE)
        if not squares.strip():
            self._send("BEGIN")
            return
        self._send("BOARD")
        for square, symbol in enumerate(squares):
            if symbol != " ":
                y, x = divmod(square, self._size)
                self._send(f"{x},{y},{1 if symbol == mover else 2}")
        self._send("DONE")

    def _read_move(self) -> tuple[int, int]:
        while True:
            line = self._read_line(self._turn_ms / 1000 * _PATIENCE)
            head = line.split(" ", 1)[0].upper()
            if head in ("MESSAGE", "DEBUG", "SUGGEST"):
                continue
            x, comma, y = line.partition(",")
            if head == "ERROR" or not comma or not x.strip().isdecimal() or not y.strip().isdecimal():
                raise EngineError(f"{self.name} answered {line!r} where a move was due")
            return int(x), int(y)

    def _expect_ok(self, seconds: float) -> None:
        while True:
            line = self._read_line(seconds)
            if line.upper() == "OK":
                return
            if not line.upper().startswith(("MESSAGE", "DEBUG")):
                raise EngineError(f"{self.name} answered {line!r} where OK was due")

    def _send(self, line: str) -> None:
        assert self._process is not None
        self._write(self._process, line)

    @staticmethod
    def _write(process: subprocess.Popen[bytes], line: str) -> None:
        assert process.stdin is not None
        process.stdin.write(line.encode() + b"\n")

    def _read_line(self, seconds: float) -> str:
        """The next non-empty line of the engine's, waiting at most ``seconds``."""
        process = self._process
        assert process is not None
        assert process.stdout is not None
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while True:
                line, newline, rest = self._pending.partition(b"\n")
                if newline:
                    self._pending = rest
                    if line.strip():
                        return line.decode(errors="replace").strip()
                    continue
                if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                    raise EngineError(f"{self.name} said nothing for {seconds:g} s")
                chunk = os.read(process.stdout.fileno(), 4096)
                if not chunk:
                    raise EngineError(f"{self.name} ended")
                self._pending += chunk
