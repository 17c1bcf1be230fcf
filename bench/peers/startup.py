"""What a program of the Gomoku AI protocol says as it starts: who it is, what it loaded, and whether it may play.

An engine built elsewhere is only as good as the files it was given.
Rapfi reads a ``config.toml`` (from the folder it is started in, else its
own) and, through it, the model of its classical evaluation; it writes
``MESSAGE Load config from PATH`` when it does, refuses to start when the
config names a model it cannot open, and -- the trap -- starts without a
word on a small table built into it when it finds no config at all.  So
:func:`start_up` starts the engine once, asks ``ABOUT``, keeps every line
it wrote before its ``OK`` and, for the config it names, the model the
config loads and that file's SHA-256; and it refuses (:class:`EngineError`)
a Rapfi that did not say it loaded a config.

>>> print(StartUp("rapfi", 'name="Rapfi", version="0.43.02"', ("MESSAGE Load config from config.toml",),
...               "model220723.bin sha256 8348...").text())
rapfi: name="Rapfi", version="0.43.02"
  MESSAGE Load config from config.toml
  model: model220723.bin sha256 8348...
  threads: INFO thread_num 1
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench.peers.gomocup import EngineError, ProtocolEngine

__all__ = ["CONFIG_LINE", "StartUp", "model_of", "start_up"]

#: How Rapfi says which config it loaded.
CONFIG_LINE = "MESSAGE Load config from "


@dataclass(frozen=True)
class StartUp:
    """An engine's name in the rating, its answer to ``ABOUT``, the lines it wrote before ``OK``, and the model
    its config loaded (``None`` where it names none)."""

    name: str
    about: str
    lines: tuple[str, ...]
    model: str | None

    def text(self) -> str:
        """The start-up as the rating's results record it."""
        lines = [f"{self.name}: {self.about}", *(f"  {line}" for line in self.lines)]
        if self.model is not None:
            lines.append(f"  model: {self.model}")
        lines.append("  threads: INFO thread_num 1")
        return "\n".join(lines)


def start_up(name: str, command: Sequence[str | Path], *, cwd: Path | None = None, size: int = 15) -> StartUp:
    """Start the engine, hear what it says, and end it; :class:`EngineError` when it cannot start, or when it
    is Rapfi and did not load a config."""
    engine = ProtocolEngine(name, command, size=size, length=5, turn_ms=1000, cwd=cwd)
    try:
        about = engine.about()
    finally:
        engine.close()
    lines = tuple(engine.startup)
    config = next((line.removeprefix(CONFIG_LINE) for line in lines if line.startswith(CONFIG_LINE)), None)
    if "rapfi" in about.lower() and config is None:
        raise EngineError(
            f"{name} is Rapfi started without a config (it wrote no {CONFIG_LINE.strip()!r} line): it would play "
            "its small built-in table; put config.toml and the model beside it (docs/rating.md, Building Rapfi)"
        )
    model = None if config is None else model_of(Path(config.strip('"')), cwd or Path.cwd())
    return StartUp(name, about, lines, model)


def model_of(config: Path, cwd: Path) -> str | None:
    """The model file the config at ``config`` (relative to ``cwd``) loads, and its SHA-256; None when the
    config names no model file."""
    path = config if config.is_absolute() else cwd / config
    settings = tomllib.loads(path.read_text(encoding="utf-8"))
    binary = settings.get("model", {}).get("binary_file")
    if not isinstance(binary, str):
        return None
    # Rapfi looks for the model as given, then beside the config.
    found = Path(binary) if Path(binary).is_absolute() else cwd / binary
    if not found.is_file():
        found = path.parent / binary
    digest = hashlib.sha256(found.read_bytes()).hexdigest()
    return f"{binary} sha256 {digest}"
