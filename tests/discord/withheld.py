"""Permissions withheld from the bot, as a server admin withholds them: never granted in the
server, or taken away in one channel (its threads inherit the channel's)."""

from __future__ import annotations

from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.backend.models.channel import OverwriteType

from bot.app import UnoBot


def deny_server_wide(env: Any, guild: Any, **taken: bool) -> None:
    """The bot invited without a permission: neither its own role nor @everyone grants it."""
    stored = env.backend.guilds[guild.id]
    for role in list(stored.roles.values()):
        if role.id == guild.id or role.managed:
            granted = discord.Permissions(role.permissions)
            granted.update(**{name: not off for name, off in taken.items()})
            env.backend.edit_role(guild.id, role.id, {"permissions": granted.value})


def deny_in_channel(env: Any, bot: UnoBot, channel: Any, **taken: bool) -> None:
    assert bot.user is not None
    env.backend.set_overwrite(
        channel.id,
        Overwrite(target_id=bot.user.id, type=OverwriteType.MEMBER, deny=discord.Permissions(**taken).value),
    )
