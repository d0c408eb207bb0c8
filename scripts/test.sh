#!/usr/bin/env bash
# Sets up everything the test suite needs on a fresh machine, then runs every test.
# Used by newcomers (README) and by CI (.ci/run) alike.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q -e '.[test]'
exec .venv/bin/python -m pytest "$@"
