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
# The demo needs SimCord's simulated Discord (the `demo` extra); the bot on Discord does not.
# Each has its own stamp, so switching between them reinstalls only when pyproject.toml changed.
if [ "${1:-}" = "demo" ]; then what=demo target='.[demo]'; else what=run target=.; fi
stamp=.venv/.installed-$what-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e "$target"
  rm -f .venv/.installed-$what-*; touch "$stamp"
fi
exec .venv/bin/python -m bot "$@"
