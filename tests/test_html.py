"""The HTML report, rendered by a real headless Chromium: the page loads, the score table and the
failures are there, a failing tree's nodes carry the colours of who examined them, a wide tree
fits its card, and a page in Catalan renders as one in English."""
import html as html_module
import json
import os
import re

import pytest

from autograder import policy as grading_config
from autograder.language import _, speaking
from support.browser import CHROMIUM, chromium
from support.cli import run_cli
from support.golden import ORDER
from support.paths import ROOT

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(
    CHROMIUM is None and os.environ.get("CI") != "true",
    reason="no Chromium here (apt-get install chromium); CI installs it, so there this fails")]
HIDDEN = "alphabeta_decision: examines the reference's nodes"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("html")
    pages = {}
    for audience, extra in (("instructor", ["--show-hidden"]), ("student", [])):
        page = folder / f"{audience}.html"
        completed = run_cli("grade", ROOT / "examples" / "sample_submission", "--format", "html",
                            "--output", page, *extra)
        assert completed.returncode == 0, completed.stderr
        pages[audience] = page
    return pages


def section(dom, check):
    return dom.split(f'data-check="{check}"')[1].split("</section>")[0]


def test_chromium_renders_the_score_table_and_every_failure(report, tmp_path):
    dom = chromium(tmp_path, "--dump-dom", report["instructor"].as_uri())
    total = grading_config.load().total
    assert re.search(rf"<h1>sample_submission: \d+ / {total:g} points</h1>", dom)
    assert len(re.findall(r'<tr class="[^"]*" data-function=', dom)) == 9
    assert dom.count('class="diagnosis"') == 1  # alphabeta_decision's, once before its failures
    assert dom.count('class="failure"') == 5


def test_a_failing_trees_nodes_are_coloured_by_who_examined_them(report, tmp_path):
    tree = section(chromium(tmp_path, "--dump-dom", report["instructor"].as_uri()), HIDDEN)
    kinds = dict(re.findall(r'data-node="(\w+)" data-kind="(\w+)"', tree))
    assert kinds["C2"] == kinds["C3"] == "extra"            # only the student examined them
    assert kinds["A"] == kinds["C1"] == kinds["D3"] == "both"
    assert "α=3 ≥ β=2" in tree                               # where the reference pruned C
    assert "examined only by your search" in tree            # the legend


def test_a_hidden_checks_input_never_reaches_the_students_page(report, tmp_path):
    dom = chromium(tmp_path, "--dump-dom", report["student"].as_uri())
    tree = section(dom, HIDDEN)
    assert "<svg" not in tree and "data-node" not in tree and "C2" not in tree
    # the function's diagnosis, which names the known mistake, in place of the fixed hint
    assert "The diagnosis of your alphabeta_decision explains this failure." in tree
    diagnosis = dom.split('<p class="diagnosis" data-function="alphabeta_decision">')[1]
    assert "a search that searches every root action with the full window" in \
        diagnosis.split("</p>")[0]


def test_the_page_renders_to_a_screenshot(report, tmp_path):
    picture = tmp_path / "report.png"
    chromium(tmp_path, "--window-size=1100,1400", f"--screenshot={picture}",
             report["instructor"].as_uri())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000


# The measures the page's own layout gives, written into the DOM for --dump-dom to show.
MEASURE = """<script>
const svg = document.querySelector("svg.tree"), card = svg.closest("section.failure");
const style = getComputedStyle(card);
const inner = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
document.body.dataset.measured = JSON.stringify({
  svg: svg.getBoundingClientRect().width, card: inner,
  scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth});
</script>"""


def test_a_wide_tree_shrinks_to_fit_its_card(tmp_path):
    from autograder.reporters import html
    from autograder.results import CheckResult, Report
    wide = {"kind": "tree", "root": "MAX",
            "tree": [[[3 * i + j, 9 - j, j] for j in range(3)] for i in range(4)]}
    page = html.render(Report(submission="wide", sandbox="bwrap", order=ORDER, checks=[CheckResult(
        name="minimax_value: exact values on random trees", function="minimax_value", points=0,
        max_points=5, status="failed", feedback="minimax_value returned 1, expected 9.",
        shown={"heading": "The smallest input that shows it", "example": wide, "note": ""})]))
    (tmp_path / "wide.html").write_text(page)
    measured = tmp_path / "measured.html"
    measured.write_text(page.replace("</body>", MEASURE + "</body>"))
    dom = chromium(tmp_path, "--window-size=1100,900", "--dump-dom", measured.as_uri())
    sizes = json.loads(html_module.unescape(re.search(r'data-measured="([^"]+)"', dom)[1]))
    # 36 leaves are wider than the card at full size: the picture had to shrink.
    assert html.tree_picture(wide, None)["width"] > sizes["card"] > 0
    assert 0 < sizes["svg"] <= sizes["card"]
    assert sizes["scroll"] == sizes["client"]  # no horizontal scroll bar
    picture = tmp_path / "wide.png"
    chromium(tmp_path, "--window-size=1100,900", f"--screenshot={picture}",
             (tmp_path / "wide.html").as_uri())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def catalan_page(tmp_path_factory):
    page = tmp_path_factory.mktemp("html-ca") / "report.html"
    completed = run_cli("grade", ROOT / "examples" / "sample_submission", "--format", "html",
                        "--output", page, "--show-hidden", "--lang", "ca")
    assert completed.returncode == 0, completed.stderr
    return page


def test_the_page_in_catalan_renders_to_a_screenshot(catalan_page, tmp_path):
    """A non-English page as Chromium lays it out: the document says its language, and the
    legend, the checks' names and the failures read in Catalan."""
    dom = chromium(tmp_path, "--dump-dom", catalan_page.as_uri())
    assert '<html lang="ca">' in dom
    with speaking("ca"):
        legend, name = _("examined only by your search"), _(HIDDEN)
    assert legend != "examined only by your search" and html_module.escape(legend) in dom
    assert name != HIDDEN and html_module.escape(name, quote=False) in dom
    picture = tmp_path / "report.ca.png"
    chromium(tmp_path, "--window-size=1100,1400", f"--screenshot={picture}",
             catalan_page.as_uri())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000
