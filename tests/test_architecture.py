"""Layering rules of the architecture (the README's layout) that a test can check. Each check is a function
of a source tree, so each has a test showing it reports a file that breaks it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ENGINES = {"discord", "sqlmodel", "sqlalchemy", "asyncio", "aiosqlite", "asyncpg"}
SQL = {"sqlmodel", "sqlalchemy", "aiosqlite", "asyncpg", "alembic"}
# The code that may speak to Discord: the cogs, and the module that builds the bot. The demo
# (bot/demo.py) runs the real bot inside SimCord's simulated Discord and builds its own
# discord.py objects for it (intents, its players' view), so it is the one other place.
DISCORD_ALLOWED = ("cogs/", "bot/app.py", "bot/demo.py")
CHECKED_TREES = ("bot", "cogs", "bench")


def imported_modules(path: Path) -> set[str]:
    """Every absolute module a file imports, wherever the import is (a function's too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def imported_top_level_modules(path: Path) -> set[str]:
    return {name.split(".")[0] for name in imported_modules(path)}


def sources(root: Path, trees: tuple[str, ...] = CHECKED_TREES) -> list[Path]:
    found = [path for tree in trees for path in sorted((root / tree).rglob("*.py"))]
    return [path for path in found if ".venv" not in path.parts]


def importers_of(
    root: Path, packages: set[str], *, allowed: tuple[str, ...] = (), trees: tuple[str, ...] = CHECKED_TREES
) -> dict[str, list[str]]:
    """Files under `trees` (but not under `allowed`) importing any of `packages` or their
    submodules, with what they import."""
    offenders: dict[str, list[str]] = {}
    for path in sources(root, trees):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(allowed):
            continue
        hits = sorted(
            name
            for name in imported_modules(path)
            if any(name == package or name.startswith(f"{package}.") for package in packages)
        )
        if hits:
            offenders[relative] = hits
    return offenders


def test_engines_are_pure() -> None:
    """Nothing under bot/games imports discord, sqlmodel, sqlalchemy or asyncio."""
    assert sources(ROOT, ("bot/games",)), "bot/games has no source files"
    assert importers_of(ROOT, FORBIDDEN_IN_ENGINES, trees=("bot/games",)) == {}


def test_purity_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The check itself can fail: a file importing discord is reported."""
    leaky = tmp_path / "leaky.py"
    leaky.write_text("import asyncio\nfrom discord.ext import commands\n", encoding="utf-8")
    assert imported_top_level_modules(leaky) & FORBIDDEN_IN_ENGINES == {"asyncio", "discord"}
    write(tmp_path, "bot/games/uno/leaky.py", "import asyncio\n")
    assert importers_of(tmp_path, FORBIDDEN_IN_ENGINES, trees=("bot/games",)) == {
        "bot/games/uno/leaky.py": ["asyncio"]
    }


def test_only_the_cogs_and_the_bot_builder_import_discord() -> None:
    assert importers_of(ROOT, {"discord"}, allowed=DISCORD_ALLOWED) == {}


def test_only_the_store_speaks_sql() -> None:
    assert importers_of(ROOT, SQL, allowed=("bot/store/",)) == {}


def test_no_cog_reaches_the_store() -> None:
    """Cogs call the sessions' use cases (bot.sessions.records), never the store's repository
    nor its models."""
    assert sources(ROOT, ("cogs",))
    assert importers_of(ROOT, {"bot.store"}, trees=("cogs",)) == {}


def write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_layer_checks_report_a_file_that_breaks_them(tmp_path: Path) -> None:
    """Each check can fail: a session importing discord, a renderer importing sqlmodel inside a
    function, and a cog importing the store's repository are each reported; the files allowed
    to import them are not."""
    write(tmp_path, "bot/sessions/leaky.py", "from discord import Embed\n")
    write(tmp_path, "bot/app.py", "import discord\n")
    write(tmp_path, "cogs/uno/cog.py", "import discord\nfrom bot.store.repository import Store\n")
    write(tmp_path, "bot/render/text.py", "def f() -> None:\n    from sqlmodel import select\n")
    write(tmp_path, "bot/store/repository.py", "import sqlalchemy\n")
    assert importers_of(tmp_path, {"discord"}, allowed=DISCORD_ALLOWED) == {
        "bot/sessions/leaky.py": ["discord", "discord.Embed"]
    }
    assert importers_of(tmp_path, SQL, allowed=("bot/store/",)) == {
        "bot/render/text.py": ["sqlmodel", "sqlmodel.select"]
    }
    assert importers_of(tmp_path, {"bot.store"}, trees=("cogs",)) == {
        "cogs/uno/cog.py": ["bot.store.repository", "bot.store.repository.Store"]
    }
