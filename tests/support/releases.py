"""The students' repository as the tests read it: its files, its own grader run without this
checkout, and a JSON report's checks as the release tests compare them."""
import subprocess
import sys
import sysconfig


def released_files(release):
    return [p for p in release.rglob("*") if p.is_file() and "__pycache__" not in p.parts]


def run_released_grader(release, *args):
    """The release's own grader, with only the installed libraries beside it: `-S` keeps this
    checkout's editable install (and with it the reference) out of reach."""
    env = {"PYTHONPATH": f"{release}:{sysconfig.get_paths()['purelib']}", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-S", "-m", "autograder", *map(str, args)], cwd=release,
                          env=env, capture_output=True, text=True, timeout=600)


def checks_that_ran(report):
    """A JSON report's checks that ran, by name, without the seconds they took."""
    return {check["name"]: {key: value for key, value in check.items() if key != "seconds"}
            for check in report["checks"] if check["status"] != "not run"}
