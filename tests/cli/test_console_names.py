"""The installed console commands name themselves in what they print, and the module forms keep their names."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.paths import ROOT
from tictactoe import __version__

# Each installed command, and the module whose console_main it runs (pyproject.toml's [project.scripts]).
COMMANDS = {
    "tictactoe-solver": "tictactoe.cli.solver",
    "tictactoe-proofcheck": "tictactoe.cli.proofcheck",
    "tictactoe-gamegraph": "tictactoe.cli.gamegraph",
    "tictactoe-testdict": "tictactoe.cli.testdict",
    "tictactoe-testplay": "tictactoe.cli.testplay",
}


def as_installed(command: str, module: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``command ARGUMENTS`` as the installed script runs it: ``argv[0]`` the command, then its console_main."""
    code = (
        f"import sys; sys.argv = [{f'/venv/bin/{command}'!r}, *{list(arguments)!r}]; "
        f"from {module} import console_main; console_main()"
    )
    return subprocess.run(
        [sys.executable, "-c", code], check=False, capture_output=True, text=True, cwd=ROOT, timeout=60
    )


@pytest.mark.slow
@pytest.mark.parametrize(("command", "module"), COMMANDS.items())
def test_a_console_command_names_itself(command: str, module: str) -> None:
    shown = as_installed(command, module, "--version")
    assert (shown.returncode, shown.stdout, shown.stderr) == (0, f"{command} {__version__}\n", "")
    usage = as_installed(command, module, "--no-such-option")
    assert usage.returncode == 2
    assert usage.stderr.splitlines()[0].startswith(f"usage: {command} ")


@pytest.mark.slow
def test_the_module_form_keeps_its_name() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "tictactoe.solver", "--version"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert shown.stdout == f"python -m tictactoe.solver {__version__}\n"
