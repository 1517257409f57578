#!/usr/bin/env bash
# Install the bot into .venv (first run, or when pyproject.toml changed) and start it.
#   ./start.sh        run on Discord (DISCORD_TOKEN from .env)
#   ./start.sh demo   run offline against a simulated Discord in your browser
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-run-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e .
  rm -f .venv/.installed-run-*; touch "$stamp"
fi
exec .venv/bin/python -m bot "$@"
