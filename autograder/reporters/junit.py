"""JUnit XML: one testsuite, one testcase per check (classname = the function it judges), a failure
whose message is the feedback and whose text adds the input drawn (after the function's diagnosis,
in its first failure); points as properties. What CI
systems read into their test views (GitLab's merge-request widget, Jenkins, test-report actions).
A check this grading did not run (--only) is a skipped testcase, its message saying why."""
import re
import xml.etree.ElementTree as ET

from autograder.reporters.text import with_diagnosis
from autograder.results import points

_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text):
    """Text XML 1.0 can hold: characters it forbids (control characters) become U+FFFD."""
    return _NOT_XML.sub("\ufffd", str(text))


def _properties(parent, pairs):
    properties = ET.SubElement(parent, "properties")
    for name, value in pairs:
        ET.SubElement(properties, "property", name=name, value=_clean(value))


def render(report):
    failures = sum(check.status == "failed" for check in report.checks)
    errors = sum(check.ran and check.status not in ("passed", "failed") for check in report.checks)
    skipped = str(len(report.not_run()))
    seconds = f"{sum(check.seconds for check in report.checks):.3f}"
    counts = {"tests": str(len(report.checks)), "failures": str(failures),
              "errors": str(errors), "time": seconds}
    suites = ET.Element("testsuites", name="autograder", **counts)
    suite = ET.SubElement(suites, "testsuite", name=_clean(report.submission), **counts,
                          skipped=skipped)
    _properties(suite, [("points", points(report.points)),
                        ("max_points", points(report.max_points)),
                        ("sandbox", report.sandbox)])
    for check in report.checks:
        case = ET.SubElement(suite, "testcase", classname=check.function,
                             name=_clean(check.shown_name), time=f"{check.seconds:.3f}")
        _properties(case, [("points", points(check.points)),
                           ("max_points", points(check.max_points)),
                           ("visibility", check.visibility)])
        if not check.ran:
            said = f"{check.feedback} {check.warning}" if check.warning else check.feedback
            ET.SubElement(case, "skipped", message=_clean(said))
        elif not check.passed:
            kind = "failure" if check.status == "failed" else "error"
            problem = ET.SubElement(case, kind, message=_clean(check.feedback or check.status),
                                    type=check.status)
            problem.text = _clean(with_diagnosis(report, check) or check.status)
    ET.indent(suites, space="  ")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ET.tostring(suites, encoding="unicode") + "\n")
