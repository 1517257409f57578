"""The compiled engine (compile_engine.py), which the Docker image runs, plays exactly as the
interpreted one: the engine's own tests, the pinned golden games among them, run again on it."""

from __future__ import annotations

import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import compile_engine

ROOT = Path(__file__).resolve().parent.parent
# The computer players' tests (tests/uno/ai) are not the engine's: their search runs interpreted.
ENGINE_TESTS = ["tests/uno", "--ignore=tests/uno/ai", "tests/test_draws.py"]

# Imports the engine from the compiled copy before pytest can put the checkout first on sys.path,
# and refuses to go on if any engine module came back interpreted.
BOOTSTRAP = f"""
import importlib, sys
sys.path.insert(0, sys.argv[1])
for name in {[m.removesuffix(".py").replace("/", ".") for m in compile_engine.ENGINE_MODULES]!r}:
    path = importlib.import_module(name).__file__
    if not path.endswith({tuple(EXTENSION_SUFFIXES)!r}):
        sys.exit(f"{{name}} was imported from {{path}}, not compiled")
import pytest
sys.exit(pytest.main(sys.argv[2:]))
"""


def test_the_compiled_engine_passes_the_engine_tests() -> None:
    why_not = compile_engine.compiler_missing()
    if why_not:
        pytest.skip(f"The engine cannot be compiled here: {why_not}.")
    built = compile_engine.build()
    result = subprocess.run(
        [sys.executable, "-c", BOOTSTRAP, str(built), "-q", "-p", "no:cacheprovider", *ENGINE_TESTS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
