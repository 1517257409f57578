"""The README's layout table names every part of the tree (issue 13): a package or module added
under bot/, or a folder added at the top, must be described there too."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# bot/ itself is described part by part (below), so it is not one of these.
TOP_LEVEL = {"cogs", "bench", "tests", "docs"}


def layout_table(readme: str) -> str:
    section = readme.split("## How it is built", 1)[1]
    return "\n".join(line for line in section.splitlines() if line.startswith("|"))


def parts_of_the_tree(root: Path) -> set[str]:
    """The top-level folders of code and docs, and what bot/ and bot/games hold, one by one."""
    parts = {f"{d.name}/" for d in root.iterdir() if d.is_dir() and d.name in TOP_LEVEL}
    for package in ("bot", "bot/games"):
        for entry in (root / package).iterdir():
            if entry.name.startswith(("_", ".")) and entry.name != "__main__.py":
                continue
            if entry.is_dir() and (entry / "__init__.py").exists():
                parts.add(f"{package}/{entry.name}/")
            elif entry.suffix == ".py":
                parts.add(f"{package}/{entry.name}")
    return parts


def named(table: str, part: str) -> bool:
    """`bot/games/uno/` may be named in full, or as `uno/` in the row of its parent folder."""
    if f"`{part}`" in table:
        return True
    parent, _, leaf = part.rstrip("/").rpartition("/")
    leaf += "/" if part.endswith("/") else ""
    row = next((line for line in table.splitlines() if f"`{parent}/`" in line.split("|")[1]), "")
    return f"`{leaf}`" in row


def test_the_layout_table_names_every_part_of_the_tree() -> None:
    table = layout_table((ROOT / "README.md").read_text(encoding="utf-8"))
    missing = sorted(part for part in parts_of_the_tree(ROOT) if not named(table, part))
    assert not missing, f"README's layout table does not describe: {missing}"


def test_a_new_module_missing_from_the_table_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bot" / "games").mkdir(parents=True)
    (tmp_path / "bot" / "games" / "__init__.py").write_text("")
    (tmp_path / "bot" / "games" / "dice").mkdir()
    (tmp_path / "bot" / "games" / "dice" / "__init__.py").write_text("")
    (tmp_path / "bot" / "clock.py").write_text("")
    table = "| `bot/games/` | engines: `uno/` |\n| `bot/app.py` | the bot |"
    missing = sorted(part for part in parts_of_the_tree(tmp_path) if not named(table, part))
    assert missing == ["bot/clock.py", "bot/games/dice/"]
