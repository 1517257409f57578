"""Layering rules of ../shared/ARCHITECTURE.md that a test can check."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ENGINES = {"discord", "sqlmodel", "sqlalchemy", "asyncio", "aiosqlite", "asyncpg"}


def imported_top_level_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engines_are_pure() -> None:
    """Nothing under bot/games imports discord, sqlmodel, sqlalchemy or asyncio."""
    sources = sorted((ROOT / "bot" / "games").rglob("*.py"))
    assert sources, "bot/games has no source files"
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_top_level_modules(path) & FORBIDDEN_IN_ENGINES)
        for path in sources
    }
    assert {path: mods for path, mods in offenders.items() if mods} == {}


def test_purity_check_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The check itself can fail: a file importing discord is reported."""
    leaky = tmp_path / "leaky.py"
    leaky.write_text("import asyncio\nfrom discord.ext import commands\n", encoding="utf-8")
    assert imported_top_level_modules(leaky) & FORBIDDEN_IN_ENGINES == {"asyncio", "discord"}
