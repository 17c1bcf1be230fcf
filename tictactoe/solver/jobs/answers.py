"""The answers of a solve's jobs kept in an SQLite file (``--resume DB``), so that a stopped solve loses none, and
read back only once they are checked.

Each answer is written and committed the moment it arrives, under its
job's key (:attr:`~tictactoe.solver.jobs.job.Job.key`, which names the board,
the window and whether a proof was asked), so that ``kill -9``, a lost
worker or Ctrl-C costs only the jobs still running.  A proof is kept as
zlib-compressed text: a line of each player's root places, then a line a
record, its key, text and edges apart by tabs.

A file can be edited, and a digest beside each row can be computed again
by whoever edits it, so a row is trusted for what it proves, not for what
it says: an answer is read back only with its proof, and only after the
``check`` the store was given (the checker's rules, :mod:`tictactoe.proofcheck`,
which the program hands in: this package does not know the checker) has
followed that proof from the job's position.  A row whose digest does not
match (damaged), that has no proof, whose proof would inflate past a bound
(a compression bomb: it is not inflated further) or does not prove what the
row says, is refused -- ``warn`` is told why, in one line -- and dropped,
and its job is solved again.  A row saying that a job ran past its budget
is read back as it is: it claims no value, and a job split into its
children is answered by them; its proof column keeps, as plain text, the
line of moves below it to split at once (harmless whatever it says: a
position split is searched through its children, all of them).

>>> store = AnswerStore(":memory:")
>>> store.get("3x3 3 ......... -1 1 value") is None, len(store)
(True, 0)
"""

from __future__ import annotations

import hashlib
import sqlite3
import zlib
from typing import TYPE_CHECKING

from tictactoe.solver.certificate import ProofRecords, Record
from tictactoe.solver.jobs.job import Job, JobAnswer

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

__all__ = ["AnswerStore", "StoreError"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    job TEXT PRIMARY KEY,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    split INTEGER NOT NULL,
    proof BLOB,
    digest TEXT NOT NULL
)
"""
_COLUMNS = "job, low, high, nodes, seconds, split, proof, digest"
# The most bytes a kept proof may inflate to.  A job of the default budget (50,000 positions) writes a few MB of
# proof on 7x8; zlib inflates up to a thousand times, so a row of a few MB could otherwise ask for gigabytes, and
# end every resume of the file that keeps it.
_MOST_INFLATED = 64 << 20
_INFLATED_PIECE = 1 << 20


class StoreError(OSError):
    """The file cannot serve as a store of answers (not SQLite, not writable, another table of that name)."""


class AnswerStore:
    """The answers kept in the SQLite file at ``path`` (made if missing).

    ``check(job, answer)`` says what is wrong with a stored answer to
    ``job`` (None: nothing); without it, no answer with a value is read
    back.  ``warn`` is told, in one line, of each row refused.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        check: Callable[[Job, JobAnswer], str | None] | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self._check = check
        self._warn = warn
        try:
            self._connection = sqlite3.connect(path, isolation_level=None)
            self._connection.execute(_SCHEMA)
            self._connection.execute(f"SELECT {_COLUMNS} FROM answers LIMIT 1").fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{path}: {error}") from None

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def get(self, key: str, job: Job | None = None) -> JobAnswer | None:
        """The answer kept for the job with key ``key`` (``job`` itself, to check it against), or None: none
        kept, or one refused (then dropped)."""
        row = self._connection.execute(
            "SELECT low, high, nodes, seconds, split, proof, digest FROM answers WHERE job = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        low, high, nodes, seconds, split, packed, digest = row
        problem = None
        answer = None
        if digest != _digest((key, low, high, nodes, seconds, split, packed)):
            problem = "the row is damaged (its digest does not match)"
        elif split:
            return JobAnswer(low, high, nodes, seconds, None, known=False, split=True, hot=_hot(packed))
        elif packed is None:
            problem = "it has no proof to check"
        else:
            try:
                answer = JobAnswer(low, high, nodes, seconds, _unpack(packed))
            except (zlib.error, UnicodeDecodeError, ValueError) as error:
                problem = f"its proof cannot be read ({error})"
        if answer is not None:
            problem = "nothing checks it" if self._check is None or job is None else self._check(job, answer)
        if problem is None:
            return answer
        if self._warn is not None:
            self._warn(f"the answer kept for {key} is refused: {problem}; it is solved again")
        self._connection.execute("DELETE FROM answers WHERE job = ?", (key,))
        return None

    def put(self, key: str, answer: JobAnswer) -> None:
        """Keep ``answer`` for the job with key ``key``, committed at once."""
        packed = None if answer.proof is None else _pack(answer.proof)
        if answer.split and answer.hot:  # a split answer has no proof: its column keeps the line to split at once
            packed = ",".join(map(str, answer.hot)).encode("ascii")
        fields = (key, answer.low, answer.high, answer.nodes, answer.seconds, int(answer.split), packed)
        self._connection.execute(
            f"INSERT OR REPLACE INTO answers ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (*fields, _digest(fields)),
        )

    def close(self) -> None:
        self._connection.close()


def _digest(fields: tuple[str, int, int, int, float, int, bytes | None]) -> str:
    """A digest of a row's fields (all but the digest, in the table's order), which a row damaged on disk does not
    match."""
    *numbers, packed = fields
    text = "\t".join(repr(field) for field in numbers).encode()
    return hashlib.sha256(text + b"\t" + (packed or b"")).hexdigest()


def _hot(packed: bytes | None) -> tuple[int, ...]:
    """The line of moves to split at once that a split answer's row keeps; none where it keeps none, or none that
    can be read (a line only says where splitting saves work: any line, or none, gives the same value)."""
    try:
        return tuple(int(move) for move in (packed or b"").decode("ascii").split(",") if move)
    except (UnicodeDecodeError, ValueError):
        return ()


def _pack(proof: ProofRecords) -> bytes:
    lines = [";".join(",".join(map(str, places)) for places in proof.roots)]
    lines += [f"{record.key}\t{record.text}\t{','.join(map(str, record.edges))}" for record in proof.records]
    return zlib.compress("\n".join(lines).encode("ascii"))


def _inflated(packed: bytes) -> bytes:
    """The text ``packed`` holds, zlib-compressed: ValueError where it would inflate past :data:`_MOST_INFLATED`
    bytes (nothing more is inflated) or is cut short; ``zlib.error`` where it is no zlib stream."""
    inflater = zlib.decompressobj()
    parts, size, rest = [], 0, packed
    while rest and not inflater.eof:
        # A piece at a time: zlib's own buffer for a larger one would take twice the piece while it is made.
        part = inflater.decompress(rest, _INFLATED_PIECE)
        rest = inflater.unconsumed_tail
        parts.append(part)
        size += len(part)
        if size > _MOST_INFLATED:
            raise ValueError(f"it inflates past {_MOST_INFLATED >> 20} MiB")
    parts.append(inflater.flush())
    if not inflater.eof:
        raise ValueError("it is cut short")
    return b"".join(parts)


def _unpack(packed: bytes) -> ProofRecords:
    first, *lines = _inflated(packed).decode("ascii").split("\n")
    x_roots, o_roots = (tuple(int(place) for place in part.split(",") if place) for part in first.split(";"))
    records = []
    for line in lines:
        key, text, edges = line.split("\t")
        records.append(Record(key, text, tuple(int(edge) for edge in edges.split(",") if edge)))
    count = len(records)
    if any(not 0 <= place < count for record in records for place in record.edges) or any(
        not 0 <= place < count for place in (*x_roots, *o_roots)
    ):
        raise ValueError("a record's place is outside the proof")
    return ProofRecords(tuple(records), (x_roots, o_roots))
