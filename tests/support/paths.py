"""Where the checkout is, and the reference inside it, for tests that read or copy its files."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "reference"
