"""The answers of a solve's jobs kept in an SQLite file (``--resume DB``), so that a stopped solve loses none.

Each answer is written and committed the moment it arrives, under its
job's key (:attr:`~tictactoe.solver.job.Job.key`, which names the board,
the window and whether a proof was asked), so that ``kill -9``, a lost
worker or Ctrl-C costs only the jobs still running.  A proof is kept as
zlib-compressed text: a line of each player's root places, then a line a
record, its key, text and edges apart by tabs.

>>> store = AnswerStore(":memory:")
>>> store.get("3x3 3 ......... -1 1 value") is None, len(store)
(True, 0)
"""

from __future__ import annotations

import sqlite3
import zlib
from typing import TYPE_CHECKING

from tictactoe.solver.certificate import ProofRecords, Record
from tictactoe.solver.job import JobAnswer

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["AnswerStore", "StoreError"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    job TEXT PRIMARY KEY,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    proof BLOB
)
"""


class StoreError(OSError):
    """The file cannot serve as a store of answers (not SQLite, not writable, another table of that name)."""


class AnswerStore:
    """The answers kept in the SQLite file at ``path`` (made if missing)."""

    def __init__(self, path: Path | str) -> None:
        try:
            self._connection = sqlite3.connect(path, isolation_level=None)
            self._connection.execute(_SCHEMA)
            self._connection.execute("SELECT job, low, high, nodes, seconds, proof FROM answers LIMIT 1").fetchall()
        except sqlite3.Error as error:
            raise StoreError(f"{path}: {error}") from None

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def get(self, job: str) -> JobAnswer | None:
        """The answer kept for the job with key ``job``, or None."""
        row = self._connection.execute(
            "SELECT low, high, nodes, seconds, proof FROM answers WHERE job = ?", (job,)
        ).fetchone()
        if row is None:
            return None
        low, high, nodes, seconds, packed = row
        return JobAnswer(low, high, nodes, seconds, None if packed is None else _unpack(packed))

    def put(self, job: str, answer: JobAnswer) -> None:
        """Keep ``answer`` for the job with key ``job``, committed at once."""
        packed = None if answer.proof is None else _pack(answer.proof)
        self._connection.execute(
            "INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?, ?, ?)",
            (job, answer.low, answer.high, answer.nodes, answer.seconds, packed),
        )

    def close(self) -> None:
        self._connection.close()


def _pack(proof: ProofRecords) -> bytes:
    lines = [";".join(",".join(map(str, places)) for places in proof.roots)]
    lines += [f"{record.key}\t{record.text}\t{','.join(map(str, record.edges))}" for record in proof.records]
    return zlib.compress("\n".join(lines).encode("ascii"))


def _unpack(packed: bytes) -> ProofRecords:
    first, *lines = zlib.decompress(packed).decode("ascii").split("\n")
    x_roots, o_roots = (tuple(int(place) for place in part.split(",") if place) for part in first.split(";"))
    records = []
    for line in lines:
        key, text, edges = line.split("\t")
        records.append(Record(key, text, tuple(int(edge) for edge in edges.split(",") if edge)))
    return ProofRecords(tuple(records), (x_roots, o_roots))
