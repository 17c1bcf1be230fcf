"""JUnit XML: a ``testsuite`` per submission, a ``testcase`` per test, with ``failure`` or ``error`` elements.

CI servers and test dashboards read it.  The suite is named by the
submission's path and carries its language, the run's seed and sandbox,
its notes, the warning of an unconfined run and the limits as properties; a test's
message is both the ``message`` attribute and the element's text.  A
character that XML 1.0 cannot hold (most controls, lone surrogates,
U+FFFE) or would change (a carriage return) is written as an escape
(``\\x1b``), so the document parses whatever bytes a message holds.

>>> from tictactoe.grade.formats.run import RunInfo
>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> result = SubmissionResult("bob", "java", (TestResult("testdict 2", Status.FAILED, "no raise\\x00"),))
>>> print(junit_report([result], RunInfo(7, "bwrap")))
<?xml version='1.0' encoding='utf-8'?>
<testsuites tests="1" failures="1" errors="0">
  <testsuite name="bob" tests="1" failures="1" errors="0">
    <properties>
      <property name="language" value="java" />
      <property name="seed" value="7" />
      <property name="sandbox" value="bwrap" />
    </properties>
    <testcase classname="bob" name="testdict 2">
      <failure message="no raise\\x00">no raise\\x00</failure>
    </testcase>
  </testsuite>
</testsuites>
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from tictactoe.grade.results import Status

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.formats.run import RunInfo
    from tictactoe.grade.results import SubmissionResult

__all__ = ["junit_report", "xml_safe"]

# What XML 1.0 cannot hold, and the carriage return that a reader turns into a newline.
_UNSAFE = re.compile("[^\t\n\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|\r")


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold, or would change, written as an escape.

    >>> xml_safe("bell\\x07 cr\\r surrogate\\ud800 fine\\té")
    'bell\\\\x07 cr\\\\x0d surrogate\\\\ud800 fine\\té'
    """

    def code(match: re.Match[str]) -> str:
        number = ord(match.group())
        return f"\\x{number:02x}" if number < 0x100 else f"\\u{number:04x}"

    return _UNSAFE.sub(code, text)


def junit_report(results: Iterable[SubmissionResult], run: RunInfo) -> str:
    """The XML document, indented, without a final newline."""
    root = ElementTree.Element("testsuites")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for result in results:
        counts = {
            "tests": len(result.tests),
            "failures": sum(test.status is Status.FAILED for test in result.tests),
            "errors": sum(test.status is Status.ERROR for test in result.tests),
        }
        name = xml_safe(result.submission)
        suite = ElementTree.SubElement(root, "testsuite", {"name": name, **_strings(counts)})
        properties = ElementTree.SubElement(suite, "properties")
        for key, value in _properties(result, run):
            ElementTree.SubElement(properties, "property", {"name": key, "value": xml_safe(value)})
        for test in result.tests:
            case = ElementTree.SubElement(suite, "testcase", {"classname": name, "name": xml_safe(test.name)})
            if not test.passed:
                kind = "failure" if test.status is Status.FAILED else "error"
                message = xml_safe(test.message)
                ElementTree.SubElement(case, kind, {"message": message}).text = message
        for key, count in counts.items():
            totals[key] += count
    root.attrib.update(_strings(totals))
    ElementTree.indent(root)
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True).replace(
        "<?xml version='1.0' encoding='us-ascii'?>", "<?xml version='1.0' encoding='utf-8'?>"
    )


def _properties(result: SubmissionResult, run: RunInfo) -> list[tuple[str, str]]:
    found = [("language", result.language), ("seed", str(run.seed)), ("sandbox", run.sandbox)]
    found += [("warning", run.warning)] if run.warning else []
    found += [("limits", run.limits)] if run.limits else []
    return found + [("note", note) for note in result.notes]


def _strings(counts: dict[str, int]) -> dict[str, str]:
    return {key: str(value) for key, value in counts.items()}
