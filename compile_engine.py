"""The UNO rules engine compiled to native code with mypyc, from the same typed source.

The engine is plain Python everywhere it is developed and tested; compiled, it plays about three
times as fast (README, Benchmarks), which is what AI players and simulations want. Three places
compile it:

- the Docker image (`UNO_BOT_COMPILE=1 pip install .`, through setup.py), so the bot runs it;
- `bench/engine.py`, which measures it beside the interpreted engine and rlcard;
- tests/test_compiled_engine.py, which runs the engine's tests, golden games included, on it.

    python compile_engine.py     # build (or reuse) a compiled copy; print where it is

Editable installs are never compiled: a native module sits beside its source and wins the import,
so an edited .py would silently not run. The copy built here lives under build/ instead, keyed by
a hash of the sources, and is used only by what puts it first on sys.path.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent

# The modules a game of UNO runs through, move by move. Each is fully typed (mypy --strict), which
# is all mypyc needs; the rest of bot/ stays interpreted and imports these as usual.
ENGINE_MODULES = [
    "bot/games/errors.py",
    "bot/games/draws.py",
    "bot/games/uno/actions.py",
    "bot/games/uno/ai/baseline.py",
    "bot/games/uno/cards.py",
    "bot/games/uno/events.py",
    "bot/games/uno/game.py",
    "bot/games/uno/playing_cards.py",
    "bot/games/uno/ruleset.py",
    "bot/games/uno/teams.py",
]


def compiler_missing() -> str | None:
    """Why mypyc cannot build here, or None when it can."""
    try:
        importlib.metadata.version("mypy")
    except importlib.metadata.PackageNotFoundError:
        return "mypy (which provides mypyc) is not installed: pip install -e '.[dev]'"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) on this machine"
    if not Path(sysconfig.get_paths()["include"], "Python.h").exists():
        return "the Python headers (Python.h) are not installed"
    return None


def _source_key() -> str:
    digest = hashlib.sha256()
    mypy = importlib.metadata.version("mypy")
    digest.update(f"{sys.version} {sysconfig.get_platform()} mypy {mypy}".encode())
    for path in [ROOT / "bot" / "__init__.py", *sorted((ROOT / "bot" / "games").rglob("*.py"))]:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def build(*, quiet: bool = True) -> Path:
    """A directory holding the `bot.games` package with the engine modules compiled; put it
    first on sys.path to import the compiled engine. Built once per version of the sources.

    Only bot/games is copied (the engines import nothing else of bot/), so that editing the
    rest of the bot does not cost a rebuild."""
    target = ROOT / "build" / f"compiled-engine-{_source_key()}"
    if (target / ".complete").exists():
        return target
    why_not = compiler_missing()
    if why_not:
        raise RuntimeError(f"Cannot compile the engine: {why_not}.")
    scratch = target.with_name(target.name + f".tmp{os.getpid()}")
    shutil.rmtree(scratch, ignore_errors=True)
    (scratch / "bot").mkdir(parents=True)
    shutil.copy2(ROOT / "bot" / "__init__.py", scratch / "bot")
    shutil.copytree(
        ROOT / "bot" / "games",
        scratch / "bot" / "games",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", *ENGINE_MODULES],
        cwd=scratch,
        capture_output=quiet,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        raise RuntimeError(f"mypyc failed:\n{result.stdout}\n{result.stderr}")
    for scaffolding in ("build", ".mypy_cache"):  # mypyc's C sources, objects and type cache
        shutil.rmtree(scratch / scaffolding, ignore_errors=True)
    (scratch / ".complete").touch()
    for stale in target.parent.glob("compiled-engine-*"):
        if ".tmp" not in stale.name:
            shutil.rmtree(stale, ignore_errors=True)
    try:
        scratch.rename(target)
    except OSError:  # another process finished the same build first
        shutil.rmtree(scratch, ignore_errors=True)
    return target


if __name__ == "__main__":
    print(build(quiet=False))
