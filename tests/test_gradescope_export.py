"""The Gradescope autograder zip, run the way Gradescope runs it: unpacked under a root laid out as
Gradescope lays it out (source, submission, results), then run_autograder per submission; and its
setup.sh on stand-in base images (an os-release file, with apt-get and python3.11 recording what
they are asked)."""
import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from autograder import policy as grading_config
from autograder.distribution import gradescope_run
from support.cli import run_cli
from support.paths import ROOT
from support.submissions import reference_files

SETUP = ROOT / "autograder" / "distribution" / "gradescope_templates" / "setup.sh"
NO_RESULT = ("Could not grade this submission: the grader ended without writing a result; please "
             "tell your instructor")
# What the os-release file of each base image says (Gradescope offers these Ubuntu versions).
UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID="{}"\n'


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    path = tmp_path_factory.mktemp("export") / "autograder.zip"
    completed = run_cli("export", "gradescope", path)
    assert completed.returncode == 0, completed.stderr
    return path


def run_on(archive, root, submission_files, python=sys.executable):
    """Unpack `archive` as Gradescope does, hand in `submission_files`, run run_autograder (with
    `python` as the venv's): the results, which must be a file."""
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    (root / "submission").mkdir()
    for path in submission_files:
        shutil.copy(path, root / "submission" / path.name)
    completed = subprocess.run(["bash", str(root / "run_autograder")], capture_output=True,
                               text=True, timeout=600,
                               env={"AUTOGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin",
                                    "AUTOGRADER_PYTHON": str(python)})
    assert completed.returncode == 0, completed.stderr
    results = root / "results" / "results.json"
    assert results.is_file() and not results.is_symlink()
    return json.loads(results.read_text())


def zip_of(path, files, folder=""):
    """A zip at `path` of `files`, in `folder` within it."""
    with zipfile.ZipFile(path, "w") as zipped:
        for file in files:
            zipped.write(file, f"{folder}{file.name}")
    return path


def test_the_zip_holds_the_grader_and_executable_scripts(archive):
    with zipfile.ZipFile(archive) as zipped:
        names = set(zipped.namelist())
        modes = {info.filename: info.external_attr >> 16 for info in zipped.infolist()}
    assert {"setup.sh", "run_autograder", "grading.toml", "reference/alphabeta.py",
            "autograder/checks/test_alphabeta.py"} <= names
    assert modes["run_autograder"] & 0o777 == modes["setup.sh"] & 0o777 == 0o755
    assert not any("__pycache__" in name for name in names)
    with zipfile.ZipFile(archive) as zipped:
        assert zipped.read("grading.toml") == (ROOT / "grading.toml").read_bytes()
    syntax = subprocess.run(["bash", "-n", str(SETUP)], capture_output=True)
    assert syntax.returncode == 0


def test_the_zip_carries_the_course_secret_in_a_file_of_its_own(archive):
    """The official games travel with the grader: the course's secret (the tests', from the
    environment) in a file only its owner may read, and in no policy or other file of the zip."""
    secret = os.environ["AUTOGRADER_SECRET"].encode()
    with zipfile.ZipFile(archive) as zipped:
        info = zipped.getinfo("course.secret")
        assert zipped.read(info).strip() == secret
        assert info.external_attr >> 16 & 0o777 == 0o600
        holding = [name for name in zipped.namelist() if secret in zipped.read(name)]
    assert holding == ["course.secret"]


def test_without_the_course_secret_there_is_no_zip(tmp_path):
    environ = {key: value for key, value in os.environ.items() if key != "AUTOGRADER_SECRET"}
    completed = subprocess.run([sys.executable, "-m", "autograder", "export", "gradescope",
                                tmp_path / "autograder.zip"], env=environ, capture_output=True,
                               text=True, cwd=ROOT)
    assert completed.returncode == 2
    assert completed.stderr == ("autograder: the Gradescope zip grades officially: official "
                                "grading needs the course's secret: set AUTOGRADER_SECRET or run "
                                "`python -m autograder secret`\n")
    assert not (tmp_path / "autograder.zip").exists()


def test_run_autograder_hands_the_zips_secret_to_the_grader_alone(archive, tmp_path):
    """run_autograder reads the zip's secret after its chmod has left the source to root, and
    hands it to the grader in AUTOGRADER_SECRET (a stand-in python records what it got)."""
    root = tmp_path / "root"
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(root / "source")
    (root / "submission").mkdir()
    python = tmp_path / "python"
    python.write_text(f'#!/bin/sh\necho "$AUTOGRADER_SECRET" > "{tmp_path}/got"\n')
    python.chmod(0o755)
    subprocess.run(["bash", str(root / "source" / "run_autograder")], capture_output=True,
                   env={"AUTOGRADER_ROOT": str(root), "PATH": "/usr/bin:/bin",
                        "AUTOGRADER_PYTHON": str(python)}, timeout=60, check=True)
    assert (tmp_path / "got").read_text().strip() == os.environ["AUTOGRADER_SECRET"]
    assert (root / "source" / "course.secret").stat().st_mode & 0o077 == 0


@pytest.mark.e2e
def test_a_correct_submission_gets_full_marks(archive, tmp_path):
    results = run_on(archive, tmp_path, list(reference_files(tmp_path / "work").glob("*.py")))
    assert results["score"] == results["max_score"] == grading_config.load().total
    assert "bwrap" in results["output"] or "sandbox" in results["output"]


@pytest.mark.e2e
def test_a_buggy_submission_loses_the_points_of_its_bugs(archive, tmp_path):
    results = run_on(archive, tmp_path,
                     list((ROOT / "examples" / "sample_submission").glob("*.py")))
    failed = {t["name"] for t in results["tests"] if t["status"] == "failed"}
    assert 0 < results["score"] < results["max_score"]
    assert "guaranteed_decision: random price wars with ties and negatives" in failed
    hidden = next(t for t in results["tests"]
                  if t["name"] == "alphabeta_decision: examines the reference's nodes")
    assert "A (MAX)" not in hidden["output"]  # a hidden check's input stays hidden


@pytest.mark.e2e
def test_an_empty_submission_gets_a_valid_results_file_that_says_why(archive, tmp_path):
    results = run_on(archive, tmp_path, [])
    assert results["score"] == 0 and results["tests"] == []
    assert results["output"].startswith("Could not grade this submission: ")
    assert "holds none of minimax.py" in results["output"]


@pytest.mark.e2e
def test_a_lone_zip_uploaded_is_graded_as_the_submission(archive, tmp_path):
    """All the student uploaded is a zip: it is the submission, never a class of one, and its
    results are a file."""
    upload = zip_of(tmp_path / "entrega.zip", reference_files(tmp_path / "work").glob("*.py"),
                    "solutions/")
    results = run_on(archive, tmp_path / "root", [upload])
    assert results["score"] == results["max_score"] == grading_config.load().total
    assert not (tmp_path / "root" / "results" / "gradebook.csv").exists()


@pytest.mark.e2e
def test_a_lone_broken_zip_gets_a_results_file_that_says_why(archive, tmp_path):
    (tmp_path / "entrega.zip").write_text("not a zip")
    results = run_on(archive, tmp_path / "root", [tmp_path / "entrega.zip"])
    assert results["score"] == 0 and results["tests"] == []
    assert results["output"].startswith("Could not grade this submission: ")
    assert "entrega.zip is not a readable zip file" in results["output"]


def test_a_grading_that_leaves_no_results_file_gets_the_fallback(tmp_path, monkeypatch):
    """Exit 0 with no results file, or a folder in its place: the fallback says so; and when
    Python cannot even run, run_autograder writes the export's own."""
    root = tmp_path / "root"
    (root / "results").mkdir(parents=True)
    for leaves in ("pass", "import os; os.mkdir(os.environ['RESULTS'])"):
        monkeypatch.setenv("RESULTS", str(root / "results" / "results.json"))
        monkeypatch.setattr(gradescope_run, "grading_command",
                            lambda *args, code=leaves: [sys.executable, "-c", code])
        gradescope_run.run(root, "adversarial_search", "en")
        results = json.loads((root / "results" / "results.json").read_text())
        assert results == {"score": 0, "tests": [], "output": NO_RESULT}
        (root / "results" / "results.json").unlink()


def test_the_reason_a_student_reads_names_their_file_not_the_container_s_path(tmp_path,
                                                                             monkeypatch):
    """A broken zip's results said 'Could not grade this submission:
    /autograder/submission/lliurament.zip is not a readable zip file' (issue 31's Catalan
    re-trial): the student named the file, not the container's folders, as a batch's error row
    says it."""
    root = tmp_path / "root"
    (root / "results").mkdir(parents=True)
    line = f"autograder: {root}/submission/lliurament.zip is not a readable zip file; zip it again"
    monkeypatch.setattr(gradescope_run, "grading_command", lambda *args: [
        sys.executable, "-c", f"import sys; print({line!r}, file=sys.stderr); sys.exit(2)"])
    gradescope_run.run(root, "adversarial_search", "en")
    results = json.loads((root / "results" / "results.json").read_text())
    assert results["output"] == ("Could not grade this submission: lliurament.zip is not a "
                                 "readable zip file; zip it again")


def test_run_autograder_writes_a_results_file_when_python_cannot_run(archive, tmp_path):
    results = run_on(archive, tmp_path / "root", [], python="/bin/false")
    assert results["output"] == NO_RESULT and results["score"] == 0


def test_only_a_lone_zip_is_taken_for_the_submission(tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / "entrega.zip").write_bytes(b"")
    (folder / ".DS_Store").write_bytes(b"")
    assert gradescope_run.handed_in(folder) == folder / "entrega.zip"
    (folder / "minimax.py").write_text("")
    assert gradescope_run.handed_in(folder) == folder
    (folder / "minimax.py").unlink()
    (folder / "other.zip").write_bytes(b"")
    assert gradescope_run.handed_in(folder) == folder
    assert gradescope_run.handed_in(tmp_path / "nowhere") == tmp_path / "nowhere"


def run_setup(tmp_path, os_release):
    """setup.sh with `os_release` as /etc/os-release (None: no such file), under a scratch root,
    with stand-in apt-get and python3.11 (whose venv's pip records too): the completed run and
    the commands it ran, one a line."""
    bin_dir, log, root = tmp_path / "bin", tmp_path / "calls.log", tmp_path / "autograder"
    bin_dir.mkdir()
    log.write_text("")
    recorder = f'#!/bin/sh\necho "$(basename "$0") $*" >> "{log}"\n'
    (bin_dir / "apt-get").write_text(recorder)
    (bin_dir / "python3.11").write_text(  # `-m venv DIR` makes DIR/bin/pip, a recorder too
        recorder + f'mkdir -p "$3/bin" && printf \'%s\' \'{recorder}\' > "$3/bin/pip" && '
                   'chmod +x "$3/bin/pip"\n')
    for command in bin_dir.iterdir():
        command.chmod(0o755)
    release = tmp_path / "os-release"
    if os_release is not None:
        release.write_text(os_release)
    environ = {"PATH": f"{bin_dir}:/usr/bin:/bin", "AUTOGRADER_ROOT": str(root),
               "AUTOGRADER_OS_RELEASE": str(release)}
    completed = subprocess.run(["bash", str(SETUP)], env=environ, capture_output=True, text=True,
                               timeout=60)
    return completed, log.read_text().splitlines()


def test_setup_installs_python_3_11_on_ubuntu_22_04(tmp_path):
    completed, calls = run_setup(tmp_path, UBUNTU.format("22.04"))
    assert completed.returncode == 0, completed.stderr
    root = tmp_path / "autograder"
    assert calls == ["apt-get update -qq",
                     "apt-get install -y -qq python3.11 python3.11-venv bubblewrap",
                     f"python3.11 -m venv {root}/venv",
                     f"pip install -q {root}/source"]


@pytest.mark.parametrize("os_release, found", [
    (UBUNTU.format("18.04"), "ubuntu 18.04"),
    (UBUNTU.format("20.04"), "ubuntu 20.04"),
    (UBUNTU.format("24.04"), "ubuntu 24.04"),
    ('NAME="Debian GNU/Linux"\nID=debian\nVERSION_ID="12"\n', "debian 12"),
    (None, "unknown"),
])
def test_setup_on_another_base_image_says_which_to_choose_and_installs_nothing(os_release, found,
                                                                               tmp_path):
    completed, calls = run_setup(tmp_path, os_release)
    assert completed.returncode == 1 and calls == []
    assert completed.stderr.splitlines() == [
        f"setup.sh: this autograder needs Gradescope's Ubuntu 22.04 base image (this one is "
        f"'{found}'); choose it under Configure Autograder > Base Image, then rebuild"]


@pytest.mark.e2e
def test_the_second_assignments_zip_grades_it(tmp_path):
    """One zip per assignment: the second's holds its folder, and run_autograder names it, so a
    submission of it is graded as it whatever it holds."""
    path = tmp_path / "cutoff.zip"
    completed = run_cli("export", "gradescope", path, "--assignment", "cutoff")
    assert completed.returncode == 0, completed.stderr
    with zipfile.ZipFile(path) as zipped:
        assert {"assignments/cutoff/assignment.toml", "assignments/cutoff/grading.toml",
                "assignments/cutoff/checks/test_negamax.py",
                "reference/cutoff/negamax.py"} <= set(zipped.namelist())
        assert b"--assignment cutoff " in zipped.read("run_autograder")
    cutoff = ROOT / "assignments" / "cutoff"
    results = run_on(path, tmp_path / "root", sorted((ROOT / "reference" / "cutoff").glob("*.py")))
    assert results["score"] == results["max_score"] == \
        grading_config.load(cutoff / "grading.toml").total
    assert {t["name"].split(":")[0] for t in results["tests"]} == {
        "negamax_value", "heuristic_value", "heuristic_decision", "transposition_value",
        "quiescence_value", "horizon_example", "open_lines_evaluation",
        "iterative_deepening_decision"}
