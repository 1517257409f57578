#!/usr/bin/env bash
# Install the bot with its test tools into .venv, then run every check: lint, types, the test suite.
#   ./test.sh              everything
#   ./test.sh -k flood     extra arguments go to pytest
#   TEST_WORKERS=1 ./test.sh   one process (the default runs a worker per core)
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-dev-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  rm -f .venv/.installed-dev-*; touch "$stamp"
fi
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== mypy --strict bot cogs"
.venv/bin/mypy --strict bot cogs
echo "== pytest"
# worksteal: the few long tests (a thousand replays, ten thousand random games) do not leave one
# worker busy while the other idles at the end.
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist worksteal "$@"
