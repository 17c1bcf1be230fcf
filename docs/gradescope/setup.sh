#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image: a Python of at least 3.11, a JDK for Java
# submissions, and the grader installed from the wheel uploaded beside this file.
set -euo pipefail
source_dir="${AUTOGRADER_ROOT:-/autograder}/source"
apt-get update -qq
apt-get install -y -qq --no-install-recommends default-jdk-headless python3 python3-venv
python=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    apt-get install -y -qq --no-install-recommends python3.11 python3.11-venv
    python=python3.11
fi
"$python" -m venv "${AUTOGRADER_ROOT:-/autograder}/venv"
"${AUTOGRADER_ROOT:-/autograder}/venv/bin/pip" install --quiet "$source_dir"/tictactoe_hashtable-*.whl
