"""Tests of tictactoe.harness.play_cases's reader, fuzzed: any bytes in a case file give cases or errors, bounded."""

from __future__ import annotations

import json
import tempfile
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe.harness.play_cases import MAX_LINE_BYTES, Case, CaseFileError, read_case_file

FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None)
CASE = json.dumps(
    {"id": "p", "check": "play", "size": 3, "length": 3, "max_levels": 2, "board": ["XX ", "O  ", "   "],
     "expect": {"row": 0, "col": 2}}
).encode("utf-8")  # fmt: skip
# Bytes case files are made of, so that random text reaches into a case more often than noise does.
JSON_ALPHABET = b'{}[]:,"\\ \n\r0123456789.-+eEtrufalsnidchkpyzbgvxXO'


def read_within_limits(data: bytes) -> list[Case | CaseFileError]:
    """Every item of a case file holding ``data``, read in at most a second and bounded memory."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cases.jsonl"
        path.write_bytes(data)
        tracemalloc.start()
        started = time.process_time()
        try:
            items = list(read_case_file(path))
        finally:
            seconds = time.process_time() - started
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
    assert seconds < 1.0
    assert peak <= 200_000 + 60 * len(data)
    assert items, "a file yields at least one case or error"
    for item in items:
        assert isinstance(item, Case | CaseFileError)
        if isinstance(item, CaseFileError):
            assert "\n" not in str(item)
    return items


@pytest.mark.slow
@FUZZ
@given(st.binary(max_size=3000))
def test_any_bytes_give_cases_or_errors(data: bytes) -> None:
    read_within_limits(data)


@pytest.mark.slow
@FUZZ
@given(st.lists(st.sampled_from(list(JSON_ALPHABET)), max_size=500).map(bytes))
def test_any_text_of_json_s_own_characters_gives_cases_or_errors(data: bytes) -> None:
    read_within_limits(data)


@pytest.mark.slow
@FUZZ
@given(st.integers(0, len(CASE)), st.integers(0, 20), st.binary(max_size=20))
def test_a_real_case_cut_or_spliced_anywhere_gives_a_case_or_an_error(start: int, cut: int, inserted: bytes) -> None:
    items = read_within_limits(CASE[:start] + inserted + CASE[start + cut :] + b"\n")
    if not inserted and not cut:
        assert [type(item) for item in items] == [Case]


def test_a_line_past_the_limit_ends_the_file_there(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(CASE + b"\n" + b" " * (MAX_LINE_BYTES + 1) + b"\n" + CASE + b"\n")
    items = list(read_case_file(path))
    assert isinstance(items[0], Case)
    assert [str(item) for item in items[1:]] == [f"{path}:2: longer than {MAX_LINE_BYTES} bytes: the rest is not read"]


def test_a_line_at_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "wide.jsonl"
    path.write_bytes(CASE[:-1] + b" " * (MAX_LINE_BYTES - len(CASE)) + b"}\n")
    assert [type(item) for item in read_case_file(path)] == [Case]
