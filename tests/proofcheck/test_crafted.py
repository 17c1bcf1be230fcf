"""Tests of the checker against files crafted to exhaust it: one endless line, one record repeated, and records
chosen to land in one bucket of the public polynomial hash -- each refused within 2 processor seconds and 200 MB,
the checker run in a process of its own so that its whole peak of memory is measured."""

from __future__ import annotations

import gzip
import json
import random
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from hashdict.hashing import scheme_for, table_size_for
from tests.paths import ROOT

if TYPE_CHECKING:
    from pathlib import Path

# Runs the checker on argv[1]; prints its verdict, its processor seconds and its own peak resident memory in KiB
# (not ru_maxrss, which on Linux keeps the peak of the process it was started from: a large test worker's).
DRIVER = """
import sys, time
from pathlib import Path
from bench.workloads import peak_memory_kib
from tictactoe.proofcheck import CertificateError, check_file
started = time.process_time()
try:
    print("valid", check_file(Path(sys.argv[1])).value)
except CertificateError as refusal:
    print("invalid:", refusal)
print(time.process_time() - started)
print(peak_memory_kib())
"""
MOST_SECONDS = 2.0
MOST_KIB = 200 * 1024


def checked_within_limits(path: Path) -> str:
    """The checker's verdict on ``path``, asserting it took at most 2 processor seconds and 200 MB."""
    result = subprocess.run(
        [sys.executable, "-c", DRIVER, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True
    )
    verdict, seconds, peak = result.stdout.splitlines()
    assert float(seconds) <= MOST_SECONDS, verdict
    assert int(peak) <= MOST_KIB, verdict
    return verdict


def header(records: int, rows: int = 7, cols: int = 7) -> bytes:
    fields = {"format": "k-in-a-row proof", "version": 1, "rows": rows, "cols": cols, "length": 5}
    fields |= {"board": ["." * cols] * rows, "value": "draw", "records": records}
    return (json.dumps(fields) + "\n").encode("ascii")


@pytest.mark.slow
def test_one_line_of_400_mb_is_refused_without_being_held(tmp_path: Path) -> None:
    path = tmp_path / "long.gz"
    with gzip.open(path, "wb", compresslevel=9) as packed:
        packed.write(header(1) + b"X ")
        chunk = b"." * 2**20
        for _ in range(400):
            packed.write(chunk)
        packed.write(b" weight\n")
    assert path.stat().st_size < 1_000_000
    assert checked_within_limits(path) == "invalid: line 2 is longer than any record"


@pytest.mark.slow
def test_a_record_repeated_600_000_times_is_refused_at_its_first_repeat(tmp_path: Path) -> None:
    path = tmp_path / "repeated.gz"
    with gzip.open(path, "wb") as packed:
        packed.write(header(600_000) + (b"X " + b"." * 49 + b" move d4\n") * 600_000)
    assert checked_within_limits(path) == "invalid: record 2 repeats record 1"


def colliding_boards(count: int, table_size: int, seed: int = 7) -> list[str]:
    """``count`` different 7x7 boards whose records' keys for X (``X`` and the board's key in bytes, as the
    checker once indexed them) all land in one bucket of the public hash of a table of ``table_size`` buckets.

    A key is the board read as a number in base 4 (``.`` 0, ``O`` 1, ``X`` 2), in 13 bytes; the hash is linear in
    the bytes, so the last 10 squares (the last 20 bits) are chosen to bring each random start of a board to the
    one bucket.
    """
    hash_of = scheme_for(table_size).hash

    def bucket(number: int) -> int:
        return hash_of("X" + number.to_bytes(13, "big").decode("latin-1"))

    def digits(number: int, squares: int) -> str:
        return "".join(".OX"[number // 3**place % 3] for place in reversed(range(squares)))

    def value(text: str) -> int:
        return int(text.translate(str.maketrans(".OX", "012")), 4)

    endings: dict[int, str] = {}
    for number in range(3**10):
        ending = digits(number, 10)
        endings.setdefault((bucket(value(ending)) - bucket(0)) % table_size, ending)
    chance = random.Random(seed)
    target = 0
    boards: list[str] = []
    seen: set[str] = set()
    while len(boards) < count:
        start = digits(chance.randrange(3**39), 39)
        found = endings.get((target - bucket(value(start) << 20)) % table_size)
        if found is not None and start not in seen:
            seen.add(start)
            boards.append(start + found)
    assert {bucket(value(board)) for board in boards[:100]} == {target}
    return boards


@pytest.mark.slow
def test_50_000_records_crafted_into_one_bucket_are_read_in_linear_time(tmp_path: Path) -> None:
    count = 50_000
    boards = colliding_boards(count, table_size_for(count))
    path = tmp_path / "flood.gz"
    with gzip.open(path, "wb") as packed:
        packed.write(header(count) + b"".join(f"X {board} weight\n".encode("ascii") for board in boards))
    assert checked_within_limits(path) == "invalid: no record of X's move in " + "/".join(["......."] * 7)
