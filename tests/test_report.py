"""Tests of :mod:`hashdict.report`: its statistics, its text and its command line."""

from __future__ import annotations

import io
import itertools
import math
import os
import subprocess
import sys
import types
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hashdict import polynomial_hash, report, samples
from hashdict.report import (
    FOLDED_LENGTH,
    SOURCES,
    KeySource,
    SourceError,
    SourceFamily,
    SourceRegistry,
    TableStatistics,
    comparison_lines,
    expected_collisions,
    histogram_lines,
    keys_from_file,
    main,
    poisson_chain_counts,
    summarize,
    table_statistics,
)
from tictactoe.harness.dict_tests import bulk_keys

REPO = Path(__file__).resolve().parents[1]
SUMMARY_LABELS = [
    "buckets",
    "records",
    "duplicate keys skipped",
    "load factor",
    "collisions",
    "expected if uniform",
    "collisions / expected",
    "empty buckets",
    "longest chain",
    "mean probes",
]


def write_keys(directory: Path, text: str) -> Path:
    path = directory / "keys.txt"
    path.write_bytes(text.encode("utf-8"))
    return path


def run_report(*arguments: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m hashdict.report ARGUMENTS``, after running ``prelude`` in the same process."""
    code = f"import runpy, sys\n{prelude}\nsys.argv = ['report', *{list(arguments)!r}]\n"
    code += "runpy.run_module('hashdict.report', run_name='__main__', alter_sys=True)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False, timeout=120
    )


# ---------------------------------------------------------------- statistics


def test_statistics_of_a_hand_computed_table() -> None:
    stats = summarize([0, 2, 1, 0, 3], collisions=3)
    assert stats == TableStatistics(chain_counts=(2, 1, 1, 1), collisions=3, duplicates=0)
    assert (stats.buckets, stats.records, stats.empty_buckets, stats.longest_chain) == (5, 6, 2, 3)
    assert stats.load_factor == pytest.approx(1.2)
    # 6 - 5 * (1 - 0.8**6) = 6 - 5 * 0.737856
    assert stats.expected_collisions == pytest.approx(2.31072)
    assert stats.collision_ratio == pytest.approx(3 / 2.31072)
    # chains of 2, 1 and 3 records cost 1+2, 1 and 1+2+3 probes
    assert stats.mean_probes == pytest.approx(10 / 6)


def test_statistics_of_an_empty_table() -> None:
    stats = summarize([0, 0, 0], collisions=0)
    assert (stats.records, stats.empty_buckets, stats.longest_chain) == (0, 3, 0)
    assert stats.expected_collisions == 0.0
    assert stats.collision_ratio is None
    assert stats.mean_probes is None
    assert comparison_lines([stats], chain_rows=False)[-4:] == [
        "collisions / expected     n/a",
        "empty buckets               3",
        "longest chain               0",
        "mean probes               n/a",
    ]


def test_a_table_has_buckets() -> None:
    with pytest.raises(ValueError, match="at least one bucket"):
        summarize([], collisions=0)


def test_one_bucket_table_chains_every_key_and_skips_duplicates() -> None:
    stats = table_statistics(["x", "y", "x", "z", "y"], 1)
    assert stats == TableStatistics(chain_counts=(0, 0, 0, 1), collisions=2, duplicates=2)
    assert stats.mean_probes == 2.0
    assert stats.expected_collisions == 2.0
    assert stats.collision_ratio == 1.0


def test_records_stored_first_are_not_counted_but_their_buckets_are() -> None:
    stats = table_statistics(["b", "c"], 1, stored=["a"])
    assert stats == TableStatistics(chain_counts=(0, 0, 0, 1), collisions=2, stored=1, stored_collisions=1)
    assert stats.expected_collisions == 2.0  # both keys collide, in a table of one bucket
    assert stats.collision_ratio == 1.0
    assert table_statistics([], 5, stored=["a"]).stored_collisions == 0


@given(
    keys=st.lists(st.text(max_size=4), max_size=30),
    stored=st.lists(st.text(max_size=4), max_size=5, unique=True),
    size=st.integers(1, 20),
)
def test_stored_collisions_are_what_the_stored_records_add(keys: list[str], stored: list[str], size: int) -> None:
    keys = [key for key in keys if key not in stored]
    with_stored = table_statistics(keys, size, stored)
    alone = table_statistics(keys, size)
    assert with_stored.collisions - alone.collisions == with_stored.stored_collisions
    assert with_stored.records == alone.records + len(stored)
    assert with_stored.stored == len(stored)


@pytest.mark.parametrize(("keys", "stored", "buckets"), [(2, 1, 2), (3, 2, 3), (1, 3, 2), (4, 1, 3)])
def test_expected_collisions_after_stored_records_is_the_mean_over_every_placement(
    keys: int, stored: int, buckets: int
) -> None:
    """The keys' collisions, averaged over every placement of the stored records and then the keys."""
    total = 0
    placements = list(itertools.product(range(buckets), repeat=stored + keys))
    for placement in placements:
        occupied = set(placement[:stored])
        for bucket in placement[stored:]:
            total += bucket in occupied
            occupied.add(bucket)
    stats = summarize([keys + stored] + [0] * (buckets - 1), collisions=0, stored=stored)
    assert math.isclose(stats.expected_collisions, total / len(placements), rel_tol=1e-12)


@given(keys=st.lists(st.text(max_size=6), max_size=40), size=st.integers(1, 30))
def test_statistics_match_a_brute_force_model(keys: list[str], size: int) -> None:
    distinct = list(dict.fromkeys(keys))
    buckets = Counter(polynomial_hash(key, size) for key in distinct)
    model = Counter(buckets[bucket] for bucket in range(size))
    stats = table_statistics(keys, size)
    assert stats.chain_counts == tuple(model[length] for length in range(max(model) + 1))
    assert stats.duplicates == len(keys) - len(distinct)
    assert stats.collisions == len(distinct) - len(buckets)
    assert stats.records == len(distinct)
    assert stats.buckets == size


@pytest.mark.parametrize(("records", "buckets"), list(itertools.product(range(6), range(1, 5))))
def test_expected_collisions_is_the_mean_over_every_placement(records: int, buckets: int) -> None:
    placements = list(itertools.product(range(buckets), repeat=records))
    mean = Fraction(sum(records - len(set(placement)) for placement in placements), len(placements))
    assert math.isclose(expected_collisions(records, buckets), mean, rel_tol=1e-12, abs_tol=1e-12)


def test_expected_collisions_is_precise_for_testdict() -> None:
    exact = 10_000 - 13_441 * (1 - (1 - Fraction(1, 13_441)) ** 10_000)
    assert math.isclose(expected_collisions(10_000, 13_441), exact, rel_tol=1e-12)
    assert round(expected_collisions(10_000, 13_441)) == 2946  # the figure quoted by SPEC section 5


def test_poisson_counts_follow_the_formula_and_add_up_to_the_table() -> None:
    counts = poisson_chain_counts(300, 400, 40)
    mean = 300 / 400
    for length in range(5):
        assert counts[length] == pytest.approx(400 * math.exp(-mean) * mean**length / math.factorial(length))
    assert sum(counts) == pytest.approx(400)
    assert poisson_chain_counts(0, 7, 1) == (7.0, 0.0)


# ---------------------------------------------------------------------- text


def test_histogram_lines_of_a_tiny_table() -> None:
    assert histogram_lines(summarize([0, 2, 1, 0, 3], collisions=3)) == [
        "length  buckets  uniform",
        "     0        2      1.5  " + "#" * 50,
        "     1        1      1.8  " + "#" * 25,
        "     2        1      1.1  " + "#" * 25,
        "     3        1      0.4  " + "#" * 25,
    ]


def test_histogram_shows_every_non_zero_count_and_the_uniform_tail() -> None:
    assert histogram_lines(summarize([0] * 200 + [1], collisions=0)) == [
        "length  buckets  uniform",
        "     0      200    200.0  " + "#" * 50,
        "     1        1      1.0  #",
    ]
    # A perfect spread: uniform hashing would still expect chains up to 4.
    assert histogram_lines(summarize([1] * 100, collisions=0), bar_width=10) == [
        "length  buckets  uniform",
        "     0        0     36.8",
        "     1      100     36.8  ##########",
        "     2        0     18.4",
        "     3        0      6.1",
        "     4        0      1.5",
    ]


def test_histogram_folds_chains_of_30_or_more_into_one_row() -> None:
    lines = histogram_lines(summarize([10_000], collisions=9_999), bar_width=10)
    assert len(lines) == 1 + FOLDED_LENGTH + 1
    assert lines[:2] == ["length  buckets  uniform", "     0        0      0.0"]
    assert lines[-2:] == ["    29        0      0.0", "  >=30        1      1.0  ##########"]
    # 137 records in 6 buckets: uniform hashing expects 6 * P(Poisson(137 / 6) >= 30) = 0.514 of 30 or more.
    lines = histogram_lines(summarize([0, 31, 45, 29, 30, 2], collisions=0), bar_width=10)
    assert lines[-2:] == ["    29        1      0.2  ###", "  >=30        3      0.5  ##########"]
    assert len(lines) == 1 + FOLDED_LENGTH + 1


def test_histogram_of_a_longest_chain_of_29_needs_no_folded_row() -> None:
    lines = histogram_lines(summarize([29] + [0] * 1000, collisions=28), bar_width=10)
    assert len(lines) == 1 + FOLDED_LENGTH
    assert lines[-1] == "    29        1      0.0  #"


def test_comparison_chain_rows_fold_at_30_too() -> None:
    lines = comparison_lines([summarize([40, 0], 39), summarize([1] * 40, 0)])
    assert lines[-2:] == ["chains of length 29          0      0", "chains of length >=30        1      0"]
    assert len(lines) == len(SUMMARY_LABELS) + FOLDED_LENGTH + 1


def test_comparison_lines_show_the_stored_rows_when_a_column_has_stored_records() -> None:
    lines = comparison_lines([table_statistics(["b", "c"], 1, stored=["a"]), summarize([1, 1], 0)], chain_rows=False)
    assert lines[:8] == [
        "buckets                      1      2",
        "records                      3      2",
        "stored before the keys       1      0",
        "duplicate keys skipped       0      0",
        "load factor              3.000  1.000",
        "collisions                   2      0",
        "  due to stored records      1      0",
        "expected if uniform        2.0    0.5",
    ]


def test_comparison_lines_put_sizes_side_by_side_with_chain_rows() -> None:
    lines = comparison_lines([summarize([0, 2, 1, 0, 3], 3), summarize([6], 5)])
    assert [line.split("  ")[0].strip() for line in lines] == SUMMARY_LABELS + [
        f"chains of length {length}" for length in range(7)
    ]
    assert lines[0] == "buckets                     5      1"
    assert lines[-7:] == [
        "chains of length 0          2      0",
        "chains of length 1          1      0",
        "chains of length 2          1      0",
        "chains of length 3          1      0",
        "chains of length 4          0      0",
        "chains of length 5          0      0",
        "chains of length 6          0      1",
    ]


# ------------------------------------------------------------------ the files


def test_keys_from_file_remove_only_the_newline(tmp_path: Path) -> None:
    path = write_keys(tmp_path, "a\n b \nX O \n\nlast")
    assert keys_from_file(path) == ["a", " b ", "X O ", "", "last"]
    assert keys_from_file(write_keys(tmp_path, "a\r\nb\r\n")) == ["a", "b"]


def test_file_source_skips_and_counts_duplicates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_keys(tmp_path, "a\nb\na\na \nb\n")
    assert main([str(path), "--size", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Keys: {path} (a file, one key per line)\n\n")
    assert "\nrecords                     3\n" in out
    assert "\nduplicate keys skipped      2\n" in out
    assert "\ncollisions                  2\n" in out


def test_missing_key_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.txt"
    with pytest.raises(SystemExit) as exit_info:
        main([str(missing)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    sources = "testdict, decimal, repeated, hex-ids, random-hex, words, boards"
    assert f"{str(missing)!r} is neither a key source ({sources}) nor a readable key file: No such file" in err


def test_key_file_that_is_not_utf8_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"caf\xe9\n")
    with pytest.raises(SystemExit) as exit_info:
        main([str(path)])
    assert exit_info.value.code == 2
    assert "it is not UTF-8 text" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (["--size", "0"], "argument --size: a table needs at least one bucket, got 0"),
        (["--size", "-5"], "argument --size: a table needs at least one bucket, got -5"),
        (["--size", "many"], "argument --size: invalid int value: 'many'"),
        (
            ["--size", "99999999999999"],
            "argument --size: the report takes at most 10000000 buckets, got 99999999999999",
        ),
        (["--size", "10000001"], "argument --size: the report takes at most 10000000 buckets, got 10000001"),
        (["--compare", "7", "0"], "argument --compare: a table needs at least one bucket, got 0"),
        (["--compare", "7", "10000001"], "argument --compare: the report takes at most 10000000 buckets, got 10000001"),
        (["--size", "7", "--compare", "7"], "argument --compare: not allowed with argument --size"),
        (
            ["--compare", "7", "11", "--plot", "x.png"],
            "--plot draws a single table size; it cannot be combined with --compare",
        ),
        (["--plot", ""], "argument --plot: needs a file name, got ''"),
    ],
)
def test_bad_arguments_exit_2_before_any_work(
    arguments: list[str], problem: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # none of these needs it
    with pytest.raises(SystemExit) as exit_info:
        main(["testdict", *arguments])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1] == f"python -m hashdict.report: error: {problem}"


def test_the_largest_table_size_is_taken(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert report.MAX_TABLE_SIZE == 10_000_000
    monkeypatch.setattr(report, "MAX_TABLE_SIZE", 50)  # the check, without a table of ten million buckets
    assert main(["decimal", "--compare", "1", "50"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split() == ["buckets", "1", "50"]
    with pytest.raises(SystemExit):
        main(["decimal", "--size", "51"])


def test_a_table_of_one_bucket_prints_a_short_histogram() -> None:
    result = run_report("testdict", "--size", "1")
    assert result.returncode == 0, result.stderr
    histogram = result.stdout.split("Chain lengths")[1].splitlines()[1:]
    assert len(histogram) == 1 + FOLDED_LENGTH + 1
    assert histogram[-1] == "  >=30        1      1.0  " + "#" * 50


# ---------------------------------------------------------------- the sources


def test_registry_finds_registered_sources_and_refuses_a_taken_name() -> None:
    registry = SourceRegistry()
    registry.register("abc", "three letters")(lambda: ["a", "b", "c"])
    source = registry.find("abc")
    assert source is not None
    assert (source.name, source.description, list(source.keys())) == ("abc", "three letters", ["a", "b", "c"])
    assert registry.find("xyz") is None
    with pytest.raises(ValueError, match="'abc' is already registered"):
        registry.register("abc", "again")(list)


def test_main_reads_a_plugged_in_source(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    registry = SourceRegistry()
    registry.register("boards", "two boards")(lambda: ["XO ", " OX"])
    monkeypatch.setattr(report, "SOURCES", registry)
    assert main(["boards", "--size", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Keys: boards (two boards)\n")
    assert "\nrecords                     2\n" in out


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


def test_main_takes_a_sources_own_table_size_unless_told_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    registry = SourceRegistry()
    source = KeySource("n:3", "three numbers", lambda: ["0", "1", "2"], table_size=7)
    registry.add_family(SourceFamily("n", "n:COUNT", "numbers", lambda arguments: source))
    assert main(["n:3"], sources=registry) == 0
    assert "\nbuckets                     7\n" in capsys.readouterr().out
    assert main(["n:3", "--size", "11"], sources=registry) == 0
    assert "\nbuckets                    11\n" in capsys.readouterr().out
    assert main(["testdict"], sources=SOURCES) == 0  # a source without a table of its own: TestDict's size
    assert "\nbuckets                   13441\n" in capsys.readouterr().out


def test_a_source_with_wrong_arguments_is_a_usage_error_under_the_programs_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    registry = SourceRegistry()

    def refuse(arguments: str) -> KeySource:
        raise SourceError(f"COUNT must be a whole number, got {arguments!r}")

    registry.add_family(SourceFamily("n", "n:COUNT", "numbers", refuse))

    with pytest.raises(SystemExit) as exit_info:
        main(["n:x"], program="the-report", sources=registry)
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("usage: the-report ")
    assert captured.err.splitlines()[-1] == "the-report: error: 'n:x': COUNT must be a whole number, got 'x'"


def test_help_lists_the_families_after_the_sources(capsys: pytest.CaptureFixture[str]) -> None:
    registry = SOURCES.extended()
    registry.add_family(
        SourceFamily("n", "n:COUNT", "the first COUNT numbers", lambda arguments: KeySource("n", "n", list))
    )
    with pytest.raises(SystemExit):
        main(["--help"], sources=registry)
    listing = capsys.readouterr().out.split("key sources:\n")[1].splitlines()
    assert listing[6:9] == [
        "  boards      10000 keys: Board strings of X, O and space, of every length from 1 to 100.",
        "  n:COUNT",
        "              the first COUNT numbers",
    ]


def test_testdict_source_is_test_7s_keys() -> None:
    source = report.SOURCES.find("testdict")
    assert source is not None
    assert list(source.keys()) == bulk_keys()


# ------------------------------------------------------------- command line


def test_report_on_testdict_keys_counts_as_test_7_does() -> None:
    result = run_report("testdict")
    stats = table_statistics(bulk_keys(), 13_441, stored=("record3", "2record"))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "Keys: testdict (the 10000 keys of TestDict's test 7: str(i) * 32 for i in 0..9999,"
        " put after the records tests 1 to 6 leave)",
        "Stored first: 'record3', '2record' (their own collisions are not counted)",
        "",
    ]
    assert lines[3:15] == comparison_lines([stats], chain_rows=False)
    assert lines[3:10] == [
        "buckets                   13441",
        "records                   10002",
        "stored before the keys        2",
        "duplicate keys skipped        0",
        "load factor               0.744",
        "collisions                 2254",
        "  due to stored records       1",
    ]
    assert lines[16].startswith("Chain lengths (uniform: expected under uniform hashing, Poisson with lambda = 0.744)")
    assert lines[17:] == histogram_lines(stats)


def test_the_same_keys_in_an_empty_table_collide_once_less() -> None:
    lines = run_report("repeated").stdout.splitlines()
    assert lines[:2] == [
        "Keys: repeated (10000 keys: The numbers 0, 1, 2, ... in decimal, each written 32 times over.)",
        "",
    ]
    assert "collisions                2253" in lines
    assert not any(line.startswith(("Stored first", "stored before", "  due to")) for line in lines)


def test_help_lists_the_sources_in_plain_words() -> None:
    result = run_report("--help")
    assert result.returncode == 0
    assert "``" not in result.stdout
    sources = result.stdout.split("key sources:\n")[1].splitlines()[:7]
    assert sources == [
        "  testdict    the 10000 keys of TestDict's test 7: str(i) * 32 for i in 0..9999, put after the records"
        " tests 1 to 6 leave",
        "  decimal     10000 keys: The numbers 0, 1, 2, ... in decimal.",
        "  repeated    10000 keys: The numbers 0, 1, 2, ... in decimal, each written 32 times over.",
        "  hex-ids     10000 keys: Sequential ids 0x00000000, 0x00000001, ... in hexadecimal.",
        "  random-hex  10000 keys: Distinct random 64-bit ids in hexadecimal, 16 digits each.",
        "  words       10000 keys: Distinct lower-case words of 3 to 12 letters, letters drawn by English frequency.",
        "  boards      10000 keys: Board strings of X, O and space, of every length from 1 to 100.",
    ]


def test_compare_shows_one_column_per_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_keys(tmp_path, "".join(f"key {number}\n" for number in range(20)))
    assert main([str(path), "--compare", "1", "7", "13"]) == 0
    lines = capsys.readouterr().out.splitlines()
    table = lines[2:]
    assert table[0].split() == ["buckets", "1", "7", "13"]
    assert table[1].split() == ["records", "20", "20", "20"]
    assert [line.split("  ")[0] for line in table[len(SUMMARY_LABELS) :]] == [
        f"chains of length {length}" for length in range(21)
    ]
    assert len({len(line) for line in table}) == 1  # fixed width: every column right-aligned
    assert not any(line.startswith("length") for line in lines)  # no histogram when comparing


def test_plot_without_matplotlib_exits_1_with_instructions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    assert main(["testdict", "--plot", str(tmp_path / "chains.png")]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--plot needs matplotlib" in captured.err
    assert "pip install matplotlib" in captured.err
    assert "pip install -e '.[plot]'" in captured.err
    assert not (tmp_path / "chains.png").exists()


def test_plot_without_matplotlib_in_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    result = run_report("testdict", "--plot", str(tmp_path / "chains.png"), prelude="sys.modules['matplotlib'] = None")
    assert result.returncode == 1
    assert "pip install matplotlib" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("name", "problem"),
    [("", "is a directory"), ("no/such/dir.png", "there is no directory '{tmp}/no/such'")],
    ids=["directory", "missing-directory"],
)
def test_a_plot_that_cannot_be_written_is_refused_before_the_report(
    tmp_path: Path, name: str, problem: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # refused before matplotlib is looked for
    target = str(tmp_path / name) if name else str(tmp_path)
    assert main(["testdict", "--plot", target]) == 1
    reason = "it is a directory" if not name else problem.format(tmp=tmp_path)
    assert capsys.readouterr() == ("", f"cannot write the plot to {target!r}: {reason}\n")


class FakeAxes:
    """Axes that take every drawing call and draw nothing."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return lambda *args, **kwargs: None


class FakeFigure:
    """Just enough of matplotlib's ``Figure`` for the report: the image is its format's name."""

    def __init__(self, **options: object) -> None:
        pass

    def subplots(self) -> FakeAxes:
        return FakeAxes()

    def savefig(self, file: io.BytesIO, *, format: str) -> None:
        file.write(f"{format} image".encode())


@pytest.fixture
def fake_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    canvas = types.SimpleNamespace(get_supported_filetypes=lambda: {"png": "PNG", "svg": "SVG", "pdf": "PDF"})
    monkeypatch.setitem(sys.modules, "matplotlib", types.ModuleType("matplotlib"))
    monkeypatch.setitem(sys.modules, "matplotlib.figure", types.SimpleNamespace(Figure=FakeFigure))
    monkeypatch.setitem(sys.modules, "matplotlib.backend_bases", types.SimpleNamespace(FigureCanvasBase=canvas))


@pytest.mark.usefixtures("fake_matplotlib")
@pytest.mark.parametrize(
    ("name", "image"), [("chains", b"png image"), ("chains.SVG", b"svg image"), ("chains.pdf", b"pdf image")]
)
def test_plot_goes_to_exactly_the_file_named_in_the_format_its_suffix_names(
    tmp_path: Path, name: str, image: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    assert main(["testdict", "--plot", str(path)]) == 0
    assert capsys.readouterr().out.endswith(f"\n\nPlot written to {path}\n")
    assert [file.name for file in tmp_path.iterdir()] == [name]
    assert path.read_bytes() == image


@pytest.mark.usefixtures("fake_matplotlib")
def test_plot_with_a_suffix_matplotlib_does_not_write_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["testdict", "--plot", str(tmp_path / "chains.xyz")])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "python -m hashdict.report: error: argument --plot: matplotlib writes no 'xyz' files;"
        " name one of .pdf, .png, .svg, or no suffix for PNG"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("fake_matplotlib")
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full, where every write fails")
def test_plot_whose_write_fails_exits_1_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["testdict", "--plot", "/dev/full"]) == 1
    captured = capsys.readouterr()
    assert captured.err == "cannot write the plot to '/dev/full': No space left on device\n"
    assert "Plot written" not in captured.out


def test_plot_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chains"
    assert main(["testdict", "--plot", str(path)]) == 0
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert capsys.readouterr().out.endswith(f"Plot written to {path}\n")


def test_plot_writes_an_svg_of_a_folded_histogram(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "chains.svg"
    assert main(["testdict", "--size", "1", "--plot", str(path)]) == 0
    assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize(("name", "make"), samples.FAMILIES)
def test_every_sample_family_is_a_key_source(name: str, make: samples.Family) -> None:
    source = SOURCES.find(name)
    assert source is not None
    assert list(source.keys()) == make(10_000, 0)


def test_the_dictionary_s_own_report_points_to_the_one_that_knows_search_keys() -> None:
    result = run_report("search:4,4,16")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "python -m hashdict.report: error: 'search:4,4,16' is neither a key source (testdict, decimal, repeated, "
        "hex-ids, random-hex, words, boards) nor a readable key file: No such file or directory; the boards a "
        "search stores (search:SIZE,LENGTH,MAX_LEVELS) are a source of tictactoe-report"
    )
