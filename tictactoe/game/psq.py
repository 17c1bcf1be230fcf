"""Games as Piskvork and the Gomocup managers save them: PSQ, ``Piskvorky WxH``.

A PSQ file holds one game of five in a row::

    Piskvorky 20x20, 11:11, 0
    10,10,0
    11,11,1250
    10,11,984
    pbrain-embryo.exe
    pbrain-yixin.exe
    -1

The first line names the board (``W`` columns by ``H`` rows), the two
players' levels (0 for a person) and which of them moved first (0: the
first named, 1: the second).  A line a move follows: its column ``x`` and
row ``y``, counted from 1, and the milliseconds it took (which some files
leave out).  Then, in a tournament's files, the two players' programs, one
a line (``homo-1`` and ``homo-2`` for people), and last a number, the
manager's code for how the game ended.

:func:`parse_psq` reads such a file as a
:class:`~tictactoe.game.record.GameRecord`: the player who moved first is
``X`` (Black), five in a row wins, and a program is named by its file
(``pbrain-yixin.exe``) with the kind ``engine``; a person keeps the
default name of the side (``Black``, ``White``).  A text that is not a
game -- another header, a board that is not square or larger than 26, a
move off the board, on a taken square or after the end -- is one
:class:`PsqError` naming the line.

>>> [record] = parse_psq(b"Piskvorky 15x15, 0:0, 0\\n8,8,1500\\n9,9,2000\\n-1\\n")
>>> [str(timed.move) for timed in record.moves], record.moves[0].seconds, record.x.name, record.rules.k
(['h8', 'i9'], 1.5, 'Black', 5)

:func:`to_psq` writes a record back the same way, a person as Piskvork's
``homo-1`` or ``homo-2`` and a computer player by its name.  PSQ holds
neither a rule nor an opening rule, another length than five, nor stones
set up before the first move: a game that needs one of them is refused
with a :class:`PsqError` that says what the format cannot hold (SGF holds
them all).

>>> print(to_psq(record), end="")
Piskvorky 15x15, 0:0, 0
8,8,1500
9,9,2000
homo-1
homo-2
-1
"""

from __future__ import annotations

import re

from configurations.moves import MAX_BOARD_SIZE, Move
from configurations.rules import Opening, Variant
from tictactoe.game.record import Competitor, GameRecord, RecordError, TimedMove, lost_by_foul, square_rules
from tictactoe.players.registry import PlayerKind

__all__ = ["HEADER", "PsqError", "is_psq", "parse_psq", "read_psq", "to_psq"]

#: How a PSQ file starts.
HEADER = b"Piskvorky"
# The first line: the board, then (optional in a file of another manager) the levels and the first player.
_FIRST_LINE = re.compile(r"Piskvorky (\d+)x(\d+)(?:, *(\d+):(\d+), *(\d+))?\s*")
_MOVE = re.compile(r"\s*(-?\d+),\s*(-?\d+)(?:,\s*(-?\d+))?\s*")
_NUMBER = re.compile(r"\s*-?\d+\s*")
# Piskvork's name for a person at either side.
_PERSON = re.compile(r"homo-[12]")
# The game of Piskvork and of the Gomocup: five in a row.
_LENGTH = 5
_DEFAULT_NAMES = ("Black", "White")


class PsqError(ValueError):
    """A PSQ text that cannot be read as a game: the message says what is wrong and on which line."""


def is_psq(data: bytes) -> bool:
    """Whether ``data`` starts as a PSQ file does (a byte-order mark and white space before it allowed)."""
    return data.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(HEADER)


def parse_psq(data: bytes, *, rule: Variant = Variant.FREESTYLE) -> list[GameRecord]:
    """The game of the PSQ file ``data``, as a list of one record, played by ``rule`` (PSQ holds no rule);
    ``PsqError`` when it cannot be read.

    Runtime complexity: O(len(data) + board squares).
    """
    return read_psq(data, rule=rule)[0]


def read_psq(data: bytes, *, rule: Variant = Variant.FREESTYLE) -> tuple[list[GameRecord], tuple[str, ...]]:
    """:func:`parse_psq`'s game, and what the reader should be told of it, one line each (a game black lost by
    a forbidden move)."""
    lines = data.removeprefix(b"\xef\xbb\xbf").decode("latin-1").strip().splitlines()
    header = _FIRST_LINE.fullmatch(lines[0]) if lines else None
    if header is None:
        shown = lines[0][:40] if lines else ""
        raise PsqError(f"line 1: {shown!r} is not a PSQ header such as 'Piskvorky 20x20, 0:0, 0'")
    size = _size(int(header[1]), int(header[2]))
    first_named_moved_first = header[5] in (None, "0")
    moves: list[TimedMove] = []
    end = len(lines)  # the first line after the moves
    for number, line in enumerate(lines[1:], 2):
        move = _MOVE.fullmatch(line)
        if move is None:
            end = number - 1
            break
        col, row = int(move[1]) - 1, int(move[2]) - 1
        if not (0 <= row < size and 0 <= col < size):
            raise PsqError(f"line {number}: {line.strip()!r} is off the {size}x{size} board")
        try:
            moves.append(TimedMove(Move(row, col), None if move[3] is None else int(move[3]) / 1000))
        except RecordError as error:
            raise PsqError(f"line {number}: {error}") from None
    programs = _programs(lines[end:])
    first, second = programs if first_named_moved_first else programs[::-1]
    x, o = (
        Competitor(name) if program is None else Competitor(program, "engine")
        for name, program in zip(_DEFAULT_NAMES, (first, second), strict=True)
    )

    def make(played: tuple[TimedMove, ...], result: str | None) -> GameRecord:
        return GameRecord(x, o, square_rules(size, _LENGTH, rule), 0, None, None, None, played, declared_result=result)

    try:
        record, foul = lost_by_foul(make, tuple(moves))
        return [record], () if foul is None else (f"game 1: {foul}",)
    except RecordError as error:
        where = "" if error.move_number is None else f"line {error.move_number + 1}: "
        raise PsqError(f"{where}{error.problem}") from None


def _size(columns: int, rows: int) -> int:
    if columns != rows:
        raise PsqError(f"line 1: a board of {columns}x{rows}: only square boards can be read")
    if not 1 <= columns <= MAX_BOARD_SIZE:
        raise PsqError(f"line 1: a board of {columns}x{rows}: a board has 1 to {MAX_BOARD_SIZE} rows")
    return columns


def _programs(rest: list[str]) -> tuple[str | None, str | None]:
    """The programs of the two players named after the moves, by their files' names: None for a person, and
    for both when the file names none."""
    named = [line.strip() for line in rest if line.strip() and not _NUMBER.fullmatch(line)]
    if len(named) < 2:
        return None, None
    files = [re.split(r"[\\/]", name)[-1] for name in named[:2]]
    first, second = (None if _PERSON.fullmatch(name) or not name.isprintable() else name for name in files)
    return first, second


def to_psq(record: GameRecord) -> str:
    """``record`` as a PSQ file's text; :class:`PsqError` for a game the format cannot hold."""
    rules = record.rules
    if rules.variant is not Variant.FREESTYLE:
        raise PsqError(f"PSQ holds no rule, so it cannot hold a game of {rules.variant}: export it as SGF")
    if rules.opening is not Opening.FREE:
        raise PsqError(f"PSQ holds no opening rule, so it cannot hold a {rules.opening} opening: export it as SGF")
    if rules.k != _LENGTH:
        raise PsqError(f"PSQ holds five in a row only, not {rules.k}: export it as SGF")
    if not record.start.is_empty:
        raise PsqError("PSQ holds no stones set up before the first move: export it as SGF")
    lines = [f"Piskvorky {rules.cols}x{rules.rows}, 0:0, 0"]
    for timed in record.moves:
        milliseconds = 0 if timed.seconds is None else round(timed.seconds * 1000)
        lines.append(f"{timed.move.col + 1},{timed.move.row + 1},{milliseconds}")
    for number, competitor in enumerate((record.x, record.o), 1):
        lines.append(f"homo-{number}" if competitor.kind == PlayerKind.HUMAN else competitor.name)
    return "\n".join([*lines, "-1"]) + "\n"
