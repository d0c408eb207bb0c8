#!/usr/bin/env bash
# Sets up everything the test suite needs on a fresh machine, then runs every test.
# Used by newcomers (README) and by CI (.ci/run) alike.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's Chromium; install it when it is missing (never a
# browser download by a test tool).
# The search test and the JavaScript unit tests (tests/js/, node --test) run under Node.js:
# install it too when missing.
# The production tests run Debian's nginx in front of the backend and a real redis-server for the
# shared rate limit, each on a free loopback port in a temporary folder: install them when missing.
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
[ -x /usr/sbin/nginx ] || missing="$missing nginx"
[ -x /usr/bin/redis-server ] || missing="$missing redis-server"
if [ -n "$missing" ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
fi

python3 -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q -e '.[test]'
# One pytest worker per core (pytest-xdist), each taking whole test files: a file's module-scoped
# servers and the session's built site stay in one process. Give -n 0 to run in this process alone.
exec .venv/bin/python -m pytest --numprocesses=auto --dist=loadfile "$@"
