#!/usr/bin/env bash
# Install the bot with its test tools into .venv, then run every check: lint, types, the test suite.
#   ./test.sh              everything
#   ./test.sh -k flood     extra arguments go to pytest
#   TEST_WORKERS=1 ./test.sh   one process (the default runs a worker per core)
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=scripts/venv.sh
. scripts/venv.sh
install_venv dev '.[dev]'
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# mypy reads the types while the tests run: a clean clone's first check takes about 20 s of one
# core, and the test workers leave some of a core idle (waiting on PostgreSQL, the last long tests).
types_log=$(mktemp)
.venv/bin/mypy --strict bot cogs > "$types_log" 2>&1 &
types=$!
echo "== pytest"
# Bytecode for the bot's own modules, written once here (PYTHONDONTWRITEBYTECODE may forbid the
# imports to): discord.py executes a cog's modules afresh for every bot it loads, and each
# SimCord test starts a bot.
.venv/bin/python -m compileall -q bot cogs tests > /dev/null
# worksteal: the few long tests (a thousand replays, ten thousand random games) do not leave one
# worker busy while the other idles at the end.
status=0
.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist worksteal "$@" || status=$?
echo "== mypy --strict bot cogs"
wait "$types" || status=$((status ? status : 1))
cat "$types_log"
rm -f "$types_log"
exit "$status"
