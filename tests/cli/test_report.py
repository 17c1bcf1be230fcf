"""Tests of :mod:`tictactoe.cli.report`: the command line, and the key sources and the plot as it uses them."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hashreport.test_sources import write_keys
from tests.hashreport.test_stats import SUMMARY_LABELS
from tests.paths import ROOT
from tictactoe.cli import report
from tictactoe.cli.report import main
from tictactoe.harness.dict_tests import bulk_keys
from tictactoe.hashreport.registry import KeySource, SourceError, SourceFamily, SourceRegistry
from tictactoe.hashreport.sources import SOURCES
from tictactoe.hashreport.stats import FOLDED_LENGTH, comparison_lines, histogram_lines, table_statistics

REPO = ROOT


def run_report(*arguments: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m tictactoe.cli.report ARGUMENTS``, after running ``prelude`` in the same process."""
    code = f"import runpy, sys\n{prelude}\nsys.argv = ['report', *{list(arguments)!r}]\n"
    code += "runpy.run_module('tictactoe.cli.report', run_name='__main__', alter_sys=True)"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False, timeout=120
    )


# ------------------------------------------------------------------ the files


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
    sources = "testdict, decimal, repeated, hex-ids, random-hex, words, boards, search:SIZE,LENGTH,MAX_LEVELS[,OPENING]"
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
    assert captured.err.splitlines()[-1] == f"python -m tictactoe.cli.report: error: {problem}"


@pytest.mark.slow
def test_the_largest_table_size_is_taken(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert report.MAX_TABLE_SIZE == 10_000_000
    monkeypatch.setattr(report, "MAX_TABLE_SIZE", 50)  # the check, without a table of ten million buckets
    assert main(["decimal", "--compare", "1", "50"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split() == ["buckets", "1", "50"]
    with pytest.raises(SystemExit):
        main(["decimal", "--size", "51"])


@pytest.mark.slow
def test_a_table_of_one_bucket_prints_a_short_histogram() -> None:
    result = run_report("testdict", "--size", "1")
    assert result.returncode == 0, result.stderr
    histogram = result.stdout.split("Chain lengths")[1].splitlines()[1:]
    assert len(histogram) == 1 + FOLDED_LENGTH + 1
    assert histogram[-1] == "  >=30        1      1.0  " + "#" * 50


# ---------------------------------------------------------------- the sources


def test_main_reads_a_plugged_in_source(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    registry = SourceRegistry()
    registry.register("boards", "two boards")(lambda: ["XO ", " OX"])
    monkeypatch.setattr(report, "SOURCES", registry)
    assert main(["boards", "--size", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Keys: boards (two boards)\n")
    assert "\nrecords                     2\n" in out


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
    assert listing[6:11] == [
        "  boards      10000 keys: Board strings of X, O and space, of every length from 1 to 100.",
        "  search:SIZE,LENGTH,MAX_LEVELS[,OPENING]",
        "              the boards computer_play stores answering X's opening (default: the centre square)",
        "  n:COUNT",
        "              the first COUNT numbers",
    ]


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
        "python -m tictactoe.cli.report: error: argument --plot: matplotlib writes no 'xyz' files;"
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
