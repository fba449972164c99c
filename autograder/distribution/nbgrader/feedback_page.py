"""nbgrader's feedback page in the notebook's language.

`nbgrader generate_feedback` renders each graded notebook with nbgrader's own template
(feedback/index.html.j2), whose labels are English: "Score:", "Test cell", "Student's answer",
"(Top)", "Comments:". The page goes to the student; SpokenFeedback, the exporter the course's
nbgrader_config.py gives GenerateFeedback, writes those labels in the language the notebook's
metadata names (its generator wrote it there), as the test cells' output already speaks it. A
label is matched with the markup the template writes around it (nbgrader is pinned in
pyproject.toml), so a cell's text is relabelled only where it writes that markup itself (raw HTML
in a Markdown answer, which only the student who wrote it reads); one the template no longer
writes stays as it is. Each pattern stops at the next tag, so that no answer's markup costs more
than linear time.

May import: language.
"""
import re

from nbconvert.exporters import HTMLExporter

from autograder.language import ENGLISH, LANGUAGES, N_, _, speaking

# (the label with the template's markup around it, as a pattern; its message): the message
# replaces the group named "label".
LABELS = (
    (r"<h4>[^<]*\((?P<label>Score): ", N_("Score")),
    (r"</a> \((?P<label>Score): ", N_("Score")),
    (r'<span class="pull-right">\s*(?P<label>Score): ', N_("Score")),
    (r'<li class="late-penalty">(?P<label>Late submission penalty) \(Score: ',
     N_("Late submission penalty")),
    # [^(<]: a student's Markdown answer is raw HTML on the page, and one that writes this item
    # over and over made [^(] scan on to the page's end from each (quadratic: 2 MB, two minutes)
    (r'<li class="late-penalty">[^(<]*\((?P<label>Score): ', N_("Score")),
    (r'<a href="#top">\((?P<label>Top)\)</a>', N_("Top")),
    (r'">(?P<label>Test cell)</a>', N_("Test cell")),
    (r'">(?P<label>Comment)</a>', N_("Comment")),
    (r'<span class="nbgrader-label">(?P<label>Student\'s answer)</span>', N_("Student's answer")),
    (r'<span class="nbgrader-label">(?P<label>Grade cell): <code>', N_("Grade cell")),
    (r"<b>(?P<label>Comments):</b>", N_("Comments")),
)


def spoken_labels(page):
    """nbgrader's feedback `page` (HTML) with its labels in the language spoken."""
    for pattern, message in LABELS:
        page = re.sub(pattern, lambda found, message=message: (
            found[0][:found.start("label") - found.start()] + _(message)
            + found[0][found.end("label") - found.start():]), page)
    return page


class SpokenFeedback(HTMLExporter):
    """nbgrader's HTMLExporter (its config, template and all), writing the page's labels in the
    language of the notebook it renders."""

    def from_notebook_node(self, nb, resources=None, **kw):
        page, resources = super().from_notebook_node(nb, resources, **kw)
        with speaking(notebook_language(nb)):
            return spoken_labels(page), resources


def notebook_language(nb):
    """The language the notebook's metadata names, as its generator wrote it; English where it
    names none the grader speaks: the notebook is the one the student handed in, metadata and all,
    and one that named another ended generate_feedback in an error, without the student's page."""
    named = nb.metadata.get("autograder")
    language = named.get("language") if isinstance(named, dict) else None
    return language if isinstance(language, str) and language in LANGUAGES else ENGLISH
