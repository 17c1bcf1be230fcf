"""Where a student's files sit: found wherever they are, never chosen between in silence, read as javac needs."""

from __future__ import annotations

import shutil
import stat
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from tests.grade.helpers import SEED, fixture, need_jdk
from tictactoe.grade import archives
from tictactoe.grade.finder import files_below, find, locate
from tictactoe.grade.grader import Grader
from tictactoe.grade.limits import Limits
from tictactoe.grade.sandbox import choice
from tictactoe.grade.submission import SubmissionError, expand, name_of
from tictactoe.grade.suite import builtin_suite

JAVA = ("Configurations.java", "HashDictionary.java", "Data.java")


def java_in(folder: str) -> list[str]:
    return [f"{folder}/{name}" for name in JAVA]


@pytest.mark.parametrize("folder", ["src", "src/a2", "2210A/Assignment 2", "alice_123/My Project/src/a2"])
def test_the_folder_of_the_java_files_is_found_wherever_it_sits(folder: str) -> None:
    files = [*java_in(folder), "README.md", f"{folder}/Play.java", "bin/a2/HashDictionary.class"]
    found = find(files)
    assert (found.folder, found.language.name) == (PurePosixPath(folder), "java")


def test_the_folder_of_the_python_modules_is_found_and_a_package_s_files_make_no_folder_of_their_own() -> None:
    found = find(["work/hashdict/__init__.py", "work/hashdict/hashdict.py", "work/configurations.py"])
    assert (found.folder, found.language.name) == (PurePosixPath("work"), "python")


def test_two_folders_holding_the_files_are_refused_both_named() -> None:
    with pytest.raises(SubmissionError) as refused:
        find([*java_in("src"), *java_in("backup/src"), "Play.java"])
    assert str(refused.value) == (
        "the files of the assignment are in 2 folders ('backup/src', 'src'): the grader does not choose;"
        " hand in one of them"
    )
    with pytest.raises(SubmissionError, match=r"in 2 folders \('\.', 'old'\)"):
        find([*java_in("."), *java_in("old")])


def test_no_submission_only_where_no_source_lies_anywhere_below() -> None:
    with pytest.raises(SubmissionError, match=r"^no submission here: no Java file"):
        find(["README.md", "notes/todo.txt"])
    with pytest.raises(SubmissionError, match=r"^no file of the assignment .* only deep/Main\.java"):
        find(["deep/Main.java"])


def test_a_mac_s_zip_debris_is_no_part_of_the_submission(tmp_path: Path) -> None:
    shutil.copytree(fixture("java", "correct"), tmp_path / "alice" / "src")
    debris = tmp_path / "alice" / "__MACOSX" / "src"
    debris.mkdir(parents=True)
    for name in JAVA:
        (debris / f"._{name}").write_bytes(b"\x00\x05\x16\x07 Mac OS X")
    (tmp_path / "alice" / "src" / "._Data.java").write_bytes(b"\x00\x05\x16\x07")
    assert find(files_below(tmp_path / "alice")).folder == PurePosixPath("src")
    located = locate(tmp_path / "alice")
    assert located.folder == tmp_path / "alice" / "src"
    assert not (located.folder / "._Data.java").exists()
    assert not (tmp_path / "alice" / "__MACOSX").exists()


def test_a_class_is_never_taken_for_one_student(tmp_path: Path) -> None:
    """A class of one student whose files sit deep is still a class: its entry is the student, not the class."""
    shutil.copytree(fixture("java", "correct"), tmp_path / "one" / "alice" / "src" / "a2")
    shutil.copytree(fixture("java", "correct"), tmp_path / "two" / "alice" / "src")
    shutil.copytree(fixture("python", "correct"), tmp_path / "two" / "bob" / "2210A" / "Assignment 2")
    assert expand([tmp_path / "one"]) == [tmp_path / "one" / "alice"]
    assert expand([tmp_path / "two"]) == [tmp_path / "two" / "alice", tmp_path / "two" / "bob"]
    assert expand([tmp_path / "one"], classes=False) == [tmp_path / "one"]


def test_a_byte_order_mark_is_dropped_and_windows_1252_decoded_each_with_a_note(tmp_path: Path) -> None:
    shutil.copytree(fixture("java", "correct"), tmp_path / "alice")
    data = tmp_path / "alice" / "Data.java"
    data.write_bytes(b"\xef\xbb\xbf" + data.read_bytes())
    table = tmp_path / "alice" / "HashDictionary.java"
    table.write_bytes(b"// Fran\xe7ois's table \x96 mine\n" + table.read_bytes())
    located = locate(tmp_path / "alice")
    assert located.notes == (
        "'Data.java' began with a UTF-8 byte-order mark, dropped: javac refuses it",
        "'HashDictionary.java' is not UTF-8: it was read as Windows-1252",
    )
    assert data.read_bytes() == (fixture("java", "correct") / "Data.java").read_bytes()
    assert table.read_text(encoding="utf-8").startswith("// François's table \u2013 mine\n")


def zipped(path: Path, members: dict[str, bytes], links: tuple[str, ...] = ()) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        for name, content in members.items():
            archive.writestr(name, content)
        for name in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return path


def test_a_zip_handed_in_is_unpacked_when_the_files_are_in_it_and_named_when_not(tmp_path: Path) -> None:
    members = {f"My Work/{path.name}": path.read_bytes() for path in fixture("python", "correct").glob("*.py")}
    zipped(tmp_path / "alice" / "a2.zip", {**members, "__MACOSX/My Work/._hashdict.py": b"\x00"})
    located = locate(tmp_path / "alice")
    assert (located.folder, located.language.name) == (tmp_path / "alice" / "a2" / "My Work", "python")
    assert located.notes == (
        "'a2.zip' was unpacked into 'a2'",
        "the files of the assignment were found in 'a2/My Work'",
    )
    shutil.copytree(fixture("python", "correct"), tmp_path / "bob")
    zipped(tmp_path / "bob" / "old.zip", members)
    assert locate(tmp_path / "bob").notes == ("'old.zip' was not unpacked: the files of the assignment lie outside it",)


def test_a_zip_writes_nothing_outside_its_folder_and_no_link(tmp_path: Path) -> None:
    members = {"../escaped.py": b"x", "/tmp/absolute.py": b"x", "hashdict.py": b"", "configurations.py": b""}
    note = archives.unpack(zipped(tmp_path / "alice" / "work.zip", members, links=("link.py",)))
    assert note == (
        "'work.zip' was unpacked into 'work', less '../escaped.py', '/tmp/absolute.py', 'link.py': outside it or links"
    )
    assert sorted(str(path) for path in files_below(tmp_path)) == [
        "alice/work.zip",
        "alice/work/configurations.py",
        "alice/work/hashdict.py",
    ]


def test_a_zip_is_bounded_in_size_and_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archives, "MOST_BYTES", 1000)
    bomb = zipped(tmp_path / "bomb.zip", {"big.py": b"0" * 5000})
    assert (
        archives.unpack(bomb)
        == "'bomb.zip' was not unpacked in full: it holds more than the 1000 bytes a submission may"
    )
    many = zipped(tmp_path / "many.zip", {f"{number}.py": b"" for number in range(archives.MOST_MEMBERS + 1)})
    assert (
        archives.unpack(many) == f"'many.zip' was not unpacked: it holds 1001 files, more than {archives.MOST_MEMBERS}"
    )
    (tmp_path / "bad.zip").write_bytes(b"PK not a zip")
    assert archives.unpack(tmp_path / "bad.zip") == "'bad.zip' could not be unpacked: File is not a zip file"


def python_class(folder: Path, zips: dict[str, dict[str, bytes]]) -> None:
    """A class in ``folder``: bob's folder holding the correct Python files, and each of ``zips`` handed in as is."""
    shutil.copytree(fixture("python", "correct"), folder / "bob")
    for name, members in zips.items():
        zipped(folder / name, members)


def correct_python(under: str = "") -> dict[str, bytes]:
    return {f"{under}{path.name}": path.read_bytes() for path in fixture("python", "correct").glob("*.py")}


def test_a_zip_of_a_class_is_a_submission_of_its_own_and_a_mac_s_debris_none(tmp_path: Path) -> None:
    python_class(tmp_path / "class", {"alice.zip": correct_python()})
    (tmp_path / "class" / "._alice.zip").write_bytes(b"\x00\x05\x16\x07")
    (tmp_path / "class" / "__MACOSX").mkdir()
    (tmp_path / "class" / "carol.zip").symlink_to(tmp_path / "class" / "alice.zip")
    assert expand([tmp_path / "class"]) == [tmp_path / "class" / name for name in ("alice.zip", "bob", "carol.zip")]
    assert [name_of(path) for path in expand([tmp_path / "class"])] == [
        str(tmp_path / "class" / name) for name in ("alice", "bob", "carol.zip")
    ]
    (tmp_path / "class" / "alice").mkdir()  # a folder of the zip's name too: the zip keeps its whole name
    assert name_of(tmp_path / "class" / "alice.zip") == str(tmp_path / "class" / "alice.zip")


@pytest.mark.slow
def test_a_zip_handed_in_as_the_class_entry_is_graded_beside_a_folder_classmate(tmp_path: Path) -> None:
    need_jdk("python")
    members = {**correct_python("My Work/"), "__MACOSX/My Work/._hashdict.py": b"\x00"}
    python_class(tmp_path / "class", {"alice.zip": members, "dave.zip": {"README.txt": b"no code"}})
    (tmp_path / "class" / "eve.zip").write_bytes(b"PK not a zip")
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        results = list(grader.grade_all(expand([tmp_path / "class"]), 2, lambda done: None))
    alice, bob, dave, eve = results
    assert [result.submission for result in results] == [
        str(tmp_path / "class" / name) for name in ("alice", "bob", "dave", "eve")
    ]
    assert (alice.language, alice.all_passed, bob.all_passed) == ("python", True, True)
    assert alice.notes == ("'alice.zip' was unpacked", "the files of the assignment were found in 'My Work'")
    assert dave.passed == 0
    assert dave.tests[0].message == (
        "no submission here: no Java file (Configurations.java, HashDictionary.java, ...)"
        " and no Python module (configurations, hashdict)"
    )
    assert (eve.passed, eve.tests[0].message) == (0, "'eve.zip' could not be unpacked: File is not a zip file")


@pytest.mark.slow
def test_a_zip_entry_whose_member_climbs_out_is_refused_that_member_and_the_classmate_keeps_his_marks(
    tmp_path: Path,
) -> None:
    need_jdk("python")
    broken = b"def put(*args):\n    raise RuntimeError\n"
    members = {**correct_python(), "../bob/hashdict.py": broken, "../../../escaped.py": b"x"}
    python_class(tmp_path / "class", {"mallory.zip": members})
    before = {path: path.read_bytes() for path in (tmp_path / "class" / "bob").iterdir()}
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        bob, mallory = grader.grade_all(expand([tmp_path / "class"]), 2, lambda done: None)
    assert bob.all_passed
    assert bob.notes == ()
    assert mallory.all_passed
    assert mallory.notes == (
        "'mallory.zip' was unpacked, less '../bob/hashdict.py', '../../../escaped.py': outside it or links",
    )
    assert {path: path.read_bytes() for path in (tmp_path / "class" / "bob").iterdir()} == before
    assert sorted(path.name for path in tmp_path.rglob("*.py") if "bob" not in path.parts) == []


@pytest.mark.slow
def test_a_class_as_students_hand_it_in_keeps_its_marks(tmp_path: Path) -> None:
    """A Java package in src/a2/ with a byte-order mark and a Mac's debris, a zipped Python folder, and two folders of
    Java files: the first two keep full marks, each with its notes; the third is refused with both folders named."""
    need_jdk("java")
    alice = tmp_path / "class" / "alice" / "2210A" / "Assignment 2" / "src" / "a2"
    alice.mkdir(parents=True)
    for path in fixture("java", "correct").glob("*.java"):
        (alice / path.name).write_bytes(b"\xef\xbb\xbfpackage a2;\n\n" + path.read_bytes())
    (alice.parent / "__MACOSX").mkdir()
    (alice.parent / "__MACOSX" / "._HashDictionary.java").write_bytes(b"\x00\x05\x16\x07")
    members = {f"a2/{path.name}": path.read_bytes() for path in fixture("python", "correct").glob("*.py")}
    zipped(tmp_path / "class" / "bob" / "submission.zip", members)
    for folder in ("src", "backup"):
        shutil.copytree(fixture("java", "correct"), tmp_path / "class" / "carol" / folder)
    with Grader(builtin_suite(SEED), Limits(), choice("bwrap")) as grader:
        alice_result, bob_result, carol_result = grader.grade_all(expand([tmp_path / "class"]), 2, lambda done: None)
    assert alice_result.all_passed
    assert bob_result.all_passed
    assert alice_result.notes == (
        "the files of the assignment were found in '2210A/Assignment 2/src/a2'",
        *(
            f"{name!r} began with a UTF-8 byte-order mark, dropped: javac refuses it"
            for name in sorted(path.name for path in fixture("java", "correct").glob("*.java"))
        ),
    )
    assert bob_result.notes == (
        "'submission.zip' was unpacked into 'submission'",
        "the files of the assignment were found in 'submission/a2'",
    )
    assert carol_result.passed == 0
    assert carol_result.tests[0].message == (
        "the files of the assignment are in 2 folders ('backup', 'src'): the grader does not choose;"
        " hand in one of them"
    )
