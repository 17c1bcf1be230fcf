"""Tests of bench.instructions: whole processes counted in instructions by callgrind."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from bench.instructions import count_instructions

needs_valgrind = pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")


@pytest.mark.slow
@needs_valgrind
def test_a_count_is_the_same_every_time_and_grows_with_the_work() -> None:
    bare = count_instructions(["-c", "pass"], "")
    assert 5e6 < bare < 200e6  # an interpreter that starts and stops: millions, not thousands or billions
    assert count_instructions(["-c", "pass"], "") == pytest.approx(bare, rel=0.01)  # no load moves it
    busier = count_instructions(["-c", "sum(range(10**6))"], "")
    assert busier > bare + 10e6  # a million additions take more than ten instructions each


@pytest.mark.slow
@needs_valgrind
def test_a_program_that_fails_is_an_error_not_a_count() -> None:
    with pytest.raises(subprocess.CalledProcessError):
        count_instructions(["-c", "raise SystemExit(1)"], "")
