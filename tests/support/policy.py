"""grading.toml with one check's entry changed, for tests that grade under an edited policy."""
import json

from support.paths import ROOT


def policy_with(name, keys):
    """The repository's grading.toml with `keys` (TOML, e.g. 'hint = "x"') added to the entry of
    the check `name`, whatever its points and visibility: a test that changes one entry must hold
    whatever policy the instructor set."""
    lines = (ROOT / "grading.toml").read_text().splitlines()
    key = json.dumps(name, ensure_ascii=False)  # the check's name as grading.toml quotes it
    [at] = [i for i, line in enumerate(lines) if line.startswith(f"{key} = {{")]
    lines[at] = lines[at].replace("{", f"{{ {keys},", 1)
    return "\n".join(lines) + "\n"
