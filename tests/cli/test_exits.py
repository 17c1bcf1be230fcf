"""Tests of tictactoe.cli.exits: how every command-line program ends when its reader or its person goes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT
from tictactoe.cli.exits import EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED, EXIT_OUTPUT_FAILED, run

TIMEOUT = 60  # seconds; generous, a hung program fails instead of blocking the run

# Each program with arguments and input that make it print far more than a
# pipe's first read: the reader closes before the program is done.
PROGRAMS = [
    pytest.param(["play.py", "3", "3", "9"], b"a1\nb1\na3\nc2\nc3\n", id="play"),
    pytest.param(["testdict.py"], b"", id="testdict"),
    pytest.param(["testplay.py"], b"", id="testplay"),
    pytest.param(["-m", "tictactoe.cli.report", "testdict"], b"", id="report"),
    pytest.param(["-m", "tictactoe.solver", "3", "3"], b"", id="solver"),
    pytest.param(["-m", "tictactoe.gamegraph", "stats"], b"", id="gamegraph"),
]


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs POSIX pipes and SIGPIPE's exit status")
@pytest.mark.parametrize(("arguments", "given"), PROGRAMS)
def test_a_reader_that_has_gone_ends_the_program_quietly(arguments: list[str], given: bytes) -> None:
    with subprocess.Popen(
        [sys.executable, *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    ) as program:
        assert program.stdout is not None
        program.stdout.close()
        _, err = program.communicate(given, timeout=TIMEOUT)
    assert program.returncode == EXIT_OUTPUT_CLOSED
    assert err == b""


def test_run_exits_with_the_status_main_returns(capsys: pytest.CaptureFixture[str]) -> None:
    def main() -> int:
        print("done")
        return 3

    with pytest.raises(SystemExit) as exited:
        run(main, "program")
    assert exited.value.code == 3
    assert capsys.readouterr() == ("done\n", "")


def test_run_reports_an_interruption_main_lets_through(capsys: pytest.CaptureFixture[str]) -> None:
    def main() -> int:
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as exited:
        run(main, "program")
    assert exited.value.code == EXIT_INTERRUPTED
    assert capsys.readouterr() == ("", "program: interrupted\n")


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("arguments", "program"),
    [
        pytest.param(["play.py", "3", "3", "9"], "play.py", id="play"),
        pytest.param(["testdict.py"], "testdict.py", id="testdict"),
        pytest.param(["testplay.py"], "testplay.py", id="testplay"),
        pytest.param(["-m", "tictactoe.cli.report", "testdict"], "python -m tictactoe.cli.report", id="report"),
        pytest.param(["-m", "tictactoe.solver", "3", "3"], "python -m tictactoe.solver", id="solver"),
        pytest.param(["-m", "tictactoe.gamegraph", "stats"], "python -m tictactoe.gamegraph", id="gamegraph"),
    ],
)
def test_output_that_cannot_be_written_is_one_line_and_status_1(arguments: list[str], program: str) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, *arguments],
            input="a1\nb1\na3\nc2\nc3\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=TIMEOUT,
            check=False,
        )
    assert result.returncode == EXIT_OUTPUT_FAILED
    assert result.stderr == f"{program}: cannot write the output: No space left on device\n"


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="needs a POSIX shell to close a descriptor")
@pytest.mark.parametrize(
    ("arguments", "program"),
    [
        pytest.param("play.py 3 3 9", "play.py", id="play"),
        pytest.param("testdict.py", "testdict.py", id="testdict"),
        pytest.param("testplay.py", "testplay.py", id="testplay"),
        pytest.param("-m tictactoe.cli.report testdict", "python -m tictactoe.cli.report", id="report"),
        pytest.param("-m tictactoe.solver 3 3", "python -m tictactoe.solver", id="solver"),
        pytest.param("-m tictactoe.gamegraph stats", "python -m tictactoe.gamegraph", id="gamegraph"),
    ],
)
def test_a_closed_standard_output_is_one_line_and_status_1(arguments: str, program: str) -> None:
    result = subprocess.run(
        ["sh", "-c", f'"$0" {arguments} >&-', sys.executable],
        input="a1\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == EXIT_OUTPUT_FAILED
    assert result.stderr == f"{program}: standard output is closed, so there is nowhere to write\n"
