"""The course's rules, checked in the submission's files: no hash table but the student's own.

What each language's policy reads is its plug-in's to say
(:meth:`~tictactoe.grade.languages.protocol.Language.policy`); the readers
of Java's compiled classes and of Python's files are here. The assignment
forbids Java's ``Hashtable``, ``HashMap``, ``HashSet``, any other class that
implements a hash table, and ``hashCode()``; a Python submission may not
keep its records in a ``dict`` or a ``set``. The ``policy`` test runs none
of the submission's code and reports each use with its file and line, as a
test of its own that a teacher can weigh. No sandbox can tell a table that
answers from a ``HashMap`` of its own beside it (a correct model embedded in
the submission): this test is how a teacher sees it.

Java is read from the classes the grader compiled (:mod:`~tictactoe.grade.classfile`),
as the JVM sees them: a ``\\u0048ashMap`` escape, a helper file, a method
reference (``String::hashCode``) and a student's own ``hashCode(String)``
(which is allowed) are told apart by class and descriptor.  Reported: every
JDK map or set (``java.util`` and ``java.util.concurrent``), ``hashCode()``,
``System.identityHashCode``, ``Objects.hash``, the collectors that make
maps and sets, reflection (``java.lang.reflect``, ``Class.forName``,
``getMethod`` ...) and method handles (``java.lang.invoke``, beyond the
bootstraps javac gives lambdas and string concatenation).  Python is read
from every ``.py`` file: ``dict`` and ``set`` in any form, ``collections``'
maps, ``lru_cache`` and ``cache``, and what reaches names by strings
(``getattr``, ``setattr``, ``globals``, ``vars``, ``__dict__``, ``exec``,
``eval``, ``importlib``, ``__import__``); a function of the student's own
named ``set`` is the student's.

>>> python_uses("table = {}\\nrows = [set() for _ in range(3)]\\n", "hashdict.py")
['hashdict.py:1: a dict', 'hashdict.py:2: set()']
>>> python_uses("def set(table, key):\\n    return key\\n\\nset(None, 'k')\\n", "hashdict.py")
[]
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tictactoe.grade.classfile import ClassFileError, Use, read_class
from tictactoe.grade.talk import Failed, GradeTest, Talk

__all__ = ["class_uses", "java_uses", "policy_test", "python_file_uses", "python_uses"]

_MOST_SHOWN = 12
# The JDK's maps and sets (Map, HashMap, TreeMap, Set, EnumSet, ConcurrentHashMap, Map.Entry ...) and its old tables.
_JDK_TABLES = re.compile(r"^java/util/(?:concurrent/)?(?:\w*(?:Map|Set)|Hashtable|Properties|Dictionary)(?:\$\w+)?$")
_HASHES = {
    ("java/lang/System", "identityHashCode"),
    ("java/util/Objects", "hash"),
    ("java/util/Objects", "hashCode"),
    ("java/util/Arrays", "hashCode"),
    ("java/util/Arrays", "deepHashCode"),
}
_REFLECTIVE = frozenset(
    {"forName", "getMethod", "getMethods", "getDeclaredMethod", "getDeclaredMethods", "getField", "getFields",
     "getDeclaredField", "getDeclaredFields", "getConstructor", "getConstructors", "getDeclaredConstructor",
     "getDeclaredConstructors", "newInstance", "getClasses", "getDeclaredClasses", "getRecordComponents"}
)  # fmt: skip
_COLLECTORS = frozenset(
    {"toMap", "toSet", "groupingBy", "groupingByConcurrent", "partitioningBy", "toUnmodifiableMap",
     "toUnmodifiableSet", "toConcurrentMap"}
)  # fmt: skip
_TYPE = re.compile(r"L([^;<]+)[;<]")
#: Python's names that make or reach a dict or a set, or reach names by strings.
_PYTHON_NAMES = frozenset(
    {"dict", "set", "frozenset", "Counter", "defaultdict", "OrderedDict", "ChainMap", "lru_cache", "cache",
     "getattr", "setattr", "delattr", "globals", "locals", "vars", "exec", "eval", "__import__"}
)  # fmt: skip
_PYTHON_ATTRIBUTES = frozenset(
    {"Counter", "defaultdict", "OrderedDict", "ChainMap", "lru_cache", "cache", "__dict__", "fromkeys",
     "import_module", "WeakKeyDictionary", "WeakValueDictionary", "WeakSet", "MappingProxyType"}
)  # fmt: skip
_PYTHON_MODULES = frozenset({"importlib", "builtins"})


def policy_test() -> GradeTest:
    """``policy``: the course's forbidden tables, each use with its line."""
    return GradeTest("policy", _check, process=False)


def class_uses(data: bytes) -> list[str]:
    """``File.java:LINE: what`` for each use the class file ``data`` makes of what the course forbids."""
    try:
        read = read_class(data)
    except ClassFileError as error:
        return [f"a class file the grader cannot read: {error}"]
    found = []
    for use in read.uses:
        what = _forbidden(use)
        if what is not None:
            where = f"{read.source}:{use.line}" if use.line else f"{read.source} (in {use.method})"
            found.append(f"{where}: {what}")
    for name, type_name in read.declared:
        if _JDK_TABLES.match(type_name):
            found.append(f"{read.source}: {_dotted(type_name)} (the type of {name})")
    return list(dict.fromkeys(found))  # ``new HashMap<>()`` is two instructions, one use


def _dotted(name: str) -> str:
    return name.replace("/", ".").replace("$", ".")


def _forbidden(use: Use) -> str | None:
    """What a use of the code is, when the course forbids it; None when it does not."""
    if use.kind == "handle":
        return "a method handle (java.lang.invoke)"
    member, owner = use.member, use.name
    called = f"{_dotted(owner)}.{member.name}" if member is not None and member.name != "<init>" else _dotted(owner)
    if _JDK_TABLES.match(owner):
        return called
    if owner.startswith("java/lang/reflect/") or (owner == "java/lang/Class" and member and member.name in _REFLECTIVE):
        return f"reflection ({called})"
    if owner.startswith("java/lang/invoke/"):
        return f"a method handle ({called})"
    if member is None:
        return None
    if member.name == "hashCode" and member.descriptor == "()I":
        return None if use.switch and owner == "java/lang/String" else f"{called}()"
    if (owner, member.name) in _HASHES or (owner == "java/util/stream/Collectors" and member.name in _COLLECTORS):
        return f"{called}()"
    if owner.startswith("java/") and any(_JDK_TABLES.match(name) for name in _TYPE.findall(member.descriptor)):
        return f"{called}() (a map or set)"
    return None


def python_uses(source: str, name: str) -> list[str]:
    """``file.py:LINE: what`` for each ``dict`` or ``set`` in any form, each of collections' maps, each cache, and
    each way to reach names by strings, unless the file names its own function or variable so."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []  # what does not parse does not import either: the other tests say so
    own = _own_names(tree)
    found: list[tuple[int, str]] = []
    covered: set[int] = set()
    for node in ast.walk(tree):  # parents before their children: a call is named once, by its call
        what = None if id(node) in covered else _python_use(node, own)
        if what is not None:
            found.append((getattr(node, "lineno", 0), f"{name}:{getattr(node, 'lineno', 0)}: {what}"))
            # what a call calls, or what an attribute is taken of, is named with it; a call's arguments on their own
            named = node.func if isinstance(node, ast.Call) else node.value if isinstance(node, ast.Attribute) else None
            if named is not None:
                covered.update(id(child) for child in ast.walk(named))
    return [text for _, text in sorted(found)]


def _python_use(node: ast.AST, own: set[str]) -> str | None:
    """What ``node`` is, when the course forbids it; None otherwise."""
    if isinstance(node, ast.Dict | ast.DictComp):
        return "a dict"
    if isinstance(node, ast.Set | ast.SetComp):
        return "a set"
    if isinstance(node, ast.Call):
        inner = _python_use(node.func, own)
        return None if inner is None else f"{inner}()"
    if isinstance(node, ast.Name) and node.id in _PYTHON_NAMES and node.id not in own:
        return node.id
    if isinstance(node, ast.Attribute) and node.attr in _PYTHON_ATTRIBUTES:
        return ast.unparse(node)
    if isinstance(node, ast.Import | ast.ImportFrom):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        names = [] if isinstance(node, ast.Import) else [alias.name for alias in node.names]
        if any(module.split(".")[0] in _PYTHON_MODULES for module in modules) or set(names) & _PYTHON_ATTRIBUTES:
            return ast.unparse(node)
    return None


def _own_names(tree: ast.AST) -> set[str]:
    """The names the file defines itself: its functions, classes, variables and parameters (not its imports)."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.arg):
            own.add(node.arg)
    return own


def _check(talk: Talk) -> str:
    found = talk.language.policy(talk.source, talk.compiled) if talk.language is not None else []
    if not found:
        return ""
    shown = "; ".join(found[:_MOST_SHOWN]) + (
        f"; and {len(found) - _MOST_SHOWN} more" if len(found) > _MOST_SHOWN else ""
    )
    raise Failed(
        f"the course forbids Java's hash tables and hashCode() and Python's dict and set for the table: {shown}"
    )


def java_uses(classes: Path) -> list[str]:
    """The uses of every class the grader compiled of the submission, in the order of their files' names."""
    found = []
    for path in sorted(classes.rglob("*.class")):
        found += class_uses(path.read_bytes())
    return found


def python_file_uses(source: Path) -> list[str]:
    """The uses of every ``.py`` file below ``source``, in the order of their paths."""
    found = []
    for path in sorted(source.rglob("*.py")):
        found += python_uses(path.read_text(encoding="utf-8", errors="replace"), str(path.relative_to(source)))
    return found
