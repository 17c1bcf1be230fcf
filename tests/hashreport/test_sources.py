"""Tests of :mod:`tictactoe.hashreport.sources`: the key sources, their registry and key files."""

from __future__ import annotations

from pathlib import Path

import pytest

from tictactoe.harness.dict_tests import bulk_keys
from tictactoe.hashreport import samples
from tictactoe.hashreport.registry import KeySource, SourceError, SourceFamily, SourceRegistry
from tictactoe.hashreport.sources import SOURCES, keys_from_file


def write_keys(directory: Path, text: str) -> Path:
    path = directory / "keys.txt"
    path.write_bytes(text.encode("utf-8"))
    return path


def test_keys_from_file_remove_only_the_newline(tmp_path: Path) -> None:
    path = write_keys(tmp_path, "a\n b \nX O \n\nlast")
    assert keys_from_file(path) == ["a", " b ", "X O ", "", "last"]
    assert keys_from_file(write_keys(tmp_path, "a\r\nb\r\n")) == ["a", "b"]


def test_registry_finds_registered_sources_and_refuses_a_taken_name() -> None:
    registry = SourceRegistry()
    registry.register("abc", "three letters")(lambda: ["a", "b", "c"])
    source = registry.find("abc")
    assert source is not None
    assert (source.name, source.description, list(source.keys())) == ("abc", "three letters", ["a", "b", "c"])
    assert registry.find("xyz") is None
    with pytest.raises(ValueError, match="'abc' is already registered"):
        registry.register("abc", "again")(list)


def test_a_family_makes_a_source_from_its_arguments_and_refuses_wrong_ones() -> None:
    registry = SourceRegistry()
    made: list[str] = []

    def numbers(arguments: str) -> KeySource:
        made.append(arguments)
        if not arguments.isdigit():
            raise SourceError(f"COUNT must be a whole number, got {arguments!r}")
        return KeySource(f"n:{arguments}", "numbers", lambda: [str(i) for i in range(int(arguments))], table_size=7)

    registry.add_family(SourceFamily("n", "n:COUNT", "the first COUNT numbers", numbers))

    source = registry.find("n:3")
    assert source is not None
    assert (source.name, list(source.keys()), source.table_size) == ("n:3", ["0", "1", "2"], 7)
    assert registry.find("n") is None  # a family's names have a colon
    assert registry.find("m:3") is None
    with pytest.raises(SourceError, match=r"^COUNT must be a whole number, got 'x'$"):
        registry.find("n:x")
    assert made == ["3", "x"]
    assert [(family.prefix, family.usage) for family in registry.families()] == [("n", "n:COUNT")]
    with pytest.raises(ValueError, match="'n' is already registered"):
        registry.add_family(SourceFamily("n", "n:X", "again", numbers))
    registry.register("n:3", "a source named like one of the family's")(list)  # names are names, families apart
    assert made == ["3", "x"]


def test_an_extended_registry_leaves_the_original_as_it_was() -> None:
    original = SourceRegistry()
    original.register("abc", "three letters")(lambda: ["a", "b", "c"])
    extended = original.extended()
    extended.register("de", "two letters")(lambda: ["d", "e"])
    extended.add_family(SourceFamily("n", "n:COUNT", "numbers", lambda arguments: KeySource("n", "numbers", list)))
    assert [source.name for source in extended] == ["abc", "de"]
    assert [source.name for source in original] == ["abc"]
    assert list(original.families()) == []
    assert original.find("n:1") is None


def test_testdict_source_is_test_7s_keys() -> None:
    source = SOURCES.find("testdict")
    assert source is not None
    assert list(source.keys()) == bulk_keys()


@pytest.mark.slow
@pytest.mark.parametrize(("name", "make"), samples.FAMILIES)
def test_every_sample_family_is_a_key_source(name: str, make: samples.Family) -> None:
    source = SOURCES.find(name)
    assert source is not None
    assert list(source.keys()) == make(10_000, 0)
