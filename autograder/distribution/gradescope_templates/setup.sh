#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu).
# AUTOGRADER_OS_RELEASE and AUTOGRADER_ROOT let a test run it against another os-release file and
# a scratch root laid out as /autograder is.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"

# python3.11 comes from Ubuntu 22.04's own archive (universe); the other base images' archives
# have none, and there apt would fail with a line that does not say the fix is a setting of the
# assignment.
require_ubuntu_2204() {
    local file="${AUTOGRADER_OS_RELEASE:-/etc/os-release}" found
    found="$(. "$file" 2>/dev/null && echo "${ID:-} ${VERSION_ID:-}")" || found=""
    if [ "$found" != "ubuntu 22.04" ]; then
        echo "setup.sh: this autograder needs Gradescope's Ubuntu 22.04 base image (this one is" \
             "'${found:-unknown}'); choose it under Configure Autograder > Base Image, then" \
             "rebuild" >&2
        exit 1
    fi
}

require_ubuntu_2204
apt-get update -qq
# bubblewrap isolates the student's code when the container allows it; the worker runs under a
# Python in /usr that its unprivileged uid can read.
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3.11 python3.11-venv bubblewrap
python3.11 -m venv "$ROOT/venv"
"$ROOT/venv/bin/pip" install -q "$ROOT/source"
