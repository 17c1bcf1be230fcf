"""Where the tests find the checkout and what lies beside it."""

from pathlib import Path

#: The checkout's top folder: pyproject.toml, play.py, the packages.
ROOT = Path(__file__).resolve().parents[1]
#: The shared contract's folder beside the checkout, with its sample case file.
SAMPLE_CASES = ROOT.parent / "shared" / "cases" / "sample.jsonl"
