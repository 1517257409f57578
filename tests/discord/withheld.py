"""Permissions withheld from the bot, as a server admin withholds them: never granted in the
server, or taken away in one channel (its threads inherit the channel's)."""

from __future__ import annotations

from typing import Any
from typing import Literal

import discord
from simcord.backend.models.channel import Overwrite
from simcord.backend.models.channel import OverwriteType

from bot.app import UnoBot

Where = Literal["server", "channel"]
# Both places a permission may be withheld, for a test to run in each.
WHERE: tuple[Where, ...] = ("server", "channel")


def withhold(env: Any, bot: UnoBot, channel: Any, where: Where, **taken: bool) -> None:
    """The bot lacks `taken` in `channel`: invited without it (neither its own role nor @everyone
    grants it, "server"), or denied it in that channel alone ("channel")."""
    assert bot.user is not None
    if where == "channel":
        deny = discord.Permissions(**taken).value
        env.backend.set_overwrite(
            channel.id, Overwrite(target_id=bot.user.id, type=OverwriteType.MEMBER, deny=deny)
        )
        return
    guild_id = env.backend.get_channel(channel.id).guild_id
    for role in list(env.backend.guilds[guild_id].roles.values()):
        if role.id == guild_id or role.managed:
            granted = discord.Permissions(role.permissions)
            granted.update(**{name: not off for name, off in taken.items()})
            env.backend.edit_role(guild_id, role.id, {"permissions": granted.value})
