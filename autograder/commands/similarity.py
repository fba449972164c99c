"""Similarity across a class: which submissions share code, measured with copydetect (winnowing,
the algorithm behind MOSS), and copydetect's HTML report of the shared code for the instructor.

How submissions are compared, and why whole rather than by their closest module:
docs/instructors.md, "How similarity is measured".
"""
import os
import re
import shutil
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

from autograder.files import unique_names, write_atomically

DEFAULT_THRESHOLD = 0.33  # copydetect's own display threshold: a third of a submission shared
UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
NOTHING_TO_COMPARE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Similarity</title></head>
<body><h1>Similarity</h1><p>{count} submission(s) with Python files: fewer than two, so nothing was
compared.</p></body>
</html>
"""


@dataclass(frozen=True)
class SimilarPair:
    """Two submissions (ids as given, `id_a` given first) and the share of one's code found in
    the other, the larger direction's: `similarity` (0..1) and `shared_tokens`."""
    id_a: str
    id_b: str
    similarity: float
    shared_tokens: int


def safe_name(name):
    """`name` as a file name that is plain text in HTML: anything but letters, digits, `.`, `_`
    and `-` becomes `_`, and a leading dot (a hidden file) gets a `_` before it."""
    name = UNSAFE.sub("_", name)
    return f"_{name}" if name.startswith(".") or not name else name


def _modules(folder):
    """A folder's Python files, sorted, from its top level only (a staged submission is flat);
    links are skipped, so nothing outside the folder is read."""
    return sorted(p for p in Path(folder).glob("*.py") if p.is_file() and not p.is_symlink())


def _stage(submissions, staging):
    """Copy each submission's modules to `staging/<safe id>/<safe module>.py`; return, per
    submission, {module name: staged path}. Undecodable bytes are replaced, as copydetect would
    skip a file that is not UTF-8."""
    staged = []
    for folder_name, (_, folder) in zip(unique_names([i for i, _ in submissions], safe_name),
                                        submissions):
        target = staging / folder_name
        target.mkdir()
        modules = _modules(folder)
        names = [f"{stem}.py" for stem in unique_names([m.stem for m in modules], safe_name)]
        for name, module in zip(names, modules):
            (target / name).write_text(module.read_text(encoding="utf-8", errors="replace"),
                                       encoding="utf-8")
        staged.append({name: target / name for name in names})
    return staged


def _headless_plots():
    """Draw the report's plots without a display: an interactive backend could open windows, or
    fail off the main thread."""
    import matplotlib
    matplotlib.use("Agg")


def _stubs(boilerplate):
    """The stub modules in `boilerplate` (none for None). A folder without any is refused: every
    similarity would then silently include the stubs' code."""
    if boilerplate is None:
        return []
    stubs = _modules(boilerplate)
    if not stubs:
        raise ValueError(f"the boilerplate folder {boilerplate} holds no .py files")
    return stubs


def _detector(staged, stubs, threshold, staging):
    """copydetect, run on the staged modules (each against the same-named module of every other
    submission) with the `stubs`' code discounted; it never opens a browser nor prints."""
    _headless_plots()
    from copydetect import CopyDetector  # imported here: it pulls in numpy and matplotlib

    # Files are added one by one, not found in folders: their order is ours (so are the report's
    # rows), and no folder of the caller's is named in the report's settings.
    detector = CopyDetector(extensions=["py"], display_t=threshold, same_name_only=True,
                            ignore_leaf=True, autoopen=False, silent=True,
                            out_file=str(staging / "report.html"))
    for modules in staged:
        for path in modules.values():
            detector.add_file(str(path))
    for stub in stubs:
        detector.add_file(str(stub), type="boilerplate")
    detector.run()
    return detector


def _tokens(detector, path):
    """A module's fingerprinted tokens, the stubs' excepted (0 for a file copydetect skipped)."""
    fingerprint = detector.file_data.get(str(path))
    return int(fingerprint.token_coverage) if fingerprint is not None else 0


class _Measure:
    """copydetect's module-by-module results, read as submission against submission."""

    def __init__(self, detector, staged):
        self.detector, self.staged = detector, staged
        self.index = {path: i for i, path in enumerate(detector.test_files)}
        self.totals = [sum(_tokens(detector, path) for path in modules.values())
                       for modules in staged]

    def shared(self, a, b):
        """Tokens of submission a found in b, and of b found in a, over their common modules."""
        modules_a, modules_b = self.staged[a], self.staged[b]
        shared_a = shared_b = 0.0
        for name in modules_a.keys() & modules_b.keys():
            path_a, path_b = modules_a[name], modules_b[name]
            from_a, from_b = self.detector.similarity_matrix[self.index[str(path_a)],
                                                             self.index[str(path_b)]]
            if from_a < 0:  # -1: a comparison copydetect skipped
                continue
            # A similarity is shared tokens over the module's fingerprinted tokens: undo that.
            shared_a += from_a * _tokens(self.detector, path_a)
            shared_b += from_b * _tokens(self.detector, path_b)
        return round(shared_a), round(shared_b)

    def pair(self, ids, a, b):
        """Submissions a and b as a SimilarPair, in the direction that shares the larger part."""
        shared_a, shared_b = self.shared(a, b)
        share_a = shared_a / self.totals[a] if self.totals[a] else 0.0
        share_b = shared_b / self.totals[b] if self.totals[b] else 0.0
        if share_a >= share_b:
            return SimilarPair(ids[a], ids[b], share_a, shared_a)
        return SimilarPair(ids[a], ids[b], share_b, shared_b)


def _pairs(detector, ids, staged, threshold):
    """Each pair of submissions once, above `threshold` (strictly, as copydetect's report),
    closest first, then in the order given."""
    measure = _Measure(detector, staged)
    pairs = [measure.pair(ids, a, b) for a in range(len(ids)) for b in range(a + 1, len(ids))]
    return sorted((pair for pair in pairs if pair.similarity > threshold),
                  key=lambda pair: -pair.similarity)  # a stable sort keeps the order given


def _report(detector, staging):
    """copydetect's HTML report, our staging folder dropped from its file names so that each
    reads `<safe id>/<module>` (the folder comes from mkdtemp: no student text in it)."""
    with warnings.catch_warnings():
        # copydetect 0.5.0 reads its template with importlib.resources.open_text, deprecated in
        # Python 3.11 only: nothing for the instructor to act on.
        warnings.filterwarnings("ignore", "open_text is deprecated", DeprecationWarning)
        html = detector.generate_html_report(output_mode="return")
    return html.replace(f"{staging}{os.sep}", "")


def similar_pairs(submissions, boilerplate, report_path, *, threshold=DEFAULT_THRESHOLD):
    """The pairs of `submissions` sharing more than `threshold` (0..1) of their code, closest first.

    `submissions` is a list of (id, folder) pairs, ids distinct, each folder holding one student's
    `.py` files at its top level; `boilerplate` is the folder of the stubs they start from (or
    None), whose code never counts. copydetect's HTML report is written to `report_path`, whole or
    not at all. With fewer than two submissions holding Python files nothing is compared and the
    list is empty; the report is still written, saying so, so that the path printed for it never
    shows an earlier run's class.
    """
    ids = [submission_id for submission_id, _ in submissions]
    if len(set(ids)) != len(ids):
        raise ValueError("submission ids must be distinct")
    if not 0 <= threshold <= 1:
        raise ValueError(f"threshold must be between 0 and 1, not {threshold}")
    stubs = _stubs(boilerplate)
    staging = Path(tempfile.mkdtemp(prefix="similarity-"))
    try:
        staged = _stage(submissions, staging)
        with_code = sum(1 for modules in staged if modules)
        if with_code < 2:
            write_atomically(report_path, NOTHING_TO_COMPARE.format(count=with_code))
            return []
        detector = _detector(staged, stubs, threshold, staging)
        write_atomically(report_path, _report(detector, staging))
        return _pairs(detector, ids, staged, threshold)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
