#!/usr/bin/env bash
# Install the bot into .venv (first run, or when pyproject.toml changed) and start it.
#   ./start.sh        run on Discord (DISCORD_TOKEN from .env)
#   ./start.sh demo   run offline against a simulated Discord in your browser
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=scripts/venv.sh
. scripts/venv.sh
# The demo needs SimCord's simulated Discord (the `demo` extra); the bot on Discord does not.
if [ "${1:-}" = "demo" ]; then install_venv demo '.[demo]'; else install_venv run .; fi
exec .venv/bin/python -m bot "$@"
