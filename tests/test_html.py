"""The HTML report, rendered by a real headless Chromium: the page loads, the score table and the
failures are there, and a failing tree's nodes carry the colours of who examined them."""
import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT, run_cli

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None and os.environ.get("CI") != "true",
    reason="no Chromium here (apt-get install chromium); CI installs it, so there this fails")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
HIDDEN = "alphabeta_decision: examines the reference's nodes"


def chromium(tmp_path, *args):
    completed = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                                *args], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr[-2000:]
    return completed.stdout


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
    assert re.search(r"<h1>sample_submission: \d+ / 100 points</h1>", dom)
    assert dom.count("data-function=") == 9
    assert dom.count('class="failure"') == 5


def test_a_failing_trees_nodes_are_coloured_by_who_examined_them(report, tmp_path):
    tree = section(chromium(tmp_path, "--dump-dom", report["instructor"].as_uri()), HIDDEN)
    kinds = dict(re.findall(r'data-node="(\w+)" data-kind="(\w+)"', tree))
    assert kinds["C2"] == kinds["C3"] == "extra"            # only the student examined them
    assert kinds["A"] == kinds["C1"] == kinds["D3"] == "both"
    assert "α=3 ≥ β=2" in tree                               # where the reference pruned C
    assert "examined only by your search" in tree            # the legend


def test_a_hidden_checks_input_never_reaches_the_students_page(report, tmp_path):
    tree = section(chromium(tmp_path, "--dump-dom", report["student"].as_uri()), HIDDEN)
    assert "<svg" not in tree and "data-node" not in tree and "examined" not in tree
    assert "The root is an alpha-beta node too" in tree


def test_the_page_renders_to_a_screenshot(report, tmp_path):
    picture = tmp_path / "report.png"
    chromium(tmp_path, "--window-size=1100,1400", f"--screenshot={picture}",
             report["instructor"].as_uri())
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 20_000
