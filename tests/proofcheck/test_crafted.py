"""Tests of the checker against files crafted to exhaust it: one endless line, one record repeated, records chosen
to land in one bucket of the public polynomial hash, long entries repeated, and a line of moves on the largest board
-- each refused within a few processor seconds and 200 MB or less, the checker run in a process of its own so that
its whole peak of memory is measured."""

from __future__ import annotations

import gzip
import itertools
import json
import random
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from hashdict.hashing import scheme_for, table_size_for
from tests.paths import ROOT
from tictactoe.proofcheck import CertificateError
from tictactoe.proofcheck.entries import EntryReader
from tictactoe.proofcheck.rules import Shape

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


def checked_within_limits(path: Path, *, most_seconds: float = MOST_SECONDS, most_kib: int = MOST_KIB) -> str:
    """The checker's verdict on ``path``, asserting it took at most 2 processor seconds and 200 MB (or as told)."""
    result = subprocess.run(
        [sys.executable, "-c", DRIVER, str(path)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True
    )
    verdict, seconds, peak = result.stdout.splitlines()
    assert float(seconds) <= most_seconds, verdict
    assert int(peak) <= most_kib, (verdict, int(peak) // 1024)
    return verdict


def header(records: int, rows: int = 7, cols: int = 7, *, length: int = 5) -> bytes:
    fields = {"format": "k-in-a-row proof", "version": 1, "rows": rows, "cols": cols, "length": length}
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
    checker once indexed them) all land in one bucket of the public hash of a table of ``table_size`` buckets,
    each a board where X's weight leaf holds (so that the checker, which checks a leaf as it reads it, reads them
    all).

    A key is the board read as a number in base 4 (``.`` 0, ``O`` 1, ``X`` 2), in 13 bytes; the hash is linear in
    the bytes, so the last 10 squares (the last 20 bits) are chosen to bring each random start of a board to the
    one bucket.  The starts are mostly X's, whose tiles leave O few windows.
    """
    entries = EntryReader(Shape(7, 7, 5))

    def weight_holds(board: str) -> bool:
        try:
            entries.code(1, "X", board, "weight")
        except CertificateError:
            return False
        return True

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
        start = "".join(chance.choices(".OXXXX", k=39))
        found = endings.get((target - bucket(value(start) << 20)) % table_size)
        if found is not None and start not in seen and weight_holds(start + found):
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


def long_pairing(shape: Shape, tiles: list[int]) -> str:
    """A pairing of every square of ``shape`` but ``tiles``, two by two, that holds a pair in every window: the
    longest entry a record can have, valid beside any position whose tiles lie on ``tiles``."""
    used = set(tiles)
    pairs = []
    for window in shape.windows:
        free = [square for square in range(shape.squares) if window >> square & 1 and square not in used]
        pair = (free[len(free) // 3], free[2 * len(free) // 3])
        used.update(pair)
        pairs.append(pair)
    rest = [square for square in range(shape.squares) if square not in used]
    pairs += zip(rest[0::2], rest[1::2], strict=False)
    return "pairs " + " ".join(f"{shape.name(first)}-{shape.name(second)}" for first, second in pairs)


@pytest.mark.slow
def test_100_000_records_of_one_long_entry_cost_their_keys_not_their_entries(tmp_path: Path) -> None:
    # 26x26, a line of 26 to win: 100,000 positions of two tiles each on 52 squares set apart, each with the same
    # pairing of the 624 others, 3 KB a record and 1 to 2 MB compressed.  Kept as text, the entries took 312 MB.
    count, side = 100_000, 26
    shape = Shape(side, side, side)
    tiles = sorted({row * side + (3 * row + step) % side for row in range(side) for step in (0, 1)})
    entry = long_pairing(shape, tiles)
    positions = itertools.islice(
        ((xs, os) for xs in itertools.combinations(tiles, 2) for os in itertools.combinations(tiles, 2)),
        count * 2,
    )
    path = tmp_path / "long-entries.gz"
    with gzip.open(path, "wb", compresslevel=1) as packed:
        packed.write(header(count, side, side, length=side))
        written = 0
        for xs, os in positions:
            if written == count or set(xs) & set(os):
                continue
            marks = ["."] * shape.squares
            for square in xs:
                marks[square] = "X"
            for square in os:
                marks[square] = "O"
            packed.write(f"X {''.join(marks)} {entry}\n".encode("ascii"))
            written += 1
    verdict = checked_within_limits(path, most_seconds=30, most_kib=100 * 1024)
    assert verdict == "invalid: no record of X's move in " + "/".join(["." * side] * side)


def line_of_moves(side: int, moves: int) -> list[str]:
    """The records of X's moves on one line of a ``side`` x ``side`` board, a line of ``side`` to win: X plays the
    last empty square that makes it no threat, O answers on the last empty square, the reply a walk follows first;
    every other reply of O's is left without a record."""
    shape = Shape(side, side, side)
    x_tiles = o_tiles = 0
    records = []
    for _ in range(moves):
        keys = shape.keys(x_tiles, o_tiles)
        image = shape.images[keys.index(min(keys))]
        empty = [square for square in range(shape.squares) if not (x_tiles | o_tiles) >> square & 1]
        move = next(square for square in reversed(empty) if not shape.threats(x_tiles | 1 << square, o_tiles))
        marks = ["."] * shape.squares
        for square in range(shape.squares):
            marks[image[square]] = "X" if x_tiles >> square & 1 else "O" if o_tiles >> square & 1 else "."
        records.append(f"X {''.join(marks)} move {shape.name(image[move])}")
        x_tiles |= 1 << move
        o_tiles |= 1 << max(square for square in empty if square != move)
    return records


@pytest.mark.slow
def test_a_line_of_300_moves_on_26x26_costs_what_its_records_do(tmp_path: Path) -> None:
    # A file of 2 KB: the walk once held every reply of O's along the line, 600 positions a move and 238 MB.
    records = line_of_moves(26, 300)
    path = tmp_path / "line.gz"
    with gzip.open(path, "wb") as packed:
        packed.write(header(len(records), 26, 26, length=26) + "\n".join(records).encode("ascii") + b"\n")
    assert path.stat().st_size < 4000
    verdict = checked_within_limits(path, most_kib=100 * 1024)
    assert verdict.startswith("invalid: no record of X's move in ")
