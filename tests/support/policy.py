"""grading.toml as the tests read it: each check's points, and the policy with one entry changed."""
import json
import tomllib

from support.paths import ROOT

POINTS = {name: entry["points"] for name, entry in
          tomllib.loads((ROOT / "grading.toml").read_text())["checks"].items()}


def policy_with(name, keys):
    """The repository's grading.toml with `keys` (TOML, e.g. 'hint = "x"') added to the entry of
    the check `name`, whatever its points and visibility: a test that changes one entry must hold
    whatever policy the instructor set."""
    lines = (ROOT / "grading.toml").read_text().splitlines()
    key = json.dumps(name, ensure_ascii=False)  # the check's name as grading.toml quotes it
    [at] = [i for i, line in enumerate(lines) if line.startswith(f"{key} = {{")]
    lines[at] = lines[at].replace("{", f"{{ {keys},", 1)
    return "\n".join(lines) + "\n"
