#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu).
set -euo pipefail
apt-get update -qq
# bubblewrap isolates the student's code when the container allows it; the worker runs under a
# Python in /usr that its unprivileged uid can read.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3.11 python3.11-venv bubblewrap
python3.11 -m venv /autograder/venv
/autograder/venv/bin/pip install -q /autograder/source
