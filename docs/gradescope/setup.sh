#!/usr/bin/env bash
# Gradescope runs this once, when it builds the autograder's image: a Python of at least 3.11, a JDK for Java
# submissions, bubblewrap (the sandbox around the student's code), the unprivileged account run_autograder falls
# back to where the container allows no namespaces, and the grader installed from the wheel uploaded beside this file.
set -euo pipefail
source_dir="${AUTOGRADER_ROOT:-/autograder}/source"
apt-get update -qq
apt-get install -y -qq --no-install-recommends default-jdk-headless python3 python3-venv bubblewrap util-linux
python=python3
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    apt-get install -y -qq --no-install-recommends python3.11 python3.11-venv
    python=python3.11
fi
id -u tictactoe-student >/dev/null 2>&1 \
    || useradd --system --no-create-home --shell /usr/sbin/nologin tictactoe-student
"$python" -m venv "${AUTOGRADER_ROOT:-/autograder}/venv"
"${AUTOGRADER_ROOT:-/autograder}/venv/bin/pip" install --quiet "$source_dir"/tictactoe_hashtable-*.whl
