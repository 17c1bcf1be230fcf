"""The course's other yearly variants: named in the report with the evidence, every verdict still computed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.grade.helpers import FIXTURES, SEED, fixture, need_jdk
from tictactoe.grade.finder import locate
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import choice
from tictactoe.grade.submission import expand
from tictactoe.grade.suite import builtin_suite
from tictactoe.grade.yearly import recognise

VARIANTS = FIXTURES / "variants"
#: The note each variant's fixture, added to a correct submission, brings to its report.
NOTES = {
    "2021": "this looks like the 2021 variant of the assignment (BoardGame.java declares class BoardGame):"
    " it is graded against this year's",
    "older": "this looks like the older variant of the assignment (Layout.java declares class Layout):"
    " it is graded against this year's",
    "x-plus-game": "this looks like the X+Game variant of the assignment (XPlusGame.java declares class XPlusGame):"
    " it is graded against this year's",
}


def with_variant(folder: Path, variant: str) -> Path:
    """A copy in ``folder`` of the correct Java submission with the files of ``variant``'s fixture beside it."""
    shutil.copytree(fixture("java", "correct"), folder)
    shutil.copytree(VARIANTS / variant, folder, dirs_exist_ok=True)
    return folder


@pytest.mark.parametrize("variant", sorted(NOTES))
def test_each_variant_s_fixture_is_named_with_its_evidence(variant: str, tmp_path: Path) -> None:
    assert locate(with_variant(tmp_path / "student" / "src", variant).parent).notes == (
        "the files of the assignment were found in 'src'",
        NOTES[variant],
    )


def test_this_year_s_submission_is_no_variant(tmp_path: Path) -> None:
    shutil.copytree(fixture("java", "correct"), tmp_path / "bob")
    assert locate(tmp_path / "bob").notes == ()


@pytest.mark.parametrize(
    ("sources", "evidence"),
    [
        ({"Configuration.java": "public class Configuration {}"}, "Configuration.java declares class Configuration"),
        ({"a2/Board.java": "  public final class Board {\n}", "Data.java": "class Data {}"}, "a2/Board.java declares"),
        ({"X_Plus_Game.java": "interface Shapes {}"}, "a file is named X_Plus_Game.java"),
        ({"Configurations.java": "/* CS2210 X+Game */\nclass Configurations {}"}, "Configurations.java names the"),
        ({"game.py": "class Layout:\n    pass\n"}, "game.py declares class Layout"),
    ],
)
def test_the_evidence_is_a_declaration_a_file_s_name_or_the_game_s_name(sources: dict[str, str], evidence: str) -> None:
    note = recognise(sources)
    assert note is not None
    assert f"({evidence}" in note


@pytest.mark.parametrize(
    "sources",
    [
        {"Configurations.java": "public class Configurations {}\nclass Board {}"},
        {"Configurations.java": "// unlike the class BoardGame of 2021\npublic class Configurations {}"},
        {"HashDictionary.java": "public class HashDictionary implements DictionaryADT {}"},
    ],
)
def test_a_student_s_own_board_or_a_comment_is_no_evidence(sources: dict[str, str]) -> None:
    assert recognise(sources) is None


@pytest.mark.slow
def test_a_variant_is_named_and_every_verdict_still_computed(tmp_path: Path) -> None:
    """A correct submission with each variant's files beside it keeps full marks, its note added; with this year's
    Configurations.java left out (the older variant's Board in its place), every test is still given its own verdict:
    the dictionary's pass, the board's fail."""
    need_jdk("java")
    for variant in NOTES:
        with_variant(tmp_path / "class" / variant, variant)
    older = with_variant(tmp_path / "class" / "z-older-board", "older")
    (older / "Configurations.java").unlink()
    (older / "Layout.java").unlink()
    (older / "Board.java").write_text(
        "public class Board {\n    private final char[][] theBoard = new char[3][3];\n}\n"
    )
    shutil.copytree(fixture("java", "correct"), tmp_path / "class" / "bob")
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        graded = grader.grade_all(expand([tmp_path / "class"]), 2, lambda done: None)
        results = {Path(result.submission).name: result for result in graded}
    assert {variant: results[variant].notes for variant in NOTES} == {variant: (NOTES[variant],) for variant in NOTES}
    assert all(results[name].all_passed for name in [*NOTES, "bob"])
    assert results["bob"].notes == ()
    board = results["z-older-board"]
    assert board.notes[-1] == (
        "this looks like the older variant of the assignment (Board.java declares class Board):"
        " it is graded against this year's"
    )
    assert all(test.passed for test in board.tests if test.name.startswith("testdict"))
    failed = [test for test in board.tests if test.name.startswith("board-")]
    assert failed
    assert all(not test.passed and "the submission has no class Configurations" in test.message for test in failed)
