"""JUnit XML: a ``testsuite`` per submission, a ``testcase`` per test, with ``failure`` or ``error`` elements.

CI servers and test dashboards read it.  The suite is named by the
submission's path and carries its language as a property; a test's message
is both the ``message`` attribute and the element's text.

>>> from tictactoe.grade.results import Status, SubmissionResult, TestResult
>>> print(junit_report([SubmissionResult("bob", "java", (TestResult("testdict 2", Status.FAILED, "no raise"),))]))
<?xml version='1.0' encoding='utf-8'?>
<testsuites tests="1" failures="1" errors="0">
  <testsuite name="bob" tests="1" failures="1" errors="0">
    <properties>
      <property name="language" value="java" />
    </properties>
    <testcase classname="bob" name="testdict 2">
      <failure message="no raise">no raise</failure>
    </testcase>
  </testsuite>
</testsuites>
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.etree import ElementTree

from tictactoe.grade.results import Status

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tictactoe.grade.results import SubmissionResult

__all__ = ["junit_report"]


def junit_report(results: Iterable[SubmissionResult]) -> str:
    """The XML document, indented, without a final newline."""
    root = ElementTree.Element("testsuites")
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for result in results:
        counts = {
            "tests": len(result.tests),
            "failures": sum(test.status is Status.FAILED for test in result.tests),
            "errors": sum(test.status is Status.ERROR for test in result.tests),
        }
        suite = ElementTree.SubElement(root, "testsuite", {"name": result.submission, **_strings(counts)})
        properties = ElementTree.SubElement(suite, "properties")
        ElementTree.SubElement(properties, "property", {"name": "language", "value": result.language})
        for test in result.tests:
            case = ElementTree.SubElement(suite, "testcase", {"classname": result.submission, "name": test.name})
            if not test.passed:
                kind = "failure" if test.status is Status.FAILED else "error"
                ElementTree.SubElement(case, kind, {"message": test.message}).text = test.message
        for key, count in counts.items():
            totals[key] += count
    root.attrib.update(_strings(totals))
    ElementTree.indent(root)
    return ElementTree.tostring(root, encoding="unicode", xml_declaration=True).replace(
        "<?xml version='1.0' encoding='us-ascii'?>", "<?xml version='1.0' encoding='utf-8'?>"
    )


def _strings(counts: dict[str, int]) -> dict[str, str]:
    return {key: str(value) for key, value in counts.items()}
