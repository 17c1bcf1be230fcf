"""The course's rules, checked in the submission's files: no hash table but the student's own.

The assignment forbids Java's ``Hashtable``, ``HashMap``, ``HashSet``, any
other class that implements a hash table, and ``hashCode()``; a Python
submission's ``hashdict`` may not keep its records in a ``dict`` or a
``set``.  The ``policy`` test reads the submission's files (it runs none of
its code) and reports each use with its file and line, as a test of its
own that a teacher can weigh.  No sandbox can tell a table that answers
from a ``HashMap`` of its own beside it (a correct model embedded in the
submission): this test is how a teacher sees it.

>>> java_uses("Map<String, Integer> m = new HashMap<>(); // HashSet\\nint h = key.hashCode();", "T.java")
['T.java:1: HashMap', 'T.java:2: hashCode()']
>>> python_uses("table = {}\\nrows = [set() for _ in range(3)]\\n", "hashdict.py")
['hashdict.py:1: a dict', 'hashdict.py:2: set()']
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tictactoe.grade.talk import Failed, GradeTest, Talk

__all__ = ["COURSE_FILES", "java_uses", "policy_test", "python_uses"]

#: Files the course hands out, not the student's work: not read.
COURSE_FILES = frozenset(
    {"Play.java", "PosPlay.java", "TestDict.java", "DictionaryADT.java", "DictionaryException.java"}
)
_MOST_SHOWN = 12
_HASH_CLASSES = (
    "Hashtable|HashMap|HashSet|LinkedHashMap|LinkedHashSet|ConcurrentHashMap|IdentityHashMap|WeakHashMap|Properties"
)
_JAVA_USES = (
    (re.compile(rf"\b({_HASH_CLASSES})\b"), None),
    (re.compile(r"\b(Map|Set)\s*\.\s*(of|ofEntries|copyOf)\s*\("), "{0}.{1}()"),
    (
        re.compile(r"\bCollectors\s*\.\s*(toMap|toSet|groupingBy|toUnmodifiableMap|toUnmodifiableSet)\b"),
        "Collectors.{0}",
    ),
    (re.compile(r"\bObjects\s*\.\s*hash\s*\("), "Objects.hash()"),
    (re.compile(r"(?<!\bint )(?<!\bint  )\bhashCode\s*\("), "hashCode()"),
)
_PYTHON_CALLS = frozenset({"dict", "set", "frozenset", "defaultdict", "OrderedDict", "Counter", "ChainMap", "vars"})
# Java source without its comments, strings and characters: what is left is code.
_JAVA_NOISE = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.DOTALL)


def policy_test() -> GradeTest:
    """``policy``: the course's forbidden tables, each use with its line."""
    return GradeTest("policy", _check, process=False)


def java_uses(source: str, name: str) -> list[str]:
    """``File.java:LINE: what`` for each use of a hash table of Java's or of ``hashCode()``."""
    code = _JAVA_NOISE.sub(lambda match: "\n" * match.group().count("\n") + " ", source)
    found = []
    for number, line in enumerate(code.splitlines(), start=1):
        for pattern, shown in _JAVA_USES:
            for match in pattern.finditer(line):
                what = match.group(1) if shown is None else shown.format(*match.groups())
                found.append(f"{name}:{number}: {what}")
    return found


def python_uses(source: str, name: str) -> list[str]:
    """``file.py:LINE: what`` for each ``dict`` or ``set`` (literal, comprehension, call), and collections' maps."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []  # what does not parse does not import either: the other tests say so
    found = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.Dict | ast.DictComp):
            what = "a dict"
        elif isinstance(node, ast.Set | ast.SetComp):
            what = "a set"
        elif isinstance(node, ast.Call):
            function = node.func
            called = function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)
            what = f"{called}()" if called in _PYTHON_CALLS else None
        elif isinstance(node, ast.Attribute) and node.attr == "__dict__":
            what = "__dict__"
        if what is not None and isinstance(node, ast.expr):
            found.append((node.lineno, f"{name}:{node.lineno}: {what}"))
    return [text for _, text in sorted(found)]


def _check(talk: Talk) -> str:
    found = _python(talk.source) if talk.words.language == "python" else _java(talk.source)
    if not found:
        return ""
    shown = "; ".join(found[:_MOST_SHOWN]) + (
        f"; and {len(found) - _MOST_SHOWN} more" if len(found) > _MOST_SHOWN else ""
    )
    raise Failed(
        f"the course forbids Java's hash tables and hashCode() and Python's dict and set for the table: {shown}"
    )


def _java(source: Path) -> list[str]:
    found = []
    for path in sorted(source.glob("*.java")):
        if path.name not in COURSE_FILES:
            found += java_uses(path.read_text(encoding="utf-8", errors="replace"), path.name)
    return found


def _python(source: Path) -> list[str]:
    paths = (
        [source / "hashdict.py"] if (source / "hashdict.py").is_file() else sorted((source / "hashdict").rglob("*.py"))
    )
    found = []
    for path in paths:
        found += python_uses(path.read_text(encoding="utf-8", errors="replace"), str(path.relative_to(source)))
    return found
