"""Every cog loads, and no two slash commands share a name."""

from __future__ import annotations

from collections import Counter
from typing import Any

from discord import app_commands

from bot.app import EXTENSIONS
from bot.app import UnoBot


def command_paths(commands: list[Any], prefix: str = "") -> list[str]:
    paths = []
    for command in commands:
        path = f"{prefix}{command.name}"
        if isinstance(command, app_commands.Group):
            paths += command_paths(command.commands, prefix=f"{path} ")
        else:
            paths.append(path)
    return paths


async def test_every_cog_loads_and_command_names_are_unique(simcord_env: Any, simcord_bot: UnoBot) -> None:
    assert set(simcord_bot.extensions) == set(EXTENSIONS)
    top_level = [c.name for c in simcord_bot.tree.get_commands()]
    assert len(top_level) == len(set(top_level)), Counter(top_level)
    paths = command_paths(simcord_bot.tree.get_commands())
    assert len(paths) == len(set(paths))
    assert {"uno start", "uno play", "leaderboard", "stats", "privacy forget"} <= set(paths)
    user = simcord_env.create_user("dm")
    assert "uno start" in user.available_commands(), "the /uno group answers in DMs too"
