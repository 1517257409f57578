"""A channel where the bot may not post: /uno start says what is missing and leaves no hidden table."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app import UnoBot
from tests.discord.uno_driver import acknowledged


async def test_start_names_the_permissions_the_bot_lacks(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    assert simcord_bot.user is not None
    locked = guild.create_text_channel(
        "announcements",
        overwrites={simcord_bot.user: discord.PermissionOverwrite(send_messages=False, embed_links=False)},
    )
    alice = guild.add_member(env.create_user("alice"))
    res = acknowledged(await alice.slash(locked, "uno start"))
    assert res.ephemeral
    assert "**Send Messages** and **Embed Links** permissions" in res.response.content
    assert simcord_bot.tables.in_channel(locked.id) is None
    assert not list(locked.history())


@pytest.mark.logged_errors_expected
async def test_a_refused_table_message_ends_the_table_instead_of_hiding_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    # The permissions look right, but Discord refuses the message anyway (changed a moment ago).
    env.inject_error(
        "POST", f"/channels/{channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "could not post the table" in res.response.content
    assert simcord_bot.tables.in_channel(channel.id) is None, "no invisible table blocks the channel"
    assert await simcord_bot.store.load_running_games("uno") == []
    # Once Discord accepts messages again, a table opens as usual.
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "Your table is open" in res.response.content
    assert channel.last_message.embeds[0].title.startswith("UNO table")
