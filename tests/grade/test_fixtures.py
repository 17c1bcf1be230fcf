"""Every mistake of the fixture submissions, Java and Python, is caught, with a message a student can act on.

The fixtures are graded once a language, on the built-in tests; each test
then checks one submission: which tests failed, exactly, and the words of
one failure (the board, what was expected, what came).  The fixtures that
loop or are too slow are graded with a short time limit of their own.
Every mistake is caught by the fixed tests, which no seed changes: the
random tests may only add failures, never decide a verdict.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from tests.grade.helpers import SEED, fixture, grade, made_once, need_jdk
from tictactoe.grade.random_tests import random_tests
from tictactoe.grade.results import SubmissionResult
from tictactoe.grade.suite import builtin_suite

# Every test here grades whole submissions in processes of their own: seconds each.
pytestmark = pytest.mark.slow

LANGUAGES = ("java", "python")
SLOW = ("loops", "slow-search")
ALL_TESTS = {test.name for test in builtin_suite(SEED)}
RANDOM_TESTS = {test.name for test in random_tests(SEED)}
PLAYS_CHANGED = {"play-4x4-corner", "play-4x4-level-3", "play-4x4-speed"}
DICTIONARY_TESTS = {name for name in ALL_TESTS if name.startswith(("testdict", "collisions", "remove-absent"))}
# The tests each fixture fails, for both languages unless a language is named.
FAILED: dict[str, set[str]] = {
    "correct": set(),
    "writes-own-directory": set(),
    # A correct model of its own (a HashMap, a dict) beside the table answers right: only the course's rules see it.
    "answers-from-a-model": {"policy"},
    "collisions-off-by-one": {"collisions-1-bucket", "collisions-2-buckets", "random-dictionary"},
    "dictionary-identity": {
        "testdict 2",
        "testdict 3",
        "testdict 8",
        "testdict 9",
        "collisions-2-buckets",
        "random-dictionary",
        *PLAYS_CHANGED,
    },
    "draw-ignores-wins": {"board-full-x-wins", "board-full-o-wins", "random-boards"},
    "eval-x-first": {"board-both-win"},
    "get-zero-absent": {
        "testdict 4",
        "testdict 6",
        "play-5x5-level-1",
        "play-3x3-win",
        "play-6x6-level-2",
        "play-4x4-full-row",
        "play-5x5-block",
        "random-dictionary",
        *PLAYS_CHANGED,
    },
    "put-duplicate": {"testdict 2", "testdict 6", "random-dictionary"},
    "remove-keeps-record": {"testdict 6", "collisions-1-bucket", "random-dictionary"},
    "loops": {"testdict 9", "collisions-1-bucket", "remove-absent-shared-bucket", "random-dictionary"},
    "slow-search": {"testdict 10", "play-4x4-speed"},
    "wins-counts-tiles": {
        "play-4x4-corner",
        "play-4x4-level-3",
        "play-5x5-block",
        "board-tiles-apart-row",
        "board-tiles-apart-column",
        "board-tiles-apart-diagonal",
        "board-anti-diagonal-no-wrap",
        "random-boards",
        "board-longer-run-row",
    },
    "wins-first-rows-only": {
        "play-win-now",
        "play-3x3-win",
        "play-4x4-full-row",
        "board-last-row",
        "board-last-column",
        "board-anti-diagonal",
        "board-anti-diagonal-corner",
        "board-anti-diagonal-last-start",
        "random-boards",
        *PLAYS_CHANGED,
        "board-longer-run-anti-diagonal",
    },
    "wins-main-diagonals-only": {
        "board-diagonal-off-corner",
        "board-anti-diagonal-off-corner",
        "board-diagonal-last-start",
        "board-anti-diagonal-last-start",
        "play-4x4-corner",
        "play-5x5-block",
        "random-boards",
    },
    "wins-diagonal-off-by-one": {
        "board-anti-diagonal",
        "board-diagonal-last-start",
        "board-anti-diagonal-last-start",
        "board-full-o-wins",
        "play-3x3-win",
        "play-4x4-corner",
        "play-4x4-level-3",
        "play-4x4-speed",
        "random-boards",
    },
    "wins-no-anti-diagonal": {
        "play-4x4-corner",
        "play-3x3-win",
        "board-anti-diagonal",
        "board-anti-diagonal-corner",
        "board-anti-diagonal-off-corner",
        "board-anti-diagonal-last-start",
        "play-4x4-speed",
        "random-boards",
        "board-longer-run-anti-diagonal",
    },
    # A run longer than k wins too: only the fixed boards of such runs (and a node count) see the mistake.
    "wins-exactly-k": {
        "play-4x4-corner",
        "board-longer-run-row",
        "board-longer-run-column",
        "board-longer-run-anti-diagonal",
    },
    # Every board asked about is empty: only the boards where nobody wins, and the dictionary, pass.
    "save-play-stores-nothing": ALL_TESTS
    - DICTIONARY_TESTS
    - {
        "random-dictionary",
        "policy",
        "board-tiles-apart-row",
        "board-tiles-apart-column",
        "board-tiles-apart-diagonal",
        "board-anti-diagonal-no-wrap",
    },
    "exits": {
        "play-win-now",
        "play-one-square",
        "play-4x4-corner",
        "play-3x3-win",
        "play-4x4-full-row",
        "play-5x5-block",
        "board-both-win",
        "board-last-column",
        "board-anti-diagonal",
        "board-full-o-wins",
        "board-anti-diagonal-off-corner",
        "board-anti-diagonal-last-start",
        "play-4x4-speed",
        "random-boards",
        "board-longer-run-column",
        "board-longer-run-anti-diagonal",
    },
    "does-not-compile": ALL_TESTS - {"policy"},  # the policy reads the files, which need not compile (Java's: below)
    "lacks-method": ALL_TESTS - DICTIONARY_TESTS - {"random-dictionary", "policy"},
    "throws": {"play-win-now", "play-block-now", "play-4x4-level-3"},  # and more, as each language's indexes go
    "prints-passed": ALL_TESTS - {"policy"},
}
# Where a language's fixture fails otherwise: Java's strings are objects of their own where Python's one-character
# ones are shared, a Java submission that does not compile runs nothing, and Python's play cases run the
# submission's own computer_play, which without is_draw misses one full board's draw.
LANGUAGE_FAILED: dict[tuple[str, str], set[str]] = {
    ("java", "lacks-handout"): set(),  # the grader's handout files stand in for those it lacks
    ("java", "unknown-symbol"): ALL_TESTS,
    ("java", "dictionary-identity"): FAILED["dictionary-identity"] | {"collisions-1-bucket",
                                                                      "remove-absent-shared-bucket"},
    ("java", "does-not-compile"): ALL_TESTS,
    ("python", "lacks-method"): {"play-4x4-full-row", "board-draw", "board-both-win", "board-full-x-wins",
                                 "board-full-o-wins", "random-boards"},
}  # fmt: skip
PROCESSOR_TIMEOUT = "no answer within {seconds} s of processor time (the time limit of a test)"
CLOCK_TIMEOUT = "no answer within {seconds} s on the clock (three times the time limit of a test)"
# A failure of each fixture, word for word.
MESSAGES: dict[tuple[str, str], tuple[str, str]] = {
    ("java", "dictionary-identity"): ("play-4x4-corner", 'on the board ["X   ", "    ", "    ", "    "] (size 4,'
                                      " length 3, max_levels 6): expected score=1 row=1 col=1 nodes=12138, got score=1"
                                      " row=1 col=1 nodes=35877"),
    ("java", "does-not-compile"): ("testdict 1", "does not compile: HashDictionary.java:37: ';' expected"),
    ("java", "unknown-symbol"): ("testdict 1", "does not compile: HashDictionary.java:15: cannot find symbol: class"
                                 " Entry"),
    ("python", "does-not-compile"): ("testdict 1", "cannot import hashdict: SyntaxError: expected ':' (hashdict.py,"
                                     " line 55)"),
    ("java", "exits"): ("board-both-win", 'on the board [" OXX", "OO X", "O X ", " OXX"] (size 4, length 2): the'
                        " process ended with status 0 during the test: does the code call System.exit? (it printed:"
                        " 'Computer wins')"),
    ("python", "exits"): ("board-both-win", 'on the board [" OXX", "OO X", "O X ", " OXX"] (size 4, length 2):'
                          " eval_board() raised SystemExit: the code called sys.exit(0) (it printed: 'Computer wins')"),
    ("java", "get-zero-absent"): ("testdict 4", "get of the absent key 'chicken' returned 0, not -1"),
    ("python", "put-duplicate"): ("testdict 2", "put of an existing key did not raise DictionaryException"),
    ("java", "collisions-off-by-one"): ("collisions-1-bucket", "on a table of 1 bucket, put of 'b' after 1 record(s)"
                                        " returned 0, not 1 (put returns 1 when the record's bucket already held a"
                                        " record)"),
    ("python", "remove-keeps-record"): ("collisions-1-bucket", "on a table of 1 bucket whose records were all removed,"
                                        " put of 'd' returned 1, not 0: the bucket was empty again"),
    ("java", "answers-from-a-model"): ("policy", "the course forbids Java's hash tables and hashCode() and Python's"
                                       " dict and set for the table: HashDictionary.java:19: java.util.HashMap;"
                                       " HashDictionary.java:41: java.util.HashMap.put;"
                                       " HashDictionary.java:56: java.util.HashMap.remove;"
                                       " HashDictionary.java:64: java.util.HashMap.get;"
                                       " HashDictionary.java: java.util.HashMap (the type of model)"),
    ("python", "answers-from-a-model"): ("policy", "the course forbids Java's hash tables and hashCode() and Python's"
                                         " dict and set for the table: hashdict.py:23: a dict"),
    ("java", "loops"): ("testdict 9", "no answer within 3 s of processor time (the time limit of a test)"),
    ("python", "slow-search"): ("play-4x4-speed", 'on the board ["    ", "    ", "    ", "    "] (size 4, length 4,'
                                " max_levels 9): no answer within 3 s of processor time (the time limit of a test)"),
    ("python", "wins-counts-tiles"): ("board-tiles-apart-row", 'on the board ["XX X", "O O ", "    ", "    "] (size 4,'
                                      " length 3): expected wins_x=false wins_o=false eval=1, got wins_x=true"
                                      " wins_o=false eval=0"),
    ("java", "wins-first-rows-only"): ("board-last-row", 'on the board ["    ", "    ", "    ", " XXX"] (size 4, length'
                                       " 3): expected wins_x=true eval=0, got wins_x=false eval=1"),
    ("python", "wins-no-anti-diagonal"): ("board-anti-diagonal", 'on the board ["    ", "  O ", " O  ", "O  X"]'
                                          " (size 4, length 3): expected wins_o=true eval=3, got wins_o=false eval=1"),
    ("java", "draw-ignores-wins"): ("board-full-x-wins", 'on the board ["XOX", "XOO", "XXO"] (size 3, length 3):'
                                    " expected wins_x=true is_draw=false eval=0, got wins_x=true is_draw=true eval=0"),
    ("python", "eval-x-first"): ("board-both-win", 'on the board [" OXX", "OO X", "O X ", " OXX"] (size 4, length 2):'
                                 " expected wins_x=true wins_o=true is_draw=false eval=3, got wins_x=true wins_o=true"
                                 " is_draw=false eval=0"),
    ("java", "throws"): ("board-draw", 'on the board ["XOX", "XOO", "OXX"] (size 3, length 3): wins(\'X\') threw'
                         " ArrayIndexOutOfBoundsException: Index -1 out of bounds for length 3 (at"
                         " Configurations.run(Configurations.java:50))"),
    ("python", "throws"): ("play-win-now", 'on the board ["XX ", "OO ", "X  "] (size 3, length 3, max_levels 4):'
                           " computer_play(configs, stats=stats) raised IndexError: list index out of range (at"
                           " configurations.py:48 in _run)"),
    ("python", "wins-exactly-k"): ("board-longer-run-row", 'on the board ["XXXX ", "OO O ", "     ", "   O ", "     "]'
                                   " (size 5, length 3): expected wins_x=true wins_o=false eval=0, got wins_x=false"
                                   " wins_o=false eval=1"),
    ("java", "save-play-stores-nothing"): ("board-read-back", 'on the board ["X O", " X ", "O  "] (size 3, length 3):'
                                           " once its tiles were played, squareIsEmpty answers 111111111, not 010101011"
                                           " (row by row, 1 for an empty square)"),
    ("java", "lacks-method"): ("board-draw", 'on the board ["XOX", "XOO", "OXX"] (size 3, length 3): Configurations'
                               " has no method boolean isDraw()"),
    ("python", "lacks-method"): ("board-draw", 'on the board ["XOX", "XOO", "OXX"] (size 3, length 3): Configurations'
                                 " has no method is_draw()"),
}  # fmt: skip


#: Every fixture, in each language it is written in.
FIXTURE_NAMES = sorted({*FAILED, *(name for _, name in LANGUAGE_FAILED)})
CASES = [(language, name) for name in FIXTURE_NAMES for language in LANGUAGES if fixture(language, name).is_dir()]


@cache
def graded(language: str, folder: Path) -> dict[str, SubmissionResult]:
    """Every fixture of ``language``, graded once in a test run (``folder``: its ``run_folder``): the slow ones with
    3 s a test, the others with 20 s."""
    fast = [name for lang, name in CASES if lang == language and name not in SLOW]
    return made_once(
        folder,
        f"fixtures-{language}",
        lambda: {**grade(language, fast, timeout=20), **grade(language, list(SLOW), timeout=3)},
    )


def failed(result: SubmissionResult) -> set[str]:
    return {test.name for test in result.tests if not test.passed}


@pytest.mark.parametrize(("language", "name"), CASES)
def test_each_fixture_fails_exactly_the_tests_that_catch_its_mistake(
    language: str, name: str, run_folder: Path
) -> None:
    need_jdk(language)
    result = graded(language, run_folder)[name]
    expected = expected_failures(language, name)
    assert (result.language, len(result.tests)) == (language, len(ALL_TESTS))
    found = failed(result)
    if language == "python" and name in SLOW:
        found.discard("play-4x4-speed")  # under the short limit, plain Python may not finish the speed case either
        expected.discard("play-4x4-speed")
    if name != "throws":
        assert found == expected
    else:
        assert expected <= found
    assert result.all_passed == (not expected)


@pytest.mark.parametrize(("language", "name"), sorted(MESSAGES))
def test_a_failure_says_what_the_student_can_fix(language: str, name: str, run_folder: Path) -> None:
    need_jdk(language)
    test_name, message = MESSAGES[language, name]
    (test,) = [test for test in graded(language, run_folder)[name].tests if test.name == test_name]
    if message.endswith(PROCESSOR_TIMEOUT.format(seconds=3)):
        # A loop that shares a busy machine may reach the clock's cap (three times the limit) first: both are timeouts.
        clock = message.replace(PROCESSOR_TIMEOUT.format(seconds=3), CLOCK_TIMEOUT.format(seconds=9))
        assert test.message in (message, clock)
    else:
        assert test.message == message


@pytest.mark.parametrize("language", LANGUAGES)
def test_printing_passed_or_forging_answers_passes_nothing(language: str, run_folder: Path) -> None:
    need_jdk(language)
    result = graded(language, run_folder)["prints-passed"]
    assert [test.name for test in result.tests if test.passed] == ["policy"]
    assert "(it printed: '   Test testdict 1 succeeded\\npassed" in result.tests[0].message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fixture_that_only_changes_node_counts_is_caught_by_the_play_cases(language: str, run_folder: Path) -> None:
    """Its dictionary compares keys by identity: scores and squares stay right, the node counts grow."""
    need_jdk(language)
    (corner,) = [
        test for test in graded(language, run_folder)["dictionary-identity"].tests if test.name == "play-4x4-corner"
    ]
    assert corner.message.endswith("expected score=1 row=1 col=1 nodes=12138, got score=1 row=1 col=1 nodes=35877")


def test_a_java_submission_without_the_handout_files_gets_the_grader_s_and_its_real_verdict(run_folder: Path) -> None:
    """It calls DictionaryException's constructor without arguments, as real submissions do; the report says so."""
    need_jdk("java")
    result = graded("java", run_folder)["lacks-handout"]
    assert result.notes == (
        "the grader supplied the course's DictionaryADT.java and DictionaryException.java: the submission lacks them",
    )
    assert result.all_passed


def expected_failures(language: str, name: str) -> set[str]:
    return set(LANGUAGE_FAILED[language, name] if (language, name) in LANGUAGE_FAILED else FAILED[name])


@pytest.mark.parametrize(("language", "name"), CASES)
def test_the_fixed_tests_alone_catch_every_faulty_fixture(language: str, name: str, run_folder: Path) -> None:
    """A verdict must not hang on the seed: a fixture that fails anything fails tests that are the same for every
    seed, and the random tests only add to them.  They run after every fixed test that runs code (the policy only
    reads files), so that they cannot change one."""
    need_jdk(language)
    order = [test.name for test in builtin_suite(SEED) if test.process]
    assert order[-len(RANDOM_TESTS) :] == [test.name for test in random_tests(SEED)]
    found = failed(graded(language, run_folder)[name])
    assert bool(found - RANDOM_TESTS) == bool(found)
    assert bool(expected_failures(language, name) - RANDOM_TESTS) == bool(expected_failures(language, name))


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wins_of_exactly_k_and_a_save_play_that_stores_nothing_fail_without_the_random_tests(language: str) -> None:
    """Graded with the random tests turned off, as if on a seed that finds nothing: each still fails, on the fixed
    tests it fails with them."""
    need_jdk(language)
    fixed = tuple(test for test in builtin_suite(SEED) if test.name not in RANDOM_TESTS)
    names = ["wins-exactly-k", "save-play-stores-nothing"]
    results = grade(language, names, timeout=20, tests=fixed)
    for name in names:
        assert failed(results[name]) == expected_failures(language, name) - RANDOM_TESTS
        assert not results[name].all_passed
