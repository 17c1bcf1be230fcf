"""Files of games from other programs, whatever their format: SGF (:mod:`~tictactoe.game.sgf`) or PSQ
(:mod:`~tictactoe.game.psq`, Piskvork's and the Gomocup's), told apart by how they start.

:func:`read_game_file` is what ``--import`` and the window's Import… read:
every game of the file, or one :class:`GameFileError` saying why none.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     path = Path(folder) / "game.psq"
...     _ = path.write_bytes(b"Piskvorky 15x15, 0:0, 0\\n8,8,0\\n-1\\n")
...     read_game_file(path).records[0].rules.size
15
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from configurations.rules import Variant
from tictactoe.game.psq import PsqError, is_psq, read_psq
from tictactoe.game.sgf import MAX_SGF_BYTES, SgfError, read_file_bytes, read_sgf

if TYPE_CHECKING:
    from pathlib import Path

    from tictactoe.game.record import GameRecord

__all__ = ["GameFile", "GameFileError", "read_game_file"]


class GameFileError(ValueError):
    """A file of games that cannot be read: the message says which, what is wrong and where, on one line."""


@dataclass(frozen=True, slots=True)
class GameFile:
    """The games of a file, in its order, and how many variations were left out of them (SGF's; PSQ has none)."""

    records: list[GameRecord]
    variations_left_out: int = 0
    #: What the reader should be told of the games, one line each (SGF's notes; PSQ's).
    notes: tuple[str, ...] = ()


def read_game_file(path: Path, *, rule: Variant = Variant.FREESTYLE) -> GameFile:
    """Every game of the file ``path``: PSQ when it starts with ``Piskvorky``, else SGF; a game whose file names no
    rule (a PSQ file, an SGF game without ``RU``) is played by ``rule``.

    Only a regular file of at most :data:`~tictactoe.game.sgf.MAX_SGF_BYTES` is read.
    """
    try:
        data = read_file_bytes(path, MAX_SGF_BYTES, GameFileError)
        if is_psq(data):
            records, notes = read_psq(data, rule=rule)
            return GameFile(records, notes=notes)
        games = read_sgf(data, rule=rule)
    except (SgfError, PsqError) as error:
        raise GameFileError(f"{path}: {error}") from None
    return GameFile(games.records, games.variations_left_out, games.notes)
