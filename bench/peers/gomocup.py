"""A program of the Gomoku AI protocol (Piskvork's, Gomocup's) as a player: the client side of the protocol.

The engine runs in a process of its own, started (:meth:`ProtocolEngine.start`,
before the first move if the caller did not) with ``START``, then ``INFO
thread_num 1`` (every engine of the rating searches on one thread),
``timeout_turn``, ``timeout_match 0`` (no match clock), ``max_memory`` and
``rule`` (the protocol's value of the game's variant, as the brain reads it:
0 freestyle, 1 standard, 4 renju, 8 caro; and ``INFO length`` when the
length is not five, which only the project's own brain reads).  The
protocol's opening commands (``SWAP2BOARD``) are not spoken: the engine
plays from a free opening.  The lines the engine writes
before its ``OK`` are kept (:attr:`ProtocolEngine.startup`): what it
loaded, and from where.

A move is asked for with ``TURN X,Y`` when the engine holds the game but
the opponent's last move, else with ``BOARD`` ... ``DONE`` (``RESTART``
first when it held another game), or ``BEGIN`` on the empty board.  The
protocol's ``BOARD`` lists the stones *in the order they were played*, and
engines read it so: Rapfi plays the list as the game's moves, the first
stone black's, and searches for the side that did not place the last one.
So the client lists the moves of the game when it is shown them
(:meth:`ProtocolEngine.choose_after`, which the game loop calls through
:func:`tictactoe.players.base.choose_move`); shown only a board (a
position set up by hand, :meth:`ProtocolEngine.choose`), it lists ``X``'s
and ``O``'s stones alternately, ``X``'s first, which puts the opponent's
last.  Lines other than the move (``MESSAGE``, ``DEBUG``) are let pass;
``ERROR``, a move off the board or a silent engine fail the game with
:class:`EngineError` -- but for one ``ERROR``: Rapfi reads a command while it
still finishes the search of its last reply and drops it, and then reads
``TURN``'s square as a command of its own (``ERROR Unknown command: 7,8``).
The client sends that ``TURN`` again (:data:`RESENDS` times at most): the
engine had not taken the opponent's move, and the time it lost counts as
its own.

Each reply's wall-clock time is kept (:attr:`ProtocolEngine.seconds`), and
the processor time the engine's process spent on it
(:attr:`ProtocolEngine.processor_seconds`, read from ``/proc``; empty where
there is none), so that a match can say whether the engine answered within
``timeout_turn`` and how much it computed.  :meth:`ProtocolEngine.close`
sends ``END`` and waits for the process.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from configurations import Configurations, SearchStats, Side, Symbol
from configurations.moves import Move
from configurations.rules import Variant
from tictactoe.brain.brain import RULE_VARIANTS

__all__ = [
    "FREESTYLE_LENGTH",
    "RESENDS",
    "EngineError",
    "ProtocolEngine",
    "alternate_order",
    "process_seconds",
    "rule_value",
]

#: The length the protocol plays without ``INFO length``.
FREESTYLE_LENGTH = 5
#: How many times one ``TURN`` is sent again to an engine that dropped it (read its square as a command).
RESENDS = 3
# An engine that says nothing for this many turns' time is given up.
_PATIENCE = 10
# Seconds an engine may take to start, and to stop after END.
_START_SECONDS = 30.0
_STOP_SECONDS = 5.0
# BOARD's fields: the engine's own stone, the opponent's.
_OWN, _THEIRS = 1, 2


class EngineError(RuntimeError):
    """The engine refused a command, answered something that is no move, or fell silent."""


def rule_value(variant: Variant) -> int:
    """The value of ``INFO rule`` that asks for ``variant``.

    >>> rule_value(Variant.FREESTYLE), rule_value(Variant.STANDARD), rule_value(Variant.RENJU), rule_value("caro")
    (0, 1, 4, 8)
    """
    (value,) = [value for value, known in RULE_VARIANTS.items() if known == variant]
    return value


def alternate_order(board: Configurations) -> tuple[Move, ...]:
    """The stones of ``board`` as a game that could have led to it: ``X``'s and ``O``'s alternately, ``X``'s
    first, each side's row by row -- so the last is the stone of the side not to move.

    >>> board = Configurations.from_rows(["O X", " X ", "   "], 3, 0)
    >>> [str(move) for move in alternate_order(board)]
    ['c1', 'a1', 'b2']
    """
    size = board.board_size
    squares = board.configuration()
    crosses = [Move(*divmod(square, size)) for square, symbol in enumerate(squares) if symbol == Side.X]
    noughts = [Move(*divmod(square, size)) for square, symbol in enumerate(squares) if symbol == Side.O]
    order = []
    for ply in range(len(crosses) + len(noughts)):
        order.append((crosses if ply % 2 == 0 else noughts)[ply // 2])
    return tuple(order)


class ProtocolEngine:
    """The engine that ``command`` starts, playing ``size`` boards with ``length`` in a row by ``variant``,
    ``turn_ms`` milliseconds a move and at most ``memory`` bytes."""

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
        variant: Variant = Variant.FREESTYLE,
    ) -> None:
        self.name = name
        #: The command that starts the engine, and the folder it starts in.
        self.command = [str(part) for part in command]
        self.cwd = cwd
        self._size, self._length = size, length
        self._turn_ms, self._memory = turn_ms, memory
        self._variant = variant
        self._process: subprocess.Popen[bytes] | None = None
        self._pending = b""  # what the engine wrote past the last line read
        self._known: tuple[Move, ...] | None = None  # the moves of the game the engine holds, its own reply last
        #: The lines the engine wrote before it answered ``START`` with ``OK``.
        self.startup: list[str] = []
        #: The wall-clock seconds of every reply to a move.
        self.seconds: list[float] = []
        #: The processor seconds the engine's process spent on every reply (empty where ``/proc`` is absent).
        self.processor_seconds: list[float] = []
        #: How many ``TURN`` lines were sent again because the engine had dropped them.
        self.resent = 0

    def choose(self, board: Configurations, mover: Symbol, stats: SearchStats | None = None) -> Move:
        """The engine's move for ``mover`` on ``board``, set up by hand: the stones it holds and the opponent's
        one new stone, else :func:`alternate_order`'s."""
        known = self._known
        if known is not None:
            added = _added_stone(board, known)
            if added is not None:
                return self.choose_after((*known, added), board, mover, stats)
        return self.choose_after(alternate_order(board), board, mover, stats)

    def choose_after(
        self, moves: Sequence[Move], board: Configurations, mover: Symbol, stats: SearchStats | None = None
    ) -> Move:
        """The engine's move for ``mover`` on ``board``, which ``moves`` (in the order played) led to;
        :class:`EngineError` when it gives none."""
        moves = tuple(moves)
        if len(moves) != sum(symbol != " " for symbol in board.configuration()):
            raise ValueError(f"{len(moves)} moves cannot have led to this board")
        self.start()
        started, used = time.monotonic(), self._processor_time()
        turn = self._ask(moves)
        x, y = self._read_move(turn)
        self.seconds.append(time.monotonic() - started)
        now = self._processor_time()
        if used is not None and now is not None:
            self.processor_seconds.append(now - used)
        if not (0 <= x < self._size and 0 <= y < self._size) or not board.square_is_empty(y, x):
            raise EngineError(f"{self.name} played {x},{y}, which is off the board or taken")
        move = Move(y, x)
        self._known = (*moves, move)
        return move

    def about(self) -> str:
        """The engine's answer to ``ABOUT`` (its name and version, as it writes them), started if it is not."""
        self.start()
        self._send("ABOUT")
        while True:
            line = self._read_line(_START_SECONDS)
            if not line.upper().startswith(("MESSAGE", "DEBUG")):
                return line

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

    def start(self) -> None:
        """Start the engine's process and set up its game, unless it runs: a match starts it before the game,
        so that no move's time counts the engine's start."""
        if self._process is not None:
            return
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
            cwd=self.cwd,
        )
        self._pending = b""
        self._send(f"START {self._size}")
        self.startup = self._expect_ok(_START_SECONDS)
        settings = [
            ("thread_num", 1),
            ("timeout_turn", self._turn_ms),
            ("timeout_match", 0),
            ("max_memory", self._memory),
            ("rule", rule_value(self._variant)),
        ]
        if self._length != FREESTYLE_LENGTH:
            settings.append(("length", self._length))
        for key, value in settings:
            self._send(f"INFO {key} {value}")

    def _ask(self, moves: tuple[Move, ...]) -> str | None:
        """Tell the engine the game, in the fewest lines, and that it is its move; the ``TURN`` line, where
        that was all it needed."""
        known = self._known
        if known is not None:
            if len(moves) == len(known) + 1 and moves[: len(known)] == known:
                turn = f"TURN {moves[-1].col},{moves[-1].row}"
                self._send(turn)
                return turn
            # The OK says the engine is reading commands again: what follows cannot be dropped.
            self._send("RESTART")
            self._expect_ok(self._turn_ms / 1000 * _PATIENCE)
        if not moves:
            self._send("BEGIN")
            return None
        self._send("BOARD")
        # The engine moves next: the stones of the side to move are its own.
        own = len(moves) % 2
        for ply, move in enumerate(moves):
            self._send(f"{move.col},{move.row},{_OWN if ply % 2 == own else _THEIRS}")
        self._send("DONE")
        return None

    def _read_move(self, turn: str | None) -> tuple[int, int]:
        """The move the engine answers, sending ``turn`` again where the engine dropped it."""
        dropped = None if turn is None else f"ERROR Unknown command: {turn.split(' ', 1)[1]}".upper()
        resent = 0
        while True:
            line = self._read_line(self._turn_ms / 1000 * _PATIENCE)
            head = line.split(" ", 1)[0].upper()
            if head in ("MESSAGE", "DEBUG", "SUGGEST"):
                continue
            if turn is not None and line.upper() == dropped and resent < RESENDS:
                resent += 1
                self.resent += 1
                self._send(turn)
                continue
            x, comma, y = line.partition(",")
            if head == "ERROR" or not comma or not x.strip().isdecimal() or not y.strip().isdecimal():
                raise EngineError(f"{self.name} answered {line!r} where a move was due")
            return int(x), int(y)

    def _expect_ok(self, seconds: float) -> list[str]:
        """Wait for ``OK``; the lines (``MESSAGE``, ``DEBUG``) the engine wrote before it."""
        before: list[str] = []
        while True:
            line = self._read_line(seconds)
            if line.upper() == "OK":
                return before
            if not line.upper().startswith(("MESSAGE", "DEBUG")):
                raise EngineError(f"{self.name} answered {line!r} where OK was due")
            before.append(line)

    def _send(self, line: str) -> None:
        assert self._process is not None
        self._write(self._process, line)

    @staticmethod
    def _write(process: subprocess.Popen[bytes], line: str) -> None:
        assert process.stdin is not None
        process.stdin.write(line.encode() + b"\n")

    def _processor_time(self) -> float | None:
        """The processor seconds the engine's process has used so far (its threads' included), or None."""
        assert self._process is not None
        return process_seconds(self._process.pid)

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


def _added_stone(board: Configurations, known: tuple[Move, ...]) -> Move | None:
    """The one stone ``board`` holds beyond the moves of ``known`` (each where ``known`` put it), or None."""
    size = board.board_size
    squares = board.configuration()
    for ply, move in enumerate(known):
        if squares[move.row * size + move.col] != Side.to_move(ply):
            return None
    held = {move.row * size + move.col for move in known}
    added = [square for square, symbol in enumerate(squares) if symbol != " " and square not in held]
    if len(added) != 1 or squares[added[0]] != Side.to_move(len(known)):
        return None
    return Move(*divmod(added[0], size))


def process_seconds(pid: int) -> float | None:
    """The processor seconds (user and system, its threads' included) process ``pid`` has used, read from
    ``/proc``; None where it cannot be read (another system, or the process is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
    # utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
