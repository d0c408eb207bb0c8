#!/usr/bin/env bash
# Sets up the project on a fresh machine, builds the site and serves it with its backend.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q -e .
exec .venv/bin/tutor serve "$@"
