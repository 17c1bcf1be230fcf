"""Where the tests find the checkout and the data they carry."""

from pathlib import Path

#: The checkout's top folder: pyproject.toml, play.py, the packages.
ROOT = Path(__file__).resolve().parents[1]
#: The sample case file of the game-logic harness (JSON Lines, one case a line), kept with the tests.
SAMPLE_CASES = ROOT / "tests" / "data" / "sample.jsonl"
