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


async def test_a_size_the_game_bounds_is_bounded_in_discords_picker(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Discord's client shows an option's range and refuses a number outside it before sending:
    a player is not left to find the duel's 38 or the practice puzzle's 40 by being refused."""
    from bot.games.puzzles import PRACTICE_SIZES
    from bot.games.puzzles.duel import HAND_SIZES

    puzzle = simcord_bot.tree.get_command("puzzle")
    assert isinstance(puzzle, app_commands.Group)
    for name, option, sizes in (("duel", "cards", HAND_SIZES), ("random", "size", PRACTICE_SIZES)):
        command = puzzle.get_command(name)
        assert isinstance(command, app_commands.Command)
        parameter = command.get_parameter(option)
        assert parameter is not None
        assert (parameter.min_value, parameter.max_value) == (sizes.start, sizes.stop - 1), name
